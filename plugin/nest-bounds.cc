/* nest-bounds.cc -- loop bounds that are expressions (reader::read_bound
   in nest-reader.cc): what they read, and whether the loops may change
   it while they run.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "nest-reader.h"

namespace loop_reader {

/* The variable or parameter the reference T reads from, through
   members and elements, or NULL when T goes through a pointer.  */
static tree
ref_base_decl (tree t)
{
  while (TREE_CODE (t) == COMPONENT_REF || TREE_CODE (t) == ARRAY_REF)
    t = TREE_OPERAND (t, 0);
  return (TREE_CODE (t) == VAR_DECL || TREE_CODE (t) == PARM_DECL) ? t
	 : NULL_TREE;
}

/* Whether a write of scalar type W may change an object read as type R
   under C's aliasing rules (an object is accessed through its own type
   or its signed or unsigned variant), which hold at every optimisation
   level unless -fno-strict-aliasing is given.  */
static bool
type_may_alias (tree r, tree w)
{
  if (!flag_strict_aliasing && global_options_set.x_flag_strict_aliasing)
    return true;
  if (TREE_CODE (r) == REAL_TYPE && TREE_CODE (w) == REAL_TYPE)
    return TYPE_MAIN_VARIANT (r) == TYPE_MAIN_VARIANT (w);
  if (TREE_CODE (r) == REAL_TYPE || TREE_CODE (w) == REAL_TYPE)
    return false;
  if (INTEGRAL_TYPE_P (r) && INTEGRAL_TYPE_P (w))
    return TYPE_PRECISION (r) == TYPE_PRECISION (w);
  return true;
}

/* The scalar type of the elements of DECL (an array, a pointer used as
   one, or a scalar).  */
static tree
element_type (tree decl)
{
  tree t = TREE_TYPE (decl);
  while (TREE_CODE (t) == ARRAY_TYPE || TREE_CODE (t) == POINTER_TYPE)
    t = TREE_TYPE (t);
  return t;
}

/* How bound expression T reads its values: BOUND_FIXED when it reads
   constants and locals or parameters (their members, their elements at
   such subscripts) that nothing in the function modifies, so that it has
   one value wherever the function computes it; BOUND_AT_NEST when it
   also reads variables modified elsewhere, static or addressable ones,
   or memory through pointers: its value is taken where the loops start
   and they must not change it (check_bound_writes); LOOP >= 0 records
   what it reads for that check, as the bound of loops[LOOP].
   BOUND_BAD with *WHY, or with *LOOPVAR the loop variable it reads.  */
reader::bound_kind
reader::classify_bound (tree t, int loop, const char **why, tree *loopvar)
{
  if (TREE_SIDE_EFFECTS (t))
    {
      *why = "has side effects";
      return BOUND_BAD;
    }
  switch (TREE_CODE (t))
    {
    case INTEGER_CST:
      return BOUND_FIXED;
    case VAR_DECL:
    case PARM_DECL:
    case COMPONENT_REF:
    case ARRAY_REF:
    case INDIRECT_REF:
    case MEM_REF:
      return classify_bound_ref (t, loop, why, loopvar);
    CASE_CONVERT:
    case NON_LVALUE_EXPR:
      if (!INTEGRAL_TYPE_P (TREE_TYPE (t)) && !POINTER_TYPE_P (TREE_TYPE (t)))
	break;
      return classify_bound (TREE_OPERAND (t, 0), loop, why, loopvar);
    case NEGATE_EXPR:
    case BIT_NOT_EXPR:
    case ABS_EXPR:
      return classify_bound (TREE_OPERAND (t, 0), loop, why, loopvar);
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
    case TRUNC_DIV_EXPR:
    case EXACT_DIV_EXPR:
    case TRUNC_MOD_EXPR:
    case MIN_EXPR:
    case MAX_EXPR:
    case BIT_AND_EXPR:
    case BIT_IOR_EXPR:
    case BIT_XOR_EXPR:
    case LSHIFT_EXPR:
    case RSHIFT_EXPR:
    case POINTER_PLUS_EXPR:
      {
	bound_kind a = classify_bound (TREE_OPERAND (t, 0), loop, why,
				       loopvar);
	if (a == BOUND_BAD)
	  return a;
	bound_kind b = classify_bound (TREE_OPERAND (t, 1), loop, why,
				       loopvar);
	return a > b ? a : b;
      }
    default:
      break;
    }
  *why = "is not made of variables, members, elements and constants";
  return BOUND_BAD;
}

/* classify_bound of reference T: a variable, or members and elements of
   one, or of what a pointer points to.  */
reader::bound_kind
reader::classify_bound_ref (tree t, int loop, const char **why, tree *loopvar)
{
  bound_kind k = BOUND_FIXED;
  tree base = t;
  bool deref = false;
  for (;;)
    {
      if (TREE_THIS_VOLATILE (base) || TYPE_VOLATILE (TREE_TYPE (base)))
	{
	  *why = "is volatile";
	  return BOUND_BAD;
	}
      if (TREE_CODE (base) == COMPONENT_REF && !TREE_OPERAND (base, 2))
	base = TREE_OPERAND (base, 0);
      else if (TREE_CODE (base) == ARRAY_REF && !TREE_OPERAND (base, 2)
	       && !TREE_OPERAND (base, 3))
	{
	  bound_kind i = classify_bound (TREE_OPERAND (base, 1), loop, why,
					 loopvar);
	  if (i == BOUND_BAD)
	    return i;
	  k = k > i ? k : i;
	  base = TREE_OPERAND (base, 0);
	}
      else if (TREE_CODE (base) == INDIRECT_REF
	       || (TREE_CODE (base) == MEM_REF
		   && TREE_CODE (TREE_OPERAND (base, 1)) == INTEGER_CST))
	{
	  deref = true;
	  if (classify_bound (TREE_OPERAND (base, 0), loop, why, loopvar)
	      == BOUND_BAD)
	    return BOUND_BAD;
	  break;
	}
      else if (TREE_CODE (base) == VAR_DECL || TREE_CODE (base) == PARM_DECL)
	break;
      else
	{
	  *why = "reads an unsupported reference";
	  return BOUND_BAD;
	}
    }
  if (!deref && is_nest_loop_var (base))
    {
      *loopvar = base;
      return BOUND_BAD;
    }
  bool local = !deref
	       && !(TREE_CODE (base) == VAR_DECL
		    && (TREE_STATIC (base) || DECL_EXTERNAL (base)
			|| DECL_CONTEXT (base) != fndecl))
	       && !TREE_ADDRESSABLE (base);
  if (local && !facts->written.contains (base))
    return k;
  if (loop >= 0)
    {
      bound_read.safe_push (t);
      bound_read_loop.safe_push (loop);
    }
  return BOUND_AT_NEST;
}

/* Fail when the loops may write what a bound taken where they start
   reads (classify_bound): the bound must keep that value while they
   run.  A tagged array's elements live in the runtime's storage; a
   variable whose address is not taken is written only by name; memory
   reached through a pointer may be any untagged array or variable whose
   address is taken or that has static storage, unless C's aliasing
   rules say that one of the written type cannot hold it.  */
bool
reader::check_bound_writes ()
{
  for (int e = 0; e < n->nevents; e++)
    {
      if (n->ev[e].kind != NEST_EV_ASSIGN)
	continue;
      int o = n->ev[e].obj;
      const nest_obj *ob = &n->obj[o];
      tree w = obj_decl[o];
      if (ob->opd.tagged)
	continue;
      for (unsigned r = 0; r < bound_read.length (); r++)
	{
	  tree t = bound_read[r];
	  tree base = ref_base_decl (t);
	  bool by_type = type_may_alias (TREE_TYPE (t), element_type (w));
	  bool may;
	  if (base == w)
	    may = true;
	  else if (base)
	    /* A variable of its own: written through pointers only when
	       its address is taken or it has static storage.  */
	    may = (ob->role == NEST_ROLE_POINTER
		   || ob->role == NEST_ROLE_POINTER_ANY)
		  && (TREE_ADDRESSABLE (base) || TREE_STATIC (base)
		      || DECL_EXTERNAL (base))
		  && by_type;
	  else if (ob->role == NEST_ROLE_DISTINCT)
	    may = walk_tree_without_duplicates (&t, find_decl_r, w) != NULL;
	  else
	    may = by_type;
	  if (!may)
	    continue;
	  char text[NEST_TEXT_MAX];
	  const loop_info &li = loops[bound_read_loop[r]];
	  spell (li.bound_decl, li.bound_off, text, sizeof text);
	  return fail ("the bound %s of loop %s may change when the loops "
		       "write %s: copy it into a local variable before the "
		       "loops", text, decl_name (li.var), ob->opd.name);
	}
    }
  return true;
}

/* Whether T, the start or bound of an inner loop, is a range the nest
   can keep the loop to with a guard on its variable (range_guard):
   integer +, - and * of constants, of the variables of enclosing loops
   and of locals or parameters nothing modifies.  *LOOPVAR is set when it
   reads an enclosing loop's variable.  */
bool
reader::range_value (tree t, bool *loopvar)
{
  if (!INTEGRAL_TYPE_P (TREE_TYPE (t)) || TREE_SIDE_EFFECTS (t))
    return false;
  switch (TREE_CODE (t))
    {
    case INTEGER_CST:
      return true;
    case VAR_DECL:
    case PARM_DECL:
      if (open_loop_of (t) >= 0)
	return *loopvar = true;
      return !is_nest_loop_var (t) && fixed_decl_p (t);
    CASE_CONVERT:
    case NON_LVALUE_EXPR:
      return range_value (TREE_OPERAND (t, 0), loopvar);
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
      return range_value (TREE_OPERAND (t, 0), loopvar)
	     && range_value (TREE_OPERAND (t, 1), loopvar);
    default:
      return false;
    }
}

/* The guard `LO <= v && v < HI` (or `v <= HI`) keeping loop LI to its
   range, as a nest condition, or -1 when LI runs over its whole extent;
   -2 (failed) when it cannot be read.  The loop itself runs over the
   extent of what it indexes: the iterations outside the range do
   nothing, as they do not happen in the dense program.  */
int
reader::range_guard (const loop_info *li, location_t loc)
{
  if (!li->lo && !li->hi)
    return -1;
  ix_type vt, bt;
  if (!sparse_elem_type (TREE_TYPE (li->var), &vt)
      || (vt != IX_I32 && vt != IX_I64) || TYPE_UNSIGNED (TREE_TYPE (li->var)))
    {
      fail ("loop %s runs over part of an extent and its variable is not "
	    "a signed int or long", decl_name (li->var));
      return -2;
    }
  int c = -1;
  int v = nest_index (n, li->id, vt, loc);
  if (v < 0)
    return fail ("the nest is too large"), -2;
  if (li->lo)
    {
      int b = read_expr (li->lo, &bt);
      if (b < 0 || (c = nest_op2 (n, IX_GE, v, b, loc)) < 0)
	return fail ("the nest is too large"), -2;
    }
  if (li->hi)
    {
      int b = read_expr (li->hi, &bt);
      int h = b < 0 ? -1 : nest_op2 (n, li->hi_le ? IX_LE : IX_LT, v, b, loc);
      if (h < 0 || (c >= 0 && (h = nest_op2 (n, IX_AND, c, h, loc)) < 0))
	return fail ("the nest is too large"), -2;
      c = h;
    }
  return c;
}

} // namespace loop_reader
