/* Dense loops over tagged parameters of many formats: every element is
   read through the runtime, with the same results as the dense arrays.  */
#include <stdio.h>
#include <sparse.h>

enum { M = 6, N = 8 };

#define CHECKSUM(NAME, FMT)                                     \
  static double NAME (double A[M][N] SPARSE (FMT))              \
  {                                                             \
    double s = 0;                                               \
    for (int i = 0; i < M; i++)                                 \
      for (int j = 0; j < N; j++)                               \
        s = s * 1.0001 + A[i][j] * (1 + i + 3 * j);             \
    return s;                                                   \
  }

CHECKSUM (sum_csr, "CSR")
CHECKSUM (sum_csc, "CSC")
CHECKSUM (sum_dcsr, "DCSR")
CHECKSUM (sum_dcsc, "DCSC")
CHECKSUM (sum_coo, "COO")
CHECKSUM (sum_dense, "D,D")
CHECKSUM (sum_ell, "ELL")
CHECKSUM (sum_bcsr, "bcsr(2,4)")
CHECKSUM (sum_map, "(i,j)->(j:D,i:CU)")

int
main (void)
{
  int64_t dims[2] = { M, N };
  sp_tensor *coo = sp_new ("COO", SP_F64, 2, dims);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      if ((i * 3 + j * 5) % 7 < 2)
        sp_insert (coo, (int64_t[]) { i, j }, i - 0.5 * j + 1);
  static const char *const fmts[] = { "CSR", "CSC", "DCSR", "DCSC", "COO",
                                      "D,D", "ELL", "bcsr(2,4)",
                                      "(i,j)->(j:D,i:CU)" };
  double (*const fns[]) (double (*)[N]) = { sum_csr, sum_csc, sum_dcsr,
                                            sum_dcsc, sum_coo, sum_dense,
                                            sum_ell, sum_bcsr, sum_map };
  for (unsigned f = 0; f < sizeof fmts / sizeof *fmts; f++)
    {
      sp_tensor *t = sp_convert (coo, fmts[f]);
      if (!t)
        {
          printf ("%s: %s\n", fmts[f], sp_error ());
          continue;
        }
      printf ("%s %.12g\n", fmts[f], fns[f] (sp_array (t)));
      sp_free (t);
    }
  sp_free (coo);
  return 0;
}
