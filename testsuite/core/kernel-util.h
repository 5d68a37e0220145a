/* kernel-util.h -- end-to-end kernel tests: an einsum is parsed,
   scheduled and lowered to the loop IR, printed as C by cprint, compiled
   with gcc-12 into a shared object, loaded and run on random tensors of
   the runtime; its result is compared with a dense evaluation of the same
   index notation.  */

#ifndef KERNEL_UTIL_H
#define KERNEL_UTIL_H

#define CORE_UTIL_SCHEDULE
#include <dlfcn.h>
#include <math.h>
#include "core-util.h"
#include "kernel-load.h"
#include "plan.h"
#include "sparse.h"

#ifndef SPARSE_ROOT
#define SPARSE_ROOT "."
#endif

/* An operand of a kernel test: rank and extents, format (NULL: a C array,
   "" with rank 0: a scalar), density of its random nonzeros.  */
typedef struct kt_opd
{
  const char *name;
  int rank;
  int64_t dims[4];
  const char *fmt;
  double density;
  ix_operand_kind kind;   /* IX_OPD_ARRAY unless a pointer is wanted */
  ix_type type;           /* element type (IX_F64 when left out) */
  int vla;                /* nonzero: its extents are known at run time
                             only (a VLA, or a tagged array's handle) */
} kt_opd;

static uint64_t kt_seed = 88172645463325252ull;

static double
kt_random (void)
{
  kt_seed ^= kt_seed << 13;
  kt_seed ^= kt_seed >> 7;
  kt_seed ^= kt_seed << 17;
  return (double) (kt_seed >> 11) / 9007199254740992.0;
}

static int64_t
kt_size (const kt_opd *o)
{
  int64_t n = 1;
  for (int d = 0; d < o->rank; d++)
    n *= o->dims[d];
  return n;
}

/* Element P of VALS of TYPE, as a double.  */
static double
kt_load (const void *vals, ix_type type, int64_t p)
{
  switch (type)
    {
    case IX_F64: return ((const double *) vals)[p];
    case IX_F32: return ((const float *) vals)[p];
    case IX_I64: return (double) ((const int64_t *) vals)[p];
    case IX_I32: return ((const int32_t *) vals)[p];
    case IX_U64: return (double) ((const uint64_t *) vals)[p];
    case IX_U32: return ((const uint32_t *) vals)[p];
    case IX_I16: return ((const int16_t *) vals)[p];
    case IX_U16: return ((const uint16_t *) vals)[p];
    case IX_I8: return ((const int8_t *) vals)[p];
    case IX_U8: return ((const uint8_t *) vals)[p];
    default: return ((const _Bool *) vals)[p];
    }
}

/* A copy of the N doubles of DATA as TYPE (their magnitudes, for an
   unsigned type, so that the doubles of the dense evaluation hold the
   products exactly), and DATA then the values the copy holds.  */
static void *
kt_typed (double *data, int64_t n, ix_type type)
{
  size_t es = (size_t) lir_type_size ((lir_type) type);
  void *r = malloc ((size_t) (n ? n : 1) * es);
  for (int64_t p = 0; p < n; p++)
    {
      int64_t v = (int64_t) data[p];
      if (!ix_types[type].is_signed && v < 0)
        v = -v;
      switch (type)
        {
        case IX_F64: ((double *) r)[p] = data[p]; break;
        case IX_F32: ((float *) r)[p] = (float) data[p]; break;
        case IX_I64: ((int64_t *) r)[p] = v; break;
        case IX_I32: ((int32_t *) r)[p] = (int32_t) v; break;
        case IX_U64: ((uint64_t *) r)[p] = (uint64_t) v; break;
        case IX_U32: ((uint32_t *) r)[p] = (uint32_t) v; break;
        case IX_I16: ((int16_t *) r)[p] = (int16_t) v; break;
        case IX_U16: ((uint16_t *) r)[p] = (uint16_t) v; break;
        case IX_I8: ((int8_t *) r)[p] = (int8_t) v; break;
        case IX_U8: ((uint8_t *) r)[p] = (uint8_t) v; break;
        default: ((_Bool *) r)[p] = v != 0; break;
        }
      data[p] = kt_load (r, type, p);
    }
  return r;
}

/* The extents the test knows: per operand and per index variable.  */
typedef struct kt_ext
{
  int64_t opd[IX_MAX_OPERANDS][SP_MAX_RANK];
  int64_t var[IX_MAX_VARS];
} kt_ext;

/* Dense evaluation of expression E of S at the index values VAL.  */
static double
kt_eval (const ix_stmt *s, int e, int64_t *val, double *const *data,
         const kt_ext *x2)
{
  const ix_expr *x = &s->expr[e];
  switch (x->op)
    {
    case IX_ACCESS:
      {
        const ix_access *a = &s->acc[x->access];
        int64_t p = 0;
        for (int k = 0; k < a->nidx; k++)
          p = p * x2->opd[a->opd][k] + val[a->var[k]];
        return data[a->opd][p];
      }
    case IX_CONST:
      return x->num.type == IX_I32 || x->num.type == IX_I64 ? (double) x->num.i
                                                          : x->num.f;
    case IX_NEG:
      return -kt_eval (s, x->a, val, data, x2);
    case IX_ADD:
    case IX_SUB:
    case IX_MUL:
    case IX_DIV:
      {
        double a = kt_eval (s, x->a, val, data, x2);
        double b = kt_eval (s, x->b, val, data, x2);
        return x->op == IX_ADD ? a + b : x->op == IX_SUB ? a - b
               : x->op == IX_MUL ? a * b : a / b;
      }
    default:
      {
        double sum = 0;
        for (val[x->var] = 0; val[x->var] < x2->var[x->var]; val[x->var]++)
          sum += kt_eval (s, x->a, val, data, x2);
        return sum;
      }
    }
}

/* Extra flags for compiling kernels (-fopenmp).  */
static const char *kt_cflags = "";

/* Run the einsum TEXT over the operands OPDS (ending with a NULL name).
   ALLOW: allow conversions.  Returns 0 when the kernel's result matches
   the dense evaluation; prints what differs otherwise.  */
static int
kt_run (const char *tag, const char *text, const kt_opd *opds, int allow)
{
  test_opd tab[IX_MAX_OPERANDS + 1];
  int nopds = 0;
  for (; opds[nopds].name; nopds++)
    {
      const kt_opd *o = &opds[nopds];
      test_opd *t = &tab[nopds];
      memset (t, 0, sizeof *t);
      t->name = o->name;
      t->kind = o->rank == 0 ? IX_OPD_SCALAR
                : o->kind == IX_OPD_POINTER ? IX_OPD_POINTER : IX_OPD_ARRAY;
      t->rank = t->kind == IX_OPD_POINTER ? 0 : o->rank;
      for (int d = 0; d < o->rank; d++)
        t->ext[d] = o->vla ? -1 : o->dims[d];
      t->fmt = o->fmt && o->rank ? o->fmt : NULL;
      t->type = o->type;
    }
  memset (&tab[nopds], 0, sizeof tab[nopds]);

  /* Scheduled and built as the plugin does (ix_plan).  */
  ix_diag err;
  ix_sched_opts opts = { allow, 0, { { 0 } } };
  ix_stmt *parsed = parse (text, tab, &err);
  lir_kernel *k = parsed ? ix_plan (parsed, &opts, &err) : NULL;
  ix_free (parsed);
  if (!k)
    {
      fprintf (stderr, "%s: '%s': %s\n", tag, text, err.msg);
      return 1;
    }
  /* The shapes the plugin gives it, with the vectors of SSE2.  */
  lir_lanes lanes = { { [LIR_F64] = 2, [LIR_F32] = 4 } };
  lir_plan_threads (k, *kt_cflags != 0);
  lir_plan_shapes (k, &lanes);
  /* The statement as scheduled outlives the kernel that owns it.  */
  static ix_stmt scheduled;
  scheduled = k->sc->st;
  /* An OpenMP kernel stays loaded: libgomp's threads outlive the call.  */
  void *lib;
  void (*fn) (void **) = kl_load (k, tag, kt_cflags,
                                  *kt_cflags ? RTLD_NODELETE : 0, &lib);
  if (!fn)
    return 1;

  /* Data in the statement's operand order.  */
  const ix_stmt *s = &scheduled;
  int out = s->acc[s->out].opd;
  double *data[IX_MAX_OPERANDS], *init = NULL;
  void *typed[IX_MAX_OPERANDS];
  sp_tensor *tens[IX_MAX_OPERANDS];
  void *args[IX_MAX_OPERANDS * (SP_MAX_RANK + 1)];
  int64_t vla_dims[IX_MAX_OPERANDS * (SP_MAX_RANK + 1)];
  int bad = 0;
  for (int o = 0; o < s->nopds; o++)
    {
      const kt_opd *ko = NULL;
      for (int m = 0; m < nopds; m++)
        if (strcmp (opds[m].name, s->opd[o].name) == 0)
          ko = &opds[m];
      int64_t n = kt_size (ko);
      data[o] = calloc ((size_t) n, sizeof (double));
      for (int64_t p = 0; p < n; p++)
        if (kt_random () < ko->density)
          data[o][p] = (double) (1 + (int) (kt_random () * 9))
                       * (kt_random () < 0.3 ? -1 : 1);
      if (o == out && s->assign == IX_SET && !s->opd[o].tagged)
        for (int64_t p = 0; p < n; p++)
          data[o][p] = 1e6;   /* must be overwritten */
      tens[o] = NULL;
      typed[o] = kt_typed (data[o], n, ko->type);
      if (o == out)
        {
          init = malloc ((size_t) n * sizeof *init);
          memcpy (init, data[o], (size_t) n * sizeof *init);
        }
      if (s->opd[o].tagged)
        {
          tens[o] = sp_from_dense (typed[o], (sp_type) ko->type, ko->rank,
                                   ko->dims, ko->fmt);
          if (!tens[o])
            {
              fprintf (stderr, "%s: sp_from_dense %s: %s\n", tag, ko->fmt,
                       sp_error ());
              return 1;
            }
          args[o] = tens[o];
        }
      else
        args[o] = typed[o];
    }

  /* Run-time extents of C arrays follow the operands (cprint.h).  */
  int nargs = s->nopds;
  for (int o = 0; o < s->nopds; o++)
    if (!s->opd[o].tagged && s->opd[o].kind == IX_OPD_ARRAY)
      for (int d = 0; d < s->opd[o].rank; d++)
        if (s->opd[o].extent[d] < 0)
          {
            for (int m = 0; m < nopds; m++)
              if (strcmp (opds[m].name, s->opd[o].name) == 0)
                vla_dims[nargs] = opds[m].dims[d];
            args[nargs] = &vla_dims[nargs];
            nargs++;
          }
  fn (args);

  /* The expected result, element by element, with the extents the test
     knows (the statement may know them only at run time).  */
  static kt_ext x2;
  for (int o = 0; o < s->nopds; o++)
    for (int m = 0; m < nopds; m++)
      if (strcmp (opds[m].name, s->opd[o].name) == 0)
        for (int d = 0; d < opds[m].rank; d++)
          x2.opd[o][d] = opds[m].dims[d];
  for (int a = 0; a < s->naccs; a++)
    for (int k = 0; k < s->acc[a].nidx; k++)
      x2.var[s->acc[a].var[k]] = x2.opd[s->acc[a].opd][k];
  const ix_access *oa = &s->acc[s->out];
  int64_t n = 1, val[IX_MAX_VARS] = { 0 };
  for (int d = 0; d < oa->nidx; d++)
    n *= x2.opd[out][d];
  ix_type ot = s->opd[out].type;
  if (tens[out] && sp_to_dense (tens[out], typed[out]))
    {
      fprintf (stderr, "%s: sp_to_dense: %s\n", tag, sp_error ());
      bad = 1;
    }
  double *got = calloc ((size_t) n, sizeof *got);
  for (int64_t p = 0; p < n; p++)
    got[p] = kt_load (typed[out], ot, p);
  double tol = ot == IX_F32 ? 1e-5 : 1e-9;
  for (int64_t p = 0; p < n && !bad; p++)
    {
      int64_t r = p;
      for (int d = oa->nidx - 1; d >= 0; d--)
        {
          val[oa->var[d]] = r % x2.opd[out][d];
          r /= x2.opd[out][d];
        }
      double want = kt_eval (s, s->rhs, val, data, &x2);
      if (s->assign == IX_ADD_SET)
        want = init[p] + want;
      else if (s->assign == IX_SUB_SET)
        want = init[p] - want;
      /* An integer output holds the sum modulo its width.  */
      if (!ix_type_is_float (ot))
        want = ix_int_value (ix_int_convert ((int64_t) want, ot), ot);
      if (fabs (got[p] - want) > tol * (1 + fabs (want)))
        {
          fprintf (stderr, "%s: '%s': element %lld is %g, want %g\n", tag,
                   text, (long long) p, got[p], want);
          bad = 1;
        }
    }
  free (got);
  free (init);
  for (int o = 0; o < s->nopds; o++)
    {
      free (data[o]);
      free (typed[o]);
      sp_free (tens[o]);
    }
  dlclose (lib);
  return bad;
}

#endif /* KERNEL_UTIL_H */
