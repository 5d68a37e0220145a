/* timing.h -- wall-clock timing shared by the benchmarks.  */

#ifndef BENCH_TIMING_H
#define BENCH_TIMING_H

#include <time.h>

/* Runs of each measurement: at least REPEAT_MIN, then more until they add
   up to REPEAT_BUDGET seconds, at most REPEAT.  Short kernels get many
   runs, whose best shrugs off interruptions by other processes; long ones
   get REPEAT_MIN.  */
#define REPEAT 20
#ifndef REPEAT_MIN
#define REPEAT_MIN 2
#endif
#define REPEAT_BUDGET 0.5
/* Two measurements timed in alternation: at least PAIR_MIN runs of each,
   then more until they add up to PAIR_BUDGET seconds, at most REPEAT
   (identical code measured 1.05-1.07 apart with 5 runs each).  */
#define PAIR_MIN 10
#define PAIR_BUDGET 2.0

static inline double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The processor time the calling thread has used.  */
static inline double
cpu_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* VAR = the best of the runs of OP, each timed alone; TEARDOWN runs after
   each, untimed (r_ is the run number).  FIRST, when not negative, is the
   time of a run already made (it counts as run 0).  RUNS (an int lvalue)
   gets the number of runs, FIRST's included.  */
#define BEST_AFTER(var, runs, first, op, teardown)                           \
  do                                                                         \
    {                                                                        \
      double first_ = (first);                                               \
      double total_ = first_ >= 0 ? first_ : 0;                              \
      int r_;                                                                \
      var = first_ >= 0 ? first_ : 1e30;                                     \
      for (r_ = first_ >= 0;                                                 \
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

#define BEST_N(var, runs, op, teardown)                                      \
  BEST_AFTER (var, runs, -1.0, op, teardown)

#define BEST(var, op, teardown)                                              \
  do                                                                         \
    {                                                                        \
      int runs_;                                                             \
      BEST_N (var, runs_, op, teardown);                                     \
      (void) runs_;                                                          \
    }                                                                        \
  while (0)

#endif
