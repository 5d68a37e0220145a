/* pragma.cc -- #pragma sparse einsum.

   The handler runs while the C parser is inside a function body, at the
   pragma's statement position.  It lexes the rest of the line with
   pragma_lex (every token keeps its location), hands the tokens to the
   GCC-independent parser (lowering/einsum.c) with a name lookup that asks
   the C front end what each name is, reports the parser's errors at the
   offending token, and plants a marker call __sparse_einsum (ID) with
   add_stmt.  The statement itself is kept in a table, by ID, until the
   GIMPLE pass (einsum-lower.cc) replaces the marker.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "sparse-plugin.h"
#include "einsum.h"
#include "loops.h"

static vec<sparse_einsum *> einsums;
static tree marker_decl;

tree
sparse_marker_decl (void)
{
  if (!marker_decl)
    {
      tree type = build_varargs_function_type_list (void_type_node,
						    integer_type_node,
						    NULL_TREE);
      marker_decl = build_fn_decl ("__sparse_einsum", type);
      DECL_ARTIFICIAL (marker_decl) = 1;
      TREE_NOTHROW (marker_decl) = 1;
      sparse_gc_keep (marker_decl);
    }
  return marker_decl;
}

bool
sparse_marker_call_p (tree call)
{
  return call && marker_decl && TREE_CODE (call) == CALL_EXPR
	 && get_callee_fndecl (call) == marker_decl;
}

/* A marker function NAME returning RET, made once into *DECL: calls of
   it stand for what the storage rewrite turns them into.  */
static tree
marker_fn (tree *decl, const char *name, tree ret)
{
  if (!*decl)
    {
      *decl = build_fn_decl (name, build_varargs_function_type_list
				     (ret, NULL_TREE));
      DECL_ARTIFICIAL (*decl) = 1;
      TREE_NOTHROW (*decl) = 1;
      sparse_gc_keep (*decl);
    }
  return *decl;
}

static tree dim_marker_decl, same_marker_decl;

tree
sparse_dim_marker_decl (void)
{
  return marker_fn (&dim_marker_decl, "__sparse_dim", sparse_int64_type ());
}

bool
sparse_dim_marker_call_p (tree call)
{
  return call && dim_marker_decl && TREE_CODE (call) == CALL_EXPR
	 && get_callee_fndecl (call) == dim_marker_decl;
}

tree
sparse_same_marker_decl (void)
{
  return marker_fn (&same_marker_decl, "__sparse_same", integer_type_node);
}

bool
sparse_same_marker_call_p (tree call)
{
  return call && same_marker_decl && TREE_CODE (call) == CALL_EXPR
	 && get_callee_fndecl (call) == same_marker_decl;
}

bool
sparse_marker_gcall_p (gimple *stmt)
{
  return stmt && marker_decl && is_gimple_call (stmt)
	 && gimple_call_fndecl (stmt) == marker_decl;
}

sparse_einsum *
sparse_einsum_get (int id)
{
  if (id < 0 || (unsigned) id >= einsums.length ())
    return NULL;
  return einsums[id];
}

bool
sparse_einsums_p (void)
{
  return !einsums.is_empty ();
}

/* Its operands' descriptions stay: a loop nest's statements share
   them.  */
void
sparse_einsum_release (sparse_einsum *e)
{
  einsums[e->id] = NULL;
  sparse_plan_free (e->plan);
  ix_free (e->ix);
  XDELETE (e);
}

tree
sparse_einsum_operand_decl (const sparse_einsum *e, int opd)
{
  if (!e || !e->ix || opd < 0 || opd >= e->ix->nopds)
    return NULL_TREE;
  sparse_operand_info *info = (sparse_operand_info *) e->ix->opd[opd].user;
  return info ? info->decl : NULL_TREE;
}

tree
sparse_einsum_operand_extent (const sparse_einsum *e, int opd, int dim)
{
  if (!e || !e->ix || opd < 0 || opd >= e->ix->nopds || dim < 0
      || dim >= SP_MAX_RANK)
    return NULL_TREE;
  sparse_operand_info *info = (sparse_operand_info *) e->ix->opd[opd].user;
  return info ? info->extent[dim] : NULL_TREE;
}

/* ------------------------------------------------------------------ */
/* Name lookup for the parser.  */

/* Constant extent E (an int64 tree) or -1.  */
static int64_t
const_extent (tree e)
{
  if (e && TREE_CODE (e) == INTEGER_CST && tree_fits_shwi_p (e))
    return tree_to_shwi (e);
  return -1;
}

void
sparse_describe_operand (tree decl, ix_operand *out)
{
  sparse_operand_info *info = XCNEW (sparse_operand_info);
  info->decl = decl;
  out->user = info;
  out->kind = IX_OPD_OTHER;
  if ((TREE_CODE (decl) != VAR_DECL && TREE_CODE (decl) != PARM_DECL)
      || TREE_TYPE (decl) == error_mark_node)
    return;

  TREE_USED (decl) = 1;
  DECL_READ_P (decl) = 1;

  tree type = TREE_TYPE (decl);
  sparse_tag tag;
  if (sparse_decl_tag (decl, &tag))
    {
      out->kind = IX_OPD_ARRAY;
      out->tagged = 1;
      out->fmt = tag.fmt;
      out->type = tag.elem;
      out->rank = tag.rank;
      for (int d = 0; d < tag.rank; d++)
	{
	  out->extent[d] = const_extent (tag.dim[d]);
	  info->extent[d] = tag.dim[d];
	}
      return;
    }

  tree dims[SP_MAX_RANK + 1];
  memset (dims, 0, sizeof dims);
  tree elem = NULL_TREE;
  int rank = 0;
  if (TREE_CODE (type) == ARRAY_TYPE)
    {
      rank = sparse_array_extents (type, dims, SP_MAX_RANK + 1, &elem);
      if (rank > SP_MAX_RANK || !sparse_value_type (elem, &out->type))
	return;
      out->kind = IX_OPD_ARRAY;
    }
  else if (TREE_CODE (type) == POINTER_TYPE && TREE_CODE (decl) == PARM_DECL
	   && sparse_parm_declared_array_p (decl))
    {
      /* T p[n][m]: an array whose outermost bound the front end kept
	 aside.  */
      rank = 1 + sparse_array_extents (TREE_TYPE (type), dims + 1,
				       SP_MAX_RANK, &elem);
      dims[0] = sparse_parm_outer_bound (decl);
      if (rank > SP_MAX_RANK || !sparse_value_type (elem, &out->type))
	return;
      out->kind = dims[0] ? IX_OPD_ARRAY : IX_OPD_POINTER;
    }
  else if (TREE_CODE (type) == POINTER_TYPE)
    {
      if (!sparse_value_type (TREE_TYPE (type), &out->type))
	return;
      out->kind = IX_OPD_POINTER;
      return;
    }
  else if (sparse_value_type (type, &out->type))
    {
      out->kind = IX_OPD_SCALAR;
      return;
    }
  else
    return;

  out->rank = rank;
  for (int d = 0; d < rank; d++)
    {
      out->extent[d] = const_extent (dims[d]);
      info->extent[d] = dims[d];
    }
  if (out->kind == IX_OPD_POINTER)
    out->rank = 0;
}

static int
lookup_operand (void *, const char *name, ix_operand *out)
{
  tree decl = lookup_name (get_identifier (name));
  if (!decl || decl == error_mark_node)
    return 0;
  sparse_describe_operand (decl, out);
  return 1;
}

/* ------------------------------------------------------------------ */
/* Tokens.  */

/* The source text of the token at LOC into BUF; false when it cannot be
   read.  */
static bool
token_spelling (location_t loc, char *buf, size_t cap)
{
  expanded_location s = expand_location (get_start (loc));
  expanded_location e = expand_location (get_finish (loc));
  if (!s.file || s.line != e.line || e.column < s.column || s.column < 1)
    return false;
  char_span line = location_get_source_line (s.file, s.line);
  if (!line || (size_t) e.column > line.length ())
    return false;
  size_t n = e.column - s.column + 1;
  if (n >= cap)
    n = cap - 1;
  memcpy (buf, line.get_buffer () + s.column - 1, n);
  buf[n] = 0;
  return true;
}

/* Token T for the number X, spelled as written (a value the front end
   had to cut short must be quoted as the user wrote it); false when index
   notation has no type for its value.  */
static bool
number_token (tree x, location_t loc, ein_tok *t)
{
  t->kind = EIN_NUMBER;
  if (x && TREE_CODE (x) == INTEGER_CST)
    {
      if (!token_spelling (loc, t->text, sizeof t->text))
	print_dec (wi::to_wide (x), t->text, TYPE_SIGN (TREE_TYPE (x)));
      if (!tree_fits_shwi_p (x))
	return false;
      t->num = ix_num_int (tree_to_shwi (x));
    }
  else if (x && TREE_CODE (x) == REAL_CST)
    {
      t->num = ix_num_real (sparse_real_value (TREE_REAL_CST_PTR (x)),
			    IX_F64);
      if (!token_spelling (loc, t->text, sizeof t->text))
	{
	  snprintf (t->text, sizeof t->text, "%.17g", t->num.f);
	  if (!strpbrk (t->text, ".eEni"))
	    strncat (t->text, ".0", sizeof t->text - strlen (t->text) - 1);
	}
    }
  else
    snprintf (t->text, sizeof t->text, "?");
  return true;
}

/* The code of the (at most 60) lines of FILE before line LINE, with
   comments, string and character literals and preprocessor directives
   blanked out, into BUF.  False when the text cannot be read or does not
   fit.  */
static bool
code_before_line (const char *file, int line, char *buf, size_t cap)
{
  size_t n = 0;
  bool block = false;
  for (int l = line > 60 ? line - 60 : 1; l < line; l++)
    {
      char_span span = location_get_source_line (file, l);
      if (!span)
	return false;
      const char *s = span.get_buffer ();
      size_t len = span.length (), k = 0;
      while (k < len && ISSPACE (s[k]))
	k++;
      bool directive = !block && k < len && s[k] == '#';
      char quote = 0;
      for (k = 0; k < len && n + 2 < cap; k++)
	{
	  char c = s[k];
	  if (block)
	    {
	      if (c == '*' && k + 1 < len && s[k + 1] == '/')
		block = false, k++;
	      c = ' ';
	    }
	  else if (quote)
	    {
	      if (c == '\\')
		k++;
	      else if (c == quote)
		quote = 0;
	      c = ' ';
	    }
	  else if (directive)
	    c = ' ';
	  else if (c == '/' && k + 1 < len && s[k + 1] == '*')
	    block = true, c = ' ', k++;
	  else if (c == '/' && k + 1 < len && s[k + 1] == '/')
	    {
	      k = len;
	      break;
	    }
	  else if (c == '"' || c == '\'')
	    quote = c, c = ' ';
	  buf[n++] = c;
	}
      if (k < len || n + 2 >= cap)
	return false;
      buf[n++] = '\n';
    }
  buf[n] = 0;
  return true;
}

/* Whether the pragma at LOC stands where GCC's parser takes it for the
   whole body of an if, else or loop: right after the parenthesised
   header of if, for, while or switch, or after else or do.  GCC runs the
   handler and parses on, so that the next statement would become that
   body as well.  */
static bool
unbraced_body_p (location_t loc)
{
  if (from_macro_expansion_at (loc))
    return false;
  expanded_location x = expand_location (loc);
  static char buf[60 * 256];
  if (!x.file || x.line < 2
      || !code_before_line (x.file, x.line, buf, sizeof buf))
    return false;
  long p = (long) strlen (buf);
  while (p > 0 && ISSPACE (buf[p - 1]))
    p--;
  if (p > 0 && buf[p - 1] == ')')
    {
      /* The matching parenthesis, then the word before it.  */
      int depth = 0;
      for (p--; p >= 0; p--)
	if (buf[p] == ')')
	  depth++;
	else if (buf[p] == '(' && --depth == 0)
	  break;
      while (p > 0 && ISSPACE (buf[p - 1]))
	p--;
    }
  long w = p;
  while (w > 0 && (ISALNUM (buf[w - 1]) || buf[w - 1] == '_'))
    w--;
  static const char *const words[] = { "if", "for", "while", "switch",
				       "else", "do" };
  for (size_t k = 0; k < ARRAY_SIZE (words); k++)
    if ((long) strlen (words[k]) == p - w
	&& strncmp (buf + w, words[k], p - w) == 0)
      return true;
  return false;
}

static void
handle_pragma_einsum (cpp_reader *)
{
  location_t ploc = input_location;
  auto_vec<ein_tok> toks;
  tree x;
  location_t loc;
  enum cpp_ttype tt;
  bool bad = false;

  while ((tt = pragma_lex (&x, &loc)) != CPP_EOF)
    {
      ein_tok t;
      memset (&t, 0, sizeof t);
      t.loc = loc;
      switch (tt)
	{
	case CPP_NAME:
	  t.kind = EIN_NAME;
	  snprintf (t.text, sizeof t.text, "%s", IDENTIFIER_POINTER (x));
	  break;
	case CPP_NUMBER:
	  if (!number_token (x, loc, &t))
	    {
	      if (!bad)
		error_at (loc, "integer constant %qs does not fit %<long%>, "
			  "the widest integer of index notation", t.text);
	      bad = true;
	      continue;
	    }
	  break;
	case CPP_STRING:
	case CPP_CHAR:
	  if (!bad)
	    error_at (loc, "unexpected literal in %<#pragma sparse einsum%>");
	  bad = true;
	  continue;
	default:
	  t.kind = EIN_PUNCT;
	  snprintf (t.text, sizeof t.text, "%s", cpp_type2name (tt, 0));
	  break;
	}
      toks.safe_push (t);
    }
  if (bad)
    return;

  if (!current_function_decl || !building_stmt_list_p ())
    {
      error_at (ploc, "%<#pragma sparse einsum%> must be inside a function "
		"body, where its statement runs");
      return;
    }
  if (toks.is_empty ())
    {
      error_at (ploc, "%<#pragma sparse einsum%> needs a statement, e.g. "
		"%<y(i) = A(i,j) * x(j)%>");
      return;
    }
  if (unbraced_body_p (ploc))
    {
      error_at (ploc, "%<#pragma sparse einsum%> cannot be the whole body "
		"of an %<if%>, %<else%> or loop: GCC would take the next "
		"statement into that body as well");
      inform (ploc, "put the pragma in braces");
      return;
    }

  ein_error err;
  memset (&err, 0, sizeof err);
  ix_stmt *ix = einsum_parse (toks.address (), toks.length (), lookup_operand,
			      NULL, &err);
  if (!ix)
    {
      location_t eloc = err.loc ? (location_t) err.loc : ploc;
      error_at (eloc, "%s", err.msg);
      return;
    }

  add_stmt (sparse_einsum_register (ix, toks[0].loc, current_function_decl,
				    false, NULL));
}

tree
sparse_einsum_register (ix_stmt *ix, location_t loc, tree fndecl, bool nest,
			ix_split *plan)
{
  sparse_einsum *e = XCNEW (sparse_einsum);
  e->id = einsums.length ();
  e->ix = ix;
  e->plan = plan;
  e->loc = loc;
  e->fndecl = fndecl;
  e->nest = nest;
  for (int o = 0; o < ix->nopds; o++)
    if (ix->opd[o].tagged)
      e->ntagged++;
  einsums.safe_push (e);

  /* The statement outlives the parse: keep the trees it names (extent
     expressions built here especially) alive until the GIMPLE pass.  */
  for (int o = 0; o < ix->nopds; o++)
    if (sparse_operand_info *info = (sparse_operand_info *) ix->opd[o].user)
      {
	sparse_gc_keep (info->decl);
	for (int d = 0; d < SP_MAX_RANK; d++)
	  sparse_gc_keep (info->extent[d]);
      }

  return build_call_expr_loc (e->loc, sparse_marker_decl (), 1,
			      build_int_cst (integer_type_node, e->id));
}

void
sparse_register_pragmas (void *, void *)
{
  c_register_pragma_with_expansion ("sparse", "einsum", handle_pragma_einsum);
}

/* Extent DIM of untagged operand OPD: an array's type says it (its VLA
   bounds are gimplified by now); a parameter's bounds were captured at
   the pragma.  */
tree
sparse_einsum_dense_extent (const sparse_einsum *e, int opd, int dim)
{
  tree decl = sparse_einsum_operand_decl (e, opd);
  if (!decl || dim < 0 || dim >= SP_MAX_RANK)
    return NULL_TREE;
  tree type = TREE_TYPE (decl);
  if (TREE_CODE (type) == ARRAY_TYPE)
    {
      tree dims[SP_MAX_RANK + 1];
      memset (dims, 0, sizeof dims);
      sparse_array_extents (type, dims, SP_MAX_RANK + 1, NULL);
      return dims[dim] ? unshare_expr (dims[dim]) : NULL_TREE;
    }
  tree x = sparse_einsum_operand_extent (e, opd, dim);
  return x ? unshare_expr (x) : NULL_TREE;
}
