/* nest-reader-ops.cc -- the operators of loop nests that index notation
   reads beyond + - * / (nest-reader.cc reads the rest): comparisons and
   logical operators, casts, conditional expressions, negated conditions,
   and the conditions the kernels assume, built for a check before the
   loops.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "nest-reader.h"

namespace loop_reader {

/* Is T a zero constant (through conversions)?  */
static bool
zero_constant_p (tree t)
{
  STRIP_NOPS (t);
  while (TREE_CODE (t) == FLOAT_EXPR || TREE_CODE (t) == NON_LVALUE_EXPR)
    t = TREE_OPERAND (t, 0);
  return integer_zerop (t) || real_zerop (t);
}

/* Operand E of type *T of an operation C computes in type TC, when it
   is a cast to TC of a value that the usual conversions with an operand
   of type OTHER bring to TC anyway: the value before the cast (index
   notation makes those conversions itself).  */
int
reader::implicit (int e, ix_type *t, ix_type other, ix_type tc)
{
  const nest_expr *x = &n->expr[e];
  if (x->op != IX_CAST || x->num.type != tc)
    return e;
  ix_type inner = nest_expr_type (n, x->a);
  if (ix_arith_type (inner, other) != tc)
    return e;
  *t = inner;
  return x->a;
}

/* A binary operation T: arithmetic, a comparison, && or ||.  */
int
reader::read_binary (tree t, ix_type *type)
{
  location_t loc = EXPR_LOCATION (t);
  tree_code code = TREE_CODE (t);
  ix_type ta, tb, tc;
  int a = read_expr (TREE_OPERAND (t, 0), &ta);
  int b = a < 0 ? -1 : read_expr (TREE_OPERAND (t, 1), &tb);
  if (b < 0)
    return -1;
  ix_op op;
  switch (code)
    {
    case PLUS_EXPR: op = IX_ADD; break;
    case MINUS_EXPR: op = IX_SUB; break;
    case MULT_EXPR: op = IX_MUL; break;
    case TRUNC_MOD_EXPR: op = IX_MOD; break;
    case LT_EXPR: op = IX_LT; break;
    case LE_EXPR: op = IX_LE; break;
    case GT_EXPR: op = IX_GT; break;
    case GE_EXPR: op = IX_GE; break;
    case EQ_EXPR: op = IX_EQ; break;
    case NE_EXPR: op = IX_NE; break;
    case TRUTH_ANDIF_EXPR:
    case TRUTH_AND_EXPR: op = IX_AND; break;
    case TRUTH_ORIF_EXPR:
    case TRUTH_OR_EXPR: op = IX_OR; break;
    default: op = IX_DIV; break;
    }
  if (op == IX_AND || op == IX_OR)
    {
      *type = IX_I32;
      return nest_op2 (n, op, a, b, loc);
    }
  /* The type the operation computes in: its own, or for a comparison
     its operands' (converted alike).  */
  bool cmp = op >= IX_EQ && op <= IX_GE;
  tree ctype = cmp ? TREE_TYPE (TREE_OPERAND (t, 0)) : TREE_TYPE (t);
  if (!sparse_value_type (ctype, &tc))
    return fail ("arithmetic in an unsupported type"), -1;
  a = implicit (a, &ta, tb, tc);
  b = implicit (b, &tb, ta, tc);
  ix_type in = ix_arith_type (ta, tb);
  /* GCC computes an operation whose result is converted to a type
     narrower than int in that type (unsigned char, short): C computes it
     in int and converts the result, which gives the same; in unsigned
     int where int could overflow.  Comparisons narrowed so compare the
     same values.  */
  if (in != tc && ix_promote (tc) == in)
    {
      if (cmp)
	return *type = IX_I32, nest_op2 (n, op, a, b, loc);
      *type = op == IX_DIV || op == IX_MOD ? in : IX_U32;
      if (*type == IX_U32)
	{
	  a = nest_cast (n, a, IX_U32, loc);
	  b = a < 0 ? -1 : nest_cast (n, b, IX_U32, loc);
	}
      return in_type (b < 0 ? -1 : nest_op2 (n, op, a, b, loc), type,
		      ctype);
    }
  if (in != tc)
    return fail ("an explicit conversion changes the type an operation "
		 "is computed in"), -1;
  *type = ix_op_type (op, ta, tb, tc);
  return nest_op2 (n, op, a, b, loc);
}

/* Expression E of the nest, of type *TYPE, as C types it: TT, when TT is
   an integer type narrower than *TYPE (GCC narrows an operation whose
   result C converts so), converted to it.  */
int
reader::in_type (int e, ix_type *type, tree tt)
{
  ix_type t;
  if (e < 0 || !sparse_value_type (tt, &t) || ix_type_is_float (t)
      || ix_type_is_float (*type) || ix_types[t].bits >= ix_types[*type].bits)
    return e;
  *type = t;
  return nest_cast (n, e, t, n->expr[e].loc);
}

/* A conversion T: a cast to a type the core knows (index notation drops
   those the operations around would make: reader::implicit).  */
int
reader::read_conversion (tree t, ix_type *type)
{
  location_t loc = EXPR_LOCATION (t);
  tree from = TREE_TYPE (TREE_OPERAND (t, 0));
  tree to = TREE_TYPE (t);
  ix_type tt;
  if (!INTEGRAL_TYPE_P (from) && TREE_CODE (from) != REAL_TYPE)
    return fail ("a conversion of a non-arithmetic value"), -1;
  int a = read_expr (TREE_OPERAND (t, 0), type);
  if (a < 0)
    return -1;
  /* To a type the core knows: a cast, unless it changes nothing (the
     operations around drop those C's conversions would make); an
     integer to a narrower one modulo its width, as GCC converts.  */
  if (sparse_value_type (to, &tt))
    return tt == *type ? a : (*type = tt, nest_cast (n, a, tt, loc));
  if (TREE_CODE (to) == INTEGER_TYPE && TREE_CODE (from) == REAL_TYPE)
    return fail ("a floating value is converted to an integer"), -1;
  if ((TREE_CODE (to) == REAL_TYPE) == (TREE_CODE (from) == REAL_TYPE)
      && TYPE_PRECISION (to) < TYPE_PRECISION (from))
    return fail ("a value is converted to a narrower type"), -1;
  /* A widening conversion to another type: the enclosing operation
     checks that index notation would make it too.  */
  return a;
}

/* A conditional expression T: C ? V : 0 (or C ? 0 : V), V where C
   holds.  */
int
reader::read_select (tree t, ix_type *type)
{
  location_t loc = EXPR_LOCATION (t);
  /* C ? V : 0 (or C ? 0 : V): V where C holds.  */
  tree c = TREE_OPERAND (t, 0), v = TREE_OPERAND (t, 1);
  bool neg = zero_constant_p (v);
  if (neg)
    v = TREE_OPERAND (t, 2);
  else if (!zero_constant_p (TREE_OPERAND (t, 2)))
    return fail_zeros ("a conditional expression with no zero arm", t), -1;
  ix_type ct, tc;
  int a = read_expr (c, &ct);
  if (a >= 0 && neg)
    a = negate (a, loc);
  int b = a < 0 ? -1 : read_expr (v, type);
  if (b < 0)
    return -1;
  if (!sparse_value_type (TREE_TYPE (t), &tc) || tc != *type)
    return fail ("a conditional expression of an unsupported type"), -1;
  return nest_op2 (n, IX_WHERE, a, b, loc);
}

/* !C, as == and != say it for each other (exactly, NaNs included).  */
int
reader::negate (int c, location_t loc)
{
  nest_expr *x = &n->expr[c];
  if (x->op == IX_EQ || x->op == IX_NE)
    return nest_op2 (n, x->op == IX_EQ ? IX_NE : IX_EQ, x->a, x->b, loc);
  if (x->op == IX_NOT)
    {
      /* !!C is C's truth value: C itself when C is one.  */
      const nest_expr *a = &n->expr[x->a];
      if ((a->op >= IX_EQ && a->op <= IX_OR) || a->op == IX_NOT)
	return x->a;
    }
  return nest_op2 (n, IX_NOT, c, -1, loc);
}

/* ------------------------------------------------------------------ */
/* Conditions checked before the loops.  */

/* Nest expression E as GENERIC, the reads of the objects in ZERO (a bit
   per object) zeros, every other leaf a constant or a scalar
   (nest_assume); NULL for anything else.  */
tree
reader::at_zero (int e, uint32_t zero)
{
  const nest_expr *x = &n->expr[e];
  location_t loc = x->loc;
  if (x->op == IX_ACCESS)
    {
      tree decl = obj_decl[x->obj];
      if ((zero >> x->obj) & 1)
	{
	  tree t = TREE_TYPE (decl);
	  while (TREE_CODE (t) == ARRAY_TYPE || TREE_CODE (t) == POINTER_TYPE)
	    t = TREE_TYPE (t);
	  return build_zero_cst (TYPE_MAIN_VARIANT (t));
	}
      return x->nidx == 0 ? decl : NULL_TREE;
    }
  if (x->op == IX_CONST)
    return sparse_num_tree (x->num);
  if (x->op == IX_INDEX || x->op == IX_SUM)
    return NULL_TREE;
  tree a = at_zero (x->a, zero);
  tree b = x->b >= 0 ? at_zero (x->b, zero) : a;
  if (!a || !b)
    return NULL_TREE;
  tree type = sparse_arith_type (TREE_TYPE (a), TREE_TYPE (b));
  tree truth_a = fold_build2 (NE_EXPR, boolean_type_node, a,
			      build_zero_cst (TREE_TYPE (a)));
  tree truth_b = fold_build2 (NE_EXPR, boolean_type_node, b,
			      build_zero_cst (TREE_TYPE (b)));
  tree r;
  switch (x->op)
    {
    case IX_NEG:
    case IX_ABS:
      r = fold_build1 (x->op == IX_NEG ? NEGATE_EXPR : ABS_EXPR, type,
		       sparse_convert (loc, type, a));
      return r;
    case IX_CAST:
      return sparse_convert (loc, sparse_type_tree (x->num.type), a);
    case IX_NOT:
      r = fold_build1 (TRUTH_NOT_EXPR, boolean_type_node, truth_a);
      return fold_convert (integer_type_node, r);
    case IX_AND:
    case IX_OR:
      r = fold_build2 (x->op == IX_AND ? TRUTH_ANDIF_EXPR : TRUTH_ORIF_EXPR,
		       boolean_type_node, truth_a, truth_b);
      return fold_convert (integer_type_node, r);
    case IX_CALL:
    case IX_CALLZ:
      return sparse_mathfn_call (loc, x->num, a);
    case IX_WHERE:
      type = sparse_arith_type (TREE_TYPE (b), integer_type_node);
      return fold_build3 (COND_EXPR, type, truth_a,
			  sparse_convert (loc, type, b), build_zero_cst (type));
    default:
      break;
    }
  static const tree_code arith[] = { PLUS_EXPR, MINUS_EXPR, MULT_EXPR };
  static const tree_code cmp[] = { EQ_EXPR, NE_EXPR, LT_EXPR, LE_EXPR,
				   GT_EXPR, GE_EXPR };
  tree ca = sparse_convert (loc, type, a), cb = sparse_convert (loc, type, b);
  if (x->op >= IX_ADD && x->op <= IX_MUL)
    return fold_build2 (arith[x->op - IX_ADD], type, ca, cb);
  if (x->op >= IX_EQ && x->op <= IX_GE)
    return fold_convert (integer_type_node,
			 fold_build2 (cmp[x->op - IX_EQ], boolean_type_node,
				      ca, cb));
  /* Division and remainder: no division by zero where the dense
     program would not divide.  */
  return NULL_TREE;
}

/* The condition under which RES's assumptions hold (nest_assume), as a
   truth value; NULL when one cannot be built.  */
tree
reader::assumptions (const nest_result &res)
{
  tree cond = NULL_TREE;
  for (int k = 0; k < res.nassumes; k++)
    {
      const nest_assume &a = res.assume[k];
      tree c = at_zero (a.expr, a.zero);
      if (!c)
	return NULL_TREE;
      /* The guard, C or !C, is false at the zeros.  */
      c = fold_build2 (a.neg ? NE_EXPR : EQ_EXPR, boolean_type_node, c,
		       build_zero_cst (TREE_TYPE (c)));
      cond = cond ? fold_build2 (TRUTH_ANDIF_EXPR, boolean_type_node, cond,
				 c) : c;
    }
  return cond;
}

} // namespace loop_reader
