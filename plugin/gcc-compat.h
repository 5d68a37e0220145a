/* gcc-compat.h -- the GCC headers the plugin needs, in the order GCC
   requires them.  Every C++ file of the plugin includes this first and
   nothing else from GCC.  Written against GCC 12; the version check in
   plugin.cc refuses any other compiler.

   Order constraints worth knowing: gcc-plugin.h first (it pulls in
   config.h and system.h, which guard the C++ standard headers);
   stringpool.h before attribs.h; c-family/c-common.h before
   diagnostic.h (the C front end's format checking needs it so).  */

#ifndef SPARSE_GCC_COMPAT_H
#define SPARSE_GCC_COMPAT_H

#include "gcc-plugin.h"
#include "tree.h"
#include "stringpool.h"
#include "attribs.h"
#include "c-family/c-common.h"
#include "c-family/c-pragma.h"
#include "tree-iterator.h"
#include "fold-const.h"
#include "stor-layout.h"
#include "varasm.h"
#include "cgraph.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimplify.h"
#include "tree-pass.h"
#include "context.h"
#include "langhooks.h"
#include "input.h"
#include "substring-locations.h"
#include "diagnostic.h"
#include "print-tree.h"
#include "tree-pretty-print.h"
#include "ggc.h"
#include "cpplib.h"
#include "c-family/c-pretty-print.h"
#include "tree-nested.h"

/* bversion.h gives the version of the headers without plugin-version.h,
   whose gcc_version object only plugin.cc wants.  */
#include "bversion.h"
#if BUILDING_GCC_MAJOR != 12
#error "the sparse plugin is written for GCC 12"
#endif

/* The C front end's own symbols are weak references: the driver also
   hands -fplugin to lto1, which has no C front end, and the dynamic
   loader would refuse the plugin there; plugin_init then does nothing.  */
extern cpp_reader *parse_in __attribute__ ((weak));
extern enum cpp_ttype pragma_lex (tree *, location_t *) __attribute__ ((weak));
extern tree lookup_name (tree) __attribute__ ((weak));
extern tree add_stmt (tree) __attribute__ ((weak));
extern stmt_tree current_stmt_tree (void) __attribute__ ((weak));
extern void c_register_pragma_with_expansion (const char *, const char *,
					      pragma_handler_1arg)
  __attribute__ ((weak));
extern void print_c_tree (FILE *, tree) __attribute__ ((weak));

#endif /* SPARSE_GCC_COMPAT_H */
