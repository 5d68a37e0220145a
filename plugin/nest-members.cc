/* nest-members.cc -- dense operands of loop nests reached through
   structure members: p->x[j], s.x[j], p->q->x[j], members that are
   arrays, p->v[j], and scalar members read as values, p->alpha.  Each
   member expression is one operand (the same expression at every site),
   held in a variable of its own that is set where the loops start and
   named as the program writes it.

   The member's value stays what it was there while the loops run: the
   nest reader refuses any statement that assigns a member, a structure
   or a pointer, and the loops call nothing; a store to an element of
   another operand cannot change a pointer member (C's aliasing rules
   keep any other type from being one, except the character types whose
   stores reader::members_kept refuses beside members), and a member array
   is an operand whose storage the overlap check covers like any
   other pointer's.  */

#include "nest-reader.h"

namespace loop_reader {

/* The variable at the bottom of member chain T (s.x, p->x, p->q->x);
   NULL_TREE when T is no such chain.  *VOL says whether any of it is
   volatile.  */
static tree
member_base (tree t, bool *vol)
{
  *vol = false;
  for (;;)
    {
      *vol |= TREE_THIS_VOLATILE (t) || TYPE_VOLATILE (TREE_TYPE (t));
      switch (TREE_CODE (t))
	{
	case COMPONENT_REF:
	  t = TREE_OPERAND (t, 0);
	  break;
	case MEM_REF:
	  if (!integer_zerop (TREE_OPERAND (t, 1)))
	    return NULL_TREE;
	  /* FALLTHRU */
	case INDIRECT_REF:
	  t = TREE_OPERAND (t, 0);
	  STRIP_NOPS (t);
	  if (TREE_CODE (TREE_TYPE (t)) != POINTER_TYPE)
	    return NULL_TREE;
	  break;
	case VAR_DECL:
	case PARM_DECL:
	  return t;
	default:
	  return NULL_TREE;
	}
    }
}

/* Whether the members the nest reads keep their values: false (failed)
   when the nest also stores into an array of a character type, whose
   stores may change any object.  */
bool
reader::members_kept ()
{
  if (!char_store || member_ref.is_empty ())
    return true;
  char *text = print_generic_expr_to_str (member_ref[0]);
  fail ("%s is reached through a structure member, which the stores to %s, "
	"of a character type, may change", text, char_store);
  free (text);
  return false;
}

/* The variable standing for member expression REF, a pointer, a
   one-dimensional array or a scalar, in the nest; NULL_TREE (failed)
   when REF cannot be an operand.  */
tree
reader::member_operand (tree ref)
{
  for (unsigned k = 0; k < member_ref.length (); k++)
    if (operand_equal_p (member_ref[k], ref, 0))
      return member_var[k];
  bool vol;
  tree base = member_base (ref, &vol);
  if (!base)
    return fail ("an access through a pointer that is not a variable or "
		 "a member of a variable's structure"), NULL_TREE;
  char *text = print_generic_expr_to_str (ref);
  tree type = TREE_TYPE (ref);
  bool ok = false;
  if (vol)
    fail ("%s is volatile", text);
  else if (inner.contains (base))
    fail ("%s is a member of %s, which changes in the loops", text,
	  decl_name (base) ? decl_name (base) : "?");
  else if (TREE_CODE (type) == ARRAY_TYPE
	   && TREE_CODE (TREE_TYPE (type)) == ARRAY_TYPE)
    fail ("member array %s has more than one dimension", text);
  else
    ok = true;
  if (!ok)
    {
      free (text);
      return NULL_TREE;
    }
  /* An array member: a pointer to its first element.  */
  if (TREE_CODE (type) == ARRAY_TYPE)
    type = build_pointer_type (TREE_TYPE (type));
  tree var = build_decl (EXPR_LOCATION (ref), VAR_DECL, get_identifier (text),
			 TYPE_MAIN_VARIANT (type));
  free (text);
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  DECL_CONTEXT (var) = fndecl;
  TREE_USED (var) = 1;
  member_ref.safe_push (ref);
  member_var.safe_push (var);
  return members_kept () ? var : NULL_TREE;
}

/* The value of member T of arithmetic type (p->alpha): a scalar
   operand, read where the loops start (member_operand), of type
   *TYPE.  */
int
reader::read_member_value (tree t, ix_type *type)
{
  ix_type mt;
  if (!sparse_value_type (TREE_TYPE (t), &mt))
    return fail ("an access to a structure member"), -1;
  tree var = member_operand (t);
  if (!var)
    return -1;
  int o = object (var);
  if (o < 0)
    return -1;
  *type = n->obj[o].opd.type;
  return nest_read (n, o, 0, NULL, EXPR_LOCATION (t));
}

/* The assignments of the member operands' variables, to be run where the
   loops start, and only where the outer loop runs (RUNS, or always when
   null), as the program reads the members only then; NULL_TREE when the
   nest has none.  */
tree
reader::member_setup (tree runs)
{
  tree stmts = NULL_TREE;
  for (unsigned k = 0; k < member_var.length (); k++)
    {
      tree var = member_var[k], ref = unshare_expr (member_ref[k]);
      tree type = TREE_TYPE (var);
      tree value;
      if (TREE_CODE (TREE_TYPE (ref)) == ARRAY_TYPE)
	{
	  mark_addressable (ref);
	  value = fold_convert (type, build_fold_addr_expr (ref));
	}
      else
	value = fold_convert (type, ref);
      if (runs)
	value = build3 (COND_EXPR, type, unshare_expr (runs), value,
			build_zero_cst (type));
      append_to_statement_list (build2 (MODIFY_EXPR, type, var, value),
				&stmts);
    }
  return stmts;
}

} // namespace loop_reader
