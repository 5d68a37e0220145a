/* mathfn.cc -- the C library's functions of mathfn.h (exp, sqrtf ...)
   as GCC's built-in functions: which one a call of the program calls,
   and calls of them in generated code.  A built-in function's code
   names it: BUILT_IN_EXPF is expf.  */

#include "sparse-plugin.h"
#include "mathfn.h"

bool
sparse_mathfn_of (tree fn, ix_num *num)
{
  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    return false;
  static const char prefix[] = "BUILT_IN_";
  const char *code = built_in_names[DECL_FUNCTION_CODE (fn)];
  if (strncmp (code, prefix, sizeof prefix - 1) != 0)
    return false;
  char name[32];
  size_t k = 0;
  for (code += sizeof prefix - 1; *code && k + 1 < sizeof name; code++)
    name[k++] = TOLOWER (*code);
  name[k] = 0;
  return !*code && mathfn_find (name, num);
}

/* The code of the built-in function of call NUM, END_BUILTINS if GCC has
   none; found by its name once.  */
static built_in_function
mathfn_code (ix_num num)
{
  static built_in_function found[2][64];
  int form = num.type == IX_F32;
  if (num.i < 0 || num.i >= 64)
    return END_BUILTINS;
  built_in_function &f = found[form][num.i];
  if (f != BUILT_IN_NONE)
    return f;
  char name[32], code[48];
  mathfn_name (num, name, sizeof name);
  snprintf (code, sizeof code, "BUILT_IN_%s", name);
  for (char *c = code; *c; c++)
    *c = TOUPPER (*c);
  f = END_BUILTINS;
  for (int b = 0; b < (int) END_BUILTINS; b++)
    if (built_in_names[b] && strcmp (built_in_names[b], code) == 0)
      f = (built_in_function) b;
  return f;
}

tree
sparse_mathfn_call (location_t loc, ix_num num, tree a)
{
  built_in_function code = mathfn_code (num);
  tree fn = code == END_BUILTINS ? NULL_TREE : builtin_decl_explicit (code);
  if (!fn)
    return NULL_TREE;
  tree type = num.type == IX_F32 ? float_type_node : double_type_node;
  return build_call_expr_loc (loc, fn, 1, sparse_convert (loc, type, a));
}
