/* A CSR output's arrays are allocated once, before its loops, for as
   many entries as the symbolic loop bounds; a merge then appends inline
   in that fixed room.  Cases around it, under an address-space limit
   (plugin build only) the bound's arrays do not fit in:
   - a sum, A + B of one pattern (the bound twice the entries): the
     kernel counts its entries and fixes exactly that room;
   - a product whose contributions all coincide (the bound R * K * J
     entries, 324 MB, the result R * J): the room asked for is lowered
     until it fits and grows from there;
   and a sum into an output of 8-bit coordinates, its extent (120) as
   wide as they allow.  Same results as the dense program, which runs on
   small arrays.  */
#include <sys/resource.h>
#include "sparse-run.h"

#ifdef __SPARSE_PLUGIN__
#define NB 1000000
#define NC 1000000
#else
#define NB 300
#define NC 1000
#endif

/* A's rows < R are full up to column K, B's rows < K up to column J:
   each of the R * J entries of C sums K products.  The sum's operands
   have S rows of SC entries.  */
enum { R = 300, K = 300, J = 300, S = 2000, SC = 1000, W = 120 };

static void
spgemm (double C[NB][NB] SPARSE ("CSR"), double A[NB][NB] SPARSE ("CSR"),
        double B[NB][NB] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j)
  DENSE (for (int i = 0; i < NB; i++)
           for (int j = 0; j < NB; j++)
             {
               double s = 0;
               for (int k = 0; k < NB; k++)
                 s += A[i][k] * B[k][j];
               C[i][j] = s;
             })
}

static void
add (double C[S][NC] SPARSE ("CSR"), double A[S][NC] SPARSE ("CSR"),
     double B[S][NC] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) + B(i,j)
  DENSE (for (int i = 0; i < S; i++)
           for (int j = 0; j < NC; j++)
             C[i][j] = A[i][j] + B[i][j];)
}

static void
add_narrow (double C[4][W] SPARSE ("CSR;crd=8"),
            double A[4][W] SPARSE ("CSR"), double B[4][W] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) + B(i,j)
  DENSE (for (int i = 0; i < 4; i++)
           for (int j = 0; j < W; j++)
             C[i][j] = A[i][j] + B[i][j];)
}

static sp_tensor *
full (int64_t m, int64_t n, int64_t rows, int64_t cols, int seed)
{
  int64_t dims[2] = { m, n };
  sp_tensor *t = sr_check (sp_new ("CSR", SP_F64, 2, dims), "full");
  for (int64_t i = 0; i < rows; i++)
    for (int64_t j = 0; j < cols; j++)
      sp_insert (t, (int64_t[]) { i, j }, sr_val (sr_hash (i, j, 0, seed)));
  /* Assembled now, not in the kernel under the limit.  */
  if (sp_assemble (t))
    sr_check (NULL, "assemble");
  return t;
}

/* The address space in use, from /proc.  */
static long long
mapped_bytes (void)
{
  long long pages = 0;
  FILE *f = fopen ("/proc/self/statm", "r");
  if (f)
    {
      if (fscanf (f, "%lld", &pages) != 1)
        pages = 0;
      fclose (f);
    }
  return pages * 4096;
}

/* Address space for MORE bytes beyond what is mapped now, in the plugin
   build (the dense one maps its arrays on first use); OLD keeps the
   limit to put back.  Whether it is set.  */
static int
limit (struct rlimit *old, long long more)
{
#ifdef __SPARSE_PLUGIN__
  struct rlimit lim;
  long long now = mapped_bytes ();
  if (now <= 0 || getrlimit (RLIMIT_AS, old) != 0)
    return 0;
  lim = *old;
  lim.rlim_cur = (rlim_t) (now + more);
  return setrlimit (RLIMIT_AS, &lim) == 0;
#else
  (void) old, (void) more;
  return 0;
#endif
}

static double
sampled (const sp_tensor *t, int64_t m, int64_t n, int64_t di, int64_t dj)
{
  double s = 0;
  for (int64_t i = 0; i < m; i += di)
    for (int64_t j = 0; j < n; j += dj)
      s += sp_get (t, (int64_t[]) { i, j }) * (double) (1 + i + 2 * j);
  return s;
}

int
main (void)
{
  struct rlimit old;
  int64_t dims[2] = { NB, NB }, sd[2] = { S, NC };

  /* The sum: a bound of 4 million entries (48 MB), 2 million written.  */
  sp_tensor *a = full (S, NC, S, SC, 1), *b = full (S, NC, S, SC, 2);
  sp_tensor *c = sr_check (sp_new ("CSR", SP_F64, 2, sd), "C");
  int limited = limit (&old, 40ll << 20);
  add (sp_array (c), sp_array (a), sp_array (b));
  if (limited)
    setrlimit (RLIMIT_AS, &old);
  printf ("sum under a limit: sampled %.17g\n", sampled (c, S, SC, 3, 7));
  sp_free (a);
  sp_free (b);
  sp_free (c);

  a = full (NB, NB, R, K, 3);
  b = full (NB, NB, K, J, 4);
  c = sr_check (sp_new ("CSR", SP_F64, 2, dims), "C");
  limited = limit (&old, 96ll << 20);
  spgemm (sp_array (c), sp_array (a), sp_array (b));
  if (limited)
    setrlimit (RLIMIT_AS, &old);
  printf ("product under a limit: sampled %.17g\n", sampled (c, R, J, 7, 5));

  int64_t wd[2] = { 4, W };
  sp_tensor *x = sr_check (sp_new ("CSR", SP_F64, 2, wd), "x");
  sp_tensor *y = sr_check (sp_new ("CSR", SP_F64, 2, wd), "y");
  sp_tensor *z = sr_check (sp_new ("CSR;crd=8", SP_F64, 2, wd), "z");
  for (int64_t i = 0; i < 4; i++)
    for (int64_t j = i; j < W; j += 3 + i)
      sp_insert (j % 2 ? x : y, (int64_t[]) { i, j }, (double) (i + j));
  add_narrow (sp_array (z), sp_array (x), sp_array (y));
  sr_print_t ("8-bit crd", z, 4 * W);
  sp_free (a);
  sp_free (b);
  sp_free (c);
  sp_free (x);
  sp_free (y);
  sp_free (z);
  return 0;
}
