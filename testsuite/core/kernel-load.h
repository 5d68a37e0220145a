/* kernel-load.h -- a kernel printed as C (cprint.h), compiled with
   gcc-12 into a shared object and loaded: how the core tests run the
   code the plugin would emit.  Included by one test file.  */

#ifndef KERNEL_LOAD_H
#define KERNEL_LOAD_H

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include "cprint.h"

/* Compile C file SRC with the flags EXTRA (-fopenmp, or "") into shared
   object SO; 0 on success.  */
static int
kl_compile (const char *src, const char *so, const char *extra)
{
  char cmd[1024];
  snprintf (cmd, sizeof cmd, "gcc-12 -std=c11 -O2 -g -fPIC -shared -Wall "
            "-Werror -Wno-unused-variable -Wno-unused-but-set-variable "
            "-Wno-unused-function %s -I%s/include %s %s/build/libsparsert.a "
            "-lm -o %s", extra, SPARSE_ROOT, src, SPARSE_ROOT, so);
  int rc = system (cmd);
  if (rc)
    fprintf (stderr, "failed: %s\n", cmd);
  return rc;
}

/* Kernel K printed as C into k_TAG.c (and freed), compiled with EXTRA
   and loaded with dlopen's MODE besides RTLD_NOW | RTLD_LOCAL (the
   library into *LIB when LIB is not NULL): its kernel_args function (one
   void * per operand, then the run-time extents), or NULL with a
   message.  */
static void (*kl_load (lir_kernel *k, const char *tag, const char *extra,
                       int mode, void **lib)) (void **)
{
  char src[256], so[256];
  snprintf (src, sizeof src, "k_%s.c", tag);
  snprintf (so, sizeof so, "./k_%s.so", tag);
  FILE *f = fopen (src, "w");
  if (!f)
    {
      lir_free (k);
      return NULL;
    }
  cprint_prelude (f);
  cprint_kernel (k, "kernel", f);
  fclose (f);
  if (getenv ("KT_DUMP"))
    lir_dump (k, stderr);
  lir_free (k);
  if (kl_compile (src, so, extra))
    return NULL;
  void *l = dlopen (so, RTLD_NOW | RTLD_LOCAL | mode);
  if (!l)
    {
      fprintf (stderr, "%s: %s\n", tag, dlerror ());
      return NULL;
    }
  if (lib)
    *lib = l;
  return (void (*) (void **)) dlsym (l, "kernel_args");
}

#endif /* KERNEL_LOAD_H */
