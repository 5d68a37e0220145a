/* threads.h -- the runtime's own threads (threads.c).  */

#ifndef SPARSE_THREADS_H
#define SPARSE_THREADS_H

#include <stdint.h>

#define SP_MAX_THREADS 64

/* How many threads to give WORK units of work, at least PER_THREAD
   units each: at most SP_NUM_THREADS, else OMP_NUM_THREADS (its first
   number), else as many as OpenMP's default, the processors the process
   may run on.  */
int sp__threads (int64_t work, int64_t per_thread);
/* Use at most N threads from now on, whatever the environment says (for
   benchmarks that compare thread counts in one process).  */
void sp__set_threads (int n);

/* FN (CTX, PART, PARTS) for every PART of PARTS, each on a thread of its
   own (the caller's for part 0); returns when all are done.  */
void sp__parallel (int parts, void (*fn) (void *, int, int), void *ctx);

#endif /* SPARSE_THREADS_H */
