/* split.h -- a statement no one loop nest computes, as a sequence of
   kernels over temporaries the generated code allocates.

   ix_plan refuses a statement whose sums cannot share one loop nest in
   the storage order of its operands, a sparse output whose old entries
   cannot be merged with its sums, and one whose loops would produce a
   sparse output out of its storage order.  The user's remedy is to write
   the sums as separate einsums into arrays of their own and add those;
   ix_split does that: a sum below another operator is computed first
   into a temporary indexed by its free variables (TACO's precompute),
   and the right-hand side of a sparse output into a temporary of the
   output's shape that the last kernel adds.  Each kernel reads only the
   operands and the temporaries computed before it, so running them in
   order computes what the dense program computes.

   A sum over all its variables below loops (the output's or another
   sum's), which one nest would run for each of their iterations, is
   computed once, first, into a scalar.

   A temporary is an operand (ix_operand.temp) that appears in the
   kernels only: a scalar is a local variable of the generated code; a
   vector is dense, or compressed where a product makes it sparse and
   its kernel would not visit every coordinate of its index anyway; a
   matrix or tensor stored sparsely when its defining kernel can write
   it so, else dense; each tagged, which the code
   generator creates before the first kernel (sp__local_new, its extents
   those of its index variables in the statement) and frees after the
   last.  An operand that several kernels would convert to one format
   is converted once, before the first, into a temporary they read
   instead.

   Where the cheapest order of a product depends on extents only the
   run time knows (order.h, ord_run_time_candidates), the split holds
   the plans of the candidate orders instead of kernels (ALT), and the
   generated code runs the one sp_korder_pick finds cheapest with the
   operands' extents and nonzeros.  */

#ifndef SPARSE_SPLIT_H
#define SPARSE_SPLIT_H

#include "order-cost.h"
#include "plan.h"

#ifdef __cplusplus
extern "C" {
#endif

#define IX_SPLIT_MAX 8   /* kernels of one statement */

typedef struct ix_split
{
  int nkernels;
  lir_kernel *kernel[IX_SPLIT_MAX];  /* planned, in the order they run;
                                        their operands 0..nopds-1 are the
                                        statement's, the temporaries
                                        follow */
  ix_stmt *stmt[IX_SPLIT_MAX];       /* the statement each was planned
                                        from */
  char text[IX_SPLIT_MAX][256];      /* each kernel's statement, printed */
  char order[160];                   /* why a product was contracted in
                                        another order, or "" */
  int nopds;                         /* the statement's operands */
  int ntemps;
  ix_operand temp[IX_SPLIT_MAX];     /* operand nopds + t of the kernels
                                        that use it */
  int temp_var[IX_SPLIT_MAX][SP_MAX_RANK];  /* the statement's index
                                        variable giving each extent */
  int copy_of[IX_SPLIT_MAX];         /* for each temporary: -1, or the
                                        statement's operand it is a copy
                                        of, converted to its format once
                                        (sp_kconvert) for the kernels that
                                        would each convert it */
  /* An order chosen at run time: the cost model of the product (its
     variables the statement's), the candidates, the plan of each, and
     for each item the statement's operand whose nonzeros give its
     density (-1: dense, density 1).  NALTS is 0 otherwise.  */
  int nalts;
  struct ix_split *alt[ORD_MAX_CANDIDATES];
  ord_model model;
  ord_candidates cand;
  int item_opd[ORD_MAX_ITEMS];
} ix_split;

/* IX planned into *OUT with OPTS: its one kernel, or the kernels of a
   product contracted in another order than one loop nest's (order.h),
   or the plans of the orders chosen between at run time, or, where ix_plan refuses IX in a way splitting may avoid
   (ix_diag.split), the kernels of its parts.  0, or -1 with D filled
   (ix_plan's refusal of IX).  */
int ix_split_plan (const ix_stmt *ix, const ix_sched_opts *opts,
                   ix_split *out, ix_diag *d);
void ix_split_free (ix_split *sp);

/* "split into 2 kernels over temporaries 't0' CSR: t0(i,k) = ...;
   Y(i,k) += t0(i,k)" into BUF (LEN bytes); "one loop nest" for one
   kernel; for an order chosen at run time, that it is and among how
   many candidates.  Returns BUF.  */
char *ix_split_describe (const ix_split *sp, char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_SPLIT_H */
