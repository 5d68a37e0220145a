/* mathfn.h -- the C library's functions of one floating-point argument
   that expressions may call (IX_CALL, IX_CALLZ, LIR_MATH): sqrt, exp,
   sin, floor ... in their double and float forms (exp, expf).  A call is
   carried by its ix_num: TYPE the form's type (IX_F64 or IX_F32, the
   argument's and the result's), I the function's index in mathfn_names.
   Generated code calls the same library function as the dense program,
   on the same value; the core evaluates a call only on a constant (an
   unstored zero, where its operand is absent) to know what it gives
   there.  */

#ifndef SPARSE_MATHFN_H
#define SPARSE_MATHFN_H

#include "ix.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The double forms' names ("exp"); a float form's adds "f".  */
extern const char *const mathfn_names[];
extern const int mathfn_count;

/* The call of function NAME ("exp", "expf"): FN's ix_num, in *NUM, and
   nonzero; zero when NAME is none of them.  */
int mathfn_find (const char *name, ix_num *num);
/* The C name of the call NUM ("expf").  */
const char *mathfn_name (ix_num num, char *buf, size_t len);
/* The value of the call NUM at X (converted to its type), as the C
   library computes it.  */
double mathfn_eval (ix_num num, double x);
/* The operator of the call NUM: IX_CALLZ when it is +0 at +0 (sqrt, sin,
   floor ...: zeros stay zeros, as for |A|), IX_CALL when it is not
   (exp, cos, log ...: nonzero at the unstored zeros).  */
ix_op mathfn_op (ix_num num);

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_MATHFN_H */
