/* emit-int.h -- what the files of the GIMPLE emitter share: the emitter,
   which turns a kernel's loop IR into GENERIC (emit.cc: statements,
   calls and the entry point; emit-expr.cc: expressions; emit-output.cc:
   appends to a sparse output; emit-parallel.cc: OpenMP regions).  Not an interface (emit.h is).

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#ifndef SPARSE_EMIT_INT_H
#define SPARSE_EMIT_INT_H

#include "sparse-plugin.h"
#include "ix.h"
#include "level_types.h"
#include "schedule.h"
#include "loops.h"
#include "plan.h"
#include "split.h"
#include "report.h"
#include "target.h"
#include "sparse_kernel.h"

namespace sparse_emit {

/* Types (emit.cc).  */
tree int32_type (void);
tree lir_tree_type (lir_type t);
/* The type of a value of type T in LANES lanes (a vector when > 1).  */
tree lir_lanes_type (lir_type t, int lanes);
bool lir_float_p (lir_type t);
/* The element type of an array-like TYPE (arrays and one pointer
   stripped).  */
tree element_type (tree type);
/* The tree code of arithmetic operator OP, on reals when REAL.  */
enum tree_code arith_code (lir_op op, bool real);

/* Tree shapes several parts build (emit.cc).  */
/* The BIND_EXPR of a parallel region's body, with a BLOCK of its own.  */
tree region_bind (tree vars, tree body);
/* COND, expected to be VALUE (__builtin_expect).  */
tree expected (location_t loc, tree cond, bool value);
/* The C type of coordinates in format F's crd arrays.  */
tree crd_type (const sp_format &f);
/* *(T *) (BASE + I * sizeof (T))  */
tree element_at (location_t loc, tree base, tree t, tree i);
/* goto c; top: BODY; c: if (COND) goto top;  */
tree goto_loop (location_t loc, tree cond, tree body);

/* ------------------------------------------------------------------ */
/* The emitter.  */

struct emitter
{
  const lir_kernel *k;
  const ix_stmt *s;
  sparse_einsum *e;
  location_t loc;
  bool failed;
  char why[200];
  tree handle[IX_MAX_OPERANDS];	/* tagged operands' handles, and the
				   variables of scalar temporaries */
  tree tens[IX_MAX_ACCESSES];	/* converted tensors' handles */
  tree ready[IX_MAX_ACCESSES];	/* each tensor's handle as sp_kassemble
				   returned it: fields are read through it,
				   which GCC cannot trace to the C array a
				   tagged parameter is declared as */
  tree *var;			/* per loop IR variable */
  tree *arr;			/* per array: its pointer variable */
  tree *arr_elt;		/* per array: its element type */
  bool *arr_written;
  tree kout, kws;		/* the sp_kout and sp_kws objects */
  tree kout_ptr;		/* in a parallel build: this thread's part */
  tree run_vals;		/* the output's values pointer after a run
				   (LIR_APPEND_RUN), until the next append */
  /* The cursor, while the loop appending in fixed room runs: the last
     level's entries so far, its crd and count arrays, the values and the
     limit rows are checked against, in locals rather than in the
     sp_kout, whose address the runtime's calls take; the parent of the
     row being appended and where its entries start, its count written
     once the row is done (an increment through memory at each entry
     would chain each append to the last).  */
  tree cur_n, cur_crd, cur_cnt, cur_vals, cur_limit, cur_par, cur_start;
  int in_region;		/* inside that many parallel regions */
  bool need_kout, need_kws;
  tree top_vars;		/* declarations of the outermost block */

  tree fail (const char *fmt, ...) ATTRIBUTE_PRINTF_2;
  tree new_var (tree type, const char *name, tree *vars);
  tree field (tree base, HOST_WIDE_INT off, tree type);
  tree tensor_handle (int t);
  tree own_handle (int t);
  tree dense_base (int opd, tree *elt);
  tree scalar_decl (int opd);
  void scan_writes (int s);
  bool prepare ();
  tree load_arrays ();
  tree out_vals (int a);
  tree elem (int a, tree idx, int lanes = 1);
  tree tree_of (int e);
  tree vector_tree_of (int e);
  tree bits_select (const lir_expr &x, tree type);
  tree cond (int e);
  tree target (const lir_target &t);
  tree call (const lir_stmt &st);
  tree call_stmt (const lir_stmt &st, tree *vars);
  tree assignment (const lir_stmt &st);
  tree append (const lir_stmt &st, tree parent, tree coord, tree *vars);
  tree append_run (const lir_stmt &st, tree *vars);
  tree fix_room (const lir_stmt &st, tree *vars);
  tree ws_alloc (const lir_stmt &st, tree *vars);
  tree cursor_load (tree *vars);
  tree cursor_store ();
  tree room_check (tree n);
  tree row_start (tree n, tree parent);
  tree row_count ();
  void stmt (int id, tree *list, tree *vars);
  tree block (int first);
  tree for_loop (const lir_stmt &st, tree *vars);
  tree region (const lir_stmt &st);
  tree call_of (const lir_expr &x, tree type);
  tree kout_addr ();
  tree kws_addr ();
  tree build ();
  tree serial ();
};

/* Leave a member function returning a tree when X failed.  */
#define CHECKED(x) \
  do { if ((x) == error_mark_node || (x) == NULL_TREE) \
	 return fail ("incomplete tree"); } while (0)

} // namespace sparse_emit

#endif /* SPARSE_EMIT_INT_H */
