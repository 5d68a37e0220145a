/* { dg-do run } */
/* C's usual arithmetic conversions, as the compiler core computes them
   (ix_arith_type on element types, lir_arith_type on the loop IR's types,
   and the type lir_binary gives an operation), against what this C
   compiler gives the same operation: for every pair of types, the type
   of a + b, told by _Generic.  */

#include "core-util.h"
#include "loops.h"

/* The loop IR type of expression X's C type.  */
#define LIR_TYPE_OF(x)                                                  \
  _Generic ((x), double: LIR_F64, float: LIR_F32, int64_t: LIR_I64,     \
            int32_t: LIR_I32, default: -1)

/* Zeros of the loop IR's types, by lir_type.  */
static double f64;
static float f32;
static int64_t i64;
static int32_t i32;
static uint8_t u8;
static int8_t idx8;
static int16_t idx16;
static int32_t idx32;
static int64_t idx64;

/* The type C gives A + B for the loop IR types A and B, by lir_type.  */
#define SUM_TYPES(a)                                                    \
  { LIR_TYPE_OF (a + f64), LIR_TYPE_OF (a + f32), LIR_TYPE_OF (a + i64), \
    LIR_TYPE_OF (a + i32), LIR_TYPE_OF (a + u8), LIR_TYPE_OF (a + idx8), \
    LIR_TYPE_OF (a + idx16), LIR_TYPE_OF (a + idx32),                   \
    LIR_TYPE_OF (a + idx64) }

#define NTYPES (LIR_IDX64 + 1)

int
main (void)
{
  const int c_sum[NTYPES][NTYPES] = {
    SUM_TYPES (f64), SUM_TYPES (f32), SUM_TYPES (i64), SUM_TYPES (i32),
    SUM_TYPES (u8), SUM_TYPES (idx8), SUM_TYPES (idx16), SUM_TYPES (idx32),
    SUM_TYPES (idx64)
  };

  /* The element types: sp_type and lir_type number them alike.  */
  for (int a = SP_F64; a <= SP_I32; a++)
    for (int b = SP_F64; b <= SP_I32; b++)
      {
        sp_type t = ix_arith_type ((sp_type) a, (sp_type) b);
        if ((int) t != c_sum[a][b])
          fprintf (stderr, "ix_arith_type (%d, %d) = %d, C says %d\n", a,
                   b, t, c_sum[a][b]);
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
  for (int a = SP_F64; a <= SP_I32; a++)
    for (int b = SP_F64; b <= SP_I32; b++)
      {
        int va = lir_add_var (k, (lir_type) a, "a");
        int vb = lir_add_var (k, (lir_type) b, "b");
        int mul = lir_binary (k, LIR_MUL, lir_ref (k, va), lir_ref (k, vb));
        int lt = lir_binary (k, LIR_LT, lir_ref (k, va), lir_ref (k, vb));
        CHECK (mul >= 0 && (int) k->exprs[mul].type == c_sum[a][b]);
        CHECK (lt >= 0 && k->exprs[lt].type == LIR_I32);
      }
  lir_free (k);

  if (failures)
    return 1;
  puts ("arith-types: ok");
  return 0;
}
