/* storage.h -- what the files of the storage core share.

   Terms.  An entry's canonical coordinates x[0..rank) are what users see.
   Level k stores its level coordinate lc[k], the value of the level's
   expression at x (sparse_format.h); positions number the slots of a level
   (sparse_abi.h).  The key levels are the levels other than O (whose
   coordinate follows from the levels above) and # (numbered during
   assembly); an entry's key is its level coordinates over the key levels,
   top first.  Assembled storage holds entries in increasing key order, so
   building a level is appending to it (the conversion paper's sequenced
   assembly); anything else sorts keys first or uses the paper's analysis
   queries (convert.c).

   Index arrays hold signed integers of the format's width whose values
   stay within the signed range, so readers may load them signed or
   unsigned; the all-ones padding of an ELL slot then reads as -1.  */

#ifndef SPARSE_STORAGE_H
#define SPARSE_STORAGE_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "internal.h"
#include "sparse_plugin.h"
#include "level_types.h"
#if defined __GLIBC__ && __has_include (<sys/single_threaded.h>)
#include <sys/single_threaded.h>
#endif

/* Whether level type TYPE shares its parent's positions and stores a
   coordinate at each (S; O shares them but stores nothing): the levels
   under a CN level that key its positions further, and whose crd arrays
   padding may fill.  */
static inline int
sp__lvl_singleton_crd (int type)
{
  return sp_lvl_is_singleton (type) && sp_lvl_is_sparse (type);
}

/* Entries a walk hands out at a time.  */
#define SP_BATCH 256

/* Internal failure code: entries reached the builder out of key order
   (the caller falls back to sorting).  */
#define SP_UNSORTED (-2)

/* ---------------------------------------------------------------------
   Values.  */

/* A value in its type's arithmetic: integers add exactly as int64.  */
typedef union sp_num
{
  double d;
  int64_t i;
} sp_num;

static inline size_t
sp__esize (int type)
{
  return type == SP_F64 || type == SP_I64 ? 8 : 4;
}

static inline int
sp__is_int (int type)
{
  return type == SP_I64 || type == SP_I32;
}

/* A float as a double and back with every bit: converting them would
   turn a signaling NaN into a quiet one.  A NaN keeps its sign and
   payload, the payload's top bit (quiet or signaling) included; other
   values convert.  */
static inline double
sp__f32_widen (float f)
{
  uint32_t b;
  uint64_t w;
  double d;
  memcpy (&b, &f, sizeof b);
  if ((b & 0x7fffffffu) <= 0x7f800000u)
    return f;
  w = (uint64_t) (b >> 31) << 63 | 0x7ff0000000000000u
      | (uint64_t) (b & 0x7fffffu) << 29;
  memcpy (&d, &w, sizeof d);
  return d;
}

/* The float that sp__f32_widen made D from, or D rounded to a float.  */
static inline float
sp__f32_narrow (double d)
{
  uint64_t w;
  uint32_t b;
  float f;
  memcpy (&w, &d, sizeof w);
  if ((w & 0x7fffffffffffffffu) <= 0x7ff0000000000000u
      || (w & 0x1fffffffu))
    return (float) d;
  b = (uint32_t) (w >> 63) << 31 | 0x7f800000u
      | (uint32_t) (w >> 29 & 0x7fffffu);
  memcpy (&f, &b, sizeof f);
  return f;
}

static inline sp_num
sp__num_load (const void *vals, int type, int64_t p)
{
  sp_num n;
  switch (type)
    {
    case SP_F64: n.d = ((const double *) vals)[p]; break;
    case SP_F32: n.d = sp__f32_widen (((const float *) vals)[p]); break;
    case SP_I64: n.i = ((const int64_t *) vals)[p]; break;
    default: n.i = ((const int32_t *) vals)[p]; break;
    }
  return n;
}

static inline void
sp__num_store (void *vals, int type, int64_t p, sp_num n)
{
  switch (type)
    {
    case SP_F64: ((double *) vals)[p] = n.d; break;
    case SP_F32: ((float *) vals)[p] = sp__f32_narrow (n.d); break;
    case SP_I64: ((int64_t *) vals)[p] = n.i; break;
    default: ((int32_t *) vals)[p] = (int32_t) n.i; break;
    }
}

/* A + B as TYPE adds: integers wrap, f32 rounds as a float sum would.  */
static inline sp_num
sp__num_add (int type, sp_num a, sp_num b)
{
  if (sp__is_int (type))
    a.i = (int64_t) ((uint64_t) a.i + (uint64_t) b.i);
  else if (type == SP_F32)
    a.d = (float) (a.d + b.d);
  else
    a.d += b.d;
  return a;
}

/* N as C converts a value of TYPE to double.  */
static inline double
sp__num_double (int type, sp_num n)
{
  if (type == SP_F32)
    return sp__f32_narrow (n.d);
  return sp__is_int (type) ? (double) n.i : n.d;
}

static inline int
sp__num_zero (int type, sp_num n)
{
  return sp__is_int (type) ? n.i == 0 : n.d == 0;
}

/* Whether N is what an unstored element reads: 0, not -0.0, whose sign
   a dense program keeps (signbit, 1 / x).  */
static inline int
sp__num_unstored (int type, sp_num n)
{
  return sp__is_int (type) ? n.i == 0 : n.d == 0 && !signbit (n.d);
}

/* VALUE as TYPE's number, VALUE known to fit: integers as C converts,
   toward zero.  */
static inline sp_num
sp__num_from (int type, double value)
{
  sp_num n;
  if (sp__is_int (type))
    n.i = (int64_t) value;
  else
    n.d = type == SP_F32 ? (float) value : value;
  return n;
}

/* VALUE as TYPE's number; -1 with a message when it does not fit.  */
static inline int
sp__num_of_double (int type, double value, sp_num *out)
{
  if (type == SP_F32 && isfinite (value) && fabs (value) > FLT_MAX)
    return sp__fail ("value %g does not fit f32", value);
  if (sp__is_int (type))
    {
      double lo = type == SP_I32 ? -2147483649.0 : -9223372036854777856.0;
      double hi = type == SP_I32 ? 2147483648.0 : 9223372036854775808.0;
      if (!(value > lo && value < hi))
        return sp__fail ("value %g does not fit %s", value,
                         type == SP_I32 ? "i32" : "i64");
    }
  *out = sp__num_from (type, value);
  return 0;
}

/* The float nearest X, ties to even, as C converts an int64_t under
   the default rounding: computed on integers beyond 2^24, so that it
   rounds once wherever the program runs (memcheck converts an int64_t
   to a float through a double, rounding twice).  */
static inline float
sp__f32_of_i64 (int64_t x)
{
  uint64_t m = x < 0 ? -(uint64_t) x : (uint64_t) x;
  if (m < (1u << 24))
    return (float) x;
  int e = 0;
  while ((m >> e) >= (1u << 24))
    e++;
  uint64_t rest = m & ((1ull << e) - 1), half = 1ull << (e - 1);
  m >>= e;
  if (rest > half || (rest == half && (m & 1)))
    m++;
  float f = ldexpf ((float) m, e);
  return x < 0 ? -f : f;
}

/* Integer X, known to fit TYPE, as TYPE's number: as C converts it.  */
static inline sp_num
sp__num_of_int (int type, int64_t x)
{
  sp_num v;
  if (sp__is_int (type))
    v.i = x;
  else
    v.d = type == SP_F32 ? (double) sp__f32_of_i64 (x) : (double) x;
  return v;
}

/* VALUE as TYPE's number; -1 with a message when it does not fit (i32).
   Floating types take it as C converts, rounding once.  */
static inline int
sp__num_of_i64 (int type, int64_t value, sp_num *out)
{
  if (type == SP_I32 && (value < INT32_MIN || value > INT32_MAX))
    return sp__fail ("value %lld does not fit i32", (long long) value);
  *out = sp__num_of_int (type, value);
  return 0;
}

/* N, a number of TYPE, as int64: floating values as C converts them,
   toward zero.  A NaN or a value out of range, which C leaves undefined,
   gives INT64_MIN and -1 with a message.  */
static inline int
sp__num_i64 (int type, sp_num n, int64_t *out)
{
  *out = INT64_MIN;
  if (sp__is_int (type))
    *out = n.i;
  else if (n.d >= -9223372036854775808.0 && n.d < 9223372036854775808.0)
    *out = (int64_t) n.d;
  else
    return sp__fail ("value %g does not fit int64_t", n.d);
  return 0;
}

/* The raw bits of value P of VALS (elements of ESIZE bytes), and back.  */
static inline uint64_t
sp__bits_load (const void *vals, size_t esize, int64_t p)
{
  if (esize == 8)
    return ((const uint64_t *) vals)[p];
  return ((const uint32_t *) vals)[p];
}

static inline void
sp__bits_store (void *vals, size_t esize, int64_t p, uint64_t bits)
{
  if (esize == 8)
    ((uint64_t *) vals)[p] = bits;
  else
    ((uint32_t *) vals)[p] = (uint32_t) bits;
}

/* ---------------------------------------------------------------------
   Index arrays of 8, 16, 32 or 64 bits.  */

static inline int64_t
sp__ix_get (const void *a, int w, int64_t i)
{
  switch (w)
    {
    case 8: return ((const int8_t *) a)[i];
    case 16: return ((const int16_t *) a)[i];
    case 32: return ((const int32_t *) a)[i];
    default: return ((const int64_t *) a)[i];
    }
}

static inline void
sp__ix_set (void *a, int w, int64_t i, int64_t v)
{
  switch (w)
    {
    case 8: ((int8_t *) a)[i] = (int8_t) v; break;
    case 16: ((int16_t *) a)[i] = (int16_t) v; break;
    case 32: ((int32_t *) a)[i] = (int32_t) v; break;
    default: ((int64_t *) a)[i] = v; break;
    }
}

/* Largest value an index array of W bits holds.  */
static inline int64_t
sp__ix_max (int w)
{
  return w == 64 ? INT64_MAX : ((int64_t) 1 << (w - 1)) - 1;
}

/* ---------------------------------------------------------------------
   Layout: what a format means for a tensor of given extents.  */

enum
{
  SP_REC_VAR,    /* x = lc[a] */
  SP_REC_BLOCK,  /* x = lc[a] * k + lc[b] (a: i/k, b: i%k) */
  SP_REC_DIFF1,  /* level a is x - y: x = lc[a] - (dims[y] - 1) + y */
  SP_REC_DIFF2   /* level a is y - x: x = y - lc[a] + dims[x] - 1 */
};

typedef struct sp_layout
{
  int rank, nlv;
  int64_t dims[SP_MAX_RANK];
  /* Level sizes; a # level's is 0 here (assembly finds it).  */
  int64_t size[SP_MAX_LEVELS];
  /* Recovery of dimension order[r] (r = 0 .. rank-1, dependencies
     first): how, from levels la/lb (and for differences dimension ly).  */
  int8_t order[SP_MAX_RANK];
  int8_t how[SP_MAX_RANK], la[SP_MAX_RANK], lb[SP_MAX_RANK], ly[SP_MAX_RANK];
  int64_t k[SP_MAX_RANK];
  /* Key levels, top first, and the bits of each in a packed key.  */
  int nkey;
  int8_t key[SP_MAX_LEVELS];
  int8_t kbits[SP_MAX_LEVELS];
  int keybits, keywords;
  int count_lv;  /* the # level (always level 0), or -1 */
  int count_src; /* the level storing the dimension # counts */
  /* Every level is a plain variable of its own dimension and no level is
     O: x[dim[k]] = lc[k].  */
  int plain;
  /* The layout is plain, its key is one word, and every coordinate fits
     a crd entry: the key of coordinates x is the sum of x[d] << dshift[d]
     (sp__log_key).  */
  int keyword;
  int8_t dshift[SP_MAX_RANK];
  /* Some slots are made by the format, not by entries (a D level below
     the last compressed one): zero values there are not entries.  */
  int filler;
  /* Level k is an S level whose parent positions may be empty, so its
     crd array starts as padding (-1).  */
  uint8_t padded[SP_MAX_LEVELS];
  /* A copy of each level's row of the level-type table, for the code
     that asks it per level or per entry (this layout, walks, inserts).  */
  sp_level_props props[SP_MAX_LEVELS];
} sp_layout;

/* Check that the runtime supports F for extents DIMS and fill LO; -1 with
   a message otherwise.  */
int sp__layout (const sp_format *f, const int64_t *dims, sp_layout *lo);

/* Level coordinate of level K at canonical coordinates X (not for #).  */
static inline int64_t
sp__lc (const sp_format *f, const int64_t *dims, int k, const int64_t *x)
{
  const sp_level_fmt *l = &f->lv[k];
  switch (l->kind)
    {
    case SP_LX_VAR: return x[l->dim];
    case SP_LX_DIV: return x[l->dim] / l->k;
    case SP_LX_MOD: return x[l->dim] % l->k;
    case SP_LX_DIFF: return x[l->dim] - x[l->dim2] + dims[l->dim2] - 1;
    default: return 0;
    }
}

/* Level coordinates LC of all levels at X (# levels get 0).  */
static inline void
sp__lcs (const sp_format *f, const int64_t *dims, const int64_t *x,
         int64_t *lc)
{
  for (int k = 0; k < f->nlevels; k++)
    lc[k] = sp__lc (f, dims, k, x);
}

/* Canonical coordinates X from level coordinates LC; nonzero when all
   lie within the extents (padding does not).  */
static inline int
sp__recover (const sp_layout *lo, const int64_t *lc, int64_t *x)
{
  int ok = 1;
  for (int r = 0; r < lo->rank; r++)
    {
      int d = lo->order[r];
      int64_t v;
      switch (lo->how[r])
        {
        case SP_REC_VAR: v = lc[lo->la[r]]; break;
        case SP_REC_BLOCK: v = lc[lo->la[r]] * lo->k[r] + lc[lo->lb[r]]; break;
        case SP_REC_DIFF1:
          v = lc[lo->la[r]] - (lo->dims[lo->ly[r]] - 1) + x[lo->ly[r]];
          break;
        default: v = x[lo->ly[r]] - lc[lo->la[r]] + lo->dims[d] - 1; break;
        }
      x[d] = v;
      ok &= v >= 0 && v < lo->dims[d];
    }
  return ok;
}

/* ---------------------------------------------------------------------
   Packed keys: the key levels' coordinates, top level first, as one bit
   string in the low LO->keybits bits of LO->keywords 64-bit words, most
   significant word first.  */

static inline void
sp__key_pack (const sp_layout *lo, const int64_t *lc, uint64_t *key)
{
  int off = lo->keybits;
  for (int w = 0; w < lo->keywords; w++)
    key[w] = 0;
  for (int i = 0; i < lo->nkey; i++)
    {
      int b = lo->kbits[i];
      if (b == 0)
        continue;
      uint64_t v = (uint64_t) lc[lo->key[i]];
      off -= b;
      /* Bit OFF of the string, counting from its least significant end.  */
      int w = lo->keywords - 1 - off / 64, s = off % 64;
      key[w] |= v << s;
      if (s + b > 64)
        key[w - 1] |= v >> (64 - s);
    }
}

static inline void
sp__key_unpack (const sp_layout *lo, const uint64_t *key, int64_t *lc)
{
  int off = lo->keybits;
  for (int i = 0; i < lo->nkey; i++)
    {
      int b = lo->kbits[i];
      uint64_t v = 0;
      if (b)
        {
          off -= b;
          int w = lo->keywords - 1 - off / 64, s = off % 64;
          v = key[w] >> s;
          if (s + b > 64)
            v |= key[w - 1] << (64 - s);
          if (b < 64)
            v &= ((uint64_t) 1 << b) - 1;
        }
      lc[lo->key[i]] = (int64_t) v;
    }
}

/* Entries a row of up to SP_SORT_CRD_RUN needs no scratch to be sorted.  */
#define SP_SORT_CRD_RUN 16
/* Sort N coordinates C (below 2^BITS), with their values V, stably; TC
   and TV are scratch for N when N > SP_SORT_CRD_RUN.  */
void sp__sort_crd (int32_t *c, double *v, int64_t n, int32_t *tc,
                   double *tv, int bits);

/* Sort N records of RW words, the first KW of them a key whose low BITS
   bits may vary, by key and stably.  0, or -1 when out of memory.  */
int sp__sort_records (uint64_t *rec, int64_t n, int kw, int rw, int bits);
/* Merge the sorted runs [FROM, M) and [M, N) of the records *REC (RW
   words, keys of KW), the first run first among equal keys, into a new
   array of CAP records that replaces *REC.  0, or -1 when out of
   memory.  */
int sp__merge_records (uint64_t **rec, int64_t from, int64_t m, int64_t n,
                       int64_t cap, int kw, int rw);

/* ---------------------------------------------------------------------
   Walks over the stored entries of an assembled tensor, in storage
   order, SP_BATCH at a time.  A batch is structure-of-arrays: coordinate
   d of entry e is X[d * SP_BATCH + e], so that each step of a consumer
   is a tight loop over the batch.  */

typedef struct sp_walk
{
  const sp_tensor *t;
  sp_layout lo;
  int mode;
  int k;     /* the level being walked */
  int run;   /* the lowest level that is not S or O */
  int64_t q, last;  /* rows mode: the parent position, the end of all */
  int done;
  int64_t cur[SP_MAX_LEVELS], end[SP_MAX_LEVELS], base[SP_MAX_LEVELS];
  int64_t lc[SP_MAX_LEVELS];
} sp_walk;

/* Start a walk over T (assembled, layout LO).  */
void sp__iter_init (sp_walk *it, const sp_tensor *t, const sp_layout *lo);
/* Start a walk over the entries of T that yields only the coordinates of
   the dimensions its levels from the lowest one not S or O down store
   (the others are left unset), and needs no descent: for plain formats
   without filler (LO->plain && !LO->filler).  */
void sp__iter_init_flat (sp_walk *it, const sp_tensor *t,
                         const sp_layout *lo);
/* Up to SP_BATCH entries: coordinates into X, value positions into P.
   Returns how many; 0 at the end.  */
int sp__iter_batch (sp_walk *restrict it, int64_t *restrict x,
                    int64_t *restrict p);

/* The level coordinates under format F of the N entries of batch X: LC[k]
   points to level k's (into X itself for plain variables, else into BUF,
   SP_MAX_LEVELS * SP_BATCH entries); NULL for a # level.  */
void sp__remap (const sp_format *f, const int64_t *dims,
                const int64_t *restrict x, int n, int64_t *restrict buf,
                const int64_t **lc);

/* Entries FROM .. FROM+M-1 of index array A of width W into OUT.  */
void sp__ix_read (const void *restrict a, int w, int64_t from, int64_t m,
                  int64_t *restrict out);

/* Copy value SRC[P[e]] to DST[Q[e]] for the N entries, elements of ESIZE
   bytes.  */
static inline void
sp__copy_vals (void *restrict dst, const void *restrict src, size_t esize,
               const int64_t *restrict q, const int64_t *restrict p, int n)
{
  if (esize == 8)
    for (int e = 0; e < n; e++)
      ((uint64_t *) dst)[q[e]] = ((const uint64_t *) src)[p[e]];
  else
    for (int e = 0; e < n; e++)
      ((uint32_t *) dst)[q[e]] = ((const uint32_t *) src)[p[e]];
}

/* ---------------------------------------------------------------------
   Tensors.  */

/* Pending sp_insert/sp_put calls (pending.c): a log of records in
   program order, as assembly sorts them: the packed key, the value, the
   origin (SP_FROM_ADD or SP_FROM_SET, or SP_FROM_NONE once cancelled).  */
typedef struct sp_pending
{
  int kw, rw;        /* key words; record words (key, value, origin) */
  int bits;          /* key bits */
  int64_t n, cap;    /* records, and room for them */
  int64_t sorted;    /* records [0, SORTED) are compacted: sorted, and at
                        most an assignment and an addition per key */
  uint64_t *rec;
  int64_t limit;     /* the log compacts on reaching this many records */
  int64_t *slot;     /* the index, once a lookup made it (else NULL) */
  int64_t nslot, nkey;
  /* The least and greatest keys logged (while N > 0): a key outside
     them has no record, without a look in the index.  */
  uint64_t least[SP_MAX_LEVELS], most[SP_MAX_LEVELS];
  int64_t probes;    /* lookups in the index since the log began */
} sp_pending;

/* An empty log for keys of layout LO.  */
void sp__pend_init (sp_pending *pd, const sp_layout *lo);
/* Log an sp_put (SET) or sp_insert of V at KEY.  */
int sp__pend_add (sp_pending *pd, const uint64_t *key, sp_num v, int set,
                  int type);
/* sp_insert of V (of T's type) at COORDS (in range) where it is only an
   append to T's log (T's arrays not built, its layout plain, the log
   neither indexed nor at its limit): 1 when made so, 0 when sp_insert
   must make it, -1 with a message when out of memory.  */
int sp__pend_log_add (sp_tensor *t, const int64_t *coords, sp_num v);
/* Whether records at KEY may be pending: 0 only when there are none.  */
int sp__pend_holds (sp_pending *pd, const uint64_t *key);
/* Apply the pending calls at KEY to *V (the stored value): 0, or -1 when
   the index cannot be built.  */
int sp__pend_apply (sp_pending *pd, const uint64_t *key, int type,
                    sp_num *v);
/* Forget the calls (assembly has taken them) and free the log.  */
void sp__pend_clear (sp_pending *pd);
void sp__pend_free (sp_pending *pd);
size_t sp__pend_memory (const sp_pending *pd);

/* The rows of a CSC-like matrix (shadow.c).  */
typedef struct sp_shadow sp_shadow;

typedef struct sp_priv
{
  sp_layout lo;  /* of the tensor's format and extents */
  sp_pending pend;
  int built;    /* the arrays hold the assembled tensor */
  /* Which storage the arrays are: a number no other storage of any
     tensor had, taken anew whenever they are freed (a reader's cursor
     holds positions in one storage).  */
  uint64_t gen;
  /* The rows of the arrays, once reads walked them row by row (a
     CSC-like matrix): freed with the arrays.  */
  sp_shadow *shadow;
  void *dense;  /* sp_array's copy; while set it is the tensor */
  /* The first format text a kernel's parameter was declared with and
     found to be this tensor's, set once: calls with it skip parsing.  */
  char *param_fmt;
  /* The arrays are the caller's (sp_wrap): never freed, grown or
     replaced here.  New arrays of the same structure give their values
     to the caller's; others end the wrap (sp__take_arrays).  */
  int wrapped;
  /* The tensor is distributed over MPI ranks: the state of libsparse-mpi
     (dist.h), NULL for a tensor whole in this process.  */
  void *dist;
} sp_priv;

/* sp_new, its messages naming FN.  */
sp_tensor *sp__new (const char *fn, const char *format, sp_type type,
                    int rank, const int64_t *dims);
/* A new tensor of format F, TYPE and DIMS with no arrays yet.  */
sp_tensor *sp__alloc (const sp_format *f, sp_type type, const int64_t *dims);
/* Free the arrays of T and clear its level stores; the caller's arrays of
   a wrapped tensor are left alone, and the tensor is no longer wrapped.  */
void sp__free_arrays (sp_tensor *t);
/* Move the arrays of FROM into T (freeing T's), leaving FROM empty.  When
   T is wrapped and FROM's pos and crd arrays equal T's, FROM's values are
   copied into T's (the caller's) array instead, and FROM's arrays freed:
   a wrapped tensor stays wrapped while its structure stays.  */
void sp__take_arrays (sp_tensor *t, sp_tensor *from);
/* Whether T is a live tensor; -1 with a message (naming FN) if not.  */
int sp__check (const sp_tensor *t, const char *fn);
/* Check T and assemble it for reading: 0 or -1.  */
int sp__ready (const sp_tensor *t, const char *fn);
/* A tensor over the caller's row-major array DATA, not to be freed.  */
void sp__dense_view (sp_tensor *t, const void *data, sp_type type, int rank,
                     const int64_t *dims);
/* Position of X in a row-major array of extents DIMS.  */
static inline int64_t
sp__rowmajor (int rank, const int64_t *dims, const int64_t *x)
{
  int64_t p = 0;
  for (int d = 0; d < rank; d++)
    p = p * dims[d] + x[d];
  return p;
}
/* Elements of a dense array of extents DIMS, or -1 (with a message) if
   that overflows or cannot fit in memory.  */
int64_t sp__dense_size (int rank, const int64_t *dims, size_t esize);

/* A number for new storage (sp_priv.gen), never handed out before.  */
uint64_t sp__new_gen (void);
/* The fallback's windows (sparse_plugin.h) hold while sp__epoch stays:
   it moves on whenever the stored entries of any tensor may change their
   places (its arrays freed, a call logged, a dense copy made).  */
static inline void
sp__new_epoch (void)
{
  __atomic_add_fetch (&sp__epoch, 1, __ATOMIC_RELEASE);
}
/* Value position of the entry at COORDS (in range) in T's assembled
   storage, or -1; found from where the calling thread's last lookup in
   T was (lookup.c).  GAP, if not NULL, gets a run [GAP[0], GAP[1]) of
   coordinates of dimension GAP[2] next to COORDS's (holding it when
   there is no entry) with no entry at COORDS's other coordinates, or an
   empty run where the format does not tell it cheaply.  */
int64_t sp__locate (const sp_tensor *t, const int64_t *coords,
                    int64_t *gap);
/* T's rows (T a matrix whose levels are D over columns, then CU over
   rows), built on first use; NULL when out of memory.  */
const sp_shadow *sp__shadow (const sp_tensor *t);
/* Value position of element (ROW, COL) in shadow S, or -1; *AT is the
   place of the caller's last lookup in S.  GAP as sp__locate's, along
   the row (NCOL its extent).  */
int64_t sp__shadow_find (const sp_shadow *s, int64_t row, int64_t col,
                         int64_t *at, int64_t *gap, int64_t ncol);
void sp__shadow_free (sp_priv *pv);
/* Bytes of T's shadow, if it has one.  */
size_t sp__shadow_memory (const sp_tensor *t);

/* Whether the process runs one thread only, so that nothing else can
   touch a tensor now (when unsure: 0).  */
static inline int
sp__lone (void)
{
#if defined __GLIBC__ && __has_include (<sys/single_threaded.h>)
  return __libc_single_threaded;
#else
  return 0;
#endif
}

/* The element of T at COORDS (checked) into *V: 0, or -1 with a message
   naming FN (lookup.c).  */
int sp__element (const sp_tensor *t, const int64_t *coords, sp_num *v,
                 const char *fn);

/* Bytes of physical memory: no array is allocated beyond it.  */
double sp__phys_bytes (void);
/* An array of N elements of ESIZE bytes, every byte FILL (or left as is
   when FILL < 0); NULL with a message naming WHAT if N is absurd or
   memory runs out.  Never NULL for N == 0.  */
void *sp__alloc_array (int64_t n, size_t esize, int fill, const char *what);
/* Array A (of malloc's, or NULL) moved by realloc to a block of N
   elements of ESIZE bytes, A's kept: realloc moves a large block's pages
   instead of copying them into fresh ones.  NULL (A left as it was)
   with a message naming WHAT when memory runs out.  */
void *sp__resize_array (void *a, int64_t n, size_t esize, const char *what);
/* Grow *A (capacity *CAP elements) to hold NEED, doubling; new bytes
   FILL as above.  0 or -1.  */
int sp__grow (void **a, int64_t *cap, int64_t need, size_t esize, int fill,
              const char *what);
/* Free array A; a large block is kept for the next array that fits it
   (runtime/kept.c).  */
void sp__free_array (void *a);
/* A kept block of at least BYTES (not cleared), or NULL.  */
void *sp__kept_take (size_t bytes);
/* Bytes of the blocks kept.  */
size_t sp__kept_bytes (void);
/* Array A cut down to N elements of ESIZE bytes (at least one): where it
   now is (A itself for a large block, which keeps its size).  */
void *sp__shrink (void *a, int64_t n, size_t esize);

/* ---------------------------------------------------------------------
   Building storage in key order (assemble.c).  */

typedef struct sp_bld
{
  sp_tensor *t;        /* its arrays are what is built */
  const sp_layout *lo;
  int64_t n;           /* entries so far */
  int64_t nhint;
  /* The last entry's parent position and coordinate at each level.  */
  int64_t lastpar[SP_MAX_LEVELS], lastc[SP_MAX_LEVELS];
  int64_t cnt[SP_MAX_LEVELS];   /* positions of compressed levels */
  int64_t pfill[SP_MAX_LEVELS]; /* pos entries written */
  int64_t pcap[SP_MAX_LEVELS], ccap[SP_MAX_LEVELS], vcap;
  int64_t nslice;      /* slices of the # level */
  int64_t *ctr;        /* entries so far per counted coordinate */
} sp_bld;

/* 0 if coordinate C fits T's crd width at level K, else -1 with a
   message.  */
int sp__check_crd (const sp_tensor *t, int k, int64_t c);

/* Start building into T (format and extents set, no arrays) for about
   NHINT entries.  */
int sp__bld_init (sp_bld *b, sp_tensor *t, const sp_layout *lo,
                  int64_t nhint);
/* Place N entries with level coordinates LC[k][0 .. N) for the key levels
   (the # level's are numbered here), continuing in key order: POS gets
   each entry's value position.  0, -1 on error, or SP_UNSORTED.  */
int sp__bld_batch (sp_bld *b, const int64_t *const *lc, int n,
                   int64_t *pos);
/* Finish the arrays (0) or free them on failure (FAILED nonzero).  */
int sp__bld_end (sp_bld *b, int failed);

/* Records to build from: the packed key (LO->keywords words), the value
   as an sp_num's bits and, when MERGE, an origin: a stored entry
   (SP_FROM_OLD), an sp_insert (SP_FROM_ADD) or sp_put (SP_FROM_SET), or
   a cancelled one (SP_FROM_NONE).  */
enum { SP_FROM_OLD, SP_FROM_ADD, SP_FROM_SET, SP_FROM_NONE };

/* Whether an addition to T is an append to its log (sp__pend_log_add):
   its layout's key is one word, its arrays are not built (nor a dense
   copy made), and its log is begun, not indexed and below its limit.  */
static inline int
sp__log_open (const sp_tensor *t)
{
  const sp_priv *pv = (const sp_priv *) t->priv;
  const sp_pending *pd = &pv->pend;
  return pv->lo.keyword && !pv->dense && !pv->built && !pd->slot && t->dirty
         && pd->n + 1 < pd->limit;
}

/* The one-word key of COORDS (in range) in T's log.  */
static inline uint64_t
sp__log_key (const sp_tensor *t, int rank, const int64_t *coords)
{
  const sp_layout *lo = &((const sp_priv *) t->priv)->lo;
  uint64_t key = 0;
  for (int d = 0; d < rank; d++)
    key |= (uint64_t) coords[d] << lo->dshift[d];
  return key;
}

/* sp__pend_log_add where the log has room, inline: 1 when V was
   appended at COORDS (in range, RANK T's), 0 when the caller must call
   sp__pend_log_add.  */
static inline int
sp__log_append (sp_tensor *t, int rank, const int64_t *coords, sp_num v)
{
  sp_pending *pd = &((sp_priv *) t->priv)->pend;
  uint64_t key, *r;
  if (!sp__log_open (t) || pd->n == pd->cap || !pd->n)
    return 0;
  key = sp__log_key (t, rank, coords);
  if (key < pd->least[0])
    pd->least[0] = key;
  if (key > pd->most[0])
    pd->most[0] = key;
  r = pd->rec + 3 * pd->n++;
  r[0] = key;
  r[1] = (uint64_t) v.i;
  r[2] = SP_FROM_ADD;
  return 1;
}

/* Build T's arrays (none yet) from N records sorted by key.  Without
   MERGE, records with equal keys add up; with it, the origins say how
   they combine, and an sp_put of zero creates no entry.  */
int sp__build_sorted (sp_tensor *t, const sp_layout *lo, const uint64_t *rec,
                      int64_t n, int merge);

/* ---------------------------------------------------------------------
   Conversion (convert.c): a new tensor of format F holding the entries of
   SRC (assembled), of SRC's type.  */
sp_tensor *sp__convert_fmt (const sp_tensor *src, const sp_format *f);

/* The common matrix cases written out (fast2d.c).  Convert SRC into DST
   (format and extents set, no arrays) when both are among COO, CSR, CSC,
   DIA and ELL with 32-bit index arrays and the pair has a direct routine:
   0, -1 on error, or SP_UNSORTED when it does not apply (or SRC's arrays
   are not as it expects): then take the general route.  */
int sp__convert_fast (const sp_tensor *src, sp_tensor *dst);
/* A COO, CSR or CSC matrix of f64 values with 32-bit index arrays from
   the coordinate list C into *OUT: 0, -1 on error, or SP_UNSORTED when
   it does not apply (C untouched: the general route then builds the
   tensor or reports why not).  It may take C's arrays (leaving NULL).  */
int sp__from_coo_fast (const sp_format *f, sp_type type, sp_coo *c,
                       sp_tensor **out);

#endif /* SPARSE_STORAGE_H */
