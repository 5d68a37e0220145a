/* cprint.c -- print the loop IR as C (see cprint.h).  */

#include <math.h>
#include <string.h>
#include "cprint.h"
#include "mathfn.h"

static const char prelude[] =
  "#include <math.h>\n"
  "#include <stdint.h>\n"
  "#include <string.h>\n"
  "#include \"sparse.h\"\n"
  "#include \"sparse_abi.h\"\n"
  "#include \"sparse_kernel.h\"\n"
  "#ifdef _OPENMP\n"
  "#include <omp.h>\n"
  "#endif\n"
  "\n";

void
cprint_prelude (FILE *f)
{
  fputs (prelude, f);
}

/* -------------------------------------------------------------------- */

typedef struct printer
{
  const lir_kernel *k;
  FILE *f;
  int cursor;    /* the output's level appended through a cursor in
                    locals (LIR_CALL_CURSOR_OPEN), or -1 */
  char *out;     /* the sp_kout the output's entries go into, as a
                    pointer: &sp_out, or a part of a build by threads
                    (LIR_CALL_OUT_PART) */
} printer;

static const char *
opd_name (const printer *p, int o)
{
  return p->k->sc->st.opd[o].name;
}

static void
tensor_ref (const printer *p, int t)
{
  fputs (p->k->tensors[t].name, p->f);
}

/* The base pointer of ARRAY, cast to its element type.  */
static void
array_base (const printer *p, int a)
{
  const lir_array *x = &p->k->arrays[a];
  const char *tn = lir_type_name (x->type);
  switch (x->kind)
    {
    case LIR_ARR_POS:
    case LIR_ARR_CRD:
      fprintf (p->f, "((%s *) ", tn);
      tensor_ref (p, x->tensor);
      fprintf (p->f, "->lv[%d].%s)", x->level,
               x->kind == LIR_ARR_POS ? "pos" : "crd");
      break;
    case LIR_ARR_VALS:
      fprintf (p->f, "((%s *) ", tn);
      tensor_ref (p, x->tensor);
      fprintf (p->f, "->vals)");
      break;
    case LIR_ARR_DENSE:
      fputs (opd_name (p, x->opd), p->f);
      break;
    case LIR_ARR_WS:
      fprintf (p->f, "((%s *) sp_ws.vals)", tn);
      break;
    case LIR_ARR_WS_FLAG:
      fputs ("sp_ws.flag", p->f);
      break;
    case LIR_ARR_WS_LIST:
      fputs ("sp_ws.list", p->f);
      break;
    case LIR_ARR_OUT_VALS:
      if (p->cursor >= 0)
        fprintf (p->f, "((%s *) sp_vals)", tn);
      else
        fprintf (p->f, "((%s *) %s->vals)", tn, p->out);
      break;
    case LIR_ARR_AT:
      fprintf (p->f, "((%s *) %s)", tn, p->k->vars[x->var].name);
      break;
    }
}

/* The name of the vector type of LANES values of type T; UNALIGNED:
   the one aligned as T, for loads and stores at any element.  */
static void
vector_type (const printer *p, lir_type t, int lanes, int unaligned)
{
  fprintf (p->f, "sp_%sv%s%d", unaligned ? "u" : "", lir_type_name (t),
           lanes);
}

/* The vector types of K's variables, as typedefs (GCC's vector
   extension), at indent IND.  */
static void
vector_types (const printer *p, int ind)
{
  const lir_kernel *k = p->k;
  for (int v = 0; v < k->nvars; v++)
    {
      int seen = k->vars[v].lanes < 2;
      for (int u = 0; u < v && !seen; u++)
        seen = k->vars[u].type == k->vars[v].type
               && k->vars[u].lanes == k->vars[v].lanes;
      if (seen)
        continue;
      const char *tn = lir_type_name (k->vars[v].type);
      for (int un = 0; un < 2; un++)
        {
          fprintf (p->f, "%*stypedef %s ", ind, "", tn);
          vector_type (p, k->vars[v].type, k->vars[v].lanes, un);
          fprintf (p->f, " __attribute__ ((vector_size (%d * sizeof (%s))",
                   k->vars[v].lanes, tn);
          if (un)
            fprintf (p->f, ", aligned (sizeof (%s))", tn);
          fputs ("));\n", p->f);
        }
    }
}

static void expr (const printer *p, int e, int ctx);

/* ARRAY[E], as an lvalue.  */
static void
element (const printer *p, int a, int e)
{
  array_base (p, a);
  fputc ('[', p->f);
  expr (p, e, 0);
  fputc (']', p->f);
}

/* The vector of LANES elements of array A from index E, as an lvalue.  */
static void
vector_at (const printer *p, int a, int e, int lanes)
{
  fputs ("*(", p->f);
  vector_type (p, p->k->arrays[a].type, lanes, 1);
  fputs (" *) &", p->f);
  element (p, a, e);
}

/* The calls among the expressions: OpenMP's, the runtime's, an atomic
   increment, and the handle's count of values and an element's address
   passed to them.  */
static void
call_expr (const printer *p, const lir_expr *x)
{
  FILE *f = p->f;
  switch (x->op)
    {
    case LIR_THREAD:
      fputs ("omp_get_thread_num ()", f);
      break;
    case LIR_NTHREADS:
      fputs ("omp_get_num_threads ()", f);
      break;
    case LIR_RTCALL:
      fprintf (f, "%s (", lir_rts[x->ival].name);
      for (int arg = x->a; arg >= 0; arg = p->k->exprs[arg].b)
        {
          expr (p, p->k->exprs[arg].a, 0);
          if (p->k->exprs[arg].b >= 0)
            fputs (", ", f);
        }
      fputc (')', f);
      break;
    case LIR_ADDR:
      fputs ("&", f);
      element (p, x->array, x->a);
      break;
    case LIR_FETCH_INC:
      fprintf (f, "__atomic_fetch_add (&%s, 1, __ATOMIC_RELAXED)",
               p->k->vars[x->var].name);
      break;
    case LIR_NVALS:
      tensor_ref (p, x->tensor);
      fputs ("->nvals", f);
      break;
    case LIR_HANDLE:
      if (x->tensor < 0)
        fputs (p->k->sc->st.opd[x->opd].name, f);
      else
        tensor_ref (p, x->tensor);
      break;
    default:
      break;
    }
}

static void
expr (const printer *p, int e, int ctx)
{
  const lir_expr *x = &p->k->exprs[e];
  const lir_op_info *info = &lir_ops[x->op];
  FILE *f = p->f;
  int paren = info->prec < ctx;
  if (x->op == LIR_CONST)
    {
      const char *sfx = x->type == LIR_F32 ? "f" : "";
      if ((x->type == LIR_F64 || x->type == LIR_F32) && isnan (x->fval))
        fprintf (f, signbit (x->fval) ? "(-__builtin_nan%s (\"\"))"
                 : "__builtin_nan%s (\"\")", sfx);
      else if ((x->type == LIR_F64 || x->type == LIR_F32) && isinf (x->fval))
        fprintf (f, x->fval < 0 ? "(-__builtin_inf%s ())"
                 : "__builtin_inf%s ()", sfx);
      else if (x->type == LIR_F64 || x->type == LIR_F32)
        {
          char buf[40];
          snprintf (buf, sizeof buf, "%.17g", x->fval);
          if (!strpbrk (buf, ".eEn"))
            strcat (buf, ".0");
          fprintf (f, x->fval < 0 ? "(%s%s)" : "%s%s", buf, sfx);
        }
      else
        fprintf (f, x->ival < 0 ? "(%lld)" : "%lld", (long long) x->ival);
      return;
    }
  if (paren)
    fputc ('(', f);
  switch (x->op)
    {
    case LIR_VARREF:
      fputs (p->k->vars[x->var].name, f);
      break;
    case LIR_LOAD:
      if (x->lanes > 1)
        {
          vector_at (p, x->array, x->a, x->lanes);
          break;
        }
      if (x->type != p->k->arrays[x->array].type)
        fprintf (f, "(%s) ", lir_type_name (x->type));
      element (p, x->array, x->a);
      break;
    case LIR_SCALAR:
      fprintf (f, "(*%s)", opd_name (p, x->opd));
      break;
    case LIR_DIM:
      if (x->tensor >= 0 || p->k->sc->st.opd[x->opd].tagged)
        {
          if (x->tensor >= 0)
            tensor_ref (p, x->tensor);
          else
            fputs (opd_name (p, x->opd), f);
          fprintf (f, "->dims[%d]", x->dim);
        }
      else
        fprintf (f, "%s_d%d", opd_name (p, x->opd), x->dim);
      break;
    case LIR_LVSIZE:
      tensor_ref (p, x->tensor);
      fprintf (f, "->lv[%d].size", x->dim);
      break;
    case LIR_PICK:
      fputs ("sp_kmerge_pick (", f);
      tensor_ref (p, x->tensor);
      fprintf (f, ", %d, ", x->dim);
      tensor_ref (p, x->opd);
      fprintf (f, ", %lld)", (long long) x->ival);
      break;
    case LIR_SPLAT:
      fputs ("((", f);
      vector_type (p, x->type, x->lanes, 0);
      fprintf (f, ") {} + (%s) (", lir_type_name (x->type));
      expr (p, x->a, 0);
      fputs ("))", f);
      break;
    case LIR_MIN:
    case LIR_MASK:
    case LIR_BOR:
      fprintf (f, "sp_k%s (", info->name);
      expr (p, x->a, 0);
      fputs (", ", f);
      expr (p, x->b, 0);
      fputc (')', f);
      break;
    case LIR_ABS:
      {
        static const char *const fn[] = { "__builtin_fabs",
                                          "__builtin_fabsf",
                                          "__builtin_llabs",
                                          "__builtin_abs" };
        fprintf (f, "%s (", x->type <= LIR_I32 ? fn[x->type] : fn[3]);
        expr (p, x->a, 0);
        fputc (')', f);
      }
      break;
    case LIR_MATH:
      {
        char fn[24];
        ix_num num = { (ix_type) x->type, x->ival, 0 };
        fprintf (f, "%s (", mathfn_name (num, fn, sizeof fn));
        expr (p, x->a, 0);
        fputc (')', f);
      }
      break;
    case LIR_CAST:
      fprintf (f, "(%s) ", lir_type_name (x->type));
      expr (p, x->a, info->prec);
      break;
    case LIR_THREAD:
    case LIR_NTHREADS:
    case LIR_RTCALL:
    case LIR_ADDR:
    case LIR_FETCH_INC:
    case LIR_NVALS:
    case LIR_HANDLE:
      call_expr (p, x);
      break;
    case LIR_SEL:
      expr (p, x->a, info->prec + 1);
      fputs (" ? ", f);
      expr (p, x->b, info->prec);
      fputs (x->type == LIR_F64 ? " : 0.0"
             : x->type == LIR_F32 ? " : 0.0f" : " : 0", f);
      break;
    default:
      if (info->arity == 1)
        {
          fputs (info->spell, f);
          expr (p, x->a, info->prec + 1);
        }
      else
        {
          expr (p, x->a, info->prec);
          fprintf (f, " %s ", info->spell);
          expr (p, x->b, info->prec + 1);
        }
      break;
    }
  if (paren)
    fputc (')', f);
}

static void
target (const printer *p, const lir_target *t)
{
  if (t->var >= 0)
    fputs (p->k->vars[t->var].name, p->f);
  else if (t->array >= 0)
    {
      element (p, t->array, t->index);
    }
  else
    fprintf (p->f, "*%s", opd_name (p, t->opd));
}

static void block (const printer *p, int s, int ind);
static void stmt (const printer *p, int id, int ind);

/* The kernel's counting pass, run once its loops are done, must count
   the entries they appended at every level (the parallel build sizes
   the output by it).  */
static void
count_check (const printer *p, int ind)
{
  const lir_kernel *k = p->k;
  FILE *f = p->f;
  fprintf (f, "{\n");
  for (int s = k->count_block; s >= 0; s = k->stmts[s].next)
    stmt (p, s, ind + 2);
  for (int l = 0; l < SP_MAX_LEVELS; l++)
    if (k->count_var[l] >= 0)
      fprintf (f, "%*sif (%s != %s->n[%d])\n%*ssp_kabort "
               "(\"the counting pass\");\n", ind + 2, "",
               k->vars[k->count_var[l]].name, p->out, l, ind + 4, "");
  fprintf (f, "%*s}\n%*s", ind, "", ind, "");
}

/* The count of the cursor's row, if any, raised by its entries.  */
static void
row_count (const printer *p, int ind)
{
  fprintf (p->f, "if (sp_row >= 0)\n%*ssp_cnt[sp_row + 1] += sp_n - "
           "sp_row_start;\n", ind + 2, "");
}

/* The cursor's locals, loaded from the output (LIR_CALL_CURSOR_OPEN).  */
static void
cursor_open (const printer *p, int ind)
{
  const sp_format *fmt = &p->k->tensors[p->k->out_tensor].fmt;
  const char *ct = lir_type_name (fmt->crdw == 8 ? LIR_IDX8
                                  : fmt->crdw == 16 ? LIR_IDX16
                                  : fmt->crdw == 64 ? LIR_IDX64 : LIR_IDX32);
  int l = p->cursor;
  const char *o = p->out;
  fprintf (p->f, "int64_t sp_n = %s->n[%d];\n", o, l);
  fprintf (p->f, "%*s%s *restrict sp_crd = (%s *) %s->crd[%d];\n", ind,
           "", ct, ct, o, l);
  fprintf (p->f, "%*sint64_t *restrict sp_cnt = %s->cnt[%d];\n", ind, "",
           o, l);
  fprintf (p->f, "%*svoid *restrict sp_vals = %s->vals;\n", ind, "", o);
  fprintf (p->f, "%*sint64_t sp_limit = %s->limit;\n", ind, "", o);
  fprintf (p->f, "%*sint64_t sp_row = -1, sp_row_start = 0;\n", ind, "");
}

static void
call (const printer *p, const lir_stmt *s, int ind)
{
  FILE *f = p->f;
  const lir_tensor *t = s->tensor >= 0 ? &p->k->tensors[s->tensor] : NULL;
  switch (s->fn)
    {
    case LIR_CALL_OUT_FIX:
      fprintf (f, "if (sp_kout_fix (%s, ", p->out);
      expr (p, s->a, 0);
      fprintf (f, ", 0))\n%*s{\n", ind, "");
      for (int c = s->body; c >= 0; c = p->k->stmts[c].next)
        stmt (p, c, ind + 2);
      fprintf (f, "%*ssp_kout_fix (%s, %s, 1);\n%*s}\n", ind + 2, "",
               p->out, p->k->vars[s->var].name, ind, "");
      break;
    case LIR_CALL_CURSOR_OPEN:
      cursor_open (p, ind);
      break;
    case LIR_CALL_CURSOR_CLOSE:
      row_count (p, ind);
      fprintf (f, "%*s%s->n[%d] = sp_n;\n", ind, "", p->out, p->cursor);
      break;
    case LIR_CALL_ASSEMBLE:
      fprintf (f, "sp_kassemble (%s, \"%s\");\n", t->name, t->name);
      break;
    case LIR_CALL_CONVERT:
      fprintf (f, "sp_tensor *%s = sp_kconvert (%s, \"%s\", \"%s\");\n",
               t->name, opd_name (p, t->opd),
               p->k->sc->conv[t->conv].spelling, t->name);
      break;
    case LIR_CALL_FREE:
      fprintf (f, "sp_free (%s);\n", t->name);
      break;
    case LIR_CALL_STORE:
      fprintf (f, "sp_kstore (%s, %s, \"%s\");\n", opd_name (p, t->opd),
               t->name, opd_name (p, t->opd));
      break;
    case LIR_CALL_OUT_BEGIN:
      fprintf (f, "sp_kout sp_out;\n%*ssp_kout_begin (&sp_out, %s);\n", ind,
               "", t->name);
      if (s->a >= 0)
        {
          fprintf (f, "%*ssp_kout_reserve (&sp_out, ", ind, "");
          expr (p, s->a, 0);
          fprintf (f, ");\n");
        }
      break;
    case LIR_CALL_OUT_END:
      if (p->k->count_block >= 0)
        count_check (p, ind);
      fprintf (f, "sp_kout_end (&sp_out);\n");
      break;
    case LIR_CALL_OUT_RESERVE:
      fprintf (f, "sp_kout_reserve (%s, ", p->out);
      expr (p, s->a, 0);
      fprintf (f, ");\n");
      break;
    case LIR_CALL_OUT_ROOM:
      if (p->cursor >= 0)
        {
          /* A row of at most A entries under parent B starts.  */
          row_count (p, ind);
          fprintf (f, "%*ssp_row = ", ind, "");
          expr (p, s->b, 0);
          fprintf (f, ";\n%*ssp_row_start = sp_n;\n%*sif (sp_n + ", ind, "",
                   ind, "");
          expr (p, s->a, 13);
          fprintf (f, " > sp_limit)\n%*ssp_kout_full (%s, sp_n + ",
                   ind + 2, "", p->out);
          expr (p, s->a, 13);
          fprintf (f, ");\n");
          break;
        }
      /* sp_kout_append checks and counts as it goes.  */
      fprintf (f, "(void) (");
      expr (p, s->a, 0);
      fprintf (f, "), (void) (");
      expr (p, s->b, 0);
      fprintf (f, ");\n");
      break;
    case LIR_CALL_WS_ALLOC:
      {
        const char *et = "double";
        for (int a = 0; a < p->k->narrays; a++)
          if (p->k->arrays[a].kind == LIR_ARR_WS)
            et = lir_type_name (p->k->arrays[a].type);
        fprintf (f, "sp_kws sp_ws;\n%*ssp_kws_alloc (&sp_ws, ", ind, "");
        expr (p, s->a, 0);
        fprintf (f, ", sizeof (%s));\n", et);
        break;
      }
    case LIR_CALL_WS_FREE:
      fprintf (f, "sp_kws_free (&sp_ws);\n");
      break;
    case LIR_CALL_LOAD:
      /* The arrays are read through the handles: nothing to load.  */
      fprintf (f, "/* the arrays are current */\n");
      break;
    case LIR_CALL_OUT_PART:
      fprintf (f, "%s = ", p->k->vars[s->var].name);
      expr (p, s->a, 0);
      fprintf (f, ";\n");
      snprintf (p->out, 64, "((sp_kout *) %s)", p->k->vars[s->var].name);
      break;
    case LIR_CALL_SORT:
      fprintf (f, "sp_kws_sort (");
      array_base (p, s->array);
      fprintf (f, ", ");
      expr (p, s->a, 0);
      fprintf (f, ", sp_ws.flag, ");
      expr (p, s->b, 0);
      fprintf (f, ");\n");
      break;
    }
}

static void
stmt (const printer *p, int id, int ind)
{
  const lir_stmt *s = &p->k->stmts[id];
  FILE *f = p->f;
  fprintf (f, "%*s", ind, "");
  switch (s->kind)
    {
    case LIR_DECL:
      if (p->k->vars[s->var].lanes > 1)
        vector_type (p, p->k->vars[s->var].type, p->k->vars[s->var].lanes, 0);
      else
        fputs (lir_type_name (p->k->vars[s->var].type), f);
      fprintf (f, " %s", p->k->vars[s->var].name);
      if (s->a >= 0)
        {
          fputs (" = ", f);
          expr (p, s->a, 0);
        }
      fputs (";\n", f);
      break;
    case LIR_ASSIGN:
    case LIR_ACCUM:
      if (s->to.array >= 0 && p->k->exprs[s->a].lanes > 1)
        vector_at (p, s->to.array, s->to.index, p->k->exprs[s->a].lanes);
      else
        target (p, &s->to);
      fputs (s->kind == LIR_ASSIGN ? " = " : s->op == LIR_SUB ? " -= "
             : " += ", f);
      expr (p, s->a, 0);
      fputs (";\n", f);
      break;
    case LIR_FOR:
      {
        const char *v = p->k->vars[s->var].name;
        fprintf (f, "for (%s = ", v);
        expr (p, s->down ? s->b : s->a,
              s->down ? lir_ops[LIR_SUB].prec + 1 : 0);
        fprintf (f, "%s; %s %s ", s->down ? " - 1" : "", v,
                 s->down ? ">=" : "<");
        expr (p, s->down ? s->a : s->b, 0);
        fprintf (f, "; %s%s)\n", v, s->down ? "--" : "++");
        block (p, s->body, ind);
        break;
      }
    case LIR_WHILE:
      fputs ("while (", f);
      expr (p, s->a, 0);
      fputs (")\n", f);
      block (p, s->body, ind);
      break;
    case LIR_IF:
      fputs ("if (", f);
      expr (p, s->a, 0);
      fputs (")\n", f);
      block (p, s->body, ind);
      if (s->else_ >= 0)
        {
          fprintf (f, "%*selse\n", ind, "");
          block (p, s->else_, ind);
        }
      break;
    case LIR_APPEND:
      if (s->level == p->cursor)
        {
          const char *v = p->k->vars[s->var].name;
          fprintf (f, "%s = sp_n;\n%*ssp_crd[%s] = ", v, ind, "", v);
          expr (p, s->b, 0);
          fprintf (f, ";\n%*ssp_n = %s + 1;\n", ind, "", v);
          break;
        }
      fprintf (f, "%s = sp_kout_append (%s, %d, ",
               p->k->vars[s->var].name, p->out, s->level);
      expr (p, s->a, 0);
      fputs (", ", f);
      expr (p, s->b, 0);
      fputs (");\n", f);
      break;
    case LIR_APPEND_RUN:
      fprintf (f, "%s = sp_kout_run (%s, %d, ",
               p->k->vars[s->var].name, p->out, s->level);
      expr (p, s->b, 0);
      fputs (", ", f);
      array_base (p, s->array);
      fputs (", ", f);
      expr (p, s->a, 0);
      fputs (");\n", f);
      break;
    case LIR_PREFETCH:
      fputs ("__builtin_prefetch (&", f);
      element (p, s->array, s->a);
      fputs (");\n", f);
      break;
    case LIR_ZERO:
      {
        const lir_array *x = &p->k->arrays[s->array];
        fputs ("memset (", f);
        if (x->kind == LIR_ARR_VALS)
          fprintf (f, "%s->vals", p->k->tensors[x->tensor].name);
        else
          array_base (p, s->array);
        fputs (", 0, (size_t) (", f);
        expr (p, s->a, 0);
        fprintf (f, ") * sizeof (%s));\n", lir_type_name (x->type));
        break;
      }
    case LIR_CALL:
      call (p, s, ind);
      break;
    case LIR_REGION:
      fputs ("#pragma omp parallel", f);
      for (int arg = s->b; arg >= 0; arg = p->k->exprs[arg].b)
        {
          fputs (" reduction(+: ", f);
          expr (p, p->k->exprs[arg].a, 0);
          fputc (')', f);
        }
      fputc ('\n', f);
      block (p, s->body, ind);
      /* A part of the output is the region's.  */
      snprintf (p->out, 64, "(&sp_out)");
      break;
    case LIR_BARRIER:
      fputs ("#pragma omp barrier\n", f);
      break;
    case LIR_EVAL:
      expr (p, s->a, 0);
      fputs (";\n", f);
      break;
    }
}

static void
block (const printer *p, int s, int ind)
{
  fprintf (p->f, "%*s{\n", ind, "");
  for (; s >= 0; s = p->k->stmts[s].next)
    stmt (p, s, ind + 2);
  fprintf (p->f, "%*s}\n", ind, "");
}

/* The parameters: operands, then run-time extents of C arrays.  With
   ARGS, their unpacking from void **args instead.  */
static void
params (const printer *p, int args)
{
  const ix_stmt *s = &p->k->sc->st;
  int n = 0;
  for (int o = 0; o < s->nopds; o++, n++)
    {
      const ix_operand *op = &s->opd[o];
      const char *tn = lir_type_name ((lir_type) op->type);
      if (args)
        fprintf (p->f, "%s(%s *) args[%d]", n ? ", " : "",
                 op->tagged ? "sp_tensor" : tn, n);
      else
        fprintf (p->f, "%s%s *%s", n ? ", " : "",
                 op->tagged ? "sp_tensor" : tn, op->name);
    }
  for (int o = 0; o < s->nopds; o++)
    {
      const ix_operand *op = &s->opd[o];
      if (op->tagged || op->kind != IX_OPD_ARRAY)
        continue;
      for (int d = 0; d < op->rank; d++)
        if (op->extent[d] < 0)
          {
            if (args)
              fprintf (p->f, ", *(int64_t *) args[%d]", n++);
            else
              fprintf (p->f, ", int64_t %s_d%d", op->name, d);
          }
    }
}

void
cprint_kernel (const lir_kernel *k, const char *name, FILE *f)
{
  char out[64] = "(&sp_out)";
  printer p = { k, f, -1, out };
  for (int s = 0; s < k->nstmts; s++)
    if (k->stmts[s].kind == LIR_CALL && k->stmts[s].fn == LIR_CALL_CURSOR_OPEN)
      p.cursor = k->stmts[s].level;
  char buf[512];
  fprintf (f, "/* %s */\nvoid\n%s (", ix_print (&k->sc->st, buf, sizeof buf),
           name);
  params (&p, 0);
  fprintf (f, ")\n{\n");
  vector_types (&p, 2);
  /* The frame too, when lir_plan_shapes has not joined it yet.  */
  int top[3] = { k->frame_pre, k->body, k->frame_post };
  for (int c = 0; c < 3; c++)
    for (int s = top[c]; s >= 0; s = k->stmts[s].next)
      stmt (&p, s, 2);
  fprintf (f, "}\n\nvoid\n%s_args (void **args)\n{\n  %s (", name, name);
  params (&p, 1);
  fprintf (f, ");\n}\n");
}
