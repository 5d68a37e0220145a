/* nest-down.cc -- loops counting down (reader::read_header in
   nest-reader.cc): for (i = n - 1; i >= 0; i--), with i > -1, --i or
   i -= 1; a start or a stop reading an enclosing loop's variable
   (j = i - 1, j > i), kept to its range by a guard as an increasing
   loop is; and the unsigned idiom for (i = n; i-- > 0; ).  Each covers
   the values an increasing loop over [lo, bound) would, from the last
   to the first (nest_loop.down).

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "nest-reader.h"

namespace loop_reader {

tree
constant_step (tree s, tree *c, bool *minus)
{
  tree v = TREE_OPERAND (s, 0), p = TREE_OPERAND (s, 1);
  STRIP_NOPS (p);
  if (TREE_CODE (p) != PLUS_EXPR && TREE_CODE (p) != MINUS_EXPR)
    return NULL_TREE;
  tree a = strip_int (TREE_OPERAND (p, 0));
  tree k = strip_int (TREE_OPERAND (p, 1));
  if (TREE_CODE (p) == PLUS_EXPR && k == v)
    std::swap (a, k);
  if (a != v || !k || TREE_CODE (k) != INTEGER_CST)
    return NULL_TREE;
  *c = k;
  *minus = TREE_CODE (p) == MINUS_EXPR;
  return v;
}

/* The variable the step of FOR_STMT decrements, *ONE set when by 1, or
   NULL.  */
static tree
decremented (tree for_stmt, bool *one)
{
  tree incr = FOR_EXPR (for_stmt);
  *one = false;
  if (!incr)
    return NULL_TREE;
  tree_code code = TREE_CODE (incr);
  if (code != PREDECREMENT_EXPR && code != POSTDECREMENT_EXPR
      && code != MODIFY_EXPR)
    return NULL_TREE;
  tree v = TREE_OPERAND (incr, 0);
  if (TREE_CODE (v) != VAR_DECL)
    return NULL_TREE;
  if (code != MODIFY_EXPR)
    {
      *one = integer_onep (TREE_OPERAND (incr, 1));
      return v;
    }
  /* i = i - c, or i + -c as the front end folds it.  */
  tree c;
  bool minus;
  if (constant_step (incr, &c, &minus) != v)
    return NULL_TREE;
  if (minus)
    {
      *one = integer_onep (c);
      return tree_int_cst_sgn (c) > 0 ? v : NULL_TREE;
    }
  *one = integer_minus_onep (c);
  return !TYPE_UNSIGNED (TREE_TYPE (c)) && tree_int_cst_sgn (c) < 0
	 ? v : NULL_TREE;
}

static tree
loop_cond (tree for_stmt)
{
  tree cond = FOR_COND (for_stmt);
  while (cond && TREE_CODE (cond) == ANNOTATE_EXPR)
    cond = TREE_OPERAND (cond, 0);
  return cond;
}

bool
counts_down (tree for_stmt)
{
  bool one;
  return decremented (for_stmt, &one) != NULL_TREE;
}

tree
down_var (tree for_stmt)
{
  tree cond = loop_cond (for_stmt);
  if (!cond)
    return NULL_TREE;
  tree_code code = TREE_CODE (cond);
  if (!FOR_EXPR (for_stmt))
    {
      /* i-- > 0, or i-- != 0 as the front end folds it when unsigned.  */
      tree d = TREE_OPERAND (cond, 0);
      if ((code != GT_EXPR && code != NE_EXPR)
	  || !integer_zerop (TREE_OPERAND (cond, 1))
	  || TREE_CODE (d) != POSTDECREMENT_EXPR
	  || TREE_CODE (TREE_OPERAND (d, 0)) != VAR_DECL)
	return NULL_TREE;
      return TREE_OPERAND (d, 0);
    }
  bool one;
  tree v = decremented (for_stmt, &one);
  if (!v)
    return NULL_TREE;
  tree side;
  if (code == GE_EXPR || code == GT_EXPR)
    side = TREE_OPERAND (cond, 0);
  else if (code == LE_EXPR || code == LT_EXPR)
    side = TREE_OPERAND (cond, 1);
  else
    return NULL_TREE;
  return strip_int (side) == v ? v : NULL_TREE;
}

/* Fail: loop VAR, FOR_STMT, counts down to a bound its condition does
   not test as read_down reads it; when unsigned, the idiom that does not
   wrap, as the loop was written (a for or a while loop).  */
bool
reader::fail_down (tree var, tree for_stmt)
{
  const char *name = decl_name (var);
  if (TYPE_UNSIGNED (TREE_TYPE (var)) && sparse_while_read_p (for_stmt))
    return fail ("loop %s is unsigned and counts down: write it "
		 "'%s = bound; while (%s-- > 0)', which does not wrap past 0",
		 name, name, name);
  if (TYPE_UNSIGNED (TREE_TYPE (var)))
    return fail ("loop %s is unsigned and counts down: write it "
		 "'for (%s = bound; %s-- > 0; )', which does not wrap past 0",
		 name, name, name);
  return fail ("the condition of loop %s, which counts down, is not of the "
	       "form '%s >= bound' or '%s > bound'", name, name, name);
}

/* The start START (the first value, or with the i-- > 0 idiom one past
   it), step and stop of loop VAR, FOR_STMT, counting down, into LI:
   the range [LI's lo, LI's bound) an increasing loop would cover.  */
bool
reader::read_down (tree for_stmt, tree start, tree var,
		   loop_info *li)
{
  const char *name = decl_name (var);
  tree cond = loop_cond (for_stmt);
  bool one = true;
  if (FOR_EXPR (for_stmt))
    decremented (for_stmt, &one);
  if (!one)
    return fail ("loop %s does not step by 1", name);
  if (!start)
    return fail ("loop %s counts down and has no start", name);
  /* for (i = n; i-- > 0; ): the body sees n - 1 down to 0.  */
  if (!FOR_EXPR (for_stmt))
    return read_bound (start, false, var, li);
  if (TYPE_UNSIGNED (TREE_TYPE (var)))
    return fail_down (var, for_stmt);

  /* The stop: the last value is LO, or one past the value a strict
     comparison tests.  */
  tree_code code = TREE_CODE (cond);
  bool ge = code == GE_EXPR || code == GT_EXPR;
  tree stop = strip_int (TREE_OPERAND (cond, ge ? 1 : 0));
  tree lo = stop;
  if (code == GT_EXPR || code == LT_EXPR)
    lo = fold_build2 (PLUS_EXPR, TREE_TYPE (stop), stop,
		      build_int_cst (TREE_TYPE (stop), 1));
  bool lv = false;
  if (!integer_zerop (lo))
    {
      if (!range_value (lo, &lv))
	return fail_subrange (name, "counts down to", lo);
      li->lo = lo;
    }

  /* The start is the last value of the range: its bound one more
     (S - 1 read as the bound S).  */
  tree s = start;
  bool le = true;
  if ((TREE_CODE (s) == MINUS_EXPR && integer_onep (TREE_OPERAND (s, 1)))
      || (TREE_CODE (s) == PLUS_EXPR
	  && integer_minus_onep (TREE_OPERAND (s, 1))))
    {
      s = strip_int (TREE_OPERAND (s, 0));
      le = false;
    }
  return read_bound (s, le, var, li);
}

} // namespace loop_reader
