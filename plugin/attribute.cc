/* attribute.cc -- the sparse(FMT) attribute.

   The handler validates where the attribute sits (an array: a parameter
   declared with array syntax, a local or a file-scope array), the element
   type, and the format string, which is parsed by the one format parser
   (attrs/format_parse.c) with the array's rank.  Errors are located: a bad
   format string gets a caret at the offending character when the literal
   can be found in the source.

   A tagged parameter's pointer type also gets the attribute, so that the
   function type says which parameters take tensor handles: a call can
   then check what it passes.  The attribute does not affect type
   identity, so this changes no type compatibility.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "sparse-plugin.h"

static const char *const elem_names = "double, float, int32_t (int) or "
				      "int64_t (long)";

int
sparse_array_extents (tree type, tree *dims, int max, tree *elem)
{
  int n = 0;
  while (type && TREE_CODE (type) == ARRAY_TYPE)
    {
      if (n < max)
	{
	  tree dom = TYPE_DOMAIN (type);
	  tree ext = NULL_TREE;
	  if (dom && TYPE_MAX_VALUE (dom)
	      && TYPE_MAX_VALUE (dom) != error_mark_node)
	    {
	      tree nelts = array_type_nelts (type);
	      if (nelts && nelts != error_mark_node)
		ext = fold_build2 (PLUS_EXPR, sparse_int64_type (),
				   fold_convert (sparse_int64_type (), nelts),
				   build_int_cst (sparse_int64_type (), 1));
	    }
	  dims[n] = ext;
	}
      n++;
      type = TREE_TYPE (type);
    }
  if (elem)
    *elem = type;
  return n;
}

/* ------------------------------------------------------------------ */
/* Parameters.  The C front end adjusts T p[n][m] to T (*p)[m] before
   attributes are applied, and records the lost bound in an internal
   "arg spec" attribute (c-decl.cc, get_parm_array_spec): a string such
   as "[$$]" or "[10]" giving the bounds minor first, and a chain of the
   variable bounds, major first.  The outermost bound is the last item
   of the string: digits for a constant, '$' for a variable (then the
   first element of the chain), ' ' or '*' when unspecified.  */

static tree
parm_arg_spec (tree parm)
{
  if (!parm || TREE_CODE (parm) != PARM_DECL)
    return NULL_TREE;
  tree a = lookup_attribute ("arg spec", DECL_ATTRIBUTES (parm));
  if (!a || !TREE_VALUE (a) || TREE_CODE (TREE_VALUE (a)) != TREE_LIST)
    return NULL_TREE;
  return TREE_VALUE (a);
}

bool
sparse_parm_declared_array_p (tree parm)
{
  tree spec = parm_arg_spec (parm);
  return spec && TREE_VALUE (spec)
	 && TREE_CODE (TREE_VALUE (spec)) == STRING_CST;
}

tree
sparse_parm_outer_bound (tree parm)
{
  tree spec = parm_arg_spec (parm);
  if (!spec || !TREE_VALUE (spec) || TREE_CODE (TREE_VALUE (spec)) != STRING_CST)
    return NULL_TREE;
  const char *s = TREE_STRING_POINTER (TREE_VALUE (spec));
  size_t len = strlen (s);
  if (len < 2 || s[0] != '[' || s[len - 1] != ']')
    return NULL_TREE;
  const char *end = s + len - 1;	/* at ']' */
  char last = end[-1];
  if (ISDIGIT (last))
    {
      const char *p = end;
      while (p > s + 1 && ISDIGIT (p[-1]))
	p--;
      unsigned long long v = strtoull (p, NULL, 10);
      return build_int_cst (sparse_int64_type (), (HOST_WIDE_INT) v);
    }
  if (last == '$')
    {
      tree chain = TREE_CHAIN (spec);
      if (!chain || !TREE_VALUE (chain))
	return NULL_TREE;
      tree bound = TREE_VALUE (chain);
      if (bound == error_mark_node || TREE_SIDE_EFFECTS (bound)
	  || !INTEGRAL_TYPE_P (TREE_TYPE (bound)))
	return NULL_TREE;
      return fold_convert (sparse_int64_type (), bound);
    }
  return NULL_TREE;
}

/* ------------------------------------------------------------------ */
/* Locating the format literal.  Attribute arguments reach the handler
   without a location, so the literal is looked up in the source near the
   declaration: the same text between quotes, on the lines from the start
   of the declaration to a few lines after its name.  Found, it yields a
   location spanning the literal, and GCC's own substring machinery (as
   used for format strings) puts the caret on a character inside it.  */

struct literal_pos
{
  int line, first, last;	/* columns of the quotes, 1-based */
};

static bool
find_literal (const char *file, int line0, int line1, int dline, int dcol,
	      const char *text, literal_pos *out)
{
  size_t tlen = strlen (text);
  bool in_comment = false;
  bool have_before = false, have_after = false;
  literal_pos before = { 0, 0, 0 }, after = { 0, 0, 0 };

  for (int line = line0; line <= line1 && !have_after; line++)
    {
      char_span span = location_get_source_line (file, line);
      if (!span)
	break;
      const char *b = span.get_buffer ();
      int n = (int) span.length ();
      for (int i = 0; i < n; i++)
	{
	  if (in_comment)
	    {
	      if (b[i] == '*' && i + 1 < n && b[i + 1] == '/')
		{
		  in_comment = false;
		  i++;
		}
	      continue;
	    }
	  if (b[i] == '/' && i + 1 < n && b[i + 1] == '/')
	    break;
	  if (b[i] == '/' && i + 1 < n && b[i + 1] == '*')
	    {
	      in_comment = true;
	      i++;
	      continue;
	    }
	  if (b[i] != '"' && b[i] != '\'')
	    continue;
	  char q = b[i];
	  int j = i + 1;
	  bool escapes = false;
	  while (j < n && b[j] != q)
	    {
	      if (b[j] == '\\')
		{
		  escapes = true;
		  j++;
		}
	      j++;
	    }
	  if (j >= n)
	    break;
	  if (q == '"' && !escapes && (size_t) (j - i - 1) == tlen
	      && memcmp (b + i + 1, text, tlen) == 0)
	    {
	      literal_pos p = { line, i + 1, j + 1 };
	      if (line > dline || (line == dline && i + 1 >= dcol))
		{
		  after = p;
		  have_after = true;
		  break;
		}
	      before = p;
	      have_before = true;
	    }
	  i = j;
	}
    }
  if (have_after)
    *out = after;
  else if (have_before)
    *out = before;
  return have_after || have_before;
}

/* A location for LINE:COL in the file of ordinary map MAP, or
   UNKNOWN_LOCATION.  */
static location_t
position_in_map (const line_map_ordinary *map, int line, int col)
{
  if (!map || line < (int) ORDINARY_MAP_STARTING_LINE_NUMBER (map)
      || col <= 0)
    return UNKNOWN_LOCATION;
  location_t loc = linemap_position_for_line_and_column (line_table, map,
							  line, col);
  if (linemap_lookup (line_table, loc) != map)
    return UNKNOWN_LOCATION;
  expanded_location x = expand_location (loc);
  if (x.line != line || x.column != col)
    return UNKNOWN_LOCATION;
  return loc;
}

/* Where to report an error at byte OFFSET of the format STR of DECL.  */
static location_t
format_error_location (tree decl, tree str, int offset)
{
  location_t dloc = DECL_SOURCE_LOCATION (decl);
  location_t sloc = linemap_resolve_location (line_table, dloc,
					      LRK_SPELLING_LOCATION, NULL);
  if (sloc <= BUILTINS_LOCATION)
    return dloc;
  const line_map *m = linemap_lookup (line_table, sloc);
  if (!m || !MAP_ORDINARY_P (m))
    return dloc;
  const line_map_ordinary *map = linemap_check_ordinary (m);
  expanded_location dx = expand_location (sloc);
  if (!dx.file)
    return dloc;

  int line0 = dx.line;
  location_t from = linemap_resolve_location (line_table, input_location,
					      LRK_SPELLING_LOCATION, NULL);
  if (from > BUILTINS_LOCATION)
    {
      expanded_location fx = expand_location (from);
      if (fx.file && strcmp (fx.file, dx.file) == 0 && fx.line < line0
	  && fx.line >= dx.line - 20)
	line0 = fx.line;
    }

  literal_pos p;
  if (!find_literal (dx.file, line0, dx.line + 8, dx.line, dx.column,
		     TREE_STRING_POINTER (str), &p))
    return dloc;
  location_t first = position_in_map (map, p.line, p.first);
  location_t last = position_in_map (map, p.line, p.last);
  if (first == UNKNOWN_LOCATION || last == UNKNOWN_LOCATION)
    return dloc;
  location_t whole = make_location (first, first, last);

  int len = TREE_STRING_LENGTH (str) - 1;
  if (offset < 0)
    return whole;
  if (offset >= len)
    return make_location (last, first, last);

  location_t loc;
  substring_loc sub (whole, TREE_TYPE (str), offset, offset, offset);
  if (sub.get_location (&loc) == NULL)
    return loc;
  location_t caret = position_in_map (map, p.line, p.first + 1 + offset);
  return caret != UNKNOWN_LOCATION ? make_location (caret, first, last)
				   : whole;
}

/* ------------------------------------------------------------------ */
/* The handler.  */

/* True while the parameter declarations of an old-style (K&R)
   definition are read: the function is already being defined, without a
   prototype.  */
static bool
old_style_parm_p (void)
{
  return current_function_decl
	 && !prototype_p (TREE_TYPE (current_function_decl));
}

/* The rank and element type of the array DECL declares, the type that
   the checks describe it as, or false with an error given.  */
static bool
decl_array_shape (tree decl, tree name, int *rank, tree *elem)
{
  tree type = TREE_TYPE (decl);
  tree dims[SP_MAX_RANK + 1];

  if (TREE_CODE (decl) == PARM_DECL)
    {
      /* T p[n][m], or T (*p)[m], which C makes the same type as
	 T p[][m] (not in an old-style definition, where T p[n][m] is
	 that type too).  */
      bool arrays = TREE_CODE (type) == POINTER_TYPE
		    && (sparse_parm_declared_array_p (decl)
			|| (TREE_CODE (TREE_TYPE (type)) == ARRAY_TYPE
			    && !old_style_parm_p ()));
      if (!arrays)
	{
	  if (TREE_CODE (type) == POINTER_TYPE && old_style_parm_p ())
	    error_at (DECL_SOURCE_LOCATION (decl),
		      "%qE attribute on parameter %qD of an old-style "
		      "definition, where C keeps no array type for it, only a "
		      "pointer; define %qD with a prototype, e.g. %<(int n, "
		      "double %E[n][n] SPARSE (\"CSR\"))%>", name, decl,
		      current_function_decl, DECL_NAME (decl));
	  else if (TREE_CODE (type) == POINTER_TYPE)
	    error_at (DECL_SOURCE_LOCATION (decl),
		      "%qE attribute on parameter %qD, which is declared as a "
		      "pointer; declare it as an array, e.g. %<double %E[n][m]"
		      "%>", name, decl, DECL_NAME (decl));
	  else
	    error_at (DECL_SOURCE_LOCATION (decl),
		      "%qE attribute on parameter %qD, which is not an array",
		      name, decl);
	  return false;
	}
      *rank = 1 + sparse_array_extents (TREE_TYPE (type), dims,
					SP_MAX_RANK + 1, elem);
      return true;
    }

  if (TREE_CODE (type) != ARRAY_TYPE)
    {
      error_at (DECL_SOURCE_LOCATION (decl),
		"%qE attribute on %qD, which is not an array; it tags array "
		"variables and array parameters", name, decl);
      return false;
    }
  *rank = sparse_array_extents (type, dims, SP_MAX_RANK + 1, elem);
  for (int d = 0; d < *rank && d < SP_MAX_RANK; d++)
    if (!dims[d])
      {
	error_at (DECL_SOURCE_LOCATION (decl),
		  "sparse array %qD needs the extent of dimension %d",
		  decl, d + 1);
	return false;
      }
  return true;
}

static tree
handle_sparse_attribute (tree *node, tree name, tree args, int,
			 bool *no_add_attrs)
{
  tree decl = *node;
  *no_add_attrs = true;

  if (!decl || decl == error_mark_node)
    return NULL_TREE;
  if (!DECL_P (decl))
    {
      error ("%qE attribute applies to array declarations, not to types; "
	     "write it after the declarator, as in "
	     "%<double A[n][m] SPARSE (\"CSR\")%>", name);
      return NULL_TREE;
    }

  location_t dloc = DECL_SOURCE_LOCATION (decl);
  switch (TREE_CODE (decl))
    {
    case PARM_DECL:
    case VAR_DECL:
      break;
    case FIELD_DECL:
      error_at (dloc, "%qE attribute cannot tag structure member %qD; tag "
		"an array variable or parameter instead", name, decl);
      return NULL_TREE;
    case TYPE_DECL:
      error_at (dloc, "%qE attribute cannot tag typedef %qD; tag the "
		"variable or parameter declared with it", name, decl);
      return NULL_TREE;
    case FUNCTION_DECL:
      error_at (dloc, "%qE attribute cannot tag function %qD; tag its "
		"array parameters", name, decl);
      return NULL_TREE;
    default:
      error_at (dloc, "%qE attribute cannot tag %qD", name, decl);
      return NULL_TREE;
    }

  if (TREE_TYPE (decl) == error_mark_node)
    return NULL_TREE;

  tree arg = args ? TREE_VALUE (args) : NULL_TREE;
  if (arg)
    STRIP_NOPS (arg);
  if (!arg || TREE_CODE (arg) != STRING_CST
      || TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (arg))) != char_type_node)
    {
      error_at (dloc, "the argument of %qE must be a format string literal, "
		"e.g. %<\"CSR\"%> or %<\"D,CU\"%>", name);
      return NULL_TREE;
    }

  if (VAR_P (decl) && DECL_THREAD_LOCAL_P (decl))
    {
      error_at (dloc, "thread-local sparse array %qD is not supported", decl);
      return NULL_TREE;
    }
  if (VAR_P (decl) && DECL_REGISTER (decl))
    {
      error_at (dloc, "sparse array %qD cannot be %<register%>", decl);
      return NULL_TREE;
    }

  int rank = 0;
  tree elem = NULL_TREE;
  if (!decl_array_shape (decl, name, &rank, &elem))
    return NULL_TREE;
  if (rank > SP_MAX_RANK)
    {
      error_at (dloc, "sparse array %qD has rank %d; at most %d dimensions "
		"are supported", decl, rank, SP_MAX_RANK);
      return NULL_TREE;
    }
  ix_type st;
  if (!sparse_elem_type (elem, &st))
    {
      error_at (dloc, "sparse array %qD has element type %qT; the element "
		"type must be %s", decl, elem, elem_names);
      return NULL_TREE;
    }
  if (TYPE_VOLATILE (elem) || TYPE_ATOMIC (elem))
    {
      error_at (dloc, "sparse array %qD cannot have %<volatile%> or "
		"%<_Atomic%> elements", decl);
      return NULL_TREE;
    }

  sp_format fmt;
  sp_format_error err;
  memset (&err, 0, sizeof err);
  if (sp_format_parse (TREE_STRING_POINTER (arg), rank, &fmt, &err) != 0)
    {
      location_t loc = format_error_location (decl, arg, err.offset);
      error_at (loc, "invalid sparse format %qs for %qD: %s",
		TREE_STRING_POINTER (arg), decl, err.msg);
      return NULL_TREE;
    }
  if (fmt.rank != rank)
    {
      location_t loc = format_error_location (decl, arg, -1);
      error_at (loc, "sparse format %qs describes rank %d but %qD has rank "
		"%d", TREE_STRING_POINTER (arg), fmt.rank, decl, rank);
      return NULL_TREE;
    }

  /* A second sparse attribute must say the same.  */
  tree prev = lookup_attribute ("sparse", DECL_ATTRIBUTES (decl));
  if (prev)
    {
      tree parg = TREE_VALUE (prev) ? TREE_VALUE (TREE_VALUE (prev))
				     : NULL_TREE;
      sp_format pf;
      if (parg && TREE_CODE (parg) == STRING_CST
	  && sp_format_parse (TREE_STRING_POINTER (parg), rank, &pf, &err) == 0
	  && sp_format_equal (&pf, &fmt))
	return NULL_TREE;
      error_at (dloc, "conflicting sparse formats for %qD", decl);
      return NULL_TREE;
    }

  if (TREE_CODE (decl) == PARM_DECL)
    {
      tree type = TREE_TYPE (decl);
      tree attrs = tree_cons (name, args, TYPE_ATTRIBUTES (type));
      TREE_TYPE (decl) = build_type_attribute_variant (type, attrs);
    }
  *no_add_attrs = false;
  return NULL_TREE;
}

static struct attribute_spec sparse_attribute_spec =
{
  "sparse", 1, 1, false, false, false, false, handle_sparse_attribute, NULL
};

void
sparse_register_attributes (void *, void *)
{
  register_attribute (&sparse_attribute_spec);
}

/* ------------------------------------------------------------------ */
/* Queries.  */

static tree
attr_string (tree attr)
{
  if (!attr || !TREE_VALUE (attr))
    return NULL_TREE;
  tree s = TREE_VALUE (TREE_VALUE (attr));
  if (s)
    STRIP_NOPS (s);
  return s && TREE_CODE (s) == STRING_CST ? s : NULL_TREE;
}

bool
sparse_decl_tagged_p (tree decl)
{
  return decl && (TREE_CODE (decl) == VAR_DECL
		  || TREE_CODE (decl) == PARM_DECL)
	 && TREE_TYPE (decl) != error_mark_node
	 && lookup_attribute ("sparse", DECL_ATTRIBUTES (decl));
}

const char *
sparse_type_format (tree type)
{
  if (!type || !TYPE_P (type))
    return NULL;
  tree s = attr_string (lookup_attribute ("sparse", TYPE_ATTRIBUTES (type)));
  return s ? TREE_STRING_POINTER (s) : NULL;
}

bool
sparse_decl_tag (tree decl, sparse_tag *tag)
{
  if (!sparse_decl_tagged_p (decl))
    return false;
  tree s = attr_string (lookup_attribute ("sparse", DECL_ATTRIBUTES (decl)));
  if (!s)
    return false;

  memset (tag, 0, sizeof *tag);
  tag->decl = decl;
  tag->fmtstr = TREE_STRING_POINTER (s);
  tree type = TREE_TYPE (decl);
  tree elem = NULL_TREE;
  if (TREE_CODE (decl) == PARM_DECL)
    {
      if (TREE_CODE (type) != POINTER_TYPE)
	return false;
      tag->kind = SPARSE_TAG_PARAM;
      tag->rank = 1 + sparse_array_extents (TREE_TYPE (type), tag->dim + 1,
					    SP_MAX_RANK - 1, &elem);
      tag->dim[0] = sparse_parm_outer_bound (decl);
    }
  else
    {
      if (TREE_CODE (type) != ARRAY_TYPE)
	return false;
      tag->kind = (TREE_STATIC (decl) || DECL_EXTERNAL (decl)
		   || lookup_attribute ("sparse static",
					DECL_ATTRIBUTES (decl)))
		  ? SPARSE_TAG_STATIC : SPARSE_TAG_AUTO;
      tag->rank = sparse_array_extents (type, tag->dim, SP_MAX_RANK, &elem);
    }
  if (tag->rank < 1 || tag->rank > SP_MAX_RANK || !elem)
    return false;
  tag->elem_type = TYPE_MAIN_VARIANT (elem);
  if (!sparse_elem_type (elem, &tag->elem))
    return false;
  sp_format_error err;
  if (sp_format_parse (tag->fmtstr, tag->rank, &tag->fmt, &err) != 0)
    return false;
  return true;
}

/* ------------------------------------------------------------------ */
/* Static storage.  A tagged array of static storage duration (file scope
   or a static local) must not occupy its dense size: its declaration is
   turned into an external one that nothing references once every access
   is rewritten, and the handle lives in a hidden slot, a pointer-sized
   variable with the same linkage, created on first use by the runtime.
   The slot of a public array is named after the array's assembler name,
   so every translation unit that declares the array tagged finds it.  */

static hash_map<tree, tree> *static_slots;

tree
sparse_static_slot (tree decl)
{
  if (!static_slots)
    static_slots = new hash_map<tree, tree>;
  tree *p = static_slots->get (decl);
  if (p)
    return *p;

  const char *base = IDENTIFIER_POINTER (DECL_NAME (decl));
  char *name;
  if (TREE_PUBLIC (decl))
    name = concat ("__sparse_handle_",
		   IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl)), NULL);
  else
    name = concat (base, ".sparse", NULL);
  tree slot = build_decl (DECL_SOURCE_LOCATION (decl), VAR_DECL,
			  get_identifier (name), sparse_handle_type ());
  free (name);
  TREE_PUBLIC (slot) = TREE_PUBLIC (decl);
  DECL_ARTIFICIAL (slot) = 1;
  DECL_IGNORED_P (slot) = 1;
  TREE_USED (slot) = 1;
  TREE_ADDRESSABLE (slot) = 1;
  DECL_EXTERNAL (slot) = 1;
  TREE_STATIC (slot) = 0;
  if (!TREE_PUBLIC (decl))
    {
      /* A static array is defined here by definition; a static local's
	 slot is a static local of the same function (and so gets a unique
	 assembler name).  */
      DECL_EXTERNAL (slot) = 0;
      TREE_STATIC (slot) = 1;
      DECL_CONTEXT (slot) = DECL_CONTEXT (decl);
    }
  sparse_gc_keep (slot);
  sparse_gc_keep (decl);
  static_slots->put (decl, slot);
  if (TREE_STATIC (slot))
    {
      DECL_INITIAL (slot) = null_pointer_node;
      varpool_node::finalize_decl (slot);
    }
  return slot;
}

/* Make the slot of DECL a definition of this unit.  */
static void
define_static_slot (tree decl)
{
  tree slot = sparse_static_slot (decl);
  if (TREE_STATIC (slot))
    return;
  DECL_EXTERNAL (slot) = 0;
  TREE_STATIC (slot) = 1;
  DECL_INITIAL (slot) = null_pointer_node;
  varpool_node::finalize_decl (slot);
}

void
sparse_finish_decl (void *gcc_data, void *)
{
  tree decl = (tree) gcc_data;
  if (!decl || TREE_CODE (decl) != VAR_DECL || !sparse_decl_tagged_p (decl))
    return;

  if (DECL_INITIAL (decl) && DECL_INITIAL (decl) != error_mark_node)
    {
      error_at (DECL_SOURCE_LOCATION (decl),
		"sparse array %qD cannot have an initializer; it starts "
		"all-zero: assign its nonzero elements instead", decl);
      /* Go on with a dense array: one error is enough.  */
      DECL_ATTRIBUTES (decl) = remove_attribute ("sparse",
						 DECL_ATTRIBUTES (decl));
      return;
    }

  if (!TREE_STATIC (decl) && !DECL_EXTERNAL (decl))
    return;

  sparse_tag tag;
  if (!sparse_decl_tag (decl, &tag))
    return;
  for (int d = 0; d < tag.rank; d++)
    if (!tag.dim[d] || TREE_CODE (tag.dim[d]) != INTEGER_CST)
      {
	error_at (DECL_SOURCE_LOCATION (decl),
		  "sparse array %qD of static storage needs constant extents",
		  decl);
	return;
      }

  /* Remember that the array is of static storage even after its
     declaration turns external below.  */
  if (!lookup_attribute ("sparse static", DECL_ATTRIBUTES (decl)))
    DECL_ATTRIBUTES (decl) = tree_cons (get_identifier ("sparse static"),
					NULL_TREE, DECL_ATTRIBUTES (decl));

  if (TREE_STATIC (decl) && !DECL_EXTERNAL (decl))
    {
      define_static_slot (decl);
      /* No dense storage: the declaration becomes an external one, with
	 no symbol table entry, that nothing will reference.  */
      if (varpool_node *node = varpool_node::get (decl))
	node->remove ();
      TREE_STATIC (decl) = 0;
      DECL_EXTERNAL (decl) = 1;
    }
  else
    sparse_static_slot (decl);
}
