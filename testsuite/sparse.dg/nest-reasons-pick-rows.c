/* Maxima and minima per element of a vector (nest-max-rows.c) that the
   sparse loops cannot take as the dense loops do: left to the
   fallback, each with its reason and what to write instead.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <math.h>
#include <sparse.h>

/* A column's minimum over a CSR matrix: the rows' order scatters the
   values of each element among the others'.  */
void
columns_csr (int n, double A[n][n] SPARSE ("CSR"), double *m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: m takes a minimum at each element, whose values the sparse loops would need element after element, each in the dense loops' order, which the formats here do not allow: store the matrix in the order of the loops .CSC for the maxima of its columns." } */
    for (int j = 0; j < n; j++)
      if (A[i][j] < m[j])
        m[j] = A[i][j];
}

/* A pick in the element's own loop: no loop to pick over.  */
void
no_loop (int n, double A[n][n] SPARSE ("CSR"), double *m, const double *b)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: m takes a maximum in no loop but those that index it: a maximum or minimum of an element is sparsified over a loop inside them" } */
    {
      m[i] = 0;
      m[i] = fmax (m[i], b[i]);
      for (int j = 0; j < n; j++)
        m[i] += A[i][j];
    }
}

