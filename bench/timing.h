/* timing.h -- wall-clock timing shared by the benchmarks.  */

#ifndef BENCH_TIMING_H
#define BENCH_TIMING_H

#include <time.h>

#define REPEAT 5

static inline double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* VAR = the best of REPEAT runs of OP, each timed alone; TEARDOWN runs
   after each, untimed (r_ is the run number).  */
#define BEST(var, op, teardown)                                              \
  do                                                                         \
    {                                                                        \
      var = 1e30;                                                            \
      for (int r_ = 0; r_ < REPEAT; r_++)                                    \
        {                                                                    \
          double t0_ = now ();                                               \
          op;                                                                \
          double t1_ = now () - t0_;                                         \
          teardown;                                                          \
          if (t1_ < var)                                                     \
            var = t1_;                                                       \
        }                                                                    \
    }                                                                        \
  while (0)

#endif
