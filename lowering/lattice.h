/* lattice.h -- merge lattices (TACO section 5; MLIR's Merger).

   A merge lattice describes, for one loop of a nest, how the iterators of
   the accesses indexed by that loop are merged and which expression is
   computed in each case.  A lattice point is a set of iterators, stored as
   a bitset over (access, loop variable) pairs, bit ACCESS * SCH_MAX_VARS +
   LOOP, plus the expression it computes: the lattice's expression with
   every access outside the point (and every access already known absent)
   taken as zero.

   Construction follows the expression bottom-up: an access indexed by the
   loop gives one point holding its iterator; any other leaf (an access
   not indexed by it, a scalar, a constant) one point with no iterator, the
   "universe" (it has a value at every coordinate); an access known to be
   zero gives no point at all.  The operator table (ix_ops) says how each
   operator merges: * and / conjoin (every pair of points, iterators
   united), + and - disjoin (the conjunction, then each side's points),
   unary -, casts, absolute values and sums keep their operand's lattice;
   so do the guards and comparisons by what they give where their
   operands are zero: `c ? v : 0` and && conjoin, != < > and || disjoin,
   and == <= >= ! (one where all operands are zero) add the universe to
   the disjunction.  Points are ordered so that every point comes after
   the points above it.

   Simplifications (TACO 5.2): a dense iterator is always present and
   supports random access, so points that differ only in dense iterators
   are one point (the first, which has more of them, is kept); points with
   no sparse iterator are universe points: when one exists the loop runs
   over the whole range (a dense for loop) and every other point is a case
   inside it.  Otherwise each point yields a while loop over its sparse
   iterators (a for loop over positions when it has one), in order, and
   the cases inside it are the points whose sparse iterators it
   contains.  */

#ifndef SPARSE_LATTICE_H
#define SPARSE_LATTICE_H

#include <stdint.h>
#include "schedule.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LAT_MAX_POINTS 64
#define LAT_WORDS ((IX_MAX_ACCESSES * SCH_MAX_VARS + 63) / 64)

typedef struct lat_bits
{
  uint64_t w[LAT_WORDS];
} lat_bits;

typedef struct lat_point
{
  lat_bits bits;     /* its iterators, dense and sparse */
  uint32_t absent;   /* accesses taken as zero in its expression: the
                        lattice's ABSENT plus the iterators of the lattice
                        that are not in the point (bit per access) */
} lat_point;

typedef struct lattice
{
  int loop;          /* the loop variable */
  int exp;           /* the expression it merges */
  uint32_t absent;   /* accesses known to be zero on entry */
  lat_bits dense;    /* the iterators that are dense (random access) */
  int n;
  lat_point p[LAT_MAX_POINTS];
} lattice;

/* Build the lattice of expression EXP for loop variable LOOP of schedule
   SC, with the accesses in ABSENT (bit per access) known to be zero, and
   simplify it.  Returns 0, or -1 when it would exceed LAT_MAX_POINTS.  */
int lat_build (const ix_sched *sc, int loop, int exp, uint32_t absent,
               lattice *out);

/* The iterator of access A at loop variable LOOP: the level of A's format
   that LOOP walks, and whether it is sparse.  Returns the level, -1 when A
   has no iterator at LOOP, or SP_MAX_LEVELS for an untagged dense array
   indexed by LOOP (random access, no level).  *SPARSE (may be NULL) is set
   nonzero for a CU, CN or S level.  */
int lat_iterator (const ix_sched *sc, int a, int loop, int *sparse);

/* Bit operations.  */
int lat_bit (int access, int loop);
int lat_test (const lat_bits *b, int bit);
/* Sparse iterators of point P of L, as a bitset over accesses.  */
uint32_t lat_sparse (const lattice *l, int p);
/* Nonzero when L has a universe point (the loop covers its whole range).  */
int lat_has_universe (const lattice *l);
/* Nonzero when point Q is a case of point P's loop: Q's sparse iterators
   are among P's.  */
int lat_covers (const lattice *l, int p, int q);

/* Nonzero when expression E is zero once the accesses in ABSENT are.  */
int lat_is_zero (const ix_stmt *s, int e, uint32_t absent);
/* E with the accesses in ABSENT folded away, printed; returns BUF.  */
char *lat_print_expr (const ix_stmt *s, int e, uint32_t absent, char *buf,
                      size_t len);
/* One line per point: "(b,c,d) b + c * d".  */
void lat_dump (const ix_sched *sc, const lattice *l, FILE *f);

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_LATTICE_H */
