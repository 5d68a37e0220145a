/* threads.c -- how many threads: the runtime's own, for conversions large
   enough to pay for them (sp__threads), and whether a generated parallel
   region takes any (sp_kpar_worth).  The runtime does not use OpenMP: a
   program compiled without it links no libgomp; its threads follow
   OpenMP's count all the same, so that one setting governs both.  */

#define _GNU_SOURCE 1
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>
#include "sparse_kernel.h"
#include "threads.h"

/* The number environment variable NAME (else ALSO, if not NULL) starts
   with, at least 0; FALLBACK when neither is set.  */
static int64_t
env_number (const char *name, const char *also, int64_t fallback)
{
  const char *s = getenv (name);
  if ((!s || !*s) && also)
    s = getenv (also);
  if (!s || !*s)
    return fallback;
  long long v = strtoll (s, NULL, 10);
  return v < 0 ? 0 : v;
}

/* OpenMP's default: the processors this process may run on (its
   affinity mask, as libgomp counts them), else those online.  */
static int64_t
processors (void)
{
#ifdef CPU_COUNT
  cpu_set_t set;
  if (sched_getaffinity (0, sizeof set, &set) == 0 && CPU_COUNT (&set) > 0)
    return CPU_COUNT (&set);
#endif
  long n = sysconf (_SC_NPROCESSORS_ONLN);
  return n > 0 ? n : 1;
}

static int configured;

void
sp__set_threads (int n)
{
  n = n < 1 ? 1 : n > SP_MAX_THREADS ? SP_MAX_THREADS : n;
  __atomic_store_n (&configured, n, __ATOMIC_RELAXED);
}

int
sp__threads (int64_t work, int64_t per_thread)
{
  int n = __atomic_load_n (&configured, __ATOMIC_RELAXED);
  if (n == 0)
    {
      /* As OpenMP, a count below 1 is no count.  */
      int64_t v = env_number ("SP_NUM_THREADS", "OMP_NUM_THREADS", 0);
      if (v < 1)
        v = processors ();
      n = v > SP_MAX_THREADS ? SP_MAX_THREADS : (int) v;
      __atomic_store_n (&configured, n, __ATOMIC_RELAXED);
    }
  int64_t useful = per_thread > 0 ? work / per_thread : n;
  return useful < 1 ? 1 : useful < n ? (int) useful : n;
}

typedef struct job
{
  void (*fn) (void *, int, int);
  void *ctx;
  int part, parts;
} job;

static void *
run_job (void *arg)
{
  job *j = arg;
  j->fn (j->ctx, j->part, j->parts);
  return NULL;
}

void
sp__parallel (int parts, void (*fn) (void *, int, int), void *ctx)
{
  pthread_t tid[SP_MAX_THREADS];
  job jobs[SP_MAX_THREADS];
  int started[SP_MAX_THREADS];
  if (parts <= 1)
    {
      fn (ctx, 0, 1);
      return;
    }
  if (parts > SP_MAX_THREADS)
    parts = SP_MAX_THREADS;
  for (int i = 1; i < parts; i++)
    {
      jobs[i] = (job) { fn, ctx, i, parts };
      started[i] = pthread_create (&tid[i], NULL, run_job, &jobs[i]) == 0;
    }
  fn (ctx, 0, parts);
  /* A part whose thread could not start runs here.  */
  for (int i = 1; i < parts; i++)
    if (started[i])
      pthread_join (tid[i], NULL);
    else
      fn (ctx, i, parts);
}

int
sp_kpar_worth (int64_t entries)
{
  static int64_t least = -1;
  int64_t m = __atomic_load_n (&least, __ATOMIC_RELAXED);
  if (m < 0)
    {
      m = env_number ("SP_PAR_MIN", NULL, 32768);
      __atomic_store_n (&least, m, __ATOMIC_RELAXED);
    }
  return entries >= m;
}
