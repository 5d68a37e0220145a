/* nest-while.cc -- counted while loops read as the for loops they are.

   Before the recognizer (recognize.cc) reads a function's nests, each
   while loop of the function

     INIT; while (COND) { BODY; STEP; }

   whose last statement STEP increments or decrements an integer
   variable i that COND compares (i++, ++i, i += 1, i = i + 1, i--,
   i -= 1, ...), whose BODY has no continue of its own (one skips STEP
   in a while loop, and runs it in a for loop; the continues of loops
   inside are theirs), neither writes i nor takes its address, and
   whose INIT, the statement just before it, sets i (i = e; or
   int i = e;), becomes

     INIT; for (; COND; STEP) BODY

   which means the same.  The C front end keeps a for loop's
   initialisation as the statement before its FOR_STMT, so INIT stays
   where it is and the reader takes it for the loop's start, as it does
   for `for (i = 0; ...)`.  So does the unsigned idiom
   `INIT; while (i-- > 0) BODY`, which is `for (; i-- > 0; ) BODY`.
   The FOR_STMT has the while's location, so that what is said of the
   loop points at the while; whatever then becomes of it (sparsified,
   refused, or a walk of a row), it runs as the while did.

   A while loop that is not read so stays a WHILE_STMT, with the reason
   (sparse_while_refusal) and its variable (sparse_while_var): the
   storage rewrite's remark of its accesses gives the reason, and so do
   the recognizer's refusals of a nest holding it (reader::fail_while)
   and of a nest inside it subscripted by its variable.

   A variable declared just before its loop (`int i = 0;` before a
   while loop, or before `for (; i < n; i++)`) may be read after it:
   whether it is (outlives_loop) decides whether the loops must leave it
   at its final value.

   Only functions that reference a tagged array are read.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "nest-reader.h"
#include "storage-int.h"

/* The while loops of the function not read as for loops, with why.  */
static hash_map<tree, char *> *while_refusals;
/* ... and their variables (the one the condition compares).  */
static hash_map<tree, tree> *while_vars;
/* The FOR_STMTs that were while loops.  */
static hash_set<tree> *while_fors;

const char *
sparse_while_refusal (tree loop)
{
  char **why = while_refusals && loop ? while_refusals->get (loop) : NULL;
  return why ? *why : NULL;
}

tree
sparse_while_var (tree loop)
{
  tree *var = while_vars && loop ? while_vars->get (loop) : NULL;
  return var ? *var : NULL_TREE;
}

bool
sparse_while_read_p (tree loop)
{
  return while_fors && loop && while_fors->contains (loop);
}

namespace loop_reader {

/* Does VAR, declared by the statement before loop FOR_STMT, outlive it:
   is it referenced outside the two?  FACTS counts each reference of the
   function, the declaration with its initialiser as one.  */
bool
outlives_loop (tree var, tree for_stmt, fn_facts *facts)
{
  hash_map<tree, int> inside;
  walk_tree (&for_stmt, count_refs_r, &inside, NULL);
  int *all = facts->refs.get (var);
  int *in = inside.get (var);
  return (all ? *all : 0) > (in ? *in : 0) + 1;
}

/* Fail: the loop body has while loop WHILE_STMT, not read as a for
   loop, for the reason kept.  */
bool
reader::fail_while (tree while_stmt)
{
  if (const char *why = sparse_while_refusal (while_stmt))
    return fail ("loop body has a while loop that is not read as a counted "
		 "for loop: %s", why);
  return fail ("loop body has a while loop");
}

tree
int_var (tree t)
{
  t = strip_int (t);
  return t && (TREE_CODE (t) == VAR_DECL || TREE_CODE (t) == PARM_DECL)
	 && INTEGRAL_TYPE_P (TREE_TYPE (t)) ? t : NULL_TREE;
}

} // namespace loop_reader

namespace {

using namespace loop_reader;

/* The variable statement S steps by a constant (i++, --i, i += c,
   i = c + i, i -= c), or NULL.  */
tree
step_var (tree s)
{
  switch (TREE_CODE (s))
    {
    case PREINCREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      return int_var (TREE_OPERAND (s, 0)) == TREE_OPERAND (s, 0)
	     ? TREE_OPERAND (s, 0) : NULL_TREE;
    case MODIFY_EXPR:
      {
	tree v = TREE_OPERAND (s, 0), c;
	bool minus;
	return int_var (v) == v && constant_step (s, &c, &minus) == v
	       ? v : NULL_TREE;
      }
    default:
      return NULL_TREE;
    }
}

/* COND without its annotations (#pragma GCC ivdep, unroll).  */
tree
bare_cond (tree cond)
{
  while (cond && TREE_CODE (cond) == ANNOTATE_EXPR)
    cond = TREE_OPERAND (cond, 0);
  return cond;
}

/* The variable of the idiom COND = `i-- > 0` (or i-- != 0, as the front
   end folds it when i is unsigned), or NULL.  */
tree
idiom_var (tree cond)
{
  cond = bare_cond (cond);
  if (!cond || (TREE_CODE (cond) != GT_EXPR && TREE_CODE (cond) != NE_EXPR)
      || !integer_zerop (TREE_OPERAND (cond, 1)))
    return NULL_TREE;
  tree d = TREE_OPERAND (cond, 0);
  if (TREE_CODE (d) != POSTDECREMENT_EXPR)
    return NULL_TREE;
  tree v = TREE_OPERAND (d, 0);
  return int_var (v) == v ? v : NULL_TREE;
}

/* The integer variables comparison COND compares, looking through
   their increments and decrements, in *A and *B (each NULL when that
   side is none).  */
void
cond_vars (tree cond, tree *a, tree *b)
{
  cond = bare_cond (cond);
  *a = *b = NULL_TREE;
  if (!cond || TREE_CODE_CLASS (TREE_CODE (cond)) != tcc_comparison)
    return;
  tree *side[2] = { a, b };
  for (int k = 0; k < 2; k++)
    {
      tree t = strip_int (TREE_OPERAND (cond, k));
      if (t && (TREE_CODE (t) == PREINCREMENT_EXPR
		|| TREE_CODE (t) == POSTINCREMENT_EXPR
		|| TREE_CODE (t) == PREDECREMENT_EXPR
		|| TREE_CODE (t) == POSTDECREMENT_EXPR))
	t = TREE_OPERAND (t, 0);
      *side[k] = int_var (t);
    }
}

/* Does statement S write VAR?  */
bool
writes (tree s, tree var)
{
  switch (TREE_CODE (s))
    {
    case MODIFY_EXPR:
    case PREINCREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      return TREE_OPERAND (s, 0) == var;
    default:
      return false;
    }
}

/* The last statement of the body at *TP, through blocks and statement
   lists and their debug markers; *LIST and *IT say where it is when in
   a statement list (else *LIST is NULL).  NULL when the body is
   empty.  */
tree *
last_stmt (tree *tp, tree *list, tree_stmt_iterator *it)
{
  *list = NULL_TREE;
  while (*tp)
    switch (TREE_CODE (*tp))
      {
      case BIND_EXPR:
	tp = &BIND_EXPR_BODY (*tp);
	break;
      case STATEMENT_LIST:
	{
	  tree_stmt_iterator i = tsi_last (*tp);
	  while (!tsi_end_p (i) && TREE_CODE (tsi_stmt (i)) == DEBUG_BEGIN_STMT)
	    tsi_prev (&i);
	  if (tsi_end_p (i))
	    return NULL;
	  *list = *tp;
	  *it = i;
	  tp = tsi_stmt_ptr (i);
	  break;
	}
      default:
	return tp;
      }
  return NULL;
}

/* What the body of a while loop does to its variable, apart from the
   step at its end (found by body_r).  */
struct body_facts
{
  tree var;             /* the loop's variable */
  tree step;            /* the statement left out, or NULL */
  bool cont;            /* a continue of the loop itself */
  bool written;         /* VAR written */
  bool addressed;       /* VAR's address taken */
};

tree body_r (tree *tp, int *walk_subtrees, void *data);

/* Walk *TP for body_r, unless null.  */
void
walk_body (tree *tp, body_facts *f)
{
  if (*tp)
    walk_tree (tp, body_r, f, NULL);
}

tree
body_r (tree *tp, int *walk_subtrees, void *data)
{
  body_facts *f = (body_facts *) data;
  tree t = *tp;
  if (TYPE_P (t) || t == f->step)
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (sparse_storage::assigned_lvalue (t) == f->var)
    f->written = true;
  switch (TREE_CODE (t))
    {
    case CONTINUE_STMT:
      f->cont = true;
      break;
    case ADDR_EXPR:
      if (TREE_OPERAND (t, 0) == f->var)
	f->addressed = true;
      break;
    case FOR_STMT:
    case WHILE_STMT:
    case DO_STMT:
      {
	/* A continue in the body of a loop inside is that loop's.  */
	body_facts in = *f;
	in.cont = false;
	if (TREE_CODE (t) == FOR_STMT)
	  {
	    walk_body (&FOR_INIT_STMT (t), f);
	    walk_body (&FOR_COND (t), f);
	    walk_body (&FOR_EXPR (t), f);
	    walk_body (&FOR_BODY (t), &in);
	  }
	else if (TREE_CODE (t) == WHILE_STMT)
	  {
	    walk_body (&WHILE_COND (t), f);
	    walk_body (&WHILE_BODY (t), &in);
	  }
	else
	  {
	    walk_body (&DO_COND (t), f);
	    walk_body (&DO_BODY (t), &in);
	  }
	f->written |= in.written;
	f->addressed |= in.addressed;
	*walk_subtrees = 0;
	break;
      }
    default:
      break;
    }
  return NULL_TREE;
}

/* Does statement S set VAR (i = e; or int i = e;)?  */
bool
sets (tree s, tree var)
{
  if (!s)
    return false;
  if (TREE_CODE (s) == DECL_EXPR)
    return DECL_EXPR_DECL (s) == var && DECL_INITIAL (var);
  return TREE_CODE (s) == MODIFY_EXPR && TREE_OPERAND (s, 0) == var;
}

/* The for loop the while loop W after statement PREV is, or NULL with
   *WHY (xstrdup'd) when it is none, and *WVAR its variable when it has
   one.  */
tree
as_for (tree w, tree prev, char **why, tree *wvar)
{
  char buf[400];
  *why = NULL;
  tree cond = WHILE_COND (w);
  tree list = NULL_TREE;
  tree_stmt_iterator it;
  tree *stepp = last_stmt (&WHILE_BODY (w), &list, &it);
  tree var = idiom_var (cond);
  tree step = NULL_TREE;
  tree first = NULL_TREE;
  if (!var)
    {
      tree sv = stepp ? step_var (*stepp) : NULL_TREE;
      tree a, b;
      cond_vars (cond, &a, &b);
      if (sv && (sv == a || sv == b))
	{
	  var = sv;
	  step = *stepp;
	}
      else if (sv && !a && !b)
	snprintf (buf, sizeof buf, "its condition does not compare %s, "
		  "which its last statement steps, with a bound",
		  decl_name (sv) ? decl_name (sv) : "its variable");
      else if (!a && !b)
	snprintf (buf, sizeof buf, "its condition does not compare an "
		  "integer variable with a bound");
      else
	{
	  /* The variable of the two the loop changes (the other is its
	     bound).  */
	  body_facts f = { a ? a : b, NULL_TREE, false, false, false };
	  walk_body (&WHILE_BODY (w), &f);
	  if (a && b && !f.written)
	    {
	      body_facts g = { b, NULL_TREE, false, false, false };
	      walk_body (&WHILE_BODY (w), &g);
	      if (g.written)
		f = g;
	    }
	  const char *n = decl_name (f.var) ? decl_name (f.var) : "its variable";
	  if (TREE_SIDE_EFFECTS (cond))
	    snprintf (buf, sizeof buf, "its condition has side effects: "
		      "compare %s with its bound there without changing it, "
		      "and step it by the last statement of the body", n);
	  else if (stepp && writes (*stepp, f.var))
	    snprintf (buf, sizeof buf, "its last statement changes %s, but "
		      "not by a constant step: end its body with '%s++;' or "
		      "'%s--;'", n, n, n);
	  else if (f.written)
	    snprintf (buf, sizeof buf, "%s is stepped in its body, not by "
		      "its last statement: make the step ('%s++;' or "
		      "'%s--;') the last statement of the body", n, n, n);
	  else
	    snprintf (buf, sizeof buf, "its last statement does not step "
		      "%s: end its body with '%s++;' or '%s--;'", n, n, n);
	  first = f.var;
	}
      if (!var)
	{
	  *why = xstrdup (buf);
	  *wvar = first ? first : sv;
	  return NULL_TREE;
	}
    }
  *wvar = var;

  const char *n = decl_name (var) ? decl_name (var) : "its variable";
  body_facts f = { var, step, false, false, false };
  walk_body (&WHILE_BODY (w), &f);
  if (f.cont && step)
    snprintf (buf, sizeof buf, "its body has a continue, which skips the "
	      "step of %s at its end: where each continue should step %s, "
	      "write the loop as a for loop, whose continue runs its step",
	      n, n);
  else if (f.addressed)
    snprintf (buf, sizeof buf, "the address of %s is taken in its body", n);
  else if (f.written)
    snprintf (buf, sizeof buf, "%s is written in its body%s: step it only "
	      "%s", n, step ? " besides its last statement" : "",
	      step ? "at the end of the body" : "in the condition");
  else if (!sets (prev, var))
    snprintf (buf, sizeof buf, "%s is not set by the statement just before "
	      "it: write '%s = start;' (or declare 'int %s = start;') right "
	      "before the while", n, n, n);
  else
    {
      /* The step leaves the body, with the debug marker before it: the
	 for loop's genericization marks its step.  */
      if (!step)
	;
      else if (!list)
	*stepp = alloc_stmt_list ();
      else
	{
	  tree_stmt_iterator marker = it;
	  tsi_prev (&marker);
	  tsi_delink (&it);
	  if (!tsi_end_p (marker)
	      && TREE_CODE (tsi_stmt (marker)) == DEBUG_BEGIN_STMT)
	    tsi_delink (&marker);
	}
      tree loop = make_node (FOR_STMT);
      TREE_TYPE (loop) = void_type_node;
      TREE_SIDE_EFFECTS (loop) = 1;
      SET_EXPR_LOCATION (loop, EXPR_LOCATION (w));
      FOR_COND (loop) = cond;
      FOR_EXPR (loop) = step;
      FOR_BODY (loop) = WHILE_BODY (w);
      return loop;
    }
  *why = xstrdup (buf);
  return NULL_TREE;
}

tree read_whiles_r (tree *tp, int *walk_subtrees, void *);

/* While loop *TP after statement PREV (NULL when none), its own loops
   read first: the for loop it is, else its reason kept.  */
void
read_while (tree *tp, tree prev)
{
  walk_tree (&WHILE_COND (*tp), read_whiles_r, NULL, NULL);
  walk_tree (&WHILE_BODY (*tp), read_whiles_r, NULL, NULL);
  char *why;
  tree var = NULL_TREE;
  if (tree loop = as_for (*tp, prev, &why, &var))
    {
      while_fors->add (loop);
      *tp = loop;
      return;
    }
  while_refusals->put (*tp, why);
  if (var)
    while_vars->put (*tp, var);
}

tree
read_whiles_r (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if (TREE_CODE (t) == WHILE_STMT)
    {
      read_while (tp, NULL_TREE);
      *walk_subtrees = 0;
    }
  else if (TREE_CODE (t) == STATEMENT_LIST)
    {
      tree prev = NULL_TREE;
      for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i);
	   tsi_next (&i))
	{
	  tree s = tsi_stmt (i);
	  if (TREE_CODE (s) == DEBUG_BEGIN_STMT)
	    continue;
	  if (TREE_CODE (s) == WHILE_STMT)
	    read_while (tsi_stmt_ptr (i), prev);
	  else
	    walk_tree (tsi_stmt_ptr (i), read_whiles_r, NULL, NULL);
	  prev = s;
	}
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

} // anon namespace

void
sparse_read_whiles (tree fndecl)
{
  if (!while_refusals)
    {
      while_refusals = new hash_map<tree, char *>;
      while_vars = new hash_map<tree, tree>;
      while_fors = new hash_set<tree>;
    }
  for (hash_map<tree, char *>::iterator i = while_refusals->begin ();
       i != while_refusals->end (); ++i)
    free ((*i).second);
  while_refusals->empty ();
  while_vars->empty ();
  while_fors->empty ();
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL
      || !DECL_SAVED_TREE (fndecl) || DECL_SAVED_TREE (fndecl) == error_mark_node
      || seen_error ())
    return;
  if (!walk_tree_without_duplicates (&DECL_SAVED_TREE (fndecl),
				     find_tagged_r, NULL))
    return;
  walk_tree (&DECL_SAVED_TREE (fndecl), read_whiles_r, NULL, NULL);
}
