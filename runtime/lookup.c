/* lookup.c -- reading one element (sp_get) and counting entries: the
   conversion paper's locate over each level type, with a search in
   compressed levels.

   Each thread keeps a cursor in the last few tensors it read: per
   compressed level, the parent position last searched under, its range
   of positions and the position found there.  The next search under the
   same parent starts from that position and gallops (steps of 1, 2, 4,
   ... then bisection), so that reading a row in either direction costs
   O(1) a step and a jump of d positions O(log d); under a new parent it
   bisects.  Where the last level is compressed with unique
   coordinates (CSR, DCSR, CSF, ...), the cursor also keeps the levels
   above it: the coordinates looked up last and the parent they led to,
   so that the next element of the same row goes straight to the last
   level.  Either way, and for coordinates (COO), a lookup also tells the
   run of absent elements around the one looked up (sp__locate's GAP).
   Reads of a CSC matrix that walk its rows go through its rows' shadow
   (shadow.c) once they are seen to.  A cursor belongs to one storage of one tensor (sp_priv.gen):
   arrays built anew make it start over.  */

#include <math.h>
#include "dist.h"
#include "storage.h"

/* Tensors a thread keeps a cursor in.  */
#define CURSORS 4

typedef struct cursor
{
  const sp_tensor *t;
  uint64_t gen;
  /* Per level: the parent position searched under last (-1: none), its
     positions [lo, hi), and the lower bound found there last.  */
  int64_t par[SP_MAX_LEVELS], lo[SP_MAX_LEVELS], hi[SP_MAX_LEVELS];
  int64_t at[SP_MAX_LEVELS];
  /* A last level compressed with unique coordinates: the coordinates of
     the levels above it looked up last (valid when ABOVE_OK), and the
     parent position they led to (-1: no such entry).  */
  int last_cu, above_ok;
  int64_t above[SP_MAX_LEVELS], last_par;
  /* Coordinates (COO): a CN level, then S levels only.  */
  int coo;
  /* A matrix stored by columns (D, then CU): reads so far and how many
     of them changed column, the rows' shadow (shadow.c) once the reads
     walk rows (else NULL), and the place of the last read there.  */
  int csc;
  int64_t reads, turns, across_at;
  const sp_shadow *across;
} cursor;

static _Thread_local cursor cursors[CURSORS];
static _Thread_local unsigned cursor_next;

/* The calling thread's cursor in T's storage GEN; T has a layout.  */
static cursor *
cursor_of (const sp_tensor *t, uint64_t gen, const sp_layout *lo)
{
  cursor *c = NULL;
  int last = t->fmt.nlevels - 1;
  for (int s = 0; s < CURSORS; s++)
    if (cursors[s].t == t)
      {
        if (cursors[s].gen == gen)
          return &cursors[s];
        c = &cursors[s];
      }
  if (!c)
    c = &cursors[cursor_next++ % CURSORS];
  c->t = t;
  c->gen = gen;
  for (int k = 0; k < SP_MAX_LEVELS; k++)
    c->par[k] = -1;
  c->last_cu = lo->props[last].has_pos && lo->props[last].unique
               && lo->count_lv < 0;
  c->coo = last > 0 && lo->props[0].has_pos && !lo->props[0].unique;
  for (int k = 1; k <= last; k++)
    c->coo &= sp__lvl_singleton_crd (t->fmt.lv[k].type);
  c->above_ok = 0;
  c->csc = last == 1 && t->fmt.rank == 2 && lo->plain && lo->props[0].dense
           && t->fmt.lv[0].dim == 1 && c->last_cu;
  c->across = NULL;
  c->reads = c->turns = 0;
  return c;
}

/* Compare the CN position Q of level K (its coordinate and those of the
   S levels under it, down to level END - 1) with LC.  */
static int
cmp_tuple (const sp_tensor *t, int k, int end, int64_t q, const int64_t *lc)
{
  for (int m = k; m < end; m++)
    {
      int64_t c = sp__ix_get (t->lv[m].crd, t->fmt.crdw, q);
      if (c != lc[m])
        return c < lc[m] ? -1 : 1;
    }
  return 0;
}

/* Lower bound of LC's tuple (levels K to END - 1) in positions [LO, HI)
   of level K.  */
static int64_t
bisect (const sp_tensor *t, int k, int end, int64_t lo, int64_t hi,
        const int64_t *lc)
{
  while (lo < hi)
    {
      int64_t mid = lo + (hi - lo) / 2;
      if (cmp_tuple (t, k, end, mid, lc) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* The same, starting from position AT in [LO, HI]: gallop towards the
   bound, then bisect the last step.  */
static int64_t
gallop (const sp_tensor *t, int k, int end, int64_t lo, int64_t hi,
        int64_t at, const int64_t *lc)
{
  int64_t a, b, step = 1;
  if (at < hi && cmp_tuple (t, k, end, at, lc) < 0)
    {
      /* Every position before A holds a lesser tuple.  */
      for (a = at + 1, b = a; b < hi && cmp_tuple (t, k, end, b, lc) < 0;
           step *= 2)
        {
          a = b + 1;
          b = a + step;
        }
      return bisect (t, k, end, a, b < hi ? b : hi, lc);
    }
  /* Position B holds a tuple not less than LC's, or is HI.  */
  for (b = at, a = b - 1; a >= lo && cmp_tuple (t, k, end, a, lc) >= 0;
       step *= 2)
    {
      b = a;
      a = b - step;
    }
  return bisect (t, k, end, a + 1 > lo ? a + 1 : lo, b, lc);
}

/* Position at level STOP - 1 of the entry with level coordinates LC
   (those of levels K to STOP - 1) below position PARENT of level K-1,
   or -1; C, if not NULL, is the reader's cursor, PROPS (if not NULL) the
   properties of T's levels.  */
static int64_t
find (const sp_tensor *t, cursor *c, const sp_level_props *props, int k,
      int stop, int64_t parent, int64_t *lc)
{
  const sp_level_store *ls = &t->lv[k];
  const sp_level_props *lp;
  int end = k + 1;
  int64_t lo, hi, q;

  if (k == stop)
    return parent;
  lp = props ? &props[k] : sp_lvl_props (t->fmt.lv[k].type);
  if (lp->dense)
    {
      if (t->fmt.lv[k].kind != SP_LX_COUNT)
        return find (t, c, props, k + 1, stop, parent * ls->size + lc[k],
                     lc);
      /* A # coordinate is not known from the element: try each.  */
      for (lc[k] = 0; lc[k] < ls->size; lc[k]++)
        if ((q = find (t, c, props, k + 1, stop, parent * ls->size + lc[k],
                       lc)) >= 0)
          return q;
      return -1;
    }
  if (lp->has_pos)
    {
      /* Coordinates that repeat (CN) are told apart by those of the S
         levels under them.  */
      if (!lp->unique)
        while (end < t->fmt.nlevels
               && sp__lvl_singleton_crd (t->fmt.lv[end].type))
          end++;
      if (c && c->par[k] == parent)
        {
          lo = c->lo[k];
          hi = c->hi[k];
          q = gallop (t, k, end, lo, hi, c->at[k], lc);
        }
      else
        {
          lo = sp__ix_get (ls->pos, t->fmt.posw, parent);
          hi = sp__ix_get (ls->pos, t->fmt.posw, parent + 1);
          q = bisect (t, k, end, lo, hi, lc);
          if (c)
            {
              c->par[k] = parent;
              c->lo[k] = lo;
              c->hi[k] = hi;
            }
        }
      if (c)
        c->at[k] = q;
      if (q == hi || cmp_tuple (t, k, end, q, lc))
        return -1;
      return find (t, c, props, k + 1, stop, q, lc);
    }
  /* The other levels share their parent's positions; an S level holds
     one coordinate at each.  */
  if (lp->has_crd && sp__ix_get (ls->crd, t->fmt.crdw, parent) != lc[k])
    return -1;
  return find (t, c, props, k + 1, stop, parent, lc);
}

/* Lower bound of coordinate X in positions [LO, HI) of CRD (width W),
   from position AT in [LO, HI] (gallop's case of one coordinate), or by
   bisection when AT is below LO.  */
static int64_t
gallop1 (const void *crd, int w, int64_t lo, int64_t hi, int64_t at,
         int64_t x)
{
  int64_t a, b, step = 1;
  if (at < lo)
    a = lo, b = hi;
  else if (at < hi && sp__ix_get (crd, w, at) < x)
    {
      for (a = at + 1, b = a; b < hi && sp__ix_get (crd, w, b) < x;
           step *= 2)
        {
          a = b + 1;
          b = a + step;
        }
      b = b < hi ? b : hi;
    }
  else
    {
      for (b = at, a = b - 1; a >= lo && sp__ix_get (crd, w, a) >= x;
           step *= 2)
        {
          b = a;
          a = b - step;
        }
      a = a + 1 > lo ? a + 1 : lo;
    }
  while (a < b)
    {
      int64_t mid = a + (b - a) / 2;
      if (sp__ix_get (crd, w, mid) < x)
        a = mid + 1;
      else
        b = mid;
    }
  return a;
}

/* Whether position Q of coordinates (COO) holds LC's coordinates on
   the levels above the last.  */
static int
same_above (const sp_tensor *t, int64_t q, const int64_t *lc)
{
  for (int k = 0; k < t->fmt.nlevels - 1; k++)
    if (sp__ix_get (t->lv[k].crd, t->fmt.crdw, q) != lc[k])
      return 0;
  return 1;
}

/* sp__locate of coordinates (cursor C): the tuples are in order, so the
   ones before and after LC's place bound the run of the last level's
   coordinates without an entry.  */
static int64_t
coo_locate (const sp_tensor *t, cursor *c, const sp_level_props *props,
            int64_t *lc, int64_t *gap)
{
  int last = t->fmt.nlevels - 1, w = t->fmt.crdw;
  const void *crd = t->lv[last].crd;
  int64_t p = find (t, c, props, 0, last + 1, 0, lc), q = c->at[0];
  int64_t lo = c->lo[0], hi = c->hi[0], next = p >= 0 ? q + 1 : q;
  if (gap)
    {
      gap[2] = t->fmt.lv[last].dim;
      gap[0] = p >= 0 ? lc[last] + 1
               : q > lo && same_above (t, q - 1, lc)
                 ? sp__ix_get (crd, w, q - 1) + 1 : 0;
      gap[1] = next < hi && same_above (t, next, lc)
               ? sp__ix_get (crd, w, next) : t->lv[last].size;
    }
  return p;
}

int64_t
sp__locate (const sp_tensor *t, const int64_t *coords, int64_t *gap)
{
  const sp_priv *pv = t->priv;
  int64_t lc[SP_MAX_LEVELS], q, lo, hi;
  int last = t->fmt.nlevels - 1, w = t->fmt.crdw, hit;
  const sp_level_store *ls = &t->lv[last];
  cursor *c;

  sp__lcs (&t->fmt, t->dims, coords, lc);
  if (gap)
    gap[0] = gap[1] = gap[2] = 0;
  if (!pv)
    return find (t, NULL, NULL, 0, last + 1, 0, lc);
  c = cursor_of (t, pv->gen, &pv->lo);
  if (c->coo)
    return coo_locate (t, c, pv->lo.props, lc, gap);
  if (!c->last_cu)
    return find (t, c, pv->lo.props, 0, last + 1, 0, lc);
  if (c->across)
    return sp__shadow_find (c->across, coords[0], coords[1], &c->across_at,
                            gap, t->dims[1]);
  int same = c->above_ok;
  for (int k = 0; same && k < last; k++)
    same = c->above[k] == lc[k];
  if (c->csc && ++c->reads % 1024 == 0)
    {
      /* Three reads in four change column: the reads walk rows.  */
      if (4 * c->turns > 3 * 1024)
        c->across = sp__shadow (t);
      c->turns = 0;
    }
  c->turns += !same;
  if (!same)
    {
      memcpy (c->above, lc, last * sizeof *lc);
      c->above_ok = 1;
      c->last_par = find (t, c, pv->lo.props, 0, last, 0, lc);
      if (c->last_par >= 0)
        {
          c->lo[last] = sp__ix_get (ls->pos, t->fmt.posw, c->last_par);
          c->hi[last] = sp__ix_get (ls->pos, t->fmt.posw, c->last_par + 1);
          /* A new row: bisect (the first read of a row in order is near
             its start either way).  */
          c->at[last] = c->lo[last] - 1;
        }
    }
  if (gap)
    gap[2] = t->fmt.lv[last].dim;
  if (c->last_par < 0)
    {
      if (gap)
        gap[1] = ls->size;
      return -1;
    }
  lo = c->lo[last];
  hi = c->hi[last];
  q = c->at[last] = gallop1 (ls->crd, w, lo, hi, c->at[last], lc[last]);
  hit = q < hi && sp__ix_get (ls->crd, w, q) == lc[last];
  if (gap)
    {
      gap[0] = hit ? lc[last] + 1 : q > lo ? sp__ix_get (ls->crd, w, q - 1) + 1
                                           : 0;
      gap[1] = q + hit < hi ? sp__ix_get (ls->crd, w, q + hit) : ls->size;
    }
  return hit ? q : -1;
}

int
sp__element (const sp_tensor *t, const int64_t *coords, sp_num *v,
             const char *fn)
{
  sp_priv *pv;
  int64_t lc[SP_MAX_LEVELS], p;
  uint64_t key[SP_MAX_LEVELS];

  if (sp__check (t, fn))
    return -1;
  if (!coords)
    return sp__fail ("%s: no coordinates (NULL)", fn);
  for (int d = 0; d < t->fmt.rank; d++)
    if (coords[d] < 0 || coords[d] >= t->dims[d])
      return sp__fail ("%s: coordinate %lld is out of range [0, %lld) in "
                       "dimension %d", fn, (long long) coords[d],
                       (long long) t->dims[d], d);
  sp__dist_check (t, coords, fn);
  pv = t->priv;
  v->i = 0;
  if (pv && pv->dense)
    {
      *v = sp__num_load (pv->dense, t->type,
                         sp__rowmajor (t->fmt.rank, t->dims, coords));
      return 0;
    }
  if ((!pv || pv->built) && (p = sp__locate (t, coords, NULL)) >= 0)
    *v = sp__num_load (t->vals, t->type, p);
  if (pv && pv->pend.n)
    {
      /* Pending calls apply over the stored value; looking them up
         indexes them (the tensor's value does not change).  */
      sp__lcs (&t->fmt, t->dims, coords, lc);
      sp__key_pack (&pv->lo, lc, key);
      if (sp__pend_apply (&pv->pend, key, t->type, v))
        return -1;
      /* Once the lookups in the calls have cost as much as assembling
         them would (a pass over the entries), assemble, unless another
         thread may be reading the arrays; a failed assembly leaves the
         calls pending, and the value read stands.  */
      if (pv->pend.probes > (t->nvals + pv->pend.n) / 8 + 4096
          && sp__lone ())
        sp_assemble ((sp_tensor *) t);
    }
  return 0;
}

double
sp_get (const sp_tensor *t, const int64_t *coords)
{
  sp_num v;
  return sp__element (t, coords, &v, "sp_get") ? NAN
                                               : sp__num_double (t->type, v);
}

int64_t
sp_get_i64 (const sp_tensor *t, const int64_t *coords)
{
  sp_num v;
  int64_t x = INT64_MIN;
  if (!sp__element (t, coords, &v, "sp_get_i64"))
    sp__num_i64 (t->type, v, &x);
  return x;
}

int64_t
sp_nnz (const sp_tensor *t)
{
  int64_t x[SP_BATCH * SP_MAX_RANK], p[SP_BATCH], n = 0;
  sp_layout lo;
  sp_walk it;
  int m;

  if (sp__ready (t, "sp_nnz") || sp__layout (&t->fmt, t->dims, &lo))
    return -1;
  if (!lo.filler)
    return t->lv[t->fmt.nlevels - 1].count;
  sp__iter_init (&it, t, &lo);
  while ((m = sp__iter_batch (&it, x, p)) > 0)
    n += m;
  return n;
}
