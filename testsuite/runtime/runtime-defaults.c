/* { dg-do run } */
/* The runtime's defaults, each asked in a child process of its own
   (both are read once): its threads number as OpenMP's (SP_NUM_THREADS,
   else OMP_NUM_THREADS, else the processors the process may run on;
   counts below 1 are no counts), and without SP_KEEP_MB the freed blocks
   it keeps stay within 64 MB or a 256th of memory, whichever is less.  */

#define _GNU_SOURCE 1
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include "sparse.h"
#include "storage.h"
#include "threads.h"
#include "rt-check.h"

#define MB ((int64_t) 1 << 20)

/* OpenMP's default count, as libgomp takes it.  */
static int
processors (void)
{
  cpu_set_t set;
  if (sched_getaffinity (0, sizeof set, &set) == 0 && CPU_COUNT (&set) > 0)
    return CPU_COUNT (&set);
  return (int) sysconf (_SC_NPROCESSORS_ONLN);
}

/* The threads the runtime gives ample work under SP_NUM_THREADS SP and
   OMP_NUM_THREADS OMP (NULL: unset), asked in a child.  */
static int
threads_with (const char *sp, const char *omp)
{
  int status;
  pid_t pid = fork ();
  if (pid == 0)
    {
      unsetenv ("SP_NUM_THREADS");
      unsetenv ("OMP_NUM_THREADS");
      if (sp)
        setenv ("SP_NUM_THREADS", sp, 1);
      if (omp)
        setenv ("OMP_NUM_THREADS", omp, 1);
      _exit (sp__threads ((int64_t) 1 << 40, 1));
    }
  if (pid < 0 || waitpid (pid, &status, 0) != pid || !WIFEXITED (status))
    return -1;
  return WEXITSTATUS (status);
}

static void
threads (void)
{
  int procs = processors () > SP_MAX_THREADS ? SP_MAX_THREADS : processors ();
  int n;
  CHECK ((n = threads_with (NULL, NULL)) == procs,
         "default: %d threads, not the %d processors", n, procs);
  CHECK ((n = threads_with (NULL, "3")) == 3, "OMP_NUM_THREADS=3: %d", n);
  CHECK ((n = threads_with (NULL, "5,2")) == 5, "OMP_NUM_THREADS=5,2: %d",
         n);
  CHECK ((n = threads_with ("2", "3")) == 2,
         "SP_NUM_THREADS=2 over OMP_NUM_THREADS=3: %d", n);
  CHECK ((n = threads_with ("1", NULL)) == 1, "SP_NUM_THREADS=1: %d", n);
  CHECK ((n = threads_with (NULL, "0")) == procs,
         "OMP_NUM_THREADS=0: %d, not the default %d", n, procs);
  CHECK ((n = threads_with ("999", NULL)) == SP_MAX_THREADS,
         "SP_NUM_THREADS=999: %d, not at most %d", n, SP_MAX_THREADS);
}

/* Free four blocks of 24 MB: what is kept stays within the default
   bound, and one is kept where the bound holds one.  */
static void
kept_default (void)
{
  const char *keep = getenv ("SP_KEEP_MB");
  double bound = sp__phys_bytes () / 256;
  void *a[4];
  /* Set by the testsuite's runs under memcheck, which keep none.  */
  if (keep && *keep)
    return;
  if (bound > 64 * MB)
    bound = 64 * MB;
  for (int i = 0; i < 4; i++)
    a[i] = sp__alloc_array (24 * MB, 1, 0, "a test block");
  for (int i = 0; i < 4; i++)
    sp__free_array (a[i]);
  CHECK (sp__kept_bytes () <= bound
         && (sp__kept_bytes () >= 24 * MB || bound < 25 * MB),
         "%zu bytes kept, the bound %.0f", sp__kept_bytes (), bound);
  sp_release_memory ();
  CHECK (sp__kept_bytes () == 0, "kept after sp_release_memory");
}

int
main (void)
{
  threads ();
  kept_default ();
  printf ("%d checks, %d failures\n", checks, failures);
  return failures != 0;
}
