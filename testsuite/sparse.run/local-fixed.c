/* A fixed-size tagged local: writes, reads, compound assignments,
   increments, writing zero, reading after writing.  */
#include <stdio.h>
#include <sparse.h>

static double
work (int n)
{
  double L[5][7] SPARSE ("CSR");
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 7; j++)
      L[i][j] = 0;
  for (int i = 0; i < 5; i++)
    L[i][(i * 3) % 7] = i + n;
  L[1][3] += 2.5;
  L[2][6] -= 1;
  L[4][5] = L[1][3] * 2;
  L[4][5] *= 3;
  L[0][0] /= 4;
  L[3][2]++;
  ++L[3][2];
  L[2][6]--;
  double old = L[3][2]++;
  double pre = --L[4][5];
  L[1][3] = 0;			/* writing zero removes the value */
  double chain = L[0][1] = L[0][2] = 1.5;
  double s = old + pre + chain;
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 7; j++)
      s = s * 1.5 + L[i][j];
  return s;
}

int
main (void)
{
  printf ("%.12g\n", work (3));
  printf ("%.12g\n", work (-2));
  return 0;
}
