/* { dg-do run } */
/* Accumulators of another type than the one C adds (multiplies) their
   terms in (nest-accum.c, ix_accum_type): an int of unsigned terms, a
   short or an unsigned char of int terms (as the core reads them, not
   narrowed as GCC narrows them), an int of long terms, summed in the
   unsigned type of the addition's width and converted once; those
   wide enough already (a long of unsigned terms, an unsigned of ints)
   as before; products likewise; and the refusals, floating sums that C
   converts back at each step.  The kernels printed by cprint, compiled
   and run, on one thread and on two, on values that wrap, against the
   dense loops computed here.  */

#include <limits.h>
#include "nest-util.h"
#include "kernel-load.h"
#include "plan.h"
#include "report.h"
#include "sparse.h"

/* The report of the plan of the nest's only statement contains WANT,
   and not LACKS (when not NULL).  */
static void
plan_has (int line, const char *want, const char *lacks)
{
  nest_result r;
  char buf[1024];
  ix_diag d;
  memset (&d, 0, sizeof d);
  if (nest_lower (N, &r) || r.nkernels != 1)
    {
      fprintf (stderr, "line %d: not one statement: %s\n", line, r.reason);
      failures++;
      return;
    }
  ix_sched_opts opts = { 1, 0, { { 0 } } };
  lir_kernel *k = ix_plan (r.kernel[0], &opts, &d);
  if (!k)
    {
      fprintf (stderr, "line %d: %s\n", line, d.msg);
      failures++;
    }
  else if (!strstr (lir_report (k, buf, sizeof buf), want)
           || (lacks && strstr (buf, lacks)))
    {
      fprintf (stderr, "line %d: '%s'\n  want '%s'%s%s\n", line, buf, want,
               lacks ? ", not " : "", lacks ? lacks : "");
      failures++;
    }
  lir_free (k);
  nest_result_free (&r);
}
#define PLAN_HAS(want) plan_has (__LINE__, want, NULL)
#define PLAN_LACKS(want, lacks) plan_has (__LINE__, want, lacks)

/* for i for j OUT[i] (or OUT, a scalar) += B[i][j] * x[j], OUT of type
   TO, x of type TX, B an int CSR matrix; or, MUL, OUT = OUT * (B[i][j] +
   x[j]).  */
static void
nest_of (ix_type to, int scalar, ix_type tx, int mul)
{
  fresh ();
  int out = scalar ? SCA_T ("c", 1, to) : ARR_T ("y", to, 1, NULL, KN);
  int B = ARR_T ("B", IX_I32, 2, "CSR", KN, KM);
  int x = ARR_T ("x", tx, 1, NULL, KM);
  int i = LOOP ("i", KN), j = LOOP ("j", KM);
  BEGIN (i);
  BEGIN (j);
  if (mul)
    {
      int t = ADD (RD (B, i, j), RD (x, j));
      if (scalar)
        ASSIGN0 (out, IX_SET, MUL (RD0 (out), t));
      else
        ASSIGN (out, IX_SET, MUL (RD (out, i), t), i);
    }
  else if (scalar)
    ASSIGN0 (out, IX_ADD_SET, MUL (RD (B, i, j), RD (x, j)));
  else
    ASSIGN (out, IX_ADD_SET, MUL (RD (B, i, j), RD (x, j)), i);
  END (j);
  END (i);
}

static void
lowering (void)
{
  /* Summed in unsigned int: the terms as they are, or converted.  */
  nest_of (IX_I32, 1, IX_U32, 0);
  OK ("c += sum(i, sum(j, B(i,j) * x(j))); B: CSR");
  nest_of (IX_I32, 1, IX_U32, 0);
  PLAN_HAS ("c: scalar, summed in unsigned int");
  nest_of (IX_I16, 1, IX_I32, 0);
  OK ("c += sum(i, sum(j, (unsigned int)(B(i,j) * x(j)))); B: CSR");
  nest_of (IX_I16, 1, IX_I32, 0);
  PLAN_HAS ("c: scalar, summed in unsigned int");
  nest_of (IX_U8, 0, IX_I32, 0);
  OK ("y(i) += sum(j, (unsigned int)(B(i,j) * x(j))); B: CSR");
  nest_of (IX_U8, 0, IX_I32, 0);
  PLAN_HAS ("y: dense, summed in unsigned int");
  nest_of (IX_U16, 0, IX_I16, 0);
  OK ("y(i) += sum(j, (unsigned int)(B(i,j) * x(j))); B: CSR");
  /* In unsigned long.  */
  nest_of (IX_I32, 1, IX_I64, 0);
  OK ("c += sum(i, sum(j, (unsigned long)(B(i,j) * x(j)))); B: CSR");
  nest_of (IX_I64, 0, IX_U64, 0);
  OK ("y(i) += sum(j, B(i,j) * x(j)); B: CSR");
  nest_of (IX_I64, 0, IX_U64, 0);
  PLAN_HAS ("y: dense, summed in unsigned long");
  /* Wide enough already: each term converted, summed in the output's
     type, as before.  */
  nest_of (IX_I64, 1, IX_U32, 0);
  OK ("c += sum(i, sum(j, (long)(B(i,j) * x(j)))); B: CSR");
  nest_of (IX_I64, 1, IX_U32, 0);
  PLAN_LACKS ("c: scalar", "summed in");
  nest_of (IX_U32, 1, IX_I32, 0);
  OK ("c += sum(i, sum(j, (unsigned int)(B(i,j) * x(j)))); B: CSR");
  nest_of (IX_I16, 0, IX_I16, 0);
  PLAN_HAS ("y: dense, summed in unsigned int");
  /* Products.  */
  nest_of (IX_I32, 1, IX_U32, 1);
  OK ("c = prod(c, prod(i, prod(j, B(i,j) + x(j)))); B: CSR");
  nest_of (IX_I32, 1, IX_U32, 1);
  PLAN_HAS ("c: scalar, multiplied in unsigned int");
  nest_of (IX_I8, 0, IX_I32, 1);
  OK ("y(i) = prod(y(i), prod(j, (unsigned int)(B(i,j) + x(j)))); B: CSR");
}

static void
refusals (void)
{
  nest_of (IX_I32, 1, IX_F64, 0);
  REFUSED ("c is int but accumulates double terms over loop j: C truncates "
           "each step's sum to int; accumulate into a double and convert "
           "after the loops, or convert each term, c += (int) (...)");
  nest_of (IX_I16, 0, IX_F32, 0);
  REFUSED ("y is short but accumulates float terms over loop j: C truncates "
           "each step's sum to short; accumulate into a float and convert "
           "after the loops, or convert each term, y[i] += (short) (...)");
  nest_of (IX_F32, 1, IX_F64, 0);
  REFUSED ("c is float but accumulates double terms over loop j: C rounds "
           "each step's sum to float");
  nest_of (IX_BOOL, 0, IX_I32, 0);
  REFUSED ("y is _Bool but accumulates int terms over loop j: C keeps only "
           "whether each step's sum is nonzero");
  nest_of (IX_I32, 0, IX_F64, 1);
  REFUSED ("y is int but takes double values, each multiplied in that type "
           "before it is converted: multiply into a double and convert "
           "after the loops, or convert each value, y[i] *= (int) (...)");
}

/* ------------------------------------------------------------------ */
/* The kernels run.  */

enum { R = 13, C = 17 };

/* The kernel of the nest built last, on THREADS (0 or 2): its _args
   function, its library into *LIB (for dlclose).  */
static void (*compiled (const char *tag, int threads, void **lib)) (void **)
{
  nest_result r;
  ix_diag d;
  memset (&d, 0, sizeof d);
  if (nest_lower (N, &r) || r.nkernels != 1)
    {
      fprintf (stderr, "%s: %s\n", tag, r.reason);
      failures++;
      return NULL;
    }
  ix_sched_opts opts = { 1, 0, { { 0 } } };
  lir_kernel *k = ix_plan (r.kernel[0], &opts, &d);
  nest_result_free (&r);
  if (!k)
    {
      fprintf (stderr, "%s: %s\n", tag, d.msg);
      failures++;
      return NULL;
    }
  lir_plan_threads (k, threads);
  lir_plan_shapes (k, NULL);
  char name[48];
  snprintf (name, sizeof name, "accum_%s%s", tag, threads ? "_omp" : "");
  /* An OpenMP kernel stays loaded: libgomp's threads outlive the call.  */
  void (*fn) (void **) = kl_load (k, name, threads ? "-fopenmp" : "",
                                  threads ? RTLD_NODELETE : 0, lib);
  if (!fn)
    failures++;
  return fn;
}

static int32_t b[R][C];
static sp_tensor *tb;

/* The values of X (TX) widened to a long's or an unsigned long's bits.  */
static int64_t
x_at (const void *x, ix_type tx, int j)
{
  switch (tx)
    {
    case IX_U32: return ((const uint32_t *) x)[j];
    case IX_I32: return ((const int32_t *) x)[j];
    default: return ((const int64_t *) x)[j];
    }
}

/* Run the kernel of nest_of (TO, SCALAR, TX, MUL) on X, its output
   starting at START, and compare it with C's steps: out = (TO) (out +
   B[i][j] * x[j]) (or * (B[i][j] + x[j])), computed in the usual
   conversions' type R, and wrapped modulo TO's width.  */
static void
run (const char *tag, ix_type to, int scalar, ix_type tx, int mul,
     const void *x, int64_t start, int threads)
{
  ix_type tt = ix_arith_type (IX_I32, tx), r = ix_arith_type (to, tt);
  int64_t want[R];
  for (int i = 0; i < R; i++)
    want[i] = ix_int_convert (start - i, to);
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      {
        int p = scalar ? 0 : i;
        /* The term in its type TT, then the step in R: unsigned 64-bit
           arithmetic truncated to their widths (a signed type's steps
           do not overflow here: the values keep them in range).  */
        uint64_t t = mul ? (uint64_t) b[i][j] + (uint64_t) x_at (x, tx, j)
                     : (uint64_t) b[i][j] * (uint64_t) x_at (x, tx, j);
        t = (uint64_t) ix_int_convert ((int64_t) t, tt);
        if (!mul && !b[i][j])
          continue;
        uint64_t v = mul ? (uint64_t) want[p] * t : (uint64_t) want[p] + t;
        want[p] = ix_int_convert (ix_int_convert ((int64_t) v, r), to);
      }
  nest_of (to, scalar, tx, mul);
  void *lib;
  void (*fn) (void **) = compiled (tag, threads, &lib);
  if (!fn)
    return;
  /* The output in TO's own width.  */
  union { int64_t l[R]; int32_t i[R]; int16_t s[R]; int8_t c[R]; } out;
  int w = ix_types[to].bits;
  for (int i = 0; i < R; i++)
    {
      int64_t v = ix_int_convert (start - i, to);
      if (w == 64)
        out.l[i] = v;
      else if (w == 32)
        out.i[i] = (int32_t) v;
      else if (w == 16)
        out.s[i] = (int16_t) v;
      else
        out.c[i] = (int8_t) v;
    }
  int64_t rr = R, cc = C;
  void *args[] = { &out, tb, (void *) x, &rr, &cc };
  fn (args);
  for (int i = 0; i < (scalar ? 1 : R); i++)
    {
      int64_t got = w == 64 ? out.l[i] : w == 32 ? out.i[i]
                    : w == 16 ? out.s[i] : out.c[i];
      if (ix_int_convert (got, to) != want[i])
        {
          fprintf (stderr, "%s%s: [%d] = %lld, want %lld\n", tag,
                   threads ? " (threads)" : "", i,
                   (long long) ix_int_convert (got, to),
                   (long long) want[i]);
          failures++;
        }
    }
  dlclose (lib);
}

static void
kernels (void)
{
  int64_t dims[2] = { R, C };
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      {
        int h = (i * 7 + j * 13) % 10;
        b[i][j] = h < 5 ? (i + 1) * (j + 2) * 1001 * (h % 2 ? -1 : 1) : 0;
      }
  tb = sp_from_dense (b, SP_I32, 2, dims, "CSR");
  CHECK (tb != NULL);
  static uint32_t xu[C];
  static int32_t xi[C];
  static int64_t xl[C];
  for (int j = 0; j < C; j++)
    {
      xu[j] = UINT_MAX - 977u * (uint32_t) j;
      xi[j] = (j % 5 - 2) * 1234;
      xl[j] = (int64_t) 0x123456789 * (j % 7 - 3) + j;
    }
  /* On threads, four of them: an OpenMP kernel stays loaded, and more
     such libraries make the loader's bookkeeping show under memcheck
     (kernel-openmp.c).  */
  for (int threads = 0; threads <= 2; threads += 2)
    {
      run ("int_u", IX_I32, 1, IX_U32, 0, xu, INT_MAX, threads);
      run ("rows_int_u", IX_I32, 0, IX_U32, 0, xu, INT_MIN + 5, threads);
      run ("int_l", IX_I32, 1, IX_I64, 0, xl, -3, threads);
      run ("prod_int_u", IX_I32, 1, IX_U32, 1, xu, 3, threads);
      if (threads)
        continue;
      run ("short_i", IX_I16, 1, IX_I32, 0, xi, SHRT_MAX, threads);
      run ("uchar_i", IX_U8, 0, IX_I32, 0, xi, 250, threads);
      run ("long_u", IX_I64, 1, IX_U32, 0, xu, LONG_MAX - 2, threads);
      run ("prod_schar_i", IX_I8, 0, IX_I32, 1, xi, 3, threads);
    }
  sp_free (tb);
}

int
main (void)
{
  setenv ("OMP_NUM_THREADS", "2", 1);
  setenv ("SP_PAR_MIN", "0", 1);
  lowering ();
  refusals ();
  kernels ();
  nest_free (N);
  return failures != 0;
}
