/* ix-types.c -- C's arithmetic types: the table and C's rules on them
   (ix-types.h).  */

#include "ix-types.h"

/* Widths as GCC gives them on the targets the project builds for (LP64:
   long is 64 bits, long long too).  */
const ix_type_info ix_types[IX_NTYPES] = {
  [IX_F64] = { "double", "double", 64, 1, 1 },
  [IX_F32] = { "float", "float", 32, 1, 1 },
  [IX_I64] = { "long", "int64_t", 64, 1, 0 },
  [IX_I32] = { "int", "int32_t", 32, 1, 0 },
  [IX_U64] = { "unsigned long", "uint64_t", 64, 0, 0 },
  [IX_U32] = { "unsigned int", "uint32_t", 32, 0, 0 },
  [IX_I16] = { "short", "int16_t", 16, 1, 0 },
  [IX_U16] = { "unsigned short", "uint16_t", 16, 0, 0 },
  [IX_I8] = { "signed char", "int8_t", 8, 1, 0 },
  [IX_U8] = { "unsigned char", "uint8_t", 8, 0, 0 },
  [IX_BOOL] = { "_Bool", "_Bool", 1, 0, 0 },
};

_Static_assert ((int) IX_F64 == (int) SP_F64 && (int) IX_F32 == (int) SP_F32
                && (int) IX_I64 == (int) SP_I64
                && (int) IX_I32 == (int) SP_I32,
                "the stored types are numbered as sp_type numbers them");

int
ix_type_is_float (ix_type t)
{
  return ix_types[t].is_float;
}

int
ix_type_is_stored (ix_type t)
{
  return t <= IX_I32;
}

int
ix_int_type (int bits, int is_signed)
{
  for (int t = 0; t < IX_NTYPES; t++)
    if (!ix_types[t].is_float && ix_types[t].bits == bits
        && ix_types[t].is_signed == is_signed)
      return t;
  return -1;
}

ix_type
ix_promote (ix_type t)
{
  return !ix_types[t].is_float && ix_types[t].bits < 32 ? IX_I32 : t;
}

ix_type
ix_arith_type (ix_type a, ix_type b)
{
  a = ix_promote (a);
  b = ix_promote (b);
  const ix_type_info *x = &ix_types[a], *y = &ix_types[b];
  if (x->is_float || y->is_float)
    {
      if (x->is_float != y->is_float)
        return x->is_float ? a : b;
      return x->bits >= y->bits ? a : b;
    }
  if (x->bits != y->bits)
    return x->bits > y->bits ? a : b;
  return x->is_signed ? b : a;
}

int
ix_accum_type (ix_type o, ix_type t)
{
  ix_type r = ix_arith_type (o, t);
  if (r == o || t == o)
    return o;
  if (o == IX_BOOL || ix_types[o].is_float || ix_types[r].is_float)
    return -1;
  return ix_int_type (ix_types[r].bits, 0);
}

const char *
ix_type_name (ix_type t)
{
  return (unsigned) t < IX_NTYPES ? ix_types[t].name : "?";
}

int64_t
ix_int_convert (int64_t v, ix_type t)
{
  int bits = ix_types[t].bits;
  if (t == IX_BOOL)
    return v != 0;
  if (bits >= 64)
    return v;
  uint64_t m = (uint64_t) v & ((UINT64_C (1) << bits) - 1);
  if (ix_types[t].is_signed && (m >> (bits - 1)))
    return (int64_t) (m | ~((UINT64_C (1) << bits) - 1));
  return (int64_t) m;
}

double
ix_int_value (int64_t v, ix_type t)
{
  return ix_types[t].is_signed ? (double) v : (double) (uint64_t) v;
}

int
ix_fold_value (ix_type t, double *v)
{
  if (ix_types[t].is_float)
    {
      if (t == IX_F32)
        *v = (float) *v;
      return 1;
    }
  /* Past 2^53 a double may not be the integer.  */
  if (!(*v > -0x1p53 && *v < 0x1p53) || *v != (double) (int64_t) *v)
    return 0;
  int64_t w = ix_int_convert ((int64_t) *v, t);
  *v = ix_int_value (w, t);
  return *v > -0x1p53 && *v < 0x1p53;
}
