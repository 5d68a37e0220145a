/* Unknown plugin arguments are errors.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-bogus" } */
/* { dg-error "unknown argument .-fplugin-arg-sparse-bogus." "" { target *-*-* } 0 } */
int x;
