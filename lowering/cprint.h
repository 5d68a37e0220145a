/* cprint.h -- the loop IR printed as real C over the sparse_abi.h structs.

   This is the reference for the GCC-side emitter: every loop IR node has
   one C rendering here, and a kernel printed by it compiles with any C11
   compiler against include/ and libsparsert.

   The kernel is a function taking the statement's operands in operand
   order: a tagged array as `sp_tensor *`, a C array or pointer as a
   pointer to its element type (row-major), a scalar as a pointer to it;
   then, for each dimension of a C array whose extent is only known at run
   time, an `int64_t NAME_dD`.  A second function NAME_args (void **args)
   takes the same arguments as an array of pointers (the int64_t ones by
   address), for callers that build calls at run time.

   Sparse outputs are assembled by the helpers of the prelude (sp_kout_*),
   which implement LIR_CALL_OUT_BEGIN, LIR_APPEND and LIR_CALL_OUT_END on
   the fields of sparse_abi.h: new pos/crd/vals arrays are built with
   malloc/realloc, then installed in the tensor, its old arrays freed.  */

#ifndef SPARSE_CPRINT_H
#define SPARSE_CPRINT_H

#include <stdio.h>
#include "loops.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The includes and helper functions a printed kernel needs; once per
   translation unit.  */
void cprint_prelude (FILE *f);

/* Kernel K as the functions NAME and NAME_args.  */
void cprint_kernel (const lir_kernel *k, const char *name, FILE *f);

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_CPRINT_H */
