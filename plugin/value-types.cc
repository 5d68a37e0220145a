/* value-types.cc -- the core's arithmetic types (lowering/ix-types.h)
   read from C types and written back as them, and its constants as
   GENERIC.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "sparse-plugin.h"
#include "ix.h"

bool
sparse_value_type (tree type, ix_type *out)
{
  if (!type || type == error_mark_node)
    return false;
  type = TYPE_MAIN_VARIANT (type);
  if (TREE_CODE (type) == REAL_TYPE)
    {
      if (type == double_type_node
	  || (TYPE_PRECISION (type) == 64 && TYPE_MODE (type) == DFmode))
	*out = IX_F64;
      else if (type == float_type_node)
	*out = IX_F32;
      else
	return false;
      return true;
    }
  if (TREE_CODE (type) == BOOLEAN_TYPE)
    {
      *out = IX_BOOL;
      return TYPE_PRECISION (type) == 1;
    }
  if (TREE_CODE (type) != INTEGER_TYPE)
    return false;
  int t = ix_int_type (TYPE_PRECISION (type), !TYPE_UNSIGNED (type));
  if (t < 0 || t == IX_BOOL)
    return false;
  *out = (ix_type) t;
  return true;
}

bool
sparse_elem_type (tree type, ix_type *out)
{
  return sparse_value_type (type, out) && ix_type_is_stored (*out);
}

tree
sparse_type_tree (ix_type t)
{
  switch (t)
    {
    case IX_F64: return double_type_node;
    case IX_F32: return float_type_node;
    case IX_BOOL: return boolean_type_node;
    default:
      return lang_hooks.types.type_for_size (ix_types[t].bits,
					     !ix_types[t].is_signed);
    }
}

double
sparse_real_value (const REAL_VALUE_TYPE *r)
{
  /* real_to_decimal spells a NaN "+QNaN", which strtod does not read
     (it read 0): made here, its sign kept.  */
  if (real_isnan (r))
    return real_isneg (r) ? -__builtin_nan ("") : __builtin_nan ("");
  char buf[64];
  real_to_decimal (buf, r, sizeof buf, 0, 1);
  return strtod (buf, NULL);
}

tree
sparse_real_tree (double v, tree type)
{
  REAL_VALUE_TYPE r;
  /* real_from_string reads numbers only: an infinity or a NaN (quiet,
     as NAN is) is made, its sign kept (-INFINITY).  */
  if (__builtin_isnan (v))
    real_nan (&r, "", 1, TYPE_MODE (double_type_node));
  else if (__builtin_isinf (v))
    real_inf (&r);
  else
    {
      char buf[64];
      snprintf (buf, sizeof buf, "%.17g", __builtin_fabs (v));
      real_from_string (&r, buf);
    }
  if (__builtin_signbit (v))
    r = real_value_negate (&r);
  /* A float constant's value is a float's: converted exactly.  */
  return fold_convert (type, build_real (double_type_node, r));
}

tree
sparse_num_tree (ix_num n)
{
  tree type = sparse_type_tree (n.type);
  if (!ix_type_is_float (n.type))
    return build_int_cst (type, n.i);
  return sparse_real_tree (n.f, type);
}
