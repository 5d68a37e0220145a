/* Tagged arrays of static storage: a public and a static file-scope array
   and a static local keep their contents across calls; all start zero.  */
#include <stdio.h>
#include <sparse.h>

double G[50][40] SPARSE ("DCSR");
static int H[1000] SPARSE ("CU");

static void
bump (int k)
{
  static double S[10][10] SPARSE ("CSR");
  S[k % 10][(k * 3) % 10] += k;
  double s = 0;
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 10; j++)
      s += S[i][j] * (i + 1);
  printf ("bump %d %g\n", k, s);
}

static void
fill (int round)
{
  for (int i = 0; i < 50; i += 7)
    G[i][(i + round) % 40] += round + 0.5;
  H[(round * 37) % 1000] = round * 11;
}

int
main (void)
{
  for (int r = 0; r < 5; r++)
    {
      fill (r);
      bump (r * 4);
    }
  double s = 0;
  for (int i = 0; i < 50; i++)
    for (int j = 0; j < 40; j++)
      s += G[i][j] * (i - j);
  long h = 0;
  for (int k = 0; k < 1000; k++)
    h += (long) H[k] * k;
  printf ("%g %ld %g\n", s, h, G[14][16]);
  return 0;
}
