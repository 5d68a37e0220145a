/* sparse_kernel.h -- the runtime support of generated sparse kernels.

   The loops the GCC plugin emits for an einsum (plugin/emit.cc), and
   the C that lowering/cprint.c prints for the same loop IR, read the
   pos/crd/vals arrays of their operands directly (sparse_abi.h) and call
   these functions for everything else: making operands readable,
   converting them, building a sparse output, the dense workspace of a
   Gustavson loop and the sort of its coordinate list.  Users never call
   them.  They are implemented in runtime/kernel.c.

   A kernel has no error return: a failure here (no memory, an index
   too large for the output format's width, a tensor that is not live)
   is a failure of the program, reported on stderr as
     sparse kernel: WHAT: <sp_error ()>
   before abort (), the way an out-of-bounds access would fail in the
   dense program.

   Building a sparse output T (levels: dense ones, then compressed unique
   ones, each storing one dimension):
     sp_kout o;
     sp_kout_begin (&o, T);            T's arrays stay readable
     p = sp_kout_append (&o, l, parent, c);  ...  ((double *) o.vals)[p] = v;
     sp_kout_end (&o);                 the new arrays replace T's
   Parent positions: the first compressed level's parent is the row-major
   position over the dense levels above it (0 when it is level 0); a
   deeper level's parent is the position sp_kout_append returned for the
   level above.  Entries are appended in storage order: parents in
   increasing order, coordinates under one parent increasing.  The value
   of an entry appended at the last level is the caller's to set (its
   memory is not cleared: a generous reservation costs no writes).  */

#ifndef SPARSE_KERNEL_H
#define SPARSE_KERNEL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "sparse.h"
#include "sparse_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Print "sparse kernel: WHAT: <sp_error ()>" on stderr and abort.  */
void sp_kabort (const char *what) __attribute__ ((noreturn, cold));

/* Make T's arrays current (sp_assemble); abort naming WHAT on failure.
   Returns T.  */
sp_tensor *sp_kassemble (sp_tensor *t, const char *what);

/* A copy of T in FORMAT (sp_convert), assembled; abort naming WHAT on
   failure.  Freed with sp_free.  */
sp_tensor *sp_kconvert (const sp_tensor *t, const char *format,
                        const char *what);
/* T takes the entries of FROM, an output written in another format,
   converted to T's; WHAT names T in a failure.  */
void sp_kstore (sp_tensor *t, const sp_tensor *from, const char *what);

static inline int64_t
sp_kmin (int64_t a, int64_t b)
{
  return a < b ? a : b;
}

/* V where C (0 or 1) is 1, else zero; the bits of A or B: the selects of
   a merge without branches (LIR_MASK, LIR_BOR), for printed kernels.  */
#define SP_KBITS(T, U)                                                      \
  static inline T sp_kmask_##T (int64_t c, T v)                             \
  {                                                                         \
    U u;                                                                    \
    memcpy (&u, &v, sizeof u);                                              \
    u &= -(U) c;                                                            \
    memcpy (&v, &u, sizeof v);                                              \
    return v;                                                               \
  }                                                                         \
  static inline T sp_kbor_##T (T a, T b)                                    \
  {                                                                         \
    U u, w;                                                                 \
    memcpy (&u, &a, sizeof u);                                              \
    memcpy (&w, &b, sizeof w);                                              \
    u |= w;                                                                 \
    memcpy (&a, &u, sizeof a);                                              \
    return a;                                                               \
  }
SP_KBITS (double, uint64_t)
SP_KBITS (float, uint32_t)
SP_KBITS (int64_t, uint64_t)
SP_KBITS (int32_t, uint32_t)
#undef SP_KBITS
#ifndef __cplusplus
#define sp_kmask(c, v)                                                      \
  _Generic ((v), double: sp_kmask_double, float: sp_kmask_float,            \
            int32_t: sp_kmask_int32_t, default: sp_kmask_int64_t) (c, v)
#define sp_kbor(a, b)                                                       \
  _Generic ((a), double: sp_kbor_double, float: sp_kbor_float,              \
            int32_t: sp_kbor_int32_t, default: sp_kbor_int64_t) (a, b)
#endif

/* Whether the rows of A's level LA and of B's level LB (compressed, under
   the same number of parents) should merge without branches rather than
   with one on each comparison: when a small branch predictor misses more
   than a quarter of the steps of a sample of their merge
   (runtime/kmerge.c); 0 for operands of fewer than 2^18 entries.  The
   environment's SP_MERGE = branch or mask decides instead.  */
int sp_kmerge_pick (const sp_tensor *a, int la, const sp_tensor *b, int lb);

/* The positions of T's diagonal (sparse_abi.h, sp_tensor.diag: for
   each coordinate c of its first level, where in T->vals the entry (c,
   c) is, or -1), made the first time it is asked for and kept until T's
   arrays change (runtime/diag.c), for reading only; NULL when T is no matrix whose last
   level is compressed with unique coordinates, or is hypersparse.  */
int64_t *sp_kdiag (sp_tensor *t);

/* The candidate order of a product to run (runtime/korder.c): MODEL is
   the compiler's description of the product and its candidates
   (lowering/order-cost.h), followed by the int64_t extent of each of
   its index variables, then for each factor the sp_tensor * whose
   nonzeros give its density, or NULL for a dense one.  The cheapest by
   the compiler's formula with these figures; aborts on a MODEL it
   cannot read.  */
int sp_korder_pick (const char *model, ...);
/* The candidate the last sp_korder_pick of the calling thread chose, or
   -1: what a test asks to see which order ran.  */
int sp_korder_last (void);

/* Sort the N coordinates of A increasingly.  */
void sp_ksort (int64_t *a, int64_t n);
/* Order the first NW coordinates of a workspace's LIST increasingly;
   FLAG marks exactly those coordinates among the workspace's N.  */
void sp_kws_sort (int64_t *list, int64_t nw, const uint8_t *flag,
                  int64_t n);

/* The first of the rows of part PART (0 .. PARTS) when rows LO .. HI-1,
   whose entries POS (offsets of POSW bits, POS[HI] included) delimits,
   are cut into PARTS ranges of about equal work (a row costs its entries
   and one; its entries in POS2 too, when not NULL: the rows of two
   operands merged).  Part PARTS starts at HI.  */
int64_t sp_ksplit (const void *pos, int posw, const void *pos2, int posw2,
                   int64_t lo, int64_t hi, int64_t part, int64_t parts);

/* -------------------------------------------------------------------- */
/* A sparse output being built.  Generated code reads VALS, and may
   append an entry at level L itself while N[L] < FAST[L] (see
   sp_kout_push); once the room is fixed (sp_kout_fix), it appends at the
   last level with N[L] in a register, having checked each row's bound
   against LIMIT; the rest is private to kernel.c.  The output's levels
   but the dense ones have extents its crd width can hold (sp_kout_begin
   checks), so any coordinate the loops produce fits.  */

typedef struct sp_kout
{
  void *vals;                    /* values by position of the last level */
  int64_t n[SP_MAX_LEVELS];      /* entries appended per level */
  int64_t fast[SP_MAX_LEVELS];   /* N[L] below it: room for one more
                                    entry, no check
                                    needed (0: always call) */
  void *crd[SP_MAX_LEVELS];      /* coordinates, in the format's width */
  int64_t *cnt[SP_MAX_LEVELS];   /* cnt[p + 1]: entries under parent p */
  sp_tensor *t;
  int32_t first;                 /* the first compressed level */
  int32_t nlevels;
  int32_t crdw;                  /* bits of a coordinate */
  int32_t bounded;               /* a part of a parallel build: its
                                    arrays are shared, never grown */
  int64_t ndense;                /* parent positions of level FIRST */
  size_t esize;                  /* bytes of a value */
  int64_t vcap;                  /* values allocated */
  int64_t ccap[SP_MAX_LEVELS];   /* crd entries allocated */
  int64_t pcap[SP_MAX_LEVELS];   /* cnt entries allocated */
  int64_t last[SP_MAX_LEVELS];   /* parent of the last entry, -1 */
  int64_t limit;                 /* in fixed room holding a bound: its
                                    end, which the bound of every row is
                                    checked against; else INT64_MAX */
} sp_kout;

void sp_kout_begin (sp_kout *o, sp_tensor *t);
/* Make room for about ENTRIES entries at the last level at once (a
   hint: nothing happens when that much memory is not available).  */
void sp_kout_reserve (sp_kout *o, int64_t entries);
/* Room for ENTRIES entries at the last level, the only one below dense
   levels, allocated at once and never grown: a kernel that bounded (or
   counted) its entries appends them inline, N[L] in a register; before
   each row it checks that the row's bound fits under LIMIT, else calls
   sp_kout_full.  0 when done; 1 when that much memory cannot be
   had and EXACT is 0 (the kernel then counts its entries and asks for
   exactly that many, EXACT 1: a failure is then fatal, as any
   allocation of the output's).  */
int sp_kout_fix (sp_kout *o, int64_t entries, int exact);
/* The way out of a kernel about to need NEED entries in the fixed room:
   an internal error, reported; never returns.  */
void sp_kout_full (sp_kout *o, int64_t need) __attribute__ ((noreturn, cold));
/* A new entry with coordinate C at level L under parent position PARENT;
   returns its position.  */
int64_t sp_kout_append (sp_kout *o, int l, int64_t parent, int64_t c);
/* N new entries at the last level L under parent position PARENT, every
   level above L dense; their coordinates are the N of LIST, increasing.
   Returns the position of the first; the caller assigns the values.  */
int64_t sp_kout_run (sp_kout *o, int l, int64_t parent, const int64_t *list,
                     int64_t n);
void sp_kout_end (sp_kout *o);

/* sp_kout_append, its common case inline: room is left.  */
static inline int64_t
sp_kout_push (sp_kout *o, int l, int64_t parent, int64_t c)
{
  int64_t p = o->n[l];
  if (__builtin_expect (p >= o->fast[l], 0))
    return sp_kout_append (o, l, parent, c);
  switch (o->crdw)
    {
    case 8: ((int8_t *) o->crd[l])[p] = (int8_t) c; break;
    case 16: ((int16_t *) o->crd[l])[p] = (int16_t) c; break;
    case 32: ((int32_t *) o->crd[l])[p] = (int32_t) c; break;
    default: ((int64_t *) o->crd[l])[p] = c; break;
    }
  o->cnt[l][parent + 1]++;
  o->n[l] = p + 1;
  return p;
}

/* A sparse output built by threads at once in PARTS parts, each the
   entries of a contiguous range of rows (the positions of the dense
   levels above the first compressed one, or its coordinates), ranges
   increasing with the part; a thread may build several.  In two phases:
   the entries the rows of each part I will hold at each compressed level
   L are first counted and said, sp_kpar_count (P, I, L, N); once all
   have been, one thread calls sp_kpar_layout, which allocates the
   output's arrays once, each part owning the range of them its rows
   fill; then each part's rows' entries are appended through
   sp_kpar_part (P, I).  A build on one thread may
   skip the counts and the layout: part 0 then grows as a serial output,
   from room for about HINT entries.  sp_kpar_end checks that every part
   appended what it counted and replaces T's arrays (as sp_kout_end).
   Instead of counting, the parts of an output with one compressed level
   may give bounds, sp_kpar_bound (P, I, N, SC, SN): at most N entries
   each; in a sample of its rows, SC entries against a bound of SN (0:
   no sample).  If the bounds can stand for the counts (the samples'
   entries are close to their bounds, or far below them: runtime/kernel.c
   bounds_use), sp_kpar_layout lays the arrays
   out by them and the gaps the parts leave are closed (each part's
   entries moved down; where the gaps would be wide, the parts after the
   first append into arrays of their own, copied after the first's): by
   the threads together when each, all parts done, calls sp_kpar_close
   (P, T, THREADS), else by sp_kpar_end.  If
   the bounds cannot stand for the counts (another format, or arrays of
   their total too large), sp_kpar_layout does nothing, sp_kpar_laid (P)
   says so, and the parts count as above.  */
typedef struct sp_kpar sp_kpar;
sp_kpar *sp_kpar_begin (sp_tensor *t, int64_t parts, int64_t hint);
void sp_kpar_count (sp_kpar *p, int64_t i, int level, int64_t n);
void sp_kpar_bound (sp_kpar *p, int64_t i, int64_t n, int64_t sampled,
                    int64_t sample_bound);
int sp_kpar_laid (const sp_kpar *p);
void sp_kpar_close (sp_kpar *p, int64_t t, int64_t threads);
void sp_kpar_layout (sp_kpar *p);
sp_kout *sp_kpar_part (sp_kpar *p, int64_t i);
void sp_kpar_end (sp_kpar *p);
/* Whether a kernel over tensors holding ENTRIES entries is worth
   threads: at least SP_PAR_MIN of them (environment, default 32768).  */
int sp_kpar_worth (int64_t entries);

/* PARTS copies of N elements of ESIZE bytes, zeroed, one after another:
   the threads' own copies of a dense output they sum into.  Aborts when
   memory runs out.  */
void *sp_kparts_alloc (int64_t n, int64_t parts, size_t esize);
void sp_kparts_free (void *p);

/* -------------------------------------------------------------------- */
/* Distributed operands (sparse_mpi.h, runtime/dist.c).  Every kernel
   asks at its start whether one of its tagged operands is distributed
   over MPI ranks; for a program that never reads one, each of these
   calls costs a test and returns at once (CTX is NULL).

     void *ctx = sp_kdist_open (n, t0, role0, ..., t(n-1), role(n-1));
     for (i = sp_kdist_lo (ctx); i < sp_kdist_hi (ctx, dim); i++) ...
     acc = sp_kdist_sum_d (ctx, acc);          scalar sums
     sp_kdist_rows (ctx, y, rows, row_bytes);  dense outputs by row
     sp_kdist_mark (ctx, C);                   a tagged output
     sp_kdist_close (ctx);

   ROLE 1: the kernel's outermost loop walks the operand's first level
   (its rows) and only that loop, so a rank can run the rows it holds;
   2 + SP_KDIST_LEVELS * u + l: an operand stored densely whose rows
   (first dimension) are read only at the coordinates level l of operand
   u (of role 1, the u-th of this call) stores;
   0: anything else (read along another index, converted).  The call is
   collective when an operand is distributed: every rank reaches it, as
   every rank calls the kernel.  Distributed operands of role 1 are cut
   like the first of them.  A distributed operand stored densely, read
   at a role-1 operand's coordinates, gets the rows the rank's rows read
   from the ranks holding them (it stays distributed); any other
   distributed operand not of role 1 is gathered whole on every rank (it
   is no longer distributed after).
   CTX is NULL when no operand of role 1 is left distributed: the
   kernel then runs whole on every rank and its outputs are complete.

   Under a CTX, the outermost loop runs over this rank's block of rows
   [sp_kdist_lo, sp_kdist_hi); after it, a scalar sum is the sum over
   the ranks (sp_kdist_sum_*: integers, or floating-point sums the
   program lets reassociate), or runs through the ranks in order
   (sp_kdist_chain_in_d before the loop: the sum of the ranks before
   this one; sp_kdist_chain_out_d after it: the total, on every rank),
   which keeps the serial program's order of additions.  A dense output
   whose first dimension the outer loop indexes gets every rank's rows
   (sp_kdist_rows: ROWS rows of ROW_BYTES bytes); a tagged output so
   indexed becomes distributed like the operands (sp_kdist_mark; with a
   NULL CTX it is marked whole).  */
#define SP_KDIST_LEVELS 8
void *sp_kdist_open (int n, ...);
int64_t sp_kdist_lo (const void *ctx);
int64_t sp_kdist_hi (const void *ctx, int64_t n);
double sp_kdist_sum_d (void *ctx, double v);
int64_t sp_kdist_sum_l (void *ctx, int64_t v);
double sp_kdist_chain_in_d (void *ctx, double v);
double sp_kdist_chain_out_d (void *ctx, double v);
void sp_kdist_rows (void *ctx, void *data, int64_t rows, int64_t row_bytes);
void sp_kdist_mark (void *ctx, sp_tensor *out);
void sp_kdist_close (void *ctx);

/* -------------------------------------------------------------------- */
/* The dense workspace of a sparse output's last level: N values of ESIZE
   bytes and N flags, all zero, and room for a list of N coordinates.
   The kernel leaves values and flags zero again after each use.  */

typedef struct sp_kws
{
  void *vals;
  uint8_t *flag;
  int64_t *list;
  int64_t n;
} sp_kws;

void sp_kws_alloc (sp_kws *w, int64_t n, size_t esize);
void sp_kws_free (sp_kws *w);

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_KERNEL_H */
