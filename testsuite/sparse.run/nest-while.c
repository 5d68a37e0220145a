/* Loop nests written with while loops: `i = 0; while (i < n) { ...;
   i++; }` is the for loop `for (i = 0; i < n; i++)`, as an outer loop,
   an inner one or both, stepped by i++, ++i, i += 1 or i = i + 1,
   counting down (i--), and the unsigned `while (i-- > 0)`; its variable
   used after the loops ends as the while loop leaves it.  While loops
   that are not for loops stay as written, element by element, and mean
   the same: a continue (which skips the step at the end), a step
   before the end of the body, a start that is not the statement just
   before.  A converged iteration around them (power iteration) keeps
   its own while loop.  */
#include "sparse-run.h"

/* The product, outer loop a while.  */
static void
spmv_while (int n, double A[n][n] SPARSE ("CSR"), const double *x, double *y)
{
  int i = 0;
  while (i < n)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = s;
      i++;
    }
}

/* Inner loop a while.  */
static void
spmv_inner (int n, double A[n][n] SPARSE ("CSR"), const double *x, double *y)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double s = 0;
      int j = 0;
      while (j < n)
        {
          s += A[i][j] * x[j];
          ++j;
        }
      y[i] = s;
    }
}

/* Both, stepped by += 1 and = + 1; the variables set by assignments
   and used after the loops: n and n.  */
static int
spmv_both (int n, double A[n][n] SPARSE ("CSR"), const double *x, double *y)
{
  int i, j = -5;
  i = 0;
  while (i < n)	/* { dg-message "loop nest sparsified" } */
    {
      y[i] = 0;
      j = 0;
      while (j < n)
        {
          y[i] += A[i][j] * x[j];
          j += 1;
        }
      i = i + 1;
    }
  return i * 1000 + j;
}

/* Back substitution counting down, the row's terms a while too; the
   order matters (x[j], j > i, is read after it is written).  */
static int
backsub_while (int n, double U[n][n] SPARSE ("CSR"), const double *b,
               double *x)
{
  int i = n - 1;
  while (i >= 0)	/* { dg-message "loop nest sparsified: x.i. = .b.i. - sum.j, j >= i . 1 . U.i,j. . x.j. : 0.. / sum.i_2, i_2 == i . U.i,i_2. : 0.; U: CSR; loops: i for down, j for over U, i_2 for over U; x: dense" } */
    {
      double s = b[i];
      int j = i + 1;
      while (j < n)
        {
          s -= U[i][j] * x[j];
          j++;
        }
      x[i] = s / U[i][i];
      i--;
    }
  return i;
}

/* The unsigned idiom, and i declared just before but read after: it
   ends wrapped, as the while loop leaves it.  */
static size_t
rspmv_size (size_t n, double *y, double A[n][n] SPARSE ("CSR"),
            const double *x)
{
  size_t i = n;
  while (i-- > 0)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A down; y: dense" } */
    {
      size_t j = n;
      while (j-- > 0)
        y[i] += A[i][j] * x[j];
    }
  return i;
}

/* A sum over all the entries, k declared before and returned: n.  */
static int
total (int n, double A[n][n] SPARSE ("DCSR"), double *sum)
{
  double s = *sum;
  int k = 0;
  while (k < n)	/* { dg-message "loop nest sparsified: s .= sum.k, sum.j, A.k,j...; A: DCSR; loops: k for over A, j for over A; s: scalar" } */
    {
      for (int j = 0; j < n; j++)
        s += A[k][j];
      k += 1;
    }
  *sum = s;
  return k;
}

/* The strict upper triangle, each row's terms from the end down to the
   diagonal: the inner while loop's variable declared just before it.  */
static void
upper_rev (int n, double *y, double A[n][n] SPARSE ("CSR"), const double *x)
{
  int i = 0;
  while (i < n)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j >= i . 1 . A.i,j. . x.j. : 0.; A: CSR; loops: i for, j for over A down; y: dense" } */
    {
      int j = n - 1;
      while (j > i)
        {
          y[i] += A[i][j] * x[j];
          j--;
        }
      i++;
    }
}

/* A for loop whose variable is declared just before it and read after
   it ends as it leaves it, as a while loop's does: n.  */
static int
for_after (int n, double A[n][n] SPARSE ("CSR"), const double *x, double *y)
{
  int i = 0;
  for (; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
  return i;
}

/* A continue: in the while loop it skips the step, which the body
   makes itself first.  Left as written, the nest inside too: its
   reason says why.  */
static int
skip_rows (int n, double A[n][n] SPARSE ("CSR"), const double *x, double *y)
{
  int i = 0;
  while (i < n)
    {
      if (i % 3 == 1)
        {
          i++;
          continue;
        }
      double s = 0;
      for (int j = 0; j < n; j++)	/* { dg-message "loop nest not sparsified: subscript i of A is not the variable of a loop of the nest: the while loop of i around it, on line 161, is not read as a counted for loop: its body has a continue, which skips the step of i at its end: where each continue should step i, write the loop as a for loop, whose continue runs its step" } */
        s += A[i][j] * x[j];
      y[i] = s;
      i++;
    }
  return i;
}

/* A continue of the loop inside is that loop's: the while loop is a for
   loop.  */
static void
skip_cols (int n, double A[n][n] SPARSE ("CSR"), const double *x, double *y)
{
  int i = 0;
  while (i < n)	/* { dg-message "loop nest sparsified" } */
    {
      for (int j = 0; j < n; j++)
        {
          if (j % 3 == 1)
            continue;
          y[i] += A[i][j] * x[j];
        }
      i++;
    }
}

/* The step before the end of the body: the loop's own reads, and the
   nest inside.  */
static int
step_first (int n, double A[n][n] SPARSE ("CSR"), const double *x, double *y)
{
  int i = 0;
  while (i < n)	/* { dg-message "loop not sparsified: .A. accessed element by element through the runtime: this .while. loop is not read as a counted .for. loop: i is stepped in its body, not by its last statement: make the step" } */
    {
      for (int j = 0; j < n; j++)	/* { dg-message "subscript i of . is not the variable of a loop of the nest: the while loop of i around it, on line 201, is not read as a counted for loop: i is stepped in its body, not by its last statement" } */
        y[i] += A[i][j] * x[j];
      i++;
      y[i - 1] += A[i - 1][i - 1];
    }
  return i;
}

/* The start not just before the loop.  */
static int
start_apart (int n, double A[n][n] SPARSE ("CSR"), const double *x, double *y)
{
  int i = 0;
  double t = 1;
  while (i < n)
    {
      for (int j = 0; j < n; j++)	/* { dg-message "the while loop of i around it, on line 217, is not read as a counted for loop: i is not set by the statement just before it: write 'i = start;' .or declare 'int i = start;'. right before the while" } */
        y[i] += t * A[i][j] * x[j];
      i++;
    }
  return i;
}

/* Power iteration: the iterations a while loop, whose variable indexes
   nothing, around the product (a while) and the normalisation.  */
static double
power (int n, double A[n][n] SPARSE ("CSR"), double *x, double *y, int iters)
{
  double lambda = 0;
  int it = 0;
  while (it < iters)
    {
      int i = 0;
      while (i < n)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
        {
          double s = 0;
          int j = 0;
          while (j < n)
            {
              s += A[i][j] * x[j];
              j++;
            }
          y[i] = s;
          i++;
        }
      double nrm = 0;
      for (int k = 0; k < n; k++)
        nrm += y[k] * y[k];
      lambda = nrm;
      for (int k = 0; k < n; k++)
        x[k] = y[k] / 64;
      it++;
    }
  return lambda;
}

/* Relaxation along a row (a walk of the row's stored entries), the row
   loop a while, in an iteration that ends when nothing changes.  */
static void
relax (int n, double A[n][n] SPARSE ("CSR"), double *d)
{
  int changed = 1;
  while (changed)
    {
      changed = 0;
      int i = 0;
      while (i < n)
        {
          int j = 0;
          while (j < n)
            {
              if (A[i][j] != 0 && d[i] + A[i][j] < d[j])
                {
                  d[j] = d[i] + A[i][j];
                  changed = 1;
                }
              j++;
            }
          i++;
        }
    }
}

static void
pr (const char *what, const double *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %g", a[i]);
  printf ("\n");
}

static void
run (int n)
{
  sp_tensor *A = sr_matrix ("CSR", n, n, 3, 3);
  sp_tensor *D = sr_matrix ("DCSR", n, n, 4, 4);
  sp_tensor *U = sp_new ("CSR", SP_F64, 2, (int64_t[]) { n, n });
  sp_tensor *P = sp_new ("CSR", SP_F64, 2, (int64_t[]) { n, n });
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = i; j < n; j++)
      {
        uint32_t h = sr_hash (i, j, 0, 7);
        if (i == j)
          sp_insert (U, (int64_t[]) { i, j }, 2 + h % 3);
        else if (h % 3 == 0)
          sp_insert (U, (int64_t[]) { i, j }, sr_val (h));
      }
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < n; j++)
      if (i != j && sr_hash (i, j, 0, 11) % 4 == 0)
        sp_insert (P, (int64_t[]) { i, j }, 1 + sr_hash (i, j, 0, 12) % 5);
  double *x = malloc ((n + 1) * sizeof *x), *y = malloc ((n + 1) * sizeof *y);
  double *b = malloc ((n + 1) * sizeof *b);
  printf ("n %d\n", n);
#define RESET()                                 \
  for (int i = 0; i < n; i++)                   \
    {                                           \
      x[i] = (i % 5) - 2 + 0.5;                 \
      y[i] = i % 2 ? 1 : 0;                     \
      b[i] = i % 7 - 3;                         \
    }
  RESET ();
  spmv_while (n, sp_array (A), x, y);
  pr ("spmv_while", y, n);
  RESET ();
  spmv_inner (n, sp_array (A), x, y);
  pr ("spmv_inner", y, n);
  RESET ();
  printf ("spmv_both %d\n", spmv_both (n, sp_array (A), x, y));
  pr ("spmv_both", y, n);
  RESET ();
  printf ("backsub %d\n", backsub_while (n, sp_array (U), b, x));
  pr ("backsub", x, n);
  RESET ();
  printf ("rspmv_size %zu\n", rspmv_size (n, y, sp_array (A), x) + 1);
  pr ("rspmv_size", y, n);
  RESET ();
  y[0] = 0.25;
  printf ("total %d\n", total (n, sp_array (D), y));
  pr ("total", y, 1);
  RESET ();
  upper_rev (n, y, sp_array (A), x);
  pr ("upper_rev", y, n);
  RESET ();
  printf ("for_after %d\n", for_after (n, sp_array (A), x, y));
  pr ("for_after", y, n);
  RESET ();
  printf ("skip_rows %d\n", skip_rows (n, sp_array (A), x, y));
  pr ("skip_rows", y, n);
  RESET ();
  skip_cols (n, sp_array (A), x, y);
  pr ("skip_cols", y, n);
  RESET ();
  printf ("step_first %d\n", step_first (n, sp_array (A), x, y));
  pr ("step_first", y, n);
  RESET ();
  printf ("start_apart %d\n", start_apart (n, sp_array (A), x, y));
  pr ("start_apart", y, n);
  RESET ();
  printf ("power %g\n", power (n, sp_array (A), x, y, 3));
  pr ("power", x, n);
  for (int i = 0; i < n; i++)
    y[i] = i == 0 ? 0 : 1e9;
  relax (n, sp_array (P), y);
  pr ("relax", y, n);
  sp_free (A);
  sp_free (D);
  sp_free (U);
  sp_free (P);
  free (x);
  free (y);
  free (b);
}

int
main (void)
{
  run (1);
  run (9);
  run (40);
  return 0;
}
