/* Tagged locals leave scope by break, continue, return and goto; each
   pass through a declaration gets a fresh all-zero array.  */
#include <stdio.h>
#include <sparse.h>

static int
early (int n)
{
  for (int r = 0; r < n; r++)
    {
      double T[4][4] SPARSE ("CSR");
      for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
          T[i][j] = 0;
      T[r % 4][(r + 1) % 4] = r;
      if (r == 2)
        continue;
      if (r == 5)
        break;
      if (r == 4)
        return (int) T[0][1] + 100;
    }
  return -1;
}

static double
jumps (int k)
{
  double acc = 0;
  int round = 0;
again:
  {
    double V[8] SPARSE ("CU");
    for (int i = 0; i < 8; i++)
      V[i] = 0;
    V[round] = round + k;
    acc += V[round] * 10 + V[(round + 1) % 8];
    round++;
    if (round < 3)
      goto again;
  }
  return acc;
}

int
main (void)
{
  printf ("%d %d %d\n", early (3), early (5), early (7));
  printf ("%g\n", jumps (2));
  return 0;
}
