/* warn-fallback.c with -fplugin-arg-sparse-no-warn-fallback, even under
   -Wall -Wextra -Werror: not a word.  */
/* { dg-do compile } */
/* { dg-options "-O2 -Wall -Wextra -Werror -fplugin-arg-sparse-no-warn-fallback" } */
#include "warn-fallback.c"
