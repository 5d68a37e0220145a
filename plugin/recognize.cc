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
   local or parameter, or an expression the loops cannot change, compared
   with the extents before the loops: nest-bounds.cc), and bodies of
   assignments, compound assignments,
   scalar declarations and inner loops, over reads with loop-variable
   subscripts, constants and scalars combined by + - * / and unary minus.
   nest_lower decides and builds the statements; each is registered like
   a pragma's (pragma.cc) and its marker call replaces the nest, followed
   by the final values of loop variables that outlive it.  Where outputs
   may overlap other dense arrays (pointer parameters), or be the tensor
   of another tagged parameter, the markers run only when the pointers do
   not overlap and the handles differ, else the original loops.  A
   nest under the program's `#pragma omp parallel for` is read through
   recognize-omp.cc and replaces the whole construct.

   A nest that cannot be read or proved is left to the element-by-element
   fallback; the storage rewrite says why (sparse_nest_refusal), at its
   outer loop, with the arrays it still accesses element by element.  A
   refused `parallel for` is recorded as its OMP_PARALLEL, whose remark
   is said at the construct's outer loop.  When the reason lies in the
   outer loop itself (its header, or a statement of its own body), the
   loops inside it are tried as nests of their own.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "nest-reader.h"

/* Loops the recognizer has dealt with but not rewritten, for the storage
   rewrite's remarks: refused (the reason, and where to say it), or with
   nothing to say (no reason: kept as the overlapping-pointer path, or
   holding only nests of their own).  A loop is a FOR_STMT, or the
   program's `parallel for` construct (its OMP_PARALLEL), whose outer
   loop is no FOR_STMT.  */
struct nest_note
{
  char *reason;
  location_t loc;		/* where to say it; UNKNOWN_LOCATION: the
				   loop's own */
};

static hash_map<tree, nest_note> *reported_loops;

bool
sparse_nest_reported_p (tree loop)
{
  return reported_loops && loop && reported_loops->get (loop);
}

const char *
sparse_nest_refusal (tree loop, location_t *loc)
{
  nest_note *note = reported_loops && loop ? reported_loops->get (loop)
		    : NULL;
  if (loc && note && note->loc != UNKNOWN_LOCATION)
    *loc = note->loc;
  return note ? note->reason : NULL;
}

namespace {

using namespace loop_reader;

/* Loop nest LOOP stays loops over element accesses, for REASON, said at
   LOC (UNKNOWN_LOCATION: LOOP's own): the storage rewrite says so, with
   the arrays it accesses element by element.  With no REASON, LOOP has
   nothing to say.  */
void
report_loop (tree loop, const char *reason,
	     location_t loc = UNKNOWN_LOCATION)
{
  nest_note note = { reason ? xstrdup (reason) : NULL, loc };
  reported_loops->put (loop, note);
}

/* The report's note of a nest at LOC whose sparse loops run only when
   the tagged arrays of RES's checks are not one tensor: which.  */
void
say_versioned (location_t loc, const reader &rd, const nest_result &res)
{
  char what[400] = "";
  size_t len = 0;
  for (int c = 0; c < res.nchecks && len < sizeof what; c++)
    {
      const ix_operand *a = &rd.n->obj[res.check[c].a].opd;
      const ix_operand *b = &rd.n->obj[res.check[c].b].opd;
      if (a->tagged && b->tagged)
	len += snprintf (what + len, sizeof what - len, "%s%s != %s",
			 len ? ", " : "", a->name, b->name);
    }
  if (len)
    sparse_remark (SPARSE_REMARK_REPORT, loc, "loop nest versioned on %s: "
		   "the sparse loops when that holds, else the loops as "
		   "written", what);
}

/* ------------------------------------------------------------------ */
/* The driver.  */

struct recognizer
{
  tree fndecl;
  fn_facts facts;
  auto_vec<tree> around;        /* variables of the loops whose nests
				   failed in the loop itself, around the
				   loops now tried */
  tree_code in_omp;             /* the innermost OpenMP construct around,
				   or ERROR_MARK */
  omp_nest *omp;                /* the program's `parallel for` whose nest
				   is tried, or NULL */
  auto_vec<tree> whiles;        /* the while loops around, not read as
				   for loops (nest-while.cc) */

  void scan (tree *tp);
  bool try_nest (tree *forp, tree init);
  bool try_omp_nest (tree *parp);
  bool build (reader &rd, tree loop, tree init, nest_result &res,
	      ix_split **plans, tree *cond);
  bool scan_inner (tree *bodyp);
  void rewrite (tree *forp, reader &rd, nest_result &res, ix_split **plans,
		tree cond);
  tree bound_value (const loop_info &li);
  bool sparsify (tree *forp, tree loop, tree init, reader &rd);
  tree range_start (const loop_info &li);
  tree range_stop (const loop_info &li);
  tree ran (reader &rd, int l);
  tree end_value (reader &rd, int l);
  tree bounds_match (reader &rd, const nest_result &res);
  tree region_overlap_free (reader &rd, const nest_result &res,
			    int *unsized, int *other);
  const char *reason (reader &rd, char *buf, size_t len);
};

/* The bound of loop LI as an int64_t expression.  */
tree
recognizer::bound_value (const loop_info &li)
{
  tree i64 = sparse_int64_type ();
  tree off = build_int_cst (i64, li.bound_off);
  if (!li.bound_decl)
    return off;
  return fold_build2 (PLUS_EXPR, i64,
		      fold_convert (i64, unshare_expr (li.bound_decl)), off);
}

/* The least value of loop LI's range and the first value past it
   counting up (one past its start counting down), as int64_t
   expressions that may read enclosing loops' variables.  */
tree
recognizer::range_start (const loop_info &li)
{
  tree i64 = sparse_int64_type ();
  return li.lo ? fold_convert (i64, unshare_expr (li.lo))
	       : build_int_cst (i64, 0);
}

tree
recognizer::range_stop (const loop_info &li)
{
  tree i64 = sparse_int64_type ();
  if (!li.hi)
    return bound_value (li);
  return fold_build2 (PLUS_EXPR, i64, fold_convert (i64, unshare_expr (li.hi)),
		      build_int_cst (i64, li.hi_le));
}

/* Whether loop RD.loops[L] runs at all: the loops around it run (their
   ranges are not empty); NULL for the outer loop.  */
tree
recognizer::ran (reader &rd, int l)
{
  tree cond = NULL_TREE;
  for (int p = rd.loops[l].parent; p >= 0; p = rd.loops[p].parent)
    {
      const loop_info &pi = rd.loops[p];
      tree pos = build2 (GT_EXPR, integer_type_node, range_stop (pi),
			 range_start (pi));
      cond = cond ? build2 (TRUTH_ANDIF_EXPR, integer_type_node, cond, pos)
		  : pos;
    }
  return cond;
}

/* Replace the variables of the map in DATA by their values.  */
static tree
last_values_r (tree *tp, int *walk_subtrees, void *data)
{
  hash_map<tree, tree> *last = (hash_map<tree, tree> *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (tree *v = last->get (*tp))
    {
      *tp = fold_convert (TREE_TYPE (*tp), *v);
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Whether T reads the variable of a loop of RD.  */
static bool
reads_loop_var (reader &rd, tree t)
{
  for (unsigned l = 0; l < rd.loops.length (); l++)
    if (walk_tree_without_duplicates (&t, find_decl_r, rd.loops[l].var))
      return true;
  return false;
}

/* The value the variable of loop RD.loops[L] ends with, as an int64_t
   expression, where the loops around it run: counting up, the end of
   its range, or its start when that is past the end; down, one below
   its range's least value, or its start when that is below it.  Where
   the range reads enclosing loops' variables, they are taken at their
   last iterations; NULL_TREE when one of those loops' own range reads
   loop variables, which leaves its last iteration unknown here.  */
tree
recognizer::end_value (reader &rd, int l)
{
  tree i64 = sparse_int64_type ();
  const loop_info &li = rd.loops[l];
  hash_map<tree, tree> last;
  for (int p = li.parent; p >= 0; p = rd.loops[p].parent)
    {
      const loop_info &pi = rd.loops[p];
      if ((pi.lo && reads_loop_var (rd, pi.lo))
	  || (pi.hi && reads_loop_var (rd, pi.hi)))
	return NULL_TREE;
      last.put (pi.var, pi.down ? range_start (pi)
			: fold_build2 (MINUS_EXPR, i64, range_stop (pi),
				       build_int_cst (i64, 1)));
    }
  auto at_last = [&] (tree t) {
    walk_tree (&t, last_values_r, &last, NULL);
    return t;
  };
  tree lo = at_last (range_start (li)), stop = at_last (range_stop (li));
  if (li.down)
    return fold_build2 (MINUS_EXPR, i64, fold_build2 (MIN_EXPR, i64, stop, lo),
			build_int_cst (i64, 1));
  return fold_build2 (MAX_EXPR, i64, stop, lo);
}

/* The condition that the bounds of RES's bound checks equal their
   extents, each evaluated only where the loops would evaluate it (an
   inner loop's bound where the loops around it run); error_mark_node
   when an extent is unknown.  A tagged array's extent is its tensor's
   (the storage rewrite turns __sparse_dim into sp_dim of its handle),
   an untagged one's the expression the statements take it from.  */
tree
recognizer::bounds_match (reader &rd, const nest_result &res)
{
  tree i64 = sparse_int64_type ();
  tree cond = NULL_TREE;
  for (int c = 0; c < res.nbound_checks; c++)
    {
      const nest_bound_check &bc = res.bound_check[c];
      tree decl = rd.obj_decl[bc.obj];
      const ix_operand *opd = &rd.n->obj[bc.obj].opd;
      tree ext;
      if (opd->tagged)
	ext = build_call_expr (sparse_dim_marker_decl (), 2, decl,
			       build_int_cst (integer_type_node, bc.dim));
      else
	{
	  sparse_operand_info *info = (sparse_operand_info *) opd->user;
	  ext = info ? info->extent[bc.dim] : NULL_TREE;
	  if (!ext)
	    return error_mark_node;
	  ext = fold_convert (i64, unshare_expr (ext));
	}
      int l = 0;
      while (rd.loops[l].id != bc.loop)
	l++;
      tree eq = build2 (EQ_EXPR, integer_type_node, bound_value (rd.loops[l]),
			ext);
      if (tree r = ran (rd, l))
	eq = build2 (TRUTH_ORIF_EXPR, integer_type_node,
		     build1 (TRUTH_NOT_EXPR, integer_type_node, r), eq);
      cond = cond ? build2 (TRUTH_ANDIF_EXPR, integer_type_node, cond, eq)
		  : eq;
    }
  return cond;
}

/* The condition that no two objects of RES's checks overlap; NULL_TREE
   when the size of object *UNSIZED, checked against *OTHER, is not
   known.  */
tree
recognizer::region_overlap_free (reader &rd, const nest_result &res,
				 int *unsized, int *other)
{
  tree cond = NULL_TREE;
  tree i64 = sparse_int64_type ();
  for (int c = 0; c < res.nchecks; c++)
    {
      tree start[2], end[2];
      int ob[2] = { res.check[c].a, res.check[c].b };
      if (rd.n->obj[ob[0]].opd.tagged && rd.n->obj[ob[1]].opd.tagged)
	{
	  /* Not one tensor: their handles differ.  */
	  tree same = build_call_expr (sparse_same_marker_decl (), 2,
				       rd.obj_decl[ob[0]], rd.obj_decl[ob[1]]);
	  tree apart = build1 (TRUTH_NOT_EXPR, integer_type_node, same);
	  cond = cond ? build2 (TRUTH_ANDIF_EXPR, integer_type_node, cond,
				apart)
		      : apart;
	  continue;
	}
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
		    {
		      tree b = bound_value (rd.loops[l]);
		      tree r = rd.loops[l].bound_rt ? ran (rd, l) : NULL_TREE;
		      if (r)
			b = build3 (COND_EXPR, i64, r, b,
				    build_int_cst (i64, 0));
		      rows = fold_build2 (MAX_EXPR, i64, rows, b);
		    }
	      size = fold_build2 (MULT_EXPR, sizetype,
				  fold_convert (sizetype, rows),
				  TYPE_SIZE_UNIT (TREE_TYPE (TREE_TYPE (decl))));
	    }
	  else
	    {
	      size = TYPE_SIZE_UNIT (TREE_TYPE (decl));
	      if (!size)
		{
		  *unsized = ob[s];
		  *other = ob[1 - s];
		  return NULL_TREE;
		}
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
		     ix_split **plans, tree cond)
{
  tree loop = omp ? omp->loop : *forp;
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
  for (unsigned l = 0; l < rd.loops.length (); l++)
    {
      const loop_info &li = rd.loops[l];
      if (li.scoped || rd.inner.contains (li.var))
	continue;
      tree type = TREE_TYPE (li.var);
      tree end = end_value (rd, l);
      tree set = build2 (MODIFY_EXPR, type, li.var, fold_convert (type, end));
      if (tree r = ran (rd, l))
	set = build3 (COND_EXPR, void_type_node, r, set, NULL_TREE);
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
      /* The loops as written (the construct, under OpenMP) are a copy
	 with nothing to say.  */
      report_loop (*forp, NULL);
      *forp = build3_loc (loc, COND_EXPR, void_type_node, cond, stmts, *forp);
    }
  else
    *forp = stmts;

  /* Operands reached through structure members: their variables are set
     before the condition and the statements read them.  */
  const loop_info &outer = rd.loops[0];
  tree runs = outer.bound_decl || outer.lo || outer.hi
	      ? build2 (GT_EXPR, integer_type_node, range_stop (outer),
			range_start (outer))
	      : NULL_TREE;
  if (tree set = rd.member_setup (runs))
    {
      for (unsigned k = rd.member_var.length (); k-- > 1;)
	DECL_CHAIN (rd.member_var[k - 1]) = rd.member_var[k];
      append_to_statement_list (*forp, &set);
      block = make_node (BLOCK);
      TREE_USED (block) = 1;
      *forp = build3 (BIND_EXPR, void_type_node, rd.member_var[0], set,
		      block);
      TREE_SIDE_EFFECTS (*forp) = 1;
      SET_EXPR_LOCATION (*forp, loc);
    }
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
      whiles.safe_push (body);
      any = scan_inner (&WHILE_BODY (body));
      whiles.pop ();
      return any;
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
      if (in_omp == ERROR_MARK && try_omp_nest (bodyp))
	return true;
      /* FALLTHRU */
    case OMP_TASK:
    case OMP_SECTIONS:
    case OMP_SECTION:
    case OMP_SINGLE:
    case OMP_MASTER:
    case OMP_CRITICAL:
    case OMP_TASKGROUP:
    case OMP_ORDERED:
      {
	tree_code outer = in_omp;
	in_omp = TREE_CODE (body);
	any = scan_inner (&OMP_BODY (body));
	in_omp = outer;
	return any;
      }
    case OMP_FOR:
    case OMP_SIMD:
    case OMP_DISTRIBUTE:
    case OMP_LOOP:
    case OMP_TASKLOOP:
      {
	tree_code outer = in_omp;
	in_omp = TREE_CODE (body);
	any = scan_inner (&OMP_FOR_BODY (body));
	in_omp = outer;
	return any;
      }
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
   becomes an error in the lowering).  REASSOC: its floating-point sums
   may be reassociated (the program's reduction clause says so).  */
static bool
plan_nest (const ix_stmt *ix, bool reassoc, ix_split **plan, char *why,
	   size_t len)
{
  *plan = NULL;
  bool sparse = false;
  for (int a = 0; a < ix->naccs; a++)
    sparse |= ix_access_sparse (ix, a, &ix->opd[ix->acc[a].opd].fmt) != 0;
  if (!sparse)
    return true;
  ix_diag d;
  memset (&d, 0, sizeof d);
  *plan = sparse_plan (ix, &d, reassoc);
  if (!*plan)
    snprintf (why, len, "%s", d.msg);
  return *plan != NULL;
}

/* An OpenMP construct in the body of loop nest *TP, or NULL.  */
static tree
find_omp_r (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp) || DECL_P (*tp))
    *walk_subtrees = 0;
  else if (omp_construct_name (TREE_CODE (*tp)))
    return *tp;
  return NULL_TREE;
}

/* Read the nest LOOP (after INIT) into RD and lower it into RES and
   PLANS, with COND the run-time condition of the statements (NULL when
   none); false with RD.reason.  */
bool
recognizer::build (reader &rd, tree loop, tree init, nest_result &res,
		   ix_split **plans, tree *cond)
{
  *cond = NULL_TREE;
  if (tree o = walk_tree_without_duplicates (&FOR_BODY (loop), find_omp_r,
					     NULL))
    return rd.fail ("loop body has '#pragma omp %s'",
		    omp_construct_name (TREE_CODE (o)));
  if (omp)
    for (hash_set<tree>::iterator v = omp->priv.begin ();
	 v != omp->priv.end (); ++v)
      rd.inner.add (*v);
  if (!rd.read_loop (loop, init))
    return rd.failed ? false : rd.fail ("the nest is too large");
  /* The outer loop's variable must index something, or the nest is an
     iteration around nests.  */
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
      return rd.fail ("loop variable %s indexes nothing",
		      decl_name (rd.loops[0].var));
    }
  for (unsigned l = 0; l < rd.loops.length (); l++)
    {
      const loop_info &li = rd.loops[l];
      if (!li.scoped && !rd.inner.contains (li.var) && !end_value (rd, l))
	return rd.fail ("the variable of loop %s outlives the loops and its "
			"last value depends on an enclosing loop's range: "
			"declare it in the for statement ('for (int %s = "
			"...')", decl_name (li.var), decl_name (li.var));
    }
  if (nest_lower (rd.n, &res) != 0)
    {
      snprintf (rd.reason, sizeof rd.reason, "%s", res.reason);
      rd.short_loop = res.short_loop;
      return false;
    }
  if (res.nkernels == 0)
    {
      snprintf (rd.reason, sizeof rd.reason, "the loops compute nothing "
		"that is used after them");
      return false;
    }
  for (int k = 0; k < res.nkernels; k++)
    {
      tree out = rd.obj_decl[res.kernel_obj[k]];
      if (!plan_nest (res.kernel[k], omp && omp->reassoc.contains (out),
		      &plans[k], rd.reason, sizeof rd.reason))
	return false;
    }

  if (!rd.bound_read.is_empty () && !rd.check_bound_writes ())
    return false;
  if (res.nbound_checks)
    {
      *cond = bounds_match (rd, res);
      if (*cond == error_mark_node)
	{
	  snprintf (rd.reason, sizeof rd.reason, "an extent the bounds must "
		    "equal is not known");
	  return false;
	}
    }
  if (res.nchecks)
    {
      int unsized = 0, other = 0;
      tree apart = region_overlap_free (rd, res, &unsized, &other);
      if (!apart)
	{
	  const char *u = rd.n->obj[unsized].opd.name;
	  const char *o = rd.n->obj[other].opd.name;
	  snprintf (rd.reason, sizeof rd.reason, "%s may share storage with "
		    "%s, whose size is not known here: declare %s with "
		    "'restrict', or %s with its size", o, u, o, u);
	  return false;
	}
      *cond = *cond ? build2 (TRUTH_ANDIF_EXPR, integer_type_node, *cond,
			      apart)
		    : apart;
    }
  /* Guards assumed false at the zeros: checked before the loops.  */
  if (res.nassumes)
    {
      tree a = rd.assumptions (res);
      if (!a)
	{
	  snprintf (rd.reason, sizeof rd.reason, "the condition %s cannot be "
		    "checked before the loops", res.assume[0].text);
	  return false;
	}
      *cond = *cond ? build2 (TRUTH_ANDIF_EXPR, integer_type_node, *cond, a)
		    : a;
      for (int k = 0; k < res.nassumes; k++)
	sparse_remark (SPARSE_REMARK_REPORT, EXPR_LOCATION (loop),
		       "sparsified where the condition %s is false at the "
		       "unstored zeros, checked before the loops (else they "
		       "run as written)", res.assume[k].text);
    }
  return true;
}

/* The variable of the loop of RD whose constant bound the lowering
   found not to be the extent it runs over, or NULL_TREE.  */
static tree
short_loop (reader &rd)
{
  for (const loop_info &li : rd.loops)
    if (li.id == rd.short_loop && !li.bound_decl && !li.hi)
      return li.var;
  return NULL_TREE;
}

/* Read LOOP (after INIT) into RD and, when it lowers, replace the nest at
   *FORP by its statements: true then.  */
bool
recognizer::sparsify (tree *forp, tree loop, tree init, reader &rd)
{
  rd.n = nest_new ();
  if (!rd.n)
    return false;
  tree refs_in = omp ? omp->loop : loop;
  walk_tree (&refs_in, count_refs_r, &rd.inner_refs, NULL);
  nest_result res;
  memset (&res, 0, sizeof res);
  ix_split *plans[NEST_MAX_KERNELS] = { NULL };
  tree cond;
  if (build (rd, loop, init, res, plans, &cond))
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
	  if (omp)
	    fprintf (sparse_dump_file, ";;   (replaces '#pragma omp parallel "
		     "for')\n");
	  if (res.nbound_checks)
	    fprintf (sparse_dump_file, ";;   (when the bounds equal the "
		     "extents; else the loops)\n");
	  if (res.nchecks)
	    fprintf (sparse_dump_file, ";;   (when the arrays do not "
		     "overlap; else the loops)\n");
	  for (int k = 0; k < res.nassumes; k++)
	    fprintf (sparse_dump_file, ";;   (when %s is false at the "
		     "zeros; else the loops)\n", res.assume[k].text);
	}
      say_versioned (EXPR_LOCATION (loop), rd, res);
      rewrite (forp, rd, res, plans, cond);
      nest_result_free (&res);
      return true;
    }
  for (int k = 0; k < NEST_MAX_KERNELS; k++)
    sparse_plan_free (plans[k]);
  nest_result_free (&res);
  return false;
}

/* Try the nest of loop *FORP (after INIT), or with OMP that of the
   program's `parallel for` at *FORP (OMP->loop after OMP->init): true if
   it was rewritten or reported.  */
bool
recognizer::try_nest (tree *forp, tree init)
{
  tree loop = omp ? omp->loop : *forp;
  if (omp)
    init = omp->init;
  if (!walk_tree_without_duplicates (forp, find_tagged_r, NULL))
    return false;
  if (in_omp)
    {
      /* Statements inside the program's OpenMP regions would run once
	 per thread, each building its own parallel region; the loops
	 keep the fallback.  */
      char reason[300];
      snprintf (reason, sizeof reason, "the loops are inside an OpenMP "
		"construct ('#pragma omp %s'); only a '#pragma omp parallel "
		"for' on the outer loop of a nest is replaced by parallel "
		"sparse loops", omp_construct_name (in_omp));
      report_loop (loop, reason);
      return true;
    }

  reader rd (fndecl, &facts);
  if (sparsify (forp, loop, init, rd))
    return true;
  if (!rd.n)
    return false;
  /* Constant bounds below constant extents (i < N - 1, folded to a
     constant): read again with those loops kept to their range by a
     guard, one loop more each time.  */
  hash_set<tree> ranged;
  for (tree v = short_loop (rd); v && !ranged.add (v);)
    {
      reader rc (fndecl, &facts);
      rc.ranged = &ranged;
      if (sparsify (forp, loop, init, rc))
	return true;
      v = short_loop (rc);
    }
  /* The loop with its elements kept in scalars, the loop as written its
     fallback; the reason of the loop as written stands if it fails.  */
  if (tree copy = omp ? NULL_TREE : sparse_scalar_copy (fndecl, loop))
    {
      reader rs (fndecl, &facts);
      if (sparsify (forp, copy, init, rs))
	return true;
    }

  if (omp)
    {
      /* The construct stays, said at its outer loop; nothing inside it
	 is tried again, and its accesses are the construct's.  */
      report_loop (*forp, rd.reason, EXPR_LOCATION (loop));
      return true;
    }
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
	report_loop (loop, NULL);
      return true;
    }
  /* Tried as part of a loop that failed in itself: a failure in this
     loop itself is that loop's to report.  */
  if (rd.own_level && !around.is_empty ())
    return false;
  char buf[600];
  report_loop (loop, reason (rd, buf, sizeof buf));
  return true;
}

/* Why RD's nest was refused; when a subscript is the variable of a
   while loop around that is not read as a for loop, why not, in BUF.  */
const char *
recognizer::reason (reader &rd, char *buf, size_t len)
{
  for (unsigned k = whiles.length (); rd.stray_var && k-- > 0;)
    if (sparse_while_var (whiles[k]) == rd.stray_var)
      {
	snprintf (buf, len, "%s: the while loop of %s around it, on line "
		  "%d, is not read as a counted for loop: %s", rd.reason,
		  decl_name (rd.stray_var),
		  LOCATION_LINE (EXPR_LOCATION (whiles[k])),
		  sparse_while_refusal (whiles[k]));
	return buf;
      }
  return rd.reason;
}

/* The program's `parallel for` at *PARP: its nest tried, true if it was
   rewritten or reported; false when *PARP is no such construct.  */
bool
recognizer::try_omp_nest (tree *parp)
{
  omp_nest o;
  if (!read_omp_nest (parp, &o))
    {
      if (!o.why || !walk_tree_without_duplicates (parp, find_tagged_r, NULL))
	return false;
      char reason[300];
      snprintf (reason, sizeof reason, "the '#pragma omp parallel for' has "
		"%s, which the sparse loops cannot honour", o.why);
      report_loop (*parp, reason, o.loc);
      return true;
    }
  omp = &o;
  bool done = try_nest (parp, NULL_TREE);
  omp = NULL;
  return done;
}

} // anon namespace

void
sparse_recognize_nests (tree fndecl)
{
  /* Counted while loops are for loops from here on.  */
  sparse_read_whiles (fndecl);
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL
      || !DECL_SAVED_TREE (fndecl) || DECL_SAVED_TREE (fndecl) == error_mark_node
      || seen_error ())
    return;
  if (!reported_loops)
    reported_loops = new hash_map<tree, nest_note>;
  for (hash_map<tree, nest_note>::iterator i = reported_loops->begin ();
       i != reported_loops->end (); ++i)
    free ((*i).second.reason);
  reported_loops->empty ();

  recognizer r;
  r.fndecl = fndecl;
  r.in_omp = ERROR_MARK;
  r.omp = NULL;
  walk_tree (&DECL_SAVED_TREE (fndecl), count_refs_r, &r.facts.refs, NULL);
  walk_tree (&DECL_SAVED_TREE (fndecl), find_writes_r, &r.facts.written, NULL);
  cgraph_node *cgn = cgraph_node::get (fndecl);
  r.facts.nested = cgn && first_nested_function (cgn);
  r.scan (&DECL_SAVED_TREE (fndecl));
}
