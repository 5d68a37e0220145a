/* nest-reader.cc -- a FOR_STMT nest of the C front end read into the
   GCC-free description of nest.h (see recognize.cc for the shapes
   accepted and what becomes of them).

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "nest-reader.h"

namespace loop_reader {

/* ------------------------------------------------------------------ */
/* What the whole function says about its variables (fn_facts).  */

/* Count references of variables in *TP into REFS (a hash_map<tree,int>).
   A declaration without initialiser is no reference.  */
tree
count_refs_r (tree *tp, int *walk_subtrees, void *data)
{
  hash_map<tree, int> *refs = (hash_map<tree, int> *) data;
  tree t = *tp;
  if (TREE_CODE (t) == DECL_EXPR)
    {
      tree d = DECL_EXPR_DECL (t);
      if (d && TREE_CODE (d) == VAR_DECL && DECL_INITIAL (d))
	refs->get_or_insert (d)++;
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == VAR_DECL || TREE_CODE (t) == PARM_DECL)
    refs->get_or_insert (t)++;
  if (TYPE_P (t) || DECL_P (t))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* The variable an lvalue is (looking through nothing else).  */
static tree
lvalue_decl (tree t)
{
  while (TREE_CODE (t) == COMPONENT_REF || TREE_CODE (t) == ARRAY_REF
	 || TREE_CODE (t) == REALPART_EXPR || TREE_CODE (t) == IMAGPART_EXPR)
    t = TREE_OPERAND (t, 0);
  return (TREE_CODE (t) == VAR_DECL || TREE_CODE (t) == PARM_DECL) ? t
	 : NULL_TREE;
}

tree
find_writes_r (tree *tp, int *walk_subtrees, void *data)
{
  hash_set<tree> *written = (hash_set<tree> *) data;
  tree t = *tp;
  switch (TREE_CODE (t))
    {
    case MODIFY_EXPR:
    case INIT_EXPR:
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
    case ADDR_EXPR:
      if (tree d = lvalue_decl (TREE_OPERAND (t, 0)))
	written->add (d);
      break;
    default:
      if (TYPE_P (t) || DECL_P (t))
	*walk_subtrees = 0;
      break;
    }
  return NULL_TREE;
}

tree
find_tagged_r (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if ((TREE_CODE (t) == VAR_DECL || TREE_CODE (t) == PARM_DECL)
      && sparse_decl_tagged_p (t))
    return t;
  if (TYPE_P (t) || DECL_P (t))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Is the variable DATA referenced in *TP?  */
tree
find_decl_r (tree *tp, int *walk_subtrees, void *data)
{
  if (*tp == (tree) data)
    return *tp;
  if (TYPE_P (*tp) || DECL_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Like find_tagged_r, not looking inside loops (and constructs) already
   reported.  */
tree
find_unreported_tagged_r (tree *tp, int *walk_subtrees, void *data)
{
  if (sparse_nest_reported_p (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  return find_tagged_r (tp, walk_subtrees, data);
}

const char *
decl_name (tree decl)
{
  return decl && DECL_NAME (decl) ? IDENTIFIER_POINTER (DECL_NAME (decl))
	 : NULL;
}

/* The variable the increment of FOR_STMT steps, or NULL.  */
tree
incremented_var (tree for_stmt)
{
  tree incr = FOR_EXPR (for_stmt);
  if (!incr)
    return NULL_TREE;
  switch (TREE_CODE (incr))
    {
    case PREINCREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTDECREMENT_EXPR:
    case MODIFY_EXPR:
      return lvalue_decl (TREE_OPERAND (incr, 0));
    default:
      return NULL_TREE;
    }
}

/* ------------------------------------------------------------------ */
/* Integer values: a variable plus a constant, for bounds and extents.  */

/* Strip conversions between integer types that keep every value of the
   operand, and SAVE_EXPRs.  */
tree
strip_int (tree t)
{
  for (;;)
    {
      if (!t)
	return t;
      if (TREE_CODE (t) == SAVE_EXPR || TREE_CODE (t) == NON_LVALUE_EXPR)
	{
	  t = TREE_OPERAND (t, 0);
	  continue;
	}
      /* The C front end's size of a VLA declared with a constant local:
	 (0, 40).  */
      if (TREE_CODE (t) == COMPOUND_EXPR
	  && !TREE_SIDE_EFFECTS (TREE_OPERAND (t, 0)))
	{
	  t = TREE_OPERAND (t, 1);
	  continue;
	}
      if (CONVERT_EXPR_P (t))
	{
	  tree o = TREE_OPERAND (t, 0);
	  if (!INTEGRAL_TYPE_P (TREE_TYPE (t)) || !INTEGRAL_TYPE_P (TREE_TYPE (o))
	      || TYPE_PRECISION (TREE_TYPE (t)) < TYPE_PRECISION (TREE_TYPE (o)))
	    return t;
	  t = o;
	  continue;
	}
      return t;
    }
}

/* T as DECL + OFF (DECL null for a constant); with ANY, DECL may be any
   expression without side effects (the caller judges it).  */
static bool
linear_value (tree t, tree *decl, HOST_WIDE_INT *off, bool any = false)
{
  t = strip_int (t);
  if (!t)
    return false;
  switch (TREE_CODE (t))
    {
    case INTEGER_CST:
      if (!tree_fits_shwi_p (t))
	return false;
      *decl = NULL_TREE;
      *off = tree_to_shwi (t);
      return true;
    case VAR_DECL:
    case PARM_DECL:
      if (!INTEGRAL_TYPE_P (TREE_TYPE (t)))
	return false;
      *decl = t;
      *off = 0;
      return true;
    case PLUS_EXPR:
    case MINUS_EXPR:
      {
	tree a = TREE_OPERAND (t, 0), b = strip_int (TREE_OPERAND (t, 1));
	if (TREE_CODE (t) == PLUS_EXPR && TREE_CODE (strip_int (a)) == INTEGER_CST)
	  std::swap (a, b);
	if (b && TREE_CODE (b) == INTEGER_CST && tree_fits_shwi_p (b)
	    && linear_value (a, decl, off, any))
	  {
	    HOST_WIDE_INT c = tree_to_shwi (b);
	    *off += TREE_CODE (t) == PLUS_EXPR ? c : -c;
	    return true;
	  }
      }
      /* FALLTHRU */
    default:
      if (!any || TREE_SIDE_EFFECTS (t) || !INTEGRAL_TYPE_P (TREE_TYPE (t)))
	return false;
      *decl = t;
      *off = 0;
      return true;
    }
}

/* ------------------------------------------------------------------ */
/* Reading one nest.  */

bool
reader::fail (const char *fmt, ...)
{
  if (failed)
    return false;
  failed = true;
  own_level = open.length () <= 1;
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (reason, sizeof reason, fmt, ap);
  va_end (ap);
  return false;
}

/* Fail: loop NAME starts at or is bounded by (WHAT) VALUE, which makes
   it cover part of an extent only.  A VALUE that is not a variable plus
   a constant can only be a start.  */
bool
reader::fail_subrange (const char *name, const char *what, tree value)
{
  tree decl;
  HOST_WIDE_INT off;
  char text[NEST_TEXT_MAX];
  if (!value || !linear_value (value, &decl, &off))
    return fail ("loop %s does not start at 0, nor at a sum or product of "
		 "enclosing loops' variables, constants and variables the "
		 "function does not modify", name);
  spell (decl, off, text, sizeof text);
  if (decl && open_loop_of (decl) >= 0)
    return fail ("loop %s %s %s, the variable of an enclosing loop: "
		 "triangular loops are not supported", name, what, text);
  return fail ("loop %s %s %s, not 0: a loop must run over a whole extent",
	       name, what, text);
}

/* Fail: the loop body has WHAT (a test, a minimum or maximum), in T.
   When T reads a tagged array, what it does at the array's unstored
   zeros matters, and sparse loops skip them.  */
bool
reader::fail_zeros (const char *what, tree t)
{
  tree a = walk_tree_without_duplicates (&t, find_tagged_r, NULL);
  if (!a)
    return fail ("loop body has %s", what);
  return fail ("loop body has %s: what it does at the unstored zeros of %s, "
	       "which sparse loops skip, would be lost", what,
	       decl_name (a) ? decl_name (a) : "?");
}

/* The key of value DECL + OFF, DECL a variable, an expression or null.
   A value taken where the loops start (AT_NEST) is equal only to others
   taken there: an extent may have been taken earlier.  */
int
reader::key (tree decl, HOST_WIDE_INT off, bool at_nest)
{
  for (unsigned k = 0; k < key_decl.length (); k++)
    if (key_off[k] == off && key_at_nest[k] == at_nest
	&& (key_decl[k] == decl
	    || (key_decl[k] && decl && !DECL_P (decl)
		&& operand_equal_p (key_decl[k], decl, 0))))
      return k;
  key_decl.safe_push (decl);
  key_off.safe_push (off);
  key_at_nest.safe_push (at_nest);
  return key_decl.length () - 1;
}

void
reader::spell (tree decl, HOST_WIDE_INT off, char *buf, size_t len)
{
  char *text = NULL;
  const char *name = decl && DECL_P (decl) ? decl_name (decl) : NULL;
  if (decl && !DECL_P (decl))
    name = text = print_generic_expr_to_str (decl);
  if (!decl)
    snprintf (buf, len, HOST_WIDE_INT_PRINT_DEC, off);
  else if (off == 0)
    snprintf (buf, len, "%s", name ? name : "?");
  else
    snprintf (buf, len, "%s %c " HOST_WIDE_INT_PRINT_DEC,
	      name ? name : "?", off < 0 ? '-' : '+', off < 0 ? -off : off);
  free (text);
}

/* Is DECL a local or parameter nothing modifies (whose address is not
   taken)?  */
bool
reader::fixed_decl_p (tree decl)
{
  return !TREE_THIS_VOLATILE (decl) && !TREE_ADDRESSABLE (decl)
	 && !facts->written.contains (decl)
	 && !(TREE_CODE (decl) == VAR_DECL
	      && (TREE_STATIC (decl) || DECL_EXTERNAL (decl)
		  || DECL_CONTEXT (decl) != fndecl));
}

/* Is variable DECL a value the nest and the declarations can share: a
   local or parameter nothing modifies?  */
bool
reader::usable_bound (tree decl, const char *what)
{
  const char *name = decl_name (decl) ? decl_name (decl) : "?";
  if (TREE_THIS_VOLATILE (decl))
    return fail ("%s %s is volatile", what, name);
  if (TREE_CODE (decl) == VAR_DECL
      && (TREE_STATIC (decl) || DECL_EXTERNAL (decl)
	  || DECL_CONTEXT (decl) != fndecl))
    return fail ("%s %s is not a local variable or parameter", what, name);
  if (TREE_ADDRESSABLE (decl) || facts->written.contains (decl))
    return fail ("%s %s is modified in the function", what, name);
  return true;
}

/* The variable a for statement's condition tests, or NULL.  */
tree
reader::loop_var_of (tree for_stmt)
{
  tree cond = FOR_COND (for_stmt);
  while (cond && TREE_CODE (cond) == ANNOTATE_EXPR)
    cond = TREE_OPERAND (cond, 0);
  if (!cond)
    return NULL_TREE;
  if (tree d = down_var (for_stmt))
    return d;
  tree v;
  switch (TREE_CODE (cond))
    {
    case LT_EXPR:
    case LE_EXPR:
      v = TREE_OPERAND (cond, 0);
      break;
    case GT_EXPR:
    case GE_EXPR:
      v = TREE_OPERAND (cond, 1);
      break;
    case NE_EXPR:
      /* i != n, counting up from a start not above n (past n, the loop
	 would index outside its arrays): i < n.  */
      v = strip_int (TREE_OPERAND (cond, 0)) == incremented_var (for_stmt)
	  ? TREE_OPERAND (cond, 0) : TREE_OPERAND (cond, 1);
      break;
    default:
      return NULL_TREE;
    }
  v = strip_int (v);
  return v && TREE_CODE (v) == VAR_DECL ? v : NULL_TREE;
}

/* Is statement S the initialisation `v = 0` (or the declaration of v)
   of loop FOR_STMT?  */
bool
reader::is_init_of (tree s, tree for_stmt)
{
  if (!s || !for_stmt || TREE_CODE (for_stmt) != FOR_STMT)
    return false;
  tree v = loop_var_of (for_stmt);
  if (!v)
    return false;
  if (TREE_CODE (s) == DECL_EXPR)
    return DECL_EXPR_DECL (s) == v;
  if (TREE_CODE (s) == MODIFY_EXPR)
    return TREE_OPERAND (s, 0) == v;
  return false;
}

/* The index in LOOPS of the open loop whose variable is VAR, or -1.  */
int
reader::open_loop_of (tree var)
{
  for (unsigned k = 0; k < open.length (); k++)
    if (loops[open[k]].var == var)
      return open[k];
  return -1;
}

bool
reader::is_nest_loop_var (tree var)
{
  for (unsigned k = 0; k < loops.length (); k++)
    if (loops[k].var == var)
      return true;
  return false;
}

/* Bound B of loop variable VAR (tested with <= when LE) into LI: a
   constant or a variable nothing modifies, plus a constant; or an
   expression the loops cannot change (classify_bound), compared with
   the extents before the loops run.  */
bool
reader::read_bound (tree b, bool le, tree var, loop_info *li)
{
  const char *name = decl_name (var);
  tree bdecl;
  HOST_WIDE_INT boff;
  char text[NEST_TEXT_MAX];
  if (tree a = walk_tree_without_duplicates (&b, find_tagged_r, NULL))
    return fail ("the bound of loop %s reads sparse array %s", name,
		 decl_name (a) ? decl_name (a) : "?");
  if (!linear_value (b, &bdecl, &boff)
      && !linear_value (b, &bdecl, &boff, true))
    {
      if (!TREE_SIDE_EFFECTS (b))
	return fail ("the bound of loop %s is not a constant or a variable",
		     name);
      spell (strip_int (b), 0, text, sizeof text);
      return fail ("the bound of loop %s, %s, has side effects", name, text);
    }
  bool lv = false;
  if (!open.is_empty () && range_value (b, &lv) && lv)
    {
      /* Bounded by an enclosing loop: it runs over its extent, kept to
	 its range by a guard.  */
      li->hi = b;
      li->hi_le = le;
      li->bound_rt = false;
      li->bound_at_nest = false;
      return true;
    }
  if (bdecl && open_loop_of (bdecl) >= 0)
    return fail_subrange (name, "is bounded by", b);
  if (bdecl == var)
    return fail ("loop %s has no fixed bound", name);
  bound_kind kind = BOUND_FIXED;
  bool expr = bdecl && (!DECL_P (bdecl)
			|| (!TREE_THIS_VOLATILE (bdecl) && !fixed_decl_p (bdecl)));
  spell (bdecl, 0, text, sizeof text);
  if (expr)
    {
      const char *why = NULL;
      tree lv = NULL_TREE;
      kind = classify_bound (bdecl, loops.length (), &why, &lv);
      if (lv)
	return fail ("loop %s is bounded by %s, which reads %s, the variable "
		     "of %s loop: triangular loops are not supported", name,
		     text, decl_name (lv) ? decl_name (lv) : "?",
		     open_loop_of (lv) >= 0 ? "an enclosing" : "another");
      if (kind == BOUND_BAD)
	return fail ("the bound of loop %s, %s, %s", name, text, why);
    }
  if (le)
    {
      if (bdecl && TYPE_UNSIGNED (TREE_TYPE (var)))
	return fail ("loop %s is unsigned and tests '<=': it never ends when "
		     "the bound is 0", name);
      boff += 1;
    }
  if (bdecl && !expr && !usable_bound (bdecl, "bound"))
    return false;
  if (bdecl
      && TYPE_PRECISION (TREE_TYPE (var)) < TYPE_PRECISION (TREE_TYPE (bdecl)))
    return fail ("loop variable %s is narrower than its bound %s", name, text);
  if (!bdecl && boff > 0
      && !int_fits_type_p (build_int_cst (long_long_integer_type_node, boff),
			   TREE_TYPE (var)))
    return fail ("bound " HOST_WIDE_INT_PRINT_DEC " does not fit loop "
		 "variable %s", boff, name);
  /* A bound below an extent (n - 1, or a constant of RANGED): the loop
     runs over the extent, kept below the bound by a guard.  */
  if ((bdecl && !expr && boff < 0)
      || (!bdecl && ranged && ranged->contains (var)))
    li->hi = b, li->hi_le = le, boff = bdecl ? 0 : boff;
  li->bound_decl = bdecl;
  li->bound_off = boff;
  li->bound_rt = expr;
  li->bound_at_nest = kind == BOUND_AT_NEST;
  return true;
}

/* The start (START), step and bound of loop VAR, FOR_STMT, counting
   up, into LI.  */
bool
reader::read_up (tree for_stmt, tree start, tree var, loop_info *li)
{
  const char *name = decl_name (var);
  tree cond = FOR_COND (for_stmt);
  while (TREE_CODE (cond) == ANNOTATE_EXPR)
    cond = TREE_OPERAND (cond, 0);
  /* Start: 0, or a range's.  */
  bool lv = false;
  if (start && !integer_zerop (start) && range_value (start, &lv))
    li->lo = start;
  else if (!start || !integer_zerop (start))
    return fail_subrange (name, "starts at", start);

  /* Step: 1.  */
  tree incr = FOR_EXPR (for_stmt);
  bool step = false;
  if (incr && (TREE_CODE (incr) == POSTINCREMENT_EXPR
	       || TREE_CODE (incr) == PREINCREMENT_EXPR))
    step = TREE_OPERAND (incr, 0) == var && integer_onep (TREE_OPERAND (incr, 1));
  else if (incr && TREE_CODE (incr) == MODIFY_EXPR
	   && TREE_OPERAND (incr, 0) == var)
    {
      tree p = TREE_OPERAND (incr, 1);
      STRIP_NOPS (p);
      if (TREE_CODE (p) == PLUS_EXPR)
	{
	  tree a = strip_int (TREE_OPERAND (p, 0));
	  tree b = strip_int (TREE_OPERAND (p, 1));
	  step = (a == var && integer_onep (b)) || (b == var && integer_onep (a));
	}
    }
  if (!step)
    return fail ("loop %s does not step by 1", name);

  /* Bound.  */
  tree_code code = TREE_CODE (cond);
  tree b = (code == LT_EXPR || code == LE_EXPR
	    || (code == NE_EXPR && strip_int (TREE_OPERAND (cond, 0)) == var))
	   ? TREE_OPERAND (cond, 1) : TREE_OPERAND (cond, 0);
  return read_bound (b, code == LE_EXPR || code == GE_EXPR, var, li);
}

bool
reader::read_header (tree for_stmt, tree init, loop_info *li)
{
  tree cond = FOR_COND (for_stmt);
  while (cond && TREE_CODE (cond) == ANNOTATE_EXPR)
    cond = TREE_OPERAND (cond, 0);
  if (!cond)
    return fail ("a loop has no condition");
  tree var = loop_var_of (for_stmt);
  if (!var)
    {
      tree v = incremented_var (for_stmt);
      if (v && decl_name (v) && counts_down (for_stmt))
	return fail_down (v, for_stmt);
      if (v && decl_name (v))
	return fail ("the condition of loop %s is not of the form "
		     "'%s < bound'", decl_name (v), decl_name (v));
      return fail ("a loop condition is not of the form 'i < bound'");
    }
  const char *name = decl_name (var);
  if (!name)
    return fail ("a loop variable has no name");
  if (!INTEGRAL_TYPE_P (TREE_TYPE (var)))
    return fail ("loop variable %s is not an integer", name);
  if (TREE_THIS_VOLATILE (var))
    return fail ("loop variable %s is volatile", name);
  if (TREE_STATIC (var) || DECL_EXTERNAL (var) || DECL_CONTEXT (var) != fndecl)
    return fail ("loop variable %s is not a local variable", name);
  if (TREE_ADDRESSABLE (var))
    return fail ("the address of loop variable %s is taken", name);
  if (open_loop_of (var) >= 0)
    return fail ("loop variable %s is reused by an inner loop", name);

  /* The start.  */
  bool scoped = false;
  tree start = NULL_TREE;
  if (init && TREE_CODE (init) == DECL_EXPR && DECL_EXPR_DECL (init) == var)
    {
      scoped = !outlives_loop (var, for_stmt, facts);
      start = DECL_INITIAL (var);
    }
  else if (init && TREE_CODE (init) == MODIFY_EXPR
	   && TREE_OPERAND (init, 0) == var)
    start = TREE_OPERAND (init, 1);
  start = strip_int (start);
  li->down = down_var (for_stmt) == var;
  if (!li->down && counts_down (for_stmt)
      && incremented_var (for_stmt) == var)
    return fail_down (var, for_stmt);
  if (li->down ? !read_down (for_stmt, start, var, li)
      : !read_up (for_stmt, start, var, li))
    return false;

  li->stmt = for_stmt;
  li->var = var;
  li->scoped = scoped;
  li->parent = open.is_empty () ? -1 : open.last ();
  return true;
}

bool
reader::read_loop (tree for_stmt, tree init)
{
  loop_info li;
  memset (&li, 0, sizeof li);
  if (!read_header (for_stmt, init, &li))
    return false;
  char text[NEST_TEXT_MAX];
  if (li.hi)
    spell (strip_int (li.hi), 0, text, sizeof text);
  else
    spell (li.bound_decl, li.bound_off, text, sizeof text);
  li.id = nest_add_loop (n, decl_name (li.var),
			 li.hi ? -1 : key (li.bound_decl, li.bound_off,
					   li.bound_at_nest),
			 text, EXPR_LOCATION (for_stmt));
  if (li.id < 0)
    return fail ("the nest is too large");
  n->loop[li.id].bound_rt = li.bound_rt;
  n->loop[li.id].ranged = li.hi != NULL_TREE;
  n->loop[li.id].down = li.down;
  loops.safe_push (li);
  nest_begin (n, li.id);
  int guard = range_guard (&li, EXPR_LOCATION (for_stmt));
  if (guard == -2 || (guard >= 0
	  && nest_range (n, li.id, guard, EXPR_LOCATION (for_stmt)) < 0))
    return fail ("the nest is too large");
  open.safe_push (loops.length () - 1);
  body_next = true;
  if (!read_body (FOR_BODY (for_stmt)))
    return false;
  body_next = false;
  if (guard >= 0 && nest_endif (n, EXPR_LOCATION (for_stmt)) < 0)
    return fail ("the nest is too large");
  nest_end (n, li.id);
  open.pop ();
  return true;
}

/* Statements of a list, loops with the statement before them as their
   initialisation.  */
/* The condition of S when it is `if (C) continue;`, else NULL.  */
static tree
continue_cond (tree s)
{
  if (TREE_CODE (s) != COND_EXPR || COND_EXPR_ELSE (s))
    return NULL_TREE;
  tree t = COND_EXPR_THEN (s);
  if (t && TREE_CODE (t) == STATEMENT_LIST && !tsi_end_p (tsi_start (t))
      && tsi_one_before_end_p (tsi_start (t)))
    t = tsi_stmt (tsi_start (t));
  return t && TREE_CODE (t) == CONTINUE_STMT ? COND_EXPR_COND (s) : NULL_TREE;
}

bool
reader::read_list (tree list)
{
  /* The loop's own body: `if (C) continue;` guards what follows with
     !C.  */
  bool loop_body = body_next;
  int guards = 0;
  body_next = false;
  auto_vec<tree> stmts;
  for (tree_stmt_iterator i = tsi_start (list); !tsi_end_p (i); tsi_next (&i))
    if (TREE_CODE (tsi_stmt (i)) != DEBUG_BEGIN_STMT)
      stmts.safe_push (tsi_stmt (i));
  for (unsigned k = 0; k < stmts.length (); k++)
    {
      tree s = stmts[k];
      tree next = k + 1 < stmts.length () ? stmts[k + 1] : NULL_TREE;
      tree cc = loop_body ? continue_cond (s) : NULL_TREE;
      if (next && TREE_CODE (next) == FOR_STMT && is_init_of (s, next))
	continue;
      if (cc)
	{
	  ix_type ct;
	  int c = read_expr (cc, &ct);
	  if (c < 0)
	    return false;
	  c = negate (c, EXPR_LOCATION (s));
	  if (nest_if (n, c, EXPR_LOCATION (s)) < 0)
	    return fail ("the nest is too large");
	  guards++;
	}
      else if (TREE_CODE (s) == FOR_STMT)
	{
	  if (!read_loop (s, k > 0 ? stmts[k - 1] : NULL_TREE))
	    return false;
	}
      else if (!read_stmt (s))
	return false;
    }
  for (; guards > 0; guards--)
    if (nest_endif (n, EXPR_LOCATION (list)) < 0)
      return fail ("the nest is too large");
  return true;
}

bool
reader::read_body (tree t)
{
  if (!t)
    return true;
  if (TREE_CODE (t) == STATEMENT_LIST)
    return read_list (t);
  if (TREE_CODE (t) == BIND_EXPR)
    {
      for (tree v = BIND_EXPR_VARS (t); v; v = DECL_CHAIN (v))
	{
	  if (TREE_CODE (v) == TYPE_DECL)
	    continue;
	  const char *name = decl_name (v) ? decl_name (v) : "?";
	  if (TREE_CODE (v) != VAR_DECL)
	    return fail ("the loop body declares %s", name);
	  if (TREE_STATIC (v) || DECL_EXTERNAL (v))
	    return fail ("the loop body declares static variable %s", name);
	  if (TREE_CODE (TREE_TYPE (v)) == ARRAY_TYPE)
	    return decl_name (v)
		   ? fail ("the loop body declares array %s", name)
		   : fail ("the loop body makes an array (a compound "
			   "literal)");
	  inner.add (v);
	}
      return read_body (BIND_EXPR_BODY (t));
    }
  if (TREE_CODE (t) == FOR_STMT)
    return read_loop (t, NULL_TREE);
  return read_stmt (t);
}

/* LHS = FN (LHS, v) taking a maximum or minimum (nest_pick): fmax or
   fmin of LHS's type, else IX_PICK_NONE.  */
static ix_pick
pick_call (tree lhs, tree call)
{
  tree fn = get_callee_fndecl (call);
  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL)
      || call_expr_nargs (call) != 2
      || !operand_equal_p (CALL_EXPR_ARG (call, 0), lhs, 0))
    return IX_PICK_NONE;
  tree t = TYPE_MAIN_VARIANT (TREE_TYPE (lhs));
  switch (DECL_FUNCTION_CODE (fn))
    {
    case BUILT_IN_FMAX:
      return t == double_type_node ? IX_PICK_FMAX : IX_PICK_NONE;
    case BUILT_IN_FMAXF:
      return t == float_type_node ? IX_PICK_FMAX : IX_PICK_NONE;
    case BUILT_IN_FMIN:
      return t == double_type_node ? IX_PICK_FMIN : IX_PICK_NONE;
    case BUILT_IN_FMINF:
      return t == float_type_node ? IX_PICK_FMIN : IX_PICK_NONE;
    default:
      return IX_PICK_NONE;
    }
}

bool
reader::read_stmt (tree s)
{
  location_t loc = EXPR_LOCATION (s);
  switch (TREE_CODE (s))
    {
    case DEBUG_BEGIN_STMT:
      return true;
    case STATEMENT_LIST:
    case BIND_EXPR:
    case FOR_STMT:
      return read_body (s);
    case DECL_EXPR:
      {
	tree d = DECL_EXPR_DECL (s);
	if (!d || TREE_CODE (d) != VAR_DECL)
	  return true;
	if (!inner.contains (d))
	  return fail ("the loop body declares %s",
		       decl_name (d) ? decl_name (d) : "?");
	int o = object (d);
	if (o < 0)
	  return false;
	nest_decl (n, o, DECL_SOURCE_LOCATION (d));
	if (DECL_INITIAL (d))
	  return read_assign (d, DECL_INITIAL (d), IX_SET,
			      DECL_SOURCE_LOCATION (d));
	return true;
      }
    case MODIFY_EXPR:
    case INIT_EXPR:
      {
	/* m = c ? v : m is the if statement `if (c) m = v;` (a maximum
	   written so: nest-pick.c).  */
	tree lhs = TREE_OPERAND (s, 0), rhs = TREE_OPERAND (s, 1);
	if (TREE_CODE (s) == MODIFY_EXPR && !TREE_SIDE_EFFECTS (lhs)
	    && TREE_CODE (rhs) == COND_EXPR
	    && operand_equal_p (COND_EXPR_ELSE (rhs), lhs, 0))
	  {
	    ix_type ct;
	    int c = read_expr (COND_EXPR_COND (rhs), &ct);
	    if (c < 0)
	      return false;
	    if (nest_if (n, c, loc) < 0)
	      return fail ("the nest is too large");
	    if (!read_assign (lhs, COND_EXPR_THEN (rhs), IX_SET, loc))
	      return false;
	    if (nest_endif (n, loc) < 0)
	      return fail ("the nest is too large");
	    return true;
	  }
	/* m = fmax (m, v), m[i] = fmax (m[i], v), fmin.  */
	if (TREE_CODE (s) == MODIFY_EXPR && !TREE_SIDE_EFFECTS (lhs)
	    && TREE_CODE (rhs) == CALL_EXPR)
	  {
	    ix_pick pk = pick_call (lhs, rhs);
	    if (pk != IX_PICK_NONE)
	      return read_assign (lhs, CALL_EXPR_ARG (rhs, 1), IX_SET, loc, pk);
	  }
	return read_assign (lhs, rhs, IX_SET, loc);
      }
    case COMPOUND_EXPR:
      {
	/* A compound assignment whose right-hand side is saved first:
	   SAVE_EXPR <e>, lhs = lhs + SAVE_EXPR <e>.  */
	tree a = TREE_OPERAND (s, 0);
	while (TREE_CODE (a) == COMPOUND_EXPR
	       && TREE_CODE (TREE_OPERAND (a, 1)) == SAVE_EXPR)
	  a = TREE_OPERAND (a, 0);
	if (TREE_CODE (a) != SAVE_EXPR)
	  return fail ("the loop body has a comma expression");
	return read_stmt (TREE_OPERAND (s, 1));
      }
    case PREINCREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      {
	bool inc = (TREE_CODE (s) == PREINCREMENT_EXPR
		    || TREE_CODE (s) == POSTINCREMENT_EXPR);
	return read_assign (TREE_OPERAND (s, 0), TREE_OPERAND (s, 1),
			    inc ? IX_ADD_SET : IX_SUB_SET, loc);
      }
    case NOP_EXPR:
    case CONVERT_EXPR:
      if (VOID_TYPE_P (TREE_TYPE (s)) && !TREE_SIDE_EFFECTS (s))
	return true;
      return read_stmt (TREE_OPERAND (s, 0));
    case CALL_EXPR:
      {
	tree fn = get_callee_fndecl (s);
	if (fn && decl_name (fn))
	  return fail ("loop body calls %s", decl_name (fn));
	return fail ("loop body calls a function");
      }
    case COND_EXPR:
      {
	/* An if statement: it guards its branches (nest.h).  */
	ix_type ct;
	int c = read_expr (COND_EXPR_COND (s), &ct);
	if (c < 0)
	  return false;
	if (nest_if (n, c, loc) < 0)
	  return fail ("the nest is too large");
	if (!read_body (COND_EXPR_THEN (s)))
	  return false;
	if (COND_EXPR_ELSE (s))
	  {
	    if (nest_else (n, loc) < 0)
	      return fail ("the nest is too large");
	    if (!read_body (COND_EXPR_ELSE (s)))
	      return false;
	  }
	if (nest_endif (n, loc) < 0)
	  return fail ("the nest is too large");
	return true;
      }
    case BREAK_STMT:
      return fail ("loop body has a break");
    case CONTINUE_STMT:
      return fail ("loop body has a continue");
    case GOTO_EXPR:
    case PREDICT_EXPR:
      return fail ("loop body has a goto");
    case LABEL_EXPR:
      return fail ("loop body has a label");
    case RETURN_EXPR:
      return fail ("loop body has a return");
    case WHILE_STMT:
      return fail_while (s);
    case DO_STMT:
      return fail ("loop body has a do loop");
    case SWITCH_STMT:
      return fail ("loop body has a switch");
    case ASM_EXPR:
      return fail ("loop body has an asm statement");
    default:
      /* A value computed for nothing, (void) A[i][j].  */
      if (!TREE_SIDE_EFFECTS (s) && EXPR_P (s)
	  && TREE_CODE_CLASS (TREE_CODE (s)) != tcc_statement)
	return true;
      if (TREE_CODE_CLASS (TREE_CODE (s)) == tcc_statement
	  || !TREE_SIDE_EFFECTS (s))
	return fail ("loop body has an unsupported statement (%s)",
		     get_tree_code_name (TREE_CODE (s)));
      return fail ("loop body has an unsupported expression (%s)",
		   get_tree_code_name (TREE_CODE (s)));
    }
}

/* The nest object of variable DECL, described as the pragma would.  */
int
reader::object (tree decl)
{
  if (int *p = objs.get (decl))
    return *p;
  const char *name = decl_name (decl);
  if (!name)
    return fail ("an unnamed variable"), -1;
  if (strlen (name) >= IX_NAME_MAX)
    return fail ("name %s is too long", name), -1;
  if (TREE_THIS_VOLATILE (decl))
    return fail ("%s is volatile", name), -1;
  tree type = TREE_TYPE (decl);
  tree elt = type;
  while (TREE_CODE (elt) == ARRAY_TYPE || TREE_CODE (elt) == POINTER_TYPE)
    elt = TREE_TYPE (elt);
  if (TYPE_VOLATILE (elt) || TYPE_VOLATILE (type))
    return fail ("%s is volatile", name), -1;

  nest_obj o;
  memset (&o, 0, sizeof o);
  sparse_describe_operand (decl, &o.opd);
  snprintf (o.opd.name, sizeof o.opd.name, "%s", name);
  if (o.opd.kind == IX_OPD_OTHER)
    return fail ("%s is not an array, a tagged array or a scalar of type "
		 "double, float or an integer type", name), -1;
  sparse_operand_info *info = (sparse_operand_info *) o.opd.user;
  for (int d = 0; d < SP_MAX_RANK; d++)
    {
      o.extent_key[d] = -1;
      snprintf (o.extent_text[d], sizeof o.extent_text[d], "?");
      tree x = info ? info->extent[d] : NULL_TREE;
      tree xd;
      HOST_WIDE_INT xo;
      if (d < o.opd.rank && x && linear_value (x, &xd, &xo, true))
	{
	  spell (xd, xo, o.extent_text[d], sizeof o.extent_text[d]);
	  bool ok = true;
	  const char *why;
	  tree lv = NULL_TREE;
	  if (xd && !DECL_P (xd))
	    ok = classify_bound (xd, -1, &why, &lv) == BOUND_FIXED;
	  else if (xd)
	    ok = fixed_decl_p (xd);
	  if (ok)
	    o.extent_key[d] = key (xd, xo);
	}
    }

  bool tagged = o.opd.tagged;
  bool param = TREE_CODE (decl) == PARM_DECL;
  bool is_static = TREE_CODE (decl) == VAR_DECL
		   && (TREE_STATIC (decl) || DECL_EXTERNAL (decl)
		       || DECL_CONTEXT (decl) != fndecl);
  if (tagged)
    {
      sparse_tag tag;
      bool restricted = TREE_CODE (type) == POINTER_TYPE
			&& TYPE_RESTRICT (type);
      o.role = NEST_ROLE_DISTINCT;
      if (param && !restricted)
	o.role = NEST_ROLE_TAGGED_PARAM;
      else if (sparse_decl_tag (decl, &tag) && tag.kind == SPARSE_TAG_STATIC)
	o.role = NEST_ROLE_TAGGED_STATIC;
    }
  else if (TREE_CODE (type) == POINTER_TYPE)
    o.role = TYPE_RESTRICT (type) ? NEST_ROLE_DISTINCT
	     : param && !facts->written.contains (decl) ? NEST_ROLE_POINTER
	     : NEST_ROLE_POINTER_ANY;
  else if (is_static)
    o.role = NEST_ROLE_MEMORY;
  else if (TREE_ADDRESSABLE (decl))
    o.role = NEST_ROLE_MEMORY_LOCAL;
  else
    o.role = NEST_ROLE_DISTINCT;

  /* A scalar's value after the nest matters when anything outside the
     nest names it (or may: a nested function, another function).  */
  if (o.opd.kind == IX_OPD_SCALAR)
    {
      if (inner.contains (decl))
	o.live_out = 0;
      else if (is_static || facts->nested)
	o.live_out = 1;
      else
	{
	  int *all = facts->refs.get (decl);
	  int *in = inner_refs.get (decl);
	  o.live_out = (all ? *all : 0) > (in ? *in : 0);
	}
    }

  int id = nest_add_obj (n, &o);
  if (id < 0)
    return fail ("the nest names too many variables"), -1;
  objs.put (decl, id);
  obj_decl.safe_push (decl);
  return id;
}

/* Is IDX (a subscript of OF) the variable of an open loop?  */
bool
reader::subscript_loop (tree idx, tree of, int *loop)
{
  tree v = strip_int (idx);
  const char *name = decl_name (of) ? decl_name (of) : "?";
  if (!v || TREE_CODE (v) != VAR_DECL)
    {
      if (v && TREE_CODE (v) == INTEGER_CST)
	return fail ("a subscript of %s is a constant", name);
      return fail ("a subscript of %s is not a loop variable", name);
    }
  int l = open_loop_of (v);
  if (l < 0 && !failed)
    stray_var = v;
  if (l < 0)
    return fail ("subscript %s of %s is not the variable of a loop of the "
		 "nest", decl_name (v) ? decl_name (v) : "?", name);
  *loop = loops[l].id;
  return true;
}

/* Factors of a product, looking through conversions and SAVE_EXPRs.  */
static void
factors (tree t, vec<tree> *out)
{
  t = strip_int (t);
  if (t && TREE_CODE (t) == MULT_EXPR)
    {
      factors (TREE_OPERAND (t, 0), out);
      factors (TREE_OPERAND (t, 1), out);
      return;
    }
  out->safe_push (t);
}

/* Do the factors FA (constants multiplied) equal those of FB?  */
static bool
same_product (vec<tree> &fa, vec<tree> &fb)
{
  offset_int ca = 1, cb = 1;
  auto_vec<tree> ra, rb;
  for (unsigned k = 0; k < fa.length (); k++)
    if (fa[k] && TREE_CODE (fa[k]) == INTEGER_CST)
      ca *= wi::to_offset (fa[k]);
    else
      ra.safe_push (fa[k]);
  for (unsigned k = 0; k < fb.length (); k++)
    if (fb[k] && TREE_CODE (fb[k]) == INTEGER_CST)
      cb *= wi::to_offset (fb[k]);
    else
      rb.safe_push (fb[k]);
  if (ca != cb || ra.length () != rb.length ())
    return false;
  for (unsigned k = 0; k < ra.length (); k++)
    {
      bool found = false;
      for (unsigned l = 0; l < rb.length () && !found; l++)
	if (rb[l] && ra[k] && operand_equal_p (ra[k], rb[l], 0))
	  {
	    rb[l] = NULL_TREE;
	    found = true;
	  }
      if (!found)
	return false;
    }
  return true;
}

/* An element access: OBJ[loops...].  Returns the object, or -1.  */
int
reader::read_access (tree t, int *nidx, int *lps)
{
  tree idx[SP_MAX_RANK + 1];
  int n_rev = 0;
  while (TREE_CODE (t) == ARRAY_REF)
    {
      if (n_rev > SP_MAX_RANK)
	return fail ("an array has too many dimensions"), -1;
      if (TREE_CODE (TREE_TYPE (TREE_OPERAND (t, 0))) != ARRAY_TYPE)
	return fail ("an unsupported array access"), -1;
      idx[n_rev++] = TREE_OPERAND (t, 1);
      t = TREE_OPERAND (t, 0);
    }
  tree decl = NULL_TREE;
  tree first = NULL_TREE;	/* the subscript hidden in pointer arithmetic */
  if (TREE_CODE (t) == VAR_DECL && TREE_CODE (TREE_TYPE (t)) == ARRAY_TYPE)
    decl = t;
  else if (TREE_CODE (t) == INDIRECT_REF
	   || (TREE_CODE (t) == MEM_REF && integer_zerop (TREE_OPERAND (t, 1))))
    {
      tree p = TREE_OPERAND (t, 0);
      tree off = NULL_TREE;
      for (;;)
	{
	  STRIP_NOPS (p);
	  if (TREE_CODE (p) == SAVE_EXPR)
	    p = TREE_OPERAND (p, 0);
	  else if (TREE_CODE (p) == COMPOUND_EXPR
		   && TREE_CODE (TREE_OPERAND (p, 0)) == SAVE_EXPR)
	    p = TREE_OPERAND (p, 1);
	  else if (TREE_CODE (p) == POINTER_PLUS_EXPR && !off)
	    {
	      off = TREE_OPERAND (p, 1);
	      p = TREE_OPERAND (p, 0);
	    }
	  else
	    break;
	}
      if (TREE_CODE (p) == COMPONENT_REF
	  && TREE_CODE (TREE_TYPE (p)) == POINTER_TYPE)
	{
	  p = member_operand (p);
	  if (!p)
	    return -1;
	}
      else if ((TREE_CODE (p) != PARM_DECL && TREE_CODE (p) != VAR_DECL)
	       || TREE_CODE (TREE_TYPE (p)) != POINTER_TYPE)
	return fail ("an access through a pointer that is not a variable or "
		     "a member of a variable's structure"), -1;
      decl = p;
      const char *name = decl_name (p) ? decl_name (p) : "?";
      if (!off)
	return fail ("a subscript of %s is a constant", name), -1;
      tree rowsize = TYPE_SIZE_UNIT (TREE_TYPE (TREE_TYPE (p)));
      auto_vec<tree> fo, fr;
      factors (off, &fo);
      if (rowsize)
	factors (rowsize, &fr);
      /* OFF is the subscript times the row size: the one factor whose
	 removal leaves the row size.  */
      for (unsigned k = 0; k < fo.length () && !first && rowsize; k++)
	{
	  if (!fo[k] || TREE_CODE (fo[k]) == INTEGER_CST)
	    continue;
	  tree f = fo[k];
	  fo.ordered_remove (k);
	  if (same_product (fo, fr))
	    first = f;
	  else
	    fo.safe_insert (k, f);
	}
      if (!first)
	{
	  if (TREE_CODE (strip_int (off)) == INTEGER_CST)
	    return fail ("a subscript of %s is a constant", name), -1;
	  return fail ("a subscript of %s is not a loop variable", name), -1;
	}
      if (n_rev > SP_MAX_RANK - 1)
	return fail ("%s has too many dimensions", name), -1;
      idx[n_rev++] = first;
    }
  else if (TREE_CODE (t) == COMPONENT_REF
	   && TREE_CODE (TREE_TYPE (t)) == ARRAY_TYPE)
    {
      decl = member_operand (t);
      if (!decl)
	return -1;
    }
  else if (TREE_CODE (t) == COMPONENT_REF)
    return fail ("an access to a structure member"), -1;
  else
    return fail ("an unsupported array access"), -1;

  int o = object (decl);
  if (o < 0)
    return -1;
  const nest_obj *ob = &n->obj[o];
  if (ob->opd.kind == IX_OPD_SCALAR)
    return fail ("scalar %s is subscripted", ob->opd.name), -1;
  if (ob->opd.kind != IX_OPD_POINTER && n_rev != ob->opd.rank)
    return fail ("%s has rank %d but is used with %d subscript%s",
		 ob->opd.name, ob->opd.rank, n_rev, n_rev == 1 ? "" : "s"), -1;
  *nidx = n_rev;
  for (int k = 0; k < n_rev; k++)
    if (!subscript_loop (idx[n_rev - 1 - k], decl, &lps[k]))
      return -1;
  return o;
}

/* Is FN one of C's fmax and fmin functions?  */
static bool
min_max_call_p (tree fn)
{
  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    return false;
  switch (DECL_FUNCTION_CODE (fn))
    {
    CASE_FLT_FN (BUILT_IN_FMAX):
    CASE_FLT_FN (BUILT_IN_FMIN):
      return true;
    default:
      return false;
    }
}

/* A constant, as C types it; *TYPE its type.  */
int
reader::read_constant (tree t, ix_type *type)
{
  location_t loc = EXPR_LOCATION (t);
  ix_type ct;
  if (TREE_CODE (t) == INTEGER_CST)
    {
      /* A constant of int, long or their unsigned types keeps its type
	 and every bit; one of a narrower type (char, short) reads as the
	 int of its value, as the arithmetic around it promotes it.  */
      if (!sparse_value_type (TREE_TYPE (t), &ct))
	return fail ("a constant of unsupported type"), -1;
      ct = ix_type_is_float (ct) ? ct : ix_promote (ct);
      ix_num c = { ct, (int64_t) TREE_INT_CST_LOW (t), 0 };
      *type = ct;
      return nest_const (n, c, loc);
    }
  if (!sparse_value_type (TREE_TYPE (t), &ct))
    return fail ("a constant of unsupported type"), -1;
  /* A float constant in double arithmetic reaches here converted, a
     double constant of the same value; in float arithmetic it stays a
     float (its value exactly the float's).  */
  *type = ct == IX_F32 ? IX_F32 : IX_F64;
  double v = sparse_real_value (TREE_REAL_CST_PTR (t));
  return nest_const (n, ix_num_real (v, *type), loc);
}

/* Is FN one of C's absolute value functions (fabs, abs, labs...)?  */
static bool
abs_call_p (tree fn)
{
  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    return false;
  switch (DECL_FUNCTION_CODE (fn))
    {
    CASE_FLT_FN (BUILT_IN_FABS):
    case BUILT_IN_ABS:
    case BUILT_IN_LABS:
    case BUILT_IN_LLABS:
      return true;
    default:
      return false;
    }
}

/* An expression; *TYPE is the type index notation computes it in (the
   usual arithmetic conversions of its leaves, explicit in casts), which
   must be the type C computes it in.  */
/* (A | B) != 0 as A != 0 || B != 0, and (A | B) == 0 as A == 0 && B == 0,
   of integers: the test GCC folds `a || b` and `!a && !b` into.  NULL_TREE
   for any other comparison T.  */
static tree
split_ior_test (tree t)
{
  tree x = TREE_OPERAND (t, 0);
  if (!integer_zerop (TREE_OPERAND (t, 1)) || TREE_CODE (x) != BIT_IOR_EXPR
      || !INTEGRAL_TYPE_P (TREE_TYPE (x)))
    return NULL_TREE;
  tree side[2];
  for (int k = 0; k < 2; k++)
    {
      tree y = TREE_OPERAND (x, k);
      side[k] = build2 (TREE_CODE (t), TREE_TYPE (t), y,
			build_zero_cst (TREE_TYPE (y)));
    }
  return build2 (TREE_CODE (t) == NE_EXPR ? TRUTH_ORIF_EXPR : TRUTH_ANDIF_EXPR,
		 TREE_TYPE (t), side[0], side[1]);
}

int
reader::read_expr (tree t, ix_type *type)
{
  location_t loc = EXPR_LOCATION (t);
  switch (TREE_CODE (t))
    {
    case INTEGER_CST:
    case REAL_CST:
      return read_constant (t, type);
    case NOP_EXPR:
    case CONVERT_EXPR:
    case FLOAT_EXPR:
    case FIX_TRUNC_EXPR:
    case NON_LVALUE_EXPR:
      return read_conversion (t, type);
    case SAVE_EXPR:
      return read_expr (TREE_OPERAND (t, 0), type);
    case VAR_DECL:
    case PARM_DECL:
      {
	if (tree *arg = param_arg.get (t))
	  return read_expr (*arg, type);
	if (is_nest_loop_var (t))
	  {
	    /* The value of an open loop's variable: its index.  */
	    int l = open_loop_of (t);
	    ix_type lt;
	    tree vt = TREE_TYPE (t);
	    if (l >= 0 && sparse_value_type (vt, &lt)
		&& !ix_type_is_float (lt) && lt != IX_BOOL)
	      {
		*type = lt;
		return nest_index (n, loops[l].id, lt, loc);
	      }
	    return fail ("loop variable %s is used as a value%s",
			 decl_name (t) ? decl_name (t) : "?",
			 l >= 0 ? " and is not of an integer type" : ""), -1;
	  }
	int o = object (t);
	if (o < 0)
	  return -1;
	if (n->obj[o].opd.kind != IX_OPD_SCALAR)
	  return fail ("%s is used without subscripts", n->obj[o].opd.name), -1;
	*type = n->obj[o].opd.type;
	return nest_read (n, o, 0, NULL, loc);
      }
    case COMPONENT_REF:
      return read_member_value (t, type);
    case ARRAY_REF:
    case INDIRECT_REF:
    case MEM_REF:
      {
	int nidx, lps[SP_MAX_RANK];
	int o = read_access (t, &nidx, lps);
	if (o < 0)
	  return -1;
	*type = n->obj[o].opd.type;
	return nest_read (n, o, nidx, lps, loc);
      }
    case NEGATE_EXPR:
    case ABS_EXPR:
    case TRUTH_NOT_EXPR:
      {
	int a = read_expr (TREE_OPERAND (t, 0), type);
	if (a < 0)
	  return -1;
	ix_op op = TREE_CODE (t) == NEGATE_EXPR ? IX_NEG
		   : TREE_CODE (t) == ABS_EXPR ? IX_ABS : IX_NOT;
	*type = ix_op_type (op, *type, *type, *type);
	return in_type (nest_op2 (n, op, a, -1, loc), type, TREE_TYPE (t));
      }
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
    case RDIV_EXPR:
    case TRUNC_DIV_EXPR:
    case TRUNC_MOD_EXPR:
    case EQ_EXPR:
    case NE_EXPR:
      if (tree split = split_ior_test (t))
	return read_expr (split, type);
      return read_binary (t, type);
    case LT_EXPR:
    case LE_EXPR:
    case GT_EXPR:
    case GE_EXPR:
    case TRUTH_ANDIF_EXPR:
    case TRUTH_ORIF_EXPR:
    case TRUTH_AND_EXPR:
    case TRUTH_OR_EXPR:
      return read_binary (t, type);
    case CALL_EXPR:
      {
	tree fn = get_callee_fndecl (t);
	if (abs_call_p (fn) && call_expr_nargs (t) == 1)
	  {
	    int a = read_expr (CALL_EXPR_ARG (t, 0), type);
	    return a < 0 ? -1 : nest_op2 (n, IX_ABS, a, -1, loc);
	  }
	ix_num call;
	if (sparse_mathfn_of (fn, &call) && call_expr_nargs (t) == 1)
	  {
	    /* The argument converted to the function's type, as C does.  */
	    int a = read_expr (CALL_EXPR_ARG (t, 0), type);
	    if (a >= 0 && *type != call.type)
	      a = nest_cast (n, a, call.type, loc);
	    *type = call.type;
	    return a < 0 ? -1 : nest_call (n, call, a, loc);
	  }
	if (min_max_call_p (fn))
	  {
	    char what[64];
	    snprintf (what, sizeof what, "a minimum or maximum (%s)",
		      decl_name (fn));
	    return fail_zeros (what, t), -1;
	  }
	if (fn && decl_name (fn) && !fndecl_built_in_p (fn))
	  return read_user_call (t, fn, type);
	if (fn && decl_name (fn))
	  return fail ("loop body calls %s", decl_name (fn)), -1;
	return fail ("loop body calls a function"), -1;
      }
    case COND_EXPR:
      return read_select (t, type);
    case MIN_EXPR:
    case MAX_EXPR:
      return fail_zeros ("a minimum or maximum", t), -1;
    case MODIFY_EXPR:
    case PREINCREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      return fail ("an assignment inside an expression"), -1;
    default:
      return fail ("loop body uses an unsupported operation (%s)",
		   get_tree_code_name (TREE_CODE (t))), -1;
    }
}

bool
reader::read_assign (tree lhs, tree rhs, ix_assign op, location_t loc,
		     ix_pick pick)
{
  int obj, nidx = 0, lps[SP_MAX_RANK];
  /* a = b = e: b = e, then a = e, when e does not read b and a and b
     have one type (then a gets the value b got).  */
  if (op == IX_SET && TREE_CODE (rhs) == MODIFY_EXPR)
    {
      tree inner = TREE_OPERAND (rhs, 0), e = TREE_OPERAND (rhs, 1);
      tree b = lvalue_decl (inner);
      if (!b)
	{
	  tree p = inner;
	  while (TREE_CODE (p) == ARRAY_REF)
	    p = TREE_OPERAND (p, 0);
	  if (TREE_CODE (p) == INDIRECT_REF || TREE_CODE (p) == MEM_REF)
	    {
	      p = TREE_OPERAND (p, 0);
	      while (TREE_CODE (p) == POINTER_PLUS_EXPR || CONVERT_EXPR_P (p)
		     || TREE_CODE (p) == SAVE_EXPR)
		p = TREE_OPERAND (p, 0);
	      b = DECL_P (p) ? p : NULL_TREE;
	    }
	}
      if (!b || walk_tree_without_duplicates (&e, find_decl_r, b)
	  || TYPE_MAIN_VARIANT (TREE_TYPE (inner))
	     != TYPE_MAIN_VARIANT (TREE_TYPE (lhs)))
	return fail ("an assignment inside an expression");
      return read_assign (inner, e, IX_SET, loc)
	     && read_assign (lhs, e, IX_SET, loc);
    }
  if (TREE_CODE (lhs) == VAR_DECL || TREE_CODE (lhs) == PARM_DECL)
    {
      const char *name = decl_name (lhs) ? decl_name (lhs) : "?";
      if (is_nest_loop_var (lhs))
	return fail ("loop variable %s is written in the loop body", name);
      if (TREE_CODE (TREE_TYPE (lhs)) == POINTER_TYPE)
	return fail ("pointer %s is assigned in the loop body", name);
      if (RECORD_OR_UNION_TYPE_P (TREE_TYPE (lhs)))
	return fail ("structure %s is assigned in the loop body", name);
      obj = object (lhs);
      if (obj < 0)
	return false;
      if (n->obj[obj].opd.kind != IX_OPD_SCALAR)
	return fail ("%s is assigned as a whole", name);
      if (n->obj[obj].role == NEST_ROLE_MEMORY && n->obj[obj].opd.rank == 0
	  && TREE_ADDRESSABLE (lhs))
	return fail ("the address of %s is taken", name);
    }
  else if (TREE_CODE (lhs) == COMPONENT_REF)
    {
      char *text = print_generic_expr_to_str (lhs);
      fail ("structure member %s is assigned in the loop body", text);
      free (text);
      return false;
    }
  else
    {
      obj = read_access (lhs, &nidx, lps);
      if (obj < 0)
	return false;
      ix_type et = n->obj[obj].opd.type;
      if (et == IX_I8 || et == IX_U8)
	char_store = n->obj[obj].opd.name;
      if (!members_kept ())
	return false;
    }
  /* The conversion to the type of the left-hand side on assignment (not
     an argument's of fmax, which converts before it compares).  */
  tree r = rhs;
  if (op == IX_SET && pick == IX_PICK_NONE
      && (CONVERT_EXPR_P (r) || TREE_CODE (r) == FIX_TRUNC_EXPR
	  || TREE_CODE (r) == FLOAT_EXPR))
    r = TREE_OPERAND (r, 0);
  ix_type type;
  int e = read_expr (r, &type);
  if (e < 0)
    return false;
  if (pick != IX_PICK_NONE ? nest_pick (n, obj, nidx, lps, pick, e, loc) < 0
      : nest_assign (n, obj, nidx, lps, op, e, loc) < 0)
    return fail ("the nest is too large");
  return true;
}

} // namespace loop_reader
