/* nest-reader.h -- what the reader of loop nests (nest-reader.cc) and
   the recognizer (recognize.cc) share; not an interface.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#ifndef SPARSE_NEST_READER_H
#define SPARSE_NEST_READER_H

#include "sparse-plugin.h"
#include "ix.h"
#include "nest.h"
#include "schedule.h"
#include "loops.h"

namespace loop_reader {

struct fn_facts
{
  hash_map<tree, int> refs;     /* references of each variable */
  hash_set<tree> written;       /* assigned, incremented or address taken
				   anywhere (initialisers excepted) */
  bool nested;                  /* the function has nested functions */
};

struct loop_info
{
  tree stmt;            /* the FOR_STMT */
  tree var;
  tree bound_decl;      /* the bound is BOUND_DECL + BOUND_OFF: a variable,
			   an expression, or null for a constant */
  HOST_WIDE_INT bound_off;
  bool bound_rt;        /* BOUND_DECL is an expression (nest_loop) */
  bool bound_at_nest;   /* ... whose value is the one where the loops
			   start (reader::classify_bound) */
  bool scoped;          /* declared by the for statement */
  tree lo;              /* a start other than 0, or null */
  tree hi;              /* a bound that reads an enclosing loop's
			   variable, or null: with LO, the range a guard
			   keeps the loop to (range_guard), the loop itself
			   running over its extent */
  bool hi_le;           /* HI is tested with <= */
  bool down;            /* it counts down (nest_loop.down) */
  int id;               /* nest.h loop id */
  int parent;           /* index of the enclosing loop, -1 */
};

struct reader
{
  tree fndecl;
  fn_facts *facts;
  nest *n;
  auto_vec<loop_info> loops;
  auto_vec<int> open;                   /* indices into LOOPS */
  hash_map<tree, int> objs;             /* variable -> nest object */
  auto_vec<tree> obj_decl;
  hash_set<tree> inner;                 /* scalars declared in the nest */
  hash_map<tree, int> inner_refs;       /* references inside the nest */
  auto_vec<tree> key_decl;              /* value keys */
  auto_vec<HOST_WIDE_INT> key_off;
  auto_vec<bool> key_at_nest;
  auto_vec<tree> bound_read;            /* what bounds taken where the
					   loops start read */
  auto_vec<int> bound_read_loop;        /* ... as the bound of which loop */
  auto_vec<tree> member_ref;            /* operands reached through
					   structure members (p->x) */
  auto_vec<tree> member_var;            /* ... each held in a variable set
					   where the loops start */
  char reason[256];
  bool failed;
  bool own_level;       /* the reason is in the outer loop itself */
  tree stray_var;       /* a subscript that is a variable but not the
			   variable of a loop of the nest */
  bool body_next;       /* the next statement list read is a loop's own
			   body (where `if (c) continue;` guards the rest) */
  hash_map<tree, tree> param_arg;       /* in a call read as the expression
					   its function returns
					   (nest-calls.cc), each parameter's
					   argument */
  int call_depth;                       /* ... how many such calls the
					   expression being read is in */
  const char *char_store;  /* an array of a character type the nest
			      stores into (its stores may change any
			      object's bytes), or NULL */
  hash_set<tree> *ranged; /* loops whose constant bound is a range kept
			     by a guard (N - 1 below an extent N) */
  int short_loop;       /* the loop whose bound the lowering found not
			   its extent's (nest_result.short_loop), or -1 */

  reader (tree fn, fn_facts *f)
    : fndecl (fn), facts (f), n (NULL), failed (false), own_level (false),
      stray_var (NULL_TREE), body_next (false), call_depth (0),
      char_store (NULL), ranged (NULL), short_loop (-1)
  {
    reason[0] = 0;
  }
  ~reader () { nest_free (n); }

  bool fail (const char *fmt, ...) ATTRIBUTE_PRINTF_2;
  bool fail_subrange (const char *name, const char *what, tree value);
  bool fail_zeros (const char *what, tree t);
  bool fail_down (tree var, tree for_stmt);
  bool fail_while (tree while_stmt);
  enum bound_kind { BOUND_FIXED, BOUND_AT_NEST, BOUND_BAD };
  int key (tree decl, HOST_WIDE_INT off, bool at_nest = false);
  bound_kind classify_bound (tree t, int loop, const char **why,
			     tree *loopvar);
  bound_kind classify_bound_ref (tree t, int loop, const char **why,
				 tree *loopvar);
  bool check_bound_writes ();
  bool range_value (tree t, bool *loopvar);
  int range_guard (const loop_info *li, location_t loc);
  void spell (tree decl, HOST_WIDE_INT off, char *buf, size_t len);
  bool usable_bound (tree decl, const char *what);
  bool fixed_decl_p (tree decl);
  bool read_bound (tree b, bool le, tree var, loop_info *li);
  tree loop_var_of (tree for_stmt);
  bool is_init_of (tree s, tree for_stmt);
  int open_loop_of (tree var);
  bool is_nest_loop_var (tree var);
  bool read_loop (tree for_stmt, tree init);
  bool read_header (tree for_stmt, tree init, loop_info *li);
  bool read_up (tree for_stmt, tree start, tree var, loop_info *li);
  bool read_down (tree for_stmt, tree start, tree var,
		  loop_info *li);
  bool read_body (tree t);
  bool read_list (tree list);
  bool read_stmt (tree s);
  bool read_assign (tree lhs, tree rhs, ix_assign op, location_t loc,
		    ix_pick pick = IX_PICK_NONE);
  int read_constant (tree t, ix_type *type);
  int read_expr (tree t, ix_type *type);
  int read_binary (tree t, ix_type *type);
  int read_conversion (tree t, ix_type *type);
  int read_select (tree t, ix_type *type);
  int read_user_call (tree t, tree fn, ix_type *type);
  int negate (int c, location_t loc);
  tree at_zero (int e, uint32_t zero);
  tree assumptions (const nest_result &res);
  int implicit (int e, ix_type *t, ix_type other, ix_type tc);
  int in_type (int e, ix_type *type, tree tt);
  int read_access (tree t, int *nidx, int *loops);
  int object (tree decl);
  tree member_operand (tree ref);
  int read_member_value (tree t, ix_type *type);
  tree member_setup (tree runs);
  bool members_kept ();
  bool subscript_loop (tree idx, tree of, int *loop);
};

/* A nest under the program's `#pragma omp parallel for`
   (recognize-omp.cc).  */
struct omp_nest
{
  tree loop;                    /* the outer loop as a FOR_STMT */
  tree init;                    /* its initialisation, i = 0 */
  location_t loc;               /* the outer loop */
  hash_set<tree> priv;          /* each thread's own: the loop variables
				   and the private clauses' */
  hash_set<tree> reassoc;       /* reduction(+:) variables */
  const char *why;              /* what keeps the construct */
};

bool read_omp_nest (tree *parp, omp_nest *omp);
/* The name of OpenMP construct CODE ("parallel", "atomic"), NULL when
   CODE is none.  */
const char *omp_construct_name (tree_code code);

/* Tree walkers and names the recognizer uses too (nest-reader.cc).  */
tree count_refs_r (tree *tp, int *walk_subtrees, void *data);
tree find_writes_r (tree *tp, int *walk_subtrees, void *data);
tree find_tagged_r (tree *tp, int *walk_subtrees, void *);
tree find_decl_r (tree *tp, int *walk_subtrees, void *data);
tree find_unreported_tagged_r (tree *tp, int *walk_subtrees, void *data);
const char *decl_name (tree decl);
tree incremented_var (tree for_stmt);
/* The variable V that MODIFY_EXPR S sets to V + C, C + V or V - C, C an
   integer constant, into *C, *MINUS set for V - C; NULL otherwise.  */
tree constant_step (tree s, tree *c, bool *minus);
/* The integer variable (or parameter) T is, through the conversions of
   its value (nest-while.cc), or NULL.  */
tree int_var (tree t);
tree strip_int (tree t);
/* Does VAR, declared by the statement before loop FOR_STMT, outlive it
   (nest-while.cc)?  */
bool outlives_loop (tree var, tree for_stmt, fn_facts *facts);
/* Loops counting down (nest-down.cc): whether FOR_STMT's step decrements
   its variable; the variable of FOR_STMT when it counts down to a bound
   its condition tests, else NULL.  */
bool counts_down (tree for_stmt);
tree down_var (tree for_stmt);

} // namespace loop_reader

#endif /* SPARSE_NEST_READER_H */
