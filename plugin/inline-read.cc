/* inline-read.cc -- the fallback's element read made in the generated
   code, without a call, for formats whose levels are the dimensions,
   each dense or compressed (CSR, CSC, DCSR, DCSC, CSF, a sparse vector,
   a dense array): rank 1 to 3, level expressions plain variables, level
   types D and CU.

   The code reads the handle's arrays at every access (a call between
   two reads may have changed them) and, as the runtime's own read does
   (plugin_support.c, read_at), only while the tensor is clean: with
   calls pending (t->dirty) it calls the runtime, which sees them, as it
   does for an index out of range (the runtime stops the program with
   its message).  The epoch is read before the flag, both with acquire
   loads, so that a window made here is void once entries may have
   appeared in it.

   A compressed level is searched by bisection without branches (each
   step a load and a conditional move) for the position of the last
   entry whose coordinate is not above the one read.  Nothing carries from
   one read to the next, so that the loads of consecutive reads overlap
   (the runtime's cursor makes each read wait for the last).  Every read
   that finds a compressed last level also sets the calling thread's
   window (sp__win) to the run of absent elements after the element (or
   around it, when absent), so that a loop walking a row in order tests
   the window inline at the elements between two entries, as it does
   after the runtime's reads.  */

#include "sparse-plugin.h"
#include "emit-int.h"
#include "memmodel.h"

using namespace sparse_emit;

/* Whether reads of format F can be made inline.  */
static bool
inline_format_p (const sp_format *f)
{
  if (!f || f->rank < 1 || f->rank > 3 || f->nlevels != f->rank)
    return false;
  for (int k = 0; k < f->nlevels; k++)
    if (f->lv[k].kind != SP_LX_VAR
	|| !(sp_lvl_is_dense (f->lv[k].type)
	     || (sp_lvl_has_pos (f->lv[k].type)
		 && sp_lvl_is_unique (f->lv[k].type))))
      return false;
  return true;
}

/* The C type that holds elements of runtime type T.  */
static tree
stored_type (sp_type t)
{
  switch (t)
    {
    case SP_F64: return double_type_node;
    case SP_F32: return float_type_node;
    case SP_I64: return sparse_int64_type ();
    case SP_I32: return int32_type ();
    }
  gcc_unreachable ();
}

/* *(TYPE *) ((char *) H + OFF).  */
static tree
handle_field (location_t loc, tree h, HOST_WIDE_INT off, tree type)
{
  tree p = fold_build_pointer_plus_hwi (fold_convert (ptr_type_node, h), off);
  return build_fold_indirect_ref_loc (loc,
				      fold_convert (build_pointer_type (type),
						    p));
}

/* The acquire load of the object of TYPE (4 or 8 bytes) at ADDR, as an
   int64_t.  */
static tree
acquire_load (location_t loc, tree addr, tree type)
{
  bool wide = tree_to_uhwi (TYPE_SIZE_UNIT (type)) == 8;
  tree fn = builtin_decl_explicit (wide ? BUILT_IN_ATOMIC_LOAD_8
				   : BUILT_IN_ATOMIC_LOAD_4);
  tree call = build_call_expr_loc (loc, fn, 2, addr,
				   build_int_cst (integer_type_node,
						  MEMMODEL_ACQUIRE));
  return fold_convert (sparse_int64_type (), call);
}

namespace {

/* The statements being built and the temporaries they use.  */
struct reader
{
  location_t loc;
  tree h;		/* the handle (saved) */
  const sp_format *f;
  tree vars;		/* the BIND_EXPR's variables */
  tree list;		/* its statements */

  tree var (tree type)
  {
    tree v = sparse_new_local (current_function_decl, type, NULL);
    DECL_CHAIN (v) = vars;
    vars = v;
    return v;
  }
  void add (tree stmt) { append_to_statement_list_force (stmt, &list); }
  void set (tree lhs, tree rhs)
  {
    add (build2 (MODIFY_EXPR, TREE_TYPE (lhs), lhs,
		 fold_convert (TREE_TYPE (lhs), rhs)));
  }
  /* The pointer of level K's pos (POS) or crd array, of elements of
     TYPE.  */
  tree level_array (int k, bool pos, tree type)
  {
    HOST_WIDE_INT off = offsetof (sp_tensor, lv) + k * sizeof (sp_level_store)
			+ (pos ? offsetof (sp_level_store, pos)
			   : offsetof (sp_level_store, crd));
    return fold_convert (build_pointer_type (type),
			 handle_field (loc, h, off, ptr_type_node));
  }
  /* The extent of level K's coordinates.  */
  tree level_size (int k)
  {
    return handle_field (loc, h, offsetof (sp_tensor, lv)
			 + k * sizeof (sp_level_store)
			 + offsetof (sp_level_store, size), sparse_int64_type ());
  }
  /* Entry I of level K's pos or crd array, as an int64_t.  */
  tree entry (int k, bool pos, tree i)
  {
    tree type = build_nonstandard_integer_type (pos ? f->posw : f->crdw, 0);
    return fold_convert (sparse_int64_type (),
			 element_at (loc, level_array (k, pos, type), type,
				     i));
  }
  void window (int w, tree value)
  {
    set (sparse_window_ref (w), value);
  }
  tree refused (const tree *x);
  void bisect (int k, tree lo, tree hi, tree x, tree base);
  void set_window (const tree *x, tree epoch, tree first, tree end);
};

/* Whether the read of X is the runtime's: calls are pending, or the
   runtime would stop the program (a handle that is no tensor's, an index
   out of range).  One condition, without branches between its tests.  */
tree
reader::refused (const tree *x)
{
  tree i64 = sparse_int64_type (), u64 = unsigned_type_for (i64);
  tree dirty = acquire_load (loc, build_fold_addr_expr
			     (handle_field (loc, h,
					    offsetof (sp_tensor, dirty),
					    int32_type ())), int32_type ());
  tree magic = handle_field (loc, h, offsetof (sp_tensor, magic),
			     unsigned_type_for (int32_type ()));
  tree cond = build2 (TRUTH_OR_EXPR, boolean_type_node,
		      build2 (NE_EXPR, boolean_type_node, magic,
			      build_int_cst (TREE_TYPE (magic), SP_MAGIC)),
		      build2 (NE_EXPR, boolean_type_node, dirty,
			      build_int_cst (i64, 0)));
  for (int d = 0; d < f->rank; d++)
    {
      tree extent = handle_field (loc, h, offsetof (sp_tensor, dims)
				  + d * sizeof (int64_t), i64);
      cond = build2 (TRUTH_OR_EXPR, boolean_type_node, cond,
		     build2 (GE_EXPR, boolean_type_node,
			     fold_convert (u64, x[d]),
			     fold_convert (u64, extent)));
    }
  return cond;
}

/* BASE = the last position in [LO, HI) (not empty) of level K whose
   coordinate is not above X, or LO.  */
void
reader::bisect (int k, tree lo, tree hi, tree x, tree base)
{
  tree i64 = sparse_int64_type (), one = build_int_cst (i64, 1);
  tree n = var (i64), half = var (i64), from = var (i64), to = var (i64);
  /* Unique coordinates in order: X's position is at most X minus the
     first coordinate past LO, and at least HI - 1 minus the last
     coordinate minus X.  A level that holds every coordinate of a
     range (the rows of a DCSR matrix without empty rows) leaves one
     position to look at.  */
  tree last = build2 (MINUS_EXPR, i64, hi, one);
  tree least = build2 (MINUS_EXPR, i64, last,
		       build2 (MINUS_EXPR, i64, entry (k, false, last), x));
  tree most = build2 (PLUS_EXPR, i64, lo,
		      build2 (MINUS_EXPR, i64, x, entry (k, false, lo)));
  set (from, build2 (MIN_EXPR, i64, build2 (MAX_EXPR, i64, lo, least),
		     last));
  set (to, build2 (MAX_EXPR, i64,
		   build2 (MIN_EXPR, i64, hi,
			   build2 (PLUS_EXPR, i64, most, one)),
		   build2 (PLUS_EXPR, i64, lo, one)));
  set (base, from);
  set (n, build2 (MINUS_EXPR, i64, to, from));
  tree step = alloc_stmt_list ();
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, half,
	     build2 (RSHIFT_EXPR, i64, n, build_int_cst (i64, 1))), &step);
  /* BASE += HALF if the coordinate there is not above X: a select,
     which GCC makes a conditional move.  */
  tree mid = build2 (PLUS_EXPR, i64, base, half);
  tree le = build2 (LE_EXPR, boolean_type_node, entry (k, false, mid), x);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, base, build3 (COND_EXPR, i64, le, mid, base)),
     &step);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, n, build2 (MINUS_EXPR, i64, n, half)), &step);
  add (goto_loop (loc, build2 (GT_EXPR, boolean_type_node, n,
			       build_int_cst (i64, 1)), step));
}

/* The calling thread's window: the elements of the last level's
   dimension from FIRST to END (not included), the other coordinates
   those of X, known to be zero since EPOCH.  */
void
reader::set_window (const tree *x, tree epoch, tree first, tree end)
{
  tree i64 = sparse_int64_type ();
  int g = f->lv[f->nlevels - 1].dim;
  window (0, fold_convert (i64, h));
  window (1, epoch);
  for (int d = 0; d < f->rank; d++)
    {
      window (2 + d, d == g ? first : x[d]);
      window (5 + d, d == g ? build2 (MINUS_EXPR, i64, end, first)
			    : build_int_cst (i64, 1));
    }
}

} // anon namespace

/* walk_tree callback: a load from memory or a call.  */
static tree
loads_r (tree *tp, int *walk_subtrees, void *)
{
  switch (TREE_CODE (*tp))
    {
    case INDIRECT_REF:
    case MEM_REF:
    case ARRAY_REF:
    case COMPONENT_REF:
    case CALL_EXPR:
      return *tp;
    default:
      if (TYPE_P (*tp))
	*walk_subtrees = 0;
      return NULL_TREE;
    }
}

/* VAR = VALUE through an empty asm, which GCC cannot see through: the
   handle of a tagged parameter declared double A[4][5] is, to GCC, a
   pointer to 20 doubles, and the loads of the tensor's fields from it
   would draw -Warray-bounds.  */
static tree
opaque_copy (tree var, tree value)
{
  const char *out = "=r", *in = "0";
  tree outputs = build_tree_list (build_tree_list (NULL_TREE,
						   build_string (strlen (out)
								 + 1, out)),
				  var);
  tree inputs = build_tree_list (build_tree_list (NULL_TREE,
						  build_string (strlen (in)
								+ 1, in)),
				 fold_convert (TREE_TYPE (var), value));
  return build5 (ASM_EXPR, void_type_node, build_string (1, ""), outputs,
		 inputs, NULL_TREE, NULL_TREE);
}

tree
sparse_inline_read (location_t loc, tree h, const sp_format *f,
		    tree elem_type, const tree *x, tree call, bool *window)
{
  sp_type st;
  *window = true;
  if (!inline_format_p (f) || !sparse_elem_type (elem_type, &st))
    return NULL_TREE;
  /* An index of the last level's dimension read from memory (a gather,
     A[r[k]][c[k]]) jumps: a window would hardly ever hold the next
     element.  One computed from variables (a loop's counter) walks.  */
  tree last_index = x[f->lv[f->nlevels - 1].dim];
  *window = !walk_tree_without_duplicates (&last_index, loads_r, NULL);
  tree i64 = sparse_int64_type ();
  tree type = TREE_TYPE (call);
  reader r = { loc, NULL_TREE, f, NULL_TREE, alloc_stmt_list () };
  r.h = r.var (sparse_handle_type ());
  r.add (opaque_copy (r.h, h));
  h = r.h;
  tree res = create_tmp_var_raw (type);
  tree done = create_artificial_label (loc);
  tree absent = create_artificial_label (loc);
  int last = f->nlevels - 1;
  tree last_size = r.level_size (last);

  tree epoch = *window ? r.var (i64) : NULL_TREE;
  if (epoch)
    r.set (epoch, acquire_load (loc,
				build_fold_addr_expr (sparse_epoch_ref ()),
				i64));
  r.add (build3 (COND_EXPR, void_type_node, r.refused (x),
		 build2 (COMPOUND_EXPR, void_type_node,
			 build2 (MODIFY_EXPR, type, res, call),
			 build1 (GOTO_EXPR, void_type_node, done)),
		 NULL_TREE));

  /* P: the position of the element's entry at each level in turn.  */
  tree p = r.var (i64), lo = r.var (i64), hi = r.var (i64);
  tree base = r.var (i64), c = r.var (i64);
  r.set (p, build_int_cst (i64, 0));
  bool compressed_last = false;
  for (int k = 0; k <= last; k++)
    {
      tree xk = x[f->lv[k].dim];
      if (sp_lvl_is_dense (f->lv[k].type))
	{
	  r.set (p, build2 (PLUS_EXPR, i64,
			    build2 (MULT_EXPR, i64, p, r.level_size (k)), xk));
	  continue;
	}
      r.set (lo, r.entry (k, true, p));
      r.set (hi, r.entry (k, true, build2 (PLUS_EXPR, i64, p,
					   build_int_cst (i64, 1))));
      r.add (build3 (COND_EXPR, void_type_node,
		     build2 (GE_EXPR, boolean_type_node, lo, hi),
		     build1 (GOTO_EXPR, void_type_node, absent), NULL_TREE));
      r.bisect (k, lo, hi, xk, base);
      r.set (c, r.entry (k, false, base));
      r.set (p, base);
      if (k < last)
	{
	  r.add (build3 (COND_EXPR, void_type_node,
			 build2 (NE_EXPR, boolean_type_node, c, xk),
			 build1 (GOTO_EXPR, void_type_node, absent),
			 NULL_TREE));
	  continue;
	}
      /* The run without entries after the element, or around it: from
	 the coordinate after C's (or 0, when C is above XK), to the
	 coordinate of the entry after BASE (or C, when C is above XK;
	 the extent, when BASE is the range's last entry).  */
      compressed_last = true;
      if (!epoch)
	continue;
      tree after = build2 (PLUS_EXPR, i64, base, build_int_cst (i64, 1));
      tree more = r.var (boolean_type_node);
      r.set (more, build2 (LT_EXPR, boolean_type_node, after, hi));
      tree next = r.entry (k, false, build2 (PLUS_EXPR, i64, base,
					     fold_convert (i64, more)));
      tree above = build2 (GT_EXPR, boolean_type_node, c, xk);
      tree first = build3 (COND_EXPR, i64, above, build_int_cst (i64, 0),
			   build2 (PLUS_EXPR, i64, c, build_int_cst (i64, 1)));
      tree end = build3 (COND_EXPR, i64, above, c,
			 build3 (COND_EXPR, i64, more, next, last_size));
      tree vfirst = r.var (i64), vend = r.var (i64);
      r.set (vfirst, first);
      r.set (vend, end);
      r.set_window (x, epoch, vfirst, vend);
    }
  tree stored = element_at (loc, fold_convert (build_pointer_type
					       (stored_type (st)),
					       handle_field (loc, h,
							     offsetof
							       (sp_tensor,
								vals),
							     ptr_type_node)),
			    stored_type (st), p);
  tree value = r.var (type);
  r.set (value, sparse_convert (loc, type, stored));
  if (compressed_last)
    r.set (res, build3 (COND_EXPR, type,
			build2 (EQ_EXPR, boolean_type_node, c,
				x[f->lv[last].dim]),
			value, build_zero_cst (type)));
  else
    r.set (res, value);
  r.add (build1 (GOTO_EXPR, void_type_node, done));
  r.add (build1 (LABEL_EXPR, void_type_node, absent));
  if (epoch)
    r.set_window (x, epoch, build_int_cst (i64, 0), last_size);
  r.set (res, build_zero_cst (type));
  r.add (build1 (LABEL_EXPR, void_type_node, done));
  tree bind = build3 (BIND_EXPR, void_type_node, r.vars, r.list, NULL_TREE);
  TREE_SIDE_EFFECTS (bind) = 1;
  return build4 (TARGET_EXPR, type, res, bind, NULL_TREE, NULL_TREE);
}
