/* mathfn.c -- the C library's functions of one floating-point argument
   (mathfn.h).  */

#include <math.h>
#include <string.h>
#include "mathfn.h"

/* One row a function: its name and its two forms, in one order.  */
#define MATHFNS(X) \
  X (sqrt) X (cbrt) X (exp) X (exp2) X (expm1) X (log) X (log2) X (log10) \
  X (log1p) X (sin) X (cos) X (tan) X (asin) X (acos) X (atan) X (sinh) \
  X (cosh) X (tanh) X (asinh) X (acosh) X (atanh) X (erf) X (erfc) \
  X (floor) X (ceil) X (trunc) X (round) X (rint) X (nearbyint)

#define NAME(F) #F,
const char *const mathfn_names[] = { MATHFNS (NAME) };
#undef NAME
const int mathfn_count = sizeof mathfn_names / sizeof mathfn_names[0];

#define DOUBLE(F) F,
static double (*const double_form[]) (double) = { MATHFNS (DOUBLE) };
#undef DOUBLE
#define FLOAT(F) F##f,
static float (*const float_form[]) (float) = { MATHFNS (FLOAT) };
#undef FLOAT

int
mathfn_find (const char *name, ix_num *num)
{
  size_t len = strlen (name);
  for (int k = 0; k < mathfn_count; k++)
    {
      size_t l = strlen (mathfn_names[k]);
      if (strncmp (name, mathfn_names[k], l) != 0)
        continue;
      if (len == l || (len == l + 1 && name[l] == 'f'))
        {
          num->type = len == l ? IX_F64 : IX_F32;
          num->i = k;
          num->f = 0;
          return 1;
        }
    }
  return 0;
}

const char *
mathfn_name (ix_num num, char *buf, size_t len)
{
  snprintf (buf, len, "%s%s", mathfn_names[num.i],
            num.type == IX_F32 ? "f" : "");
  return buf;
}

double
mathfn_eval (ix_num num, double x)
{
  if (num.type == IX_F32)
    return float_form[num.i] ((float) x);
  return double_form[num.i] (x);
}

ix_op
mathfn_op (ix_num num)
{
  double z = mathfn_eval (num, 0.0);
  return z == 0 && !signbit (z) ? IX_CALLZ : IX_CALL;
}
