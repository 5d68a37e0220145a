/* inline-read.cc -- the fallback's element read made in the generated
   code, without a call, for formats of rank 1 to 3 whose levels are the
   dimensions (level expressions plain variables): chains of dense and
   compressed levels (CSR, CSC, DCSR, DCSC, CSF, a sparse vector, a dense
   array), and coordinates (COO: a compressed level whose coordinates
   repeat, then singletons).

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
   entry whose coordinate is not above the one read; coordinates, for
   the last entry whose coordinates are not above the element's.  A
   first level whose coordinates are stored (DCSR's rows, COO's first
   coordinates) is read through its index by coordinate instead, which
   the first read asks the runtime to make (sp__index_first) and which
   the runtime declines for a hypersparse level.
   Nothing carries from one read to the next, so that the loads of
   consecutive reads overlap (the runtime's cursor makes each read wait
   for the last).  A read that walks (see sparse_inline_read) also sets
   the calling thread's window (sp__win) to the run of absent elements
   after the element along the last level's dimension (or around it,
   when absent), so that a loop walking a row in order tests the window
   inline at the elements between two entries, as it does after the
   runtime's reads.  Walks of formats whose levels are not in the order
   of the dimensions (CSC) stay the runtime's.  */

#include "sparse-plugin.h"
#include "emit-int.h"
#include "memmodel.h"

using namespace sparse_emit;

/* Whether F's levels are the dimensions, each dense or compressed with
   unique coordinates (a chain).  */
static bool
chain_format_p (const sp_format *f)
{
  for (int k = 0; k < f->nlevels; k++)
    if (!(sp_lvl_is_dense (f->lv[k].type)
	  || (sp_lvl_has_pos (f->lv[k].type)
	      && sp_lvl_is_unique (f->lv[k].type))))
      return false;
  return true;
}

/* Whether F's levels are coordinates: compressed with coordinates that
   repeat, then singletons.  */
static bool
coordinates_format_p (const sp_format *f)
{
  if (f->nlevels < 2 || !sp_lvl_has_pos (f->lv[0].type)
      || sp_lvl_is_unique (f->lv[0].type))
    return false;
  for (int k = 1; k < f->nlevels; k++)
    if (!sp_lvl_is_singleton (f->lv[k].type))
      return false;
  return true;
}

/* Whether reads of format F can be made inline.  */
static bool
inline_format_p (const sp_format *f)
{
  if (!f || f->rank < 1 || f->rank > 3 || f->nlevels != f->rank)
    return false;
  for (int k = 0; k < f->nlevels; k++)
    if (f->lv[k].kind != SP_LX_VAR)
      return false;
  return chain_format_p (f) || coordinates_format_p (f);
}

/* *(TYPE *) ((char *) H + OFF).  */
tree
sparse_handle_field (location_t loc, tree h, HOST_WIDE_INT off, tree type)
{
  tree p = fold_build_pointer_plus_hwi (fold_convert (ptr_type_node, h), off);
  return build_fold_indirect_ref_loc (loc,
				      fold_convert (build_pointer_type (type),
						    p));
}

/* The acquire load of the object of TYPE (4 or 8 bytes) at ADDR, as an
   int64_t.  */
tree
sparse_acquire_load (location_t loc, tree addr, tree type)
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
  const sp_format *f;
  tree h;		/* the handle, copied opaquely */
  const tree *x;	/* the element's indices, by dimension (saved) */
  tree epoch;		/* sp__epoch, when the read sets the window */
  tree type;		/* the value's type, the call's */
  ix_type st;		/* the tensor's element type */
  tree res;		/* the value read */
  tree absent, done;	/* labels: no entry at the element; the end */
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
  tree i64 () { return sparse_int64_type (); }
  tree cst (HOST_WIDE_INT v) { return build_int_cst (i64 (), v); }
  tree binary (tree_code code, tree a, tree b)
  {
    return build2 (code, TREE_CODE_CLASS (code) == tcc_comparison
			 || code == TRUTH_AND_EXPR || code == TRUTH_OR_EXPR
			 ? boolean_type_node : i64 (), a, b);
  }
  tree select (tree cond, tree a, tree b)
  {
    return build3 (COND_EXPR, TREE_TYPE (a), cond, a, b);
  }
  /* if (COND) goto LABEL;  */
  void jump_if (tree cond, tree label)
  {
    add (build3 (COND_EXPR, void_type_node, cond,
		 build1 (GOTO_EXPR, void_type_node, label), NULL_TREE));
  }
  /* The pointer of level K's pos (POS) or crd array, of elements of
     TYPE.  */
  tree level_array (int k, bool pos, tree type)
  {
    HOST_WIDE_INT off = offsetof (sp_tensor, lv) + k * sizeof (sp_level_store)
			+ (pos ? offsetof (sp_level_store, pos)
			   : offsetof (sp_level_store, crd));
    return fold_convert (build_pointer_type (type),
			 sparse_handle_field (loc, h, off, ptr_type_node));
  }
  /* The extent of level K's coordinates.  */
  tree level_size (int k)
  {
    return sparse_handle_field (loc, h, offsetof (sp_tensor, lv)
			 + k * sizeof (sp_level_store)
			 + offsetof (sp_level_store, size), i64 ());
  }
  /* Entry I of level K's pos or crd array, as an int64_t.  */
  tree entry (int k, bool pos, tree i)
  {
    tree type = build_nonstandard_integer_type (pos ? f->posw : f->crdw, 0);
    return fold_convert (i64 (), element_at (loc, level_array (k, pos, type),
					     type, i));
  }
  /* The index of level K's dimension.  */
  tree index (int k) { return x[f->lv[k].dim]; }
  tree refused ();
  void narrow (int k, tree lo, tree hi, tree from, tree to);
  /* Whether the entry at position MID is not above the element: level
     K's coordinate (coordinate_le), or all of its coordinates
     (tuple_le).  */
  tree coordinate_le (tree mid, int k)
  {
    return binary (LE_EXPR, entry (k, false, mid), index (k));
  }
  tree tuple_le (tree mid, int k);
  tree same_above (tree q, int k0);
  void bisect (tree (reader::*le) (tree, int), int k, tree from, tree to,
	       tree base);
  void set_window (tree first, tree end);
  void found (tree p, tree hit);
  tree indexed ();
  /* Entry C of the first level's index (sp_tensor.index).  */
  tree index_at (tree c)
  {
    tree ptr = fold_convert (build_pointer_type (i64 ()),
			     sparse_handle_field (loc, h, offsetof (sp_tensor, index),
					   ptr_type_node));
    return element_at (loc, ptr, i64 (), c);
  }
  void chain ();
  void coordinates ();
};

/* Whether the read of X is the runtime's: calls are pending, the tensor
   is distributed (only the runtime knows this rank's block), or the
   runtime would stop the program (a handle that is no tensor's, an index
   out of range).  One condition, without branches between its tests.  */
tree
reader::refused ()
{
  tree u64 = unsigned_type_for (i64 ());
  tree dirty = sparse_acquire_load (loc, build_fold_addr_expr
			     (sparse_handle_field (loc, h,
					    offsetof (sp_tensor, dirty),
					    int32_type ())), int32_type ());
  tree magic = sparse_handle_field (loc, h, offsetof (sp_tensor, magic),
			     unsigned_type_for (int32_type ()));
  tree remote = sparse_handle_field (loc, h, offsetof (sp_tensor, remote),
			      int32_type ());
  tree cond = binary (TRUTH_OR_EXPR,
		      binary (NE_EXPR, magic,
			      build_int_cst (TREE_TYPE (magic), SP_MAGIC)),
		      binary (NE_EXPR, binary (BIT_IOR_EXPR, dirty, remote),
			      cst (0)));
  for (int d = 0; d < f->rank; d++)
    {
      tree extent = sparse_handle_field (loc, h, offsetof (sp_tensor, dims)
				  + d * sizeof (int64_t), i64 ());
      cond = binary (TRUTH_OR_EXPR, cond,
		     binary (GE_EXPR, fold_convert (u64, x[d]),
			     fold_convert (u64, extent)));
    }
  return cond;
}

/* [FROM, TO): the positions of [LO, HI) (not empty) of level K, whose
   coordinates are unique, that may hold the last coordinate not above
   level K's index: at most the index minus the first coordinate past
   LO, at least HI - 1 less the last coordinate minus the index.  A
   level that holds every coordinate of a range (the rows of a DCSR
   matrix without empty rows) leaves one.  */
void
reader::narrow (int k, tree lo, tree hi, tree from, tree to)
{
  tree xk = index (k), last = binary (MINUS_EXPR, hi, cst (1));
  tree least = binary (MINUS_EXPR, last,
		       binary (MINUS_EXPR, entry (k, false, last), xk));
  tree most = binary (PLUS_EXPR, lo,
		      binary (MINUS_EXPR, xk, entry (k, false, lo)));
  set (from, binary (MIN_EXPR, binary (MAX_EXPR, lo, least), last));
  set (to, binary (MAX_EXPR,
		   binary (MIN_EXPR, hi, binary (PLUS_EXPR, most, cst (1))),
		   binary (PLUS_EXPR, lo, cst (1))));
}

/* BASE = the last position in [FROM, TO) (not empty) where LE (of the
   position and K) holds, or FROM: a bisection whose step is a select,
   which GCC makes a conditional move.  */
void
reader::bisect (tree (reader::*le) (tree, int), int k, tree from, tree to,
		tree base)
{
  tree n = var (i64 ()), half = var (i64 ()), mid = var (i64 ());
  set (base, from);
  set (n, binary (MINUS_EXPR, to, from));
  tree outer = list;
  list = alloc_stmt_list ();
  set (half, binary (RSHIFT_EXPR, n, cst (1)));
  set (mid, binary (PLUS_EXPR, base, half));
  set (base, select ((this->*le) (mid, k), mid, base));
  set (n, binary (MINUS_EXPR, n, half));
  tree step = list;
  list = outer;
  add (goto_loop (loc, binary (GT_EXPR, n, cst (1)), step));
}

/* The calling thread's window, when the read sets it: the elements of
   the last level's dimension from FIRST to END (not included), the
   other coordinates those of X, known to be zero since the epoch.  */
void
reader::set_window (tree first, tree end)
{
  if (!epoch)
    return;
  int g = f->lv[f->nlevels - 1].dim;
  set (sparse_window_ref (h, 0), h);
  set (sparse_window_ref (h, 1), epoch);
  for (int d = 0; d < f->rank; d++)
    {
      set (sparse_window_ref (h, 2 + d), d == g ? first : x[d]);
      set (sparse_window_ref (h, 5 + d),
	   d == g ? binary (MINUS_EXPR, end, first) : cst (1));
    }
}

/* The value at position P of the values when HIT, else zero; then the
   end.  */
void
reader::found (tree p, tree hit)
{
  tree vt = sparse_type_tree (st);
  tree vals = fold_convert (build_pointer_type (vt),
			    sparse_handle_field (loc, h, offsetof (sp_tensor, vals),
					  ptr_type_node));
  tree value = var (type);
  set (value, sparse_convert (loc, type, element_at (loc, vals, vt, p)));
  set (res, hit ? select (hit, value, build_zero_cst (type)) : value);
  add (build1 (GOTO_EXPR, void_type_node, done));
}

/* Whether the first level has its index (sparse_abi.h), asking the
   runtime to make it the first time: a boolean variable.  */
tree
reader::indexed ()
{
  tree addr = build_fold_addr_expr (sparse_handle_field (loc, h,
						  offsetof (sp_tensor, indexed),
						  int32_type ()));
  tree state = var (int32_type ()), has = var (boolean_type_node);
  set (state, sparse_acquire_load (loc, addr, int32_type ()));
  tree outer = list;
  list = alloc_stmt_list ();
  add (sparse_rt_call (loc, SPARSE_RT_INDEX_FIRST, 1, h));
  set (state, sparse_acquire_load (loc, addr, int32_type ()));
  tree ask = list;
  list = outer;
  add (build3 (COND_EXPR, void_type_node,
	       build2 (EQ_EXPR, boolean_type_node, state,
		       build_int_cst (int32_type (), 0)), ask, NULL_TREE));
  set (has, build2 (GT_EXPR, boolean_type_node, state,
		    build_int_cst (int32_type (), 0)));
  return has;
}

/* The read through a chain of dense and compressed levels: P the
   position at each level in turn.  */
void
reader::chain ()
{
  int last = f->nlevels - 1;
  tree p = var (i64 ()), lo = var (i64 ()), hi = var (i64 ());
  tree from = var (i64 ()), to = var (i64 ()), c = var (i64 ());
  tree hit = NULL_TREE, ranged_label = NULL_TREE;
  set (p, cst (0));
  for (int k = 0; k <= last; k++)
    {
      tree xk = index (k);
      if (sp_lvl_is_dense (f->lv[k].type))
	{
	  set (p, binary (PLUS_EXPR, binary (MULT_EXPR, p, level_size (k)),
			  xk));
	  continue;
	}
      /* A first level with its index (a DCSR matrix's rows): the
	 position of the coordinate, when stored, without a search; over
	 a compressed level, the range of the row's entries there.  */
      tree next_level = NULL_TREE;
      if (k == 0 && k < last)
	{
	  tree has = indexed ();
	  next_level = create_artificial_label (loc);
	  tree outer = list;
	  list = alloc_stmt_list ();
	  tree after = binary (PLUS_EXPR, xk, cst (1));
	  if (sp_lvl_has_pos (f->lv[1].type))
	    {
	      set (lo, index_at (xk));
	      set (hi, index_at (after));
	    }
	  else
	    {
	      set (p, index_at (xk));
	      jump_if (binary (GE_EXPR, p, index_at (after)), absent);
	    }
	  add (build1 (GOTO_EXPR, void_type_node, next_level));
	  tree direct = list;
	  list = outer;
	  add (build3 (COND_EXPR, void_type_node, has, direct, NULL_TREE));
	}
      set (lo, entry (k, true, p));
      set (hi, entry (k, true, binary (PLUS_EXPR, p, cst (1))));
      if (k == 1 && ranged_label)
	add (build1 (LABEL_EXPR, void_type_node, ranged_label));
      jump_if (binary (GE_EXPR, lo, hi), absent);
      narrow (k, lo, hi, from, to);
      bisect (&reader::coordinate_le, k, from, to, p);
      set (c, entry (k, false, p));
      if (k < last)
	{
	  jump_if (binary (NE_EXPR, c, xk), absent);
	  if (next_level && sp_lvl_has_pos (f->lv[1].type))
	    ranged_label = next_level;
	  else if (next_level)
	    add (build1 (LABEL_EXPR, void_type_node, next_level));
	  continue;
	}
      /* The run without entries after the element, or around it: from
	 the coordinate after C (0 when C is above XK) to the coordinate
	 of the entry after P (C when C is above XK; the extent when P is
	 the range's last entry).  */
      hit = binary (EQ_EXPR, c, xk);
      if (!epoch)
	continue;
      tree more = var (boolean_type_node), first = var (i64 ());
      tree end = var (i64 ());
      set (more, binary (LT_EXPR, binary (PLUS_EXPR, p, cst (1)), hi));
      tree next = entry (k, false, binary (PLUS_EXPR, p,
					    fold_convert (i64 (), more)));
      tree above = binary (GT_EXPR, c, xk);
      set (first, select (above, cst (0), binary (PLUS_EXPR, c, cst (1))));
      set (end, select (above, c, select (more, next, level_size (last))));
      set_window (first, end);
    }
  found (p, hit);
}

/* Whether the coordinates of the entry at position MID, from level K
   down, are not above the element's, in lexicographic order: one
   condition without branches.  */
tree
reader::tuple_le (tree mid, int k)
{
  tree c = entry (k, false, mid), xk = index (k);
  if (k == f->nlevels - 1)
    return binary (LE_EXPR, c, xk);
  return binary (TRUTH_OR_EXPR, binary (LT_EXPR, c, xk),
		 binary (TRUTH_AND_EXPR, binary (EQ_EXPR, c, xk),
			 tuple_le (mid, k + 1)));
}

/* Whether the entry at position Q has the element's coordinates on the
   levels from K down to the last, not included (is on its line, when
   the levels above K are known to agree).  */
tree
reader::same_above (tree q, int k0)
{
  tree same = boolean_true_node;
  for (int k = k0; k < f->nlevels - 1; k++)
    same = binary (TRUTH_AND_EXPR, same,
		   binary (EQ_EXPR, entry (k, false, q), index (k)));
  return same;
}

/* The read through coordinates: the entries are in the order of their
   coordinates, which repeat on every level but the last.  */
void
reader::coordinates ()
{
  int last = f->nlevels - 1;
  tree lo = var (i64 ()), hi = var (i64 ()), p = var (i64 ());
  /* The entries of the element's first coordinate, from the first
     level's index when it has one (searched by the coordinates below
     it), else all of them.  */
  tree has = indexed ();
  tree below = var (boolean_type_node), same = var (boolean_type_node);
  tree outer = list;
  list = alloc_stmt_list ();
  set (lo, index_at (index (0)));
  set (hi, index_at (binary (PLUS_EXPR, index (0), cst (1))));
  jump_if (binary (GE_EXPR, lo, hi), absent);
  bisect (&reader::tuple_le, 1, lo, hi, p);
  set (below, tuple_le (p, 1));
  set (same, same_above (p, 1));
  tree by_index = list;
  list = alloc_stmt_list ();
  set (lo, entry (0, true, cst (0)));
  set (hi, entry (0, true, cst (1)));
  jump_if (binary (GE_EXPR, lo, hi), absent);
  bisect (&reader::tuple_le, 0, lo, hi, p);
  set (below, tuple_le (p, 0));
  set (same, same_above (p, 0));
  tree whole = list;
  list = outer;
  add (build3 (COND_EXPR, void_type_node, has, by_index, whole));
  tree c = var (i64 ()), xl = index (last);
  set (c, entry (last, false, p));
  tree hit = binary (TRUTH_AND_EXPR, same, binary (EQ_EXPR, c, xl));
  if (epoch)
    {
      /* The run without entries along the last level: from the
	 coordinate after P's, when P is not above the element and on its
	 line (else 0), to that of the next entry on the line (P's own
	 when P is above the element; the extent when there is none).  */
      tree next = var (i64 ()), first = var (i64 ()), end = var (i64 ());
      tree more = binary (TRUTH_OR_EXPR,
			  build1 (TRUTH_NOT_EXPR, boolean_type_node, below),
			  binary (LT_EXPR, binary (PLUS_EXPR, p, cst (1)),
				  hi));
      set (next, select (below,
			 binary (MIN_EXPR, binary (PLUS_EXPR, p, cst (1)),
				 binary (MINUS_EXPR, hi, cst (1))), p));
      set (first, select (binary (TRUTH_AND_EXPR, below, same),
			  binary (PLUS_EXPR, c, cst (1)), cst (0)));
      set (end, select (binary (TRUTH_AND_EXPR, more, same_above (next, 0)),
			entry (last, false, next), level_size (last)));
      set_window (first, end);
    }
  found (p, hit);
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
tree
sparse_opaque_copy (tree var, tree value)
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
  reader r;
  *window = true;
  if (!inline_format_p (f) || !sparse_elem_type (elem_type, &r.st))
    return NULL_TREE;
  /* An index of the last level's dimension read from memory (a gather,
     A[r[k]][c[k]]) jumps: a window would hardly ever hold the next
     element.  One computed from variables (a loop's counter) walks.  */
  tree last_index = x[f->lv[f->nlevels - 1].dim];
  *window = !walk_tree_without_duplicates (&last_index, loads_r, NULL);
  /* A walk of a CSC matrix's rows changes column at each read: the
     runtime's read follows it through the rows' shadow (lookup.c).  */
  for (int k = 0; *window && k < f->nlevels; k++)
    if (f->lv[k].dim != k)
      return NULL_TREE;
  r.loc = loc;
  r.f = f;
  r.x = x;
  r.type = TREE_TYPE (call);
  r.vars = NULL_TREE;
  r.list = alloc_stmt_list ();
  r.h = r.var (sparse_handle_type ());
  r.add (sparse_opaque_copy (r.h, h));
  r.res = create_tmp_var_raw (r.type);
  r.absent = create_artificial_label (loc);
  r.done = create_artificial_label (loc);
  r.epoch = NULL_TREE;
  if (*window)
    {
      r.epoch = r.var (r.i64 ());
      r.set (r.epoch,
	     sparse_acquire_load (loc, build_fold_addr_expr (sparse_epoch_ref ()),
			   r.i64 ()));
    }
  r.add (build3 (COND_EXPR, void_type_node, r.refused (),
		 build2 (COMPOUND_EXPR, void_type_node,
			 build2 (MODIFY_EXPR, r.type, r.res, call),
			 build1 (GOTO_EXPR, void_type_node, r.done)),
		 NULL_TREE));
  if (chain_format_p (f))
    r.chain ();
  else
    r.coordinates ();
  /* No entry on the line of the last level's dimension.  */
  r.add (build1 (LABEL_EXPR, void_type_node, r.absent));
  r.set_window (r.cst (0), r.level_size (f->nlevels - 1));
  r.set (r.res, build_zero_cst (r.type));
  r.add (build1 (LABEL_EXPR, void_type_node, r.done));
  tree bind = build3 (BIND_EXPR, void_type_node, r.vars, r.list, NULL_TREE);
  TREE_SIDE_EFFECTS (bind) = 1;
  return build4 (TARGET_EXPR, r.type, r.res, bind, NULL_TREE, NULL_TREE);
}
