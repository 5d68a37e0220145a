/* Loops left to element access that walk one line of a matrix and do
   nothing where the element is zero, run over the line's stored
   entries, their bodies as written: a breadth-first search (levels and
   a flag; its guard also as `if (...) continue;`), Bellman-Ford's
   relaxations (the distance read and written in the loop's order), a
   column of a CSC matrix walked by its rows, a triangular start with the
   variable used after the loop, a break, a continue, a narrow variable
   under a bound below the extent, a guard of an int matrix, a
   side-effect-free test before the element's, walks nested in walks
   (vertices two steps away), walks under the program's `#pragma omp
   parallel for` (the construct refused, each thread walking rows of its
   own), and the same loops over a matrix with inserts pending (run over
   every coordinate, through the runtime, from several threads at once
   under the construct).  The matrices store explicit zeros.  Values are
   printed with %a.  */
/* { dg-options "-fopenmp" } */
#include <math.h>
#include "sparse-run.h"

enum { N = 40 };

static void
bfs (double A[N][N] SPARSE ("CSR"), int level[N], int src)
{
  for (int i = 0; i < N; i++)
    level[i] = -1;
  level[src] = 0;
  int changed = 1;
  for (int depth = 0; changed; depth++)
    {
      changed = 0;
      for (int i = 0; i < N; i++)
	if (level[i] == depth)
	  for (int j = 0; j < N; j++)	/* { dg-message "loop .j. visits only the entries .A. stores in the line it reads" } */
	    if (A[i][j] != 0 && level[j] < 0)
	      {
		level[j] = depth + 1;
		changed = 1;
	      }
    }
}

/* The same search with its guard as `if (...) continue;` and a local
   declared after it.  */
static void
bfs_continue (double A[N][N] SPARSE ("CSR"), int level[N], int src)
{
  for (int i = 0; i < N; i++)
    level[i] = -1;
  level[src] = 0;
  int changed = 1;
  for (int depth = 0; changed; depth++)
    {
      changed = 0;
      for (int i = 0; i < N; i++)
	{
	  if (level[i] != depth)
	    continue;
	  for (int j = 0; j < N; j++)	/* { dg-message "loop .j. visits only the entries .A. stores in the line it reads" } */
	    {
	      if (level[j] >= 0 || !A[i][j])
		continue;
	      int next = depth + 1;
	      level[j] = next;
	      changed = 1;
	    }
	}
    }
}

static void
bellman_ford (double A[N][N] SPARSE ("CSR"), double d[N])
{
  for (int i = 0; i < N; i++)
    d[i] = 1e30;
  d[0] = 0;
  for (int it = 0; it < 4; it++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)	/* { dg-message "loop .j. visits only the entries .A. stores in the line it reads" } */
	if (A[i][j] != 0 && d[i] + fabs (A[i][j]) * 0.3 < d[j])
	  d[j] = d[i] + fabs (A[i][j]) * 0.3;
}

/* Column c of a CSC matrix, walked along its rows.  */
static double
column_sum (double A[N][N] SPARSE ("CSC"), int c)
{
  double s = 0;
  for (int i = 0; i < N; i++)	/* { dg-message "loop .i. visits only the entries .A. stores in the line it reads" } */
    if (A[i][c])
      s = s * 0.5 + A[i][c] * (i + 1);
  return s;
}

/* The upper triangle from i + 1; j after the loop is where the dense
   loop leaves it (N, or the column of a break).  */
static long
upper (double A[N][N] SPARSE ("CSR"), int stop_at)
{
  long acc = 0;
  int j;
  for (int i = 0; i < N; i++)
    {
      for (j = i + 1; j < N; j++)	/* { dg-message "loop .j. visits only the entries .A. stores in the line it reads" } */
	if (A[i][j] > 0)
	  {
	    if (j == stop_at)
	      break;
	    if (j % 3 == 0)
	      continue;
	    acc += j;
	  }
      acc = (acc * 3 + j) % 1000003;
    }
  return acc;
}

/* A narrow loop variable and a bound below the extent: the entries past
   it are not converted into the variable's range.  */
static int
narrow_var (double A[N][N] SPARSE ("CSR"))
{
  int s = 0;
  for (int i = 0; i < N; i++)
    {
      unsigned char j;
      for (j = 4; j < 30; j++)	/* { dg-message "loop .j. visits only the entries .A. stores in the line it reads" } */
	if (A[i][j] != 0)
	  s += j * (i + 1);
      s += j;
    }
  return s;
}

static int
count_positive (int B[N][N] SPARSE ("CSR"), const unsigned char mask[N])
{
  int c = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)	/* { dg-message "loop .j. visits only the entries .B. stores in the line it reads" } */
      if (mask[j] && B[i][j] > 2 && (i + j) % 5 != 2)
	c += B[i][j] + (c & 7);
  return c;
}

/* Walks in walks: the vertices two steps from each vertex, each
   counted once (a mark per vertex), which the sparse loops of a nest
   cannot say (mark is read where it is written).  */
static long
two_steps (double A[N][N] SPARSE ("CSR"), int mark[N])
{
  long t = 0;
  for (int k = 0; k < N; k++)
    mark[k] = -1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)	/* { dg-message "loop .j. visits only the entries .A. stores in the line it reads" } */
      if (A[i][j] != 0)
	for (int k = 0; k < N; k++)	/* { dg-message "loop .k. visits only the entries .A. stores in the line it reads" } */
	  if (A[j][k] != 0 && mark[k] != i)
	    {
	      mark[k] = i;
	      t += k + 1;
	    }
  return t;
}

/* Under the program's `parallel for`, which the nest's reader refuses
   (mark is read in loop j before it is set there): each row's first
   column of the largest level it meets, and that level.  */
static void
omp_marks (double A[N][N] SPARSE ("CSR"), const int lv[N], int first[N],
	   int last[N])
{
#pragma omp parallel for
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest not sparsified: mark is read in loop j before it is set there" } */
    {
      int mark = -1;
      first[i] = -1;
      for (int j = 0; j < N; j++)	/* { dg-message "loop .j. visits only the entries .A. stores in the line it reads" } */
	if (A[i][j] != 0 && lv[j] > mark)
	  {
	    mark = lv[j];
	    first[i] = j;
	  }
      last[i] = mark;
    }
}

static sp_tensor *
graph (const char *fmt, int seed)
{
  sp_tensor *t = sr_matrix (fmt, N, N, seed, 6);
  for (int i = 0; i < N; i++)
    {
      sp_insert (t, (int64_t[]) { i, (i + 1) % N }, 0.5 + i % 3);
      if (i % 5 == 0)
	sp_insert (t, (int64_t[]) { i, (i * 7) % N }, 0.0);
    }
  return t;
}

static void
run (sp_tensor *a, sp_tensor *c, sp_tensor *b, const char *what)
{
  double (*A)[N] = sp_array (a), (*C)[N] = sp_array (c);
  int (*B)[N] = sp_array (b);
  int level[N];
  double d[N];
  unsigned char mask[N];
  for (int j = 0; j < N; j++)
    mask[j] = j % 4 != 1;
  printf ("%s\n", what);
  bfs (A, level, 3);
  for (int i = 0; i < N; i++)
    printf (" %d", level[i]);
  printf ("\n");
  bfs_continue (A, level, 5);
  for (int i = 0; i < N; i++)
    printf (" %d", level[i]);
  printf ("\n");
  bellman_ford (A, d);
  for (int i = 0; i < N; i++)
    printf (" %a", d[i]);
  printf ("\n");
  for (int col = 0; col < N; col += 7)
    printf (" %a", column_sum (C, col));
  printf ("\n");
  printf ("upper %ld %ld\n", upper (A, -1), upper (A, 17));
  printf ("count %d\n", count_positive (B, mask));
  printf ("narrow %d\n", narrow_var (A));
  printf ("two steps %ld\n", two_steps (A, level));
  int lv[N], first[N], last[N];
  for (int j = 0; j < N; j++)
    lv[j] = (j * 7) % 11;
  omp_marks (A, lv, first, last);
  for (int i = 0; i < N; i++)
    printf (" %d:%d", first[i], last[i]);
  printf ("\n");
}

int
main (void)
{
  sp_tensor *a = graph ("CSR", 5), *c = sr_as (a, "CSC");
  sp_tensor *b = sr_check (sp_new ("CSR", SP_I32, 2, (int64_t[]) { N, N }),
			   "CSR");
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (sr_hash (i, j, 0, 9) % 3 == 0)
	sp_insert (b, (int64_t[]) { i, j }, (double) (sr_hash (i, j, 1, 9) % 9) - 3);
  run (a, c, b, "assembled");
  /* Inserts pending in all three: the loops run over every coordinate,
     each element read through the runtime, which assembles them.  */
  sp_insert (a, (int64_t[]) { 7, 30 }, 2.0);
  sp_insert (c, (int64_t[]) { 30, 7 }, -1.5);
  sp_insert (b, (int64_t[]) { 2, 3 }, 5);
  run (a, c, b, "pending");
  sp_free (a);
  sp_free (c);
  sp_free (b);
  return 0;
}
