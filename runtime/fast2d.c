/* fast2d.c -- the common matrix cases of assembly and conversion, written
   out for 32-bit pos and crd arrays: COO, CSR and CSC from a coordinate
   list, and COO -> CSR, CSR <-> CSC, CSR -> DIA, CSR -> ELL.

   Each routine builds exactly the arrays the general route (assemble.c,
   convert.c) would, with loops that know the widths and the level
   structure, allocating every array once at its final size.  Each checks
   the order and ranges it relies on as it goes and answers SP_UNSORTED
   when they do not hold, or when the case is not one of its own; the
   caller then takes the general route, which also reports any error.  */

#include <stdlib.h>
#include "named_formats.h"
#include "sparse_kernel.h"
#include "storage.h"
#include "threads.h"

/* The name of the named matrix format F is (named_formats.h) when it has
   the 32-bit index arrays these routines are written for; else "".  */
static const char *
matrix_name (const sp_format *f)
{
  const sp_named_format *nf;
  if (f->rank != 2 || f->posw != 32 || f->crdw != 32
      || !(nf = sp_named_format_of (f)))
    return "";
  return nf->name;
}

static int
named (const char *name, const char *want)
{
  return !strcmp (name, want);
}

/* ------------------------------------------------------------------ */
/* From a coordinate list (F64 values): COO, CSR or CSC.  */

/* Outer (A) and inner (B) coordinates of the entries, level order.  */
typedef struct out2
{
  int coo;              /* COO: the rows listed; else CSR or CSC */
  int64_t na, nb;       /* extents of A and B */
  int32_t *pos;         /* CSR/CSC: na + 1 */
  int32_t *acrd, *bcrd; /* COO: the rows; always the inner coordinates */
  double *val;
  int64_t n;            /* entries */
} out2;

static void
out_free (out2 *o)
{
  sp__free_array (o->pos);
  sp__free_array (o->acrd);
  sp__free_array (o->bcrd);
  sp__free_array (o->val);
  o->pos = o->acrd = o->bcrd = NULL;
  o->val = NULL;
}

/* Install O's arrays in T (format and extents set, no arrays yet).  */
static void
out_install (sp_tensor *t, out2 *o)
{
  if (o->coo)
    {
      int32_t *pos = sp__alloc_array (2, 4, -1, "a pos array");
      if (!pos)
        return;
      pos[0] = 0;
      pos[1] = (int32_t) o->n;
      t->lv[0].pos = pos;
      t->lv[0].npos = 2;
      t->lv[0].crd = o->acrd;
      t->lv[0].ncrd = o->n;
      t->lv[0].count = o->n;
      t->lv[1].crd = o->bcrd;
      t->lv[1].ncrd = o->n;
      t->lv[1].count = o->n;
    }
  else
    {
      t->lv[0].count = o->na;
      t->lv[1].pos = o->pos;
      t->lv[1].npos = o->na + 1;
      t->lv[1].crd = o->bcrd;
      t->lv[1].ncrd = o->n;
      t->lv[1].count = o->n;
    }
  t->vals = o->val;
  t->nvals = o->n;
  memset (o, 0, sizeof *o);
}

/* Entries in key order: append, adding up repeated keys.  The output
   arrays may be the input's own (X, V): entry W is written after entry
   E >= W is read.  */
static int64_t
from_sorted (out2 *o, int64_t n, const int32_t *x, const double *v, int ia,
             int ib)
{
  int32_t *pos = o->pos, *acrd = o->acrd, *bcrd = o->bcrd;
  double *val = o->val;
  int64_t w = -1, pa = -1, pb = -1, row = 0;

  for (int64_t e = 0; e < n; e++)
    {
      int64_t a = x[2 * e + ia], b = x[2 * e + ib];
      double ve = v[e];
      if (a == pa && b == pb)
        {
          val[w] += ve;
          continue;
        }
      w++;
      if (pos)
        while (row <= a)
          pos[row++] = (int32_t) w;
      else
        acrd[w] = (int32_t) a;
      bcrd[w] = (int32_t) b;
      val[w] = ve;
      pa = a;
      pb = b;
    }
  w++;
  if (pos)
    while (row <= o->na)
      pos[row++] = (int32_t) w;
  return w;
}

/* Entries in any order: a counting sort into buckets by A (CA counts A,
   NA + 1 entries), each bucket sorted by B stably (nothing to do when the
   entries come in B-major order), then repeated keys added up in their
   order in the list.  */
static int64_t
from_unsorted (out2 *o, int64_t n, const int32_t *x,
               const double *restrict v, int ia, int ib, int bmajor,
               int32_t *ca)
{
  int64_t w = 0, s = 0, longest = 0;
  int32_t *restrict bcrd = o->bcrd, *tb = NULL;
  double *restrict val = o->val, *tv = NULL;

  /* Start of each A bucket.  */
  for (int64_t a = 0; a < o->na; a++)
    {
      int64_t m = ca[a];
      ca[a] = (int32_t) s;
      s += m;
      longest = m > longest ? m : longest;
    }
  ca[o->na] = (int32_t) s;
  for (int64_t e = 0; e < n; e++)
    {
      int64_t r = ca[x[2 * e + ia]]++;
      bcrd[r] = (int32_t) x[2 * e + ib];
      val[r] = v[e];
    }
  int bits = 1;
  while (bits < 31 && ((int64_t) 1 << bits) < o->nb)
    bits++;
  if (!bmajor && longest > SP_SORT_CRD_RUN
      && (!(tb = sp__alloc_array (longest, sizeof *tb, -1, "sort scratch"))
          || !(tv = sp__alloc_array (longest, sizeof *tv, -1,
                                     "sort scratch"))))
    {
      sp__free_array (tb);
      return -1;
    }
  /* CA[a] is now the end of bucket a.  Sort each, and add up repeated
     keys in place.  X is free now: O->acrd may be X.  */
  for (int64_t a = 0, r = 0; a < o->na; a++)
    {
      int64_t end = ca[a], start = w;
      if (!bmajor && end - r > 1)
        sp__sort_crd (bcrd + r, val + r, end - r, tb, tv, bits);
      if (o->pos)
        o->pos[a] = (int32_t) w;
      for (; r < end; r++)
        {
          if (w > start && bcrd[w - 1] == bcrd[r])
            {
              val[w - 1] += val[r];
              continue;
            }
          if (o->acrd)
            o->acrd[w] = (int32_t) a;
          bcrd[w] = bcrd[r];
          val[w] = val[r];
          w++;
        }
    }
  sp__free_array (tb);
  sp__free_array (tv);
  if (o->pos)
    o->pos[o->na] = (int32_t) w;
  return w;
}

int
sp__from_coo_fast (const sp_format *f, sp_type type, sp_coo *c,
                   sp_tensor **out)
{
  const char *name = matrix_name (f);
  int coo = named (name, "coo"), ia = named (name, "csc"), ib = !ia;
  int sab = 1, sba = 1, counts, rc = -1;
  int64_t n = c->n, na, nb, distinct = n > 0;
  int32_t *x, *wide = NULL, *ca = NULL;
  sp_tensor *t = NULL;
  out2 o;

  if (type != SP_F64 || c->rank != 2 || !(coo || ia || named (name, "csr"))
      || n > INT32_MAX || c->dims[0] > INT32_MAX || c->dims[1] > INT32_MAX)
    return SP_UNSORTED;
  na = c->dims[ia];
  nb = c->dims[ib];
  memset (&o, 0, sizeof o);
  o.coo = coo;
  o.na = na;
  o.nb = nb;
  /* Coordinates as int32 pairs: the list's own, or a copy.  */
  if (!(x = c->idx32))
    {
      if (!(x = wide = sp__alloc_array (2 * n, 4, -1, "a coordinate list")))
        goto done;
      for (int64_t e = 0; e < 2 * n; e++)
        {
          if ((uint64_t) c->idx[e] >= (uint64_t) c->dims[e & 1])
            {
              rc = SP_UNSORTED;
              goto done;
            }
          wide[e] = (int32_t) c->idx[e];
        }
    }
  /* A counting sort needs counts over the extent: only where that stays
     in proportion to the entries.  */
  counts = na <= 4 * n + 65536;
  if (counts && !(ca = sp__alloc_array (na + 1, 4, 0, "counts")))
    goto done;
  {
    int64_t pa = -1, pb = -1;
    for (int64_t e = 0; e < n; e++)
      {
        int64_t a = x[2 * e + ia], b = x[2 * e + ib];
        if ((uint64_t) a >= (uint64_t) na || (uint64_t) b >= (uint64_t) nb)
          {
            rc = SP_UNSORTED;
            goto done;
          }
        /* Key order (A, B) and (B, A), nondecreasing.  */
        sab &= a > pa || (a == pa && b >= pb);
        sba &= b > pb || (b == pb && a >= pa);
        distinct += e && (a != pa || b != pb);
        if (counts)
          ca[a]++;
        pa = a;
        pb = b;
      }
  }
  if (!sab && !counts)
    {
      rc = SP_UNSORTED;
      goto done;
    }
  /* From here on the list's arrays may become the tensor's.  */
  if (!(t = sp__alloc (f, type, c->dims)))
    goto done;
  if (sab)
    {
      /* In place: the values, and the coordinates of one level.  */
      if (x == c->idx32)
        c->idx32 = NULL;
      wide = NULL;
      o.val = c->val;
      c->val = NULL;
      if (coo)
        o.acrd = x;
      else
        o.bcrd = x;
      if ((coo
           && !(o.bcrd = sp__alloc_array (distinct, 4, -1, "a crd array")))
          || (!coo
              && !(o.pos = sp__alloc_array (na + 1, 4, -1, "a pos array"))))
        goto done;
      o.n = from_sorted (&o, n, x, o.val, ia, ib);
    }
  else
    {
      if ((!coo && !(o.pos = sp__alloc_array (na + 1, 4, -1, "a pos array")))
          || !(o.bcrd = sp__alloc_array (n, 4, -1, "a crd array"))
          || !(o.val = sp__alloc_array (n, 8, -1, "the values")))
        goto done;
      if (coo)
        {
          /* The rows go where the coordinates were.  */
          if (x == c->idx32)
            c->idx32 = NULL;
          wide = NULL;
          o.acrd = x;
        }
      if ((o.n = from_unsorted (&o, n, x, c->val, ia, ib, sba, ca)) < 0)
        goto done;
    }
  if (o.acrd)
    o.acrd = sp__shrink (o.acrd, o.n, 4);
  o.bcrd = sp__shrink (o.bcrd, o.n, 4);
  o.val = sp__shrink (o.val, o.n, 8);
  out_install (t, &o);
  if (!t->vals)
    goto done;
  ((sp_priv *) t->priv)->built = 1;
  t->dirty = 0;
  *out = t;
  t = NULL;
  rc = 0;
done:
  out_free (&o);
  sp__free_array (ca);
  sp__free_array (wide);
  sp_free (t);
  return rc;
}

/* ------------------------------------------------------------------ */
/* Conversions.  */

/* COO -> CSR: the rows are sorted; the columns and values copy over.  */
static int
coo_to_csr (const sp_tensor *s, sp_tensor *d)
{
  const int32_t *restrict spos = s->lv[0].pos;
  const int32_t *restrict ri = s->lv[0].crd, *restrict ci = s->lv[1].crd;
  int64_t m = s->dims[0], ncol = s->dims[1], n = s->lv[1].count;
  int32_t *restrict pos, *crd = NULL;
  void *val = NULL;
  int64_t row = 0;
  int32_t pr = -1, pc = -1;
  size_t es = sp__esize (s->type);
  int rc = -1;

  if (s->lv[0].npos != 2 || spos[0] != 0 || spos[1] != n
      || s->lv[0].ncrd != n || s->lv[1].ncrd != n)
    return SP_UNSORTED;
  if (!(pos = sp__alloc_array (m + 1, 4, -1, "a pos array")))
    goto done;
  rc = SP_UNSORTED;
  for (int64_t e = 0; e < n; e++)
    {
      int32_t r = ri[e], cc = ci[e];
      if ((uint32_t) r >= (uint64_t) m)
        goto done;
      if (r != pr)
        {
          if (r < pr)
            goto done;
          while (row <= r)
            pos[row++] = (int32_t) e;
          pr = r;
        }
      else if (cc <= pc)
        goto done;
      if ((uint32_t) cc >= (uint64_t) ncol)
        goto done;
      pc = cc;
    }
  while (row <= m)
    pos[row++] = (int32_t) n;
  rc = -1;
  if (!(crd = sp__alloc_array (n, 4, -1, "a crd array"))
      || !(val = sp__alloc_array (n, es, -1, "the values")))
    goto done;
  memcpy (crd, ci, n * 4);
  memcpy (val, s->vals, n * es);
  d->lv[0].count = m;
  d->lv[1].pos = pos;
  d->lv[1].npos = m + 1;
  d->lv[1].crd = crd;
  d->lv[1].ncrd = n;
  d->lv[1].count = n;
  d->vals = val;
  d->nvals = n;
  rc = 0;
done:
  if (rc)
    {
      sp__free_array (pos);
      sp__free_array (crd);
      sp__free_array (val);
    }
  return rc;
}

/* Whether the compressed level of S (CSR or CSC) is well formed: pos
   starts at 0, never decreases and ends at the entries; coordinates are
   within NB.  The order within a row is the one thing left unchecked: it
   does not matter to a transpose's result order.  */
static int
compressed_ok (const sp_tensor *s)
{
  const int32_t *pos = s->lv[1].pos;
  int64_t na = s->lv[0].size, n = s->lv[1].count;
  int down = 0;
  if (s->lv[1].npos != na + 1 || pos[0] != 0 || pos[na] != n
      || s->lv[1].ncrd != n)
    return 0;
  /* Without an early exit the loop is vectorised: small conversions
     spend a tenth of their time here otherwise.  */
  for (int64_t a = 0; a < na; a++)
    down |= pos[a + 1] < pos[a];
  return !down;
}

/* CSR <-> CSC: a counting sort, as cs_transpose.  With several threads
   each takes a range of source rows holding an equal share of the
   entries, counts its entries per column, and scatters them after those
   of the ranges before it: the result is the serial one.  */

typedef struct transposer
{
  const int32_t *sp, *sc;
  const void *sv;
  int64_t na, nb;
  size_t es;
  int32_t *crd;
  void *dv;
  int32_t *next;      /* parts x nb: each part's next slot per column */
  int32_t *odd;       /* nb more counts on one thread, or NULL */
  int64_t *row;       /* parts + 1: the parts' first rows */
  int bad;
} transposer;

static void
count_part (void *arg, int t, int parts)
{
  transposer *x = arg;
  (void) parts;
  int32_t *restrict next = x->next + (size_t) t * x->nb, *restrict odd = x->odd;
  const int32_t *restrict sc = x->sc;
  /* The bounds read once: the counts could be the pos array for all the
     compiler knows.  */
  int64_t lo = x->sp[x->row[t]], hi = x->sp[x->row[t + 1]];
  uint64_t nb = (uint64_t) x->nb;
  int64_t p = lo;
  if (odd)
    for (; p + 1 < hi; p += 2)
      {
        uint32_t b = (uint32_t) sc[p], c = (uint32_t) sc[p + 1];
        if (b >= nb || c >= nb)
          break;
        next[b]++;
        odd[c]++;
      }
  for (; p < hi; p++)
    {
      uint32_t b = (uint32_t) sc[p];
      if (b >= nb)
        {
          __atomic_store_n (&x->bad, 1, __ATOMIC_RELAXED);
          return;
        }
      next[b]++;
    }
}

static void
scatter_part (void *arg, int t, int parts)
{
  transposer *x = arg;
  (void) parts;
  int32_t *restrict next = x->next + (size_t) t * x->nb, *restrict crd = x->crd;
  const int32_t *restrict sp = x->sp, *restrict sc = x->sc;
  if (x->es == 8)
    {
      const uint64_t *restrict sv = x->sv;
      uint64_t *restrict dv = x->dv;
      for (int64_t a = x->row[t]; a < x->row[t + 1]; a++)
        for (int32_t p = sp[a], end = sp[a + 1]; p < end; p++)
          {
            int32_t q = next[sc[p]]++;
            crd[q] = (int32_t) a;
            dv[q] = sv[p];
          }
    }
  else
    {
      const uint32_t *restrict sv = x->sv;
      uint32_t *restrict dv = x->dv;
      for (int64_t a = x->row[t]; a < x->row[t + 1]; a++)
        for (int32_t p = sp[a], end = sp[a + 1]; p < end; p++)
          {
            int32_t q = next[sc[p]]++;
            crd[q] = (int32_t) a;
            dv[q] = sv[p];
          }
    }
}

static int
transpose (const sp_tensor *s, sp_tensor *d)
{
  transposer x = { .sp = s->lv[1].pos, .sc = s->lv[1].crd, .sv = s->vals,
                   .na = s->lv[0].size, .nb = s->lv[1].size,
                   .es = sp__esize (s->type) };
  int64_t n = s->lv[1].count, nb = x.nb;
  int parts = sp__threads (n, 1 << 17), split, rc = -1;
  int64_t row[SP_MAX_THREADS + 1];
  int32_t *pos, sum = 0;

  if (!compressed_ok (s))
    return SP_UNSORTED;
  /* The counts of more parts than columns would outweigh the entries.  */
  if (parts > 1 && (int64_t) parts * nb > 4 * n)
    parts = 1;
  for (int t = 0; t <= parts; t++)
    row[t] = sp_ksplit (x.sp, 32, NULL, 0, 0, x.na, t, parts);
  x.row = row;
  /* On one thread and few columns, two sets of counts, for the entries
     at even and at odd places: the counts of a column full of entries (a
     dense column, the first of an arrow matrix) then make two chains of
     additions through memory, each half as long.  Many columns have
     short chains, and twice the counts would not stay in the cache.  */
  split = parts == 1 && nb <= 1 << 14;
  if (!(pos = sp__alloc_array (nb + 1, 4, -1, "a pos array"))
      || !(x.next = sp__alloc_array ((int64_t) (parts + split) * nb + 1, 4,
                                     0, "counts")))
    goto done;
  x.odd = split ? x.next + nb : NULL;
  sp__parallel (parts, count_part, &x);
  if (x.bad)
    {
      rc = SP_UNSORTED;
      goto done;
    }
  if (parts == 1)
    for (int64_t b = 0; b < nb; b++)
      {
        int32_t m = x.next[b] + (split ? x.odd[b] : 0);
        pos[b] = x.next[b] = sum;
        sum += m;
      }
  else
    for (int64_t b = 0; b < nb; b++)
      {
        pos[b] = sum;
        for (int t = 0; t < parts; t++)
          {
            int32_t *c = &x.next[(size_t) t * nb + b], m = *c;
            *c = sum;
            sum += m;
          }
      }
  pos[nb] = sum;
  if (!(x.crd = sp__alloc_array (n, 4, -1, "a crd array"))
      || !(x.dv = sp__alloc_array (n, x.es, -1, "the values")))
    goto done;
  sp__parallel (parts, scatter_part, &x);
  d->lv[0].count = nb;
  d->lv[1].pos = pos;
  d->lv[1].npos = nb + 1;
  d->lv[1].crd = x.crd;
  d->lv[1].ncrd = n;
  d->lv[1].count = n;
  d->vals = x.dv;
  d->nvals = n;
  rc = 0;
done:
  sp__free_array (x.next);
  if (rc)
    {
      sp__free_array (pos);
      sp__free_array (x.crd);
      sp__free_array (x.dv);
    }
  return rc;
}

/* CSR -> DIA: the diagonals present, in increasing offset, then every
   entry into its slot.  */
static int
csr_to_dia (const sp_tensor *s, sp_tensor *d)
{
  const int32_t *restrict pos = s->lv[1].pos, *restrict crd = s->lv[1].crd;
  int64_t m = s->dims[0], span = d->lv[0].size, nd = 0, n = s->lv[1].count;
  int64_t ncol = s->dims[1];
  size_t es = sp__esize (s->type);
  int32_t *restrict slot, *dpos = NULL, *dcrd = NULL;
  void *vals = NULL;
  int rc = -1;

  /* The slot array stays within the general route's bound.  */
  if (!compressed_ok (s) || span > 65536 + 8 * n)
    return SP_UNSORTED;
  if (!(slot = sp__alloc_array (span, 4, 0, "the diagonals")))
    goto done;
  for (int64_t i = 0; i < m; i++)
    {
      int32_t *restrict sl = slot + (m - 1 - i);
      uint32_t bad = 0;
      for (int32_t p = pos[i], end = pos[i + 1]; p < end; p++)
        {
          bad |= (uint32_t) crd[p] >= (uint64_t) ncol;
          sl[crd[p] & (bad - 1)] = 1;
        }
      if (bad)
        {
          rc = SP_UNSORTED;
          goto done;
        }
    }
  for (int64_t k = 0; k < span; k++)
    nd += slot[k];
  if (nd > 0 && m > INT64_MAX / nd)
    {
      rc = SP_UNSORTED;
      goto done;
    }
  if (!(dpos = sp__alloc_array (2, 4, -1, "a pos array"))
      || !(dcrd = sp__alloc_array (nd, 4, -1, "a crd array"))
      || !(vals = sp__alloc_array (nd * m, es, 0, "the values")))
    goto done;
  nd = 0;
  for (int64_t k = 0; k < span; k++)
    if (slot[k])
      {
        dcrd[nd] = (int32_t) k;
        slot[k] = (int32_t) (nd++ * m);
      }
  if (es == 8)
    {
      const uint64_t *restrict sv = s->vals;
      uint64_t *restrict dv = vals;
      for (int64_t i = 0; i < m; i++)
        {
          const int32_t *restrict sl = slot + (m - 1 - i);
          for (int32_t p = pos[i], end = pos[i + 1]; p < end; p++)
            dv[sl[crd[p]] + i] = sv[p];
        }
    }
  else
    {
      const uint32_t *restrict sv = s->vals;
      uint32_t *restrict dv = vals;
      for (int64_t i = 0; i < m; i++)
        {
          const int32_t *restrict sl = slot + (m - 1 - i);
          for (int32_t p = pos[i], end = pos[i + 1]; p < end; p++)
            dv[sl[crd[p]] + i] = sv[p];
        }
    }
  dpos[0] = 0;
  dpos[1] = (int32_t) nd;
  d->lv[0].pos = dpos;
  d->lv[0].npos = 2;
  d->lv[0].crd = dcrd;
  d->lv[0].ncrd = nd;
  d->lv[0].count = nd;
  d->lv[1].count = nd * m;
  d->lv[2].count = nd * m;
  d->vals = vals;
  d->nvals = nd * m;
  rc = 0;
done:
  sp__free_array (slot);
  if (rc)
    {
      sp__free_array (dpos);
      sp__free_array (dcrd);
      sp__free_array (vals);
    }
  return rc;
}

/* Slots of ELL rows filled in blocks of this many rows: the block's slots
   are written in storage order and its pos entries stay in cache.  */
#define ELL_BLOCK 2048
/* Bytes of ELL arrays below which rows are filled one by one.  */
#define ELL_SMALL (16 << 20)

/* ELL slots of rows [LO, HI) for values of type T: the slots up to the
   block's longest row (BL), then padding, whose values are the zeros the
   array was allocated with.  */
#define ELL_FILL(T)                                                     \
  do                                                                    \
    {                                                                   \
      const T *restrict sv = s->vals;                                   \
      for (int64_t sl = 0; sl < bl; sl++)                               \
        {                                                               \
          int32_t *restrict c = dcrd + sl * m;                          \
          T *restrict v = (T *) d->vals + sl * m;                       \
          for (int64_t i = lo; i < hi; i++)                             \
            {                                                           \
              /* Without branches: row lengths vary unpredictably.  */  \
              int64_t p = pos[i] + sl;                                  \
              int in = p < pos[i + 1];                                  \
              int64_t q = in ? p : 0;                                   \
              int32_t cq = crd[q];                                      \
              T vq = sv[q];                                             \
              c[i] = in ? cq : -1;                                      \
              v[i] = in ? vq : 0;                                       \
            }                                                           \
        }                                                               \
      for (int64_t sl = bl; sl < k; sl++)                               \
        memset (dcrd + sl * m + lo, 0xff, (hi - lo) * sizeof *dcrd);    \
    }                                                                   \
  while (0)

/* CSR -> ELL: slot s of row i is entry s of the row (in storage order,
   whatever the columns); every slot is written once, padding included.  */
static int
csr_to_ell (const sp_tensor *s, sp_tensor *d)
{
  const int32_t *restrict pos = s->lv[1].pos, *restrict crd = s->lv[1].crd;
  int64_t m = s->dims[0], k = 0;
  size_t es = sp__esize (s->type);
  int32_t *restrict dcrd;

  if (!compressed_ok (s))
    return SP_UNSORTED;
  for (int64_t i = 0; i < m; i++)
    if (pos[i + 1] - pos[i] > k)
      k = pos[i + 1] - pos[i];
  if (k > 0 && m > INT64_MAX / k)
    return SP_UNSORTED;
  if (!(dcrd = sp__alloc_array (k * m, 4, -1, "a crd array"))
      || !(d->vals = sp__alloc_array (k * m, es, 0, "the values")))
    {
      sp__free_array (dcrd);
      return -1;
    }
  /* Small enough to stay in cache: row by row, as the rows are read.  */
  if ((double) k * m * (4 + es) <= ELL_SMALL)
    {
      for (int64_t i = 0; i < m; i++)
        {
          int32_t len = pos[i + 1] - pos[i], p0 = pos[i];
          for (int32_t sl = 0; sl < len; sl++)
            dcrd[sl * m + i] = crd[p0 + sl];
          for (int64_t sl = len; sl < k; sl++)
            dcrd[sl * m + i] = -1;
          if (es == 8)
            for (int32_t sl = 0; sl < len; sl++)
              ((uint64_t *) d->vals)[sl * m + i]
                = ((const uint64_t *) s->vals)[p0 + sl];
          else
            for (int32_t sl = 0; sl < len; sl++)
              ((uint32_t *) d->vals)[sl * m + i]
                = ((const uint32_t *) s->vals)[p0 + sl];
        }
      m = 0;
    }
  for (int64_t lo = 0; lo < m; lo += ELL_BLOCK)
    {
      int64_t hi = lo + ELL_BLOCK < m ? lo + ELL_BLOCK : m, bl = 0;
      for (int64_t i = lo; i < hi; i++)
        bl = pos[i + 1] - pos[i] > bl ? pos[i + 1] - pos[i] : bl;
      if (es == 8)
        ELL_FILL (uint64_t);
      else
        ELL_FILL (uint32_t);
    }
  m = s->dims[0];
  d->lv[0].size = k;
  d->lv[0].count = k;
  d->lv[1].count = k * m;
  d->lv[2].crd = dcrd;
  d->lv[2].ncrd = k * m;
  d->lv[2].count = k * m;
  d->nvals = k * m;
  return 0;
}

int
sp__convert_fast (const sp_tensor *src, sp_tensor *dst)
{
  const char *from = matrix_name (&src->fmt), *to = matrix_name (&dst->fmt);
  int rc;

  if (named (from, "coo") && named (to, "csr"))
    rc = coo_to_csr (src, dst);
  else if ((named (from, "csr") && named (to, "csc"))
           || (named (from, "csc") && named (to, "csr")))
    rc = transpose (src, dst);
  else if (named (from, "csr") && named (to, "dia"))
    rc = csr_to_dia (src, dst);
  else if (named (from, "csr") && named (to, "ell"))
    rc = csr_to_ell (src, dst);
  else
    return SP_UNSORTED;
  if (rc)
    sp__free_arrays (dst);
  if (named (to, "ell") && rc)
    dst->lv[0].size = 0;
  return rc;
}
