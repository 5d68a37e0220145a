/* GNU C nested functions use the tagged arrays of their parent.  */
#include <stdio.h>
#include <sparse.h>

double G[4] SPARSE ("CU");

static double
outer (int n, double P[n] SPARSE ("CU"))
{
  double L[5][5] SPARSE ("CSR");
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 5; j++)
      L[i][j] = 0;
  void set (int i, double v) { L[i][i] = v; G[i % 4] += v; }
  double get (int i) { return L[i][i] + P[i % n] + G[i % 4]; }
  for (int i = 0; i < 5; i++)
    set (i, i * 1.5);
  double s = 0;
  for (int i = 0; i < 5; i++)
    s += get (i);
  return s;
}

int
main (void)
{
  int64_t d[1] = { 3 };
  sp_tensor *p = sp_new ("CU", SP_F64, 1, d);
  sp_insert (p, (int64_t[]) { 1 }, 7);
  printf ("%g\n", outer (3, sp_array (p)));
  printf ("%g\n", outer (3, sp_array (p)));
  sp_free (p);
  return 0;
}
