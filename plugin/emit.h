/* emit.h -- the sparse code generator's GCC side (emit.cc): an einsum
   marker call becomes the loops of its loop IR kernel.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#ifndef SPARSE_EMIT_H
#define SPARSE_EMIT_H

/* Lower the marker call at GSI of statement E when one of its tagged
   operands is stored sparsely: schedule it, build its loop IR and replace
   the call by that code (gimplified in place), reporting it when asked.
   A statement the scheduler refuses is a located error.  Returns false,
   leaving the call alone, when no tagged operand is sparse (the dense
   route applies); true once the call has been replaced (by nothing, after
   an error).  */
bool sparse_emit_einsum (gimple_stmt_iterator *gsi, sparse_einsum *e);

/* Replace the statement at GSI by GENERIC, one BIND_EXPR, gimplified in
   place (einsum-lower.cc).  */
void sparse_splice_generic (gimple_stmt_iterator *gsi, tree generic);

#endif /* SPARSE_EMIT_H */
