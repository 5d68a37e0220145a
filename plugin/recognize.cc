/* recognize.cc -- canonical dense loop nests over tagged arrays become
   einsum statements.

   Runs at the start of PLUGIN_PRE_GENERICIZE, before the storage rewrite
   (storage.cc) turns element accesses into runtime calls, on the C front
   end's structured trees.  A `for` statement there is a FOR_STMT with no
   init of its own: `for (int i = 0; i < n; i++) BODY` is
   BIND_EXPR { DECL_EXPR i (DECL_INITIAL 0); FOR_STMT (NULL, i < n, i++,
   BODY) }, and `for (i = 0; ...)` is `i = 0;` followed by the FOR_STMT in
   the enclosing statement list.  The folder has canonicalised conditions
   (`i < 10` reads `i <= 9`) and compound assignments (`s += e` may read
   `s = e + s`), and an element of an array parameter is
   *(p + (sizetype) i * rowsize), with SAVE_EXPRs from VLA types.

   Each outermost FOR_STMT that touches a tagged array is read into the
   GCC-free description of nest.h: canonical counted loops (start 0, step
   1, bound `i < B`, `i <= B - 1`, `B > i`, a constant or an unmodified
   local or parameter), and bodies of assignments, compound assignments,
   scalar declarations and inner loops, over reads with loop-variable
   subscripts, constants and scalars combined by + - * / and unary minus.
   nest_lower decides and builds the statements; each is registered like
   a pragma's (pragma.cc) and its marker call replaces the nest, followed
   by the final values of loop variables that outlive it.  Where outputs
   may overlap other dense arrays (pointer parameters), the markers run
   only when the pointers do not overlap, else the original loops.

   A nest that cannot be read or proved gets a note saying why, at its
   outer loop, with -fplugin-arg-sparse-report, and is left to the
   element-by-element fallback.  When the reason lies in the outer loop
   itself (its header, or a statement of its own body), the loops inside
   it are tried as nests of their own.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "nest-reader.h"

/* Loops the recognizer has reported (left alone, or kept as the
   overlapping-pointer path), for the storage rewrite's report.  */
static hash_set<tree> *reported_loops;

bool
sparse_nest_reported_p (tree loop)
{
  return reported_loops && loop && reported_loops->contains (loop);
}

namespace {

using namespace loop_reader;

/* ------------------------------------------------------------------ */
/* The driver.  */

struct recognizer
{
  tree fndecl;
  fn_facts facts;
  auto_vec<tree> around;        /* variables of the loops whose nests
				   failed in the loop itself, around the
				   loops now tried */
  int in_omp;                   /* inside OpenMP constructs */

  void scan (tree *tp);
  bool try_nest (tree *forp, tree init);
  bool scan_inner (tree *bodyp);
  void rewrite (tree *forp, reader &rd, nest_result &res, lir_kernel **plans,
		tree cond);
  tree bound_value (const loop_info &li);
  tree region_overlap_free (reader &rd, const nest_result &res);
};

/* The bound of loop LI as an int64_t expression.  */
tree
recognizer::bound_value (const loop_info &li)
{
  tree i64 = sparse_int64_type ();
  tree off = build_int_cst (i64, li.bound_off);
  if (!li.bound_decl)
    return off;
  return fold_build2 (PLUS_EXPR, i64, fold_convert (i64, li.bound_decl), off);
}

/* The condition that no two objects of RES's checks overlap.  */
tree
recognizer::region_overlap_free (reader &rd, const nest_result &res)
{
  tree cond = NULL_TREE;
  tree i64 = sparse_int64_type ();
  for (int c = 0; c < res.nchecks; c++)
    {
      tree start[2], end[2];
      int ob[2] = { res.check[c].a, res.check[c].b };
      for (int s = 0; s < 2; s++)
	{
	  tree decl = rd.obj_decl[ob[s]];
	  tree size;
	  if (TREE_CODE (TREE_TYPE (decl)) == POINTER_TYPE)
	    {
	      start[s] = fold_convert (sizetype, decl);
	      int lps[NEST_MAX_LOOPS];
	      int nl = nest_dim0_loops (rd.n, ob[s], lps, NEST_MAX_LOOPS);
	      tree rows = build_int_cst (i64, 0);
	      for (int k = 0; k < nl; k++)
		for (unsigned l = 0; l < rd.loops.length (); l++)
		  if (rd.loops[l].id == lps[k])
		    rows = fold_build2 (MAX_EXPR, i64, rows,
					bound_value (rd.loops[l]));
	      size = fold_build2 (MULT_EXPR, sizetype,
				  fold_convert (sizetype, rows),
				  TYPE_SIZE_UNIT (TREE_TYPE (TREE_TYPE (decl))));
	    }
	  else
	    {
	      size = TYPE_SIZE_UNIT (TREE_TYPE (decl));
	      if (!size)
		return NULL_TREE;
	      size = unshare_expr (size);
	      start[s] = fold_convert (sizetype, build_fold_addr_expr (decl));
	    }
	  end[s] = fold_build2 (PLUS_EXPR, sizetype, start[s], size);
	}
      tree apart = build2 (TRUTH_ORIF_EXPR, integer_type_node,
			   build2 (LE_EXPR, integer_type_node, end[0],
				   unshare_expr (start[1])),
			   build2 (LE_EXPR, integer_type_node, end[1],
				   unshare_expr (start[0])));
      cond = cond ? build2 (TRUTH_ANDIF_EXPR, integer_type_node, cond, apart)
		  : apart;
    }
  return cond;
}

void
recognizer::rewrite (tree *forp, reader &rd, nest_result &res,
		     lir_kernel **plans, tree cond)
{
  tree loop = *forp;
  location_t loc = EXPR_LOCATION (loop);
  tree stmts = NULL_TREE;
  for (int k = 0; k < res.nkernels; k++)
    {
      ix_stmt *ix = res.kernel[k];
      res.kernel[k] = NULL;
      append_to_statement_list (sparse_einsum_register (ix, loc, fndecl, true,
							plans[k]), &stmts);
      plans[k] = NULL;
    }
  res.nkernels = 0;

  /* Loop variables that outlive the loops: the values they end with.  */
  tree i64 = sparse_int64_type ();
  for (unsigned l = 0; l < rd.loops.length (); l++)
    {
      const loop_info &li = rd.loops[l];
      if (li.scoped || rd.inner.contains (li.var))
	continue;
      tree type = TREE_TYPE (li.var);
      tree set = build2 (MODIFY_EXPR, type, li.var,
			 fold_convert (type,
				       fold_build2 (MAX_EXPR, i64,
						    bound_value (li),
						    build_int_cst (i64, 0))));
      tree ran = NULL_TREE;
      for (int p = li.parent; p >= 0; p = rd.loops[p].parent)
	{
	  tree pos = build2 (GT_EXPR, integer_type_node,
			     bound_value (rd.loops[p]), build_int_cst (i64, 0));
	  ran = ran ? build2 (TRUTH_ANDIF_EXPR, integer_type_node, ran, pos)
		    : pos;
	}
      if (ran)
	set = build3 (COND_EXPR, void_type_node, ran, set, NULL_TREE);
      append_to_statement_list (set, &stmts);
    }

  /* The statements get a scope of their own: code generated for them
     (an OpenMP region especially) must not share a block with the
     statements around.  */
  tree block = make_node (BLOCK);
  TREE_USED (block) = 1;
  stmts = build3 (BIND_EXPR, void_type_node, NULL_TREE, stmts, block);
  TREE_SIDE_EFFECTS (stmts) = 1;
  SET_EXPR_LOCATION (stmts, loc);

  if (cond)
    {
      reported_loops->add (loop);
      *forp = build3_loc (loc, COND_EXPR, void_type_node, cond, stmts, loop);
    }
  else
    *forp = stmts;
}

/* Try the loops inside *BODYP as nests of their own; true if any was
   rewritten or reported.  */
bool
recognizer::scan_inner (tree *bodyp)
{
  bool any = false;
  tree body = *bodyp;
  if (!body)
    return false;
  switch (TREE_CODE (body))
    {
    case STATEMENT_LIST:
      {
	tree prev = NULL_TREE;
	for (tree_stmt_iterator i = tsi_start (body); !tsi_end_p (i);
	     tsi_next (&i))
	  {
	    tree s = tsi_stmt (i);
	    if (TREE_CODE (s) == DEBUG_BEGIN_STMT)
	      continue;
	    if (TREE_CODE (s) == FOR_STMT)
	      any |= try_nest (tsi_stmt_ptr (i), prev);
	    else
	      any |= scan_inner (tsi_stmt_ptr (i));
	    prev = s;
	  }
	return any;
      }
    case BIND_EXPR:
      return scan_inner (&BIND_EXPR_BODY (body));
    case FOR_STMT:
      return try_nest (bodyp, NULL_TREE);
    case WHILE_STMT:
      return scan_inner (&WHILE_BODY (body));
    case DO_STMT:
      return scan_inner (&DO_BODY (body));
    case SWITCH_STMT:
      return scan_inner (&SWITCH_STMT_BODY (body));
    case COND_EXPR:
      any |= scan_inner (&COND_EXPR_THEN (body));
      any |= scan_inner (&COND_EXPR_ELSE (body));
      return any;
    case TRY_FINALLY_EXPR:
    case TRY_CATCH_EXPR:
      any |= scan_inner (&TREE_OPERAND (body, 0));
      any |= scan_inner (&TREE_OPERAND (body, 1));
      return any;
    case OMP_PARALLEL:
    case OMP_TASK:
    case OMP_SECTIONS:
    case OMP_SECTION:
    case OMP_SINGLE:
    case OMP_MASTER:
    case OMP_CRITICAL:
    case OMP_TASKGROUP:
    case OMP_ORDERED:
      in_omp++;
      any = scan_inner (&OMP_BODY (body));
      in_omp--;
      return any;
    case OMP_FOR:
    case OMP_SIMD:
    case OMP_DISTRIBUTE:
    case OMP_LOOP:
    case OMP_TASKLOOP:
      in_omp++;
      any = scan_inner (&OMP_FOR_BODY (body));
      in_omp--;
      return any;
    default:
      return false;
    }
}

void
recognizer::scan (tree *tp)
{
  scan_inner (tp);
}

/* The plan of statement IX when it has sparse operands, NULL when it has
   none; false with WHY filled when it cannot be planned (a nest never
   becomes an error in the lowering).  */
static bool
plan_nest (const ix_stmt *ix, lir_kernel **kernel, char *why, size_t len)
{
  *kernel = NULL;
  bool sparse = false;
  for (int a = 0; a < ix->naccs; a++)
    sparse |= ix_access_sparse (ix, a, &ix->opd[ix->acc[a].opd].fmt) != 0;
  if (!sparse)
    return true;
  ix_diag d;
  memset (&d, 0, sizeof d);
  *kernel = sparse_plan (ix, &d);
  if (!*kernel)
    snprintf (why, len, "%s", d.msg);
  return *kernel != NULL;
}

bool
recognizer::try_nest (tree *forp, tree init)
{
  tree loop = *forp;
  if (!walk_tree_without_duplicates (forp, find_tagged_r, NULL))
    return false;
  if (in_omp)
    {
      /* The lowering does not yet handle statements inside OpenMP
	 regions in every case; the loops keep the fallback.  */
      if (sparse_opt_report)
	inform (EXPR_LOCATION (loop), "not sparsified: the loops are inside "
		"an OpenMP construct");
      reported_loops->add (loop);
      return true;
    }

  reader rd (fndecl, &facts);
  rd.n = nest_new ();
  if (!rd.n)
    return false;
  walk_tree (forp, count_refs_r, &rd.inner_refs, NULL);
  /* Scalars declared in the nest are known before they are used.  */
  nest_result res;
  memset (&res, 0, sizeof res);
  lir_kernel *plans[NEST_MAX_KERNELS] = { NULL };
  bool ok = rd.read_loop (loop, init);
  if (!ok && !rd.failed)
    rd.fail ("the nest is too large");
  if (ok)
    {
      /* The outer loop's variable must index something, or the nest is
	 an iteration around nests.  */
      bool used = false;
      int root = rd.loops[0].id;
      for (int e = 0; e < rd.n->nexprs && !used; e++)
	for (int k = 0; k < rd.n->expr[e].nidx; k++)
	  used |= rd.n->expr[e].op == IX_ACCESS && rd.n->expr[e].loop[k] == root;
      for (int e = 0; e < rd.n->nevents && !used; e++)
	for (int k = 0; k < rd.n->ev[e].nidx; k++)
	  used |= rd.n->ev[e].kind == NEST_EV_ASSIGN && rd.n->ev[e].idx[k] == root;
      if (!used)
	{
	  rd.open.truncate (0);
	  ok = rd.fail ("loop variable %s indexes nothing",
			decl_name (rd.loops[0].var));
	}
    }
  if (ok)
    {
      ok = nest_lower (rd.n, &res) == 0;
      if (!ok)
	snprintf (rd.reason, sizeof rd.reason, "%s", res.reason);
      else if (res.nkernels == 0)
	{
	  ok = false;
	  snprintf (rd.reason, sizeof rd.reason, "the loops compute nothing "
		    "that is used after them");
	}
      for (int k = 0; ok && k < res.nkernels; k++)
	ok = plan_nest (res.kernel[k], &plans[k], rd.reason,
			sizeof rd.reason);
    }

  tree cond = NULL_TREE;
  if (ok && res.nchecks)
    {
      cond = region_overlap_free (rd, res);
      if (!cond)
	{
	  ok = false;
	  snprintf (rd.reason, sizeof rd.reason, "%s may share storage with "
		    "another array of the nest", rd.n->obj[res.check[0].a].opd.name);
	}
    }
  /* Guards assumed false at the zeros: checked before the loops.  */
  if (ok && res.nassumes)
    {
      tree a = rd.assumptions (res);
      if (!a)
	{
	  ok = false;
	  snprintf (rd.reason, sizeof rd.reason, "the condition %s cannot be "
		    "checked before the loops", res.assume[0].text);
	}
      else
	{
	  cond = cond ? build2 (TRUTH_ANDIF_EXPR, integer_type_node, cond, a)
		      : a;
	  for (int k = 0; k < res.nassumes && sparse_opt_report; k++)
	    inform (EXPR_LOCATION (loop), "sparsified where the condition %s "
		    "is false at the unstored zeros, checked before the loops "
		    "(else they run as written)", res.assume[k].text);
	}
    }
  if (ok)
    {
      if (sparse_dump_file)
	{
	  expanded_location xl = expand_location (EXPR_LOCATION (loop));
	  fprintf (sparse_dump_file, ";; loop nest at %s:%d in %s:\n",
		   xl.file ? xl.file : "?", xl.line,
		   IDENTIFIER_POINTER (DECL_NAME (fndecl)));
	  for (int k = 0; k < res.nkernels; k++)
	    {
	      char buf[512];
	      fprintf (sparse_dump_file, ";;   %s\n",
		       nest_report (res.kernel[k], buf, sizeof buf));
	    }
	  if (res.nchecks)
	    fprintf (sparse_dump_file, ";;   (when the pointers do not "
		     "overlap; else the loops)\n");
	  for (int k = 0; k < res.nassumes; k++)
	    fprintf (sparse_dump_file, ";;   (when %s is false at the "
		     "zeros; else the loops)\n", res.assume[k].text);
	}
      rewrite (forp, rd, res, plans, cond);
      nest_result_free (&res);
      return true;
    }
  for (int k = 0; k < NEST_MAX_KERNELS; k++)
    lir_free (plans[k]);
  nest_result_free (&res);

  /* A nest inside a loop that failed, subscripted by that loop's
     variable: part of that loop's nest, whose reason stands.  */
  if (rd.stray_var && around.contains (rd.stray_var))
    return false;
  around.safe_push (incremented_var (loop));
  bool inner = rd.own_level && scan_inner (&FOR_BODY (loop));
  around.pop ();
  if (inner)
    {
      /* The nests inside have their notes; the loop around them needs
	 none unless it touches tagged arrays elsewhere.  */
      if (!walk_tree_without_duplicates (&FOR_BODY (loop),
					 find_unreported_tagged_r, NULL))
	reported_loops->add (loop);
      return true;
    }
  /* Tried as part of a loop that failed in itself: a failure in this
     loop itself is that loop's to report.  */
  if (rd.own_level && !around.is_empty ())
    return false;
  if (sparse_opt_report)
    inform (EXPR_LOCATION (loop), "not sparsified: %s", rd.reason);
  reported_loops->add (loop);
  return true;
}

} // anon namespace

void
sparse_recognize_nests (tree fndecl)
{
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL
      || !DECL_SAVED_TREE (fndecl) || DECL_SAVED_TREE (fndecl) == error_mark_node
      || seen_error ())
    return;
  if (!reported_loops)
    reported_loops = new hash_set<tree>;
  reported_loops->empty ();

  recognizer r;
  r.fndecl = fndecl;
  r.in_omp = 0;
  walk_tree (&DECL_SAVED_TREE (fndecl), count_refs_r, &r.facts.refs, NULL);
  walk_tree (&DECL_SAVED_TREE (fndecl), find_writes_r, &r.facts.written, NULL);
  cgraph_node *cgn = cgraph_node::get (fndecl);
  r.facts.nested = cgn && first_nested_function (cgn);
  r.scan (&DECL_SAVED_TREE (fndecl));
}
