/* Finite-element assembly: the 8 x 8 matrices of the hexahedra of a
   P x P x P grid added into the global matrix element by element
   (K[c[a]][c[b]] += ke[a][b]), then the first product with it.  The
   matrix starts empty; the argument is the grid's P (default 16: 4913
   nodes, 4096 elements, 262144 additions).  */
#include "adopt.h"

static void
assemble (int n, double K[n][n] SPARSE (ADOPT_FMT), int p)
{
  int m = p + 1;
  for (int ez = 0; ez < p; ez++)
    for (int ey = 0; ey < p; ey++)
      for (int ex = 0; ex < p; ex++)
        {
          int c[8];
          double ke[8][8], h = 1 + (ex + 2 * ey + 3 * ez) % 4;
          for (int a = 0; a < 8; a++)
            c[a] = ((ez + (a >> 2)) * m + ey + (a >> 1 & 1)) * m + ex
                   + (a & 1);
          for (int a = 0; a < 8; a++)
            for (int b = 0; b < 8; b++)
              ke[a][b] = a == b ? 7 * h : -h;
          for (int a = 0; a < 8; a++)
            for (int b = 0; b < 8; b++)
              K[c[a]][c[b]] += ke[a][b];
        }
}

static void
product (int n, double K[n][n] SPARSE (ADOPT_FMT), const double x[n],
         double y[n])
{
  for (int i = 0; i < n; i++)
    {
      y[i] = 0;
      for (int j = 0; j < n; j++)
        y[i] += K[i][j] * x[j];
    }
}

int
main (int argc, char **argv)
{
  int p = argc > 1 ? atoi (argv[1]) : 16, n = (p + 1) * (p + 1) * (p + 1);
  int64_t dims[2] = { n, n };
  sp_tensor *t = sp_new (ADOPT_FMT, SP_F64, 2, dims);
  double *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y), s = 0;
  for (int i = 0; i < n; i++)
    x[i] = i % 7 + 1;
  void *k = sp_array (t);
  double t0 = adopt_now ();
  assemble (n, k, p);
  double t1 = adopt_now ();
  product (n, k, x, y);
  double t2 = adopt_now ();
  for (int i = 0; i < n; i++)
    s += (i % 5 + 1) * y[i];
  printf ("fem assembly %.4f s first product %.4f s checksum %.17g\n",
          t1 - t0, t2 - t1, s);
  free (x);
  free (y);
  sp_free (t);
  return 0;
}
