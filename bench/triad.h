/* triad.h -- the STREAM triad, the memory bandwidth SpMV is held to.  */

#ifndef BENCH_TRIAD_H
#define BENCH_TRIAD_H

#include <stddef.h>

/* Elements of each of the three arrays: 3 x 160 MB, far beyond cache.  */
#define TRIAD_N ((size_t) 20 * 1000 * 1000)

/* GB/s of a[i] = b[i] + s * c[i] over TRIAD_N doubles on THREADS threads
   (OpenMP, schedule(static), arrays first touched by the same split),
   counting 24 bytes an element as STREAM does; the best of the runs.
   0 when out of memory.  */
double triad_gbs (int threads);

#endif
