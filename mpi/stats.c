/* stats.c -- what the kernels' operations on distributed operands moved
   (sp_dist_stats).  */

#include <string.h>
#include "mpi-int.h"

static sp_dist_traffic traffic;

void
sp__mpi_count (sp_mpi_op op, int64_t sent, int64_t received)
{
  int64_t *calls[] = { &traffic.row_gathers, &traffic.reductions,
                       &traffic.chains, &traffic.replications,
                       &traffic.recuts, &traffic.ghost_exchanges,
                       &traffic.ghost_plans };
  if (op == SP_MPI_READ)
    return;
  ++*calls[op];
  traffic.bytes_sent += sent;
  traffic.bytes_received += received;
}

void
sp_dist_stats (sp_dist_traffic *out)
{
  *out = traffic;
}

void
sp_dist_stats_reset (void)
{
  memset (&traffic, 0, sizeof traffic);
}
