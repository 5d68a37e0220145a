/* sparse.h -- libsparsert, the storage runtime of the sparse GCC plugin.

   A tensor has a format (see sparse_format.h for the grammar), an element
   type and extents.  Errors are return values (NULL or nonzero); sp_error()
   says what went wrong, on the calling thread.  */

#ifndef SPARSE_H
#define SPARSE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sp_tensor sp_tensor;
typedef enum { SP_F64, SP_F32, SP_I64, SP_I32 } sp_type;

/* Construction.  */
sp_tensor *sp_new (const char *format, sp_type type, int rank,
                   const int64_t *dims);
/* Add VALUE at COORDS; any order, duplicates add up.  */
int sp_insert (sp_tensor *t, const int64_t *coords, double value);
/* Set the element at COORDS to VALUE (dense assignment semantics).  */
int sp_put (sp_tensor *t, const int64_t *coords, double value);
/* The same with an int64_t VALUE, exactly.  A double holds every i32,
   f32 and f64 value, and i64 values up to 2^53 in magnitude: beyond that
   an i64 element needs these (and sp_get_i64).  The value converts to
   the tensor's type as C converts; one that i32 cannot hold is an error,
   as for a double.  */
int sp_insert_i64 (sp_tensor *t, const int64_t *coords, int64_t value);
int sp_put_i64 (sp_tensor *t, const int64_t *coords, int64_t value);
/* Assemble pending inserts into the format (done implicitly before reads).  */
int sp_assemble (sp_tensor *t);

/* Files: Matrix Market (.mtx) and FROSTT (.tns), chosen by extension.  */
sp_tensor *sp_read (const char *path, const char *format, sp_type type);
int sp_write (const sp_tensor *t, const char *path);

/* Conversion and dense arrays (row-major).  */
sp_tensor *sp_convert (const sp_tensor *t, const char *format);
sp_tensor *sp_from_dense (const void *data, sp_type type, int rank,
                          const int64_t *dims, const char *format);
int sp_to_dense (const sp_tensor *t, void *out);

/* Queries.  */
/* The element at COORDS (zero when not stored); NaN for a bad tensor or
   coordinates.  */
double sp_get (const sp_tensor *t, const int64_t *coords);
/* The same as an int64_t, exactly: integer elements as they are, f32 and
   f64 ones as C converts them (toward zero).  INT64_MIN for a bad tensor
   or coordinates, or a floating value that int64_t cannot hold (NaN,
   out of range), with sp_error saying which.  */
int64_t sp_get_i64 (const sp_tensor *t, const int64_t *coords);
int64_t sp_nnz (const sp_tensor *t);
int sp_rank (const sp_tensor *t);
int64_t sp_dim (const sp_tensor *t, int d);
sp_type sp_elem_type (const sp_tensor *t);
size_t sp_memory (const sp_tensor *t);
/* The canonical spelling of T's format into BUF; returns BUF.  */
char *sp_format_string (const sp_tensor *t, char *buf, size_t len);
int sp_print (const sp_tensor *t, FILE *out);

/* Zero-copy exchange with other libraries.

   sp_wrap makes a tensor over arrays the caller owns: POS[l] and CRD[l]
   are the pos and crd arrays of storage level l (sparse_abi.h tells what
   each level type stores; NULL where it stores none, and POS or CRD may
   be NULL as a whole when no level stores one), of the index widths the
   format says (32 bits unless ";pos=64;crd=64" and the like), and VALUES
   the stored values of TYPE.  CSR's are pos[1], crd[1] (the row pointers
   and column indices) with pos[0] = crd[0] = NULL; CSC's the same of the
   columns; COO's pos[0] = {0, nnz}, crd[0] the rows, crd[1] the columns.
   The arrays are checked once, at the call: a pos array starts at 0 and
   never decreases; coordinates lie in their level's range; under each
   parent, compressed coordinates are sorted, without repeats where the
   level is unique, and COO's coordinate tuples are sorted and unique.  A
   failure is NULL with a message naming the level and the position.  The
   formats with a # level (ELL) cannot be wrapped: the arrays do not tell
   their extent.

   Kernels (generated loops, sp_get, conversions) read the arrays in
   place, and writes that keep the structure write the caller's values in
   place: a loop A[i][j] *= 2 over a tagged array, a sparse output of the
   same entries, sp_put or the fallback's writes on stored elements once
   assembled.  (Built without the plugin, a kernel writes sp_array's
   dense copy, which reaches the caller's values at the tensor's next
   read: sp_values, sp_assemble, ...)  A change of structure (a new entry
   assembled, a sparse output of other entries) moves the tensor to
   arrays of its own, copied on that write: the caller's arrays keep what
   they held, and sp_pos, sp_crd and sp_values then give the new ones.  The caller's arrays must live, unchanged but
   through the tensor, until sp_free, which frees the handle only; the
   runtime never frees, grows or reallocates them.

   sp_pos, sp_crd and sp_values give the tensor's own arrays, no copy
   (assembling pending inserts first): NULL where level LEVEL stores no
   such array, and NULL with sp_error for a bad tensor or a LEVEL out of
   range.  Level l's pos array has one entry more than level l-1 has
   positions (1 for l = 0), and its last entry is the length of level l's
   crd array; the values array has as many entries as the last level has
   positions (sp_nnz, plus explicit padding in ELL, DIA and BCSR).  */
sp_tensor *sp_wrap (const char *format, sp_type type, int rank,
                    const int64_t *dims, void *const *pos, void *const *crd,
                    void *values);
void *sp_pos (const sp_tensor *t, int level);
void *sp_crd (const sp_tensor *t, int level);
void *sp_values (const sp_tensor *t);

/* Iteration over the stored entries of T (the ones sp_nnz counts,
   assembled first: padding and a dense level's zero slots are skipped),
   in storage order:
     sp_iter *it = sp_iter_new (t);
     while (sp_iter_next (it, coords, &value) > 0) ...
     sp_iter_free (it);
   Each call puts the next entry's canonical coordinates into COORDS
   (sp_rank (t) of them) and its value into VALUE (either may be NULL),
   and returns 1; 0 at the end.  sp_iter_next_i64 gives the value as
   sp_get_i64 does, exact for i64 values past 2^53; a floating value that
   int64_t cannot hold gives INT64_MIN and -1 (the iterator moves past
   it).  T must stay unchanged while iterated: a call after a change
   returns -1 with sp_error.  sp_iter_new returns NULL with sp_error for a
   bad tensor.  */
typedef struct sp_iter sp_iter;
sp_iter *sp_iter_new (const sp_tensor *t);
int sp_iter_next (sp_iter *it, int64_t *coords, double *value);
int sp_iter_next_i64 (sp_iter *it, int64_t *coords, int64_t *value);
void sp_iter_free (sp_iter *it);

void sp_free (sp_tensor *t);
/* The runtime keeps the last large blocks its arrays freed (at most
   SP_KEEP_MB megabytes: by default 64, or a 256th of the machine's
   memory where that is less) to serve its next arrays without fresh
   pages; this gives them back now.  */
void sp_release_memory (void);
const char *sp_error (void);

/* Pass a tensor to a parameter tagged with sparse(...).  Compiled with the
   plugin this is the tensor's handle; without it, a dense row-major copy
   owned by T whose changes T sees on its next read.  */
void *sp_array (sp_tensor *t);
void *sp_array_handle (sp_tensor *t);
#ifdef __SPARSE_PLUGIN__
#define sp_array(t) sp_array_handle (t)
#endif

/* Compiled with the plugin, which predefines __SPARSE_PLUGIN__, SPARSE
   tags an array.  Without it the file is the dense program: SPARSE is
   nothing (no -Wattributes noise), and a #pragma sparse, which GCC would
   ignore in silence, draws a warning (-Wunknown-pragmas on, from here to
   the end of the unit).  */
#ifdef __SPARSE_PLUGIN__
#define SPARSE(fmt) __attribute__ ((sparse (fmt)))
#else
#define SPARSE(fmt)
#pragma GCC diagnostic warning "-Wunknown-pragmas"
#endif

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_H */
