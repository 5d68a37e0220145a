/* nest-werror.c without the report, its outer loops parallel: no
   diagnostic at all.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp -Wall -Wextra -Werror" } */
#include "nest-werror.c"
