/* timing.h -- wall-clock timing shared by the benchmarks.  */

#ifndef BENCH_TIMING_H
#define BENCH_TIMING_H

#include <time.h>

/* Runs of each measurement: up to REPEAT, but a measurement stops after
   REPEAT_MIN runs once its runs add up to REPEAT_BUDGET seconds.  */
#define REPEAT 5
#define REPEAT_MIN 2
#define REPEAT_BUDGET 1.5

static inline double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* VAR = the best of the runs of OP, each timed alone; TEARDOWN runs after
   each, untimed (r_ is the run number).  RUNS (an int lvalue) gets the
   number of runs made.  */
#define BEST_N(var, runs, op, teardown)                                      \
  do                                                                         \
    {                                                                        \
      double total_ = 0;                                                     \
      int r_;                                                                \
      var = 1e30;                                                            \
      for (r_ = 0;                                                           \
           r_ < REPEAT && (r_ < REPEAT_MIN || total_ < REPEAT_BUDGET);       \
           r_++)                                                             \
        {                                                                    \
          double t0_ = now ();                                               \
          op;                                                                \
          double t1_ = now () - t0_;                                         \
          teardown;                                                          \
          total_ += t1_;                                                     \
          if (t1_ < var)                                                     \
            var = t1_;                                                       \
        }                                                                    \
      runs = r_;                                                             \
    }                                                                        \
  while (0)

#define BEST(var, op, teardown)                                              \
  do                                                                         \
    {                                                                        \
      int runs_;                                                             \
      BEST_N (var, runs_, op, teardown);                                     \
      (void) runs_;                                                          \
    }                                                                        \
  while (0)

#endif
