/* Walks of a row left by return, by goto, a queue's breadth-first search
   whose unsigned loop runs to <= N - 1 from 1, and a walk inside the
   program's omp parallel for with a reduction (the construct refused
   for the variable its rows carry): each loop runs over the row's
   stored entries and gives what the dense loops give.  */
/* { dg-options "-fopenmp" } */
#include "sparse-run.h"

enum { N = 50 };
static int first_big (double A[N][N] SPARSE ("CSR"), int i)
{
  for (int j = 0; j < N; j++)	/* { dg-message "loop .j. visits only the entries .A. stores in the line it reads" } */
    if (A[i][j] != 0 && A[i][j] > 1.5)
      return j;
  return -1;
}
static int with_goto (double A[N][N] SPARSE ("CSR"))
{
  int found = -1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)	/* { dg-message "loop .j. visits only the entries .A. stores in the line it reads" } */
      if (A[i][j] != 0 && (i * j) % 17 == 5)
        { found = i * 100 + j; goto out; }
 out:
  return found;
}
static long queue_walk (double A[N][N] SPARSE ("CSR"), int *q, int *seen)
{
  int head = 0, tail = 0; long s = 0;
  for (int k = 0; k < N; k++) seen[k] = 0;
  q[tail++] = 0; seen[0] = 1;
  while (head < tail)
    {
      int u = q[head++];
      for (size_t v = 1; v <= N - 1; v++)	/* { dg-message "loop .v. visits only the entries .A. stores in the line it reads" } */
        if (A[u][v] != 0 && !seen[v])
          { seen[v] = 1; q[tail++] = (int) v; s += (long) v * u; }
    }
  return s * 1000 + tail;
}
static long omp_count (double A[N][N] SPARSE ("CSR"), const int *lv)
{
  long c = 0;
#pragma omp parallel for reduction(+:c)
  for (int i = 0; i < N; i++)
    {
      int mark = 0;
      for (int j = 0; j < N; j++)	/* { dg-message "loop .j. visits only the entries .A. stores in the line it reads" } */
        if (A[i][j] != 0 && lv[j] > mark)
          { mark = lv[j]; c += mark + i; }
    }
  return c;
}
int main (void)
{
  sp_tensor *t = sp_new ("CSR", SP_F64, 2, (int64_t[]) { N, N });
  for (int k = 0; k < 300; k++)
    {
      uint32_t h = sr_hash (k, 0, 0, 7);
      sp_insert (t, (int64_t[]) { h % N, (h / N) % N }, (h / (N * N) % 7) * 0.5);
    }
  double (*A)[N] = sp_array (t);
  int q[N * N], seen[N], lv[N];
  for (int j = 0; j < N; j++) lv[j] = (j * 7) % 11;
  for (int i = 0; i < N; i += 7) printf ("%d ", first_big (A, i));
  printf ("\ngoto %d\nqueue %ld\nomp %ld\n", with_goto (A), queue_walk (A, q, seen), omp_count (A, lv));
  sp_free (t);
  return 0;
}
