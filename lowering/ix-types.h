/* ix-types.h -- C's arithmetic types as the compiler core knows them:
   the one list of them, their widths and signedness, and the rules C
   applies to them (the integer promotions, the usual arithmetic
   conversions, the conversion of an integer on store).

   Tagged arrays store the first four only (sp_type, the runtime's
   element types, numbered alike); plain arrays and scalars of a loop
   nest or an einsum pragma may be of any.  The loop IR numbers its value
   types alike too (loops.h lir_type).  */

#ifndef SPARSE_IX_TYPES_H
#define SPARSE_IX_TYPES_H

#include <stdint.h>
#include "sparse.h"      /* sp_type */

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ix_type
{
  IX_F64, IX_F32, IX_I64, IX_I32,       /* sp_type's, in its order */
  IX_U64, IX_U32, IX_I16, IX_U16, IX_I8, IX_U8,
  IX_BOOL,                              /* _Bool */
  IX_NTYPES
} ix_type;

typedef struct ix_type_info
{
  const char *name;    /* in messages: "unsigned int" */
  const char *spell;   /* in generated C: "uint32_t" */
  int bits;            /* the width of its values; 1 for _Bool */
  int is_signed;
  int is_float;
} ix_type_info;

extern const ix_type_info ix_types[IX_NTYPES];

/* Nonzero when T is double or float.  */
int ix_type_is_float (ix_type t);
/* Nonzero when a tagged array may store elements of type T (an sp_type).  */
int ix_type_is_stored (ix_type t);
/* The integer type of BITS bits (1: _Bool), signed or not; -1 if none.  */
int ix_int_type (int bits, int is_signed);
/* T after the integer promotions: an integer narrower than int is int.  */
ix_type ix_promote (ix_type t);
/* The type C's usual arithmetic conversions give a binary operation on
   values of types A and B (both promoted first): double over float over
   the integers; of two integers the wider, and of one width the
   unsigned.  Every stage that types an operation asks this.  */
ix_type ix_arith_type (ix_type a, ix_type b);
/* The type in which the terms of type T that C adds (or multiplies)
   one by one into an object of type O, o = (O) (o + t) in the usual
   arithmetic conversions' type R, may be summed in any order (split
   among threads too) and converted to O once, giving what C gives:
   O itself where R is O (a long sum of ints, a double sum of floats,
   an unsigned sum of ints) or T is O (each step converts alike); for
   integers where R is wider or unsigned (an int count of unsigned
   terms, a short sum of ints, an int sum of longs), the unsigned type
   of R's width: sums and products modulo 2^N, and the conversions to
   O modulo O's width, compose (GCC converts to a signed type modulo
   its width; a step that C computes in a signed R and overflows is
   undefined).  -1 where no type does: a floating R (an int of double
   terms truncated at each step, a float of double terms rounded) and
   a _Bool O (each step keeps only whether its sum is nonzero).  */
int ix_accum_type (ix_type o, ix_type t);
/* The C name of T: "double", "long", "unsigned char".  */
const char *ix_type_name (ix_type t);
/* Integer V (a signed value, or an unsigned one's bits) converted to
   integer type T as GCC converts: modulo 2^bits, to 0 or 1 for _Bool.  */
int64_t ix_int_convert (int64_t v, ix_type t);
/* The value of integer bits V of type T, as a double.  */
double ix_int_value (int64_t v, ix_type t);
/* *V, a value of an operation of type T computed in doubles, made T's:
   an integer's wrapped as T wraps it.  Zero when the double cannot
   hold the result exactly (then *V is not T's value).  */
int ix_fold_value (ix_type t, double *v);

#ifdef __cplusplus
}
#endif

#endif
