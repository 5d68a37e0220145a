/* storage-int.h -- what the files of the storage rewrite share: the
   rewriter of a function's tagged storage and element accesses
   (storage.cc) and its walk of a row's stored entries (row-walk.cc).
   Not an interface.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#ifndef SPARSE_STORAGE_INT_H
#define SPARSE_STORAGE_INT_H

#include "sparse-plugin.h"

namespace sparse_storage {

struct tagged_use
{
  sparse_tag tag;
  tree handle;		/* an expression of the handle type */
  bool reported;
};

/* A complete or partial element access of a tagged array.  */
struct access
{
  int use;		/* index into the function's uses */
  int nidx;
  tree idx[SP_MAX_RANK];
};

enum use_ctx
{
  USE_PLAIN,		/* the array as a value */
  USE_ADDR,		/* under & */
  USE_ARITH		/* in pointer arithmetic */
};

struct rewriter
{
  tree fndecl;
  int in_omp;				/* OpenMP constructs around the walk */
  tree entry;				/* statements run on entry */
  tree outer_bind;
  auto_vec<tagged_use> uses;
  hash_map<tree, int> index;
  hash_set<tree> visited;		/* SAVE_EXPRs already processed */
  hash_map<tree, tree> saved_rows;	/* SAVE_EXPR of a row pointer -> the
					   saved row index */
  /* The loop the remark of the fallback accesses walked belongs to: the
     outermost one, or one the recognizer reported; NULL_TREE outside
     loops.  */
  tree nest;
  vec<tree> *nest_names;		/* arrays NEST accesses element by
					   element where its iterations vary
					   the coordinates; NULL where the
					   recognizer has nothing to say */
  hash_set<tree> *nest_written;		/* variables NEST writes */
  int fallbacks;
  auto_vec<tree> scope_handles;		/* handles of tagged locals outside
					   OpenMP constructs */
  bool computed_goto;			/* a goto *P in the function */

  rewriter (tree fn) : fndecl (fn), in_omp (0), entry (NULL_TREE),
		       outer_bind (NULL_TREE), nest (NULL_TREE),
		       nest_names (NULL), nest_written (NULL), fallbacks (0),
		       computed_goto (false) {}

  void walk (tree *tp, location_t loc, bool unused);
  void walk_bind (tree *tp, location_t loc);
  bool walk_discarded (tree *tp, location_t loc);
  void walk_loop (tree t, location_t loc);
  bool walk_row (tree *tp, location_t loc);
  void say_loop (tree t, location_t loc, const vec<tree> &names);
  void walk_decl_expr (tree *tp, location_t loc);
  void walk_call (tree *tp, location_t loc);
  void walk_addr (tree *tp, location_t loc);
  bool walk_write (tree *tp, location_t loc, bool unused);
  bool walk_incdec (tree *tp, location_t loc, bool unused);
  bool walk_read (tree *tp, location_t loc);
  void walk_operands (tree t, location_t loc);
  void walk_omp_clauses (tree clauses, location_t loc);

  int use_of (tree decl);
  bool match (tree t, access *a);
  void bad_use (tree decl, location_t loc, use_ctx ctx);
  void fallback (const access &a, location_t loc);
  void add_local (tree var);
};

/* Helpers of storage.cc the walk of a row uses too: the name of DECL;
   whether T is an OpenMP construct; a walk_tree callback adding the
   variable *TP writes to the hash_set<tree> DATA.  */
const char *decl_name (tree decl);
bool omp_construct_p (tree t);
tree note_written_r (tree *tp, int *, void *data);
/* What assignment, increment or decrement T writes, or NULL_TREE.  */
tree assigned_lvalue (tree t);

} // namespace sparse_storage

#endif /* SPARSE_STORAGE_INT_H */
