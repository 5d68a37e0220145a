/* vsort.h -- sorting short coordinate lists with vector instructions
   (vsort.c).  */

#ifndef SPARSE_VSORT_H
#define SPARSE_VSORT_H

#include <stdint.h>

/* The longest list sp__vsort takes: about where sp_ksort's radix sort
   catches up.  */
#define SP_VSORT_MAX 1024

/* Sorts the N coordinates of A in increasing order if the processor has
   AVX2, N is at most SP_VSORT_MAX and every coordinate is below 2^31;
   returns whether it did.  */
int sp__vsort (int64_t *a, int64_t n);
/* Whether sp__vsort may sort at all (for tests of the sorts used
   without AVX2); it may unless told otherwise.  */
void sp__vsort_enable (int on);

#endif /* SPARSE_VSORT_H */
