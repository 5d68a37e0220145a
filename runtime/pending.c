/* pending.c -- sp_insert and sp_put before assembly.

   Each call appends a record to a log: the entry's packed key (as sort
   records have it), the value, and whether it adds or assigns, in program
   order.  Assembly sorts the log stably and folds it into the stored
   entries (assemble.c), so appending is all that a bulk build costs.  Two
   things keep the log in bounds:
   - compaction: on reaching its limit the log is sorted and each key's
     records folded into at most two, an assignment and then an addition
     (program order kept); memory stays in proportion to the distinct keys,
     and the limit doubles when little folds away;
   - an index, built at the first lookup (sp_get) and kept until assembly:
     a hash map from a key to its assignment and addition records, which
     later calls update in place instead of appending.
   The least and the greatest key logged answer most lookups of keys that
   have no record (a loop that writes in key order reads or writes past
   the last key) without the index.

   Calls on assembled storage with nothing pending at their key change
   the stored entry in place, and an assignment of zero where nothing is
   stored does nothing (assembly would drop it): a loop that rescales or
   clears the entries of a matrix logs nothing.  */

#include <stdlib.h>
#include "dist.h"
#include "storage.h"

/* A log this big (bytes) compacts first.  */
#define FIRST_LIMIT (48 << 20)
/* A log past this many bytes grows eightfold: the system maps a large
   block page by page as records reach it, so that the room beyond them
   costs address space, not memory, and the records are copied into
   fresh pages a third as often as by doubling.  (Room for the limit at
   once, fewer copies still, reserved tens of megabytes for logs of one
   or two, too many under an address-space limit.)  */
#define ROOM_LARGE (1 << 20)

void
sp__pend_init (sp_pending *pd, const sp_layout *lo)
{
  memset (pd, 0, sizeof *pd);
  pd->kw = lo->keywords;
  pd->rw = lo->keywords + 2;
  pd->bits = lo->keybits;
  pd->limit = FIRST_LIMIT / (pd->rw * sizeof *pd->rec);
}

static uint64_t *
record (const sp_pending *pd, int64_t r)
{
  return pd->rec + r * pd->rw;
}

static int
same_key (const uint64_t *a, const uint64_t *b, int kw)
{
  for (int w = 0; w < kw; w++)
    if (a[w] != b[w])
      return 0;
  return 1;
}

static int
key_cmp (const uint64_t *a, const uint64_t *b, int kw)
{
  for (int w = 0; w < kw; w++)
    if (a[w] != b[w])
      return a[w] < b[w] ? -1 : 1;
  return 0;
}

/* Whether KEY lies within the least and the greatest key logged.  */
static int
in_range (const sp_pending *pd, const uint64_t *key)
{
  return pd->n && key_cmp (key, pd->least, pd->kw) >= 0
         && key_cmp (key, pd->most, pd->kw) <= 0;
}

/* Widen the range of keys logged to KEY.  */
static void
note_key (sp_pending *pd, const uint64_t *key)
{
  size_t bytes = pd->kw * sizeof *key;
  if (!pd->n || key_cmp (key, pd->least, pd->kw) < 0)
    memcpy (pd->least, key, bytes);
  if (!pd->n || key_cmp (key, pd->most, pd->kw) > 0)
    memcpy (pd->most, key, bytes);
}

/* Append record KEY, V, ORIGIN; its number, or -1.  */
static int64_t
append (sp_pending *pd, const uint64_t *key, sp_num v, int origin)
{
  uint64_t *r;
  if (pd->n == pd->cap)
    {
      /* Doubling (a large log eightfold), but a log that will compact at
         its limit stops there.  */
      int64_t cap = !pd->cap ? 64
                    : pd->cap * pd->rw * (int64_t) sizeof *r >= ROOM_LARGE
                    ? 8 * pd->cap : 2 * pd->cap;
      if (!pd->slot && cap > pd->limit)
        cap = pd->limit;
      r = pd->rec ? sp__resize_array (pd->rec, cap, pd->rw * sizeof *r,
                                      "pending inserts")
                  : sp__alloc_array (cap, pd->rw * sizeof *r, -1,
                                     "pending inserts");
      if (!r)
        return -1;
      pd->rec = r;
      pd->cap = cap;
    }
  r = record (pd, pd->n);
  memcpy (r, key, pd->kw * sizeof *key);
  r[pd->kw] = (uint64_t) v.i;
  r[pd->kw + 1] = (uint64_t) origin;
  return pd->n++;
}

/* Sort the log (the calls since the last compaction, then merged with
   its result) and fold each key's records into at most two: the last
   assignment, then the sum of the additions after it.  */
static int
compact (sp_pending *pd, int type)
{
  int kw = pd->kw, rw = pd->rw;
  int64_t out = 0;

  if (sp__sort_records (pd->rec + pd->sorted * rw, pd->n - pd->sorted, kw, rw,
                        pd->bits)
      || sp__merge_records (&pd->rec, 0, pd->sorted, pd->n, pd->cap, kw, rw))
    return -1;
  for (int64_t e = 0, g; e < pd->n; e = g)
    {
      int64_t set = -1;
      int adds = 0;
      sp_num sum = { 0 };
      for (g = e; g < pd->n && same_key (record (pd, g), record (pd, e), kw);
           g++)
        if (record (pd, g)[kw + 1] == SP_FROM_SET)
          set = g;
      for (int64_t r = set >= 0 ? set + 1 : e; r < g; r++)
        {
          sp_num x;
          x.i = (int64_t) record (pd, r)[kw];
          sum = sp__num_add (type, sum, x);
          adds = 1;
        }
      if (set >= 0)
        memmove (record (pd, out++), record (pd, set), rw * sizeof *pd->rec);
      if (adds)
        {
          uint64_t *r = record (pd, out++);
          memmove (r, record (pd, e), kw * sizeof *r);
          r[kw] = (uint64_t) sum.i;
          r[kw + 1] = SP_FROM_ADD;
        }
    }
  pd->n = pd->sorted = out;
  return 0;
}

static uint64_t
hash (const uint64_t *key, int kw)
{
  uint64_t h = 0x9e3779b97f4a7c15u;
  for (int w = 0; w < kw; w++)
    {
      h ^= key[w];
      h *= 0xbf58476d1ce4e5b9u;
      h ^= h >> 31;
    }
  return h;
}

/* The index slot of KEY, or the free one where it would go.  A slot is
   two numbers: the key's assignment record + 1 and addition record + 1.  */
static int64_t
probe (const sp_pending *pd, const uint64_t *key)
{
  int64_t mask = pd->nslot - 1, s = (int64_t) (hash (key, pd->kw) & mask);
  for (;; s = (s + 1) & mask)
    {
      int64_t r = pd->slot[2 * s] ? pd->slot[2 * s] : pd->slot[2 * s + 1];
      if (!r || same_key (record (pd, r - 1), key, pd->kw))
        return s;
    }
}

/* Index the records (each key's at most two, assignment first) in a table
   of NSLOT slots.  */
static int
reindex (sp_pending *pd, int64_t nslot)
{
  int64_t *slot = sp__alloc_array (2 * nslot, sizeof *slot, 0,
                                   "the pending-insert index");
  if (!slot)
    return -1;
  sp__free_array (pd->slot);
  pd->slot = slot;
  pd->nslot = nslot;
  pd->nkey = 0;
  for (int64_t r = 0; r < pd->n; r++)
    {
      const uint64_t *rec = record (pd, r);
      int64_t s = probe (pd, rec);
      if (rec[pd->kw + 1] == SP_FROM_NONE)
        continue;
      pd->nkey += !pd->slot[2 * s] && !pd->slot[2 * s + 1];
      pd->slot[2 * s + (rec[pd->kw + 1] == SP_FROM_ADD)] = r + 1;
    }
  return 0;
}

/* Room in the index for one more key.  */
static int
index_room (sp_pending *pd)
{
  int64_t nslot = pd->nslot ? pd->nslot : 16;
  while (2 * (pd->nkey + 1) > nslot)
    nslot *= 2;
  return nslot == pd->nslot ? 0 : reindex (pd, nslot);
}

/* Start the index: compact the log, then hash its keys.  */
static int
start_index (sp_pending *pd, int type)
{
  int64_t nslot = 16;
  if (compact (pd, type))
    return -1;
  while (nslot < 2 * (pd->n + 1))
    nslot *= 2;
  return reindex (pd, nslot);
}

/* An sp_put (SET) or sp_insert of V at KEY, with the index.  */
static int
update (sp_pending *pd, const uint64_t *key, sp_num v, int set, int type)
{
  int64_t s, a, r;
  if (index_room (pd))
    return -1;
  s = probe (pd, key);
  a = pd->slot[2 * s + 1] - 1;
  if (pd->slot[2 * s] && set)
    {
      /* A new assignment cancels the additions since the last.  */
      record (pd, pd->slot[2 * s] - 1)[pd->kw] = (uint64_t) v.i;
      if (a >= 0)
        record (pd, a)[pd->kw + 1] = SP_FROM_NONE;
      return 0;
    }
  if (a >= 0 && set)
    {
      /* Additions only so far: the record becomes the assignment.  */
      record (pd, a)[pd->kw] = (uint64_t) v.i;
      record (pd, a)[pd->kw + 1] = SP_FROM_SET;
      pd->slot[2 * s] = a + 1;
      pd->slot[2 * s + 1] = 0;
      return 0;
    }
  if (a >= 0)
    {
      uint64_t *rec = record (pd, a);
      sp_num x;
      x.i = (int64_t) rec[pd->kw];
      if (rec[pd->kw + 1] == SP_FROM_NONE)
        x = v;
      else
        x = sp__num_add (type, x, v);
      rec[pd->kw] = (uint64_t) x.i;
      rec[pd->kw + 1] = SP_FROM_ADD;
      return 0;
    }
  /* The addition record, if any, goes after the assignment.  */
  pd->nkey += !pd->slot[2 * s];
  if ((r = append (pd, key, v, set ? SP_FROM_SET : SP_FROM_ADD)) < 0)
    return -1;
  pd->slot[2 * s + !set] = r + 1;
  return 0;
}

int
sp__pend_add (sp_pending *pd, const uint64_t *key, sp_num v, int set,
              int type)
{
  note_key (pd, key);
  if (pd->slot)
    return update (pd, key, v, set, type);
  if (append (pd, key, v, set ? SP_FROM_SET : SP_FROM_ADD) < 0)
    return -1;
  if (pd->n < pd->limit)
    return 0;
  if (compact (pd, type))
    return -1;
  if (pd->n > pd->limit / 2)
    pd->limit *= 2;
  return 0;
}

int
sp__pend_log_add (sp_tensor *t, const int64_t *coords, sp_num v)
{
  sp_pending *pd = &((sp_priv *) t->priv)->pend;
  uint64_t key;
  if (!sp__log_open (t))
    return 0;
  if (sp__log_append (t, t->fmt.rank, coords, v))
    return 1;
  key = sp__log_key (t, t->fmt.rank, coords);
  note_key (pd, &key);
  return append (pd, &key, v, SP_FROM_ADD) < 0 ? -1 : 1;
}

int
sp__pend_holds (sp_pending *pd, const uint64_t *key)
{
  int64_t s;
  if (!in_range (pd, key))
    return 0;
  if (!pd->slot)
    return 1;
  pd->probes++;
  s = probe (pd, key);
  return pd->slot[2 * s] || pd->slot[2 * s + 1];
}

int
sp__pend_apply (sp_pending *pd, const uint64_t *key, int type, sp_num *v)
{
  int64_t s;
  if (!in_range (pd, key))
    return 0;
  if (!pd->slot && start_index (pd, type))
    return -1;
  pd->probes++;
  s = probe (pd, key);
  if (pd->slot[2 * s])
    v->i = (int64_t) record (pd, pd->slot[2 * s] - 1)[pd->kw];
  if (pd->slot[2 * s + 1])
    {
      const uint64_t *r = record (pd, pd->slot[2 * s + 1] - 1);
      sp_num x;
      x.i = (int64_t) r[pd->kw];
      if (r[pd->kw + 1] == SP_FROM_ADD)
        *v = sp__num_add (type, *v, x);
    }
  return 0;
}

void
sp__pend_clear (sp_pending *pd)
{
  /* The log's room goes too: at three words or more a call, kept it
     would outweigh the assembled arrays for the tensor's life.  A log
     started again takes a freed block back (kept.c).  */
  sp__free_array (pd->rec);
  sp__free_array (pd->slot);
  pd->rec = NULL;
  pd->slot = NULL;
  pd->cap = pd->nslot = pd->nkey = pd->n = pd->sorted = pd->probes = 0;
  pd->limit = FIRST_LIMIT / (pd->rw * sizeof *pd->rec);
}

void
sp__pend_free (sp_pending *pd)
{
  sp__free_array (pd->rec);
  sp__free_array (pd->slot);
  memset (pd, 0, sizeof *pd);
}

size_t
sp__pend_memory (const sp_pending *pd)
{
  /* The records, not the room: a large log's room is mapped only as
     records reach it.  */
  return (size_t) pd->n * pd->rw * sizeof *pd->rec
         + (size_t) pd->nslot * 2 * sizeof *pd->slot;
}

/* Check that COORDS address an element of T, and fill in their level
   coordinates LC.  */
static int
check_coords (const sp_tensor *t, const int64_t *coords, int64_t *lc,
              const char *fn)
{
  if (!coords)
    return sp__fail ("%s: no coordinates (NULL)", fn);
  for (int d = 0; d < t->fmt.rank; d++)
    if (coords[d] < 0 || coords[d] >= t->dims[d])
      return sp__fail ("%s: coordinate %lld is out of range [0, %lld) in "
                       "dimension %d", fn, (long long) coords[d],
                       (long long) t->dims[d], d);
  sp__lcs (&t->fmt, t->dims, coords, lc);
  return 0;
}

/* Check that T's format can store the level coordinates LC.  */
static int
check_crd (const sp_tensor *t, const int64_t *lc)
{
  const sp_priv *pv = t->priv;
  for (int k = 0; k < t->fmt.nlevels; k++)
    if (pv->lo.props[k].has_crd && sp__check_crd (t, k, lc[k]))
      return -1;
  return 0;
}

/* sp_insert and sp_put (SET 0, 1) of a double (VALUE.d) or, when EXACT,
   an int64 (VALUE.i), converted to T's type first.  */
static int
put (sp_tensor *t, const int64_t *coords, sp_num value, int exact, int set,
     const char *fn)
{
  int64_t lc[SP_MAX_LEVELS];
  uint64_t key[SP_MAX_LEVELS];
  sp_priv *pv;
  sp_num v;

  if (sp__check (t, fn) || check_coords (t, coords, lc, fn)
      || (exact ? sp__num_of_i64 (t->type, value.i, &v)
                : sp__num_of_double (t->type, value.d, &v)))
    return -1;
  sp__dist_check (t, coords, fn);
  pv = t->priv;
  if (pv->dense)
    {
      /* sp_array's copy is the tensor: write through.  */
      int64_t p = sp__rowmajor (t->fmt.rank, t->dims, coords);
      if (!set)
        v = sp__num_add (t->type, sp__num_load (pv->dense, t->type, p), v);
      sp__num_store (pv->dense, t->type, p, v);
      return 0;
    }
  if (pv->pend.n)
    sp__key_pack (&pv->lo, lc, key);
  if (pv->built && (!pv->pend.n || !sp__pend_holds (&pv->pend, key)))
    {
      int64_t p = sp__locate (t, coords, NULL);
      if (p >= 0)
        {
          if (!set)
            v = sp__num_add (t->type, sp__num_load (t->vals, t->type, p), v);
          sp__num_store (t->vals, t->type, p, v);
          return 0;
        }
      if (set && sp__num_unstored (t->type, v))
        return 0;
    }
  if (check_crd (t, lc))
    return -1;
  if (!pv->pend.n)
    sp__key_pack (&pv->lo, lc, key);
  if (sp__pend_add (&pv->pend, key, v, set, t->type))
    return -1;
  /* Readers that skip the lock of concurrent element accesses
     (plugin_support.c) see the calls pending from here on.  Windows
     are made of clean tensors only: the epoch moves on when the tensor
     stops being one.  */
  if (!t->dirty)
    {
      __atomic_store_n (&t->dirty, 1, __ATOMIC_RELEASE);
      sp__new_epoch ();
    }
  return 0;
}

int
sp_insert (sp_tensor *t, const int64_t *coords, double value)
{
  return put (t, coords, (sp_num) { .d = value }, 0, 0, "sp_insert");
}

int
sp_put (sp_tensor *t, const int64_t *coords, double value)
{
  return put (t, coords, (sp_num) { .d = value }, 0, 1, "sp_put");
}

int
sp_insert_i64 (sp_tensor *t, const int64_t *coords, int64_t value)
{
  return put (t, coords, (sp_num) { .i = value }, 1, 0, "sp_insert_i64");
}

int
sp_put_i64 (sp_tensor *t, const int64_t *coords, int64_t value)
{
  return put (t, coords, (sp_num) { .i = value }, 1, 1, "sp_put_i64");
}
