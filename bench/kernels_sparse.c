/* kernels_sparse.c -- the benchmarked kernels as einsum pragmas over tagged
   parameters; compiled with the plugin.  */

#include <sparse.h>

void
k_spmv (int nr, int nc, double y[nr], double A[nr][nc] SPARSE ("CSR"),
        double x[nc])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
}

void
k_spmm (int nr, int nc, int nk, double Y[nr][nk],
        double A[nr][nc] SPARSE ("CSR"), double X[nc][nk])
{
#pragma sparse einsum Y(i,j) = A(i,l) * X(l,j)
}

void
k_spgemm (int nr, int nm, int nc, double C[nr][nc] SPARSE ("CSR"),
          double A[nr][nm] SPARSE ("CSR"), double B[nm][nc] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,l) * B(l,j)
}

void
k_spadd (int nr, int nc, double C[nr][nc] SPARSE ("CSR"),
         double A[nr][nc] SPARSE ("CSR"), double B[nr][nc] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) + B(i,j)
}

void
k_sddmm (int nr, int nc, int nk, double C[nr][nc] SPARSE ("CSR"),
         double S[nr][nc] SPARSE ("CSR"), double U[nr][nk], double V[nk][nc])
{
#pragma sparse einsum C(i,j) = S(i,j) * U(i,l) * V(l,j)
}

void
k_mttkrp (int ni, int nj, int nk, int nr, double Y[ni][nr],
          double B[ni][nj][nk] SPARSE ("CSF"), double C[nj][nr],
          double D[nk][nr])
{
#pragma sparse einsum Y(i,r) = B(i,j,k) * C(j,r) * D(k,r)
}
