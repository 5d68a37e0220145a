/* kernel.c -- what generated kernels call (include/sparse_kernel.h):
   fatal errors, assembly and conversion of operands, building sparse
   outputs, workspaces (their lists are sorted in ksort.c).

   A sparse output is built in arrays of its own while the tensor's old
   arrays stay readable (C += A reads the old C).  Coordinates go straight
   into arrays of the format's crd width; each compressed level counts
   its entries per parent position in int64_t, turned into the format's
   pos array (offsets, pos width) at the end.  Everything is allocated
   the way the storage core allocates (malloc/realloc, freed by
   sp__free_arrays), so the finished arrays simply become the tensor's.  */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "sparse_kernel.h"
#include "storage.h"

void
sp_kabort (const char *what)
{
  fflush (stdout);
  fprintf (stderr, "sparse kernel: %s: %s\n", what, sp_error ());
  abort ();
}

/* Kernels may run in every thread of a parallel region at once, all
   reading the same operand: the first to find inserts pending assembles
   under this lock while the others wait; once assembled, no lock.  */
static pthread_mutex_t assemble_lock = PTHREAD_MUTEX_INITIALIZER;

sp_tensor *
sp_kassemble (sp_tensor *t, const char *what)
{
  int rc = 0;
  if (sp__check (t, "sp_assemble"))
    sp_kabort (what);
  if (!__atomic_load_n (&t->dirty, __ATOMIC_ACQUIRE))
    return t;
  pthread_mutex_lock (&assemble_lock);
  if (t->dirty)
    {
      rc = sp_assemble (t);
      /* Publish the arrays to the threads that skip the lock.  */
      __atomic_store_n (&t->dirty, t->dirty, __ATOMIC_RELEASE);
    }
  pthread_mutex_unlock (&assemble_lock);
  if (rc)
    sp_kabort (what);
  return t;
}

sp_tensor *
sp_kconvert (const sp_tensor *t, const char *format, const char *what)
{
  sp_tensor *c = sp_convert (t, format);
  if (!c || sp_assemble (c))
    sp_kabort (what);
  return c;
}

/* -------------------------------------------------------------------- */
/* Splitting rows among threads.  */

/* Entries of rows LO .. R-1 in POS (and POS2 when not NULL), and R - LO.  */
static uint64_t
cost_to (const void *pos, int posw, const void *pos2, int posw2, int64_t lo,
         int64_t r)
{
  uint64_t c = (uint64_t) (sp__ix_get (pos, posw, r)
                           - sp__ix_get (pos, posw, lo) + r - lo);
  if (pos2)
    c += (uint64_t) (sp__ix_get (pos2, posw2, r) - sp__ix_get (pos2, posw2, lo));
  return c;
}

int64_t
sp_ksplit (const void *pos, int posw, const void *pos2, int posw2, int64_t lo,
           int64_t hi, int64_t part, int64_t parts)
{
  if (part <= 0 || hi <= lo)
    return lo;
  if (part >= parts)
    return hi;
  /* Find the first row whose cost so far reaches PART / PARTS of the
     whole.  */
  uint64_t total = cost_to (pos, posw, pos2, posw2, lo, hi);
  uint64_t target = (uint64_t) ((unsigned __int128) total * (uint64_t) part
                                / (uint64_t) parts);
  int64_t a = lo, b = hi;
  while (a < b)
    {
      int64_t mid = a + (b - a) / 2;
      if (cost_to (pos, posw, pos2, posw2, lo, mid) < target)
        a = mid + 1;
      else
        b = mid;
    }
  return a;
}

/* -------------------------------------------------------------------- */
/* Sparse outputs.  */

static void __attribute__ ((noreturn))
kout_fail (sp_kout *o, const char *fmt, long long a, long long b)
{
  (void) o;
  sp__fail (fmt, a, b);
  sp_kabort ("sparse output");
}

void
sp_kout_begin (sp_kout *o, sp_tensor *t)
{
  memset (o, 0, sizeof *o);
  if (sp__check (t, "sp_kout_begin"))
    sp_kabort ("sparse output");
  o->t = t;
  o->nlevels = t->fmt.nlevels;
  o->crdw = t->fmt.crdw;
  o->esize = sp__esize (t->type);
  o->first = -1;
  o->ndense = 1;
  o->limit = INT64_MAX;
  for (int l = 0; l < t->fmt.nlevels; l++)
    {
      const sp_level_fmt *f = &t->fmt.lv[l];
      o->last[l] = -1;
      if (f->kind != SP_LX_VAR
          || (!sp_lvl_is_appendable (f->type)
              && (!sp_lvl_is_dense (f->type) || o->first >= 0)))
        {
          char buf[SP_FORMAT_PRINT_MAX];
          sp__fail ("a generated loop cannot write format %s",
                    sp_format_print (&t->fmt, buf, sizeof buf));
          sp_kabort ("sparse output");
        }
      if (!sp_lvl_is_dense (f->type)
          && t->lv[l].size - 1 > sp__ix_max (o->crdw))
        kout_fail (o, "extent %lld does not fit a %lld-bit crd array",
                   (long long) t->lv[l].size, o->crdw);
      if (sp_lvl_is_dense (f->type) && o->first < 0)
        {
          int64_t s = t->dims[f->dim];
          if (s && o->ndense > INT64_MAX / s)
            kout_fail (o, "%lld x %lld dense parent positions overflow",
                       (long long) o->ndense, (long long) s);
          o->ndense *= s;
        }
      else if (o->first < 0)
        o->first = l;
    }
  if (o->first < 0)
    {
      sp__fail ("sp_kout_begin: the output has no compressed level");
      sp_kabort ("sparse output");
    }
  /* Zeroed lazily (calloc): a part of a parallel build touches only the
     pages of its own rows.  */
  o->cnt[o->first] = sp__alloc_array (o->ndense + 1, sizeof (int64_t), 0,
                                      "an output pos array");
  if (!o->cnt[o->first])
    sp_kabort ("sparse output");
  o->pcap[o->first] = o->ndense + 1;
}

/* Room for the inline appends at the last level L: crd and value slots
   allocated (every parent's count is: see the growth of cnt in
   sp_kout_append; coordinates fit the crd width: see sp_kout_begin).  */
static void
set_fast (sp_kout *o, int l)
{
  o->fast[l] = o->ccap[l] < o->vcap ? o->ccap[l] : o->vcap;
}

/* ENTRIES, at most the elements the output has.  */
static int64_t
at_most_elements (const sp_kout *o, int64_t entries)
{
  double most = 1;
  for (int m = 0; m < o->nlevels; m++)
    most *= (double) o->t->lv[m].size;
  return (double) entries > most ? (int64_t) most : entries;
}

/* The last level's crd and value arrays replaced by new ones of ENTRIES
   (the level empty so far): one allocation of each, not cleared, rather
   than copies at every doubling.  Pages are touched only as entries
   arrive, so room far above the final count costs address space, not
   memory.  0, or -1 when they cannot be allocated.  */
static int
room_afresh (sp_kout *o, int64_t entries)
{
  int l = o->nlevels - 1;
  void *crd = sp__alloc_array (entries, (size_t) o->crdw / 8, -1,
                               "an output crd array");
  void *vals = crd ? sp__alloc_array (entries, o->esize, -1,
                                      "the output's values") : NULL;
  if (!vals)
    {
      sp__free_array (crd);
      return -1;
    }
  sp__free_array (o->crd[l]);
  sp__free_array (o->vals);
  o->crd[l] = crd;
  o->vals = vals;
  o->ccap[l] = o->vcap = entries;
  set_fast (o, l);
  return 0;
}

void
sp_kout_reserve (sp_kout *o, int64_t entries)
{
  int l = o->nlevels - 1;
  entries = at_most_elements (o, entries);
  if (entries <= o->ccap[l] && entries <= o->vcap)
    return;
  if (o->n[l] == 0)
    {
      /* A hint too large to allocate is lowered until it fits.  */
      for (; entries > o->ccap[l] || entries > o->vcap; entries /= 4)
        if (room_afresh (o, entries) == 0)
          return;
    }
  else if (sp__grow (&o->crd[l], &o->ccap[l], entries, (size_t) o->crdw / 8,
                     -1, "an output crd array")
           || sp__grow (&o->vals, &o->vcap, entries, o->esize, -1,
                        "the output's values"))
    return;
  set_fast (o, l);
}

int
sp_kout_fix (sp_kout *o, int64_t entries, int exact)
{
  int l = o->nlevels - 1;
  if (l != o->first || o->n[l] != 0 || entries < 0)
    kout_fail (o, "internal: fixed room of %lld entries at level %lld",
               (long long) entries, l);
  int64_t most = at_most_elements (o, entries);
  /* Rows are checked against a bound, not against a count nor against
     all the elements (the rows' bounds may add up to more).  */
  o->limit = exact || most < entries ? INT64_MAX : entries;
  if (most <= o->fast[l] || room_afresh (o, most) == 0)
    return 0;
  if (!exact)
    return 1;
  sp_kabort ("sparse output");
}

void
sp_kout_full (sp_kout *o, int64_t need)
{
  kout_fail (o, "internal: %lld entries in the output's room of %lld",
             (long long) need, (long long) o->fast[o->nlevels - 1]);
}

int64_t
sp_kout_append (sp_kout *o, int l, int64_t parent, int64_t c)
{
  const sp_tensor *t = o->t;
  int w = t->fmt.crdw;
  int64_t p = o->n[l];
  if (l < o->first || l >= o->nlevels || parent < 0)
    kout_fail (o, "internal: append at level %lld under parent %lld",
               l, (long long) parent);
  if (o->bounded && (p >= o->ccap[l] || parent + 2 > o->pcap[l]))
    kout_fail (o, "internal: a part of a parallel output appends more "
               "than it counted at level %lld (%lld entries)", l,
               (long long) p);
  if (c < 0 || c > sp__ix_max (w))
    kout_fail (o, "coordinate %lld does not fit a %lld-bit crd array",
               (long long) c, w);
  if (parent < o->last[l]
      || (parent == o->last[l] && sp__ix_get (o->crd[l], w, p - 1) >= c))
    kout_fail (o, "internal: output entries out of order at parent %lld, "
               "coordinate %lld", (long long) parent, (long long) c);
  o->last[l] = parent;
  if (sp__grow (&o->crd[l], &o->ccap[l], p + 1, (size_t) w / 8, -1,
                "an output crd array")
      || sp__grow ((void **) &o->cnt[l], &o->pcap[l], parent + 2,
                   sizeof (int64_t), 0, "an output pos array"))
    sp_kabort ("sparse output");
  sp__ix_set (o->crd[l], w, p, c);
  o->cnt[l][parent + 1]++;
  if (l == o->nlevels - 1)
    {
      if (sp__grow (&o->vals, &o->vcap, p + 1, o->esize, -1,
                    "the output's values"))
        sp_kabort ("sparse output");
      o->n[l] = p + 1;
      set_fast (o, l);
    }
  else
    {
      /* The new entry is a parent of the level below: count it there.  */
      o->n[l] = p + 1;
      if (sp__grow ((void **) &o->cnt[l + 1], &o->pcap[l + 1], p + 2,
                    sizeof (int64_t), 0, "an output pos array"))
        sp_kabort ("sparse output");
    }
  return p;
}

int64_t
sp_kout_run (sp_kout *o, int l, int64_t parent, const int64_t *list,
             int64_t n)
{
  const sp_tensor *t = o->t;
  int w = t->fmt.crdw;
  int64_t p = o->n[l];
  if (n <= 0)
    return p;
  if (l != o->nlevels - 1 || l != o->first || parent < 0
      || parent >= o->ndense)
    kout_fail (o, "internal: a run at level %lld under parent %lld", l,
               (long long) parent);
  if (list[0] < 0 || list[n - 1] > sp__ix_max (w))
    kout_fail (o, "coordinate %lld does not fit a %lld-bit crd array",
               (long long) (list[0] < 0 ? list[0] : list[n - 1]), w);
  if (parent < o->last[l]
      || (parent == o->last[l] && p > 0
          && sp__ix_get (o->crd[l], w, p - 1) >= list[0]))
    kout_fail (o, "internal: output entries out of order at parent %lld, "
               "coordinate %lld", (long long) parent, (long long) list[0]);
  if (o->bounded && p + n > o->ccap[l])
    kout_fail (o, "internal: a part of a parallel output appends more "
               "than it counted at level %lld (%lld entries)", l,
               (long long) (p + n));
  if (sp__grow (&o->crd[l], &o->ccap[l], p + n, (size_t) w / 8, -1,
                "an output crd array")
      || sp__grow (&o->vals, &o->vcap, p + n, o->esize, -1,
                   "the output's values"))
    sp_kabort ("sparse output");
  switch (w)
    {
    case 8:
      for (int64_t q = 0; q < n; q++)
        ((int8_t *) o->crd[l])[p + q] = (int8_t) list[q];
      break;
    case 16:
      for (int64_t q = 0; q < n; q++)
        ((int16_t *) o->crd[l])[p + q] = (int16_t) list[q];
      break;
    case 32:
      for (int64_t q = 0; q < n; q++)
        ((int32_t *) o->crd[l])[p + q] = (int32_t) list[q];
      break;
    default:
      memcpy ((int64_t *) o->crd[l] + p, list, (size_t) n * sizeof *list);
      break;
    }
  o->cnt[l][parent + 1] += n;
  o->last[l] = parent;
  o->n[l] = p + n;
  set_fast (o, l);
  return p;
}

/* T's arrays are new and whole: no pending inserts, and sp_array's
   dense copy, the tensor while it exists, made anew.  */
static void
published (sp_tensor *t, const char *what)
{
  sp_priv *pv = t->priv;
  t->dirty = 0;
  if (!pv)
    return;
  sp__pend_clear (&pv->pend);
  pv->built = 1;
  if (pv->dense)
    {
      void *d = pv->dense;
      pv->dense = NULL;
      int rc = sp_to_dense (t, d);
      pv->dense = d;
      if (rc)
        sp_kabort (what);
    }
}

void
sp_kstore (sp_tensor *t, const sp_tensor *from, const char *what)
{
  sp_tensor *c = sp__convert_fmt (from, &t->fmt);
  if (!c || sp_assemble (c))
    {
      sp_free (c);
      sp_kabort (what);
    }
  sp__take_arrays (t, c);
  sp_free (c);
  published (t, what);
}

void
sp_kout_end (sp_kout *o)
{
  sp_tensor *t = o->t;
  int pw = t->fmt.posw;
  int64_t parents = 1;
  sp_level_store lv[SP_MAX_LEVELS];

  memset (lv, 0, sizeof lv);
  for (int l = 0; l < o->nlevels; l++)
    {
      lv[l].size = t->lv[l].size;
      if (l < o->first)
        {
          parents *= t->lv[l].size;
          lv[l].count = parents;
          continue;
        }
      /* Counts per parent to offsets, in the pos width.  */
      if (o->n[l] > sp__ix_max (pw))
        kout_fail (o, "%lld entries do not fit a %lld-bit pos array",
                   (long long) o->n[l], pw);
      if (sp__grow ((void **) &o->cnt[l], &o->pcap[l], parents + 1,
                    sizeof (int64_t), 0, "an output pos array"))
        sp_kabort ("sparse output");
      int64_t *cnt = o->cnt[l];
      for (int64_t k = 0; k < parents; k++)
        cnt[k + 1] += cnt[k];
      void *pos;
      if (pw == 64)
        {
          pos = sp__shrink (cnt, parents + 1, sizeof (int64_t));
          o->cnt[l] = NULL;
        }
      else
        {
          pos = sp__alloc_array (parents + 1, (size_t) pw / 8, -1,
                                 "an output pos array");
          if (!pos)
            sp_kabort ("sparse output");
          for (int64_t k = 0; k <= parents; k++)
            sp__ix_set (pos, pw, k, cnt[k]);
        }
      lv[l].pos = pos;
      lv[l].npos = parents + 1;
      lv[l].crd = sp__shrink (o->crd[l], o->n[l], (size_t) t->fmt.crdw / 8);
      o->crd[l] = NULL;
      lv[l].ncrd = lv[l].count = o->n[l];
      parents = o->n[l];
    }

  /* The new arrays replace the old ones (or, of the same structure,
     give their values to a wrapped tensor's).  */
  sp_tensor fresh = *t;
  fresh.priv = NULL;
  fresh.index = NULL;
  fresh.diag = NULL;
  memcpy (fresh.lv, lv, sizeof lv);
  fresh.vals = sp__shrink (o->vals, parents, o->esize);
  fresh.nvals = parents;
  o->vals = NULL;
  sp__take_arrays (t, &fresh);
  published (t, "sparse output");
  for (int l = 0; l < SP_MAX_LEVELS; l++)
    {
      sp__free_array (o->cnt[l]);
      sp__free_array (o->crd[l]);
    }
  memset (o, 0, sizeof *o);
}

/* -------------------------------------------------------------------- */
/* Sparse outputs built by several threads, each a contiguous range of
   the rows into a range of the same arrays: part 0 holds them, the
   others are views of them (sparse_kernel.h).  */

struct sp_kpar
{
  sp_tensor *t;
  int64_t nparts;
  sp_kout *part;
  int64_t (*counted)[SP_MAX_LEVELS];  /* entries each part will append */
  double *estimate;                   /* with bounds: entries expected */
  int64_t total[SP_MAX_LEVELS];       /* all parts', once laid out */
  int bounded;                        /* counted holds bounds */
  int laid;                           /* sp_kpar_layout done */
  int gaps;                           /* laid out by bounds */
  int own;                            /* ... parts after the first in
                                         arrays of their own */
  int moved;                          /* the gaps closed by threads */
};

static void
kpar_fail (const char *fmt, long long a, long long b)
{
  sp__fail (fmt, a, b);
  sp_kabort ("sparse output");
}

sp_kpar *
sp_kpar_begin (sp_tensor *t, int64_t parts, int64_t hint)
{
  if (parts < 1)
    parts = 1;
  sp_kpar *p = calloc (1, sizeof *p);
  sp_kout *part = p ? calloc ((size_t) parts, sizeof *part) : NULL;
  int64_t (*counted)[SP_MAX_LEVELS]
    = part ? calloc ((size_t) parts, sizeof *counted) : NULL;
  double *estimate = counted ? calloc ((size_t) parts, sizeof *estimate)
                             : NULL;
  if (!estimate)
    {
      free (counted);
      free (part);
      free (p);
      sp__fail ("out of memory starting a parallel sparse output");
      sp_kabort ("sparse output");
    }
  p->t = t;
  p->nparts = parts;
  p->part = part;
  p->counted = counted;
  p->estimate = estimate;
  sp_kout_begin (&part[0], t);
  if (hint > 0)
    sp_kout_reserve (&part[0], hint);
  return p;
}

void
sp_kpar_count (sp_kpar *p, int64_t i, int level, int64_t n)
{
  if (i < 0 || i >= p->nparts || level < p->part[0].first
      || level >= p->part[0].nlevels || n < 0)
    kpar_fail ("internal: count of part %lld at level %lld", i, level);
  p->counted[i][level] = n;
}

void
sp_kpar_bound (sp_kpar *p, int64_t i, int64_t n, int64_t sampled,
               int64_t sample_bound)
{
  if (i < 0 || i >= p->nparts || n < 0)
    kpar_fail ("internal: bound of part %lld: %lld", i, n);
  p->counted[i][p->part[0].nlevels - 1] = n;
  p->estimate[i] = sample_bound > 0 ? (double) n * sampled / sample_bound
                                    : (double) n;
  p->bounded = 1;
}

int
sp_kpar_laid (const sp_kpar *p)
{
  return p->laid;
}

/* How the parts of P lay their entries out, given their bounds.  */
enum kpar_use
{
  BY_COUNTS,    /* the parts count first */
  BY_GAPS,      /* by the bounds in the output's arrays */
  BY_OWN        /* the first part so, the others in arrays of their own */
};

/* Whether the bounds the parts of P gave can stand for their counts:
   one compressed level (no positions of it are parents of others to
   move), arrays of their total well within memory (pages past what the
   parts write are never touched).  With estimates of the entries at
   least 3/4 of the bounds, the gaps stay narrow and closing them moves
   entries to pages already touched; at most 1/4, a count would cost
   more than the move: it goes through four times the entries (products
   with many repeated contributions, bcsstk16's 18 times).  In between
   (A + A^T of a symmetric pattern, 2 times; poisson2d's or rmat's
   products, about 1.9) the gaps would be wide, their entries moved to
   pages not touched yet, by one thread when a part's new place overlaps
   its old: every part but the first writes into arrays of its own
   instead, which the threads together copy after the first part's
   entries at the end: a pass over the output in place of the count, a
   second pass of the kernel's work (bench/why-kernels.md has the
   figures).  */
static enum kpar_use
bounds_use (const sp_kpar *p)
{
  const sp_kout *b = &p->part[0];
  int last = b->nlevels - 1;
  double n = 0, e = 0;
  if (b->first != last)
    return BY_COUNTS;
  for (int64_t i = 0; i < p->nparts; i++)
    {
      n += (double) p->counted[i][last];
      e += p->estimate[i];
    }
  enum kpar_use use = 4 * e >= 3 * n || n >= 4 * e ? BY_GAPS : BY_OWN;
  /* Parts of their own hold their bounds again.  */
  double arrays = (use == BY_OWN ? 2 : 1) * n;
  return arrays * (double) (b->crdw / 8 + b->esize) <= sp__phys_bytes () / 4
         ? use : BY_COUNTS;
}

/* A new array of N entries of ES bytes for the output (FILL as
   sp__alloc_array's).  */
static void *
kpar_array (int64_t n, size_t es, int fill, const char *what)
{
  void *a = sp__alloc_array (n, es, fill, what);
  if (!a)
    sp_kabort ("sparse output");
  return a;
}

void
sp_kpar_layout (sp_kpar *p)
{
  sp_kout *b = &p->part[0];
  int first = b->first, last = b->nlevels - 1;
  int64_t at[SP_MAX_LEVELS];
  size_t cw = (size_t) b->crdw / 8;

  if (p->bounded)
    {
      p->bounded = 0;
      enum kpar_use use = bounds_use (p);
      if (use == BY_COUNTS)
        {
          memset (p->counted, 0, (size_t) p->nparts * sizeof *p->counted);
          return;
        }
      p->gaps = 1;
      p->own = use == BY_OWN;
    }

  /* Part 0's arrays, made for a build on its own, give way to arrays of
     the exact sizes.  Counts under the first level's parents are shared
     when each part has rows of its own, else (one parent) kept apart.  */
  for (int l = first; l <= last; l++)
    {
      int64_t n = 0;
      for (int64_t i = 0; i < p->nparts; i++)
        n += p->counted[i][l];
      p->total[l] = n;
      sp__free_array (b->crd[l]);
      b->crd[l] = kpar_array (n, cw, -1, "an output crd array");
      b->ccap[l] = n;
      if (l > first)
        {
          sp__free_array (b->cnt[l]);
          b->cnt[l] = kpar_array (p->total[l - 1] + 1, sizeof (int64_t), 0,
                                  "an output pos array");
          b->pcap[l] = p->total[l - 1] + 1;
        }
      at[l] = 0;
    }
  sp__free_array (b->vals);
  b->vals = kpar_array (p->total[last], b->esize, -1, "the output's values");
  b->vcap = p->total[last];

  /* Each part: the ranges its rows fill.  */
  sp_kout whole = *b;
  for (int64_t i = 0; i < p->nparts; i++)
    {
      sp_kout *o = &p->part[i];
      *o = whole;
      if (i > 0 && whole.ndense == 1)
        o->cnt[first] = kpar_array (2, sizeof (int64_t), 0,
                                    "an output pos array");
      if (i > 0 && p->own)
        {
          /* Room for its bound from 0 (one compressed level).  */
          int64_t n = p->counted[i][last];
          o->crd[last] = kpar_array (n, cw, -1, "an output crd array");
          o->vals = kpar_array (n, b->esize, -1, "the output's values");
          o->n[last] = 0;
          o->ccap[last] = o->vcap = o->limit = n;
          o->fast[last] = 0;
          o->bounded = 1;
          set_fast (o, last);
          continue;
        }
      for (int l = first; l <= last; l++)
        {
          o->n[l] = at[l];
          at[l] += p->counted[i][l];
          o->ccap[l] = at[l];
          o->fast[l] = 0;
        }
      o->vcap = at[last];
      o->limit = p->gaps ? at[last] : INT64_MAX;
      o->bounded = 1;
      set_fast (o, last);
    }
  p->laid = 1;
}

sp_kout *
sp_kpar_part (sp_kpar *p, int64_t i)
{
  if (i < 0 || i >= p->nparts || (i > 0 && !p->laid))
    kpar_fail ("internal: part %lld of %lld", i, p->nparts);
  return &p->part[i];
}

/* The moves that close the gaps parts of P laid out by their bounds
   leave at the ends of their ranges: part I's GOT[I] entries from SRC[I]
   (of its own arrays when P->own) down to DST[I], after those of the
   parts before it.  The first part
   that appended more than its bound, or -1.  */
static int64_t
gap_moves (const sp_kpar *p, int64_t *src, int64_t *dst, int64_t *got)
{
  int l = p->part[0].nlevels - 1;
  int64_t start = 0, w = 0, bad = -1;
  for (int64_t i = 0; i < p->nparts; i++)
    {
      /* A part in arrays of its own starts at 0 there.  */
      if (i > 0 && p->own)
        start = 0;
      got[i] = p->part[i].n[l] - start;
      if ((got[i] < 0 || got[i] > p->counted[i][l]) && bad < 0)
        bad = i;
      src[i] = start;
      dst[i] = w;
      start += p->counted[i][l];
      w += got[i];
    }
  return bad;
}

/* Whether part I of P moves (SRC, DST as gap_moves gives them).  */
static int
moving (const sp_kpar *p, int64_t i, const int64_t *src, const int64_t *dst)
{
  return (i > 0 && p->own) || src[i] != dst[i];
}

/* Copy entries [FROM, TO) of the moves of P (SRC, DST, GOT as gap_moves
   gives them, in entries, each entry CW bytes of coordinate and ES of
   value), counted over the parts that move (moving), in part order.  */
static void
copy_moves (const sp_kpar *p, const int64_t *src, const int64_t *dst,
            const int64_t *got, int64_t from, int64_t to)
{
  int l = p->part[0].nlevels - 1;
  size_t cw = (size_t) p->part[0].crdw / 8, es = p->part[0].esize;
  char *crd = p->part[0].crd[l], *vals = p->part[0].vals;
  int64_t at = 0;
  for (int64_t i = 0; i < p->nparts && at < to; i++)
    {
      if (!moving (p, i, src, dst))
        continue;
      int64_t lo = from > at ? from - at : 0;
      int64_t hi = to < at + got[i] ? to - at : got[i];
      const char *scrd = crd, *svals = vals;
      if (i > 0 && p->own)
        {
          scrd = p->part[i].crd[l];
          svals = p->part[i].vals;
        }
      if (lo < hi)
        {
          memmove (crd + (dst[i] + lo) * cw, scrd + (src[i] + lo) * cw,
                   (size_t) (hi - lo) * cw);
          memmove (vals + (dst[i] + lo) * es, svals + (src[i] + lo) * es,
                   (size_t) (hi - lo) * es);
        }
      at += got[i];
    }
}

void
sp_kpar_close (sp_kpar *p, int64_t t, int64_t threads)
{
  int64_t n = p->nparts, src[n], dst[n], got[n], total = 0;
  if (!p->gaps || threads < 1 || t < 0 || t >= threads
      || gap_moves (p, src, dst, got) >= 0)
    return;
  /* Threads share the copying when no part's new place overlaps where
     another part's entries are (always when parts have arrays of their
     own); else thread 0 moves them all, in order (each moves down, after
     the parts before it).  */
  int apart = 1;
  for (int64_t i = 0; i < n; i++)
    {
      total += moving (p, i, src, dst) ? got[i] : 0;
      for (int64_t j = 0; j < n && !p->own; j++)
        if (i != j && got[j] > 0 && dst[i] < src[j] + got[j]
            && src[j] < dst[i] + got[i])
          apart = 0;
      if (!p->own && dst[i] != src[i] && dst[i] + got[i] > src[i])
        apart = 0;
    }
  if (t == 0)
    p->moved = 1;
  if (apart)
    copy_moves (p, src, dst, got, total * t / threads,
                total * (t + 1) / threads);
  else if (t == 0)
    copy_moves (p, src, dst, got, 0, total);
}

/* Close the gaps of P (see gap_moves), unless the threads have
   (sp_kpar_close); the counts become what each part appended.  */
static void
close_gaps (sp_kpar *p)
{
  int l = p->part[0].nlevels - 1;
  int64_t n = p->nparts, src[n], dst[n], got[n];
  int64_t bad = gap_moves (p, src, dst, got);
  if (bad >= 0)
    kpar_fail ("internal: a part of a parallel output appended %lld "
               "entries, at most %lld bounded", got[bad],
               p->counted[bad][l]);
  if (!p->moved)
    copy_moves (p, src, dst, got, 0, INT64_MAX);
  for (int64_t i = 0; i < n; i++)
    {
      p->counted[i][l] = got[i];
      p->part[i].n[l] = dst[i] + got[i];
      if (i > 0 && p->own)
        {
          sp__free_array (p->part[i].crd[l]);
          sp__free_array (p->part[i].vals);
          p->part[i].crd[l] = p->part[i].vals = NULL;
        }
    }
  p->total[l] = dst[n - 1] + got[n - 1];
}

void
sp_kpar_end (sp_kpar *p)
{
  if (p->gaps)
    close_gaps (p);
  sp_kout all = p->part[0];
  if (p->laid)
    {
      int first = all.first, last = all.nlevels - 1;
      int64_t at[SP_MAX_LEVELS] = { 0 };
      for (int64_t i = 0; i < p->nparts; i++)
        for (int l = first; l <= last; l++)
          {
            at[l] += p->counted[i][l];
            if (p->part[i].n[l] != at[l])
              kpar_fail ("internal: a part of a parallel output appended "
                         "%lld entries, %lld counted",
                         p->part[i].n[l] - (at[l] - p->counted[i][l]),
                         p->counted[i][l]);
          }
      for (int l = first; l <= last; l++)
        all.n[l] = p->total[l];
      if (all.ndense == 1)
        {
          all.cnt[first][1] = p->total[first];
          for (int64_t i = 1; i < p->nparts; i++)
            sp__free_array (p->part[i].cnt[first]);
        }
      all.bounded = 0;
    }
  free (p->counted);
  free (p->estimate);
  free (p->part);
  free (p);
  sp_kout_end (&all);
}

/* -------------------------------------------------------------------- */
/* The threads' copies of a dense output.  */

void *
sp_kparts_alloc (int64_t n, int64_t parts, size_t esize)
{
  if (n < 0 || parts < 1 || n > INT64_MAX / parts)
    kpar_fail ("internal: %lld copies of %lld elements", parts, n);
  void *p = sp__alloc_array (n * parts, esize, 0, "the threads' sums");
  if (!p)
    sp_kabort ("dense output");
  return p;
}

void
sp_kparts_free (void *p)
{
  sp__free_array (p);
}

/* -------------------------------------------------------------------- */
/* Workspaces.  */

void
sp_kws_alloc (sp_kws *w, int64_t n, size_t esize)
{
  memset (w, 0, sizeof *w);
  w->n = n;
  w->vals = sp__alloc_array (n, esize, 0, "the workspace");
  w->flag = w->vals ? sp__alloc_array (n, 1, 0, "the workspace") : NULL;
  w->list = w->flag ? sp__alloc_array (n, sizeof (int64_t), -1,
                                       "the workspace") : NULL;
  if (!w->list)
    {
      sp_kws_free (w);
      sp_kabort ("workspace");
    }
}

void
sp_kws_free (sp_kws *w)
{
  sp__free_array (w->vals);
  sp__free_array (w->flag);
  sp__free_array (w->list);
  memset (w, 0, sizeof *w);
}
