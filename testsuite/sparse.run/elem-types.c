/* Every element type, with C's conversions on the way in and out.  */
#include <stdio.h>
#include <stdint.h>
#include <sparse.h>

int
main (void)
{
  double D[4] SPARSE ("CU");
  float F[4] SPARSE ("CU");
  int32_t I[4] SPARSE ("CU");
  int64_t L[4] SPARSE ("CU");
  int J[2][2] SPARSE ("CSR");
  long K[2][2] SPARSE ("DCSR");
  for (int k = 0; k < 4; k++)
    {
      D[k] = 0;
      F[k] = 0;
      I[k] = 0;
      L[k] = 0;
    }
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      {
        J[i][j] = 0;
        K[i][j] = 0;
      }
  D[1] = 1.0 / 3;
  F[1] = 1.0 / 3;		/* rounded to float */
  I[1] = 7.9;			/* truncated */
  I[2] = -7.9;
  L[1] = 1LL << 40;
  L[2] = L[1] * 3 + 1;
  I[3] = I[1] / 2;		/* integer division */
  F[2] = F[1] * 3;
  D[2] = F[1];			/* float widened */
  J[1][0] = 2147483647;
  K[0][1] = -((long) J[1][0]) * 2;
  J[0][1] = K[0][1] % 1000;
  printf ("%.17g %.9g %.17g %.9g\n", D[1], (double) F[1], D[2], (double) F[2]);
  printf ("%d %d %d\n", I[1], I[2], I[3]);
  printf ("%lld %lld\n", (long long) L[1], (long long) L[2]);
  printf ("%d %ld %d %d\n", J[1][0], K[0][1], J[0][1], J[1][1]);
  return 0;
}
