#!/usr/bin/env python3
"""order_diff.py -- random loop nests that add two or three terms into one
element (or scalar, or temporary) per iteration, in random order and
sign (a symmetric product's two places among them), compiled with and
without the plugin, run and compared bit for bit.

Each seed makes one program: a nest of one of the shapes below over
tagged matrices A and B in random formats, its loops counting up or
down, its statements the terms in
a random order, each added or subtracted, into the output directly or
through temporaries summed apart and added whole.  The outputs start
near 1e16 (a scalar also near 0.1), the entries have many digits, so
that any order of the additions but the program's gives other bits
(printed with %a).  A nest left to the element-by-element fallback is
counted, not a failure; different output is.

  fuzz/order_diff.py [--seeds A-B] [--keep DIR]     (from the top level)

Needs build/sparse.so and build/libsparsert.a (make all).
Copyright the sparse authors.  GPL-3.0-or-later (see COPYING)."""

import random
import sys

import diffrun

FORMATS = ["CSR", "CSR", "DCSR", "CSC", "COO", "D,D"]

# Terms of the sum of element (i, j), as the row (i) and column (j)
# loops see them.
TERMS = ["A[i][j] * x[j]", "B[i][j] * z[j]", "2.5 * A[i][j] * z[j]",
         "A[i][j] * x[j] * x[j]", "B[i][j] * x[i]", "A[i][j]"]
# Terms once per row.
ROW_TERMS = ["c[i]", "A[i][i]", "B[i][i] * z[i]"]


def loop(rnd, v):
    """The header of V's loop over [0, n): counting up, or a quarter of
    the time down (whose floating-point sums the sparse loops add down
    too)."""
    if rnd.random() < 0.25:
        return "for (int %s = n - 1; %s >= 0; %s--)" % (v, v, v)
    return "for (int %s = 0; %s < n; %s++)" % (v, v, v)


def accum(rnd, lhs, term):
    return "%s %s %s;" % (lhs, rnd.choice(["+=", "-="]), term)


def nest(rnd):
    """The kernel's body and what it writes ('y' or 's')."""
    n = rnd.randint(2, 3)
    terms = rnd.sample(TERMS, n)
    shape = rnd.choice(["rows", "columns", "scalar", "temporaries",
                        "loops", "values", "symmetric"])
    if shape == "symmetric":
        # A row's and a column's place of y in one nest, over a triangle
        # or the whole matrix, in either order.
        bounds = rnd.choice(["0; j <= i", "0; j < i", "i; j < n",
                             "i + 1; j < n", "0; j < n"])
        places = [accum(rnd, "y[i]", "A[i][j] * x[j]"),
                  accum(rnd, "y[j]", "A[i][j] * x[i]")]
        rnd.shuffle(places)
        return ("for (int i = 0; i < n; i++) for (int j = %s; j++) { %s }"
                % (bounds, " ".join(places)), "y")
    if shape in ("rows", "columns", "scalar"):
        lhs = {"rows": "y[i]", "columns": "y[j]", "scalar": "s"}[shape]
        outer, inner = ("j", "i") if rnd.random() < 0.25 else ("i", "j")
        body = " ".join(accum(rnd, lhs, t) for t in terms)
        return ("%s %s { %s }" % (loop(rnd, outer), loop(rnd, inner), body),
                "s" if shape == "scalar" else "y")
    if shape == "temporaries":
        # Each term summed into its temporary, the temporaries added
        # into the output (or a scalar) in a random order, or their
        # total at once.
        lhs = rnd.choice(["y[i]", "s"])
        decl = "double %s;" % ", ".join("t%d = 0" % k for k in range(n))
        loops = " ".join("%s %s" % (loop(rnd, "j"),
                                    accum(rnd, "t%d" % k, t))
                         for k, t in enumerate(terms))
        order = rnd.sample(range(n), n)
        if rnd.random() < 0.3:
            adds = "%s += %s;" % (lhs, " + ".join("t%d" % k for k in order))
        else:
            adds = " ".join(accum(rnd, lhs, "t%d" % k) for k in order)
        return ("%s { %s %s %s }" % (loop(rnd, "i"), decl, loops, adds),
                "s" if lhs == "s" else "y")
    if shape == "loops":
        # Loops one after the other, straight into the output, with a
        # value of the row before, between or after them.
        parts = ["%s %s" % (loop(rnd, "j"), accum(rnd, "y[i]", t))
                 for t in terms]
        parts.insert(rnd.randint(0, len(parts)),
                     accum(rnd, "y[i]", rnd.choice(ROW_TERMS)))
        return "for (int i = 0; i < n; i++) { %s }" % " ".join(parts), "y"
    # Values of the row only.
    vals = rnd.sample(ROW_TERMS, rnd.randint(2, 3))
    return ("for (int i = 0; i < n; i++) { %s }"
            % " ".join(accum(rnd, "y[i]", v) for v in vals), "y")


def program(seed):
    """The C source of SEED's program, its threads and SP_PAR_MIN."""
    rnd = random.Random(seed)
    body, out = nest(rnd)
    fa, fb = rnd.choice(FORMATS), rnd.choice(FORMATS)
    n = rnd.choice([9, 23, 40])
    s0 = rnd.choice(["1e16", "0.1"])
    src = """#include "sparse-run.h"

static double
kernel (int n, double y[n], double A[n][n] SPARSE ("%(fa)s"),
        double B[n][n] SPARSE ("%(fb)s"), double x[n], double z[n],
        double c[n], double s)
{
  (void) x; (void) z; (void) c;
  %(body)s
  return s;
}

static double
entry (int64_t i, int64_t j, int seed)
{
  uint32_t h = sr_hash (i, j, 0, seed);
  return i == seed - 1 ? 1 : (double) (h %% 100003) / 7919 - 6;
}

int
main (void)
{
  enum { N = %(n)d };
  int64_t dims[2] = { N, N };
  sp_tensor *A = sr_check (sp_new ("%(fa)s", SP_F64, 2, dims), "A");
  sp_tensor *B = sr_check (sp_new ("%(fb)s", SP_F64, 2, dims), "B");
  for (int64_t i = 0; i < N; i++)
    for (int64_t j = 0; j < N; j++)
      {
        if (i == j || sr_hash (i, j, 1, %(seed)d) %% 3 == 0)
          sp_insert (A, (int64_t[]) { i, j }, entry (i, j, 1));
        if (sr_hash (i, j, 2, %(seed)d) %% 3 == 0)
          sp_insert (B, (int64_t[]) { i, j }, entry (i, j, 2));
      }
  double x[N], z[N], c[N], y[N];
  for (int i = 0; i < N; i++)
    {
      x[i] = i < 2 ? 1 : 1.0 / (i + 0.37);
      z[i] = i < 2 ? 1 : 1.0 / (i + 0.61);
      c[i] = 1 + 1.0 / (i + 3);
      y[i] = 1e16 + 2 * i + (i %% 3) / 7.0;
    }
  double s = kernel (N, y, sp_array (A), sp_array (B), x, z, c, %(s0)s);
  printf ("%(out)s:");
  if (%(scalar)d)
    printf (" %%a", s);
  else
    for (int i = 0; i < N; i++)
      printf (" %%a", y[i]);
  printf ("\\n");
  sp_free (A);
  sp_free (B);
  return 0;
}
""" % dict(fa=fa, fb=fb, body=body, n=n, seed=seed, s0=s0, out=out,
           scalar=out == "s")
    return src, rnd.randint(1, 4), rnd.choice(["0", "0", "1000000"])


if __name__ == "__main__":
    sys.exit(diffrun.main(__doc__.split("\n")[0], program))
