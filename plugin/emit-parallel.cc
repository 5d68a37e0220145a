/* emit-parallel.cc -- OpenMP regions (LIR_REGION).

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "emit-int.h"

namespace sparse_emit {

/* LIR_REGION ST: an OpenMP parallel region, the variables its body
   declares its threads' own, the variables it sums into reduced (+)
   over them.  */
tree
emitter::region (const lir_stmt &st)
{
  tree vars = NULL_TREE, list = alloc_stmt_list ();
  /* What the region makes its own: the workspace and its arrays'
     pointers, the output's part.  */
  tree saved_kws = kws, saved_kout = kout_ptr;
  tree *saved_arr = XNEWVEC (tree, k->narrays + 1);
  memcpy (saved_arr, arr, (k->narrays + 1) * sizeof *arr);
  in_region++;
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
  in_region--;
  kws = saved_kws;
  kout_ptr = saved_kout;
  run_vals = NULL_TREE;
  memcpy (arr, saved_arr, (k->narrays + 1) * sizeof *arr);
  XDELETEVEC (saved_arr);
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
  tree par = make_node (OMP_PARALLEL);
  TREE_TYPE (par) = void_type_node;
  OMP_PARALLEL_CLAUSES (par) = clauses;
  OMP_PARALLEL_BODY (par) = region_bind (vars, list);
  SET_EXPR_LOCATION (par, loc);
  return par;
}

} // namespace sparse_emit
