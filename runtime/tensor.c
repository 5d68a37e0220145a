/* tensor.c -- creating, checking and freeing tensors; the queries about
   their shape; the allocation helpers of the storage core.

   What the storage core promises (see also array.c):
   - sp_new checks the format against the extents and allocates nothing
     in proportion to them.  A tensor's arrays appear at its first
     assembly; a level whose positions would not fit in memory (the pos
     array of a 10^12-row CSR, the values of a large dense tensor) is an
     error then, never an attempt.
   - sp_insert adds, sp_put assigns, in program order (their _i64 forms
     take an int64 value, which reaches an i64 tensor with every bit).
     Both append to a log of pending calls (pending.c), which sp_get
     consults through an index it builds at the first lookup: lookups
     never assemble.  Any other read assembles: the pending calls are
     sorted, merged with the stored entries and folded in order,
     O(nnz + p) with a radix sort; the log is freed.  Further inserts are
     allowed.
   - Zeros.  sp_insert of 0 stores an explicit zero, as Matrix Market
     files may.  sp_put of 0 on a stored entry keeps it stored with value
     zero where entries are stored one by one (COO, CSR, CSC, DCSR, CSF);
     where the format makes slots (dense, ELL, DIA, BCSR, a D level below
     the compressed ones) a zero slot is not an entry.  sp_put of 0 on an
     absent element stores nothing.  sp_nnz counts stored entries, not
     padding and not zero slots.
   - Integer types convert values as C does (toward zero); a value out of
     the type's range is an error; sums wrap.  f32 values round as floats.
   - Index arrays hold values below 2^(w-1) for width w, so signed and
     unsigned readers agree; more is a width error, reported.
   - sp_get returns NaN, sp_get_i64 INT64_MIN (and both set sp_error)
     for a bad tensor or coordinates.  */

#define _DEFAULT_SOURCE 1
#include <stdlib.h>
#include <unistd.h>
#include <sys/mman.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include "dist.h"
#include "storage.h"

/* Arrays of at least this many bytes ask for transparent huge pages:
   first touching a 4 KiB page costs microseconds, and a fresh array of
   tens of megabytes is most of a conversion's time otherwise.  */
#define BIG_ARRAY (4u << 20)

static void
big_pages (void *a, size_t bytes)
{
#ifdef MADV_HUGEPAGE
  uintptr_t huge = (uintptr_t) 2 << 20;
  uintptr_t lo = ((uintptr_t) a + huge - 1) & ~(huge - 1);
  uintptr_t hi = ((uintptr_t) a + bytes) & ~(huge - 1);
  if (bytes >= BIG_ARRAY && hi > lo)
    madvise ((void *) lo, hi - lo, MADV_HUGEPAGE);
#else
  (void) a;
  (void) bytes;
#endif
}


/* Bytes of physical memory; allocations beyond it are refused up front
   rather than left to the kernel's overcommit.  */
double
sp__phys_bytes (void)
{
  /* Asked once: sysconf makes a system call, and small arrays are
     allocated often.  Every thread computes the same value.  */
  static _Atomic double bytes;
  double b = bytes;
  if (b == 0)
    {
      long pages = sysconf (_SC_PHYS_PAGES), size = sysconf (_SC_PAGESIZE);
      b = pages > 0 && size > 0 ? (double) pages * size : 1e300;
      bytes = b;
    }
  return b;
}

void *
sp__alloc_array (int64_t n, size_t esize, int fill, const char *what)
{
  void *a;
  if (n < 0 || (double) n * esize > sp__phys_bytes ()
      || (uint64_t) n > SIZE_MAX / esize)
    {
      sp__fail ("%s would need %lld entries (%.3g GB), more than this "
                "machine's memory", what, (long long) n,
                (double) n * esize / 1e9);
      return NULL;
    }
  if (n == 0)
    n = 1;
  size_t bytes = (size_t) n * esize;
  if ((a = sp__kept_take (bytes)))
    {
      if (fill >= 0)
        memset (a, fill, bytes);
      return a;
    }
  a = fill == 0 ? calloc ((size_t) n, esize) : malloc (bytes);
  if (!a)
    {
      sp__fail ("out of memory allocating %s (%lld entries)", what,
                (long long) n);
      return NULL;
    }
  big_pages (a, bytes);
  if (fill > 0)
    memset (a, fill, bytes);
  return a;
}

void *
sp__resize_array (void *a, int64_t n, size_t esize, const char *what)
{
  void *b = realloc (a, (size_t) n * esize);
  if (!b)
    {
      sp__fail ("out of memory growing %s to %lld entries", what,
                (long long) n);
      return NULL;
    }
  big_pages (b, (size_t) n * esize);
  return b;
}

int
sp__grow (void **a, int64_t *cap, int64_t need, size_t esize, int fill,
          const char *what)
{
  int64_t n = *cap;
  void *b;
  if (need <= n)
    return 0;
  n = need > 2 * n ? need : 2 * n;
  if ((double) n * esize > sp__phys_bytes ()
      || (uint64_t) n > SIZE_MAX / esize)
    n = need;
  if ((double) n * esize > sp__phys_bytes ()
      || (uint64_t) n > SIZE_MAX / esize)
    return sp__fail ("%s would need %lld entries (%.3g GB), more than this "
                     "machine's memory", what, (long long) n,
                     (double) n * esize / 1e9);
  b = *a ? NULL : sp__kept_take ((size_t) n * esize);
  if (!b && !(b = sp__resize_array (*a, n, esize, what)))
    return -1;
  if (fill >= 0)
    memset ((char *) b + *cap * esize, fill, (size_t) (n - *cap) * esize);
  *a = b;
  *cap = n;
  return 0;
}

/* Blocks of at least this many bytes (glibc's least threshold for
   serving a block by mmap) keep their size when the array in them
   shrinks.  */
#define KEEP_BLOCK (128u << 10)

/* An output is allocated at a bound, or grown by doubling, and then cut
   to its entries.  glibc serves large blocks by mmap and, when one is
   freed, serves later blocks up to its size from the heap, which keeps
   freed memory for the next use; realloc shrinking a large block
   (mremap) hides the size it had, so that a kernel called again, its
   arrays freed in between, got fresh pages for its room each time and
   paid for clearing them (A + A^T of a few MB: twice the time of the
   merge).  A large block therefore stays whole: the pages past the
   entries go back to the system (they were mostly never touched), the
   addresses stay reserved until the array is freed.  Not when the
   entries fill less than a quarter of it (a product's bound far above
   its entries): the reservation would be charged against the system's
   commit limit for the array's life.  */
void *
sp__shrink (void *a, int64_t n, size_t esize)
{
  size_t used = (size_t) (n ? n : 1) * esize;
#if defined __GLIBC__ && defined MADV_DONTNEED
  size_t had = a ? malloc_usable_size (a) : 0;
  if (had >= KEEP_BLOCK && used <= had && used >= had / 4)
    {
      uintptr_t page = (uintptr_t) sysconf (_SC_PAGESIZE);
      uintptr_t lo = ((uintptr_t) a + used + page - 1) & ~(page - 1);
      uintptr_t hi = ((uintptr_t) a + had) & ~(page - 1);
      if (hi > lo)
        madvise ((void *) lo, hi - lo, MADV_DONTNEED);
      return a;
    }
#endif
  void *b = realloc (a, used);
  return b ? b : a;
}

int64_t
sp__dense_size (int rank, const int64_t *dims, size_t esize)
{
  int64_t n = 1;
  for (int d = 0; d < rank; d++)
    {
      if (n > INT64_MAX / dims[d])
        return sp__fail ("a dense array of these extents has more than "
                         "2^63 elements");
      n *= dims[d];
    }
  if ((double) n * esize > sp__phys_bytes ())
    return sp__fail ("a dense array of these extents needs %.3g GB, more "
                     "than this machine's memory", (double) n * esize / 1e9);
  return n;
}

sp_tensor *
sp__alloc (const sp_format *f, sp_type type, const int64_t *dims)
{
  sp_layout lo;
  sp_tensor *t;
  sp_priv *pv;

  if (sp__layout (f, dims, &lo))
    return NULL;
  t = calloc (1, sizeof *t);
  pv = calloc (1, sizeof *pv);
  if (!t || !pv)
    {
      free (t);
      free (pv);
      sp__fail ("out of memory allocating a tensor");
      return NULL;
    }
  t->magic = SP_MAGIC;
  t->type = type;
  t->dirty = 1;
  t->fmt = *f;
  memcpy (t->dims, dims, f->rank * sizeof *dims);
  for (int k = 0; k < f->nlevels; k++)
    t->lv[k].size = lo.size[k];
  pv->lo = lo;
  pv->gen = sp__new_gen ();
  sp__pend_init (&pv->pend, &lo);
  t->priv = pv;
  return t;
}

sp_tensor *
sp__new (const char *fn, const char *format, sp_type type, int rank,
         const int64_t *dims)
{
  sp_format f;

  if ((unsigned) type > SP_I32)
    {
      sp__fail ("%s: unknown element type %d", fn, (int) type);
      return NULL;
    }
  if (rank < 1 || rank > SP_MAX_RANK)
    {
      sp__fail ("%s: rank %d is not supported (1 to %d)", fn, rank,
                SP_MAX_RANK);
      return NULL;
    }
  if (!dims)
    {
      sp__fail ("%s: no extents (dims is NULL)", fn);
      return NULL;
    }
  if (sp__parse_format (format, rank, &f))
    return NULL;
  return sp__alloc (&f, type, dims);
}

sp_tensor *
sp_new (const char *format, sp_type type, int rank, const int64_t *dims)
{
  return sp__new ("sp_new", format, type, rank, dims);
}

int64_t sp__epoch;

uint64_t
sp__new_gen (void)
{
  static uint64_t last;
  return __atomic_add_fetch (&last, 1, __ATOMIC_RELAXED);
}

void
sp__free_arrays (sp_tensor *t)
{
  sp_priv *pv = t->priv;
  int owned = !pv || !pv->wrapped;
  if (pv)
    {
      pv->gen = sp__new_gen ();
      sp__shadow_free (pv);
      pv->wrapped = 0;
    }
  sp__new_epoch ();
  for (int k = 0; k < SP_MAX_LEVELS; k++)
    {
      if (owned)
        {
          sp__free_array (t->lv[k].pos);
          sp__free_array (t->lv[k].crd);
        }
      t->lv[k].pos = t->lv[k].crd = NULL;
      t->lv[k].npos = t->lv[k].ncrd = t->lv[k].count = 0;
    }
  if (owned)
    sp__free_array (t->vals);
  t->vals = NULL;
  t->nvals = 0;
  free (t->index);
  t->index = NULL;
  t->indexed = 0;
  free (t->diag);
  t->diag = NULL;
  t->diagged = 0;
}

/* Whether the level stores of A and B hold the same pos and crd arrays
   (the same widths: A and B have one format).  */
static int
same_structure (const sp_tensor *a, const sp_tensor *b)
{
  size_t pw = a->fmt.posw / 8, cw = a->fmt.crdw / 8;
  if (a->nvals != b->nvals)
    return 0;
  for (int k = 0; k < a->fmt.nlevels; k++)
    {
      const sp_level_store *x = &a->lv[k], *y = &b->lv[k];
      if (x->npos != y->npos || x->ncrd != y->ncrd || x->count != y->count
          || (x->npos && memcmp (x->pos, y->pos, x->npos * pw))
          || (x->ncrd && memcmp (x->crd, y->crd, x->ncrd * cw)))
        return 0;
    }
  return 1;
}

void
sp__take_arrays (sp_tensor *t, sp_tensor *from)
{
  sp_priv *pv = t->priv;
  if (pv && pv->wrapped && same_structure (t, from))
    {
      /* Positions stay: cursors and shadows still hold.  */
      if (t->nvals)
        memcpy (t->vals, from->vals, t->nvals * sp__esize (t->type));
      for (int k = 0; k < SP_MAX_LEVELS; k++)
        {
          sp__free_array (from->lv[k].pos);
          sp__free_array (from->lv[k].crd);
        }
      sp__free_array (from->vals);
      memset (from->lv, 0, sizeof from->lv);
      from->vals = NULL;
      from->nvals = 0;
      return;
    }
  sp__free_arrays (t);
  memcpy (t->lv, from->lv, sizeof t->lv);
  t->vals = from->vals;
  t->nvals = from->nvals;
  memset (from->lv, 0, sizeof from->lv);
  from->vals = NULL;
  from->nvals = 0;
}

void
sp_free (sp_tensor *t)
{
  sp_priv *pv;
  if (!t || t->magic != SP_MAGIC)
    return;
  pv = t->priv;
  if (sp__distributed (t))
    sp__dist_ops->release (t);
  sp__free_arrays (t);
  if (pv)
    {
      sp__pend_free (&pv->pend);
      sp__free_array (pv->dense);
      free (pv->param_fmt);
      free (pv);
    }
  t->magic = 0;
  free (t);
}

int
sp__check (const sp_tensor *t, const char *fn)
{
  if (!t)
    return sp__fail ("%s: no tensor (NULL)", fn);
  if (t->magic != SP_MAGIC)
    return sp__fail ("%s: not a live tensor (freed, or not made by "
                     "libsparsert)", fn);
  return 0;
}

int
sp__ready (const sp_tensor *t, const char *fn)
{
  const sp_priv *pv;
  if (sp__check (t, fn))
    return -1;
  pv = t->priv;
  if (pv && (pv->pend.n || !pv->built || pv->dense))
    return sp_assemble ((sp_tensor *) t);
  return 0;
}

void
sp__dense_view (sp_tensor *t, const void *data, sp_type type, int rank,
                const int64_t *dims)
{
  int64_t n = 1;
  memset (t, 0, sizeof *t);
  t->magic = SP_MAGIC;
  t->type = type;
  t->fmt.rank = t->fmt.nlevels = rank;
  t->fmt.posw = t->fmt.crdw = 32;
  for (int d = 0; d < rank; d++)
    {
      t->fmt.lv[d].type = SP_LVL_D;
      t->fmt.lv[d].kind = SP_LX_VAR;
      t->fmt.lv[d].dim = (uint8_t) d;
      t->dims[d] = dims[d];
      t->lv[d].size = dims[d];
      n *= dims[d];
      t->lv[d].count = n;
    }
  t->vals = (void *) data;
  t->nvals = n;
}

int
sp_rank (const sp_tensor *t)
{
  return sp__check (t, "sp_rank") ? -1 : t->fmt.rank;
}

int64_t
sp_dim (const sp_tensor *t, int d)
{
  if (sp__check (t, "sp_dim"))
    return -1;
  if (d < 0 || d >= t->fmt.rank)
    return sp__fail ("sp_dim: dimension %d out of range for rank %d", d,
                     (int) t->fmt.rank);
  return t->dims[d];
}

sp_type
sp_elem_type (const sp_tensor *t)
{
  return sp__check (t, "sp_elem_type") ? (sp_type) -1 : (sp_type) t->type;
}

size_t
sp_memory (const sp_tensor *t)
{
  const sp_priv *pv;
  size_t n;
  if (sp__check (t, "sp_memory"))
    return 0;
  pv = t->priv;
  n = sizeof *t + (size_t) t->nvals * sp__esize (t->type);
  for (int k = 0; k < t->fmt.nlevels; k++)
    n += (size_t) t->lv[k].npos * t->fmt.posw / 8
         + (size_t) t->lv[k].ncrd * t->fmt.crdw / 8;
  if (pv)
    {
      n += sizeof *pv + sp__pend_memory (&pv->pend) + sp__shadow_memory (t);
      if (pv->dense)
        n += (size_t) sp__dense_size (t->fmt.rank, t->dims, 1)
             * sp__esize (t->type);
    }
  return n;
}

char *
sp_format_string (const sp_tensor *t, char *buf, size_t len)
{
  if (!buf || !len)
    return buf;
  buf[0] = 0;
  if (sp__check (t, "sp_format_string"))
    return buf;
  return sp_format_print (&t->fmt, buf, len);
}
