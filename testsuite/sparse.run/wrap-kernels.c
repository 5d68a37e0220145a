/* Kernels over tensors wrapped around the program's own arrays (sp_wrap):
   a loop nest SpMV over a CSR of 32-bit indices, a pragma SpMV over CSR
   and COO of 64-bit indices, and an in-place scaling A[i][j] *= 2 whose
   new values are in the program's values array (under the plugin the
   loops write it; without it, the dense copy is written back there when
   the tensor is next read, its structure being the same).  A sparse
   output of a wrapped tensor's structure lands in its values too; one
   of another structure moves the tensor to arrays of its own, leaving
   the program's as they were.  */
#include "sparse-run.h"

enum { M = 6, N = 5, NNZ = 9 };

static void
spmv_nest (double y[M], double A[M][N] SPARSE ("CSR"), double x[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified" } */
    {
      y[i] = 0;
      for (int j = 0; j < N; j++)
        y[i] += A[i][j] * x[j];
    }
}

static void
spmv_csr64 (double y[M], double A[M][N] SPARSE ("CSR;pos=64;crd=64"),
            double x[N])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
  DENSE (for (int i = 0; i < M; i++)
           {
             y[i] = 0;
             for (int j = 0; j < N; j++)
               y[i] += A[i][j] * x[j];
           })
}

static void
spmv_coo64 (double y[M], double A[M][N] SPARSE ("COO;pos=64;crd=64"),
            double x[N])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
  DENSE (for (int i = 0; i < M; i++)
           {
             y[i] = 0;
             for (int j = 0; j < N; j++)
               y[i] += A[i][j] * x[j];
           })
}

static void
scale (double A[M][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "its stored values updated in place" } */
    for (int j = 0; j < N; j++)
      A[i][j] *= 2;
}

static void
scale64 (double A[M][N] SPARSE ("CSR;pos=64;crd=64"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "its stored values updated in place" } */
    for (int j = 0; j < N; j++)
      A[i][j] *= 2;
}

static void
tripled (double C[M][N] SPARSE ("CSR"), double A[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) * 3
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = A[i][j] * 3;)
}

static void
sum (double C[M][N] SPARSE ("CSR"), double A[M][N] SPARSE ("CSR"),
     double B[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) + B(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = A[i][j] + B[i][j];)
}

static void
print_vec (const char *what, const double *v, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %g", v[i]);
  printf ("\n");
}

int
main (void)
{
  /* [ 1 . 2 . . ]
     [ . . . . . ]
     [ . 3 . 4 5 ]
     [ 6 . . . . ]
     [ . . . . 7 ]
     [ . 8 . 9 . ]  */
  int32_t rp[M + 1] = { 0, 2, 2, 5, 6, 7, 9 };
  int32_t ci[NNZ] = { 0, 2, 1, 3, 4, 0, 4, 1, 3 };
  int64_t rp64[M + 1], ci64[NNZ], row64[NNZ], coo_p[2] = { 0, NNZ };
  double v[NNZ] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 }, v64[NNZ], vcoo[NNZ];
  double x[N] = { 1, -2, 0.5, 4, -1 }, y[M];
  int64_t dims[2] = { M, N };

  for (int i = 0; i <= M; i++)
    rp64[i] = rp[i];
  for (int i = 0; i < M; i++)
    for (int p = rp[i]; p < rp[i + 1]; p++)
      row64[p] = i;
  for (int p = 0; p < NNZ; p++)
    {
      ci64[p] = ci[p];
      v64[p] = vcoo[p] = v[p];
    }

  sp_tensor *a = sr_check (sp_wrap ("CSR", SP_F64, 2, dims,
                                    (void *[]) { NULL, rp },
                                    (void *[]) { NULL, ci }, v), "wrap CSR");
  sp_tensor *b = sr_check (sp_wrap ("CSR;pos=64;crd=64", SP_F64, 2, dims,
                                    (void *[]) { NULL, rp64 },
                                    (void *[]) { NULL, ci64 }, v64),
                           "wrap CSR 64");
  sp_tensor *c = sr_check (sp_wrap ("COO;pos=64;crd=64", SP_F64, 2, dims,
                                    (void *[]) { coo_p, NULL },
                                    (void *[]) { row64, ci64 }, vcoo),
                           "wrap COO 64");

  spmv_nest (y, sp_array (a), x);
  print_vec ("csr32 y", y, M);
  spmv_csr64 (y, sp_array (b), x);
  print_vec ("csr64 y", y, M);
  spmv_coo64 (y, sp_array (c), x);
  print_vec ("coo64 y", y, M);

  scale (sp_array (a));
  scale64 (sp_array (b));
  /* The tensors still use the program's arrays, which hold the new
     values.  */
  printf ("own arrays: %d %d %d\n", sp_values (a) == v, sp_values (b) == v64,
          sp_pos (a, 1) == rp && sp_crd (b, 1) == ci64);
  print_vec ("scaled v", v, NNZ);
  print_vec ("scaled v64", v64, NNZ);
  spmv_nest (y, sp_array (a), x);
  print_vec ("scaled csr32 y", y, M);
  spmv_csr64 (y, sp_array (b), x);
  print_vec ("scaled csr64 y", y, M);

  /* Sparse outputs: of the same structure, into the program's values;
     of another, into arrays of the tensor's own.  */
  int32_t rpc[M + 1], cic[NNZ];
  double vc[NNZ] = { 0 };
  for (int i = 0; i <= M; i++)
    rpc[i] = rp[i];
  for (int p = 0; p < NNZ; p++)
    cic[p] = ci[p];
  sp_tensor *d = sr_check (sp_wrap ("CSR", SP_F64, 2, dims,
                                    (void *[]) { NULL, rpc },
                                    (void *[]) { NULL, cic }, vc), "wrap C");
  tripled (sp_array (d), sp_array (a));
  printf ("tripled into own arrays: %d\n", sp_values (d) == vc);
  print_vec ("tripled vc", vc, NNZ);
  sp_tensor *e = sp_new ("CSR", SP_F64, 2, dims);
  sp_insert (e, (int64_t[]) { 1, 1 }, 0.5);
  sum (sp_array (d), sp_array (a), sp_array (e));
  printf ("sum into own arrays: %d, nnz %lld, (1,1) = %g\n",
          sp_values (d) == vc, (long long) sp_nnz (d),
          sp_get (d, (int64_t[]) { 1, 1 }));
  print_vec ("vc after the sum", vc, NNZ);
  printf ("rpc after the sum: %d %d\n", rpc[1], rpc[2]);

  sp_free (a);
  sp_free (b);
  sp_free (c);
  sp_free (d);
  sp_free (e);
  /* The arrays outlive the handles.  */
  print_vec ("after sp_free", v, NNZ);
  return 0;
}
