/* adopt.h -- what the element-by-element fallback programs share: the
   clock, the input matrix, and a checksum the dense and the plugin builds
   must print alike.  Each program times one loop nest that the plugin
   does not sparsify, so that every element access goes through the
   runtime; compiled without the plugin it is the dense program.  */

#ifndef ADOPT_H
#define ADOPT_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sparse.h>

/* The format of the tagged matrices (-DADOPT_FMT='"DCSR"' to change).  */
#ifndef ADOPT_FMT
#define ADOPT_FMT "CSR"
#endif

/* The processor time of the process: other programs running on the
   machine count less than in the wall-clock time.  */
static inline double
adopt_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The matrix named on the command line (argv[1]), read as ADOPT_FMT.  */
static inline sp_tensor *
adopt_matrix (int argc, char **argv)
{
  sp_tensor *t;
  if (argc < 2)
    {
      fprintf (stderr, "usage: %s matrix.mtx\n", argv[0]);
      exit (2);
    }
  if (!(t = sp_read (argv[1], ADOPT_FMT, SP_F64)))
    {
      fprintf (stderr, "%s: %s\n", argv[1], sp_error ());
      exit (2);
    }
  return t;
}

/* Sum of (i + 1) (j % 7 + 1) A[i][j]: a loop nest the plugin sparsifies.  */
static double __attribute__ ((unused))
adopt_checksum (int n, double A[n][n] SPARSE (ADOPT_FMT))
{
  double *w = malloc (n * sizeof *w), *y = calloc (n, sizeof *y), s = 0;
  for (int j = 0; j < n; j++)
    w[j] = j % 7 + 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * w[j];
  for (int i = 0; i < n; i++)
    s += (i + 1) * y[i];
  free (w);
  free (y);
  return s;
}

#endif /* ADOPT_H */
