/* assemble.c -- building storage from entries in key order, level by
   level (the conversion paper's sequenced assembly: seq_insert_edges and
   insert_coord of each level type, all of them here), and what uses it
   directly: sp_assemble of pending inserts and sp__from_coo.

   Per entry, from the top: a D level computes its position (parent * size
   + coordinate); a CU level appends the coordinate unless the parent and
   coordinate are the previous entry's, writing the parent's pos entries
   on the way; a CN level does the same but keys a position by the
   coordinates of the S levels under it too (COO's rows repeat); an S
   level stores one coordinate per parent position; O stores nothing; a #
   level numbers the entries sharing its dimension.  */

#include <stdlib.h>
#include "storage.h"

/* Grow array A of level storage to NEED entries; the first allocation
   makes room for the expected entries at once.  */
static int
ensure (sp_bld *b, void **a, int64_t *cap, int64_t need, size_t esize,
        int fill, const char *what)
{
  if (need <= *cap)
    return 0;
  if (*cap == 0 && need < b->nhint)
    need = b->nhint;
  return sp__grow (a, cap, need, esize, fill, what);
}

/* Write the pos entries of compressed level K up to parent UPTO: every
   parent not yet started starts at the level's current count.  */
static int
fill_pos (sp_bld *b, int k, int64_t upto)
{
  sp_level_store *ls = &b->t->lv[k];
  int w = b->t->fmt.posw;

  if (upto < b->pfill[k])
    return 0;
  if (sp__grow (&ls->pos, &b->pcap[k], upto + 1, w / 8, -1,
                "a pos array"))
    return -1;
  for (int64_t q = b->pfill[k]; q <= upto; q++)
    sp__ix_set (ls->pos, w, q, b->cnt[k]);
  b->pfill[k] = upto + 1;
  return 0;
}

int
sp__check_crd (const sp_tensor *t, int k, int64_t c)
{
  if (c <= sp__ix_max (t->fmt.crdw))
    return 0;
  return sp__fail ("crd width %d is too small: level %d needs coordinate "
                   "%lld (at most %lld fits); use a wider crd= option",
                   t->fmt.crdw, k, (long long) c,
                   (long long) sp__ix_max (t->fmt.crdw));
}

int
sp__bld_init (sp_bld *b, sp_tensor *t, const sp_layout *lo, int64_t nhint)
{
  int64_t c = 1;
  int k = 0;

  memset (b, 0, sizeof *b);
  b->t = t;
  b->lo = lo;
  /* No entry yet: every parent position comes after this one.  */
  for (int l = 0; l < lo->nlv; l++)
    b->lastpar[l] = -1;
  b->nhint = nhint > 0 ? nhint : 1;
  if (lo->count_lv >= 0)
    {
      int d = t->fmt.lv[lo->count_lv].dim;
      b->ctr = sp__alloc_array (lo->dims[d], sizeof *b->ctr, 0,
                                "the counters of a # level");
      return b->ctr ? 0 : -1;
    }
  /* The top D levels have a known number of positions: allocate what
     hangs below them now, so that absurd sizes fail before any work.  */
  for (; k < lo->nlv && sp_lvl_is_dense (t->fmt.lv[k].type); k++)
    {
      if (c >= INT64_MAX / lo->size[k])
        return sp__fail ("level %d would have more than 2^63 positions", k);
      c *= lo->size[k];
    }
  if (k == lo->nlv)
    {
      t->vals = sp__alloc_array (c, sp__esize (t->type), 0, "the values");
      b->vcap = c;
      return t->vals ? 0 : -1;
    }
  if (sp_lvl_has_pos (t->fmt.lv[k].type))
    {
      char what[64];
      snprintf (what, sizeof what, "the pos array of level %d", k);
      t->lv[k].pos = sp__alloc_array (c + 1, t->fmt.posw / 8, -1, what);
      if (!t->lv[k].pos)
        return -1;
      b->pcap[k] = c + 1;
    }
  return 0;
}

/* Compare entry E of the batch LC with the previous entry on levels
   [FROM, TO): the S levels under a CN level, whose position is one
   coordinate and those under it (COO's rows repeat).  */
static int
cmp_chain (const sp_bld *b, int from, int to, const int64_t *const *lc,
           int e)
{
  for (int m = from; m < to; m++)
    {
      int64_t c = lc[m][e], pc = e ? lc[m][e - 1] : b->lastc[m];
      if (c != pc)
        return c < pc ? -1 : 1;
    }
  return 0;
}

/* Compressed level K: each entry whose parent position (in POS) and
   coordinates differ from the previous entry's appends a position.  */
static int
compressed (sp_bld *b, int k, const int64_t *const *lc, int n, int64_t *pos)
{
  sp_tensor *t = b->t;
  sp_level_store *ls = &t->lv[k];
  const int64_t *c = lc[k];
  int w = t->fmt.crdw, chain = k + 1;
  int64_t pp = b->lastpar[k], pv = b->lastc[k], cnt = b->cnt[k];
  int64_t crdmax = sp__ix_max (w), posmax = sp__ix_max (t->fmt.posw);

  /* Levels K + 1 .. CHAIN - 1 key a position too where coordinates may
     repeat at K.  */
  if (!sp_lvl_is_unique (t->fmt.lv[k].type))
    while (chain < t->fmt.nlevels
           && sp__lvl_singleton_crd (t->fmt.lv[chain].type))
      chain++;
  for (int e = 0; e < n; e++)
    {
      int64_t p = pos[e], v = c[e];
      if (p == pp)
        {
          int order = v != pv ? (v < pv ? -1 : 1)
                              : cmp_chain (b, k + 1, chain, lc, e);
          if (order < 0)
            return SP_UNSORTED;
          if (order == 0)
            {
              pos[e] = cnt - 1;
              continue;
            }
        }
      else if (p < pp)
        return SP_UNSORTED;
      b->cnt[k] = cnt;
      if ((p >= b->pfill[k] && fill_pos (b, k, p))
          || (cnt >= b->ccap[k] && ensure (b, &ls->crd, &b->ccap[k], cnt + 1,
                                           w / 8, -1, "a crd array")))
        return -1;
      if (v > crdmax)
        return sp__check_crd (t, k, v);
      if (cnt >= posmax)
        return sp__fail ("pos width %d is too small: level %d has more "
                         "than %lld entries; use a wider pos= option",
                         t->fmt.posw, k, (long long) posmax);
      sp__ix_set (ls->crd, w, cnt, v);
      pos[e] = cnt++;
      pp = p;
      pv = v;
    }
  b->cnt[k] = cnt;
  b->lastpar[k] = pp;
  b->lastc[k] = pv;
  return 0;
}

/* Singleton level K: the coordinate of each entry at its parent's
   position, one per parent.  */
static int
singleton (sp_bld *b, int k, const int64_t *const *lc, int n,
           const int64_t *pos)
{
  sp_tensor *t = b->t;
  sp_level_store *ls = &t->lv[k];
  const int64_t *c = lc[k];
  int w = t->fmt.crdw, padded = b->lo->padded[k];
  int64_t pp = b->lastpar[k], pv = b->lastc[k], crdmax = sp__ix_max (w);

  for (int e = 0; e < n; e++)
    {
      int64_t p = pos[e], v = c[e];
      /* Positions under padded levels are one per entry by construction.  */
      if (!padded && p == pp)
        {
          if (v == pv)
            continue;
          return sp__fail ("level %d is a singleton (S) level: it holds one "
                           "coordinate per position of the level above, but "
                           "coordinates %lld and %lld share one", k,
                           (long long) pv, (long long) v);
        }
      if (v > crdmax)
        return sp__check_crd (t, k, v);
      if (p >= b->ccap[k] && ensure (b, &ls->crd, &b->ccap[k], p + 1, w / 8,
                                     padded ? 0xff : -1, "a crd array"))
        return -1;
      sp__ix_set (ls->crd, w, p, v);
      pp = p;
      pv = v;
    }
  b->lastpar[k] = pp;
  b->lastc[k] = pv;
  return 0;
}

/* The # level: number the entries sharing each coordinate of the counted
   dimension (which level COUNT_SRC stores).  */
static void
count_slices (sp_bld *b, const int64_t *const *lc, int n, int64_t *pos)
{
  const int64_t *c = lc[b->lo->count_src];
  for (int e = 0; e < n; e++)
    {
      int64_t s = b->ctr[c[e]]++;
      pos[e] = s;
      if (s >= b->nslice)
        b->nslice = s + 1;
    }
}

int
sp__bld_batch (sp_bld *b, const int64_t *const *lc, int n, int64_t *pos)
{
  const sp_layout *lo = b->lo;
  sp_tensor *t = b->t;
  int64_t top = -1;
  int rc;

  for (int e = 0; e < n; e++)
    pos[e] = 0;
  /* A computed level (O) stores nothing and keeps the positions.  */
  for (int k = 0; k < lo->nlv; k++)
    {
      int type = t->fmt.lv[k].type;
      rc = 0;
      if (sp_lvl_is_dense (type))
        {
          if (k == lo->count_lv)
            count_slices (b, lc, n, pos);
          else
            {
              const int64_t *c = lc[k];
              int64_t size = lo->size[k];
              for (int e = 0; e < n; e++)
                pos[e] = pos[e] * size + c[e];
            }
        }
      else if (sp_lvl_has_pos (type))
        rc = compressed (b, k, lc, n, pos);
      else if (sp__lvl_singleton_crd (type))
        rc = singleton (b, k, lc, n, pos);
      if (rc)
        return rc;
    }
  /* Positions grow along the batch, except under D levels (filler).  */
  if (lo->filler)
    for (int e = 0; e < n; e++)
      top = pos[e] > top ? pos[e] : top;
  else if (n)
    top = pos[n - 1];
  if (top >= b->vcap && ensure (b, &t->vals, &b->vcap, top + 1,
                                sp__esize (t->type), lo->filler ? 0 : -1,
                                "the values"))
    return -1;
  b->n += n;
  return 0;
}

/* Complete level K, whose parent level has PARENTS positions; return its
   own positions, or -1.  */
static int64_t
finish_level (sp_bld *b, int k, int64_t parents)
{
  const sp_layout *lo = b->lo;
  sp_tensor *t = b->t;
  sp_level_store *ls = &t->lv[k];
  int64_t c = parents;
  int type = t->fmt.lv[k].type;
  char what[64];

  ls->size = k == lo->count_lv ? b->nslice : lo->size[k];
  /* A computed level (O) has its parent's positions and no arrays.  */
  if (sp_lvl_is_dense (type))
    {
      if (ls->size && parents > INT64_MAX / ls->size)
        return sp__fail ("level %d would have more than 2^63 positions", k);
      c = parents * ls->size;
    }
  else if (sp_lvl_has_pos (type))
    {
      snprintf (what, sizeof what, "the pos array of level %d", k);
      if (parents == INT64_MAX)
        return sp__fail ("%s would be too long", what);
      if (parents >= b->pcap[k])
        {
          /* Positions past the last entry's parent: the array's full
             length is checked before it is filled.  */
          void *pos = sp__alloc_array (parents + 1, t->fmt.posw / 8, -1,
                                       what);
          if (!pos)
            return -1;
          if (b->pfill[k])
            memcpy (pos, ls->pos, b->pfill[k] * (t->fmt.posw / 8));
          sp__free_array (ls->pos);
          ls->pos = pos;
          b->pcap[k] = parents + 1;
        }
      if (fill_pos (b, k, parents))
        return -1;
      ls->npos = parents + 1;
      ls->pos = sp__shrink (ls->pos, ls->npos, t->fmt.posw / 8);
      c = ls->ncrd = b->cnt[k];
      if (ensure (b, &ls->crd, &b->ccap[k], 1, t->fmt.crdw / 8, -1,
                  "a crd array"))
        return -1;
      ls->crd = sp__shrink (ls->crd, c, t->fmt.crdw / 8);
    }
  else if (sp__lvl_singleton_crd (type))
    {
      if (ensure (b, &ls->crd, &b->ccap[k], c ? c : 1, t->fmt.crdw / 8,
                  lo->padded[k] ? 0xff : -1, "a crd array"))
        return -1;
      ls->ncrd = c;
      ls->crd = sp__shrink (ls->crd, c, t->fmt.crdw / 8);
    }
  ls->count = c;
  return c;
}

int
sp__bld_end (sp_bld *b, int failed)
{
  sp_tensor *t = b->t;
  int64_t c = 1;

  sp__free_array (b->ctr);
  b->ctr = NULL;
  for (int k = 0; !failed && k < b->lo->nlv; k++)
    failed = (c = finish_level (b, k, c)) < 0;
  if (!failed)
    failed = ensure (b, &t->vals, &b->vcap, c ? c : 1, sp__esize (t->type),
                     0, "the values");
  if (failed)
    {
      sp__free_arrays (t);
      return -1;
    }
  t->vals = sp__shrink (t->vals, c, sp__esize (t->type));
  t->nvals = c;
  return 0;
}

/* Fold the records [E, G) sharing one key into V, in order; whether an
   entry results.  An assignment creates one where an entry was stored or
   the value is not zero; an addition always does.  The first record's
   value is taken as it is (-0.0 stays -0.0, as in the file).  */
static int
fold (const uint64_t *rec, int64_t e, int64_t g, int kw, int merge,
      int type, sp_num *v)
{
  int rw = kw + 1 + merge, have = 0, old = 0, first = 1;
  v->i = 0;
  for (; e < g; e++)
    {
      const uint64_t *r = rec + e * rw;
      sp_num x;
      x.i = (int64_t) r[kw];
      switch (merge ? (int) r[kw + 1] : SP_FROM_ADD)
        {
        case SP_FROM_OLD:
          *v = x;
          old = have = 1;
          break;
        case SP_FROM_SET:
          *v = x;
          have = old || !sp__num_unstored (type, x);
          break;
        case SP_FROM_ADD:
          *v = first ? x : sp__num_add (type, *v, x);
          have = 1;
          break;
        default:
          break;
        }
      first = 0;
    }
  return have;
}

static inline int
same_key (const uint64_t *a, const uint64_t *b, int kw)
{
  for (int w = 0; w < kw; w++)
    if (a[w] != b[w])
      return 0;
  return 1;
}

/* Entries in key order for a build: packed records (equal keys folded
   as MERGE says), or a coordinate list already in key order (equal keys
   add up).  */
typedef struct feed
{
  const sp_layout *lo;
  const sp_format *f;
  int type;
  int64_t e, n;        /* the next entry, and how many there are */
  const uint64_t *rec;
  int merge;
  const sp_coo *coo;
} feed;

/* The next batch of distinct keys from records: level coordinates into
   BUF (level-major), values into V; how many.  */
static int
feed_records (feed *fd, int64_t *buf, sp_num *v)
{
  const sp_layout *lo = fd->lo;
  int kw = lo->keywords, rw = kw + 1 + fd->merge, m = 0;
  int64_t lc[SP_MAX_LEVELS];

  for (int64_t g; m < SP_BATCH && fd->e < fd->n; fd->e = g)
    {
      const uint64_t *r = fd->rec + fd->e * rw;
      g = fd->e + 1;
      while (g < fd->n && same_key (fd->rec + g * rw, r, kw))
        g++;
      if (!fold (fd->rec, fd->e, g, kw, fd->merge, fd->type, &v[m]))
        continue;
      sp__key_unpack (lo, r, lc);
      for (int i = 0; i < lo->nkey; i++)
        buf[lo->key[i] * SP_BATCH + m] = lc[lo->key[i]];
      m++;
    }
  return m;
}

/* The next batch of distinct keys from a coordinate list in key order; a
   batch ends only where a key does, so that equal keys meet.  */
static int
feed_coo (feed *fd, int64_t *buf, sp_num *v)
{
  const sp_layout *lo = fd->lo;
  const sp_coo *c = fd->coo;
  int64_t lc[SP_MAX_LEVELS];
  int m = 0;

  for (; fd->e < fd->n; fd->e++)
    {
      sp_num x = sp__num_from (fd->type, c->val[fd->e]);
      int same = m > 0;
      sp__lcs (fd->f, c->dims, c->idx + fd->e * c->rank, lc);
      for (int i = 0; same && i < lo->nkey; i++)
        same = lc[lo->key[i]] == buf[lo->key[i] * SP_BATCH + m - 1];
      if (same)
        {
          v[m - 1] = sp__num_add (fd->type, v[m - 1], x);
          continue;
        }
      if (m == SP_BATCH)
        break;
      for (int i = 0; i < lo->nkey; i++)
        buf[lo->key[i] * SP_BATCH + m] = lc[lo->key[i]];
      v[m++] = x;
    }
  return m;
}

/* Build T's arrays (none yet) from the entries of FD, in key order.  */
static int
build_fed (sp_tensor *t, feed *fd, int (*next) (feed *, int64_t *, sp_num *))
{
  int64_t buf[SP_MAX_LEVELS * SP_BATCH], pos[SP_BATCH];
  const int64_t *lcp[SP_MAX_LEVELS];
  sp_num v[SP_BATCH];
  sp_bld b;
  int rc = 0;

  for (int k = 0; k < fd->lo->nlv; k++)
    lcp[k] = buf + k * SP_BATCH;
  if (sp__bld_init (&b, t, fd->lo, fd->n))
    return sp__bld_end (&b, 1);
  while (!rc && fd->e < fd->n)
    {
      int m = next (fd, buf, v);
      if ((rc = sp__bld_batch (&b, lcp, m, pos)) == SP_UNSORTED)
        rc = sp__fail ("internal error: sorted keys out of order");
      for (int i = 0; !rc && i < m; i++)
        sp__num_store (t->vals, t->type, pos[i], v[i]);
    }
  return sp__bld_end (&b, rc);
}

int
sp__build_sorted (sp_tensor *t, const sp_layout *lo, const uint64_t *rec,
                  int64_t n, int merge)
{
  feed fd = { .lo = lo, .f = &t->fmt, .type = t->type, .n = n, .rec = rec,
              .merge = merge };
  return build_fed (t, &fd, feed_records);
}

/* Append the record of a stored entry, KEY(LC) and V, to *REC (N
   records, capacity *CAP words).  */
static int
push_old (uint64_t **rec, int64_t *n, int64_t *cap, const sp_layout *lo,
          const int64_t *lc, sp_num v)
{
  int rw = lo->keywords + 2;
  uint64_t *r;
  if (sp__grow ((void **) rec, cap, (*n + 1) * rw, sizeof **rec, -1,
                "sort records"))
    return -1;
  r = *rec + *n * rw;
  sp__key_pack (lo, lc, r);
  r[lo->keywords] = (uint64_t) v.i;
  r[lo->keywords + 1] = SP_FROM_OLD;
  (*n)++;
  return 0;
}

/* Assemble T's stored entries with its pending ones into new arrays.  */
static int
assemble_pending (sp_tensor *t)
{
  sp_priv *pv = t->priv;
  const sp_pending *pd = &pv->pend;
  int64_t x[SP_BATCH * SP_MAX_RANK], p[SP_BATCH], lc[SP_MAX_LEVELS];
  int64_t n = 0, nold, cap = 0;
  uint64_t *rec = NULL;
  sp_layout lo;
  sp_tensor tmp;
  int rw, rc = -1;

  if (sp__layout (&t->fmt, t->dims, &lo))
    return -1;
  rw = lo.keywords + 2;
  if (pv->built)
    {
      int64_t buf[SP_MAX_LEVELS * SP_BATCH];
      const int64_t *lcb[SP_MAX_LEVELS];
      sp_walk it;
      int m;
      sp__iter_init (&it, t, &lo);
      while ((m = sp__iter_batch (&it, x, p)) > 0)
        {
          sp__remap (&t->fmt, t->dims, x, m, buf, lcb);
          for (int e = 0; e < m; e++)
            {
              for (int i = 0; i < lo.nkey; i++)
                lc[lo.key[i]] = lcb[lo.key[i]][e];
              if (push_old (&rec, &n, &cap, &lo, lc,
                            sp__num_load (t->vals, t->type, p[e])))
                goto done;
            }
        }
    }
  /* Then the pending calls' records, as they are: a sorted run, then
     calls in program order.  */
  nold = n;
  if (sp__grow ((void **) &rec, &cap, (n + pd->n) * rw, sizeof *rec, -1,
                "sort records"))
    goto done;
  memcpy (rec + n * rw, pd->rec, pd->n * rw * sizeof *rec);
  n += pd->n;
  cap /= rw;
  /* Stored entries come in key order (but for a # level's numbering):
     sort the latest calls alone and merge the runs.  */
  if (lo.count_lv < 0
      ? sp__sort_records (rec + (nold + pd->sorted) * rw,
                          pd->n - pd->sorted, lo.keywords, rw, lo.keybits)
        || sp__merge_records (&rec, nold, nold + pd->sorted, n, cap,
                              lo.keywords, rw)
        || sp__merge_records (&rec, 0, nold, n, cap, lo.keywords, rw)
      : sp__sort_records (rec, n, lo.keywords, rw, lo.keybits))
    goto done;
  tmp = *t;
  memset (tmp.lv, 0, sizeof tmp.lv);
  tmp.vals = NULL;
  tmp.index = NULL;
  tmp.diag = NULL;
  /* TMP's arrays are its own, whoever owns T's.  */
  tmp.priv = NULL;
  if (sp__build_sorted (&tmp, &lo, rec, n, 1))
    goto done;
  sp__take_arrays (t, &tmp);
  rc = 0;
done:
  sp__free_array (rec);
  return rc;
}

/* Rebuild T from sp_array's dense copy, which stays authoritative.  */
static int
rebuild_from_dense (sp_tensor *t)
{
  sp_priv *pv = t->priv;
  sp_tensor view, *tmp;

  sp__dense_view (&view, pv->dense, t->type, t->fmt.rank, t->dims);
  tmp = sp__convert_fmt (&view, &t->fmt);
  if (!tmp)
    return -1;
  sp__take_arrays (t, tmp);
  sp_free (tmp);
  pv->built = 1;
  return 0;
}

int
sp_assemble (sp_tensor *t)
{
  sp_priv *pv;

  if (sp__check (t, "sp_assemble"))
    return -1;
  pv = t->priv;
  if (!pv)
    return 0;
  if (pv->dense)
    return rebuild_from_dense (t);
  if (!pv->built || pv->pend.n)
    {
      if (assemble_pending (t))
        return -1;
      sp__pend_clear (&pv->pend);
      pv->built = 1;
    }
  t->dirty = 0;
  return 0;
}

/* Check the entries of C for format F and TYPE; 1 when they are in key
   order already (as files often are), 0 when not, -1 when one is bad.  */
static int
check_coo (const sp_format *f, const sp_layout *lo, sp_type type,
           const sp_coo *c)
{
  int64_t lc[SP_MAX_LEVELS], prev[SP_MAX_LEVELS];
  int sorted = 1;

  for (int64_t e = 0; e < c->n; e++)
    {
      const int64_t *x = c->idx + e * c->rank;
      sp_num v;
      int i = 0;
      for (int d = 0; d < c->rank; d++)
        if (x[d] < 0 || x[d] >= c->dims[d])
          return sp__fail ("entry %lld: coordinate %lld is out of range "
                           "[0, %lld) in dimension %d", (long long) e,
                           (long long) x[d], (long long) c->dims[d], d);
      if (sp__num_of_double (type, c->val[e], &v))
        return -1;
      sp__lcs (f, c->dims, x, lc);
      while (e && sorted && i < lo->nkey && lc[lo->key[i]] == prev[lo->key[i]])
        i++;
      if (e && sorted && i < lo->nkey && lc[lo->key[i]] < prev[lo->key[i]])
        sorted = 0;
      memcpy (prev, lc, sizeof lc);
    }
  return sorted;
}

sp_tensor *
sp__from_coo (const sp_format *f, sp_type type, sp_coo *c)
{
  int64_t lc[SP_MAX_LEVELS];
  uint64_t *rec = NULL;
  sp_tensor *t = NULL;
  sp_layout lo;
  int rw, sorted, rc;

  if (!f || !c)
    {
      sp__fail ("sp__from_coo: no %s (NULL)", f ? "entries" : "format");
      return NULL;
    }
  if ((unsigned) type > SP_I32)
    {
      sp__fail ("sp__from_coo: unknown element type %d", (int) type);
      return NULL;
    }
  if (c->rank != f->rank)
    {
      sp__fail ("sp__from_coo: entries of rank %d for a format of rank %d",
                c->rank, (int) f->rank);
      return NULL;
    }
  if ((rc = sp__from_coo_fast (f, type, c, &t)) != SP_UNSORTED)
    return rc ? NULL : t;
  if (sp__coo_widen (c))
    return NULL;
  if (!(t = sp__alloc (f, type, c->dims)) || sp__layout (f, c->dims, &lo)
      || (sorted = check_coo (f, &lo, type, c)) < 0)
    goto fail;
  if (sorted)
    {
      feed fd = { .lo = &lo, .f = f, .type = type, .n = c->n, .coo = c };
      if (build_fed (t, &fd, feed_coo))
        goto fail;
    }
  else
    {
      rw = lo.keywords + 1;
      if (!(rec = sp__alloc_array (c->n, rw * sizeof *rec, -1,
                                   "sort records")))
        goto fail;
      for (int64_t e = 0; e < c->n; e++)
        {
          sp__lcs (f, c->dims, c->idx + e * c->rank, lc);
          sp__key_pack (&lo, lc, rec + e * rw);
          rec[e * rw + lo.keywords] = (uint64_t) sp__num_from (type,
                                                               c->val[e]).i;
        }
      if (sp__sort_records (rec, c->n, lo.keywords, rw, lo.keybits)
          || sp__build_sorted (t, &lo, rec, c->n, 0))
        goto fail;
    }
  sp__free_array (rec);
  ((sp_priv *) t->priv)->built = 1;
  t->dirty = 0;
  return t;
fail:
  sp__free_array (rec);
  sp_free (t);
  return NULL;
}
