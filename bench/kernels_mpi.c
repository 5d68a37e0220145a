/* kernels_mpi.c -- the kernels over a matrix and a tensor distributed over
   MPI ranks: time a call, bytes moved, memory a rank holds.

     mpirun -np P kernels_mpi MATRIX TENSOR REPS OUT.tsv

   MATRIX and TENSOR are files, or gen:NAME for an input bench/gen.h
   generates into bench/out (gen:poisson2d_300, gen:powerlaw3d_1M).

   Built with the plugin; each kernel is the loop nest a user writes
   (SpMV, SpMM and SDDMM with r = 16 over the matrix, MTTKRP with r = 16
   over the tensor, and a conjugate gradient solve of 50 iterations over
   the matrix; SpMV and CG again with the vectors tagged "D", which then
   stay distributed).  Rank 0 appends a line per kernel to OUT.tsv:

     ours KERNEL P SECONDS SENT RECEIVED BYTES_RANK BYTES_WHOLE CHECK

   SECONDS is the median over REPS calls of the slowest rank's time a
   call; SENT and RECEIVED the payload bytes a rank gave MPI and got
   from it a call (the largest over the ranks, sp_dist_stats); BYTES_RANK
   the largest distributed operand's storage a rank holds (sp_memory,
   the largest over the ranks), BYTES_WHOLE the same operand read whole
   (P = 1's figure); CHECK a sum of the result, the same for every P.

   With P = 1 it also appends, for P = 2 .. 64, what a row gather and
   what an exchange of the ghost entries only (the entries of x outside
   a rank's block that its rows' columns reach, as PETSc's VecScatter
   moves them) would move for SpMV, the blocks cut by entries as
   sp_read_dist cuts them:

     cut SpMV P GATHER_BYTES GHOST_BYTES NEIGHBOURS ENTRIES_RANK ENTRIES

   each the largest over the ranks, and the matrix's entries.  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sparse.h>
#include <sparse_mpi.h>
#include "gen.h"

enum { R = 16, CG_ITERS = 50 };

static int me, ranks;

static void
spmv (int m, int n, double y[m], double A[m][n] SPARSE ("CSR"),
      double x[n])
{
  for (int i = 0; i < m; i++)
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
}

static void
spmm (int m, int n, double Y[m][R], double A[m][n] SPARSE ("CSR"),
      double X[n][R])
{
  for (int i = 0; i < m; i++)
    for (int k = 0; k < R; k++)
      {
        double s = 0;
        for (int j = 0; j < n; j++)
          s += A[i][j] * X[j][k];
        Y[i][k] = s;
      }
}

static void
sddmm (int m, int n, double C[m][n] SPARSE ("CSR"),
       double A[m][n] SPARSE ("CSR"), double U[m][R], double V[n][R])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      {
        double s = 0;
        for (int k = 0; k < R; k++)
          s += U[i][k] * V[j][k];
        C[i][j] = A[i][j] * s;
      }
}

/* The same product and CG with the vectors tagged: distributed like
   A's rows where a kernel computes them by rows, so that a product
   receives only the entries of x its rows read.  */
static void
spmv_d (int n, double y[n] SPARSE ("D"), double A[n][n] SPARSE ("CSR"),
        double x[n] SPARSE ("D"))
{
  for (int i = 0; i < n; i++)
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
}

static double
dot_d (int n, double a[n] SPARSE ("D"), double b[n] SPARSE ("D"))
{
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

static double
sum_d (int n, double a[n] SPARSE ("D"))
{
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

/* y = a x + b y.  */
static void
update_d (int n, double y[n] SPARSE ("D"), double a, double x[n] SPARSE ("D"),
          double b)
{
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + b * y[i];
}

/* cg () over tagged vectors: B, then X, R, P and AP.  */
static double
cg_d (int n, double A[n][n] SPARSE ("CSR"), double b[n] SPARSE ("D"),
      double x[n] SPARSE ("D"), double r[n] SPARSE ("D"),
      double p[n] SPARSE ("D"), double ap[n] SPARSE ("D"))
{
  update_d (n, x, 0, b, 0);
  update_d (n, r, 1, b, 0);
  update_d (n, p, 1, b, 0);
  double rr = dot_d (n, r, r);
  for (int k = 0; k < CG_ITERS && rr > 0; k++)
    {
      spmv_d (n, ap, A, p);
      double alpha = rr / dot_d (n, p, ap);
      update_d (n, x, alpha, p, 1);
      update_d (n, r, -alpha, ap, 1);
      double rr_new = dot_d (n, r, r);
      update_d (n, p, 1, r, rr_new / rr);
      rr = rr_new;
    }
  return sum_d (n, x);
}

static void
mttkrp (int m, int n, int l, double Y[m][R],
        double T[m][n][l] SPARSE ("CSF"), double B[n][R], double C[l][R])
{
  for (int i = 0; i < m; i++)
    for (int q = 0; q < R; q++)
      Y[i][q] = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < l; k++)
        for (int q = 0; q < R; q++)
          Y[i][q] += T[i][j][k] * B[j][q] * C[k][q];
}

static double
dot (int n, const double *a, const double *b)
{
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

/* CG_ITERS steps of the conjugate gradient method on A x = b from 0:
   x's sum.  W holds 4 n doubles.  */
static double
cg (int n, double A[n][n] SPARSE ("CSR"), const double *b, double *w)
{
  double *x = w, *r = w + n, *p = w + 2 * n, *ap = w + 3 * n;
  for (int i = 0; i < n; i++)
    x[i] = 0, r[i] = p[i] = b[i];
  double rr = dot (n, r, r);
  for (int k = 0; k < CG_ITERS && rr > 0; k++)
    {
      spmv (n, n, ap, A, p);
      double alpha = rr / dot (n, p, ap);
      for (int i = 0; i < n; i++)
        x[i] += alpha * p[i], r[i] -= alpha * ap[i];
      double rr_new = dot (n, r, r);
      for (int i = 0; i < n; i++)
        p[i] = r[i] + rr_new / rr * p[i];
      rr = rr_new;
    }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static void
fail (const char *what)
{
  fprintf (stderr, "kernels_mpi: %s: %s\n", what, sp_error ());
  MPI_Abort (MPI_COMM_WORLD, 1);
}

/* What one kernel's calls cost.  */
typedef struct measure
{
  double *t;
  int n;
  sp_dist_traffic before;
} measure;

static void
call_start (measure *ms, double *t0)
{
  MPI_Barrier (MPI_COMM_WORLD);
  *t0 = MPI_Wtime ();
  (void) ms;
}

static void
call_end (measure *ms, double t0)
{
  double t = MPI_Wtime () - t0, tmax;
  MPI_Allreduce (&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  ms->t[ms->n++] = tmax;
}

static double
max_over_ranks (double v)
{
  double m;
  MPI_Allreduce (&v, &m, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return m;
}

/* The line of kernel WHAT: its calls in MS, the traffic since MS began,
   the operand T's storage (WHOLE: read whole), the check CHECK.  */
static void
report (FILE *out, const char *what, measure *ms, const sp_tensor *t,
        double whole, double check)
{
  sp_dist_traffic now;
  sp_dist_stats (&now);
  double sent = max_over_ranks ((double) (now.bytes_sent
                                          - ms->before.bytes_sent) / ms->n);
  double got = max_over_ranks ((double) (now.bytes_received
                                         - ms->before.bytes_received)
                               / ms->n);
  double held = max_over_ranks ((double) sp_memory (t));
  qsort (ms->t, (size_t) ms->n, sizeof *ms->t, cmp_double);
  if (me == 0)
    fprintf (out, "ours\t%s\t%d\t%.9f\t%.0f\t%.0f\t%.0f\t%.0f\t%.17g\n", what,
             ranks, ms->t[ms->n / 2], sent, got, held, whole, check);
}

static void
begin (measure *ms)
{
  ms->n = 0;
  sp_dist_stats (&ms->before);
}

/* For P blocks cut by entries, as the runtime cuts them (counts of the
   entries before each row: ROWCOUNT), the largest over the blocks of a
   row gather's bytes, the ghost entries' bytes, the neighbours and the
   entries.  */
static void
cut_model (FILE *out, const sp_tensor *whole)
{
  int64_t n = sp_dim (whole, 0), nnz = sp_nnz (whole), c[2];
  int64_t *before = calloc ((size_t) n + 1, sizeof *before);
  int64_t (*ent)[2] = malloc ((size_t) (nnz ? nnz : 1) * sizeof *ent);
  int *owner = malloc ((size_t) n * sizeof *owner);
  int64_t *mark = malloc ((size_t) n * sizeof *mark);
  sp_iter *it = sp_iter_new (whole);
  int64_t e = 0;
  while (sp_iter_next (it, c, NULL) > 0)
    {
      ent[e][0] = c[0], ent[e][1] = c[1], e++;
      before[c[0] + 1]++;
    }
  sp_iter_free (it);
  for (int64_t i = 0; i < n; i++)
    before[i + 1] += before[i];
  for (int p = 2; p <= 64; p *= 2)
    {
      int64_t lo = 0, worst_gather = 0, worst_ghost = 0, worst_nb = 0,
              worst_ent = 0;
      int64_t *blo = malloc ((size_t) (p + 1) * sizeof *blo);
      for (int r = 0; r < p; r++)
        {
          /* The first row whose entries before it reach (r / p) of them.  */
          int64_t goal = nnz * r / p;
          while (lo < n && before[lo] < goal)
            lo++;
          blo[r] = lo;
        }
      blo[p] = n;
      for (int r = 0; r < p; r++)
        for (int64_t i = blo[r]; i < blo[r + 1]; i++)
          owner[i] = r;
      memset (mark, 0xff, (size_t) n * sizeof *mark);
      for (int r = 0; r < p; r++)
        {
          int64_t ghosts = 0, nb = 0;
          char *seen_rank = calloc ((size_t) p, 1);
          for (int64_t q = before[blo[r]]; q < before[blo[r + 1]]; q++)
            {
              int64_t col = ent[q][1];
              if ((col < blo[r] || col >= blo[r + 1]) && mark[col] != r)
                {
                  mark[col] = r;
                  ghosts++;
                  if (!seen_rank[owner[col]])
                    seen_rank[owner[col]] = 1, nb++;
                }
            }
          free (seen_rank);
          int64_t gather = 8 * (n - (blo[r + 1] - blo[r]));
          int64_t ents = before[blo[r + 1]] - before[blo[r]];
          worst_gather = gather > worst_gather ? gather : worst_gather;
          worst_ghost = 8 * ghosts > worst_ghost ? 8 * ghosts : worst_ghost;
          worst_nb = nb > worst_nb ? nb : worst_nb;
          worst_ent = ents > worst_ent ? ents : worst_ent;
        }
      free (blo);
      fprintf (out, "cut\tSpMV\t%d\t%lld\t%lld\t%lld\t%lld\t%lld\n", p,
               (long long) worst_gather, (long long) worst_ghost,
               (long long) worst_nb, (long long) worst_ent, (long long) nnz);
    }
  free (before);
  free (ent);
  free (owner);
  free (mark);
}

/* The path of input ARG: a file, or gen:NAME written by rank 0.  */
static const char *
input (const char *arg)
{
  static char paths[2][4096];
  static int k;
  char *path = paths[k++ % 2];
  snprintf (path, sizeof paths[0], "%s", arg);
  if (strncmp (arg, "gen:", 4) == 0)
    {
      if (me == 0)
        snprintf (path, sizeof paths[0], "%s", gen_file ("bench/out",
                                                         arg + 4));
      MPI_Bcast (path, sizeof paths[0], MPI_CHAR, 0, MPI_COMM_WORLD);
    }
  return path;
}

int
main (int argc, char **argv)
{
  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &me);
  MPI_Comm_size (MPI_COMM_WORLD, &ranks);
  if (argc < 5)
    {
      if (me == 0)
        fprintf (stderr, "usage: kernels_mpi MATRIX TENSOR REPS OUT.tsv\n");
      MPI_Finalize ();
      return 2;
    }
  int reps = atoi (argv[3]);
  FILE *out = me == 0 ? fopen (argv[4], "a") : NULL;
  if (me == 0 && !out)
    fail (argv[4]);
  const char *mpath = input (argv[1]), *tpath = input (argv[2]);
  sp_tensor *A = sp_read_dist (mpath, "CSR", SP_F64, MPI_COMM_WORLD);
  sp_tensor *T = sp_read_dist (tpath, "CSF", SP_F64, MPI_COMM_WORLD);
  if (!A || !T)
    fail ("sp_read_dist");
  /* The whole operands' storage, for the figure a rank's share is
     compared with.  */
  double whole_a = 0, whole_t = 0;
  if (me == 0)
    {
      sp_tensor *wa = sp_read (mpath, "CSR", SP_F64);
      sp_tensor *wt = sp_read (tpath, "CSF", SP_F64);
      if (!wa || !wt)
        fail ("sp_read");
      whole_a = (double) sp_memory (wa);
      whole_t = (double) sp_memory (wt);
      if (ranks == 1)
        cut_model (out, wa);
      sp_free (wa);
      sp_free (wt);
    }
  int m = (int) sp_dim (A, 0), n = (int) sp_dim (A, 1);
  int tm = (int) sp_dim (T, 0), tn = (int) sp_dim (T, 1),
      tl = (int) sp_dim (T, 2);
  double *x = malloc ((size_t) n * sizeof *x);
  double *y = malloc ((size_t) m * sizeof *y);
  double (*X)[R] = malloc ((size_t) n * sizeof *X);
  double (*Y)[R] = malloc ((size_t) (m > tm ? m : tm) * sizeof *Y);
  double (*U)[R] = malloc ((size_t) m * sizeof *U);
  double (*B)[R] = malloc ((size_t) tn * sizeof *B);
  double (*C)[R] = malloc ((size_t) tl * sizeof *C);
  double *w = malloc ((size_t) 4 * m * sizeof *w);
  measure ms = { malloc ((size_t) reps * sizeof (double)), 0, { 0 } };
  for (int j = 0; j < n; j++)
    {
      x[j] = 1.0 / (j + 1);
      for (int k = 0; k < R; k++)
        X[j][k] = (double) ((j + k) % 7) - 3;
    }
  for (int i = 0; i < m; i++)
    for (int k = 0; k < R; k++)
      U[i][k] = (double) ((i * k) % 5) / 4;
  for (int j = 0; j < tn; j++)
    for (int k = 0; k < R; k++)
      B[j][k] = (double) ((j + 2 * k) % 9) / 8;
  for (int l = 0; l < tl; l++)
    for (int k = 0; k < R; k++)
      C[l][k] = (double) ((3 * l + k) % 11) / 10;
  int64_t dims[2] = { m, n };
  sp_tensor *S = sp_new ("CSR", SP_F64, 2, dims);
  double t0, check;

  spmv (m, n, y, sp_array (A), x);
  begin (&ms);
  for (int r = 0; r < reps; r++)
    {
      call_start (&ms, &t0);
      spmv (m, n, y, sp_array (A), x);
      call_end (&ms, t0);
    }
  check = 0;
  for (int i = 0; i < m; i++)
    check += y[i];
  report (out, "SpMV", &ms, A, whole_a, check);

  spmm (m, n, Y, sp_array (A), X);
  begin (&ms);
  for (int r = 0; r < reps; r++)
    {
      call_start (&ms, &t0);
      spmm (m, n, Y, sp_array (A), X);
      call_end (&ms, t0);
    }
  check = 0;
  for (int i = 0; i < m; i++)
    for (int k = 0; k < R; k++)
      check += Y[i][k];
  report (out, "SpMM", &ms, A, whole_a, check);

  sddmm (m, n, sp_array (S), sp_array (A), U, X);
  begin (&ms);
  for (int r = 0; r < reps; r++)
    {
      call_start (&ms, &t0);
      sddmm (m, n, sp_array (S), sp_array (A), U, X);
      call_end (&ms, t0);
    }
  {
    /* The sum of the entries in storage order: each rank goes on from
       the sum of the ranks before it, so that it is the same for any P.  */
    sp_iter *it = sp_iter_new (S);
    int64_t c[2];
    double v;
    check = 0;
    if (me > 0)
      MPI_Recv (&check, 1, MPI_DOUBLE, me - 1, 0, MPI_COMM_WORLD,
                MPI_STATUS_IGNORE);
    while (sp_iter_next (it, c, &v) > 0)
      check += v;
    sp_iter_free (it);
    if (me + 1 < ranks)
      MPI_Send (&check, 1, MPI_DOUBLE, me + 1, 0, MPI_COMM_WORLD);
    MPI_Bcast (&check, 1, MPI_DOUBLE, ranks - 1, MPI_COMM_WORLD);
  }
  report (out, "SDDMM", &ms, A, whole_a, check);

  mttkrp (tm, tn, tl, Y, sp_array (T), B, C);
  begin (&ms);
  for (int r = 0; r < reps; r++)
    {
      call_start (&ms, &t0);
      mttkrp (tm, tn, tl, Y, sp_array (T), B, C);
      call_end (&ms, t0);
    }
  check = 0;
  for (int i = 0; i < tm; i++)
    for (int k = 0; k < R; k++)
      check += Y[i][k];
  report (out, "MTTKRP", &ms, T, whole_t, check);

  if (m == n)
    {
      spmv (m, n, y, sp_array (A), x);
      begin (&ms);
      int solves = reps / 10 > 3 ? reps / 10 : 3;
      for (int r = 0; r < solves; r++)
        {
          call_start (&ms, &t0);
          check = cg (m, sp_array (A), y, w);
          call_end (&ms, t0);
        }
      report (out, "CG (50 iterations)", &ms, A, whole_a, check);
    }
  if (m == n)
    {
      /* y = A x with x computed by rows (copied from y = A x0, x0 whole),
         then CG, every vector tagged.  */
      int64_t vd[1] = { n };
      sp_tensor *V[6];
      for (int k = 0; k < 6; k++)
        if (!(V[k] = sp_new ("D", SP_F64, 1, vd)))
          fail ("sp_new");
      for (int64_t j = 0; j < n; j++)
        sp_put (V[0], &j, x[j]);
      spmv_d (n, sp_array (V[1]), sp_array (A), sp_array (V[0]));
      update_d (n, sp_array (V[0]), 1, sp_array (V[1]), 0);
      spmv_d (n, sp_array (V[1]), sp_array (A), sp_array (V[0]));
      begin (&ms);
      for (int r = 0; r < reps; r++)
        {
          call_start (&ms, &t0);
          spmv_d (n, sp_array (V[1]), sp_array (A), sp_array (V[0]));
          call_end (&ms, t0);
        }
      report (out, "SpMV, vectors tagged", &ms, A, whole_a,
              sum_d (n, sp_array (V[1])));

      cg_d (n, sp_array (A), sp_array (V[1]), sp_array (V[2]),
            sp_array (V[3]), sp_array (V[4]), sp_array (V[5]));
      begin (&ms);
      int solves = reps / 10 > 3 ? reps / 10 : 3;
      for (int r = 0; r < solves; r++)
        {
          call_start (&ms, &t0);
          check = cg_d (n, sp_array (A), sp_array (V[1]), sp_array (V[2]),
                        sp_array (V[3]), sp_array (V[4]), sp_array (V[5]));
          call_end (&ms, t0);
        }
      report (out, "CG (50 iterations), vectors tagged", &ms, A, whole_a,
              check);
      for (int k = 0; k < 6; k++)
        sp_free (V[k]);
    }
  if (out)
    fclose (out);
  free (ms.t);
  free (x);
  free (y);
  free (X);
  free (Y);
  free (U);
  free (B);
  free (C);
  free (w);
  sp_free (A);
  sp_free (T);
  sp_free (S);
  MPI_Finalize ();
  return 0;
}
