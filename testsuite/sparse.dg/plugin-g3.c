/* With -g3 the predefined macro is still there and nothing crashes.  */
/* { dg-do compile } */
/* { dg-options "-g3" } */
#ifndef __SPARSE_PLUGIN__
#error "__SPARSE_PLUGIN__ is not defined"
#endif
int plugin_g3;
