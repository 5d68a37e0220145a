/* Dense operands reached through structure members, as people write
   them: a problem's vectors behind a pointer (p->x[j], p->xn[i] = ...),
   a structure passed by value (s.x[j]), a chain (t->q->x[j]), a
   member that is an array (w->v[i]) and scalar members read as values
   (c->alpha).  Each member is one operand, named
   as written, read where the loops start.  The in-place calls (output
   and input one vector) take the loops as written, the overlap check
   seeing through the members.  nest-members-openmp.c builds it with
   -fopenmp (the Jacobi sweep's pragma then honoured).  The diagonal is
   2 or 4 and the other entries multiples of 1/4, so that every sum is
   exact whatever its order.  */
#include "sparse-run.h"

struct prob
{
  int n;
  double *b, *x, *xn;
};

struct vec
{
  double v[64];
};

struct two
{
  struct prob *q;
  struct vec *w;
};

static void
sweep_omp (struct prob *p, double A[p->n][p->n] SPARSE ("CSR"))
{
  int i, j;
#ifdef _OPENMP
#pragma omp parallel for private(j)
#endif
  for (i = 0; i < p->n; i++)	/* { dg-message "loop nest sparsified: p->xn.i. = .p->b.i. - sum.j, j != i . A.i,j. . p->x.j. : 0.. / sum.i_2, i_2 == i . A.i,i_2. : 0.; A: CSR; loops: i for.*j for over A, i_2 for over A; p->xn: dense" } */
    {
      double s = p->b[i];
      for (j = 0; j < p->n; j++)
        if (j != i)
          s -= A[i][j] * p->x[j];
      p->xn[i] = s / A[i][i];
    }
}

static void
sweep (struct prob *p, double A[p->n][p->n] SPARSE ("CSR"))
{
  for (int i = 0; i < p->n; i++)	/* { dg-message "loop nest sparsified: p->xn.i. = .p->b.i. - sum.j, j != i . A.i,j. . p->x.j. : 0.. / sum" } */
    {
      double s = p->b[i];
      for (int j = 0; j < p->n; j++)
        if (j != i)
          s -= A[i][j] * p->x[j];
      p->xn[i] = s / A[i][i];
    }
}

static double
residual (struct prob *p, double A[p->n][p->n] SPARSE ("CSR"))
{
  double r = 0, s;
  for (int i = 0; i < p->n; i++)	/* { dg-message "loop nest sparsified: split into 2 kernels over temporaries 't0' dense: t0.i. = sum.j, A.i,j. . p->x.j..; r .= sum.i, .t0.i. - p->b.i.. " } */
    {
      s = 0;
      for (int j = 0; j < p->n; j++)
        s += A[i][j] * p->x[j];
      r += (s - p->b[i]) * (s - p->b[i]);
    }
  return r;
}

/* y = A x, y and x members of one structure: p->xn as y.  */
static void
spmv (struct prob *p, double A[p->n][p->n] SPARSE ("CSR"))
{
  for (int i = 0; i < p->n; i++)	/* { dg-message "loop nest sparsified: p->xn.i. = sum.j, A.i,j. . p->x.j..; A: CSR" } */
    {
      p->xn[i] = 0;
      for (int j = 0; j < p->n; j++)
        p->xn[i] += A[i][j] * p->x[j];
    }
}

static void
by_value (struct prob s, double A[s.n][s.n] SPARSE ("CSR"))
{
  for (int i = 0; i < s.n; i++)	/* { dg-message "loop nest sparsified: s.xn.i. .= sum.j, A.i,j. . s.x.j. . s.b.j..; A: CSR" } */
    for (int j = 0; j < s.n; j++)
      s.xn[i] += A[i][j] * s.x[j] * s.b[j];
}

/* A chain of members and a member array, the output.  */
static void
chain (struct two *t, int n, double A[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: t->w->v.i. .= sum.j, A.i,j. . t->q->x.j..; A: CSR" } */
    for (int j = 0; j < n; j++)
      t->w->v[i] += A[i][j] * t->q->x[j];
}

/* A member array, an input.  */
static void
from_array (struct vec *w, int n, double y[n], double A[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . w->v.j..; A: CSR" } */
    {
      y[i] = 0;
      for (int j = 0; j < n; j++)
        y[i] += A[i][j] * w->v[j];
    }
}

struct coef
{
  double alpha;
  float beta;
  int shift;
};

/* Scalar members read as values: a double, a float and an int.  */
static void
scaled (const struct coef *c, int n, double y[n],
        double A[n][n] SPARSE ("CSR"), const double *x)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = .*c->alpha.*c->beta.*c->shift" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = c->alpha * s + c->beta * x[i] + c->shift;
    }
}

/* An N x N matrix with a diagonal of 2 or 4 and an entry where the hash
   is 0 mod MOD off it.  */
static sp_tensor *
matrix (int n, int mod)
{
  sp_tensor *t = sr_check (sp_new ("csr", SP_F64, 2, (int64_t[]) { n, n }),
                           "csr");
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < n; j++)
      {
        uint32_t h = sr_hash (i, j, 0, 13);
        if (i == j)
          sp_insert (t, (int64_t[]) { i, j }, 2 << (i % 2));
        else if (h % mod == 0)
          sp_insert (t, (int64_t[]) { i, j }, sr_val (h));
      }
  return t;
}

static void
pr (const char *what, const double *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %a", a[i]);
  printf ("\n");
}

static void
run (int n, int mod)
{
  sp_tensor *A = matrix (n, mod);
  double *mem = calloc (4 * (size_t) n + 1, sizeof *mem);
  struct prob p = { n, mem, mem + n, mem + 2 * n };
  struct vec w;
  struct two t = { &p, &w };
  printf ("n %d, 1 in %d\n", n, mod);
  sr_fill (p.b, n, 5, 1);
  for (int it = 0; it < 3; it++)
    {
      sweep (&p, sp_array (A));
      pr ("sweep", p.xn, n);
      sweep_omp (&p, sp_array (A));
      pr ("sweep_omp", p.xn, n);
      for (int i = 0; i < n; i++)
        p.x[i] = p.xn[i];
    }
  printf ("residual %a\n", residual (&p, sp_array (A)));
  spmv (&p, sp_array (A));
  pr ("spmv", p.xn, n);
  /* In place: y and x one vector.  */
  sr_fill (p.x, n, 7, 1);
  p.xn = p.x;
  spmv (&p, sp_array (A));
  pr ("spmv in place", p.x, n);
  sr_fill (p.x, n, 7, 1);
  p.xn = mem + 2 * n;
  by_value (p, sp_array (A));
  pr ("by value", p.xn, n);
  sr_fill (w.v, n, 9, 1);
  chain (&t, n, sp_array (A));
  pr ("chain", w.v, n);
  from_array (&w, n, p.xn, sp_array (A));
  pr ("from array", p.xn, n);
  struct coef c = { 0.75, -1.5f, 3 };
  scaled (&c, n, p.xn, sp_array (A), w.v);
  pr ("scaled", p.xn, n);
  /* The output a member array, the input that array.  */
  p.x = w.v;
  chain (&t, n, sp_array (A));
  pr ("chain in place", w.v, n);
  free (mem);
  sp_free (A);
}

int
main (void)
{
  run (1, 1);
  run (5, 2);
  run (17, 3);
  run (64, 5);
  return 0;
}
