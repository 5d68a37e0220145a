/* rt-check.h -- what the runtime tests share: CHECK (C, printf-style
   message) counts a check and prints a failed one with its place; a test
   ends with the counts and exits nonzero on a failure.  */

#ifndef RT_CHECK_H
#define RT_CHECK_H

#include <stdio.h>

static int failures, checks;

#define CHECK(c, ...)                                                        \
  do                                                                         \
    {                                                                        \
      checks++;                                                              \
      if (!(c))                                                              \
        {                                                                    \
          printf ("FAIL %s:%d: ", __FILE__, __LINE__);                       \
          printf (__VA_ARGS__);                                              \
          printf ("\n");                                                     \
          failures++;                                                        \
        }                                                                    \
    }                                                                        \
  while (0)

#endif
