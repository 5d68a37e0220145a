/* kmerge.c -- how a generated kernel merges two rows of coordinates
   (A + B over CSR rows): with a branch on each comparison, which the
   processor predicts where the rows coincide or follow a pattern, or
   with none, the case chosen by masks (lowering/loopgen.c masked_merge),
   a few cycles more a step but no mispredicted branch where the rows
   interleave at random.  The kernel asks once a call; the answer comes
   from timing both merges over a sample of the rows.  */

#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "sparse_kernel.h"
#include "storage.h"

/* Operands of fewer entries merge as they always did: the sample would
   cost more than a choice could save.  The sample holds about one entry
   in SAMPLE_PART of theirs, at most SAMPLE_MAX, in blocks of consecutive
   rows spread over the range.  */
enum { PICK_MIN = 1 << 18, SAMPLE_PART = 128, SAMPLE_MAX = 1 << 15,
       BLOCKS = 64, BLOCK_ROWS = 64 };

/* Sampled rows of both operands: coordinates in row order, each row's
   end (ROWS of them, from FIRST).  */
typedef struct sample
{
  const int64_t *ca, *cb, *ea, *eb;
  int64_t first, rows;
} sample;

/* The last choices of this thread: a kernel called again on the same
   operands (addresses, levels, entries) takes the choice again, REUSE
   times before timing anew.  A choice gone stale (operands changed in
   place) costs time, never a result: both forms compute the same
   values.  */
enum { CACHE = 4, REUSE = 16 };

typedef struct choice
{
  const sp_tensor *a, *b;
  int la, lb, masked, left;
  int64_t na, nb;
} choice;

static _Thread_local choice cache[CACHE];
static _Thread_local int cache_next;

static double
seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The merge of S's rows, writing the coordinates to OUT as a kernel
   appends them: with a branch on each comparison, or with none.  */
static inline __attribute__ ((always_inline)) int64_t
merge (const sample *s, int64_t *out, int masked)
{
  int64_t n = 0, r0 = s->first, p = r0 ? s->ea[r0 - 1] : 0;
  int64_t q = r0 ? s->eb[r0 - 1] : 0;
  for (int64_t r = r0; r < r0 + s->rows; r++)
    {
      int64_t pe = s->ea[r], qe = s->eb[r];
      while (p < pe && q < qe)
        {
          int64_t a = s->ca[p], b = s->cb[q];
          if (masked)
            {
              int64_t j = a < b ? a : b;
              out[n++] = j;
              p += a == j;
              q += b == j;
            }
          else if (a < b)
            out[n++] = a, p++;
          else if (b < a)
            out[n++] = b, q++;
          else
            out[n++] = a, p++, q++;
        }
      while (p < pe)
        out[n++] = s->ca[p++];
      while (q < qe)
        out[n++] = s->cb[q++];
    }
  return n;
}

/* Each form a function of its own, timed as the loop it is.  */
__attribute__ ((noinline)) static int64_t
merge_branch (const sample *s, int64_t *out)
{
  return merge (s, out, 0);
}

__attribute__ ((noinline)) static int64_t
merge_masked (const sample *s, int64_t *out)
{
  return merge (s, out, 1);
}

/* The rows of T's level L under parent R: [*LO, *HI).  */
static void
row (const sp_tensor *t, int l, int64_t r, int64_t *lo, int64_t *hi)
{
  *lo = sp__ix_get (t->lv[l].pos, t->fmt.posw, r);
  *hi = sp__ix_get (t->lv[l].pos, t->fmt.posw, r + 1);
}

/* Copy rows into CA, CB (room for N entries together), their ends into
   EA, EB: blocks of consecutive rows at BLOCKS places, each up to its
   share of N.  The number of rows taken.  */
static int64_t
take_sample (const sp_tensor *a, int la, const sp_tensor *b, int lb,
             int64_t rows, int64_t n, int64_t *ca, int64_t *cb, int64_t *ea,
             int64_t *eb)
{
  int64_t na = 0, nb = 0, share = n / BLOCKS, taken = 0;
  for (int64_t k = 0; k < BLOCKS; k++)
    {
      int64_t used = 0;
      for (int64_t r = rows * k / BLOCKS, m = 0;
           r < rows && m < BLOCK_ROWS; r++, m++)
        {
          int64_t a0, a1, b0, b1;
          row (a, la, r, &a0, &a1);
          row (b, lb, r, &b0, &b1);
          if (used + (a1 - a0) + (b1 - b0) > share)
            break;
          for (int64_t p = a0; p < a1; p++)
            ca[na++] = sp__ix_get (a->lv[la].crd, a->fmt.crdw, p);
          for (int64_t p = b0; p < b1; p++)
            cb[nb++] = sp__ix_get (b->lv[lb].crd, b->fmt.crdw, p);
          used += (a1 - a0) + (b1 - b0);
          ea[taken] = na;
          eb[taken++] = nb;
        }
    }
  return taken;
}

int
sp_kmerge_pick (const sp_tensor *a, int la, const sp_tensor *b, int lb)
{
  const char *force = getenv ("SP_MERGE");
  if (force && !strcmp (force, "branch"))
    return 0;
  if (force && !strcmp (force, "mask"))
    return 1;
  if (la < 1 || lb < 1 || la >= a->fmt.nlevels || lb >= b->fmt.nlevels
      || !a->lv[la].pos || !b->lv[lb].pos
      || a->lv[la].npos != b->lv[lb].npos)
    return 0;
  int64_t rows = a->lv[la].npos - 1;
  int64_t total = a->lv[la].ncrd + b->lv[lb].ncrd;
  if (rows < 1 || total < PICK_MIN)
    return 0;
  int64_t na = a->lv[la].ncrd, nb = b->lv[lb].ncrd;
  for (int c = 0; c < CACHE; c++)
    {
      choice *h = &cache[c];
      if (h->left > 0 && h->a == a && h->b == b && h->la == la
          && h->lb == lb && h->na == na && h->nb == nb)
        {
          h->left--;
          return h->masked;
        }
    }
  int64_t n = total / SAMPLE_PART < SAMPLE_MAX ? total / SAMPLE_PART
                                               : SAMPLE_MAX;
  int64_t *buf = malloc ((size_t) (3 * n + 2 * BLOCKS * BLOCK_ROWS)
                         * sizeof *buf);
  if (!buf)
    return 0;
  int64_t *ca = buf, *cb = buf + n, *ea = buf + 2 * n;
  int64_t *eb = ea + BLOCKS * BLOCK_ROWS, *out = eb + BLOCKS * BLOCK_ROWS;
  int64_t taken = take_sample (a, la, b, lb, rows, n, ca, cb, ea, eb);
  /* Each merge sees each half once, so that a branch predictor cannot
     have learnt the rows from an earlier pass.  */
  sample h1 = { ca, cb, ea, eb, 0, taken / 2 };
  sample h2 = { ca, cb, ea, eb, taken / 2, taken - taken / 2 };
  double t0 = seconds ();
  merge_branch (&h1, out);
  double t1 = seconds ();
  merge_masked (&h2, out);
  double t2 = seconds ();
  merge_masked (&h1, out);
  double t3 = seconds ();
  merge_branch (&h2, out);
  double t4 = seconds ();
  free (buf);
  int masked = (t2 - t1) + (t3 - t2) < 0.85 * ((t1 - t0) + (t4 - t3));
  cache[cache_next] = (choice) { a, b, la, lb, masked, REUSE, na, nb };
  cache_next = (cache_next + 1) % CACHE;
  return masked;
}
