/* convert.c -- direct conversion between formats, after the conversion
   paper: walk the source in its storage order, remap each entry's
   coordinates to the target's level coordinates, and assemble the target
   by the cheapest route the two formats allow:

   copy     the same format: copy the arrays.
   append   the source's storage order is the target's key order (COO,
            CSR, DCSR, CSF and dense among themselves; CSC and DCSC):
            one pass, each level appended in order (assemble.c).
   scatter  the target's levels are D levels, then one level that needs an
            analysis query, then D, S and O levels.  A first pass over the
            source answers the query, the level is sized from it, and a
            second pass puts every entry straight into its slot:
              #i        max(count) per i         (ELL)
              squeeze   id() over the coordinates under each parent,
                        when that range is small (DIA's diagonals)
              counted   count() per parent, children arriving in order:
                        a counting sort (CSR <-> CSC, as cs_transpose)
              grouped   count() of distinct children per parent, each
                        parent's entries arriving together; children are
                        sorted per parent (BCSR's blocks per block row)
              none      all levels D (dense)
            The counted sort reads the source's lowest levels flat when
            the parents' coordinates are all there (the paper's query
            simplification: a CSR's column counts come off its crd array).
            Arrays over coordinate ranges (squeeze, grouped) are used only
            where they stay in proportion to the source.
   sort     anything else: pack the target keys with the values, radix
            sort, append.
   Append and scatter check their assumptions about the source order as
   they go and fall back to sorting if they do not hold.  No route builds
   a dense temporary or a coordinate list.  */

#include <stdlib.h>
#include "dist.h"
#include "storage.h"

enum { M_NONE, M_COUNT, M_SQUEEZE, M_COUNTED, M_GROUPED };

/* Coordinates an array over a coordinate range may cover whatever the
   source's size (beyond that, a few per source entry).  */
#define SQUEEZE_MIN (1 << 16)

/* One conversion: the source and its layout, the target being built.  */
typedef struct conv
{
  const sp_tensor *src;
  sp_layout ls;
  sp_tensor *dst;
  sp_layout ld;
  int64_t nsrc;       /* value slots of the source: a bound on its entries */
  /* Scatter: the analysed level A, its method, its parents' count.  */
  int a, method;
  int order;          /* COUNTED: children surely (2) or probably (1) in
                         order */
  int64_t npar;
  int64_t *cnt;       /* per parent: children (COUNTED, GROUPED), then the
                         next free position; per bucket: rank (SQUEEZE);
                         per counted coordinate: entries (COUNT) */
  int64_t *aux;       /* COUNTED: last child per parent; GROUPED: marks,
                         then the position of each child coordinate */
  int64_t total;      /* positions of level A (squeeze: found in pass 1) */
} conv;

/* ------------------------------------------------------------------ */
/* Copy.  */

static int
copy_arrays (conv *c)
{
  const sp_tensor *s = c->src;
  sp_tensor *d = c->dst;
  size_t pw = s->fmt.posw / 8, cw = s->fmt.crdw / 8, vw = sp__esize (s->type);

  for (int k = 0; k < s->fmt.nlevels; k++)
    {
      const sp_level_store *a = &s->lv[k];
      sp_level_store *b = &d->lv[k];
      *b = *a;
      b->pos = b->crd = NULL;
      if (a->pos && !(b->pos = sp__alloc_array (a->npos, pw, -1, "pos")))
        return -1;
      if (a->crd && !(b->crd = sp__alloc_array (a->ncrd, cw, -1, "crd")))
        return -1;
      if (a->npos)
        memcpy (b->pos, a->pos, a->npos * pw);
      if (a->ncrd)
        memcpy (b->crd, a->crd, a->ncrd * cw);
    }
  if (!(d->vals = sp__alloc_array (s->nvals, vw, -1, "the values")))
    return -1;
  memcpy (d->vals, s->vals, s->nvals * vw);
  d->nvals = s->nvals;
  return 0;
}

/* ------------------------------------------------------------------ */
/* Expressions and orders.  */

static int
same_expr (const sp_level_fmt *a, const sp_level_fmt *b)
{
  return a->kind == b->kind && a->dim == b->dim
         && (a->kind != SP_LX_DIFF || a->dim2 == b->dim2)
         && ((a->kind != SP_LX_DIV && a->kind != SP_LX_MOD) || a->k == b->k);
}

/* Whether sorting by the source's key sorts by the target's: one key
   sequence is a prefix of the other (both identify entries).  */
static int
same_order (const conv *c)
{
  int n = c->ls.nkey < c->ld.nkey ? c->ls.nkey : c->ld.nkey;
  if (c->ls.count_lv >= 0)
    return 0;
  for (int i = 0; i < n; i++)
    if (!same_expr (&c->src->fmt.lv[c->ls.key[i]],
                    &c->dst->fmt.lv[c->ld.key[i]]))
      return 0;
  return 1;
}

/* Whether expression E's value is fixed once the dimensions in FIXED are.  */
static int
fixed_by (const sp_level_fmt *e, const int *fixed)
{
  return fixed[e->dim] && (e->kind != SP_LX_DIFF || fixed[e->dim2]);
}

/* How the source visits the children of each target parent (the levels
   above A): 2 when surely in increasing coordinate, 1 when probably (the
   scatter then checks), 0 when not.  Within one parent the source's order
   is its key order over the expressions not fixed by the parent's
   dimensions; the first of them decides.  */
static int
children_in_order (const conv *c)
{
  const sp_level_fmt *e = &c->dst->fmt.lv[c->a];
  int fixed[SP_MAX_RANK] = { 0 };

  if (e->kind != SP_LX_VAR)
    return 0;
  for (int k = 0; k < c->a; k++)
    if (c->dst->fmt.lv[k].kind == SP_LX_VAR)
      fixed[c->dst->fmt.lv[k].dim] = 1;
  for (int k = 0; k < c->src->fmt.nlevels; k++)
    {
      const sp_level_fmt *s = &c->src->fmt.lv[k];
      if (sp_lvl_is_computed (s->type) || fixed_by (s, fixed))
        continue;
      if (s->dim != e->dim)
        return 0;
      /* A # level's numbering and a block i/K followed by other levels
         before i%K only probably follow the coordinate.  */
      if ((s->kind == SP_LX_VAR || (s->kind == SP_LX_DIFF && fixed[s->dim2]))
          && c->ls.count_lv < 0)
        return 2;
      return s->kind == SP_LX_VAR || s->kind == SP_LX_DIV
             || (s->kind == SP_LX_DIFF && fixed[s->dim2]);
    }
  return 0;
}

/* Whether the source likely visits each target parent's entries together:
   its first levels store the parent levels' dimensions in their order.  */
static int
parents_together (const conv *c)
{
  for (int k = 0; k < c->a; k++)
    {
      const sp_level_fmt *t = &c->dst->fmt.lv[k], *s = &c->src->fmt.lv[k];
      if ((t->kind != SP_LX_VAR && t->kind != SP_LX_DIV)
          || k >= c->src->fmt.nlevels || s->kind != SP_LX_VAR
          || sp_lvl_is_computed (s->type) || s->dim != t->dim)
        return 0;
    }
  return 1;
}

/* Whether an array over N * M coordinates is in proportion to the
   source: a few entries per source entry, or small anyway.  */
static int
affordable (const conv *c, int64_t n, int64_t m)
{
  return n <= (INT64_MAX - SQUEEZE_MIN) / 8 / m
         && n * m <= SQUEEZE_MIN + 8 * c->nsrc;
}

/* Choose the scatter method for the target, or return nonzero.  */
static int
plan_scatter (conv *c)
{
  const sp_format *f = &c->dst->fmt;
  int a = 0;

  c->npar = 1;
  for (; a < f->nlevels && sp_lvl_is_dense (f->lv[a].type)
         && f->lv[a].kind != SP_LX_COUNT; a++)
    {
      if (c->npar > INT64_MAX / c->ld.size[a])
        return -1;
      c->npar *= c->ld.size[a];
    }
  c->a = a;
  for (int k = a + 1; k < f->nlevels; k++)
    if (sp_lvl_has_pos (f->lv[k].type) || f->lv[k].kind == SP_LX_COUNT)
      return -1;
  if (a == f->nlevels)
    c->method = M_NONE;
  else if (f->lv[a].kind == SP_LX_COUNT)
    c->method = M_COUNT;
  else if (!sp_lvl_has_pos (f->lv[a].type)
           || !sp_lvl_is_unique (f->lv[a].type))
    return -1;
  else if (affordable (c, c->npar, c->ld.size[a]))
    c->method = M_SQUEEZE;
  else if ((c->order = children_in_order (c)))
    c->method = M_COUNTED;
  else if (parents_together (c) && affordable (c, 1, c->ld.size[a]))
    c->method = M_GROUPED;
  else
    return -1;
  return 0;
}

/* Whether the scatter is a plain counting sort: level A is the last and
   the source surely brings each parent's children in order, so every
   entry is a new child in its place.  */
static int
counting (const conv *c)
{
  return c->method == M_COUNTED && c->order == 2
         && c->a == c->dst->fmt.nlevels - 1;
}

/* ------------------------------------------------------------------ */
/* Append.  */

static int
convert_append (conv *c)
{
  int64_t x[SP_BATCH * SP_MAX_RANK], p[SP_BATCH], q[SP_BATCH];
  int64_t buf[SP_MAX_LEVELS * SP_BATCH];
  const int64_t *lc[SP_MAX_LEVELS];
  const sp_tensor *s = c->src;
  sp_tensor *d = c->dst;
  int n, rc = 0;
  sp_walk it;
  sp_bld b;

  /* A source with filler (dense) may hold far fewer entries than slots.  */
  if (sp__bld_init (&b, d, &c->ld,
                    c->ls.filler && c->nsrc > 65536 ? 65536 : c->nsrc))
    return sp__bld_end (&b, 1);
  sp__iter_init (&it, s, &c->ls);
  while (!rc && (n = sp__iter_batch (&it, x, p)) > 0)
    {
      sp__remap (&d->fmt, d->dims, x, n, buf, lc);
      if (!(rc = sp__bld_batch (&b, lc, n, q)))
        sp__copy_vals (d->vals, s->vals, sp__esize (s->type), q, p, n);
    }
  if (rc == SP_UNSORTED)
    {
      sp__bld_end (&b, 1);
      return SP_UNSORTED;
    }
  return sp__bld_end (&b, rc);
}

/* ------------------------------------------------------------------ */
/* Sort.  */

static int
convert_sort (conv *c)
{
  int64_t x[SP_BATCH * SP_MAX_RANK], p[SP_BATCH], lce[SP_MAX_LEVELS];
  int64_t buf[SP_MAX_LEVELS * SP_BATCH];
  const int64_t *lc[SP_MAX_LEVELS];
  int kw = c->ld.keywords, rw = kw + 1, n, rc = -1;
  int64_t nrec = 0, cap = c->ls.filler ? 0 : c->nsrc;
  uint64_t *rec = NULL;
  sp_walk it;

  if (cap && !(rec = sp__alloc_array (cap, rw * sizeof *rec, -1,
                                      "sort records")))
    return -1;
  cap *= rw;
  sp__iter_init (&it, c->src, &c->ls);
  while ((n = sp__iter_batch (&it, x, p)) > 0)
    {
      if (sp__grow ((void **) &rec, &cap, (nrec + n) * rw, sizeof *rec, -1,
                    "sort records"))
        goto done;
      sp__remap (&c->dst->fmt, c->dst->dims, x, n, buf, lc);
      for (int e = 0; e < n; e++, nrec++)
        {
          uint64_t *r = rec + nrec * rw;
          for (int i = 0; i < c->ld.nkey; i++)
            lce[c->ld.key[i]] = lc[c->ld.key[i]][e];
          sp__key_pack (&c->ld, lce, r);
          r[kw] = (uint64_t) sp__num_load (c->src->vals, c->src->type,
                                           p[e]).i;
        }
    }
  if (!sp__sort_records (rec, nrec, kw, rw, c->ld.keybits)
      && !sp__build_sorted (c->dst, &c->ld, rec, nrec, 0))
    rc = 0;
done:
  sp__free_array (rec);
  return rc;
}

/* ------------------------------------------------------------------ */
/* Scatter.  */

/* Parent positions Q of level A for the N entries with level coordinates
   LC.  */
static void
parents (const conv *c, const int64_t *const *lc, int n,
         int64_t *restrict q)
{
  for (int e = 0; e < n; e++)
    q[e] = 0;
  for (int k = 0; k < c->a; k++)
    {
      const int64_t *restrict v = lc[k];
      int64_t size = c->ld.size[k];
      for (int e = 0; e < n; e++)
        q[e] = q[e] * size + v[e];
    }
}

/* A batch of the source: coordinates, value positions, the target level
   coordinates and the parent positions of level A.  */
typedef struct batch
{
  int64_t x[SP_BATCH * SP_MAX_RANK], p[SP_BATCH], q[SP_BATCH];
  int64_t buf[SP_MAX_LEVELS * SP_BATCH];
  const int64_t *lc[SP_MAX_LEVELS];
} batch;

/* The next batch of IT for conversion C: how many entries.  */
static int
next_batch (const conv *c, sp_walk *it, batch *bt)
{
  int n = sp__iter_batch (it, bt->x, bt->p);
  if (n)
    {
      sp__remap (&c->dst->fmt, c->dst->dims, bt->x, n, bt->buf, bt->lc);
      parents (c, bt->lc, n, bt->q);
    }
  return n;
}

static int
cmp_i64 (const void *a, const void *b)
{
  int64_t x = *(const int64_t *) a, y = *(const int64_t *) b;
  return (x > y) - (x < y);
}

/* Sort the N coordinates at CRD[LO ..) of width W, with scratch TMP.  A
   parent has a few children as a rule (blocks of a block row): insertion
   sort those.  */
static void
sort_segment (void *crd, int w, int64_t lo, int64_t n, int64_t *tmp)
{
  sp__ix_read (crd, w, lo, n, tmp);
  if (n > 16)
    qsort (tmp, (size_t) n, sizeof *tmp, cmp_i64);
  else
    for (int64_t i = 1; i < n; i++)
      {
        int64_t v = tmp[i], j = i;
        for (; j > 0 && tmp[j - 1] > v; j--)
          tmp[j] = tmp[j - 1];
        tmp[j] = v;
      }
  for (int64_t i = 0; i < n; i++)
    sp__ix_set (crd, w, lo + i, tmp[i]);
}

/* Whether the analysis can read the source's run level (and the S levels
   under it) flat instead of walking it, as the paper's query
   simplification reads a CSR's column counts off its crd array: the
   counted sort needs only the parents' coordinates, and those are all
   stored there.  */
static int
analyse_flat (const conv *c)
{
  const sp_format *s = &c->src->fmt, *f = &c->dst->fmt;
  int stored[SP_MAX_RANK] = { 0 }, run = s->nlevels - 1;

  if (!counting (c) || !c->ls.plain || c->ls.filler)
    return 0;
  while (sp_lvl_is_singleton (s->lv[run].type))
    run--;
  for (int l = run; l < s->nlevels; l++)
    stored[s->lv[l].dim] = 1;
  for (int k = 0; k < c->a; k++)
    if (!stored[f->lv[k].dim] || f->lv[k].kind == SP_LX_DIFF)
      return 0;
  return 1;
}

/* The # level's counts straight from the source's pos array when the
   counted dimension is the D level right above its lowest compressed one
   (the paper's simplify-width-count: a CSR row's length is
   pos[i+1] - pos[i]).  Whether it could.  */
static int
count_rows (conv *c)
{
  const sp_tensor *s = c->src;
  int r = s->fmt.nlevels - 1, pw = s->fmt.posw;

  while (sp_lvl_is_singleton (s->fmt.lv[r].type))
    r--;
  if (!c->ls.plain || c->ls.filler || r == 0
      || s->fmt.lv[r - 1].dim != c->dst->fmt.lv[0].dim)
    return 0;
  for (int l = 0; l < r; l++)
    if (!sp_lvl_is_dense (s->fmt.lv[l].type))
      return 0;
  for (int64_t q = 0, i = 0; q < s->lv[r - 1].count; q++)
    {
      c->cnt[i] += sp__ix_get (s->lv[r].pos, pw, q + 1)
                   - sp__ix_get (s->lv[r].pos, pw, q);
      if (++i == s->lv[r - 1].size)
        i = 0;
    }
  return 1;
}

/* Pass 1: the analysis query of level A over the source.  */
static int
analyse (conv *c, batch *bt)
{
  const sp_format *f = &c->dst->fmt;
  int a = c->a, leaf = a == f->nlevels - 1, n;
  int64_t size = c->ld.size[a], run = -1, cur = -1;
  int64_t *restrict cnt = c->cnt, *restrict aux = c->aux;
  const int64_t *restrict q = bt->q;
  sp_walk it;

  if (c->method == M_COUNT && count_rows (c))
    return 0;
  if (analyse_flat (c))
    sp__iter_init_flat (&it, c->src, &c->ls);
  else
    sp__iter_init (&it, c->src, &c->ls);
  while ((n = next_batch (c, &it, bt)) > 0)
    {
      const int64_t *restrict v = bt->lc[a];
      switch (c->method)
        {
        case M_COUNT:
          v = bt->x + f->lv[0].dim * SP_BATCH;
          for (int e = 0; e < n; e++)
            cnt[v[e]]++;
          break;
        case M_SQUEEZE:
          for (int e = 0; e < n; e++)
            if (cnt[q[e] * size + v[e]] < 0)
              {
                cnt[q[e] * size + v[e]] = 0;
                c->total++;
              }
          break;
        case M_COUNTED:
          /* Each entry is a new child when level A is the last; unless the
             order is sure, check it on the way.  */
          if (counting (c))
            for (int e = 0; e < n; e++)
              cnt[q[e]]++;
          else
            for (int e = 0; e < n; e++)
              if (leaf || v[e] != aux[q[e]])
                {
                  if (v[e] < aux[q[e]])
                    return SP_UNSORTED;
                  aux[q[e]] = v[e];
                  cnt[q[e]]++;
                }
          break;
        default:
          for (int e = 0; e < n; e++)
            {
              if (q[e] != cur)
                {
                  if (cnt[q[e]])
                    return SP_UNSORTED;
                  cur = q[e];
                  run++;
                }
              if (aux[v[e]] != run)
                {
                  aux[v[e]] = run;
                  cnt[q[e]]++;
                }
            }
          break;
        }
    }
  return 0;
}

/* Allocate the query's arrays before pass 1.  */
static int
start_query (conv *c)
{
  const sp_format *f = &c->dst->fmt;
  int64_t size = c->ld.size[c->a];

  switch (c->method)
    {
    case M_COUNT:
      c->cnt = sp__alloc_array (c->ld.dims[f->lv[0].dim], sizeof *c->cnt, 0,
                                "the counts of a # level");
      return c->cnt ? 0 : -1;
    case M_SQUEEZE:
      c->cnt = sp__alloc_array (c->npar * size, sizeof *c->cnt, 0xff,
                                "the coordinates of a level");
      return c->cnt ? 0 : -1;
    case M_COUNTED:
      c->cnt = sp__alloc_array (c->npar + 1, sizeof *c->cnt, 0,
                                "the counts of a level");
      if (counting (c))
        return c->cnt ? 0 : -1;
      c->aux = sp__alloc_array (c->npar, sizeof *c->aux, 0xff,
                                "the counts of a level");
      return c->cnt && c->aux ? 0 : -1;
    default:
      c->cnt = sp__alloc_array (c->npar + 1, sizeof *c->cnt, 0,
                                "the counts of a level");
      c->aux = sp__alloc_array (size, sizeof *c->aux, 0xff,
                                "the marks of a level");
      return c->cnt && c->aux ? 0 : -1;
    }
}

/* Size and allocate level A of the target from the query's answer (its
   positions are returned), and turn CNT into the next free position of
   each parent.  */
static int64_t
size_level (conv *c)
{
  sp_tensor *d = c->dst;
  sp_level_store *ls = &d->lv[c->a];
  int pw = d->fmt.posw, cw = d->fmt.crdw;
  int64_t size = c->ld.size[c->a], sum = 0;

  if (c->method == M_NONE)
    return c->npar;
  if (c->method == M_COUNT)
    {
      int64_t k = 0;
      for (int64_t i = 0; i < c->ld.dims[d->fmt.lv[0].dim]; i++)
        {
          k = c->cnt[i] > k ? c->cnt[i] : k;
          c->cnt[i] = 0;
        }
      ls->size = k;
      return k;
    }
  if (c->method != M_SQUEEZE)
    for (int64_t q = 0; q < c->npar; q++)
      c->total += c->cnt[q];
  if (c->total > sp__ix_max (pw))
    return sp__fail ("pos width %d is too small: level %d has %lld entries "
                     "(at most %lld fit); use a wider pos= option", pw, c->a,
                     (long long) c->total, (long long) sp__ix_max (pw));
  ls->npos = c->npar + 1;
  ls->ncrd = c->total;
  if (!(ls->pos = sp__alloc_array (ls->npos, pw / 8, -1, "a pos array"))
      || !(ls->crd = sp__alloc_array (ls->ncrd, cw / 8, -1, "a crd array")))
    return -1;
  if (c->method == M_SQUEEZE)
    {
      /* The marked buckets in order are the positions.  */
      for (int64_t q = 0; q < c->npar; q++)
        {
          sp__ix_set (ls->pos, pw, q, sum);
          for (int64_t v = 0; v < size; v++)
            if (c->cnt[q * size + v] >= 0)
              {
                if (sp__check_crd (d, c->a, v))
                  return -1;
                sp__ix_set (ls->crd, cw, sum, v);
                c->cnt[q * size + v] = sum++;
              }
        }
    }
  else
    for (int64_t q = 0; q <= c->npar; q++)
      {
        int64_t m = q < c->npar ? c->cnt[q] : 0;
        sp__ix_set (ls->pos, pw, q, sum);
        c->cnt[q] = sum;
        sum += m;
      }
  sp__ix_set (ls->pos, pw, c->npar, c->total);
  return c->total;
}

/* The GROUPED level's coordinates: each parent's distinct children,
   sorted (a pass over the source).  */
static int
group_children (conv *c, batch *bt)
{
  sp_tensor *d = c->dst;
  sp_level_store *ls = &d->lv[c->a];
  int cw = d->fmt.crdw, pw = d->fmt.posw, n;
  int64_t run = -1, cur = -1, *tmp, crdmax = sp__ix_max (cw);
  sp_walk it;

  memset (c->aux, 0xff, c->ld.size[c->a] * sizeof *c->aux);
  sp__iter_init (&it, c->src, &c->ls);
  while ((n = next_batch (c, &it, bt)) > 0)
    for (int e = 0; e < n; e++)
      {
        int64_t q = bt->q[e], v = bt->lc[c->a][e];
        if (q != cur)
          cur = q, run++;
        if (c->aux[v] != run)
          {
            if (v > crdmax)
              return sp__check_crd (d, c->a, v);
            c->aux[v] = run;
            sp__ix_set (ls->crd, cw, c->cnt[q]++, v);
          }
      }
  if (!(tmp = sp__alloc_array (c->ld.size[c->a], sizeof *tmp, -1,
                               "sort scratch")))
    return -1;
  for (int64_t q = 0; q < c->npar; q++)
    {
      int64_t lo = sp__ix_get (ls->pos, pw, q);
      sort_segment (ls->crd, cw, lo, sp__ix_get (ls->pos, pw, q + 1) - lo,
                    tmp);
    }
  sp__free_array (tmp);
  return 0;
}

/* Allocate the levels under A and the values, for LEVEL_A positions.  */
static int
size_below (conv *c, int64_t count)
{
  sp_tensor *d = c->dst;
  const sp_format *f = &d->fmt;

  for (int k = 0; k < c->a; k++)
    d->lv[k].count = k ? d->lv[k - 1].count * d->lv[k].size : d->lv[k].size;
  if (c->a < f->nlevels)
    d->lv[c->a].count = count;
  for (int k = c->a + 1; k < f->nlevels; k++)
    {
      sp_level_store *ls = &d->lv[k];
      if (sp_lvl_is_dense (f->lv[k].type))
        {
          if (ls->size && count > INT64_MAX / ls->size)
            return sp__fail ("level %d would have more than 2^63 positions",
                             k);
          count *= ls->size;
        }
      else if (sp__lvl_singleton_crd (f->lv[k].type))
        {
          /* Padding until an entry arrives.  */
          ls->ncrd = count;
          if (!(ls->crd = sp__alloc_array (count, f->crdw / 8, 0xff,
                                           "a crd array")))
            return -1;
        }
      ls->count = count;
    }
  d->nvals = count;
  d->vals = sp__alloc_array (count, sp__esize (d->type),
                             c->ld.filler ? 0 : -1, "the values");
  return d->vals ? 0 : -1;
}

/* Level A's positions for the batch (in BT->q), in place of the parent
   positions.  */
static int
place_level (conv *c, batch *bt, int n, int64_t *cur)
{
  sp_tensor *d = c->dst;
  const sp_format *f = &d->fmt;
  const sp_level_store *la = &d->lv[c->a];
  int a = c->a, pw = f->posw, cw = f->crdw;
  int64_t *restrict q = bt->q, *restrict cnt = c->cnt;
  int64_t crdmax = sp__ix_max (cw);
  const int64_t *restrict v = bt->lc[a < f->nlevels ? a : 0];

  switch (c->method)
    {
    case M_COUNT:
      v = bt->x + f->lv[0].dim * SP_BATCH;
      for (int e = 0; e < n; e++)
        q[e] = cnt[v[e]]++;
      break;
    case M_SQUEEZE:
      for (int e = 0; e < n; e++)
        q[e] = cnt[q[e] * c->ld.size[a] + v[e]];
      break;
    case M_COUNTED:
      for (int e = 0; e < n; e++)
        {
          int64_t r = cnt[q[e]];
          /* A repeated child shares the position; a smaller one means the
             source was not in order after all.  */
          if (r > sp__ix_get (la->pos, pw, q[e])
              && sp__ix_get (la->crd, cw, r - 1) >= v[e])
            {
              if (sp__ix_get (la->crd, cw, r - 1) > v[e])
                return SP_UNSORTED;
              q[e] = r - 1;
              continue;
            }
          if (v[e] > crdmax)
            return sp__check_crd (d, a, v[e]);
          sp__ix_set (la->crd, cw, r, v[e]);
          q[e] = cnt[q[e]]++;
        }
      break;
    case M_GROUPED:
      for (int e = 0; e < n; e++)
        {
          if (q[e] != *cur)
            {
              *cur = q[e];
              for (int64_t r = sp__ix_get (la->pos, pw, q[e]);
                   r < sp__ix_get (la->pos, pw, q[e] + 1); r++)
                c->aux[sp__ix_get (la->crd, cw, r)] = r;
            }
          q[e] = c->aux[v[e]];
        }
      break;
    default:
      break;
    }
  return 0;
}

/* Pass 2 of a counting sort into the last level (CSR <-> CSC), children
   surely in order: each entry's coordinate and value go straight to the
   next free position of its parent, as in cs_transpose.  */
static int
counting_sort (conv *c, batch *bt, int n)
{
  sp_tensor *d = c->dst;
  int a = c->a, cw = d->fmt.crdw;
  int64_t *restrict cnt = c->cnt, crdmax = sp__ix_max (cw);
  const int64_t *restrict q = bt->q, *restrict p = bt->p;
  const int64_t *restrict v = bt->lc[a];
  void *crd = d->lv[a].crd;

  for (int e = 0; e < n; e++)
    if (v[e] > crdmax)
      return sp__check_crd (d, a, v[e]);
  if (sp__esize (d->type) == 8)
    {
      uint64_t *restrict dv = d->vals;
      const uint64_t *restrict sv = c->src->vals;
      for (int e = 0; e < n; e++)
        {
          int64_t r = cnt[q[e]]++;
          sp__ix_set (crd, cw, r, v[e]);
          dv[r] = sv[p[e]];
        }
    }
  else
    {
      uint32_t *restrict dv = d->vals;
      const uint32_t *restrict sv = c->src->vals;
      for (int e = 0; e < n; e++)
        {
          int64_t r = cnt[q[e]]++;
          sp__ix_set (crd, cw, r, v[e]);
          dv[r] = sv[p[e]];
        }
    }
  return 0;
}

/* Pass 2: every entry into its slot.  */
static int
place (conv *c, batch *bt)
{
  sp_tensor *d = c->dst;
  const sp_format *f = &d->fmt;
  int cw = f->crdw, n, rc;
  int64_t cur = -1, crdmax = sp__ix_max (cw), *restrict q = bt->q;
  sp_walk it;

  sp__iter_init (&it, c->src, &c->ls);
  while ((n = next_batch (c, &it, bt)) > 0)
    {
      if (counting (c))
        {
          if ((rc = counting_sort (c, bt, n)))
            return rc;
          continue;
        }
      if ((rc = place_level (c, bt, n, &cur)))
        return rc;
      for (int k = c->a + 1; k < f->nlevels; k++)
        {
          const int64_t *restrict v = bt->lc[k];
          int64_t size = d->lv[k].size;
          void *crd = d->lv[k].crd;
          if (sp_lvl_is_dense (f->lv[k].type))
            for (int e = 0; e < n; e++)
              q[e] = q[e] * size + v[e];
          else if (sp__lvl_singleton_crd (f->lv[k].type))
            for (int e = 0; e < n; e++)
              {
                int64_t r = sp__ix_get (crd, cw, q[e]);
                if (r >= 0 && r != v[e])
                  return sp__fail ("level %d is a singleton (S) level: it "
                                   "holds one coordinate per position of "
                                   "the level above, but coordinates %lld "
                                   "and %lld share one", k, (long long) r,
                                   (long long) v[e]);
                if (v[e] > crdmax)
                  return sp__check_crd (d, k, v[e]);
                sp__ix_set (crd, cw, q[e], v[e]);
              }
        }
      sp__copy_vals (d->vals, c->src->vals, sp__esize (d->type), q, bt->p, n);
    }
  return 0;
}

static int
convert_scatter (conv *c)
{
  /* Zeroed: a flat walk leaves the coordinates it does not yield alone.  */
  batch *bt = sp__alloc_array (1, sizeof *bt, 0, "a batch");
  int64_t count;
  int rc = -1;

  if (!bt || (c->method != M_NONE && (start_query (c)
                                      || (rc = analyse (c, bt)))))
    goto done;
  rc = -1;
  if ((count = size_level (c)) < 0
      || (c->method == M_GROUPED && group_children (c, bt))
      || size_below (c, count))
    goto done;
  rc = place (c, bt);
done:
  sp__free_array (bt);
  sp__free_array (c->cnt);
  sp__free_array (c->aux);
  c->cnt = c->aux = NULL;
  if (rc)
    sp__free_arrays (c->dst);
  return rc;
}

/* ------------------------------------------------------------------ */

sp_tensor *
sp__convert_fmt (const sp_tensor *src, const sp_format *f)
{
  conv c;
  int rc;

  memset (&c, 0, sizeof c);
  c.src = src;
  if (!(c.dst = sp__alloc (f, (sp_type) src->type, src->dims))
      || sp__layout (&src->fmt, src->dims, &c.ls)
      || sp__layout (f, src->dims, &c.ld))
    {
      sp_free (c.dst);
      return NULL;
    }
  c.nsrc = src->lv[src->fmt.nlevels - 1].count;
  if (sp_format_equal (&src->fmt, f))
    rc = copy_arrays (&c);
  else
    {
      rc = sp__convert_fast (src, c.dst);
      if (rc == SP_UNSORTED && c.ld.count_lv < 0 && same_order (&c))
        rc = convert_append (&c);
      if (rc == SP_UNSORTED && !plan_scatter (&c))
        rc = convert_scatter (&c);
      if (rc == SP_UNSORTED)
        rc = convert_sort (&c);
    }
  if (rc)
    {
      sp_free (c.dst);
      return NULL;
    }
  ((sp_priv *) c.dst->priv)->built = 1;
  c.dst->dirty = 0;
  return c.dst;
}

sp_tensor *
sp_convert (const sp_tensor *t, const char *format)
{
  sp_format f;

  if (sp__ready (t, "sp_convert")
      || sp__parse_format (format, t->fmt.rank, &f))
    return NULL;
  if (sp__distributed (t))
    return sp__dist_ops->convert (t, &f);
  return sp__convert_fmt (t, &f);
}
