/* { dg-do run } */
/* Calls of the C library's functions of one floating-point argument:
   the table (names, forms, which keep zeros), their spelling in the
   einsum grammar, and what the zero analysis and the lattices make of
   them (a call that is not zero at zero is not zero where its operand is
   absent).  */

#include <math.h>
#include "core-util.h"
#include "lattice.h"
#include "mathfn.h"

static const test_opd tab[] = {
  { "A", IX_OPD_ARRAY, 2, { 10, 20 }, "csr", IX_F64 },
  { "F", IX_OPD_ARRAY, 2, { 10, 20 }, "csr", IX_F32 },
  { "x", IX_OPD_ARRAY, 1, { 20 }, NULL, IX_F64 },
  { "y", IX_OPD_ARRAY, 1, { 10 }, NULL, IX_F64 },
  { "C", IX_OPD_ARRAY, 2, { 10, 20 }, NULL, IX_F64 },
  { "Cf", IX_OPD_ARRAY, 2, { 10, 20 }, NULL, IX_F32 },
  { "erf", IX_OPD_ARRAY, 1, { 20 }, NULL, IX_F64 },
  { NULL, 0, 0, { 0 }, NULL, 0 }
};

static ix_stmt *
ok (const char *text, const char *want)
{
  ein_error err;
  char buf[512];
  ix_stmt *s = parse (text, tab, &err);
  if (!s)
    {
      fprintf (stderr, "'%s': unexpected error: %s\n", text, err.msg);
      failures++;
      return NULL;
    }
  ix_print (s, buf, sizeof buf);
  if (strcmp (buf, want) != 0)
    {
      fprintf (stderr, "'%s': got '%s', want '%s'\n", text, buf, want);
      failures++;
    }
  return s;
}

static void
bad (const char *text, const char *want)
{
  ein_error err;
  ix_stmt *s = parse (text, tab, &err);
  if (s || !strstr (err.msg, want))
    {
      fprintf (stderr, "'%s': want an error with '%s', got '%s'\n", text,
               want, s ? "none" : err.msg);
      failures++;
    }
  ix_free (s);
}

/* The call of function NAME: its operator, or -1 when it is none.  */
static int
op_of (const char *name)
{
  ix_num fn;
  return mathfn_find (name, &fn) ? (int) mathfn_op (fn) : -1;
}

/* The expression below the sum at the right-hand side's root.  */
static int
body (const ix_stmt *s)
{
  int e = s->rhs;
  while (s->expr[e].op == IX_SUM)
    e = s->expr[e].a;
  return e;
}

int
main (void)
{
  static const char *const keep[] = {
    "sqrt", "sin", "tan", "sinh", "tanh", "asin", "atan", "asinh", "atanh",
    "erf", "cbrt", "expm1", "log1p", "floor", "ceil", "trunc", "round",
    "rint", "nearbyint"
  };
  static const char *const nonzero[] = {
    "exp", "exp2", "log", "log2", "log10", "cos", "acos", "cosh", "acosh",
    "erfc"
  };
  char name[32];
  for (size_t k = 0; k < sizeof keep / sizeof *keep; k++)
    {
      CHECK (op_of (keep[k]) == IX_CALLZ);
      snprintf (name, sizeof name, "%sf", keep[k]);
      CHECK (op_of (name) == IX_CALLZ);
    }
  for (size_t k = 0; k < sizeof nonzero / sizeof *nonzero; k++)
    {
      CHECK (op_of (nonzero[k]) == IX_CALL);
      snprintf (name, sizeof name, "%sf", nonzero[k]);
      CHECK (op_of (name) == IX_CALL);
    }
  CHECK (mathfn_count
         == (int) (sizeof keep / sizeof *keep
                   + sizeof nonzero / sizeof *nonzero));
  CHECK (op_of ("fabs") == -1 && op_of ("expff") == -1
         && op_of ("ex") == -1 && op_of ("pow") == -1);

  ix_num fn;
  CHECK (mathfn_find ("log1pf", &fn) && fn.type == IX_F32
         && strcmp (mathfn_name (fn, name, sizeof name), "log1pf") == 0);
  CHECK (mathfn_find ("cos", &fn) && fn.type == IX_F64
         && mathfn_eval (fn, 0.0) == 1);
  CHECK (mathfn_find ("sqrt", &fn) && signbit (mathfn_eval (fn, -0.0)));

  /* The grammar: the argument converted to the function's type; a
     variable not in the output summed over the smallest subexpression
     using it, as everywhere in the notation (exp of a row's sum).  */
  ix_stmt *s = ok ("C(i,j) = exp(A(i,j))", "C(i,j) = exp(A(i,j))");
  if (s)
    {
      int a = s->expr[s->expr[s->rhs].a].access;
      CHECK (s->expr[s->rhs].op == IX_CALL);
      CHECK (!ix_zero_with (s, s->rhs, a));
      /* exp (0) is 1: not zero where A is absent.  */
      CHECK (!lat_is_zero (s, s->rhs, 1u << a));
      char buf[128];
      lat_print_expr (s, s->rhs, 1u << a, buf, sizeof buf);
      CHECK (strcmp (buf, "exp(0)") == 0);
      ix_free (s);
    }
  s = ok ("y(i) = sqrt(A(i,j)) * x(j)", "y(i) = sum(j, sqrt(A(i,j)) * x(j))");
  if (s)
    {
      int e = body (s);
      int a = s->expr[s->expr[s->expr[e].a].a].access;
      CHECK (s->expr[s->expr[e].a].op == IX_CALLZ);
      CHECK (ix_zero_with (s, e, a));
      CHECK (lat_is_zero (s, e, 1u << a));
      ix_free (s);
    }
  ix_free (ok ("y(i) = exp(A(i,j))", "y(i) = exp(sum(j, A(i,j)))"));
  ix_free (ok ("Cf(i,j) = expf(F(i,j))", "Cf(i,j) = expf(F(i,j))"));
  ix_free (ok ("C(i,j) = exp(F(i,j))", "C(i,j) = exp((double)F(i,j))"));
  ix_free (ok ("Cf(i,j) = sqrtf(A(i,j) * 2)",
               "Cf(i,j) = sqrtf((float)(A(i,j) * 2))"));
  ix_free (ok ("y(i) = log(exp(A(i,j)) + x(j))",
               "y(i) = log(sum(j, exp(A(i,j)) + x(j)))"));
  /* An array named as a function is the array.  */
  ix_free (ok ("y(i) = A(i,j) * erf(j)", "y(i) = sum(j, A(i,j) * erf(j))"));
  bad ("y(i) = exp(A(i,j)", "expected ')' after the argument of 'exp'");
  bad ("y(i) = pow(A(i,j))", "unknown name 'pow'");

  if (failures)
    {
      fprintf (stderr, "%d failures\n", failures);
      return 1;
    }
  printf ("ok\n");
  return 0;
}
