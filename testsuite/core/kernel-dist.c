/* { dg-do run } */
/* The kernels' part when an operand is distributed over MPI ranks
   (loopgen-dist.c, sparse_kernel.h sp_kdist_*), without MPI: a stand-in
   for the MPI library's operations (runtime/dist.h) says that this rank
   holds rows [2, 5), and records what the kernel asks.  Each kernel is
   printed as C, compiled, loaded and run over a tensor marked
   distributed, and must compute the rows of the block only, with the
   calls that complete its output; then again compiled with -fopenmp and
   run on two threads (SP_PAR_MIN is 0 in the testsuite: every region
   and build by threads taken), which share the block's rows.  */

#include <dlfcn.h>
#include <stdlib.h>
#include "core-util.h"
#include "dist.h"
#include "kernel-load.h"
#include "plan.h"
#include "sparse_kernel.h"
#include "sparse.h"
#include "storage.h"

enum { N = 8, LO = 2, HI = 5 };

/* What the stand-in saw.  */
static struct
{
  int opened, n, role[8], closed, marked;
  sp_tensor *t[8];
  void *rows_data;
  int64_t rows, row_bytes;
  double chain_in, chain_out, sum;
} seen;

static int ctx_token;
/* Nonzero: kernels built for threads.  */
static int threads;

static void *
fake_open (int n, sp_tensor **t, const int *role)
{
  seen.opened++;
  seen.n = n;
  int lead = 0;
  for (int i = 0; i < n && i < 8; i++)
    {
      seen.t[i] = t[i];
      seen.role[i] = role[i];
      sp_priv *pv = t[i]->priv;
      if (pv->dist && role[i] != 1)
        {
          pv->dist = NULL;   /* gathered whole, or its entries fetched */
          t[i]->remote = 0;
        }
      lead |= pv->dist != NULL;
    }
  return lead ? &ctx_token : NULL;
}

static int64_t fake_lo (const void *c) { (void) c; return LO; }
static int64_t fake_hi (const void *c, int64_t n) { (void) c; return n < HI ? n : HI; }
/* The ranks before this one summed 100, the whole 1000 more.  */
static double fake_sum_d (void *c, double v) { (void) c; seen.sum = v; return v + 1000; }
static int64_t fake_sum_l (void *c, int64_t v) { (void) c; seen.sum = v; return v + 1000; }
static double fake_chain_in (void *c, double v) { (void) c; seen.chain_in = v; return v + 100; }
static double fake_chain_out (void *c, double v) { (void) c; seen.chain_out = v; return v + 10; }

static void
fake_rows (void *c, void *data, int64_t rows, int64_t row_bytes)
{
  (void) c;
  seen.rows_data = data;
  seen.rows = rows;
  seen.row_bytes = row_bytes;
}

static void
fake_mark (void *c, sp_tensor *out)
{
  seen.marked += c && out;
}

static void fake_close (void *c) { seen.closed += c != NULL; }

static const sp_dist_ops fake = {
  fake_open, fake_lo, fake_hi, fake_sum_d, fake_sum_l, fake_chain_in,
  fake_chain_out, fake_rows, fake_mark, fake_close
};

/* Kernel of TEXT over TAB, loaded with the stand-in installed in its
   copy of the runtime; REASSOC as -fassociative-math.  */
static void (*load (const char *tag, const char *text, const test_opd *tab,
                    int reassoc)) (void **)
{
  ix_diag err;
  ix_sched_opts opts = { 1, 0, { { 0 } } };
  opts.reassoc = reassoc;
  ix_stmt *s = parse (text, tab, &err);
  lir_kernel *k = s ? ix_plan (s, &opts, &err) : NULL;
  ix_free (s);
  if (!k)
    {
      fprintf (stderr, "%s: %s\n", tag, err.msg);
      failures++;
      return NULL;
    }
  lir_plan_threads (k, threads);
  lir_plan_shapes (k, NULL);
  void *lib;
  char name[48];
  snprintf (name, sizeof name, "%s%s", tag, threads ? "_omp" : "");
  /* An OpenMP kernel stays loaded: libgomp's threads outlive the call.  */
  void (*fn) (void **) = kl_load (k, name, threads ? "-fopenmp" : "",
                                  threads ? RTLD_NODELETE : 0, &lib);
  if (!fn)
    {
      failures++;
      return NULL;
    }
  void (*install) (const sp_dist_ops *) = dlsym (lib, "sp__dist_install");
  CHECK (install != NULL);
  if (install)
    install (&fake);
  memset (&seen, 0, sizeof seen);
  return fn;
}

/* A matrix of A[i][j] = i + 1 where (i + j) % 3 == 0, in FMT.  */
static sp_tensor *
matrix (const char *fmt, double *dense)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      dense[i * N + j] = (i + j) % 3 ? 0 : i + 1;
  int64_t dims[2] = { N, N };
  sp_tensor *t = sp_from_dense (dense, SP_F64, 2, dims, fmt);
  CHECK (t != NULL);
  return t;
}

static void
distribute (sp_tensor *t)
{
  ((sp_priv *) t->priv)->dist = &ctx_token;
  t->remote = 1;
}

/* Free T, whole again (this program's runtime has no stand-in).  */
static void
forget (sp_tensor *t)
{
  ((sp_priv *) t->priv)->dist = NULL;
  t->remote = 0;
  sp_free (t);
}

/* y(i) = A(i,j) * x(j): the block's rows, the rows gathered.  */
static void
spmv (const char *fmt)
{
  test_opd tab[] = { { "y", IX_OPD_ARRAY, 1, { N }, NULL, IX_F64 },
                     { "A", IX_OPD_ARRAY, 2, { N, N }, fmt, IX_F64 },
                     { "x", IX_OPD_ARRAY, 1, { N }, NULL, IX_F64 },
                     { NULL, 0, 0, { 0 }, NULL, 0 } };
  char tag[32];
  snprintf (tag, sizeof tag, "dist_spmv_%s", fmt);
  void (*fn) (void **) = load (tag, "y(i) = A(i,j) * x(j)", tab, 0);
  if (!fn)
    return;
  double dense[N * N], y[N], x[N];
  sp_tensor *A = matrix (fmt, dense);
  distribute (A);
  for (int i = 0; i < N; i++)
    y[i] = -7, x[i] = i + 1;
  void *args[] = { y, A, x };
  fn (args);
  for (int i = LO; i < HI; i++)
    {
      double s = 0;
      for (int j = 0; j < N; j++)
        s += dense[i * N + j] * x[j];
      CHECK (y[i] == s);
    }
  /* Rows outside the block: untouched, or zeroed before the loops.  */
  for (int i = 0; i < N; i++)
    if (i < LO || i >= HI)
      CHECK (y[i] == -7 || y[i] == 0);
  CHECK (seen.opened == 1 && seen.n == 1 && seen.role[0] == 1);
  CHECK (seen.rows_data == y && seen.rows == N && seen.row_bytes == 8);
  CHECK (seen.closed == 1);
  forget (A);
}

/* s = sum(i, sum(j, A(i,j))): through the ranks in order, or summed at
   once when the sum may be reassociated.  */
static void
total (int reassoc)
{
  test_opd tab[] = { { "s", IX_OPD_SCALAR, 0, { 0 }, NULL, IX_F64 },
                     { "A", IX_OPD_ARRAY, 2, { N, N }, "CSR", IX_F64 },
                     { NULL, 0, 0, { 0 }, NULL, 0 } };
  void (*fn) (void **) = load (reassoc ? "dist_sum_r" : "dist_sum",
                               "s = A(i,j)", tab, reassoc);
  if (!fn)
    return;
  double dense[N * N], s = -1, block = 0;
  sp_tensor *A = matrix ("CSR", dense);
  distribute (A);
  for (int i = LO; i < HI; i++)
    for (int j = 0; j < N; j++)
      block += dense[i * N + j];
  void *args[] = { &s, A };
  fn (args);
  if (reassoc)
    CHECK (seen.sum == block && s == block + 1000);
  else
    CHECK (seen.chain_in == 0 && seen.chain_out == 100 + block
           && s == 100 + block + 10);
  forget (A);
}

/* An integer sum is summed at once.  */
static void
count (void)
{
  test_opd tab[] = { { "c", IX_OPD_SCALAR, 0, { 0 }, NULL, IX_I64 },
                     { "A", IX_OPD_ARRAY, 2, { N, N }, "CSR", IX_I64 },
                     { NULL, 0, 0, { 0 }, NULL, 0 } };
  void (*fn) (void **) = load ("dist_count", "c += A(i,j)", tab, 0);
  if (!fn)
    return;
  int64_t dense[N * N], c = 5, block = 0;
  for (int p = 0; p < N * N; p++)
    dense[p] = (p % 3 == 0) * (p / N + 1);
  int64_t dims[2] = { N, N };
  sp_tensor *A = sp_from_dense (dense, SP_I64, 2, dims, "CSR");
  distribute (A);
  for (int p = LO * N; p < HI * N; p++)
    block += dense[p];
  void *args[] = { &c, A };
  fn (args);
  CHECK (seen.sum == block && c == 5 + block + 1000);
  forget (A);
}

/* C(i,j) = A(i,k) * B(k,j), C sparse: the block's rows of C, marked; B
   is read along k, not by rows: it is gathered whole (role 0).  */
static void
product (const char *fmt)
{
  test_opd tab[] = { { "C", IX_OPD_ARRAY, 2, { N, N }, fmt, IX_F64 },
                     { "A", IX_OPD_ARRAY, 2, { N, N }, fmt, IX_F64 },
                     { "B", IX_OPD_ARRAY, 2, { N, N }, "CSR", IX_F64 },
                     { NULL, 0, 0, { 0 }, NULL, 0 } };
  char tag[32];
  snprintf (tag, sizeof tag, "dist_product_%s", fmt);
  void (*fn) (void **) = load (tag, "C(i,j) = A(i,k) * B(k,j)", tab, 0);
  if (!fn)
    return;
  double da[N * N], db[N * N];
  sp_tensor *A = matrix (fmt, da), *B = matrix ("CSR", db);
  int64_t dims[2] = { N, N };
  sp_tensor *C = sp_new (fmt, SP_F64, 2, dims);
  distribute (A);
  distribute (B);
  void *args[] = { C, A, B };
  fn (args);
  CHECK (seen.n == 2);
  for (int q = 0; q < seen.n; q++)
    CHECK (seen.role[q] == (seen.t[q] == A));
  CHECK (((sp_priv *) B->priv)->dist == NULL && seen.marked == 1);
  static double dc[N * N];
  CHECK (sp_to_dense (C, dc) == 0);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      {
        double s = 0;
        if (i >= LO && i < HI)
          for (int k = 0; k < N; k++)
            s += da[i * N + k] * db[k * N + j];
        CHECK (dc[i * N + j] == s);
      }
  forget (A);
  forget (B);
  sp_free (C);
}

/* y(j) = A(i,j) * x(i): the output is not written by rows, so the
   kernel runs whole, its operand gathered (no context).  */
static void
transposed (void)
{
  test_opd tab[] = { { "y", IX_OPD_ARRAY, 1, { N }, NULL, IX_F64 },
                     { "A", IX_OPD_ARRAY, 2, { N, N }, "CSR", IX_F64 },
                     { "x", IX_OPD_ARRAY, 1, { N }, NULL, IX_F64 },
                     { NULL, 0, 0, { 0 }, NULL, 0 } };
  void (*fn) (void **) = load ("dist_transposed", "y(j) = A(i,j) * x(i)",
                               tab, 0);
  if (!fn)
    return;
  double dense[N * N], y[N], x[N];
  sp_tensor *A = matrix ("CSR", dense);
  distribute (A);
  for (int i = 0; i < N; i++)
    x[i] = i + 1;
  void *args[] = { y, A, x };
  fn (args);
  for (int j = 0; j < N; j++)
    {
      double s = 0;
      for (int i = 0; i < N; i++)
        s += dense[i * N + j] * x[i];
      CHECK (y[j] == s);
    }
  CHECK (seen.role[0] == 0 && seen.rows_data == NULL && seen.closed == 0);
  forget (A);
}

/* y(i) = A(i,j) * x(j) with y and x tagged dense vectors: y is marked
   distributed, and x, read only at A's columns, has the role that asks
   for those entries (sparse_kernel.h); read at every column (a sum, not
   a product, with A), it is gathered whole (role 0).  */
static void
ghosts (const char *fmt, const char *text, int at_columns)
{
  test_opd tab[] = { { "y", IX_OPD_ARRAY, 1, { N }, "D", IX_F64 },
                     { "A", IX_OPD_ARRAY, 2, { N, N }, fmt, IX_F64 },
                     { "x", IX_OPD_ARRAY, 1, { N }, "D", IX_F64 },
                     { NULL, 0, 0, { 0 }, NULL, 0 } };
  char tag[32];
  snprintf (tag, sizeof tag, "dist_ghosts_%s%d", fmt, at_columns);
  void (*fn) (void **) = load (tag, text, tab, 0);
  if (!fn)
    return;
  double dense[N * N], dx[N];
  sp_tensor *A = matrix (fmt, dense);
  int64_t dims[1] = { N };
  for (int i = 0; i < N; i++)
    dx[i] = i + 1;
  sp_tensor *x = sp_from_dense (dx, SP_F64, 1, dims, "D");
  sp_tensor *y = sp_new ("D", SP_F64, 1, dims);
  distribute (A);
  void *args[] = { y, A, x };
  fn (args);
  CHECK (seen.n == 2 && seen.marked == 1);
  int a = seen.t[1] == A;
  CHECK (seen.t[a] == A && seen.role[a] == 1);
  CHECK (seen.role[!a] == (at_columns ? 2 + SP_KDIST_LEVELS * a + 1 : 0));
  for (int i = LO; i < HI; i++)
    {
      double s = 0;
      for (int j = 0; j < N; j++)
        s += at_columns ? dense[i * N + j] * dx[j] : dense[i * N + j] + dx[j];
      int64_t c = i;
      CHECK (sp_get (y, &c) == s);
    }
  forget (A);
  sp_free (x);
  sp_free (y);
}

int
main (void)
{
  setenv ("OMP_NUM_THREADS", "2", 1);
  for (threads = 0; threads < 2; threads++)
    {
      spmv ("CSR");
      spmv ("DCSR");
      total (0);
      total (1);
      count ();
      product ("CSR");
      product ("DCSR");
      transposed ();
    }
  /* The roles come before threads are planned: the serial kernels show
     them (each OpenMP kernel stays loaded, and the loader's bookkeeping
     of that many leaks under valgrind).  */
  threads = 0;
  ghosts ("CSR", "y(i) = A(i,j) * x(j)", 1);
  ghosts ("DCSR", "y(i) = A(i,j) * x(j)", 1);
  ghosts ("CSR", "y(i) = A(i,j) + x(j)", 0);
  return failures != 0;
}
