/* plugin.cc -- entry point of the sparse GCC plugin: version check,
   options, callbacks and the pass.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "sparse-plugin.h"
#include "plugin-version.h"

int plugin_is_GPL_compatible;

bool sparse_opt_report;
const char *sparse_report_file;
bool sparse_warn_fallback = true;
bool sparse_merge_only;
bool sparse_compile_time_order;
FILE *sparse_dump_file;

static struct plugin_info sparse_plugin_info =
{
  "0.1",
  "sparse tensor algebra for C.\n"
  "  -fplugin-arg-sparse-report[=FILE]     a note per pragma and loop "
  "nest (appended to FILE)\n"
  "  -fplugin-arg-sparse-no-warn-fallback  no warning for loops left to "
  "element-by-element access\n"
  "  -fplugin-arg-sparse-dump[=FILE]       the rewritten code (default "
  "DUMPBASE.sparse, '-' for stderr)\n"
  "  -fplugin-arg-sparse-merge-only        intersections merge step by "
  "step, never searching the longer ranges\n"
  "  -fplugin-arg-sparse-compile-time-order  contraction orders from "
  "estimates alone, never chosen at run time\n"
};

/* ------------------------------------------------------------------ */
/* Trees the plugin keeps outside any function: one GC root, a list.  */

static tree sparse_gc_roots;

static const struct ggc_root_tab sparse_root_tab[] =
{
  { &sparse_gc_roots, 1, sizeof (sparse_gc_roots), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

void
sparse_gc_keep (tree t)
{
  if (t)
    sparse_gc_roots = tree_cons (NULL_TREE, t, sparse_gc_roots);
}

/* ------------------------------------------------------------------ */
/* __SPARSE_PLUGIN__ is predefined like a builtin macro.  PLUGIN_PRAGMAS
   runs from init_pragma, after the main file is open and before the
   builtins are defined, both when compiling and under -E, so the macro
   is defined from there.  Not on preprocessed input (-fpreprocessed,
   -save-temps): cpplib then reads directives as line markers, and
   cpp_define would crash; the macros were expanded already anyway.  */

static void
sparse_init_pragmas (void *gcc_data, void *user_data)
{
  if (parse_in && !cpp_get_options (parse_in)->preprocessed)
    {
      /* Under -g3 the front end's define callback records the macro for
         the debug info at its location, which BUILTINS_LOCATION has none
         of: it would crash, so the macro is defined without it.  */
      cpp_callbacks *cb = cpp_get_callbacks (parse_in);
      void (*define) (cpp_reader *, location_t, cpp_hashnode *) = cb->define;
      cb->define = NULL;
      cpp_force_token_locations (parse_in, BUILTINS_LOCATION);
      cpp_define (parse_in, "__SPARSE_PLUGIN__=1");
      cpp_stop_forcing_token_locations (parse_in);
      cb->define = define;
    }
  sparse_register_pragmas (gcc_data, user_data);
}

/* Every function is lowered when the IPA passes start (none start after
   an error): the remarks of the unit can be said.  */
static void
sparse_all_ipa_start (void *, void *pass)
{
  sparse_remarks_flush ((opt_pass *) pass);
}

static void
sparse_finish (void *, void *)
{
  if (sparse_dump_file && sparse_dump_file != stderr)
    fclose (sparse_dump_file);
  sparse_dump_file = NULL;
}

static bool
open_dump (const char *name)
{
  if (name && strcmp (name, "-") == 0)
    {
      sparse_dump_file = stderr;
      return true;
    }
  char *path = name ? xstrdup (name)
		    : concat (dump_base_name ? dump_base_name : "sparse",
			      ".sparse", NULL);
  sparse_dump_file = fopen (path, "w");
  if (!sparse_dump_file)
    error ("sparse plugin: cannot open dump file %qs: %m", path);
  free (path);
  return sparse_dump_file != NULL;
}

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  const char *name = info->base_name;

  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("the sparse plugin was built for GCC %s and cannot be loaded "
	     "into GCC %s", gcc_version.basever, version->basever);
      return 1;
    }

  /* The plugin reads C trees.  The driver also passes it to lto1, where
     there is nothing to do.  */
  if (!lang_GNU_C ())
    {
      if (lang_GNU_CXX ())
	warning (0, "the sparse plugin supports C only; ignored");
      return 0;
    }

  for (int i = 0; i < info->argc; i++)
    {
      const char *key = info->argv[i].key;
      const char *val = info->argv[i].value;
      if (strcmp (key, "report") == 0)
	{
	  sparse_opt_report = true;
	  sparse_report_file = val;
	}
      else if (strcmp (key, "no-warn-fallback") == 0)
	sparse_warn_fallback = false;
      else if (strcmp (key, "dump") == 0)
	open_dump (val);
      else if (strcmp (key, "merge-only") == 0)
	sparse_merge_only = true;
      else if (strcmp (key, "compile-time-order") == 0)
	sparse_compile_time_order = true;
      else
	error ("sparse plugin: unknown argument %<-fplugin-arg-%s-%s%>; "
	       "known: %<report%>, %<report=FILE%>, %<no-warn-fallback%>, "
	       "%<dump%>, %<dump=FILE%>, %<merge-only%>, "
	       "%<compile-time-order%>", name, key);
    }

  register_callback (name, PLUGIN_INFO, NULL, &sparse_plugin_info);
  register_callback (name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) sparse_root_tab);
  register_callback (name, PLUGIN_ATTRIBUTES, sparse_register_attributes,
		     NULL);
  register_callback (name, PLUGIN_PRAGMAS, sparse_init_pragmas, NULL);
  register_callback (name, PLUGIN_FINISH_DECL, sparse_finish_decl, NULL);
  register_callback (name, PLUGIN_PRE_GENERICIZE, sparse_pre_genericize,
		     NULL);
  register_callback (name, PLUGIN_FINISH, sparse_finish, NULL);

  struct register_pass_info pass;
  pass.pass = make_pass_sparse (g);
  pass.reference_pass_name = "omplower";
  pass.ref_pass_instance_number = 1;
  pass.pos_op = PASS_POS_INSERT_BEFORE;
  register_callback (name, PLUGIN_PASS_MANAGER_SETUP, NULL, &pass);
  register_callback (name, PLUGIN_ALL_IPA_PASSES_START, sparse_all_ipa_start,
		     pass.pass);

  struct register_pass_info align;
  align.pass = make_pass_sparse_align (g);
  align.reference_pass_name = "optimized";
  align.ref_pass_instance_number = 1;
  align.pos_op = PASS_POS_INSERT_AFTER;
  register_callback (name, PLUGIN_PASS_MANAGER_SETUP, NULL, &align);
  return 0;
}
