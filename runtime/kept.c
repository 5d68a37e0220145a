/* kept.c -- the large blocks the runtime's arrays lived in, kept after
   they are freed for its next arrays.

   A kernel called again and again (an iterative method, a benchmark)
   allocates the same output arrays each call.  glibc serves blocks above
   32 MB by mmap and gives them back at free, and trims smaller ones off
   its heap's top: each call then gets fresh pages, which the system
   clears and maps one fault at a time, ten times the cost of writing
   memory already mapped.  A few
   freed blocks are therefore kept, at most 64 and SP_KEEP_MB
   megabytes (by default 64 MB, or a 256th of the machine's memory if
   that is less: memory a library holds for a program that may never
   call again stays small; 0 keeps none), and handed to the next array
   that fits them; sp_release_memory
   gives them back at once, and they are given back at exit.  Their
   pages are not marked for the system to reclaim when short
   (MADV_FREE): the marking flushes the pages from every thread's TLB and
   the writes after it run slower.  */

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include "sparse.h"
#include "storage.h"

/* Blocks below this go straight back to malloc, which keeps them.  */
#define KEPT_LEAST ((size_t) 256 << 10)
/* The bound without SP_KEEP_MB, in bytes (or a 256th of memory).  */
#define KEPT_DEFAULT ((double) (64 << 20))
/* A parallel build frees a few blocks a thread (its part of the output,
   its workspace).  */
#define KEPT_BLOCKS 64

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct
{
  void *p;
  size_t size;
} kept[KEPT_BLOCKS];
static int nkept;
static size_t kept_bytes;
/* The bound in bytes, read from SP_KEEP_MB at first use; -1 before.  */
static double limit = -1;

/* The bound (the caller holds the lock).  */
static double
keep_limit (void)
{
  if (limit < 0)
    {
      const char *s = getenv ("SP_KEEP_MB");
      double mb = s && *s ? strtod (s, NULL) : -1;
      double least = fmin (KEPT_DEFAULT, sp__phys_bytes () / 256);
      limit = mb < 0 ? least : mb * (1 << 20);
    }
  return limit;
}

/* Block I out of the list (the caller holds the lock).  */
static void *
unkeep (int i)
{
  void *p = kept[i].p;
  kept_bytes -= kept[i].size;
  nkept--;
  for (int j = i; j < nkept; j++)
    kept[j] = kept[j + 1];
  return p;
}

void *
sp__kept_take (size_t bytes)
{
  void *p = NULL;
  int best = -1;
  if (bytes < KEPT_LEAST)
    return NULL;
  pthread_mutex_lock (&lock);
  /* The least block that holds BYTES, unless it is more than twice
     that: a larger one would hold memory the array never uses.  */
  for (int i = 0; i < nkept; i++)
    if (kept[i].size >= bytes && kept[i].size / 2 <= bytes
        && (best < 0 || kept[i].size < kept[best].size))
      best = i;
  if (best >= 0)
    p = unkeep (best);
  pthread_mutex_unlock (&lock);
  return p;
}

void
sp__free_array (void *a)
{
#ifdef __GLIBC__
  size_t size = a ? malloc_usable_size (a) : 0;
  void *out[KEPT_BLOCKS];
  int nout = 0;
  if (size >= KEPT_LEAST)
    {
      pthread_mutex_lock (&lock);
      if (size <= keep_limit ())
        {
          /* The oldest go first.  */
          while (nkept == KEPT_BLOCKS || kept_bytes + size > limit)
            out[nout++] = unkeep (0);
          kept[nkept].p = a;
          kept[nkept++].size = size;
          kept_bytes += size;
          a = NULL;
        }
      pthread_mutex_unlock (&lock);
    }
  for (int i = 0; i < nout; i++)
    free (out[i]);
#endif
  free (a);
}

size_t
sp__kept_bytes (void)
{
  pthread_mutex_lock (&lock);
  size_t n = kept_bytes;
  pthread_mutex_unlock (&lock);
  return n;
}

void
sp_release_memory (void)
{
  void *out[KEPT_BLOCKS];
  int nout = 0;
  pthread_mutex_lock (&lock);
  while (nkept)
    out[nout++] = unkeep (0);
  pthread_mutex_unlock (&lock);
  for (int i = 0; i < nout; i++)
    free (out[i]);
}

/* Given back when the program ends, so that leak checkers see nothing
   held.  */
__attribute__ ((destructor)) static void
release_at_exit (void)
{
  sp_release_memory ();
}
