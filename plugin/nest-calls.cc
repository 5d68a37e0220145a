/* nest-calls.cc -- calls of the program's own functions in loop bodies,
   read as the expression the function returns: with

     static double sq (double v) { return v * v; }

   the body's `s += sq (A[i][j]);` is read as `s += A[i][j] * A[i][j]`.

   A function qualifies when its definition comes earlier in the file
   (the front end has its body when the loop is read), its parameters
   are arithmetic values, and its body is one return statement whose
   expression the reader accepts, each parameter standing for the
   argument of the call.  C converts each argument to its parameter's
   type and the returned expression to the return type before the call
   is made and returned (the trees already hold those conversions), and
   such a body has no effect but its value, so that reading the
   expression is what calling the function computes.  An argument read
   at each use of its parameter is read again, which the reader allows
   since it accepts no expression with an effect.  */

#include "nest-reader.h"

tree
sparse_only_stmt (tree body)
{
  while (body)
    switch (TREE_CODE (body))
      {
      case BIND_EXPR:
	if (BIND_EXPR_VARS (body))
	  return NULL_TREE;
	body = BIND_EXPR_BODY (body);
	break;
      case STATEMENT_LIST:
	{
	  tree only = NULL_TREE;
	  for (tree_stmt_iterator i = tsi_start (body); !tsi_end_p (i);
	       tsi_next (&i))
	    if (TREE_CODE (tsi_stmt (i)) == DEBUG_BEGIN_STMT)
	      continue;
	    else if (only)
	      return NULL_TREE;
	    else
	      only = tsi_stmt (i);
	  body = only;
	  break;
	}
      default:
	return body;
      }
  return NULL_TREE;
}

namespace loop_reader {

/* How deep calls may nest in one expression: enough for helpers that
   call helpers, and it stops a function that calls itself.  */
static const int max_call_depth = 8;

/* The expression the body of FN returns, when that body is one return
   statement, or NULL_TREE.  */
static tree
returned_expr (tree fn)
{
  tree body = sparse_only_stmt (DECL_SAVED_TREE (fn));
  if (!body || TREE_CODE (body) != RETURN_EXPR)
    return NULL_TREE;
  tree set = TREE_OPERAND (body, 0);
  if (!set || (TREE_CODE (set) != MODIFY_EXPR && TREE_CODE (set) != INIT_EXPR)
      || TREE_CODE (TREE_OPERAND (set, 0)) != RESULT_DECL)
    return NULL_TREE;
  return TREE_OPERAND (set, 1);
}

/* Why a call of FN with NARGS arguments cannot be read as the
   expression FN returns, or NULL when it can.  */
static const char *
not_readable (tree fn, int nargs)
{
  if (!DECL_SAVED_TREE (fn))
    return "which is not defined before this function in the file";
  if (stdarg_p (TREE_TYPE (fn)) || !prototype_p (TREE_TYPE (fn)))
    return "which has no prototype or takes variable arguments";
  int nparms = 0;
  for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p), nparms++)
    if (!INTEGRAL_TYPE_P (TREE_TYPE (p)) && !SCALAR_FLOAT_TYPE_P (TREE_TYPE (p)))
      return "which takes an argument that is not a number";
  if (nparms != nargs)
    return "with another number of arguments than it takes";
  if (!returned_expr (fn))
    return "whose body is not one return statement";
  return NULL;
}

/* Call T of the program's function FN, read as the expression FN
   returns, each parameter standing for its argument.  */
int
reader::read_user_call (tree t, tree fn, ix_type *type)
{
  if (const char *why = not_readable (fn, call_expr_nargs (t)))
    return fail ("loop body calls %s, %s", decl_name (fn), why), -1;
  if (call_depth == max_call_depth)
    return fail ("loop body calls %s through %d calls or more",
		 decl_name (fn), max_call_depth), -1;
  for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p))
    if (param_arg.get (p))
      /* A function that calls itself: its parameters are taken.  */
      return fail ("loop body calls %s, which calls itself",
		   decl_name (fn)), -1;
  int k = 0;
  for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p), k++)
    param_arg.put (p, CALL_EXPR_ARG (t, k));
  call_depth++;
  int e = read_expr (returned_expr (fn), type);
  call_depth--;
  for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p))
    param_arg.remove (p);
  return e;
}

} // namespace loop_reader
