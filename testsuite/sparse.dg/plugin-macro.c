/* The plugin predefines __SPARSE_PLUGIN__, which switches sp_array to
   the handle.  */
/* { dg-do compile } */
#include <sparse.h>
#ifndef __SPARSE_PLUGIN__
#error "__SPARSE_PLUGIN__ is not defined"
#endif
#if __SPARSE_PLUGIN__ != 1
#error "__SPARSE_PLUGIN__ is not 1"
#endif
void *f (sp_tensor *t) { return sp_array (t); }
