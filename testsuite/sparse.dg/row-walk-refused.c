/* Loops over a line of a tagged matrix that stay element by element
   through the runtime, each a loop whose run over the stored entries
   would change what the program does or that the walk cannot read, and
   two that are walked.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

int visit (int);

void
lines (int n, double A[n][n] SPARSE ("CSR"), double D[n][n] SPARSE ("DCSR"),
       int level[n], int i, int k)
{
  /* The body writes the matrix.  */
  for (int j = 0; j < n; j++)	/* { dg-bogus "visits only" } */
    if (A[i][j] != 0 && level[j] < 0)
      A[i][j] = 2;
  /* The body calls a function of the program.  */
  for (int j = 0; j < n; j++)	/* { dg-bogus "visits only" } */
    if (A[i][j] != 0)
      level[j] = visit (j);
  /* An else branch runs at the zeros.  */
  for (int j = 0; j < n; j++)	/* { dg-bogus "visits only" } */
    if (A[i][j] != 0 && level[j] < 0)
      level[j] = 1;
    else
      level[j]++;
  /* The condition is true at a zero.  */
  for (int j = 0; j < n; j++)	/* { dg-bogus "visits only" } */
    if (A[i][j] < 1 && level[j] < 0)
      level[j] = 1;
  /* A conjunct with an effect before the element's.  */
  for (int j = 0; j < n; j++)	/* { dg-bogus "visits only" } */
    if (level[j]++ < 0 && A[i][j] != 0)
      level[j] = 1;
  /* The line's index is written in the loop.  */
  for (int j = 0; j < n; j++)	/* { dg-bogus "visits only" } */
    if (A[k][j] != 0 && level[j] < 0)
      k = j;
  /* The bound is written in the loop.  */
  for (int j = 0; j < n; j++)	/* { dg-bogus "visits only" } */
    if (A[i][j] != 0 && level[j] < 0)
      n = j + 1;
  /* A format the walk does not read (DCSR's rows are compressed).  */
  for (int j = 0; j < n; j++)	/* { dg-bogus "visits only" } */
    if (D[i][j] != 0 && level[j] < 0)
      level[j] = 1;
  /* `continue` where the element is not zero: the body runs at the
     zeros.  */
  for (int j = 0; j < n; j++)	/* { dg-bogus "visits only" } */
    {
      if (A[i][j] != 0)
	continue;
      level[j] = 0;
    }
  /* Walked: the element's conjunct after one without effects, and a
     line walked along a column index over a CSR matrix's rows is not a
     line of its storage.  */
  for (int j = 0; j < n; j++)	/* { dg-message "loop .j. visits only the entries .A. stores in the line it reads: its body does nothing where the element is zero" } */
    if (level[j] < 0 && A[i][j] > 0)
      level[j] = i;
  for (int j = 0; j < n; j++)	/* { dg-bogus "visits only" } */
    if (A[j][i] != 0 && level[j] < 0)
      level[j] = 1;
}
/* Each refused loop is warned where it starts.  */
/* { dg-warning "accessed element by element" "" { target *-*-* } 16 } */
/* { dg-warning "accessed element by element" "" { target *-*-* } 20 } */
/* { dg-warning "accessed element by element" "" { target *-*-* } 24 } */
/* { dg-warning "accessed element by element" "" { target *-*-* } 30 } */
/* { dg-warning "accessed element by element" "" { target *-*-* } 34 } */
/* { dg-warning "accessed element by element" "" { target *-*-* } 38 } */
/* { dg-warning "accessed element by element" "" { target *-*-* } 42 } */
/* { dg-warning "accessed element by element" "" { target *-*-* } 46 } */
/* { dg-warning "accessed element by element" "" { target *-*-* } 51 } */
/* { dg-warning "accessed element by element" "" { target *-*-* } 63 } */
/* { dg-message "loop nest not sparsified: a subscript of A is not a loop variable" "" { target *-*-* } 60 } */
