/* named_formats.h -- the formats a name stands for ("csr", "bcsr(R,C)"),
   one table for the format parser and for every message that names a
   format.  Plain C, no GCC header: linked into the runtime and the
   compiler core.  */

#ifndef SPARSE_NAMED_FORMATS_H
#define SPARSE_NAMED_FORMATS_H

#include <stdint.h>
#include "sparse_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A level of a named format: level type, expression kind, dim, dim2.  */
typedef struct sp_named_level
{
  uint8_t type, kind, dim, dim2;
} sp_named_level;

/* A named format.  RANK 0 means it fits any rank: the first level is
   LV[0].type and every other one LV[1].type, each storing its own
   dimension.  Otherwise it has RANK dimensions and NLEVELS levels
   LV[...]; its DIV and MOD levels take the block size of their dimension
   from the name's arguments, bcsr(R,C).  */
typedef struct sp_named_format
{
  const char *name;       /* as format strings spell it, in lower case */
  const char *shown;      /* as messages name a format stored so: "CSR" */
  /* The lowest rank messages use the name for (a rank-1 CSF or COO is a
     compressed vector and shows as its level type).  */
  int shown_from_rank;
  int rank;
  int nlevels;
  sp_named_level lv[4];
} sp_named_format;

/* The named format number I, in the order messages list them; NULL past
   the last.  */
const sp_named_format *sp_named_format_at (int i);

/* Nonzero when NF takes block sizes, as bcsr(R,C).  */
int sp_named_format_blocked (const sp_named_format *nf);

/* Set the rank and levels of F to those of NF for a tensor of RANK (any
   rank for NF's RANK 0, else NF's), block sizes BS[0] and BS[1] for a
   blocked NF (else BS may be NULL); F's other fields are left alone.  */
void sp_named_format_levels (const sp_named_format *nf, int rank,
                             const int64_t *bs, sp_format *f);

/* The named format F goes by, whatever its pos and crd widths and block
   sizes: the first in the table when several fit (dcsr before csf at
   rank 2), none below its SHOWN_FROM_RANK; NULL when F has no name.  */
const sp_named_format *sp_named_format_of (const sp_format *f);

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_NAMED_FORMATS_H */
