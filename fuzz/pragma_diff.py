#!/usr/bin/env python3
"""pragma_diff.py -- random einsum pragmas and dense loop nests over tagged
arrays, compiled with and without the plugin, run and compared.

Each seed makes one C program: a kernel from the templates below with
random operand formats (plain, structured, dimension orders, widths,
dense), a random assignment (=, +=, -=) and random extents, written as
a pragma (its dense loop nest in DENSE, testsuite/sparse.run/sparse-run.h,
for the build without the plugin) or as the dense loop nest alone (a
quarter of its loops counting down), which the plugin recognises or
leaves to the element-by-element fallback.
Some kernels have sums that cannot share one loop nest in every choice
of formats (run as kernels over temporaries, an operand they share
converted once), a sum over all its indices inside the output's loop
(into a scalar temporary), others are products of
three tensors (contracted in the order of least work), half of them
with their extents as parameters, known only at run time (the order
then chosen at run time).  Both builds use -fopenmp and run on 1
to 4 threads, mostly with SP_PAR_MIN=0 (parallel regions taken whenever
the kernel has them), else with the serial copies beside them.  Sums
into a scalar, or into a vector or matrix along the rows of the loop,
come in double, long or int elements (an integer sum runs on threads),
their plain operands then of any integer type.  A refusal ("cannot
sparsify") is counted, not a failure; an ICE, another compile error, a
crash or different output is.

  fuzz/pragma_diff.py [--seeds A-B] [--keep DIR]     (from the top level)

Needs build/sparse.so and build/libsparsert.a (make all).
Copyright the sparse authors.  GPL-3.0-or-later (see COPYING)."""

import random
import sys

import diffrun

F1 = ["CU", "D", "DENSE"]
F2 = ["CSR", "CSC", "DCSR", "DCSC", "COO", "D,D", "CU,D", "ELL", "DIA",
      "BCSR(2,2)", "CSR;crd=16", "CSR;pos=64;crd=64"]
O2 = ["CSR", "CSC", "DCSR", "DCSC", "COO", "CU,D", "DENSE"]
F3 = ["CSF", "COO", "D,CU,CU", "CU,D,CU", "(i,j,k)->(k:CU,i:CU,j:CU)",
      "(i,j,k)->(j:D,k:CU,i:CU)"]
O3 = ["CSF", "COO", "D,CU,CU", "CU,D,CU", "DENSE"]

# (right-hand side, its C for the dense nest, output, its indices,
#  operands and their indices).  A term without the reduction index is
#  guarded to count once per output element.
TEMPLATES = [
    ("A(i,k) * B(k,j)", "A[i][k] * B[k][j]", "C", "ij",
     {"A": "ik", "B": "kj"}),
    ("A(i,k) * B(k,j) + D(i,j)", "A[i][k] * B[k][j] + (k ? 0 : D[i][j])",
     "C", "ij", {"A": "ik", "B": "kj", "D": "ij"}),
    ("A(i,k) * B(k,j) + D(i,j) - E(i,j)",
     "A[i][k] * B[k][j] + (k ? 0 : D[i][j] - E[i][j])", "C", "ij",
     {"A": "ik", "B": "kj", "D": "ij", "E": "ij"}),
    ("A(i,j) + B(i,j)", "A[i][j] + B[i][j]", "C", "ij",
     {"A": "ij", "B": "ij"}),
    ("A(i,j) * B(i,j)", "A[i][j] * B[i][j]", "C", "ij",
     {"A": "ij", "B": "ij"}),
    ("A(j,i) - 2 * B(i,j)", "A[j][i] - 2 * B[i][j]", "C", "ij",
     {"A": "ji", "B": "ij"}),
    ("A(i,j) + B(i,j) - D(i,j)", "A[i][j] + B[i][j] - D[i][j]", "C", "ij",
     {"A": "ij", "B": "ij", "D": "ij"}),
    ("-3 * A(i,j)", "-3 * A[i][j]", "C", "ij", {"A": "ij"}),
    ("A(i,j) * x(j)", "A[i][j] * x[j]", "y", "i", {"A": "ij", "x": "j"}),
    ("b(i) - A(i,j) * x(j)", "(j ? 0 : b[i]) - A[i][j] * x[j]", "y", "i",
     {"A": "ij", "x": "j", "b": "i"}),
    ("A(j,i) * x(j)", "A[j][i] * x[j]", "y", "i", {"A": "ji", "x": "j"}),
    ("T(i,j,k) * x(k)", "T[i][j][k] * x[k]", "C", "ij",
     {"T": "ijk", "x": "k"}),
    ("T(i,j,k) * B(k,l)", "T[i][j][k] * B[k][l]", "Y", "ijl",
     {"T": "ijk", "B": "kl"}),
    ("T(i,k,j) * U(k,l)", "T[i][k][j] * U[k][l]", "Y", "ijl",
     {"T": "ikj", "U": "kl"}),
    ("A(i,j) * (U(i,l) * W(l,j))", "A[i][j] * (U[i][l] * W[l][j])", "C",
     "ij", {"A": "ij", "U": "il", "W": "lj"}),
] + [
    # Sums that may not share one loop nest: computed in kernels of
    # their own into temporaries.
    ("P(i,j) + D(j) * B(j,k) * D(j)",
     "(k ? 0 : P[i][j]) + (i ? 0 : D[j] * B[j][k] * D[j])", "s", "",
     {"P": "ij", "D": "j", "B": "jk"}),
    ("H(k,j) * x(i) + 3 * z(j)", "H[k][j] * x[i] + (i || k ? 0 : 3 * z[j])",
     "s", "", {"H": "kj", "x": "i", "z": "j"}),
    ("-G(i,k) * A(i,j) * H(i,k) + P(i,k,l) * G(i,k)",
     "(l ? 0 : -G[i][k] * A[i][j] * H[i][k]) + (j ? 0 : P[i][k][l] * G[i][k])",
     "Y", "ik", {"G": "ik", "A": "ij", "H": "ik", "P": "ikl"}),
    ("A(m,j,l) * B(i,k)", "A[m][j][l] * B[i][k]", "Y", "ij",
     {"A": "mjl", "B": "ik"}),
    ("1.5 * a(i) + (e(i) * B(k,i) + 2 * Q(j,i)) * u(i)",
     "(j || k ? 0 : 1.5 * a[i]) + (j ? 0 : e[i] * B[k][i] * u[i])"
     " + (k ? 0 : 2 * Q[j][i] * u[i])", "y", "i",
     {"a": "i", "e": "i", "B": "ki", "Q": "ji", "u": "i"}),
    ("A(i,k) * B(k,j) + D(i,l) * E(l,j)",
     "(l ? 0 : A[i][k] * B[k][j]) + (k ? 0 : D[i][l] * E[l][j])", "C", "ij",
     {"A": "ik", "B": "kj", "D": "il", "E": "lj"}),
    # One operand in two kernels (converted once for both).
    ("A(i,k) * B(k,j) + A(i,m) * E(m,j)",
     "(m ? 0 : A[i][k] * B[k][j]) + (k ? 0 : A[i][m] * E[m][j])", "C", "ij",
     {"A": "ik", "B": "kj", "E": "mj"}),
    # A sum over all its indices inside the loop over the output's (into
    # a scalar temporary).
    ("A(i,j) * x(j) * B(k,l) * D(k,l)", "A[i][j] * x[j] * B[k][l] * D[k][l]",
     "y", "i", {"A": "ij", "x": "j", "B": "kl", "D": "kl"}),
    # Products of three tensors, contracted in the order of least work.
    ("A(i,j) * B(j,k) * x(k)", "A[i][j] * B[j][k] * x[k]", "y", "i",
     {"A": "ij", "B": "jk", "x": "k"}),
    ("A(i,j) * B(j,k) * D(k,l)", "A[i][j] * B[j][k] * D[k][l]", "Y", "il",
     {"A": "ij", "B": "jk", "D": "kl"}),
]
PRODUCTS = ["A(i,j) * B(j,k) * x(k)", "A(i,j) * B(j,k) * D(k,l)"]

# Sums into a scalar (output "s", no indices) or into a vector along the
#  rows of the loop (y(j) over A's rows i), of double, long or int
#  elements: with -fopenmp an integer sum runs on threads.
TYPED_TEMPLATES = [
    ("A(i,j) * x(i)", "A[i][j] * x[i]", "y", "j", {"A": "ij", "x": "i"}),
    ("A(i,j) * U(i,l)", "A[i][j] * U[i][l]", "C", "jl",
     {"A": "ij", "U": "il"}),
    ("A(i,j) * B(i,j)", "A[i][j] * B[i][j]", "s", "",
     {"A": "ij", "B": "ij"}),
    ("A(i,j) * x(j)", "A[i][j] * x[j]", "s", "", {"A": "ij", "x": "j"}),
    ("y(i) * A(i,j) * x(j)", "y[i] * A[i][j] * x[j]", "s", "",
     {"A": "ij", "x": "j", "y": "i"}),
    ("A(i,j) - B(j,i)", "A[i][j] - B[j][i]", "s", "",
     {"A": "ij", "B": "ji"}),
    ("T(i,j,k) * x(k)", "T[i][j][k] * x[k]", "s", "",
     {"T": "ijk", "x": "k"}),
]

EXTENT = {"i": "M", "k": "K", "j": "N", "l": "L", "m": "K"}
SP_TYPE = {"double": "SP_F64", "long": "SP_I64", "int": "SP_I32"}
# The types of the plain (untagged) operands beside tagged ones of long or
#  int elements: any integer type whose products with them sum, in the
#  output's type, to what the output's own sums give.
PLAIN = {"double": ["double"],
         "long": ["long", "int", "unsigned", "unsigned long", "short",
                  "unsigned short", "signed char", "unsigned char"],
         "int": ["int", "unsigned", "short", "unsigned short", "signed char",
                 "unsigned char", "_Bool"]}


def header(rnd, c):
    """The loop over index C's extent: a quarter of them counting down."""
    if rnd.random() < 0.25:
        return "for (int %s = %s - 1; %s >= 0; %s--) " % (c, EXTENT[c], c, c)
    return "for (int %s = 0; %s < %s; %s++) " % (c, c, EXTENT[c], c)


def program(seed):
    """The C source of SEED's program."""
    rnd = random.Random(seed)
    sizes = dict(zip("MKNL", rnd.choice([(7, 5, 6, 4), (13, 11, 9, 5),
                                         (31, 23, 29, 6)])))
    rhs, crhs, out, oidx, opds = rnd.choice(TEMPLATES + TYPED_TEMPLATES)
    scalar = not oidx
    et = (rnd.choice(["double", "long", "int"])
          if (rhs, out) in [(t[0], t[2]) for t in TYPED_TEMPLATES]
          else "double")
    assign = rnd.choice(["=", "+=", "-="])
    nest = rnd.random() < 0.5
    # The extents as parameters (which hide the enumerators).
    vla = rhs in PRODUCTS and rnd.random() < 0.5
    idx = []
    for s in [oidx] + list(opds.values()):
        idx += [c for c in s if c not in idx]

    def fmt(name, n):
        if name in ("U", "W"):
            return rnd.choice(["DENSE", "CSR", "DCSR"])
        if n == 1:
            return rnd.choice(F1)
        if n == 2:
            return rnd.choice(O2 if name == out else F2)
        return rnd.choice(O3 if name == out else F3)

    arrays = ([] if scalar else [(out, oidx)]) + sorted(opds.items())
    fmts = {nm: fmt(nm, len(ix)) for nm, ix in arrays}
    # Element types: the output's and the tagged operands' ET, the plain
    # operands' of PLAIN (drawn apart, so that a seed's program is the
    # same as before but for them).
    trnd = random.Random(seed + 1000003)
    types = {nm: et if nm == out or fmts[nm] != "DENSE"
             else trnd.choice(PLAIN[et]) for nm, ix in arrays}
    params = ["int M", "int K", "int N", "int L"] if vla else []
    for nm, ix in arrays:
        dims = "".join("[%s]" % EXTENT[c] for c in ix)
        f = fmts[nm]
        params.append("%s %s%s%s" % (types[nm], nm, dims, "" if f == "DENSE"
                                      else ' SPARSE ("%s")' % f))
    lhs = out + "".join("[%s]" % c for c in oidx)
    loops = "".join(header(rnd, c) for c in idx)
    if assign == "=":
        zero = "".join("for (int %s = 0; %s < %s; %s++) "
                       % (c, c, EXTENT[c], c) for c in oidx)
        dense = "%s%s = 0; %s%s += %s;" % (zero, lhs, loops, lhs, crhs)
    else:
        dense = "%s%s %s %s;" % (loops, lhs, assign, crhs)
    # Integer operands: the helpers' values scaled and truncated.
    typed = [
        "static sp_tensor *",
        "typed (sp_tensor *t, const char *f)",
        "{",
        "  int r = sp_rank (t);",
        "  int64_t dims[3], n = 1;",
        "  for (int d = 0; d < r; d++)",
        "    n *= dims[d] = sp_dim (t, d);",
        "  double *a = malloc (n * sizeof *a);",
        "  sp_to_dense (t, a);",
        "  sp_tensor *u = sr_check (sp_new (f, %s, r, dims), f);" % SP_TYPE[et],
        "  for (int64_t p = 0; p < n; p++)",
        "    if ((long) (a[p] * 16))",
        "      {",
        "        int64_t c[3], q = p;",
        "        for (int d = r - 1; d >= 0; d--)",
        "          c[d] = q % dims[d], q /= dims[d];",
        "        sp_insert (u, c, (double) (long) (a[p] * 16));",
        "      }",
        "  free (a);",
        "  sp_free (t);",
        "  return u;",
        "}",
    ] if et != "double" else []
    lines = [
        '#include "sparse-run.h"',
        "enum { M = %(M)d, K = %(K)d, N = %(N)d, L = %(L)d };" % sizes,
        "static sp_tensor *",
        "vec (const char *f, int64_t n, int seed, int mod)",
        "{",
        "  sp_tensor *t = sr_check (sp_new (f, SP_F64, 1, "
        "(int64_t[]) { n }), f);",
        "  for (int64_t i = 0; i < n; i++)",
        "    if (sr_hash (i, 0, 0, seed) % mod == 0)",
        "      sp_insert (t, (int64_t[]) { i }, "
        "sr_val (sr_hash (i, 0, 0, seed)));",
        "  return t;",
        "}",
    ] + typed + [
        "static %s" % (et if scalar else "void"),
        "kern (%s)" % ", ".join(params),
        "{",
    ]
    if scalar:
        lines.append("  %s s = 3;" % et)
    if nest:
        lines.append("  %s" % dense)
    else:
        lines += ["#pragma sparse einsum %s%s %s %s"
                  % (out, "(%s)" % ",".join(oidx) if oidx else "", assign,
                     rhs),
                  "  DENSE (%s)" % dense]
    if scalar:
        lines.append("  return s;")
    lines += [
        "}",
        "int",
        "main (void)",
        "{",
    ]
    args = ["M", "K", "N", "L"] if vla else []
    for q, (nm, ix) in enumerate(arrays):
        dims = [sizes[EXTENT[c]] for c in ix]
        mod = rnd.choice([2, 3, 5])
        f = fmts[nm]
        if f == "DENSE":
            n = eval("*".join(map(str, dims)))
            lines.append("  static double %s_d%s;" % (
                nm, "".join("[%d]" % d for d in dims)))
            lines.append("  sr_fill ((double *) %s_d, %d, %d, %d);" % (
                nm, n, q + 3, mod))
            if et != "double":
                pt = types[nm]
                lines.append("  static %s %s_i%s;" % (
                    pt, nm, "".join("[%d]" % d for d in dims)))
                lines.append("  for (int p = 0; p < %d; p++)" % n)
                lines.append("    ((%s *) %s_i)[p] = (%s) (long) "
                             "(((double *) %s_d)[p] * 16);" % (pt, nm, pt, nm))
            args.append("%s_%s" % (nm, "d" if et == "double" else "i"))
            continue
        make = {1: "vec", 2: "sr_matrix", 3: "sr_tensor3"}[len(dims)]
        made = '%s ("%s", %s, %d, %d)' % (make, f, ", ".join(map(str, dims)),
                                          q + 3, mod)
        if et != "double":
            made = 'typed (%s, "%s")' % (made, f)
        lines.append('  sp_tensor *%s_t = %s;' % (nm, made))
        args.append("sp_array (%s_t)" % nm)
    if scalar:
        lines.append('  printf ("s %%.17g\\n", (double) kern (%s));'
                     % ", ".join(args))
        lines += ["  return 0;", "}"]
        return "\n".join(lines) + "\n", rnd.randint(1, 4), rnd.choice(
            ["0", "0", "1000000"])
    lines.append("  kern (%s);" % ", ".join(args))
    total = 1
    for c in oidx:
        total *= sizes[EXTENT[c]]
    if fmts[out] == "DENSE" and et != "double":
        lines.append("  for (int p = 0; p < %d; p++)" % total)
        lines.append("    ((double *) %s_d)[p] = ((%s *) %s_i)[p];"
                     % (out, et, out))
    if fmts[out] == "DENSE":
        lines.append('  sr_print ("out", (double *) %s_d, %d);' % (out, total))
    else:
        lines.append('  sr_print_t ("out", %s_t, %d);' % (out, total))
    lines += ["  return 0;", "}"]
    return "\n".join(lines) + "\n", rnd.randint(1, 4), rnd.choice(["0", "0",
                                                                  "1000000"])


if __name__ == "__main__":
    sys.exit(diffrun.main(__doc__.split("\n")[0], program))
