/* Reads in conditions, as arguments, as indices, in short-circuit
   operands and loop conditions; writes of a value used by the
   expression around them.  */
#include <stdio.h>
#include <sparse.h>

static double twice (double x) { return 2 * x; }

static double
scan (int n, double v[n] SPARSE ("CU"), int idx[n] SPARSE ("D"))
{
  double s = 0;
  for (int i = 0; i < n; i++)
    if (v[i] > 1 && v[i] < 5)
      s += twice (v[i]);
    else if (v[i] != 0)
      s -= v[i];
  int k = 0;
  while (k < n && v[k] == 0)
    k++;
  s += k * 1000;
  for (int i = 0; i < n; i++)
    s += v[idx[i]] * (i + 1);
  s += (n > 3 && v[3] > 0) ? v[3] : -1;
  s += (n > 100 && v[100] > 0);	/* v[100] is never read */
  return s;
}

int
main (void)
{
  enum { N = 9 };
  int64_t d[1] = { N };
  sp_tensor *v = sp_new ("CU", SP_F64, 1, d);
  sp_tensor *x = sp_new ("D", SP_I32, 1, d);
  for (int i = 0; i < N; i++)
    {
      if (i % 3 == 2)
        sp_insert (v, (int64_t[]) { i }, i * 0.75);
      sp_insert (x, (int64_t[]) { i }, (i * 5) % N);
    }
  printf ("%.12g\n", scan (N, sp_array (v), sp_array (x)));

  double L[6] SPARSE ("CU");
  for (int i = 0; i < 6; i++)
    L[i] = 0;
  double y = (L[2] = 4) + 1;
  double z = twice (L[3] = y);
  int c = 0;
  if ((L[4] = 0))
    c = 1;
  if ((L[5] = 2))
    c += 2;
  printf ("%g %g %d %g %g %g\n", y, z, c, L[2], L[3], L[5]);
  sp_free (v);
  sp_free (x);
  return 0;
}
