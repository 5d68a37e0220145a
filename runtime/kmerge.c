/* kmerge.c -- how a generated kernel merges two rows of coordinates
   (A + B over CSR rows): with a branch on each comparison, which the
   processor predicts where the rows coincide or follow a pattern, or
   with none, the case chosen by masks (lowering/loopgen.c masked_merge),
   a few cycles more a step but no mispredicted branch where the rows
   interleave at random.  The kernel asks once a call; the answer comes
   from how well a small branch predictor, run over a sample of the
   merge's steps, guesses them.  */

#include <stdlib.h>
#include <string.h>
#include "sparse_kernel.h"
#include "storage.h"

/* Operands of fewer entries merge with branches: the sample would cost
   more than a choice could save.  The sample: about one entry in
   SAMPLE_PART of theirs, at least SAMPLE_MIN and at most SAMPLE_MAX, in
   blocks of consecutive rows at BLOCKS places.  HISTORY: the cases the predictor remembers.
   MISSED: the share of its guesses wrong above which the merge goes
   without branches (random rows: about half; rows that coincide or
   follow a pattern: a few hundredths).  */
enum { PICK_MIN = 1 << 18, SAMPLE_PART = 64, SAMPLE_MIN = 1 << 14,
       SAMPLE_MAX = 1 << 16, BLOCKS = 64, HISTORY = 4 };
#define MISSED 0.25

/* The last choices of this thread: a kernel called again on the same
   operands (addresses, levels, entries) takes the choice again, REUSE
   times before sampling anew.  A choice gone stale (operands changed in
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

/* The rows of T's level L under parent R: [*LO, *HI).  */
static void
row (const sp_tensor *t, int l, int64_t r, int64_t *lo, int64_t *hi)
{
  *lo = sp__ix_get (t->lv[l].pos, t->fmt.posw, r);
  *hi = sp__ix_get (t->lv[l].pos, t->fmt.posw, r + 1);
}

/* The share of the steps of the merge of sampled rows (about WANT
   entries of A's level LA and B's LB, ROWS parents) whose case (A's
   coordinate the lesser, B's, both) a predictor gets wrong that guesses,
   after each run of the last HISTORY cases, the case that followed it
   the time before.  It learns rows that coincide, and periodic patterns,
   as a processor's predictor does; rows interleaving at random defeat
   both.  */
static double
missed (const sp_tensor *a, int la, const sp_tensor *b, int lb,
        int64_t rows, int64_t want)
{
  unsigned char next[1 << (2 * HISTORY)];
  unsigned h = 0, mask = (1u << (2 * HISTORY)) - 1;
  int64_t steps = 0, wrong = 0, share = want / BLOCKS + 1;
  memset (next, 0, sizeof next);
  for (int64_t k = 0; k < BLOCKS; k++)
    for (int64_t r = rows * k / BLOCKS, got = 0; r < rows && got < share;
         r++)
      {
        int64_t p, pe, q, qe;
        row (a, la, r, &p, &pe);
        row (b, lb, r, &q, &qe);
        got += (pe - p) + (qe - q);
        while (p < pe && q < qe)
          {
            int64_t x = sp__ix_get (a->lv[la].crd, a->fmt.crdw, p);
            int64_t y = sp__ix_get (b->lv[lb].crd, b->fmt.crdw, q);
            unsigned c = x < y ? 0 : y < x ? 1 : 2;
            wrong += next[h] != c;
            next[h] = (unsigned char) c;
            h = ((h << 2) | c) & mask;
            p += c != 1;
            q += c != 0;
            steps++;
          }
      }
  return steps ? (double) wrong / (double) steps : 0;
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
  int64_t na = a->lv[la].ncrd, nb = b->lv[lb].ncrd;
  if (rows < 1 || na + nb < PICK_MIN)
    return 0;
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
  int64_t want = (na + nb) / SAMPLE_PART;
  want = want < SAMPLE_MIN ? SAMPLE_MIN : want > SAMPLE_MAX ? SAMPLE_MAX
                                                            : want;
  double m = missed (a, la, b, lb, rows, want);
  int masked = m > MISSED;
  cache[cache_next] = (choice) { a, b, la, lb, masked, REUSE, na, nb };
  cache_next = (cache_next + 1) % CACHE;
  return masked;
}
