/* emit-parallel.cc -- OpenMP regions: parallel loops (their rows split
   by entries, sums into threads' copies) and sparse outputs built by
   threads.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "emit-int.h"

namespace sparse_emit {

/* The first row of part PART of PARTS of rows [LO, HI) cut by the
   entries of the pos arrays BA (lir_plan_shapes) into ranges of about
   equal work.  */
tree
emitter::split_call (const int ba[2], tree lo, tree hi, tree part, tree parts)
{
  tree w[2], pos[2];
  for (int i = 0; i < 2; i++)
    {
      w[i] = build_int_cst (integer_type_node,
			    ba[i] < 0 ? 0
			    : k->tensors[k->arrays[ba[i]].tensor].fmt.posw);
      pos[i] = ba[i] < 0 ? null_pointer_node
	       : fold_convert (const_ptr_type_node, unshare_expr (arr[ba[i]]));
    }
  return sparse_rt_call (loc, SPARSE_RT_KSPLIT, 8, pos[0], w[0], pos[1],
			 w[1], lo, hi, part, parts);
}

/* LIR_REGION ST: an OpenMP parallel region, the variables its body
   declares its threads' own, the variables it sums into reduced (+)
   over them.  */
tree
emitter::region (const lir_stmt &st)
{
  tree vars = NULL_TREE, list = alloc_stmt_list ();
  /* The body's declarations shadow those outside until it ends (the
     region's own copy of a loop's variable).  */
  auto_vec<std::pair<int, tree> > shadowed;
  for (int id = st.body; id >= 0 && !failed; id = k->stmts[id].next)
    {
      const lir_stmt &x = k->stmts[id];
      if (x.kind == LIR_DECL && x.var >= 0 && x.var < k->nvars)
	shadowed.safe_push (std::make_pair (x.var, var[x.var]));
      stmt (id, &list, &vars);
    }
  for (int i = shadowed.length () - 1; i >= 0; i--)
    var[shadowed[i].first] = shadowed[i].second;
  if (failed)
    return error_mark_node;
  tree clauses = NULL_TREE;
  for (int arg = st.b; arg >= 0; arg = k->exprs[arg].b)
    {
      const lir_expr &v = k->exprs[k->exprs[arg].a];
      if (v.op != LIR_VARREF || !var[v.var])
	return fail ("a region sums into something not a variable");
      tree c = build_omp_clause (loc, OMP_CLAUSE_REDUCTION);
      OMP_CLAUSE_DECL (c) = var[v.var];
      OMP_CLAUSE_REDUCTION_CODE (c) = PLUS_EXPR;
      OMP_CLAUSE_CHAIN (c) = clauses;
      clauses = c;
    }
  if (st.a >= 0)
    {
      tree c = build_omp_clause (loc, OMP_CLAUSE_IF);
      OMP_CLAUSE_IF_MODIFIER (c) = ERROR_MARK;
      OMP_CLAUSE_IF_EXPR (c) = cond (st.a);
      CHECKED (OMP_CLAUSE_IF_EXPR (c));
      OMP_CLAUSE_CHAIN (c) = clauses;
      clauses = c;
    }
  tree par = make_node (OMP_PARALLEL);
  TREE_TYPE (par) = void_type_node;
  OMP_PARALLEL_CLAUSES (par) = clauses;
  OMP_PARALLEL_BODY (par) = region_bind (vars, list);
  /* A region that is one shared loop is a combined parallel for, which
     takes no clauses of its own.  */
  tree_stmt_iterator it = tsi_start (list);
  OMP_PARALLEL_COMBINED (par)
    = !clauses && !tsi_end_p (it) && TREE_CODE (tsi_stmt (it)) == OMP_FOR
      && tsi_one_before_end_p (it);
  SET_EXPR_LOCATION (par, loc);
  return par;
}

/* Loop ST over [LO, HI), LIR_PAR_SHARED: its iterations shared among
   the threads of the region around it in equal blocks
   (schedule(static)).  */
tree
emitter::shared_for (const lir_stmt &st, tree lo, tree hi)
{
  tree iv = var[st.var], type = TREE_TYPE (iv);
  tree body = block (st.body);
  CHECKED (body);
  tree init = make_tree_vec (1), cnd = make_tree_vec (1);
  tree incr = make_tree_vec (1);
  TREE_VEC_ELT (init, 0) = build2 (MODIFY_EXPR, type, iv, lo);
  TREE_VEC_ELT (cnd, 0) = build2 (LT_EXPR, boolean_type_node, iv, hi);
  TREE_VEC_ELT (incr, 0)
    = build2 (MODIFY_EXPR, type, iv,
	      build2 (PLUS_EXPR, type, iv, build_int_cst (type, 1)));
  tree sched = build_omp_clause (loc, OMP_CLAUSE_SCHEDULE);
  OMP_CLAUSE_SCHEDULE_KIND (sched) = OMP_CLAUSE_SCHEDULE_STATIC;
  OMP_CLAUSE_SCHEDULE_CHUNK_EXPR (sched) = NULL_TREE;
  tree ofor = make_node (OMP_FOR);
  TREE_TYPE (ofor) = void_type_node;
  OMP_FOR_INIT (ofor) = init;
  OMP_FOR_COND (ofor) = cnd;
  OMP_FOR_INCR (ofor) = incr;
  OMP_FOR_BODY (ofor) = body;
  OMP_FOR_CLAUSES (ofor) = sched;
  OMP_FOR_PRE_BODY (ofor) = NULL_TREE;
  OMP_FOR_ORIG_DECLS (ofor) = NULL_TREE;
  SET_EXPR_LOCATION (ofor, loc);
  return ofor;
}

/* ------------------------------------------------------------------ */
/* Sparse outputs built in parallel.

   A kernel writing a sparse output whose first level is dense (or
   compressed: its positions are then the rows), one nest whose outer
   loop runs over that level's rows:

     prologue; OUT_BEGIN; [WS_ALLOC]; decls; for (i ...) body; OUT_END; ...

   runs with -fopenmp as

     p = sp_kpar_begin (C, omp_get_max_threads (), hint);
     #pragma omp parallel
       { [its own workspace]; decls; the thread's rows [r0, r1);
	 if (threads > 1)
	   { [CSR with a symbolic loop:
	      for (i = r0; i < r1; i += 16) bound += ...; sb = bound;
	      bound = 0; count_L = 0;
	      for (i = r0; i < r1; i += 16) <counting pass>;
	      for (i = r0; i < r1; i++) bound += ...;
	      sp_kpar_bound (p, thread, bound, count_L, sb);
	      barrier; if (thread == 0) sp_kpar_layout (p); barrier;
	      if (!sp_kpar_laid (p))]
	     { count_L = 0; for (i = r0; i < r1; i++) <counting pass>;
	       sp_kpar_count (p, thread, L, count_L) for every counted L;
	       barrier; if (thread == 0) sp_kpar_layout (p); barrier; } }
	 else
	   { out = sp_kpar_part (p, 0);
	     [for (i = r0; i < r1; i++) bound += ...;
	      sp_kout_reserve (out, bound);] }
	 out = sp_kpar_part (p, thread);
	 for (i = r0; i < r1; i++) body;
	 [bounded: barrier; sp_kpar_close (p, thread, threads);] }
     sp_kpar_end (p);

   each thread counting (or bounding), then appending, the entries of a
   contiguous range of rows (split by an operand's entries when the body
   reads a pos array at I), into its own range of arrays allocated once.
   The body may write nothing shared but through the output and the
   workspace.  */

/* Whether the kernel is over enough entries to pay for waking threads
   (sp_kpar_worth), or NULL_TREE when the handles are missing.  */
tree
emitter::worth ()
{
  tree i64 = sparse_int64_type (), n = build_int_cst (i64, 0);
  /* The operands' own handles: converted copies do not exist yet where
     a parallel build decides.  */
  for (int t = 0; t < k->ntensors; t++)
    {
      if (k->tensors[t].conv >= 0)
	continue;
      tree th = tensor_handle (t);
      if (!th || th == error_mark_node)
	return NULL_TREE;
      n = fold_build2 (PLUS_EXPR, i64, n,
		       field (th, offsetof (sp_tensor, nvals), i64));
    }
  return fold_build2 (NE_EXPR, boolean_type_node,
		      sparse_rt_call (loc, SPARSE_RT_KPAR_WORTH, 1, n),
		      integer_zero_node);
}

/* The if clause of a region: threads only when worth it.  */
tree
emitter::threads_if ()
{
  tree w = worth ();
  if (!w)
    return NULL_TREE;
  tree c = build_omp_clause (loc, OMP_CLAUSE_IF);
  OMP_CLAUSE_IF_MODIFIER (c) = ERROR_MARK;
  OMP_CLAUSE_IF_EXPR (c) = w;
  return c;
}

/* Append to LIST row loop ST run over rows [R0, R1) only.  */
tree
emitter::rows_loop (const lir_stmt &st, tree r0, tree r1, tree *list,
		    int stride)
{
  if (st.var < 0 || st.var >= k->nvars || !var[st.var])
    return fail ("parallel loop over an undeclared variable");
  tree v = var[st.var], type = TREE_TYPE (v);
  tree body = block (st.body);
  CHECKED (body);
  tree lbody = alloc_stmt_list ();
  append_to_statement_list_force (body, &lbody);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, type, v,
	     build2 (PLUS_EXPR, type, v, build_int_cst (type, stride))),
     &lbody);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, type, v, fold_convert (type, r0)), list);
  append_to_statement_list_force
    (goto_loop (loc, build2 (LT_EXPR, boolean_type_node, v,
			     fold_convert (type, r1)), lbody), list);
  return *list;
}

/* Append to LIST the symbolic loop's bound over rows [R0, R1).  When
   each row adds the lengths of rows of pos arrays at that row (a merge
   of CSR operands: A + B; lir_plan_shapes), their sum telescopes,
   POS[R1] - POS[R0] for each, and no loop is needed.  */
tree
emitter::bound_rows (tree r0, tree r1, tree *list)
{
  const lir_stmt &st = k->stmts[k->bound_loop];
  int acc = k->bound_sum_var, n = k->nbound_pos;
  const int *arrs = k->bound_pos;
  if (acc < 0 || !var[acc])
    return rows_loop (st, r0, r1, list);
  tree i64 = sparse_int64_type (), sum = build_int_cst (i64, 0);
  for (int i = 0; i < n; i++)
    {
      tree hi = sparse_convert (loc, i64, elem (arrs[i], r1));
      tree lo = sparse_convert (loc, i64, elem (arrs[i], unshare_expr (r0)));
      CHECKED (hi);
      CHECKED (lo);
      sum = build2 (PLUS_EXPR, i64, sum, build2 (MINUS_EXPR, i64, hi, lo));
    }
  tree b = var[acc], type = TREE_TYPE (b);
  append_to_statement_list_force
    (build3 (COND_EXPR, void_type_node,
	     build2 (LT_EXPR, boolean_type_node, r0, unshare_expr (r1)),
	     build2 (MODIFY_EXPR, type, b,
		     build2 (PLUS_EXPR, type, b,
			     sparse_convert (loc, type, sum))), NULL_TREE),
     list);
  return *list;
}

/* Whether the output's only level that is not dense is its last (CSR,
   a sparse vector): the parallel build may then lay it out by bounds.  */
bool
emitter::one_compressed_level ()
{
  const sp_format &f = k->sc->fmt[k->sc->st.out];
  return sp_format_dense_upto (&f, f.nlevels - 1);
}

/* The serial prologue of the parallel build of the kernel's row loop
   LOOP into LIST: conversions and assembly, the output's parts begun;
   declarations and each thread's own workspace go into the region P.
   *RESERVE: the output's reserve statement, or -1.  */
bool
emitter::par_prologue (int loop, tree *list, par_region &p, int *reserve)
{
  tree i64 = sparse_int64_type ();
  tree max_fn = sparse_rt_decl (SPARSE_RT_OMP_MAX_THREADS);
  *reserve = -1;
  for (int id = k->body; id != loop && !failed; id = k->stmts[id].next)
    {
      const lir_stmt &x = k->stmts[id];
      if (x.kind == LIR_CALL && (x.fn == LIR_CALL_OUT_RESERVE
				 || x.fn == LIR_CALL_OUT_FIX))
	*reserve = id;
      else if (x.kind == LIR_CALL && x.fn == LIR_CALL_CURSOR_OPEN)
	;
      else if (id == k->bound_loop)
	;
      else if (x.kind == LIR_CALL && x.fn == LIR_CALL_OUT_BEGIN)
	{
	  tree h = tensor_handle (x.tensor);
	  tree hint = h && h != error_mark_node ? reserve_hint (x)
						 : error_mark_node;
	  if (!hint || hint == error_mark_node)
	    return false;
	  tree parts = fold_convert (i64, build_call_expr_loc (loc, max_fn,
							       0));
	  append_to_statement_list_force
	    (build2 (MODIFY_EXPR, ptr_type_node, p.kpar,
		     sparse_rt_call (loc, SPARSE_RT_KPAR_BEGIN, 3, h, parts,
				     hint)), list);
	}
      else if (x.kind == LIR_CALL && x.fn == LIR_CALL_WS_ALLOC)
	thread_workspace (id, p);
      else if (x.kind == LIR_DECL)
	stmt (id, &p.body, &p.vars);
      else
	stmt (id, list, &top_vars);
    }
  return !failed;
}

/* Workspace allocation ID made in region P: each thread's own
   workspace, the workspace arrays' pointers loaded from it.  */
void
emitter::thread_workspace (int id, par_region &p)
{
  tree saved = kws;
  kws = new_var (TREE_TYPE (saved), "sp_ws", &p.vars);
  TREE_ADDRESSABLE (kws) = 1;
  stmt (id, &p.body, &p.vars);
  for (int a = 0; a < k->narrays; a++)
    {
      const lir_array &ar = k->arrays[a];
      size_t off = ar.kind == LIR_ARR_WS ? offsetof (sp_kws, vals)
		   : ar.kind == LIR_ARR_WS_FLAG ? offsetof (sp_kws, flag)
		   : ar.kind == LIR_ARR_WS_LIST ? offsetof (sp_kws, list)
		   : 0;
      if (!off && ar.kind != LIR_ARR_WS)
	continue;
      tree pv = new_var (TREE_TYPE (arr[a]), NULL, &p.vars);
      append_to_statement_list_force
	(build2 (MODIFY_EXPR, TREE_TYPE (pv), pv,
		 fold_convert (TREE_TYPE (pv),
			       field (kws_addr (), off, ptr_type_node))),
	 &p.body);
      arr[a] = pv;
    }
}

/* The rows [P.r0, P.r1) of this thread of region P among those of row
   loop ST: cut by the entries of the pos arrays the body reads at the
   row, else into equal numbers of rows.  */
bool
emitter::thread_rows (const lir_stmt &st, par_region &p)
{
  tree i64 = sparse_int64_type ();
  tree lo = tree_of (st.a), hi = tree_of (st.b);
  if (!lo || lo == error_mark_node || !hi || hi == error_mark_node)
    return false;
  tree n0 = new_var (i64, NULL, &p.vars), n1 = new_var (i64, NULL, &p.vars);
  p.r0 = new_var (i64, NULL, &p.vars);
  p.r1 = new_var (i64, NULL, &p.vars);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, n0, sparse_convert (loc, i64, lo)), &p.body);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, n1, sparse_convert (loc, i64, hi)), &p.body);
  const int *ba = st.balance;
  for (int e = 0; e < 2; e++)
    {
      tree part = e ? build2 (PLUS_EXPR, i64, p.tid, build_int_cst (i64, 1))
		    : p.tid;
      tree r;
      if (ba[0] >= 0)
	r = split_call (ba, n0, n1, part, p.nt);
      else
	/* n0 + (n1 - n0) * part / nt  */
	r = build2 (PLUS_EXPR, i64, n0,
		    build2 (TRUNC_DIV_EXPR, i64,
			    build2 (MULT_EXPR, i64,
				    build2 (MINUS_EXPR, i64, n1, n0), part),
			    p.nt));
      append_to_statement_list_force
	(build2 (MODIFY_EXPR, i64, e ? p.r1 : p.r0, r), &p.body);
    }
  return true;
}

/* All counts (or bounds) in, thread 0 of region P lays the output's
   arrays out, into TO, between barriers.  */
void
emitter::lay_out (par_region &p, tree *to)
{
  tree i64 = sparse_int64_type ();
  append_to_statement_list_force (build_call_expr_loc (loc, p.barrier, 0),
				  to);
  append_to_statement_list_force
    (build3 (COND_EXPR, void_type_node,
	     build2 (EQ_EXPR, boolean_type_node, p.tid,
		     build_int_cst (i64, 0)),
	     sparse_rt_call (loc, SPARSE_RT_KPAR_LAYOUT, 1, p.kpar),
	     NULL_TREE), to);
  append_to_statement_list_force (build_call_expr_loc (loc, p.barrier, 0),
				  to);
}

/* The counting pass over every STRIDE-th row of the thread's, into TO.  */
void
emitter::count_rows (par_region &p, tree *to, int stride)
{
  for (int id = k->count_block; id >= 0 && !failed; id = k->stmts[id].next)
    if (id == k->count_loop)
      rows_loop (k->stmts[id], p.r0, p.r1, to, stride);
    else
      stmt (id, to, &p.vars);
}

/* Several threads: each counts the entries of its rows (the kernel's
   counting pass), then, all counts in, one lays the arrays out.  */
tree
emitter::counted_layout (par_region &p)
{
  tree i64 = sparse_int64_type ();
  tree counted = alloc_stmt_list ();
  count_rows (p, &counted, 1);
  for (int l = 0; l < SP_MAX_LEVELS; l++)
    if (k->count_var[l] >= 0)
      append_to_statement_list_force
	(sparse_rt_call (loc, SPARSE_RT_KPAR_COUNT, 4, p.kpar, p.tid,
			 build_int_cst (integer_type_node, l),
			 fold_convert (i64, var[k->count_var[l]])),
	 &counted);
  lay_out (p, &counted);
  return counted;
}

/* With a symbolic loop and one compressed level in the output (CSR),
   each thread bounds the entries of its rows instead, a pass over the
   outer levels only, and the arrays are laid out by the bounds, the gaps
   they leave closed at the end (sp_kpar_bound).  The count costs SpAdd
   and small SpGEMMs most of what the kernel does; closing the gaps moves
   the entries of all threads but the first, to pages not touched yet
   when the gaps are wide.  Each thread therefore counts and bounds every
   SAMPLE-th row first: their ratio tells the runtime whether the bounds
   are close (A + B of different patterns) or far enough that counting
   would cost more than moving (a product with many repeated
   contributions), else the threads count (COUNTED, run when the layout
   by bounds was not taken).  RESERVE is the output's reserve
   statement.  */
tree
emitter::bounded_layout (par_region &p, int reserve, tree counted)
{
  const int sample = 16;
  tree i64 = sparse_int64_type ();
  tree bounded = alloc_stmt_list ();
  tree n = tree_of (k->stmts[reserve].a);
  CHECKED (n);
  tree bvar = n;
  n = sparse_convert (loc, i64, n);
  tree cs = build_int_cst (i64, 0), bs = cs;
  int last = k->sc->fmt[k->sc->st.out].nlevels - 1;
  if (k->count_var[last] >= 0 && VAR_P (bvar))
    {
      /* The sample's bound, then the bound again from zero.  */
      bs = new_var (i64, NULL, &p.vars);
      rows_loop (k->stmts[k->bound_loop], p.r0, p.r1, &bounded, sample);
      append_to_statement_list_force
	(build2 (MODIFY_EXPR, i64, bs, unshare_expr (n)), &bounded);
      append_to_statement_list_force
	(build2 (MODIFY_EXPR, TREE_TYPE (bvar), unshare_expr (bvar),
		 build_int_cst (TREE_TYPE (bvar), 0)), &bounded);
      count_rows (p, &bounded, sample);
      cs = fold_convert (i64, var[k->count_var[last]]);
    }
  bound_rows (p.r0, p.r1, &bounded);
  append_to_statement_list_force
    (sparse_rt_call (loc, SPARSE_RT_KPAR_BOUND, 5, p.kpar, p.tid,
		     unshare_expr (n), cs, bs), &bounded);
  lay_out (p, &bounded);
  append_to_statement_list_force
    (build3 (COND_EXPR, void_type_node,
	     build2 (EQ_EXPR, boolean_type_node,
		     sparse_rt_call (loc, SPARSE_RT_KPAR_LAID, 1, p.kpar),
		     integer_zero_node),
	     counted, NULL_TREE), &bounded);
  return bounded;
}

/* The parallel build (see above) of the kernel whose row loop is
   statement LOOP (see lir_plan_threads), appended to LIST.  */
tree
emitter::par_build (int loop, tree *list)
{
  tree i64 = sparse_int64_type ();
  tree nt_fn = builtin_decl_explicit (BUILT_IN_OMP_GET_NUM_THREADS);
  tree tid_fn = builtin_decl_explicit (BUILT_IN_OMP_GET_THREAD_NUM);
  if (!nt_fn || !tid_fn)
    return fail ("no OpenMP builtins");
  par_region p;
  p.vars = NULL_TREE;
  p.body = alloc_stmt_list ();
  p.kpar = new_var (ptr_type_node, "sp_par", &top_vars);

  int reserve;
  if (!par_prologue (loop, list, p, &reserve))
    return fail ("the parallel build's prologue");
  append_to_statement_list_force (load_arrays (), list);

  /* The region: this thread's rows, counted, then written into its
     range of the output's arrays.  */
  p.nt = new_var (i64, NULL, &p.vars);
  p.tid = new_var (i64, NULL, &p.vars);
  kout_ptr = new_var (ptr_type_node, NULL, &p.vars);
  tree pre = alloc_stmt_list ();
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, p.nt,
	     fold_convert (i64, build_call_expr_loc (loc, nt_fn, 0))), &pre);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, p.tid,
	     fold_convert (i64, build_call_expr_loc (loc, tid_fn, 0))), &pre);
  append_to_statement_list_force (p.body, &pre);
  p.body = pre;

  const lir_stmt &st = k->stmts[loop];
  if (!thread_rows (st, p))
    return fail ("the rows of a parallel build");
  p.barrier = builtin_decl_explicit (BUILT_IN_GOMP_BARRIER);
  if (!p.barrier)
    return fail ("no OpenMP barrier");
  tree set_part
    = build2 (MODIFY_EXPR, ptr_type_node, kout_ptr,
	      sparse_rt_call (loc, SPARSE_RT_KPAR_PART, 2, p.kpar, p.tid));

  tree counted = counted_layout (p);
  bool by_bounds = reserve >= 0 && one_compressed_level ();
  if (by_bounds)
    {
      counted = bounded_layout (p, reserve, counted);
      CHECKED (counted);
    }
  /* One thread: the output grows as a serial one, from room for the
     symbolic loop's bound when there is one.  */
  tree alone = alloc_stmt_list ();
  append_to_statement_list_force (set_part, &alone);
  if (reserve >= 0)
    {
      bound_rows (p.r0, p.r1, &alone);
      stmt (reserve, &alone, &p.vars);
    }
  append_to_statement_list_force
    (build3 (COND_EXPR, void_type_node,
	     build2 (GT_EXPR, boolean_type_node, p.nt, build_int_cst (i64, 1)),
	     counted, alone), &p.body);
  append_to_statement_list_force (unshare_expr (set_part), &p.body);
  /* Each thread's cursor over its part of the output.  */
  int open = -1, close = -1;
  for (int id = k->body; id >= 0; id = k->stmts[id].next)
    if (k->stmts[id].kind == LIR_CALL)
      {
	if (k->stmts[id].fn == LIR_CALL_CURSOR_OPEN)
	  open = id;
	else if (k->stmts[id].fn == LIR_CALL_CURSOR_CLOSE)
	  close = id;
      }
  if (open >= 0)
    stmt (open, &p.body, &p.vars);
  rows_loop (st, p.r0, p.r1, &p.body);
  if (close >= 0)
    stmt (close, &p.body, &p.vars);
  if (by_bounds)
    {
      /* All rows in, the threads close the gaps the bounds left.  */
      append_to_statement_list_force (build_call_expr_loc (loc, p.barrier,
							   0), &p.body);
      append_to_statement_list_force
	(sparse_rt_call (loc, SPARSE_RT_KPAR_CLOSE, 3, p.kpar, p.tid, p.nt),
	 &p.body);
    }
  return par_epilogue (st.next, p, list);
}

/* The epilogue of a parallel build from statement AFTER: the workspace
   freed in region P, the region closed into LIST, the output finished
   after it.  */
tree
emitter::par_epilogue (int after, par_region &p, tree *list)
{
  for (int id = after; id >= 0 && !failed; id = k->stmts[id].next)
    if (k->stmts[id].fn == LIR_CALL_WS_FREE)
      stmt (id, &p.body, &p.vars);
  kout_ptr = NULL_TREE;
  if (failed)
    return error_mark_node;
  tree par = make_node (OMP_PARALLEL);
  TREE_TYPE (par) = void_type_node;
  OMP_PARALLEL_CLAUSES (par) = threads_if ();
  OMP_PARALLEL_BODY (par) = region_bind (p.vars, p.body);
  SET_EXPR_LOCATION (par, loc);
  append_to_statement_list_force (par, list);
  for (int id = after; id >= 0 && !failed; id = k->stmts[id].next)
    {
      const lir_stmt &x = k->stmts[id];
      if (x.fn == LIR_CALL_CURSOR_CLOSE)
	continue;
      if (x.fn == LIR_CALL_OUT_END)
	append_to_statement_list_force
	  (sparse_rt_call (loc, SPARSE_RT_KPAR_END, 1, p.kpar), list);
      else if (x.fn != LIR_CALL_WS_FREE)
	stmt (id, list, &top_vars);
    }
  return failed ? error_mark_node : *list;
}

} // namespace sparse_emit
