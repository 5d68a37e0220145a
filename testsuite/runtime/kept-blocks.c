/* { dg-do run } */
/* The blocks the runtime keeps after freeing them (runtime/kept.c): a
   kept block serves the next array that fits it, cleared or filled as
   asked; one more than twice an array's size does not serve it; what is
   kept stays within SP_KEEP_MB (set to 64 here) and 64 blocks;
   sp_release_memory gives everything back.  Under memcheck
   (SP_KEEP_MB=0) nothing is kept and the arrays' contents are checked
   all the same.  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sparse.h"
#include "storage.h"
#include "rt-check.h"

#define MB ((int64_t) 1 << 20)

static int keeping;

/* Each byte of A's N is B.  */
static int
all (const unsigned char *a, int64_t n, int b)
{
  for (int64_t i = 0; i < n; i++)
    if (a[i] != b)
      return 0;
  return 1;
}

/* An array written all over and freed; the next of its size is the
   same block (when blocks are kept), cleared for FILL 0, filled for
   FILL 7.  */
static void
reused_as_asked (int fill)
{
  unsigned char *a = sp__alloc_array (8 * MB, 1, -1, "a test array");
  memset (a, 0xff, 8 * MB);
  sp__free_array (a);
  CHECK (!keeping || sp__kept_bytes () >= 8 * MB, "%zu bytes kept",
         sp__kept_bytes ());
  unsigned char *b = sp__alloc_array (8 * MB, 1, fill, "a test array");
  CHECK (!keeping || b == a, "the kept block not reused");
  CHECK (all (b, 8 * MB, fill), "a reused array not all %d", fill);
  CHECK (sp__kept_bytes () == 0, "%zu bytes kept", sp__kept_bytes ());
  sp__free_array (b);
  sp_release_memory ();
}

/* A kept block of 16 MB does not serve an array of 4 MB (it would hold
   four times the memory) but serves one of 12 MB; an array grown from
   nothing takes it too.  */
static void
fitting_only (void)
{
  void *a = sp__alloc_array (16 * MB, 1, -1, "a test array");
  sp__free_array (a);
  void *small = sp__alloc_array (4 * MB, 1, -1, "a test array");
  CHECK (small != a, "a 16 MB block served an array of 4 MB");
  void *fits = sp__alloc_array (12 * MB, 1, 0, "a test array");
  CHECK (!keeping || fits == a, "a 16 MB block did not serve 12 MB");
  CHECK (all (fits, 12 * MB, 0), "not cleared");
  sp__free_array (fits);
  void *grown = NULL;
  int64_t cap = 0;
  CHECK (sp__grow (&grown, &cap, 14 * MB, 1, 3, "a test array") == 0
         && cap == 14 * MB, "grown to %lld", (long long) cap);
  CHECK (!keeping || grown == a, "a grown array did not take the block");
  CHECK (all (grown, 14 * MB, 3), "grown, not filled");
  sp__free_array (small);
  sp__free_array (grown);
  sp_release_memory ();
}

/* Twenty blocks of 10 MB freed: at most 64 MB kept, the latest; eighty
   of 300 KB: 64 of them; small blocks go straight back; then nothing.  */
static void
bounded (void)
{
  void *a[20];
  for (int i = 0; i < 20; i++)
    a[i] = sp__alloc_array (10 * MB + i * 4096, 1, -1, "a test array");
  for (int i = 0; i < 20; i++)
    sp__free_array (a[i]);
  size_t kept = sp__kept_bytes ();
  CHECK (kept <= (size_t) (keeping ? 64 * MB : 0) && kept >= (keeping ? 50 * MB : 0),
         "%zu bytes kept of 20 blocks of 10 MB", kept);
  void *last = sp__alloc_array (10 * MB + 19 * 4096, 1, -1, "a test array");
  CHECK (!keeping || last == a[19], "the last block freed not kept");
  sp__free_array (last);
  sp__free_array (sp__alloc_array (1000, 1, -1, "a test array"));
  CHECK (sp__kept_bytes () <= kept, "a small block kept");
  sp_release_memory ();
  void *b[80];
  for (int i = 0; i < 80; i++)
    b[i] = sp__alloc_array (300 << 10, 1, -1, "a test array");
  for (int i = 0; i < 80; i++)
    sp__free_array (b[i]);
  kept = sp__kept_bytes ();
  CHECK (keeping ? kept >= 64 * (300 << 10) && kept < 65 * (300 << 10)
                 : kept == 0, "%zu bytes kept of 80 blocks of 300 KB", kept);
  sp_release_memory ();
  CHECK (sp__kept_bytes () == 0, "%zu bytes kept after release",
         sp__kept_bytes ());
}

/* A tensor's arrays freed by sp_free come back for the next tensor's.  */
static void
tensors (void)
{
  int64_t dims[2] = { 2000, 2000 };
  for (int round = 0; round < 3; round++)
    {
      sp_tensor *t = sp_new ("CSR", SP_F64, 2, dims);
      for (int64_t i = 0; i < 2000; i++)
        for (int64_t j = round; j < 2000; j += 4)
          sp_insert (t, (int64_t[]) { i, j }, (double) (i + j + round));
      CHECK (sp_nnz (t) == 2000 * ((2000 - round + 3) / 4)
             && sp_get (t, (int64_t[]) { 9, 4 + round }) == 13 + 2 * round,
             "round %d: nnz %lld", round, (long long) sp_nnz (t));
      sp_free (t);
    }
  sp_release_memory ();
}

int
main (void)
{
  const char *vg = getenv ("SP_KEEP_MB");
  keeping = !(vg && *vg);
  if (keeping)
    setenv ("SP_KEEP_MB", "64", 1);
  reused_as_asked (0);
  reused_as_asked (7);
  fitting_only ();
  bounded ();
  tensors ();
  printf ("%d checks, %d failures\n", checks, failures);
  return failures != 0;
}
