/* { dg-do run } */
/* C's arithmetic types, as the compiler core types them (ix-types.h)
   against what this C compiler does: for every pair of types, the type
   of a + b (ix_arith_type on the core's types, lir_arith_type on the
   loop IR's, the type lir_binary gives an operation), told by _Generic;
   an integer converted to each integer type (ix_int_convert) as C
   converts it; each type's C name and spelling.  */

#include <string.h>
#include "core-util.h"
#include "loops.h"

/* The loop IR type of expression X's C type.  */
#define LIR_TYPE_OF(x)                                                  \
  _Generic ((x), double: LIR_F64, float: LIR_F32, int64_t: LIR_I64,     \
            int32_t: LIR_I32, uint64_t: LIR_U64, uint32_t: LIR_U32,     \
            default: -1)

/* Zeros of the loop IR's types, by lir_type.  */
static double f64;
static float f32;
static int64_t i64;
static int32_t i32;
static uint64_t u64;
static uint32_t u32;
static int16_t i16;
static uint16_t u16;
static int8_t i8;
static uint8_t u8;
static _Bool b1;
static int8_t idx8;
static int16_t idx16;
static int32_t idx32;
static int64_t idx64;

/* The type C gives A + B for the loop IR types A and B, by lir_type.  */
#define SUM_TYPES(a)                                                    \
  { LIR_TYPE_OF (a + f64), LIR_TYPE_OF (a + f32), LIR_TYPE_OF (a + i64), \
    LIR_TYPE_OF (a + i32), LIR_TYPE_OF (a + u64), LIR_TYPE_OF (a + u32), \
    LIR_TYPE_OF (a + i16), LIR_TYPE_OF (a + u16), LIR_TYPE_OF (a + i8), \
    LIR_TYPE_OF (a + u8), LIR_TYPE_OF (a + b1), LIR_TYPE_OF (a + idx8), \
    LIR_TYPE_OF (a + idx16), LIR_TYPE_OF (a + idx32),                   \
    LIR_TYPE_OF (a + idx64) }

#define NTYPES (LIR_IDX64 + 1)

/* V converted to each integer type as C converts it, by ix_type (0 for
   the floating types).  */
#define CONVERTED(v)                                                    \
  { 0, 0, (int64_t) (v), (int32_t) (v), (int64_t) (uint64_t) (v),       \
    (uint32_t) (v), (int16_t) (v), (uint16_t) (v), (int8_t) (v),        \
    (uint8_t) (v), (_Bool) (v) }

int
main (void)
{
  const int c_sum[NTYPES][NTYPES] = {
    SUM_TYPES (f64), SUM_TYPES (f32), SUM_TYPES (i64), SUM_TYPES (i32),
    SUM_TYPES (u64), SUM_TYPES (u32), SUM_TYPES (i16), SUM_TYPES (u16),
    SUM_TYPES (i8), SUM_TYPES (u8), SUM_TYPES (b1), SUM_TYPES (idx8),
    SUM_TYPES (idx16), SUM_TYPES (idx32), SUM_TYPES (idx64)
  };

  /* The values' types: ix_type and lir_type number them alike.  */
  for (int a = 0; a < IX_NTYPES; a++)
    for (int b = 0; b < IX_NTYPES; b++)
      {
        ix_type t = ix_arith_type ((ix_type) a, (ix_type) b);
        if ((int) t != c_sum[a][b])
          fprintf (stderr, "ix_arith_type (%s, %s) = %s, C says %d\n",
                   ix_type_name ((ix_type) a), ix_type_name ((ix_type) b),
                   ix_type_name (t), c_sum[a][b]);
        CHECK ((int) t == c_sum[a][b]);
      }

  /* Every type of the loop IR, flags and index arrays promoted.  */
  for (int a = 0; a < NTYPES; a++)
    for (int b = 0; b < NTYPES; b++)
      {
        lir_type t = lir_arith_type ((lir_type) a, (lir_type) b);
        if ((int) t != c_sum[a][b])
          fprintf (stderr, "lir_arith_type (%s, %s) = %s, C says %d\n",
                   lir_type_name ((lir_type) a), lir_type_name ((lir_type) b),
                   lir_type_name (t), c_sum[a][b]);
        CHECK ((int) t == c_sum[a][b]);
      }

  /* An operation built in the loop IR has that type; a comparison is an
     int whatever it compares.  */
  static ix_sched sc;
  lir_kernel *k = lir_new (&sc);
  for (int a = 0; a < IX_NTYPES; a++)
    for (int b = 0; b < IX_NTYPES; b++)
      {
        int va = lir_add_var (k, (lir_type) a, "a");
        int vb = lir_add_var (k, (lir_type) b, "b");
        int mul = lir_binary (k, LIR_MUL, lir_ref (k, va), lir_ref (k, vb));
        int lt = lir_binary (k, LIR_LT, lir_ref (k, va), lir_ref (k, vb));
        CHECK (mul >= 0 && (int) k->exprs[mul].type == c_sum[a][b]);
        CHECK (lt >= 0 && k->exprs[lt].type == LIR_I32);
      }
  lir_free (k);

  /* Conversions of integers, modulo each type's width; to _Bool, whether
     the value is not zero.  */
  static const int64_t values[] = { 0, 1, -1, 255, 256, 300, -129, 65537,
                                    INT64_MIN, INT64_MAX, 0x80000000ll,
                                    -0x80000001ll };
  for (size_t v = 0; v < sizeof values / sizeof values[0]; v++)
    {
      const int64_t c[IX_NTYPES] = CONVERTED (values[v]);
      for (int t = IX_I64; t < IX_NTYPES; t++)
        {
          int64_t r = ix_int_convert (values[v], (ix_type) t);
          if (r != c[t])
            fprintf (stderr, "ix_int_convert (%lld, %s) = %lld, C says "
                     "%lld\n", (long long) values[v],
                     ix_type_name ((ix_type) t), (long long) r,
                     (long long) c[t]);
          CHECK (r == c[t]);
        }
    }

  /* Names: in messages C's, in printed kernels the fixed-width ones.  */
  CHECK (strcmp (ix_type_name (IX_U32), "unsigned int") == 0);
  CHECK (strcmp (ix_type_name (IX_I8), "signed char") == 0);
  CHECK (strcmp (lir_type_name (LIR_U64), "uint64_t") == 0);
  CHECK (strcmp (lir_type_name (LIR_IDX16), "int16_t") == 0);

  if (failures)
    return 1;
  puts ("arith-types: ok");
  return 0;
}
