/* Element reads of DCSR and COO matrices made in the generated code go
   through the index of the first level, which the first read asks the
   runtime to make (at once by several threads here); a hypersparse
   matrix has none and is searched; an insert between two loops changes
   the entries, and the next loop's reads ask for the index anew.  The
   dense build reads plain arrays.  */
/* { dg-options "-fopenmp" } */
#include "sparse-run.h"

enum { LEN = 5000 };

#define GATHER(NAME, FMT)                                                     \
  static double NAME (int m, int n, double A[m][n] SPARSE (FMT),              \
                      const int *ri, const int *ci)                           \
  {                                                                           \
    double s = 0;                                                             \
    _Pragma ("omp parallel for reduction(+:s)")                               \
    for (int k = 0; k < LEN; k++)                                             \
      s += (k % 5 + 1) * A[ri[k]][ci[k]];                                     \
    return s;                                                                 \
  }
GATHER (gather_dcsr, "DCSR")
GATHER (gather_coo, "COO")

static void
reads (const char *fmt, int m, int n, int seed)
{
  static int ri[LEN], ci[LEN];
  for (int k = 0; k < LEN; k++)
    {
      ri[k] = (int) ((k * 7919L + seed) % m);
      ci[k] = (int) ((k * 104729L) % n);
    }
  /* Every 37th read meets an entry.  */
  sp_tensor *a = sr_check (sp_new (fmt, SP_F64, 2, (int64_t[]) { m, n }),
                           fmt);
  for (int k = 0; k < LEN; k += 37)
    sp_insert (a, (int64_t[]) { ri[k], ci[k] }, k + 0.5);
  int coo = fmt[0] == 'C';
  double s1 = coo ? gather_coo (m, n, sp_array (a), ri, ci)
                  : gather_dcsr (m, n, sp_array (a), ri, ci);
  sp_insert (a, (int64_t[]) { ri[1], ci[1] }, 1e3);
  double s2 = coo ? gather_coo (m, n, sp_array (a), ri, ci)
                  : gather_dcsr (m, n, sp_array (a), ri, ci);
  printf ("%s %d x %d: %.17g %.17g\n", fmt, m, n, s1, s2);
  sp_free (a);
}

int
main (void)
{
  reads ("DCSR", 300, 200, 1);
  reads ("COO", 300, 200, 2);
  /* More rows than four an entry: no index.  */
  reads ("DCSR", 100000, 4, 3);
  reads ("COO", 100000, 4, 4);
  return 0;
}
