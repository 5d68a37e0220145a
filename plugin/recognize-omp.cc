/* recognize-omp.cc -- a loop nest under the program's own
   `#pragma omp parallel for`, read as the loops it stands for.

   At PLUGIN_PRE_GENERICIZE the C front end has built the combined
   construct as OMP_PARALLEL (OMP_PARALLEL_COMBINED, the clauses that
   belong to the team: shared, reduction, private, default, num_threads,
   if) around a BIND_EXPR declaring the loop variable, around OMP_FOR
   (the clauses of the loop: schedule, collapse, nowait; its loops as
   vectors of init `i = 0`, condition `i < n` and increment `i++`, then
   its body, which holds the loops inside as FOR_STMTs).  GCC's OpenMP
   lowering runs only after gimplification, so the construct is still
   whole here: the recognizer reads the outer loops back into FOR_STMTs
   and, when the nest is sparsified, replaces the whole construct with
   the statements, whose loops run on threads as the plugin's own do
   (lowering/parallel.c); else the construct stays as written.

   What the clauses mean for the loops read serially: the loop variables
   and the private variables are each thread's own, so they keep their
   values after the construct (no final values are stored) and a private
   scalar is a temporary of the nest; a reduction(+:s) is the program's
   leave to add the terms of s in any order, as -fassociative-math
   gives; schedule, collapse, nowait, shared, default, num_threads, if and
   proc_bind say how the threads share the work, which the plugin's
   loops decide anew.  Other clauses (lastprivate, linear, ordered,
   copyin, allocate, other reductions) keep the construct.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "nest-reader.h"

namespace loop_reader {

/* The one statement of T, looking through scopes and statement lists of
   one statement; NULL when there are more.  */
static tree *
only_stmt (tree *tp)
{
  for (;;)
    {
      tree t = *tp;
      if (TREE_CODE (t) == BIND_EXPR)
	tp = &BIND_EXPR_BODY (t);
      else if (TREE_CODE (t) == STATEMENT_LIST)
	{
	  tree *one = NULL;
	  for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i);
	       tsi_next (&i))
	    if (TREE_CODE (tsi_stmt (i)) != DEBUG_BEGIN_STMT)
	      {
		if (one)
		  return NULL;
		one = tsi_stmt_ptr (i);
	      }
	  if (!one)
	    return NULL;
	  tp = one;
	}
      else
	return tp;
    }
}

const char *
omp_construct_name (tree_code code)
{
  switch (code)
    {
    case OMP_PARALLEL: return "parallel";
    case OMP_FOR: return "for";
    case OMP_SIMD: return "simd";
    case OMP_DISTRIBUTE: return "distribute";
    case OMP_LOOP: return "loop";
    case OMP_TASKLOOP: return "taskloop";
    case OMP_TASK: return "task";
    case OMP_SECTIONS: return "sections";
    case OMP_SECTION: return "section";
    case OMP_SINGLE: return "single";
    case OMP_MASTER: return "master";
    case OMP_CRITICAL: return "critical";
    case OMP_TASKGROUP: return "taskgroup";
    case OMP_ORDERED: return "ordered";
    case OMP_ATOMIC:
    case OMP_ATOMIC_READ:
    case OMP_ATOMIC_CAPTURE_OLD:
    case OMP_ATOMIC_CAPTURE_NEW: return "atomic";
    default: return NULL;
    }
}

/* Whether T (a loop's pre-body) only declares variables.  */
static bool
decls_only (tree t)
{
  if (!t || TREE_CODE (t) == DECL_EXPR)
    return true;
  if (TREE_CODE (t) != STATEMENT_LIST)
    return false;
  for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
    if (TREE_CODE (tsi_stmt (i)) != DECL_EXPR
	&& TREE_CODE (tsi_stmt (i)) != DEBUG_BEGIN_STMT)
      return false;
  return true;
}

/* Record clause C into OMP, or say in OMP->why what keeps the construct;
   WRITTEN holds the variables the loops write.  */
static bool
read_clause (tree c, omp_nest *omp, hash_set<tree> *written)
{
  tree d = OMP_CLAUSE_DECL (c);
  switch (OMP_CLAUSE_CODE (c))
    {
    case OMP_CLAUSE_PRIVATE:
      /* A private scalar is a temporary of the nest; a private array
	 would be written where the construct leaves the program's
	 untouched.  */
      if (!INTEGRAL_TYPE_P (TREE_TYPE (d))
	  && TREE_CODE (TREE_TYPE (d)) != REAL_TYPE)
	{
	  omp->why = "a private clause on a variable that is not a number";
	  return false;
	}
      omp->priv.add (d);
      return true;
    case OMP_CLAUSE_FIRSTPRIVATE:
      /* Each thread's copy starts with the value: the same as sharing a
	 variable the loops only read.  */
      if (!written->contains (d) && !sparse_decl_tagged_p (d))
	return true;
      omp->why = "a firstprivate clause on a variable the loops write";
      return false;
    case OMP_CLAUSE_REDUCTION:
      if (!DECL_P (d) || OMP_CLAUSE_REDUCTION_INSCAN (c)
	  || OMP_CLAUSE_REDUCTION_TASK (c)
	  || (OMP_CLAUSE_REDUCTION_CODE (c) != PLUS_EXPR
	      && OMP_CLAUSE_REDUCTION_CODE (c) != MINUS_EXPR))
	{
	  omp->why = "a reduction clause other than + on a variable";
	  return false;
	}
      omp->reassoc.add (d);
      return true;
    case OMP_CLAUSE_NUM_THREADS:
    case OMP_CLAUSE_IF:
      if (TREE_SIDE_EFFECTS (OMP_CLAUSE_OPERAND (c, 0)))
	{
	  omp->why = "a clause whose expression has side effects";
	  return false;
	}
      return true;
    case OMP_CLAUSE_SHARED:
    case OMP_CLAUSE_DEFAULT:
    case OMP_CLAUSE_SCHEDULE:
    case OMP_CLAUSE_COLLAPSE:
    case OMP_CLAUSE_NOWAIT:
    case OMP_CLAUSE_PROC_BIND:
      return true;
    default:
      omp->why = omp_clause_code_name[OMP_CLAUSE_CODE (c)];
      return false;
    }
}

/* Read the combined `parallel for` *PARP into OMP: its loops as
   FOR_STMTs (OMP->loop, its initialisation OMP->init), the variables
   each thread has of its own, the sums it may reassociate.  False when
   *PARP is not such a construct (OMP->why null) or has a clause the
   loops cannot honour (OMP->why says which).  */
bool
read_omp_nest (tree *parp, omp_nest *omp)
{
  tree par = *parp;
  omp->why = NULL;
  if (TREE_CODE (par) != OMP_PARALLEL || !OMP_PARALLEL_COMBINED (par))
    return false;
  tree *forp = only_stmt (&OMP_PARALLEL_BODY (par));
  if (!forp || TREE_CODE (*forp) != OMP_FOR || !OMP_FOR_INIT (*forp))
    return false;
  tree f = *forp;
  omp->loc = EXPR_LOC_OR_LOC (TREE_VEC_ELT (OMP_FOR_INIT (f), 0),
			      EXPR_LOCATION (par));
  hash_set<tree> written;
  walk_tree (&OMP_FOR_BODY (f), find_writes_r, &written, NULL);
  for (tree c = OMP_PARALLEL_CLAUSES (par); c; c = OMP_CLAUSE_CHAIN (c))
    if (!read_clause (c, omp, &written))
      return false;
  for (tree c = OMP_FOR_CLAUSES (f); c; c = OMP_CLAUSE_CHAIN (c))
    if (!read_clause (c, omp, &written))
      return false;
  if (!decls_only (OMP_FOR_PRE_BODY (f)))
    {
      omp->why = "statements before the loop";
      return false;
    }

  /* The loops, innermost first: each but the outer one after its
     initialisation in a statement list, as the front end lists them.  */
  int nloops = TREE_VEC_LENGTH (OMP_FOR_INIT (f));
  tree body = OMP_FOR_BODY (f);
  for (int k = nloops - 1; k >= 0; k--)
    {
      tree init = TREE_VEC_ELT (OMP_FOR_INIT (f), k);
      tree cond = TREE_VEC_ELT (OMP_FOR_COND (f), k);
      tree incr = TREE_VEC_ELT (OMP_FOR_INCR (f), k);
      if (TREE_CODE (init) != MODIFY_EXPR)
	{
	  omp->why = "a loop whose start is not an assignment";
	  return false;
	}
      omp->priv.add (TREE_OPERAND (init, 0));
      location_t loc = EXPR_LOC_OR_LOC (init, omp->loc);
      /* make_node, not the front end's build_stmt: lto1 loads the
	 plugin too (gcc-compat.h).  */
      tree loop = make_node (FOR_STMT);
      TREE_TYPE (loop) = void_type_node;
      TREE_SIDE_EFFECTS (loop) = 1;
      SET_EXPR_LOCATION (loop, loc);
      FOR_COND (loop) = unshare_expr (cond);
      FOR_EXPR (loop) = unshare_expr (incr);
      FOR_BODY (loop) = body;
      if (k == 0)
	{
	  omp->loop = loop;
	  omp->init = unshare_expr (init);
	}
      else
	{
	  body = alloc_stmt_list ();
	  append_to_statement_list_force (unshare_expr (init), &body);
	  append_to_statement_list_force (loop, &body);
	}
    }
  return true;
}

} // namespace loop_reader
