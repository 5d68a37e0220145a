/* schedule-int.h -- what the scheduler's files share; not an interface
   (schedule.h is).  */

#ifndef SPARSE_SCHEDULE_INT_H
#define SPARSE_SCHEDULE_INT_H

#include <stdint.h>
#include "schedule.h"

/* An iteration graph: E[u][w] nonzero when loop variable u must enclose
   loop variable w.  */
typedef struct sch_graph
{
  uint8_t e[SCH_MAX_VARS][SCH_MAX_VARS];
} sch_graph;

/* schedule.c  */
/* Nonzero when the output is stored sparsely, as the schedule writes it.  */
int sch_output_sparse (const ix_sched *sc);
/* The loop variables index variable V is made of in NEST: itself, or the
   parts of its composition.  Returns how many were written to OUT.  */
int sch_var_loops (const sch_nest *nest, int v, int *out);
/* Loop variable U must enclose W (nothing when U is W).  */
void sch_edge (sch_graph *g, int u, int w);

/* schedule-groups.c: reductions, their constraints, the nest's scopes.  */
int sch_reduction_edges (const ix_sched *sc, const sch_nest *nest,
                         sch_graph *hard);
void sch_register_edges (const ix_sched *sc, const sch_nest *nest,
                         sch_graph *g);
int sch_make_scopes (const ix_sched *sc, sch_nest *nest);

/* schedule-format.c: formats the schedule asks for or refuses.  */
void sch_format_in_order (const ix_sched *sc, int a, const int *depth,
                          sp_format *out);
int sch_output_writable (const ix_sched *sc);
void sch_writable_format (const sp_format *f, int dense_first,
                          sp_format *out);
int sch_check_output_format (const ix_sched *sc, ix_diag *d);

#endif /* SPARSE_SCHEDULE_INT_H */
