/* internal.h -- what the runtime's files share and users do not see.  */

#ifndef SPARSE_INTERNAL_H
#define SPARSE_INTERNAL_H

#include <stdint.h>
#include <stddef.h>
#include "sparse.h"
#include "sparse_abi.h"
#include "sparse_format.h"

/* Record why the current call fails (printf-style); always returns -1 so
   callers can `return sp__fail (...)`.  Thread-local, read by sp_error.  */
int sp__fail (const char *fmt, ...) __attribute__ ((format (printf, 1, 2)));

/* A coordinate list: what readers produce and what assembly consumes.
   Entry e has coordinates idx[e*rank .. e*rank+rank) and value val[e],
   or ival[e] in a list of integers (INTS), which keeps 64-bit values
   exact; sp__from_coo takes only lists of doubles.  */
typedef struct sp_coo
{
  int rank;
  int ints;
  int64_t dims[SP_MAX_RANK];
  int64_t n;       /* entries used */
  int64_t cap;     /* entries allocated */
  int64_t *idx;
  union
  {
    double *val;
    int64_t *ival;
  };
  /* A narrow list (sp__coo_init_narrow) holds the coordinates as int32
     here instead of IDX (NULL then); sp__coo_widen turns it into the
     usual form.  */
  int32_t *idx32;
} sp_coo;

int sp__coo_init (sp_coo *c, int rank, const int64_t *dims, int64_t cap);
/* A narrow list, for coordinates below 2^31.  */
int sp__coo_init_narrow (sp_coo *c, int rank, const int64_t *dims,
                         int64_t cap);
/* A list for a matrix of extents DIMS: narrow when they are below 2^31.  */
int sp__coo_init_2d (sp_coo *c, const int64_t *dims, int64_t cap);
/* Give a narrow list the usual int64 coordinates: 0 or -1.  */
int sp__coo_widen (sp_coo *c);
/* Room for one more entry in C, which is full: 0 or -1.  */
int sp__coo_grow (sp_coo *c);
/* Add an entry to C, a list of doubles.  */
int sp__coo_push (sp_coo *c, const int64_t *coords, double v);
void sp__coo_free (sp_coo *c);
/* Free C's arrays back to the system, not kept for the runtime's next
   arrays (sp__free_array): a reader's list, as large as the tensor it
   becomes and not needed again, would stay in memory beside it.  */
void sp__coo_release (sp_coo *c);

/* Build a tensor of format F and TYPE from C (duplicates summed; C may be
   reordered in place, or its arrays taken and left NULL; C stays owned by
   the caller).  NULL on failure.  */
sp_tensor *sp__from_coo (const sp_format *f, sp_type type, sp_coo *c);

/* Visit the stored entries of T (assembled first; padding skipped) in
   storage order: FN gets the coordinates and the value; a nonzero return
   stops the walk and is returned.  */
int sp__foreach (const sp_tensor *t,
                 int (*fn) (void *ctx, const int64_t *coords, double v),
                 void *ctx);

/* Parse FORMAT for a tensor of RANK and report a parse error through
   sp__fail; 0 or -1.  */
int sp__parse_format (const char *format, int rank, sp_format *f);

#endif /* SPARSE_INTERNAL_H */
