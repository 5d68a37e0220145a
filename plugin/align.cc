/* align.cc -- the loops of functions that hold a generated kernel start
   on cache lines.

   Where the code before a kernel happens to leave its inner loop decides
   how that loop's few instructions fall on the 64-byte lines the
   processor fetches, and that alone can change the kernel's time by
   tens of percent (bench/why-kernels.md).  A function holding a kernel
   gets what __attribute__ ((optimize ("align-loops=64"))) would give
   it: GCC's own choice of the loop heads it aligns (compute_alignments:
   those entered mostly by their back edge, by the profile) is kept,
   their alignment becomes a line, so that the kernel's placement no
   longer depends on the code around it.  The user's other functions keep the options they
   were compiled with, and an explicit -falign-loops or -fno-align-loops
   wins everywhere.

   The mark is an attribute of the function the kernel is emitted into;
   GCC copies it to the functions it outlines for OpenMP regions.  A
   function whose kernel is inlined elsewhere leaves in its caller's body
   the scope of its inlined copy, whose origin carries the mark: the pass
   after GCC's GIMPLE optimizations, before RTL, looks for both.  */

#include "sparse-plugin.h"

/* The mark: a name with a space, which no source can spell.  */
static const char kernel_attr[] = "sparse kernel";

/* The alignment of those loops, as -falign-loops spells it: a line.  */
static const char kernel_loop_align[] = "64";

void
sparse_mark_kernel_function (tree fndecl)
{
  if (!lookup_attribute (kernel_attr, DECL_ATTRIBUTES (fndecl)))
    DECL_ATTRIBUTES (fndecl) = tree_cons (get_identifier (kernel_attr),
					  NULL_TREE, DECL_ATTRIBUTES (fndecl));
}

static bool
marked_p (tree fndecl)
{
  return fndecl && TREE_CODE (fndecl) == FUNCTION_DECL
	 && lookup_attribute (kernel_attr, DECL_ATTRIBUTES (fndecl));
}

/* Whether BLOCK or a block inside it is the scope of an inlined copy of
   a marked function.  */
static bool
holds_inlined_kernel (tree block)
{
  for (; block; block = BLOCK_CHAIN (block))
    {
      if (inlined_function_outer_scope_p (block)
	  && marked_p (block_ultimate_origin (block)))
	return true;
      if (holds_inlined_kernel (BLOCK_SUBBLOCKS (block)))
	return true;
    }
  return false;
}

/* FUN's loops aligned to lines from now on: its own options with
   -falign-loops=64, in force at once (FUN is being compiled).  */
static void
align_function_loops (function *fun)
{
  tree fndecl = fun->decl;
  tree old = DECL_FUNCTION_SPECIFIC_OPTIMIZATION (fndecl);
  cl_optimization saved;
  cl_optimization_save (&saved, &global_options, &global_options_set);
  if (old)
    cl_optimization_restore (&global_options, &global_options_set,
			     TREE_OPTIMIZATION (old));
  global_options.x_flag_align_loops = 1;
  global_options.x_str_align_loops = kernel_loop_align;
  DECL_FUNCTION_SPECIFIC_OPTIMIZATION (fndecl)
    = build_optimization_node (&global_options, &global_options_set);
  cl_optimization_restore (&global_options, &global_options_set, &saved);
  set_cfun (fun, true);
}

namespace {

const pass_data pass_data_sparse_align =
{
  GIMPLE_PASS,
  "sparse-align",
  OPTGROUP_NONE,
  TV_NONE,
  PROP_cfg,
  0, 0, 0, 0
};

class pass_sparse_align : public gimple_opt_pass
{
public:
  pass_sparse_align (gcc::context *ctxt)
    : gimple_opt_pass (pass_data_sparse_align, ctxt)
  {}

  bool gate (function *) final override
  {
    return optimize && !global_options_set.x_flag_align_loops
	   && !global_options_set.x_str_align_loops;
  }

  unsigned int execute (function *fun) final override
  {
    if (marked_p (fun->decl)
	|| holds_inlined_kernel (DECL_INITIAL (fun->decl)))
      align_function_loops (fun);
    return 0;
  }
};

} // anon namespace

opt_pass *
make_pass_sparse_align (gcc::context *ctxt)
{
  return new pass_sparse_align (ctxt);
}
