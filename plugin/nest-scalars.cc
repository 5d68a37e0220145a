/* Elements kept in scalars.

   A loop's body often works on the element of a plain array that the
   loop's own variable indexes, set first and then accumulated or read,
   as in PolyBench's trisolv and gesummv:

     x[i] = b[i];
     for (j = 0; j < i; j++)
       x[i] -= L[i][j] * x[j];
     x[i] = x[i] / L[i][i];

   The same loop with x[i] kept in a local scalar of the body, stored into
   x[i] at the body's end, reads only elements earlier iterations
   finished, which the nest reader takes.  The two loops mean the same
   where nothing else in the body reaches x[i]: every other access to x
   has an inner loop's variable as its subscript, and that loop's
   condition keeps it below or above the outer variable (j < i, j > i);
   the body leaves no early way out (break, continue, return, goto).  The
   recognizer reads that copy where the loop as written is refused; the
   loop as written stays the fallback of the copy's run-time checks (other
   pointers overlapping x among them).  */

#include "sparse-plugin.h"
#include "nest-reader.h"
#include "storage-int.h"
#include "tree-inline.h"

using namespace loop_reader;
using sparse_storage::note_written_r;

namespace {

/* The one-dimensional plain array or pointer that element reference R
   is subscripted by VAR in (a[VAR], p[VAR]), or NULL_TREE.  */
tree
element_base (tree r, tree var)
{
  if (TREE_CODE (r) == ARRAY_REF)
    {
      tree a = TREE_OPERAND (r, 0);
      if ((VAR_P (a) || TREE_CODE (a) == PARM_DECL)
	  && int_var (TREE_OPERAND (r, 1)) == var)
	return a;
      return NULL_TREE;
    }
  if (TREE_CODE (r) != INDIRECT_REF)
    return NULL_TREE;
  tree p = TREE_OPERAND (r, 0);
  STRIP_NOPS (p);
  if (TREE_CODE (p) != POINTER_PLUS_EXPR)
    return NULL_TREE;
  tree base = TREE_OPERAND (p, 0), off = TREE_OPERAND (p, 1);
  STRIP_NOPS (base);
  STRIP_NOPS (off);
  if ((!VAR_P (base) && TREE_CODE (base) != PARM_DECL)
      || TREE_CODE (TREE_TYPE (base)) != POINTER_TYPE)
    return NULL_TREE;
  tree size = TYPE_SIZE_UNIT (TREE_TYPE (r));
  if (TREE_CODE (off) == MULT_EXPR && size
      && operand_equal_p (TREE_OPERAND (off, 1), size, 0))
    off = TREE_OPERAND (off, 0);
  else if (!size || !integer_onep (size))
    return NULL_TREE;
  return int_var (off) == var ? base : NULL_TREE;
}

/* Whether *TP holds a way out of the body or a construct the copy may
   not keep.  */
tree
exit_r (tree *tp, int *walk_subtrees, void *)
{
  switch (TREE_CODE (*tp))
    {
    case BREAK_STMT:
    case CONTINUE_STMT:
    case RETURN_EXPR:
    case GOTO_EXPR:
    case LABEL_EXPR:
    case ASM_EXPR:
    case SWITCH_STMT:
      return *tp;
    default:
      if (TYPE_P (*tp) || DECL_P (*tp))
	*walk_subtrees = 0;
      return NULL_TREE;
    }
}

/* Loop FOR's variable when its condition keeps it from VAR (j < VAR,
   j > VAR, either way round) and nothing but its step writes it.  */
tree
apart_var (tree for_stmt, tree var)
{
  tree c = FOR_COND (for_stmt), j = incremented_var (for_stmt);
  while (c && TREE_CODE (c) == ANNOTATE_EXPR)
    c = TREE_OPERAND (c, 0);
  if (!c || !j || TREE_CODE_CLASS (TREE_CODE (c)) != tcc_comparison
      || (TREE_CODE (c) != LT_EXPR && TREE_CODE (c) != GT_EXPR))
    return NULL_TREE;
  tree a = int_var (TREE_OPERAND (c, 0)), b = int_var (TREE_OPERAND (c, 1));
  if (!((a == j && b == var) || (a == var && b == j)))
    return NULL_TREE;
  hash_set<tree> written;
  tree body = FOR_BODY (for_stmt);
  walk_tree_without_duplicates (&body, note_written_r, &written);
  return written.contains (j) ? NULL_TREE : j;
}

/* Whether every access to BASE in T is R or a subscript by a variable
   of APART, the variables of the loops around that keep apart from VAR.  */
bool
only_at (tree t, tree base, tree r, tree var, vec<tree> &apart)
{
  if (!t || TYPE_P (t))
    return true;
  if (operand_equal_p (t, r, 0))
    return true;
  if (t == base)
    return false;
  if (DECL_P (t))
    return true;
  for (tree j : apart)
    if (element_base (t, j) == base)
      return true;
  switch (TREE_CODE (t))
    {
    case STATEMENT_LIST:
      for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
	if (!only_at (tsi_stmt (i), base, r, var, apart))
	  return false;
      return true;
    case DECL_EXPR:
      return only_at (DECL_INITIAL (DECL_EXPR_DECL (t)), base, r, var, apart);
    case FOR_STMT:
      {
	if (!only_at (FOR_INIT_STMT (t), base, r, var, apart)
	    || !only_at (FOR_COND (t), base, r, var, apart)
	    || !only_at (FOR_EXPR (t), base, r, var, apart))
	  return false;
	tree j = apart_var (t, var);
	if (j)
	  apart.safe_push (j);
	bool ok = only_at (FOR_BODY (t), base, r, var, apart);
	if (j)
	  apart.pop ();
	return ok;
      }
    default:
      break;
    }
  if (!EXPR_P (t))
    return true;
  for (int k = 0; k < TREE_OPERAND_LENGTH (t); k++)
    if (!only_at (TREE_OPERAND (t, k), base, r, var, apart))
      return false;
  return true;
}

/* Whether T holds R.  */
tree
find_ref_r (tree *tp, int *walk_subtrees, void *data)
{
  if (operand_equal_p (*tp, (tree) data, 0))
    return *tp;
  if (TYPE_P (*tp) || DECL_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

struct kept
{
  tree ref, tmp;
};

/* Replace each element the vector in DATA keeps by its scalar.  */
tree
keep_r (tree *tp, int *walk_subtrees, void *data)
{
  vec<kept> *ks = (vec<kept> *) data;
  for (const kept &k : *ks)
    if (operand_equal_p (*tp, k.ref, 0))
      {
	*tp = k.tmp;
	*walk_subtrees = 0;
	return NULL_TREE;
      }
  if (TYPE_P (*tp) || DECL_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

} // anon namespace

tree
sparse_scalar_copy (tree fndecl, tree loop)
{
  tree var = incremented_var (loop), body = FOR_BODY (loop);
  hash_set<tree> written;
  if (!var || !body
      || walk_tree_without_duplicates (&body, exit_r, NULL))
    return NULL_TREE;
  walk_tree_without_duplicates (&body, note_written_r, &written);
  if (written.contains (var))
    return NULL_TREE;
  tree list = body;
  if (TREE_CODE (list) == BIND_EXPR)
    list = BIND_EXPR_BODY (list);
  if (TREE_CODE (list) != STATEMENT_LIST)
    return NULL_TREE;

  /* The elements set by a statement of the body before anything else
     reads them, each reached only so.  */
  auto_vec<kept> ks;
  for (tree_stmt_iterator i = tsi_start (list); !tsi_end_p (i); tsi_next (&i))
    {
      tree s = tsi_stmt (i);
      if (TREE_CODE (s) != MODIFY_EXPR)
	continue;
      tree r = TREE_OPERAND (s, 0), base = element_base (r, var);
      tree type = TREE_TYPE (r);
      if (!base || sparse_decl_tagged_p (base) || TREE_THIS_VOLATILE (r)
	  || (!SCALAR_FLOAT_TYPE_P (type) && !INTEGRAL_TYPE_P (type)))
	continue;
      bool seen = false;
      for (const kept &k : ks)
	seen |= operand_equal_p (k.ref, r, 0);
      if (seen)
	continue;
      /* Nothing before S, nor its value, reads R.  */
      tree rhs = TREE_OPERAND (s, 1);
      bool before = walk_tree_without_duplicates (&rhs, find_ref_r, r);
      for (tree_stmt_iterator b = tsi_start (list);
	   !before && tsi_stmt (b) != s; tsi_next (&b))
	{
	  tree e = tsi_stmt (b);
	  before = walk_tree_without_duplicates (&e, find_ref_r, r);
	}
      auto_vec<tree> apart;
      if (before || !only_at (body, base, r, var, apart))
	continue;
      char name[64];
      const char *bn = decl_name (base), *vn = decl_name (var);
      snprintf (name, sizeof name, "%s_%s", bn ? bn : "elt", vn ? vn : "i");
      tree tmp = build_decl (EXPR_LOCATION (s), VAR_DECL,
			     get_identifier (name), TYPE_MAIN_VARIANT (type));
      DECL_CONTEXT (tmp) = fndecl;
      DECL_ARTIFICIAL (tmp) = 1;
      TREE_USED (tmp) = 1;
      ks.safe_push ({ r, tmp });
    }
  if (ks.is_empty ())
    return NULL_TREE;

  /* { T x_i; ...; <body, x[i] read and set as x_i>; x[i] = x_i; ... }  */
  tree copy = body;
  walk_tree (&copy, copy_tree_r, NULL, NULL);
  walk_tree (&copy, keep_r, &ks, NULL);
  tree stmts = alloc_stmt_list (), vars = NULL_TREE;
  for (unsigned k = ks.length (); k-- > 0;)
    {
      DECL_CHAIN (ks[k].tmp) = vars;
      vars = ks[k].tmp;
    }
  for (const kept &k : ks)
    append_to_statement_list (build1 (DECL_EXPR, void_type_node, k.tmp),
			      &stmts);
  append_to_statement_list (copy, &stmts);
  for (const kept &k : ks)
    append_to_statement_list (build2 (MODIFY_EXPR, TREE_TYPE (k.ref),
				      unshare_expr (k.ref), k.tmp), &stmts);
  tree c = copy_node (loop);
  FOR_BODY (c) = build3 (BIND_EXPR, void_type_node, vars, stmts, NULL_TREE);
  TREE_SIDE_EFFECTS (FOR_BODY (c)) = 1;
  return c;
}
