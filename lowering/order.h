/* order.h -- the order in which a product of three or more tensors is
   contracted, chosen by estimated cost (as opt_einsum orders dense
   contractions, counting nonzeros instead of elements).

   One loop nest over a product visits every combination of its index
   variables that all its factors store: A(i,j) B(j,k) C(k,l) with A
   sparse and B, C dense n x r costs nnz(A) r^2 so, where B C first (n
   r^2) and then A times that (nnz(A) r) costs far less.  The estimate
   takes each index variable's extent (an unknown one as ORD_UNKNOWN)
   and each sparse operand's density as ORD_PER_FIBER entries in each
   fibre of its last level; the product of two factors is as dense as
   both are, times the extents of the variables it sums over (the
   formula is order-cost.h's).  Where the cheapest order depends on
   extents only the run time knows, the candidates are planned and the
   runtime evaluates the same formula with the actual extents and
   nonzeros (ord_run_time_candidates, split.h).  */

#ifndef SPARSE_ORDER_H
#define SPARSE_ORDER_H

#include "ix.h"
#include "order-cost.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ORD_MAX_FACTORS ORD_MAX_ITEMS
#define ORD_UNKNOWN 1000.0   /* the extent assumed where only the run
                                time knows it */
#define ORD_PER_FIBER 8.0    /* entries assumed in a fibre of a sparse
                                level */

/* The right-hand side of a statement as a product: the sums and
   products at its top (a sum of a product of sums...), the factors
   below them in the order written.  */
typedef struct ord_chain
{
  int n;
  int factor[ORD_MAX_FACTORS];      /* expression ids */
  unsigned vars[ORD_MAX_FACTORS];   /* the free variables of each */
  double density[ORD_MAX_FACTORS];  /* its estimated density */
} ord_chain;

/* The first contraction of the cheapest order: factors A and B of the
   chain into a temporary indexed by VARS (a set of variable ids), as
   dense as DENSITY; COST and ONE_NEST the estimated work of the whole
   order and of the one loop nest.  */
typedef struct ord_pair
{
  int a, b;
  unsigned vars;
  double density, cost, one_nest;
} ord_pair;

/* The variables expression E of S uses that no sum in it binds.  */
unsigned ord_free_vars (const ix_stmt *s, int e);
/* The chain of S into *C: nonzero when its right-hand side is a product
   of three or more factors that have index variables.  */
int ord_chain_of (const ix_stmt *s, ord_chain *c);
/* The cheapest first pair of chain C of S into *P: nonzero when
   contracting it first costs less than half the one nest.  */
int ord_best_pair (const ix_stmt *s, const ord_chain *c, ord_pair *p);
/* The order of chain C of S that starts with factors A and B (A < 0:
   one loop nest) into *P, with the estimated extents.  */
void ord_pair_of (const ix_stmt *s, const ord_chain *c, int a, int b,
                  ord_pair *p);
/* Chain C of S as the cost model of order-cost.h, each variable's
   extent taken from EXT (by variable id) and each sparse factor's
   density estimated from them.  */
void ord_model_of (const ix_stmt *s, const ord_chain *c, const double *ext,
                   ord_model *m);
/* The orders to choose between at run time into *CAND: nonzero when
   chain C of S has three tensors, some of whose extents are known only
   at run time, and the cheapest order (ord_best_pair's rule) is not the
   same for every such extent at 10, ORD_UNKNOWN and 10^6.  One loop
   nest first, then the pairs in the order of their factors.  */
int ord_run_time_candidates (const ix_stmt *s, const ord_chain *c,
                             ord_candidates *cand);

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_ORDER_H */
