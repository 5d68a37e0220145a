/* gen.h -- generated benchmark inputs as coordinate lists (0-based).  */

#ifndef BENCH_GEN_H
#define BENCH_GEN_H

#include <stdint.h>

typedef struct gen_coo
{
  int64_t nrows, ncols, n;
  int64_t *row, *col;
  double *val;
} gen_coo;

/* 5-point Laplacian on a G x G grid: G^2 rows, ~5 G^2 entries.  */
int gen_poisson2d (int64_t g, gen_coo *out);
/* 27-point stencil on a G x G x G grid.  */
int gen_stencil27 (int64_t g, gen_coo *out);
/* R-MAT graph (a,b,c = .57,.19,.19) with 2^SCALE vertices and
   EDGES_PER_VERTEX * 2^SCALE edges; duplicates kept (readers sum them).  */
int gen_rmat (int scale, int edges_per_vertex, uint64_t seed, gen_coo *out);
/* N x N with NNZ uniformly random entries.  */
int gen_uniform (int64_t n, int64_t nnz, uint64_t seed, gen_coo *out);

/* Write to PATH a FROSTT file of a 3-tensor with NNZ random entries
   (repeats add up when read) of extents NNZ/40+16 x NNZ/80+16 x
   NNZ/200+16: slice i holds a share ~ rank^(-2/3), fibre j within it
   ~ rank^(-1/2), k is uniform; values in [0.5, 1.5).  */
int gen_powerlaw3d (int64_t nnz, uint64_t seed, const char *path);

/* Write to PATH a FROSTT file (no header lines) of a 3-tensor of the
   NELL-2 shape, 12092 x 9184 x 28818, with NNZ uniformly random entries
   (repeats rare), in random order or, when SORTED, in (i, j, k) order;
   values 1 + m/8, m in 0..99, written with %g.  */
int gen_nell2 (int64_t nnz, int sorted, uint64_t seed, const char *path);

/* Write OUT as a Matrix Market coordinate real general file.  */
int gen_write_mtx (const gen_coo *c, const char *path);
void gen_free (gen_coo *c);

/* The path of generated input NAME in DIR, written there on first use.
   Names (G, N, NNZ take a K or M multiplier): poisson2d_G, stencil27_G,
   rmat_sSCALE_efEDGES (seed 42), uniform_N_NNZ (seed 7) as Matrix Market
   .mtx; powerlaw3d_NNZ, nell2_NNZ (random order) and nell2s_NNZ (sorted)
   as FROSTT .tns.  Exits with a message when NAME is
   unknown or the file cannot be written (benchmarks only).  */
const char *gen_file (const char *dir, const char *name);

#endif
