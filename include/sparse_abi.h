/* sparse_abi.h -- the storage layout of a sparse tensor.

   This is the one description of the layout, shared by libsparsert and by the
   code the GCC plugin emits: generated loops read the pos/crd/vals arrays of a
   tensor straight from these structs.  Anything the emitted code touches lives
   here; the runtime's private state hangs off `priv`.

   A tensor of rank R is stored as a sequence of levels (one per level
   expression of its format, see sparse_format.h).  Level k stores coordinates
   of its level expression; positions number the stored entries of a level:

     D   dense         no arrays; child position = parent position * size + c
     CU  compressed    pos[parent .. parent+1) is the child position range,
                       crd[p] the coordinate, sorted and unique per parent
     CN  compressed    as CU, coordinates may repeat (COO's top level)
     S   singleton     crd[p] only; exactly one child per parent position
     O   offset        nothing stored; the coordinate follows from the
                       enclosing levels (the column of a DIA entry)

   The values array is indexed by the positions of the last level.

   Structured formats (ELL, DIA, BCSR) store padding: slots whose value is zero
   and whose recovered coordinates fall outside the tensor's extents (an ELL
   slot's S coordinate is the all-ones value of crdw; a DIA slot's column is
   outside [0, dims[1]); a BCSR block runs past the last row or column).
   Every reader skips an entry whose coordinates are out of range.  */

#ifndef SPARSE_ABI_H
#define SPARSE_ABI_H

#include <stdint.h>

#define SP_MAX_RANK 8
#define SP_MAX_LEVELS 8
#define SP_MAGIC 0x53505431u /* "SPT1": marks a live tensor */

/* What each level type stores and how loops walk it is a row of
   attrs/level_types.c, asked through its predicates; a new type is a
   value here (no explicit values: the types number 0, 1, ...) and a row
   there.  */
typedef enum
{
  SP_LVL_D,  /* dense */
  SP_LVL_CU, /* compressed, unique */
  SP_LVL_CN, /* compressed, non-unique */
  SP_LVL_S,  /* singleton */
  SP_LVL_O   /* offset: computed, stores nothing */
} sp_level_type;

/* What a level stores coordinates of.  */
typedef enum
{
  SP_LX_VAR,   /* i           */
  SP_LX_DIV,   /* i / k       */
  SP_LX_MOD,   /* i % k       */
  SP_LX_DIFF,  /* i - j, stored shifted by dims[j]-1 so it is >= 0 */
  SP_LX_COUNT  /* #i: the entry's rank among the entries sharing i */
} sp_lexpr_kind;

typedef struct sp_level_fmt
{
  uint8_t type;  /* sp_level_type */
  uint8_t kind;  /* sp_lexpr_kind */
  uint8_t dim;   /* the tensor dimension the expression reads */
  uint8_t dim2;  /* second dimension of SP_LX_DIFF */
  int64_t k;     /* divisor of SP_LX_DIV / SP_LX_MOD */
} sp_level_fmt;

typedef struct sp_format
{
  int32_t rank;     /* dimensions of the tensor */
  int32_t nlevels;  /* levels of its storage (rank, or more for blocked) */
  uint8_t posw;     /* bits of a pos entry: 8, 16, 32 or 64 */
  uint8_t crdw;     /* bits of a crd entry: 8, 16, 32 or 64 */
  sp_level_fmt lv[SP_MAX_LEVELS];
} sp_format;

typedef struct sp_level_store
{
  void *pos;     /* CU/CN: npos entries of posw bits, else NULL */
  void *crd;     /* CU/CN/S: ncrd entries of crdw bits, else NULL */
  int64_t size;  /* extent of the level's coordinate range */
  int64_t npos;
  int64_t ncrd;
  int64_t count; /* positions of this level (entries of the next level's parent) */
} sp_level_store;

struct sp_tensor
{
  uint32_t magic;   /* SP_MAGIC while alive */
  int32_t type;     /* sp_type */
  int32_t dirty;    /* nonzero: inserts pending, assemble before reading */
  int32_t remote;   /* nonzero: distributed over MPI ranks (sparse_mpi.h):
                       element accesses go through the runtime, which
                       knows this rank's block */
  sp_format fmt;
  int64_t dims[SP_MAX_RANK];
  sp_level_store lv[SP_MAX_LEVELS];
  void *vals;       /* lv[nlevels-1].count values of the element type */
  int64_t nvals;
  void *priv;       /* runtime-private state (insert buffer, dense copy) */
  /* A first level whose coordinates are stored (DCSR, COO), indexed by
     coordinate once element reads ask for it (sp__index_first): index[c]
     the first position whose coordinate is c or more, for c from 0 to
     lv[0].size; where the second level is compressed, that position's
     first entry there (lv[1].pos at it), so that index[c] and
     index[c + 1] bound row c's entries.  indexed: 0 not asked yet, 1
     made, -1 not worth its room.  Freed with the arrays.  */
  int64_t *index;
  int32_t indexed;
  /* A matrix whose last level is compressed (CSR, DCSR, CSC), its
     diagonal located once kernels ask for it (sp_kdiag): diag[c] the
     position in vals of the entry whose two coordinates are c (-1 where
     none is stored), for c from 0 to lv[0].size - 1.  diagged: 0 not
     asked yet, 1 made, -1 not made.  Freed with the arrays.  */
  int64_t *diag;
  int32_t diagged;
};

#endif /* SPARSE_ABI_H */
