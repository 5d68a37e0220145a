/* { dg-do run } */
/* Element reads through each thread's cursor (lookup.c) against a dense
   reference, in every order over every format: rows forwards and
   backwards, column by column, rows and columns skipped, at random; with
   calls pending, after assembly, and between writes, the writes through
   the fallback's entry points (sp__put2, sp__add2, ... of ranks 1 to 3):
   new entries, overwrites, additions, explicit zeros; several threads
   reading one tensor, then writing rows of their own.  */

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "sparse.h"
#include "sparse_plugin.h"
#include "rt-check.h"
#include "rng.h"

#define X(...) ((const int64_t[]) { __VA_ARGS__ })

enum { M = 37, N = 53, ORDERS = 5, THREADS = 4 };

static double ref[M][N];

/* A random M x N matrix of FMT and TYPE built by sp_insert (about one
   element in four, every fifth row empty, some entries explicit zeros),
   left pending; REF its dense copy.  */
static sp_tensor *
make (const char *fmt, sp_type type)
{
  sp_tensor *t = sp_new (fmt, type, 2, X (M, N));
  memset (ref, 0, sizeof ref);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N && i % 5 != 3; j++)
      if (rng () % 4 == 0)
        {
          double v = (double) (rng () % 17) - 8;
          sp_insert (t, X (i, j), v);
          ref[i][j] += v;
        }
  return t;
}

/* The K-th element of order ORDER of the M x N elements, into *I, *J.  */
static void
element (int order, int k, int *i, int *j)
{
  switch (order)
    {
    case 0: *i = k / N, *j = k % N; break;                  /* rows */
    case 1: *i = M - 1 - k / N, *j = N - 1 - k % N; break;  /* backwards */
    case 2: *i = k % M, *j = k / M; break;                  /* columns */
    case 3:                             /* every third row, odd columns */
      *i = k / N * 3 % M, *j = (k % N * 2 + 1) % N;
      break;
    default: *i = (int) (rng () % M), *j = (int) (rng () % N); break;
    }
}

/* Read every element of T in each order, by sp_get and the fallback.  */
static void
read_all (sp_tensor *t, const char *what)
{
  int bad = 0;
  for (int order = 0; order < ORDERS; order++)
    for (int k = 0; k < M * N; k++)
      {
        int i, j;
        element (order, k, &i, &j);
        double a = sp_get (t, X (i, j)), b = sp__get2 (t, i, j);
        int64_t c = sp__get2_i64 (t, i, j);
        if (a != ref[i][j] || b != ref[i][j] || c != (int64_t) ref[i][j])
          {
            if (!bad++)
              CHECK (0, "%s: order %d: (%d,%d) reads %g %g %lld, not %g",
                     what, order, i, j, a, b, (long long) c, ref[i][j]);
          }
      }
  CHECK (!bad, "%s: %d reads wrong", what, bad);
}

/* Writes at random elements through the fallback, each followed by
   reads of it and of its neighbours in the row: assignments of new
   values and of zero, additions, increments.  */
static void
write_and_read (sp_tensor *t, const char *what)
{
  int bad = 0;
  for (int w = 0; w < 400; w++)
    {
      int i = (int) (rng () % M), j = (int) (rng () % N);
      double v = (double) (rng () % 9) - 4;
      switch (rng () % 4)
        {
        case 0: sp__put2 (t, v, i, j); ref[i][j] = v; break;
        case 1: sp__put2 (t, 0, i, j); ref[i][j] = 0; break;
        case 2: sp__add2 (t, v, i, j); ref[i][j] += v; break;
        default: sp__add2_i64 (t, 1, i, j); ref[i][j] += 1; break;
        }
      for (int d = -2; d <= 2; d++)
        if (j + d >= 0 && j + d < N && sp__get2 (t, i, j + d) != ref[i][j + d])
          bad++;
    }
  CHECK (!bad, "%s: %d reads between writes wrong", what, bad);
}

static void
matrices (void)
{
  static const char *const fmts[] = { "csr", "csc", "dcsr", "dcsc", "coo",
                                      "ell", "dia", "bcsr(2,2)", "dense",
                                      "CN,D", "(i,j)->(j:CN,i:S)",
                                      "csr;crd=16", "CU,D" };
  static const sp_type types[] = { SP_F64, SP_F32, SP_I64, SP_I32 };
  char what[64];
  for (int f = 0; f < (int) (sizeof fmts / sizeof *fmts); f++)
    for (int y = 0; y < 4; y++)
      {
        sp_tensor *t = make (fmts[f], types[y]);
        snprintf (what, sizeof what, "%s type %d pending", fmts[f], y);
        read_all (t, what);
        CHECK (sp_assemble (t) == 0, "%s", sp_error ());
        snprintf (what, sizeof what, "%s type %d assembled", fmts[f], y);
        read_all (t, what);
        write_and_read (t, what);
        snprintf (what, sizeof what, "%s type %d written", fmts[f], y);
        read_all (t, what);
        CHECK (sp_assemble (t) == 0, "%s", sp_error ());
        snprintf (what, sizeof what, "%s type %d reassembled", fmts[f], y);
        read_all (t, what);
        sp_free (t);
      }
}

/* Ranks 1 and 3 through their entry points; i64 values beyond 2^53.  */
static void
other_ranks (void)
{
  enum { L = 11 };
  static double r3[L][L][L];
  static int64_t r1[200];
  static const char *const fmts3[] = { "csf", "coo", "D,CU,CU", "CU,D,CU" };
  int64_t big = ((int64_t) 1 << 60) + 3;
  for (int f = 0; f < 4; f++)
    {
      sp_tensor *t = sp_new (fmts3[f], SP_F64, 3, X (L, L, L));
      int bad = 0;
      memset (r3, 0, sizeof r3);
      for (int w = 0; w < 600; w++)
        {
          int i = (int) (rng () % L), j = (int) (rng () % L);
          int k = (int) (rng () % L);
          double v = (double) (rng () % 7) - 3;
          if (w == 300)
            CHECK (sp_assemble (t) == 0, "%s", sp_error ());
          if (w % 3)
            sp__add3 (t, v, i, j, k), r3[i][j][k] += v;
          else
            sp__put3 (t, v, i, j, k), r3[i][j][k] = v;
          for (int d = 0; d < L; d++)
            bad += sp__get3 (t, i, j, d) != r3[i][j][d]
                   || sp__get3 (t, i, L - 1 - d, k) != r3[i][L - 1 - d][k];
        }
      CHECK (!bad, "%s: %d rank-3 reads wrong", fmts3[f], bad);
      sp_free (t);
    }
  for (int f = 0; f < 2; f++)
    {
      sp_tensor *t = sp_new (f ? "D" : "CU", SP_I64, 1, X (200));
      int bad = 0;
      memset (r1, 0, sizeof r1);
      for (int w = 0; w < 500; w++)
        {
          int i = (int) (rng () % 200);
          if (w == 250)
            CHECK (sp_assemble (t) == 0, "%s", sp_error ());
          if (w % 2)
            sp__add1_i64 (t, big, i), r1[i] += big;
          else
            {
              int64_t v = w % 5 ? big + w : 0;
              sp__put1_i64 (t, v, i);
              r1[i] = v;
            }
          for (int d = 0; d < 200; d += 7)
            bad += sp__get1_i64 (t, d) != r1[d];
          bad += sp__get1_i64 (t, i) != r1[i];
        }
      CHECK (!bad, "rank 1 %s: %d reads wrong", f ? "D" : "CU", bad);
      sp_free (t);
    }
}

/* Threads reading one assembled tensor at once, each in its own order
   (a cursor each; in CSC the reads along rows make the rows' shadow,
   which one thread builds while the others wait), then adding to rows
   of their own.  */
static sp_tensor *shared;

static void *
reader (void *arg)
{
  int order = (int) (intptr_t) arg, bad = 0;
  for (int pass = 0; pass < 20; pass++)
    for (int k = 0; k < M * N; k++)
      {
        int i, j;
        element (order % 4, k, &i, &j);
        bad += sp__get2 (shared, i, j) != ref[i][j];
      }
  return (void *) (intptr_t) bad;
}

static void *
writer (void *arg)
{
  int me = (int) (intptr_t) arg;
  for (int i = me; i < M; i += THREADS)
    for (int j = 0; j < N; j++)
      if ((i + j) % 3 == 0)
        sp__add2 (shared, 0.5, i, j);
  return NULL;
}

static void
threads (const char *fmt)
{
  pthread_t th[THREADS];
  void *bad;
  shared = make (fmt, SP_F64);
  CHECK (sp_assemble (shared) == 0, "%s", sp_error ());
  size_t bytes = sp_memory (shared);
  for (int k = 0; k < THREADS; k++)
    pthread_create (&th[k], NULL, reader, (void *) (intptr_t) k);
  for (int k = 0; k < THREADS; k++)
    {
      pthread_join (th[k], &bad);
      CHECK (!bad, "%s: thread %d: %d reads wrong", fmt, k,
             (int) (intptr_t) bad);
    }
  /* The rows' shadow of a CSC matrix counts in its memory.  */
  CHECK ((sp_memory (shared) > bytes) == !strcmp (fmt, "csc"),
         "%s: memory %zu then %zu", fmt, bytes, sp_memory (shared));
  for (int k = 0; k < THREADS; k++)
    pthread_create (&th[k], NULL, writer, (void *) (intptr_t) k);
  for (int k = 0; k < THREADS; k++)
    pthread_join (th[k], NULL);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      if ((i + j) % 3 == 0)
        ref[i][j] += 0.5;
  read_all (shared, "after the threads' writes");
  sp_free (shared);
}

int
main (void)
{
  matrices ();
  other_ranks ();
  threads ("csr");
  threads ("csc");
  printf ("%s: %d failures of %d checks\n", failures ? "FAIL" : "PASS",
          failures, checks);
  return failures != 0;
}
