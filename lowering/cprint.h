/* cprint.h -- the loop IR printed as real C over the sparse_abi.h structs.

   This is the reference for the GCC-side emitter: every loop IR node has
   one C rendering here, and a kernel printed by it compiles with any C11
   compiler against include/ and libsparsert; one with vectors (strip.c)
   uses GCC's vector extension, which Clang has too.

   The kernel is a function taking the statement's operands in operand
   order: a tagged array as `sp_tensor *`, a C array or pointer as a
   pointer to its element type (row-major), a scalar as a pointer to it;
   then, for each dimension of a C array whose extent is only known at run
   time, an `int64_t NAME_dD`.  A second function NAME_args (void **args)
   takes the same arguments as an array of pointers (the int64_t ones by
   address), for callers that build calls at run time.

   Everything beyond reading pos/crd/vals is a call into the runtime's
   kernel support (include/sparse_kernel.h): sp_kassemble, sp_kconvert,
   sp_kout_begin / sp_kout_append / sp_kout_end for LIR_CALL_OUT_BEGIN,
   LIR_APPEND and LIR_CALL_OUT_END, sp_kws_alloc / sp_kws_free for the
   workspace (its arrays are the fields of an sp_kws), sp_ksort,
   sp_kmin.  */

#ifndef SPARSE_CPRINT_H
#define SPARSE_CPRINT_H

#include <stdio.h>
#include "loops.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The includes a printed kernel needs; once per translation unit.  */
void cprint_prelude (FILE *f);

/* Kernel K as the functions NAME and NAME_args.  */
void cprint_kernel (const lir_kernel *k, const char *name, FILE *f);

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_CPRINT_H */
