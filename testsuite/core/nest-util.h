/* nest-util.h -- building loop nests (nest.h) for the tests in a few
   words, as the front end would describe them.

   Extent and bound keys: key K stands for the value spelt KEYS[K]
   ("n", "m", "p", ...); 0 is unknown.  Objects:

     ARR ("y", 1, NULL, n)        a dense array y[n]
     ARR ("A", 2, "CSR", n, m)     a tagged array A[n][m] stored as CSR
     PTR ("x")                     a pointer parameter used as an array
     SCA ("s", live_out)           a double scalar

   Statements: BEGIN (l) ... END (l), ASSIGN (obj, op, rhs, idx...),
   DECL (obj); expressions: RD (obj, idx...), CST (x), OP (+, a, b).  */

#ifndef NEST_UTIL_H
#define NEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nest.h"
#include "sparse_format.h"

static const char *const keys[] = { "?", "n", "m", "p", "q" };
enum { KN = 1, KM, KP, KQ };

static nest *N;
static int failures;

#define CHECK(c)                                                        \
  do                                                                    \
    {                                                                   \
      if (!(c))                                                         \
        {                                                               \
          fprintf (stderr, "%s:%d: check failed: %s\n", __FILE__,       \
                   __LINE__, #c);                                       \
          failures++;                                                   \
        }                                                               \
    }                                                                   \
  while (0)

static void
fresh (void)
{
  nest_free (N);
  N = nest_new ();
}

static int
add_obj (const char *name, ix_operand_kind kind, int rank, const char *fmt,
         const int *ext, nest_role role, int live_out, ix_type type)
{
  nest_obj o;
  memset (&o, 0, sizeof o);
  snprintf (o.opd.name, sizeof o.opd.name, "%s", name);
  o.opd.kind = kind;
  o.opd.rank = kind == IX_OPD_POINTER ? 0 : rank;
  o.opd.type = type;
  for (int d = 0; d < SP_MAX_RANK; d++)
    {
      int k = d < rank ? ext[d] : 0;
      o.extent_key[d] = k ? k : -1;
      snprintf (o.extent_text[d], sizeof o.extent_text[d], "%s", keys[k]);
      o.opd.extent[d] = -1;
    }
  if (fmt)
    {
      sp_format_error fe;
      o.opd.tagged = 1;
      if (sp_format_parse (fmt, rank, &o.opd.fmt, &fe))
        {
          fprintf (stderr, "bad format %s: %s\n", fmt, fe.msg);
          exit (2);
        }
    }
  o.role = role;
  o.live_out = live_out;
  return nest_add_obj (N, &o);
}

#define ARR(name, rank, fmt, ...)                                       \
  add_obj (name, IX_OPD_ARRAY, rank, fmt, (const int[]) { __VA_ARGS__ }, \
           NEST_ROLE_DISTINCT, 0, IX_F64)
#define ARR_T(name, type, rank, fmt, ...)                               \
  add_obj (name, IX_OPD_ARRAY, rank, fmt, (const int[]) { __VA_ARGS__ }, \
           NEST_ROLE_DISTINCT, 0, type)
#define ARR_R(name, role, rank, fmt, ...)                               \
  add_obj (name, IX_OPD_ARRAY, rank, fmt, (const int[]) { __VA_ARGS__ }, \
           role, 0, IX_F64)
#define PTR(name)                                                       \
  add_obj (name, IX_OPD_POINTER, 1, NULL, (const int[]) { 0 },          \
           NEST_ROLE_POINTER, 0, IX_F64)
#define SCA(name, live)                                                 \
  add_obj (name, IX_OPD_SCALAR, 0, NULL, (const int[]) { 0 },           \
           NEST_ROLE_DISTINCT, live, IX_F64)
#define SCA_T(name, live, type)                                         \
  add_obj (name, IX_OPD_SCALAR, 0, NULL, (const int[]) { 0 },           \
           NEST_ROLE_DISTINCT, live, type)

#define LOOP(name, key) nest_add_loop (N, name, key, keys[key], 0)
#define BEGIN(l) nest_begin (N, l)
#define END(l) nest_end (N, l)
#define DECL(o) nest_decl (N, o, 0)
#define NIDX(...) (sizeof ((int[]) { __VA_ARGS__ }) / sizeof (int))
#define RD(o, ...)                                                      \
  nest_read (N, o, NIDX (__VA_ARGS__), (const int[]) { __VA_ARGS__ }, 0)
#define RD0(o) nest_read (N, o, 0, NULL, 0)
#define CST(x) nest_const (N, (x) == (int) (x) ? ix_num_int ((int) (x)) : ix_num_real (x, IX_F64), 0)
#define ADD(a, b) nest_op2 (N, IX_ADD, a, b, 0)
#define SUB(a, b) nest_op2 (N, IX_SUB, a, b, 0)
#define MUL(a, b) nest_op2 (N, IX_MUL, a, b, 0)
#define DIV(a, b) nest_op2 (N, IX_DIV, a, b, 0)
#define NEG(a) nest_op2 (N, IX_NEG, a, -1, 0)
#define ASSIGN(o, op, rhs, ...)                                         \
  nest_assign (N, o, NIDX (__VA_ARGS__), (const int[]) { __VA_ARGS__ },  \
               op, rhs, 0)
#define ASSIGN0(o, op, rhs) nest_assign (N, o, 0, NULL, op, rhs, 0)

/* The nest must lower to exactly the statements WANT (NULL-terminated),
   printed by nest_report; returns the result for more checks.  */
static __attribute__ ((unused)) nest_result
expect_ok (int line, const char *const *want)
{
  nest_result r;
  char buf[512];
  if (nest_lower (N, &r))
    {
      fprintf (stderr, "line %d: refused: %s\n", line, r.reason);
      failures++;
      return r;
    }
  int n = 0;
  while (want[n])
    n++;
  if (r.nkernels != n)
    {
      fprintf (stderr, "line %d: %d statements, want %d\n", line,
               r.nkernels, n);
      failures++;
    }
  for (int k = 0; k < r.nkernels && k < n; k++)
    if (strcmp (nest_report (r.kernel[k], buf, sizeof buf), want[k]) != 0)
      {
        fprintf (stderr, "line %d: statement %d is '%s'\n  want '%s'\n", line,
                 k, buf, want[k]);
        failures++;
      }
  return r;
}

#define OK(...)                                                         \
  do                                                                    \
    {                                                                   \
      nest_result r_ = expect_ok (__LINE__,                             \
                                  (const char *const[]) { __VA_ARGS__,  \
                                                          NULL });      \
      nest_result_free (&r_);                                           \
    }                                                                   \
  while (0)

/* The nest must be refused with a reason containing WANT.  */
static __attribute__ ((unused)) void
expect_refused (int line, const char *want)
{
  nest_result r;
  char buf[512];
  if (nest_lower (N, &r) == 0)
    {
      fprintf (stderr, "line %d: accepted (%s), want '%s'\n", line,
               r.nkernels ? nest_report (r.kernel[0], buf, sizeof buf) : "",
               want);
      failures++;
      nest_result_free (&r);
      return;
    }
  if (!strstr (r.reason, want))
    {
      fprintf (stderr, "line %d: reason '%s'\n  want '%s'\n", line, r.reason,
               want);
      failures++;
    }
}

#define REFUSED(want) expect_refused (__LINE__, want)

#endif /* NEST_UTIL_H */
