/* level_types.h -- what each level type of a format (sp_level_type,
   sparse_abi.h) stores and how loops walk and write it.

   Code asks these predicates instead of comparing level types, so that a
   new level type is a new row in level_types.c, with a case that the
   compiler demands (-Wswitch); the loops, the scheduler and the writers
   then treat it by its properties.  Plain C, no GCC header: linked into
   the runtime and the compiler core.  */

#ifndef SPARSE_LEVEL_TYPES_H
#define SPARSE_LEVEL_TYPES_H

#include "sparse_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The properties of one level type.  */
typedef struct sp_level_props
{
  const char *name;        /* its spelling in format strings, "CU" */
  /* Every coordinate of the level's range has a position, the parent's
     position times the extent plus the coordinate: a coordinate is
     located by arithmetic, nothing is stored.  */
  unsigned dense : 1;
  unsigned has_pos : 1;    /* stores pos: each parent's range of positions */
  unsigned has_crd : 1;    /* stores crd: the coordinate of each position */
  /* A coordinate occurs at most once under one parent position.  */
  unsigned unique : 1;
  /* One position per parent position, numbered as the parent's.  */
  unsigned singleton : 1;
  /* Stores nothing and has no loop: the coordinate follows from the
     levels above (the column of a DIA entry).  */
  unsigned computed : 1;
  /* Generated loops write it into an output: each parent's coordinates
     appended once each, in order (pos and crd grown at the end).  */
  unsigned appendable : 1;
} sp_level_props;

/* The row of level type TYPE; for a value that is no level type, a row
   named "?" without any property.  It reads no memory (const), so that
   the compiler asks it once for several predicates of one type.  */
const sp_level_props *sp_lvl_props (int type) __attribute__ ((const));

/* Nonzero when TYPE is a level type.  Level types number 0, 1, ... (an
   enum without explicit values), so a loop up to the first unknown one
   visits them all.  */
int sp_lvl_known (int type) __attribute__ ((const));

static inline int
sp_lvl_is_dense (int type)
{
  return sp_lvl_props (type)->dense;
}

/* A level that stores coordinates (has crd), so that loops walk its
   entries rather than its range: the one answer to "is this level
   sparse?".  */
static inline int
sp_lvl_is_sparse (int type)
{
  return sp_lvl_props (type)->has_crd;
}

static inline int
sp_lvl_has_pos (int type)
{
  return sp_lvl_props (type)->has_pos;
}

static inline int
sp_lvl_is_unique (int type)
{
  return sp_lvl_props (type)->unique;
}

static inline int
sp_lvl_is_singleton (int type)
{
  return sp_lvl_props (type)->singleton;
}

static inline int
sp_lvl_is_computed (int type)
{
  return sp_lvl_props (type)->computed;
}

static inline int
sp_lvl_is_appendable (int type)
{
  return sp_lvl_props (type)->appendable;
}

/* Nonzero when levels 0 .. N-1 of F are all dense: with N its number of
   levels, F stores the tensor as a dense array.  */
int sp_format_dense_upto (const sp_format *f, int n);

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_LEVEL_TYPES_H */
