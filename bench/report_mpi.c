/* report_mpi.c -- the kernels' part of bench/results-mpi.md from the
   lines kernels_mpi and peer_petsc appended to one .tsv file: the kernels on 1, 2 and 4 ranks,
   PETSc's MatMult beside the SpMV, and a model of 2 to 64 nodes from
   the measured one-rank times and the exact traffic of the cut.

     report_mpi RESULTS.tsv MATRIX TENSOR OUT.md  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The network of the model: latency and bytes per second of one link
   (a 100 Gb/s InfiniBand-class network).  */
#define ALPHA 2e-6
#define BANDWIDTH 12.5e9

enum { MAXROWS = 256 };

typedef struct row
{
  char who[16], kernel[64];
  int p;
  double sec, sent, got, held, whole, check;
  double gather, ghost, neighbours, entries, total;   /* cut lines */
} row;

static row rows[MAXROWS];
static int nrows;

static const row *
find (const char *who, const char *kernel, int p)
{
  for (int i = 0; i < nrows; i++)
    if (!strcmp (rows[i].who, who) && !strcmp (rows[i].kernel, kernel)
        && rows[i].p == p)
      return &rows[i];
  return NULL;
}

static void
read_rows (FILE *f)
{
  char line[1024];
  while (nrows < MAXROWS && fgets (line, sizeof line, f))
    {
      row *r = &rows[nrows];
      memset (r, 0, sizeof *r);
      char *tok[9];
      int n = 0;
      for (char *t = strtok (line, "\t\n"); t && n < 9;
           t = strtok (NULL, "\t\n"))
        tok[n++] = t;
      if (n < 4)
        continue;
      snprintf (r->who, sizeof r->who, "%s", tok[0]);
      snprintf (r->kernel, sizeof r->kernel, "%s", tok[1]);
      r->p = atoi (tok[2]);
      if (!strcmp (r->who, "cut") && n >= 8)
        {
          r->gather = atof (tok[3]);
          r->ghost = atof (tok[4]);
          r->neighbours = atof (tok[5]);
          r->entries = atof (tok[6]);
          r->total = atof (tok[7]);
        }
      else if (!strcmp (r->who, "ours") && n >= 9)
        {
          r->sec = atof (tok[3]);
          r->sent = atof (tok[4]);
          r->got = atof (tok[5]);
          r->held = atof (tok[6]);
          r->whole = atof (tok[7]);
          r->check = atof (tok[8]);
        }
      else if (!strncmp (r->who, "petsc", 5) && n >= 7)
        {
          r->sec = atof (tok[3]);
          r->got = atof (tok[4]);
          r->held = atof (tok[5]);
          r->check = atof (tok[6]);
        }
      else
        continue;
      nrows++;
    }
}

static const char *kernels[] = { "SpMV", "SpMM", "SDDMM", "MTTKRP",
                                 "CG (50 iterations)", "SpMV, vectors tagged",
                                 "CG (50 iterations), vectors tagged" };

int
main (int argc, char **argv)
{
  if (argc < 5)
    {
      fprintf (stderr, "usage: report_mpi RESULTS.tsv MATRIX TENSOR OUT.md\n");
      return 2;
    }
  FILE *f = fopen (argv[1], "r");
  if (!f)
    {
      perror (argv[1]);
      return 1;
    }
  read_rows (f);
  fclose (f);
  FILE *o = fopen (argv[4], "a");
  if (!o)
    {
      perror (argv[4]);
      return 1;
    }
  fprintf (o, "## Kernels\n\n"
           "`bench/kernels_mpi.c` runs each kernel as the "
           "loop nest a user writes over operands read with `sp_read_dist`, "
           "on 1, 2 and 4 ranks (`mpirun --oversubscribe` on this 2-core "
           "machine: more ranks than cores, so times are ratios of one run "
           "only, and a rank that waits for a core shows); "
           "`bench/peer_petsc.c` runs PETSc's `MatMult` on the same "
           "matrix and ranks.  Matrix `%s`, tensor `%s`.\n\n", argv[2],
           argv[3]);
  fprintf (o, "Per kernel and number of ranks P: the median over the calls "
           "of the slowest rank's time; the payload bytes a rank sends and "
           "receives a call (the largest over the ranks, `sp_dist_stats`); "
           "the bytes of the distributed operand a rank holds "
           "(`sp_memory`, the largest) against the whole operand's divided "
           "by P; the check, a sum of the result, the same for every P "
           "when the results are.  With plain C vectors, a product's "
           "output is complete on every rank after it (its rows "
           "gathered); with the vectors tagged \"D\", each rank keeps "
           "its block, and a product receives only the entries of x its "
           "rows read (ghosts), as PETSc's VecScatter does.\n\n");
  fprintf (o, "| kernel | P | ms a call | vs P = 1 | sent B | received B "
           "| operand B a rank | whole / P | same result as P = 1 |\n"
           "|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
  for (size_t k = 0; k < sizeof kernels / sizeof *kernels; k++)
    {
      const row *one = find ("ours", kernels[k], 1);
      for (int p = 1; p <= 4; p *= 2)
        {
          const row *r = find ("ours", kernels[k], p);
          if (!r)
            continue;
          fprintf (o, "| %s | %d | %.3f | %s%.2f | %.0f | %.0f | %.0f | %.0f "
                   "| %s |\n", kernels[k], p, r->sec * 1e3,
                   one ? "" : "?", one ? r->sec / one->sec : 0, r->sent,
                   r->got, r->held, r->whole / p,
                   !one ? "?" : r->check == one->check ? "yes" : "NO");
        }
    }
  fprintf (o, "\n### PETSc's MatMult on the same matrix\n\n"
           "PETSc 3.18 (Debian `petsc-dev`), an MPIAIJ matrix whose rows are "
           "cut by entries like ours; it exchanges only the ghost entries "
           "of x (VecScatter), which leaves y distributed.  The memory "
           "column is the growth of a rank's resident memory while PETSc "
           "builds the matrix.  PETSc multiplies consecutive rows of one "
           "pattern together (its inodes: a structural matrix's rows of "
           "one node); the column without them is the same run under "
           "`-mat_no_inode`.\n\n"
           "| P | PETSc ms | PETSc ms without inodes | ours ms "
           "| ours / PETSc | PETSc received B | ours received B "
           "| ours received B, vectors tagged | PETSc memory B "
           "| ours operand B |\n"
           "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (int p = 1; p <= 4; p *= 2)
    {
      const row *pe = find ("petsc", "SpMV", p), *r = find ("ours", "SpMV", p);
      const row *ni = find ("petsc_noinode", "SpMV", p);
      const row *tg = find ("ours", kernels[5], p);
      if (!pe || !r)
        continue;
      fprintf (o, "| %d | %.3f | %s%.3f | %.3f | %.2f | %.0f | %.0f | %s%.0f "
               "| %.0f | %.0f |\n", p, pe->sec * 1e3, ni ? "" : "?",
               ni ? ni->sec * 1e3 : 0, r->sec * 1e3, r->sec / pe->sec,
               pe->got, r->got, tg ? "" : "?", tg ? tg->got : 0, pe->held,
               r->held);
    }
  const row *one = find ("ours", "SpMV", 1), *cg = find ("ours", kernels[4], 1);
  if (one)
    {
      fprintf (o, "\n### 2 to 64 nodes, on paper\n\n"
               "A model of one SpMV, y = A x with y complete on every rank "
               "after it, per node: its rows' work at the one-rank speed "
               "measured above (%.3f ms for all of them, split by entries "
               "in proportion), plus the messages of an alpha-beta network "
               "(alpha %.0f us a message, %.1f GB/s a link).  The traffic "
               "is exact, not extrapolated: the blocks are cut for each P "
               "from the whole matrix as `sp_read_dist` cuts them.  "
               "Gather: what the runtime does for a plain C output "
               "(every rank's rows to every rank, a ring of P - 1 "
               "messages).  Ghosts: what it does for tagged vectors, only "
               "the entries of x outside a rank's block that its columns "
               "reach, from each neighbour (the row \"SpMV, vectors "
               "tagged\" above measures them at P = 2 and 4).\n\n",
               one->sec * 1e3, ALPHA * 1e6, BANDWIDTH / 1e9);
      fprintf (o, "| P | entries a node | compute ms | gather B a node "
               "| gather ms | SpMV ms with gather | ghost B a node "
               "| neighbours | ghosts ms | SpMV ms with ghosts |\n"
               "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
      for (int p = 2; p <= 64; p *= 2)
        {
          const row *c = find ("cut", "SpMV", p);
          if (!c || c->total <= 0)
            continue;
          double comp = one->sec * c->entries / c->total;
          double tg = ALPHA * (p - 1) + c->gather / BANDWIDTH;
          double tx = ALPHA * c->neighbours + c->ghost / BANDWIDTH;
          fprintf (o, "| %d | %.0f | %.4f | %.0f | %.4f | %.4f | %.0f | %.0f "
                   "| %.4f | %.4f |\n", p, c->entries, comp * 1e3, c->gather,
                   tg * 1e3, (comp + tg) * 1e3, c->ghost, c->neighbours,
                   tx * 1e3, (comp + tx) * 1e3);
        }
      if (cg)
        fprintf (o, "\nA CG iteration adds the vector operations to the "
                 "SpMV (at P = 1 an iteration took %.3f ms and its SpMV "
                 "%.3f ms).  Over plain C vectors every rank does them "
                 "whole on its copies, the same time at any P, so that "
                 "past a few nodes they bound a solve; over tagged vectors "
                 "each rank does its block, and the two dot products an "
                 "iteration pass their sums from rank to rank (P - 1 "
                 "messages each, to keep the serial order of "
                 "additions).\n", cg->sec / 50 * 1e3, one->sec * 1e3);
    }
  fclose (o);
  return 0;
}
