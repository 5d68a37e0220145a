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

void sp_free (sp_tensor *t);
/* The runtime keeps the last large blocks its arrays freed (at most
   SP_KEEP_MB megabytes, a sixteenth of the machine's memory by default)
   to serve its next arrays without fresh pages; this gives them back
   now.  */
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
