/* rtcall.cc -- the runtime entry points generated code calls, and the
   trees that call them.  Their table is rt-entries.def; here they are
   built as external function declarations.

   Element accesses of ranks 1 to 3 call fixed-arity helpers, the others
   variadic ones:
     sp__get2 (h, i0, i1)                     -> double
     sp__put2 (h, value, i0, i1), sp__add2 (h, value, i0, i1)
     sp__get (h, rank, i0, ..., i{rank-1})    -> double
     sp__put (h, value, rank, i0, ..., i{rank-1})
   the indices passed as int64_t.  Values travel as double, which holds
   every value of the other element types, or as int64_t for 64-bit
   integer elements (sp__get2_i64, sp__put_i64, ...); the generated code
   converts to and from the element type.  Reads of formats of dense and
   compressed levels are made in the generated code (inline-read.cc),
   with a call only where the runtime must make them.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "sparse-plugin.h"
#include "sparse_plugin.h"
#include "ix.h"
#include "emit-int.h"

static tree rt_decls[SPARSE_RT_MAX];

/* Arithmetic conversion with C's meaning (fold_convert does not convert
   between integers and reals).  */
tree
sparse_convert (location_t loc, tree type, tree expr)
{
  tree from = TREE_TYPE (expr);
  if (TREE_CODE (type) == REAL_TYPE && INTEGRAL_TYPE_P (from))
    return fold_build1_loc (loc, FLOAT_EXPR, type, expr);
  if (INTEGRAL_TYPE_P (type) && TREE_CODE (from) == REAL_TYPE)
    {
      if (TREE_CODE (type) == BOOLEAN_TYPE)
	return fold_build2_loc (loc, NE_EXPR, type, expr,
				build_real (from, dconst0));
      return fold_build1_loc (loc, FIX_TRUNC_EXPR, type, expr);
    }
  /* To _Bool, as C converts: whether the value is not zero (a NOP_EXPR
     would keep its low bit).  */
  if (TREE_CODE (type) == BOOLEAN_TYPE && INTEGRAL_TYPE_P (from)
      && TREE_CODE (from) != BOOLEAN_TYPE)
    return fold_build2_loc (loc, NE_EXPR, type, expr,
			    build_zero_cst (from));
  return fold_convert_loc (loc, type, expr);
}

tree
sparse_int64_type (void)
{
  return TYPE_PRECISION (long_integer_type_node) == 64
	 ? long_integer_type_node : long_long_integer_type_node;
}

tree
sparse_handle_type (void)
{
  return ptr_type_node;
}

tree
sparse_build_string (const char *s)
{
  size_t len = strlen (s) + 1;
  tree t = build_string_literal (len, s);
  return fold_convert (const_ptr_type_node, t);
}

/* The entry points by sparse_rt: name, signature and flags.  */
static const struct
{
  const char *name, *signature;
  int flags;
} rt_entries[SPARSE_RT_MAX] = {
#define DEF_SPARSE_RT(ID, NAME, SIGNATURE, FLAGS) { NAME, SIGNATURE, FLAGS },
#include "rt-entries.def"
#undef DEF_SPARSE_RT
};

/* The type a letter of an entry point's signature stands for.  */
static tree
signature_type (char letter)
{
  switch (letter)
    {
    case 'v': return void_type_node;
    case 'd': return double_type_node;
    case 'i': return integer_type_node;
    case 'l': return sparse_int64_type ();
    case 'z': return size_type_node;
    case 'p': return sparse_handle_type ();
    case 'c': return const_ptr_type_node;
    case 'h': return build_pointer_type (sparse_handle_type ());
    default: gcc_unreachable ();
    }
}

tree
sparse_rt_decl (sparse_rt which)
{
  if (rt_decls[which])
    return rt_decls[which];

  const char *sig = rt_entries[which].signature;
  size_t end = strlen (sig);
  bool variadic = sig[end - 1] == '.';
  if (variadic)
    end--;
  /* A variadic function's argument list ends without void.  */
  tree args = variadic ? NULL_TREE : void_list_node;
  for (size_t a = end - 1; a > 0; a--)
    args = tree_cons (NULL_TREE, signature_type (sig[a]), args);
  tree fn = build_fn_decl (rt_entries[which].name,
			   build_function_type (signature_type (sig[0]),
						args));
  DECL_ARTIFICIAL (fn) = 1;
  TREE_NOTHROW (fn) = 1;
  if (rt_entries[which].flags & SPARSE_RT_PURE)
    DECL_PURE_P (fn) = 1;
  if (rt_entries[which].flags & SPARSE_RT_NORETURN)
    TREE_THIS_VOLATILE (fn) = 1;
  DECL_ATTRIBUTES (fn) = tree_cons (get_identifier ("leaf"), NULL_TREE,
				    DECL_ATTRIBUTES (fn));
  sparse_gc_keep (fn);
  rt_decls[which] = fn;
  return fn;
}

tree
sparse_rt_call (location_t loc, sparse_rt which, int nargs, ...)
{
  tree *args = XALLOCAVEC (tree, nargs);
  va_list ap;
  va_start (ap, nargs);
  for (int i = 0; i < nargs; i++)
    args[i] = va_arg (ap, tree);
  va_end (ap);
  return build_call_expr_loc_array (loc, sparse_rt_decl (which), nargs, args);
}

static tree
build_call_vec (location_t loc, sparse_rt which, vec<tree, va_gc> *args)
{
  tree fn = sparse_rt_decl (which);
  return build_call_expr_loc_vec (loc, fn, args);
}

/* Whether elements of ELEM_TYPE travel as int64_t rather than double.  */
static bool
travels_as_int64 (tree elem_type)
{
  return INTEGRAL_TYPE_P (elem_type) && TYPE_PRECISION (elem_type) > 53;
}

/* The entry point of an element access of RANK: of ranks 1 to 3,
   FIXED1's kin of that rank (rt-entries.def keeps them in order), else
   the variadic VARIADIC.  */
static sparse_rt
access_entry (sparse_rt variadic, sparse_rt fixed1, int rank)
{
  return rank <= 3 ? (sparse_rt) (fixed1 + rank - 1) : variadic;
}

/* A call of the access entry point VARIADIC / FIXED1 (see access_entry)
   with HANDLE, VALUE (if not NULL) and the RANK indices IDX.  */
static tree
build_access (location_t loc, sparse_rt variadic, sparse_rt fixed1,
	      tree handle, tree value, int rank, tree *idx)
{
  vec<tree, va_gc> *args = NULL;
  vec_safe_push (args, handle);
  if (value)
    vec_safe_push (args, value);
  if (rank > 3)
    vec_safe_push (args, build_int_cst (integer_type_node, rank));
  for (int k = 0; k < rank; k++)
    vec_safe_push (args, fold_convert (sparse_int64_type (), idx[k]));
  return build_call_vec (loc, access_entry (variadic, fixed1, rank), args);
}

/* The runtime's sp__win (of the calling thread) or sp__epoch
   (include/sparse_plugin.h).  */
static tree
window_decl (bool epoch)
{
  static tree decls[2];
  if (decls[epoch])
    return decls[epoch];
  tree i64 = sparse_int64_type ();
  tree win = build_array_type_nelts (build_array_type_nelts (i64,
							     SP__WINDOW_WORDS),
				     SP__WINDOW_SLOTS);
  tree d = build_decl (UNKNOWN_LOCATION, VAR_DECL,
		       get_identifier (epoch ? "sp__epoch" : "sp__win"),
		       epoch ? i64 : win);
  DECL_EXTERNAL (d) = 1;
  TREE_PUBLIC (d) = 1;
  DECL_ARTIFICIAL (d) = 1;
  DECL_IGNORED_P (d) = 1;
  TREE_USED (d) = 1;
  if (!epoch)
    set_decl_tls_model (d, decl_default_tls_model (d));
  sparse_gc_keep (d);
  return decls[epoch] = d;
}

tree
sparse_window_ref (tree handle, int w)
{
  /* SP__WINDOW_SLOT (HANDLE).  */
  tree u64 = unsigned_type_for (sparse_int64_type ());
  tree slot = fold_build2 (RSHIFT_EXPR, u64,
			   fold_build2 (MULT_EXPR, u64,
					fold_convert (u64, handle),
					build_int_cstu (u64, SP__WINDOW_MULT)),
			   build_int_cst (integer_type_node, SP__WINDOW_SHIFT));
  tree decl = window_decl (false);
  tree row = build4 (ARRAY_REF, TREE_TYPE (TREE_TYPE (decl)), decl,
		     fold_convert (sizetype, slot), NULL_TREE, NULL_TREE);
  return build4 (ARRAY_REF, sparse_int64_type (), row, size_int (w),
		 NULL_TREE, NULL_TREE);
}

tree
sparse_epoch_ref (void)
{
  return window_decl (true);
}

/* Word W of the calling thread's window for HANDLE, as an unsigned
   64-bit number.  */
static tree
window_word (tree handle, int w)
{
  tree u64 = unsigned_type_for (sparse_int64_type ());
  return fold_convert (u64, sparse_window_ref (handle, w));
}

/* Whether the window holds element IDX (RANK <= 3 indices, evaluated
   once: saved) of HANDLE (saved): an element known to be zero.  */
static tree
in_window (location_t loc, tree handle, int rank, tree *idx)
{
  tree u64 = unsigned_type_for (sparse_int64_type ());
  tree cond = fold_build2_loc (loc, TRUTH_ANDIF_EXPR, boolean_type_node,
			       fold_build2_loc (loc, EQ_EXPR,
						boolean_type_node,
						fold_convert (u64, handle),
						window_word (handle, 0)),
			       fold_build2_loc (loc, EQ_EXPR,
						boolean_type_node,
						window_word (handle, 1),
						fold_convert
						  (u64, window_decl (true))));
  for (int d = 0; d < rank; d++)
    {
      tree off = fold_build2_loc (loc, MINUS_EXPR, u64,
				  fold_convert (u64, idx[d]),
				  window_word (handle, 2 + d));
      cond = fold_build2_loc (loc, TRUTH_ANDIF_EXPR, boolean_type_node, cond,
			      fold_build2_loc (loc, LT_EXPR, boolean_type_node,
					       off, window_word (handle, 5 + d)));
    }
  return cond;
}

/* HANDLE and the RANK indices IDX saved into *H and X, for the window's
   test and the call both.  */
static void
save_access (tree handle, int rank, tree *idx, tree *h, tree *x)
{
  *h = save_expr (handle);
  for (int k = 0; k < rank; k++)
    x[k] = save_expr (fold_convert (sparse_int64_type (), idx[k]));
}

/* EXPR after E, when E has side effects: a SAVE_EXPR first met under
   a condition would be unset on the other branch, so the saved handle,
   indices and value are evaluated before the window's test (save_expr
   leaves arithmetic over a SAVE_EXPR as it is).  */
static tree
after (tree e, tree expr)
{
  if (!TREE_SIDE_EFFECTS (e))
    return expr;
  return build2 (COMPOUND_EXPR, TREE_TYPE (expr), e, expr);
}

/* EXPR after the saved H and X (RANK), as after does.  */
static tree
after_saves (tree expr, tree h, int rank, tree *x)
{
  for (int k = rank - 1; k >= 0; k--)
    expr = after (x[k], expr);
  return after (h, expr);
}

tree
sparse_build_get (location_t loc, tree handle, tree elem_type, int rank,
		  tree *idx, const sp_format *fmt)
{
  bool i64 = travels_as_int64 (elem_type);
  tree x[SP_MAX_RANK];
  if (rank > 3)
    return sparse_convert (loc, elem_type,
			   build_access (loc, i64 ? SPARSE_RT_GET_I64
					      : SPARSE_RT_GET, SPARSE_RT_GET1,
					 handle, NULL_TREE, rank, idx));
  save_access (handle, rank, idx, &handle, x);
  tree call = build_access (loc, i64 ? SPARSE_RT_GET_I64 : SPARSE_RT_GET,
			    i64 ? SPARSE_RT_GET1_I64 : SPARSE_RT_GET1,
			    handle, NULL_TREE, rank, x);
  tree type = TREE_TYPE (call);
  bool window;
  tree read = sparse_inline_read (loc, handle, fmt, elem_type, x, call,
				  &window);
  /* A walk read through the runtime (a CSC matrix's rows) is mostly in
     the window: expected so, GCC keeps what the loop carries in
     registers, not in memory across the call.  */
  if (window)
    call = fold_build3_loc (loc, COND_EXPR, type,
			    read ? in_window (loc, handle, rank, x)
			    : sparse_emit::expected (loc, in_window (loc, handle,
								     rank, x),
						     true),
			    build_zero_cst (type), read ? read : call);
  else if (read)
    call = read;
  return sparse_convert (loc, elem_type, after_saves (call, handle, rank, x));
}

/* VALUE converted to ELEM_TYPE, then to the type it travels as.  */
static tree
travelling_value (location_t loc, tree elem_type, tree value)
{
  tree v = sparse_convert (loc, elem_type, value);
  return sparse_convert (loc, travels_as_int64 (elem_type)
			      ? sparse_int64_type () : double_type_node, v);
}

tree
sparse_build_put (location_t loc, tree handle, tree elem_type, tree value,
		  int rank, tree *idx)
{
  bool i64 = travels_as_int64 (elem_type);
  tree v = travelling_value (loc, elem_type, value), x[SP_MAX_RANK];
  if (rank > 3)
    return build_access (loc, i64 ? SPARSE_RT_PUT_I64 : SPARSE_RT_PUT,
			 SPARSE_RT_PUT1, handle, v, rank, idx);
  /* A zero written where the window says zero changes nothing.  */
  save_access (handle, rank, idx, &handle, x);
  v = save_expr (v);
  tree call = build_access (loc, i64 ? SPARSE_RT_PUT_I64 : SPARSE_RT_PUT,
			    i64 ? SPARSE_RT_PUT1_I64 : SPARSE_RT_PUT1, handle,
			    v, rank, x);
  /* Zero as its bits: -0.0 is stored, its sign kept.  */
  tree vt = TREE_TYPE (v);
  tree bits = build_nonstandard_integer_type (TYPE_PRECISION (vt), 1);
  tree zero = fold_build2_loc (loc, EQ_EXPR, boolean_type_node,
			       fold_build1_loc (loc, VIEW_CONVERT_EXPR, bits, v),
			       build_zero_cst (bits));
  tree skip = fold_build2_loc (loc, TRUTH_ANDIF_EXPR, boolean_type_node, zero,
			       in_window (loc, handle, rank, x));
  tree put = fold_build3_loc (loc, COND_EXPR, void_type_node, skip,
			      build_empty_stmt (loc), call);
  return after_saves (after (v, put), handle, rank, x);
}

tree
sparse_build_add (location_t loc, tree handle, tree elem_type, tree value,
		  int rank, tree *idx)
{
  bool i64 = travels_as_int64 (elem_type);
  return build_access (loc, i64 ? SPARSE_RT_ADD_I64 : SPARSE_RT_ADD,
		       i64 ? SPARSE_RT_ADD1_I64 : SPARSE_RT_ADD1, handle,
		       travelling_value (loc, elem_type, value), rank, idx);
}

tree
sparse_build_dim (location_t loc, tree handle, int d)
{
  return sparse_rt_call (loc, SPARSE_RT_DIM, 2, handle,
			 build_int_cst (integer_type_node, d));
}

tree
sparse_new_local (tree fn, tree type, const char *name)
{
  tree v = build_decl (fn ? DECL_SOURCE_LOCATION (fn) : UNKNOWN_LOCATION,
		       VAR_DECL, name ? get_identifier (name) : NULL_TREE,
		       type);
  DECL_CONTEXT (v) = fn;
  DECL_ARTIFICIAL (v) = 1;
  TREE_USED (v) = 1;
  if (!name)
    DECL_IGNORED_P (v) = 1;
  return v;
}

/* The element type that stands for arithmetic type TYPE when C's usual
   arithmetic conversions rank it: of its kind, the wider one if TYPE is
   wider than float or int.  */
static ix_type
arith_element_type (tree type)
{
  if (TREE_CODE (type) == REAL_TYPE)
    return TYPE_PRECISION (type) > TYPE_PRECISION (float_type_node)
	   ? IX_F64 : IX_F32;
  return TYPE_PRECISION (type) > TYPE_PRECISION (integer_type_node)
	 ? IX_I64 : IX_I32;
}

/* The type C's usual arithmetic conversions give A op B: the core's rule
   (ix_arith_type) on types it knows; on others (long double, __int128)
   ix_arith_type picks the kind, the wider operand that stands for it is
   the result, and an integer narrower than int is promoted to int.  */
tree
sparse_arith_type (tree a, tree b)
{
  a = TYPE_MAIN_VARIANT (a);
  b = TYPE_MAIN_VARIANT (b);
  ix_type ta, tb;
  if (sparse_value_type (a, &ta) && sparse_value_type (b, &tb))
    return sparse_type_tree (ix_arith_type (ta, tb));
  ta = arith_element_type (a);
  tb = arith_element_type (b);
  ix_type t = ix_arith_type (ta, tb);
  tree type = ta != t ? b
	      : tb != t ? a
	      : TYPE_PRECISION (a) >= TYPE_PRECISION (b) ? a : b;
  if (TREE_CODE (type) != REAL_TYPE
      && TYPE_PRECISION (type) < TYPE_PRECISION (integer_type_node))
    return integer_type_node;
  return type;
}
