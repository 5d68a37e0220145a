/* targets.h -- the "Where we stand" section of the kernel results.  */

#ifndef BENCH_TARGETS_H
#define BENCH_TARGETS_H

/* A kernel whose minimum traffic (input_bytes) moves at this fraction of
   the one-thread triad or more is bandwidth-bound at one thread.  */
#define TARGETS_BOUND 0.5

/* Write the section from the recorded measurements.  TRIAD holds the
   1- and 2-thread triad GB/s; LARGE names the NLARGE largest matrices
   (the SpMV bandwidth target).  */
void targets_write (const double triad[2], const char *const *large,
                    int nlarge);

#endif
