/* nest-werror.c without the report: no diagnostic at all.  */
/* { dg-do compile } */
/* { dg-options "-Wall -Wextra -Werror" } */
#include "nest-werror.c"
