/* order-cost.h -- the work of contracting a product of tensors in a
   given order: the one formula the compiler estimates with (order.c)
   and the runtime evaluates with the operands' extents and nonzeros
   when the order is chosen at run time (sp_korder_pick).  Plain C and
   no compiler header: linked into the compiler and the runtime.

   Each item is a set of index variables (bits) and a density.  One loop
   nest over items visits every combination of their variables, times
   their densities; contracting two items costs the same over theirs,
   and gives an item over the variables the output or another item
   needs, as dense as both are times the extents it sums over (at most
   1).  */

#ifndef SPARSE_ORDER_COST_H
#define SPARSE_ORDER_COST_H

#ifdef __cplusplus
extern "C" {
#endif

#define ORD_MAX_ITEMS 8
#define ORD_MAX_VARS 16
#define ORD_MAX_CANDIDATES 4

typedef struct ord_model
{
  int nvars;
  double extent[ORD_MAX_VARS];
  unsigned out;                     /* the output's variables */
  int n;                            /* items */
  unsigned vars[ORD_MAX_ITEMS];
  double density[ORD_MAX_ITEMS];
} ord_model;

/* The orders a choice at run time is made between: each candidate's
   first pair of items, A[c] = B[c] = -1 for one loop nest; the rest of
   a candidate is contracted in its cheapest order.  */
typedef struct ord_candidates
{
  int n;
  int a[ORD_MAX_CANDIDATES], b[ORD_MAX_CANDIDATES];
} ord_candidates;

/* The work of one loop nest over all items of M.  */
double sp__ord_nest_cost (const ord_model *m);
/* M with items A and B replaced by their contraction (the last item).  */
ord_model sp__ord_contract (const ord_model *m, int a, int b);
/* The work of M contracted from pair A, B on (A < 0: one loop nest),
   the rest in its cheapest order.  */
double sp__ord_cost (const ord_model *m, int a, int b);
/* The least work of any order of M; its first pair in *A, *B (-1 for
   one loop nest).  */
double sp__ord_best (const ord_model *m, int *a, int *b);
/* The candidate of C to run for M: the cheapest, one loop nest kept
   unless a pair costs less than half of it.  */
int sp__ord_pick (const ord_model *m, const ord_candidates *c);

/* The variables, output and items of M and the candidates C as text
   into BUF (LEN bytes), which sp__ord_read reads back (extents and
   densities are not part of it).  0, or -1 when LEN is too small.  */
int sp__ord_write (const ord_model *m, const ord_candidates *c, char *buf,
                   unsigned long len);
/* TEXT into *M and *C; 0, or -1 when it is not what sp__ord_write
   writes.  */
int sp__ord_read (const char *text, ord_model *m, ord_candidates *c);

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_ORDER_COST_H */
