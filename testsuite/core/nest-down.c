/* { dg-do run } */
/* Loops counting down (nest_loop.down), as the front end describes
   them: the kernels, printed by cprint, compiled, run and compared bit
   for bit with the dense loops computed here in the same order.  A
   floating-point sum over a loop counting down runs down (a compressed
   level's positions from the row's end, a dense loop from its extent's,
   a range cut by binary search from its end); a loop whose order cannot
   change the result runs up.  */

#include "nest-util.h"
#include "kernel-load.h"
#include "plan.h"
#include "sparse.h"

#define OP(op, a, b) nest_op2 (N, op, a, b, 0)
#define IDX(l) nest_index (N, l, SP_I32, 0)

static int
down_loop (const char *name, int ranged)
{
  int l = nest_add_loop (N, name, ranged ? -1 : KN, ranged ? "i" : "n", 0);
  N->loop[l].ranged = ranged;
  N->loop[l].down = 1;
  return l;
}

/* The kernels: 0, y[i] += A[i][j] * x[j] over CSR, i and j down; 1, the
   sum of A[i][j] * x[j] over a dense-format A, i and j down; 2, y[i] +=
   A[i][j] * x[j] for j < i over CSR, j down.  */
static void
nest_of (int which)
{
  fresh ();
  const char *fmt = which == 1 ? "D,D" : "CSR";
  int y = which == 1 ? SCA ("s", 1) : ARR ("y", 1, NULL, KN);
  int A = ARR ("A", 2, fmt, KN, KN), x = ARR ("x", 1, NULL, KN);
  int i = which == 2 ? LOOP ("i", KN) : down_loop ("i", 0);
  int j = down_loop ("j", which == 2);
  BEGIN (i);
  BEGIN (j);
  if (which == 2)
    nest_range (N, j, OP (IX_LT, IDX (j), IDX (i)), 0);
  int v = MUL (RD (A, i, j), RD (x, j));
  if (which == 1)
    ASSIGN0 (y, IX_ADD_SET, v);
  else
    ASSIGN (y, IX_ADD_SET, v, i);
  if (which == 2)
    nest_endif (N, 0);
  END (j);
  END (i);
}

static lir_kernel *
kernel_of (int which)
{
  nest_result r;
  ix_diag d;
  memset (&d, 0, sizeof d);
  nest_of (which);
  if (nest_lower (N, &r) || r.nkernels != 1)
    {
      fprintf (stderr, "kernel %d: %s\n", which, r.reason);
      failures++;
      return NULL;
    }
  ix_sched_opts opts = { 1, 0, { { 0 } } };
  lir_kernel *k = ix_plan (r.kernel[0], &opts, &d);
  if (!k)
    {
      fprintf (stderr, "kernel %d: %s\n", which, d.msg);
      failures++;
    }
  nest_result_free (&r);
  return k;
}

/* Kernel WHICH as C, in BUF.  */
static void
printed (int which, char *buf, size_t len)
{
  buf[0] = 0;
  lir_kernel *k = kernel_of (which);
  FILE *f = fmemopen (buf, len, "w");
  if (!k || !f)
    return;
  cprint_kernel (k, "kernel", f);
  fclose (f);
  lir_free (k);
}

/* The loops' forms: the rows of y in any order (up), the positions of a
   row from its end; a dense loop down from the extent; the range j < i
   cut by a binary search, run from its end.  */
static void
shapes (void)
{
  static char buf[65536];
  printed (0, buf, sizeof buf);
  CHECK (strstr (buf, "; i++)"));
  CHECK (strstr (buf, "for (pA1 = pA1_end - 1; pA1 >= "));
  CHECK (strstr (buf, "pA1--)"));
  printed (1, buf, sizeof buf);
  CHECK (strstr (buf, "i >= 0; i--)"));
  CHECK (strstr (buf, "j >= 0; j--)"));
  printed (2, buf, sizeof buf);
  CHECK (strstr (buf, "pA1_to_mid"));
  CHECK (strstr (buf, "pA1--)"));
}

static void (*compiled (int which)) (void **)
{
  lir_kernel *k = kernel_of (which);
  if (!k)
    return NULL;
  char tag[32];
  snprintf (tag, sizeof tag, "down%d", which);
  void (*fn) (void **) = kl_load (k, tag, "", 0, NULL);
  if (!fn)
    failures++;
  return fn;
}

enum { NMAX = 12 };

/* The kernels on an N x N matrix with entries where (i*7 + j*5) % DEN
   < 3 (row N / 2 empty) of many digits, x of magnitudes 1 and 1e12,
   against the dense loops.  */
static void
run (int n, int den)
{
  int64_t dims[2] = { n, n }, nn = n;
  double a[NMAX][NMAX], x[NMAX], y[NMAX], want[NMAX];
  for (int i = 0; i < n; i++)
    {
      x[i] = (i % 3 ? 1 : 1e12) / (i + 0.37);
      for (int j = 0; j < n; j++)
        a[i][j] = (i * 7 + j * 5) % den < 3 && i != n / 2
                  ? 1 / (i - j + 0.61) : 0;
    }
  double packed[NMAX * NMAX];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      packed[i * n + j] = a[i][j];
  sp_tensor *csr = sp_from_dense (packed, SP_F64, 2, dims, "CSR");
  sp_tensor *dd = sp_from_dense (packed, SP_F64, 2, dims, "D,D");
  CHECK (csr && dd);
  for (int which = 0; which < 3; which++)
    {
      void (*fn) (void **) = compiled (which);
      if (!fn)
        continue;
      double s = 0.5, want_s = 0.5;
      for (int i = 0; i < n; i++)
        y[i] = want[i] = i % 2 ? 1e16 : 0;
      for (int i = n - 1; i >= 0; i--)
        for (int j = n - 1; j >= 0; j--)
          if (which == 1)
            want_s += a[i][j] * x[j];
          else if (which == 0 || j < i)
            want[i] += a[i][j] * x[j];
      if (which == 1)
        {
          void *args[] = { &s, dd, x, &nn };
          fn (args);
          if (s != want_s)
            {
              fprintf (stderr, "n %d kernel 1: %a, want %a\n", n, s, want_s);
              failures++;
            }
          continue;
        }
      void *args[] = { y, csr, x, &nn, &nn };
      fn (args);
      for (int i = 0; i < n; i++)
        if (y[i] != want[i])
          {
            fprintf (stderr, "n %d kernel %d: y[%d] = %a, want %a\n", n,
                     which, i, y[i], want[i]);
            failures++;
          }
    }
  sp_free (csr);
  sp_free (dd);
}

int
main (void)
{
  shapes ();
  run (1, 4);
  run (5, 4);
  run (NMAX, 7);
  nest_free (N);
  return failures != 0;
}
