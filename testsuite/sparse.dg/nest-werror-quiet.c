/* nest-werror.c without the report, its outer loops parallel: no
   diagnostic at all (the warning of nests left to the fallback off).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp -Wall -Wextra -Werror -fplugin-arg-sparse-no-warn-fallback" } */
#include "nest-werror.c"
