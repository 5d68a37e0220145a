/* walk.c -- visiting the stored entries of a tensor in storage order: the
   conversion paper's level iteration (pos_bounds / pos_access per level
   type), handing out entries a batch at a time so that consumers run
   tight loops; the remapping of a batch to another format's level
   coordinates; and sp__foreach on top of them.  */

#include "storage.h"

/* Set the position range of level K under parent position PARENT.  */
static inline void
descend (sp_walk *it, int k, int64_t parent)
{
  const sp_tensor *t = it->t;
  const sp_level_props *lp = &it->lo.props[k];
  if (lp->dense)
    {
      it->base[k] = it->cur[k] = parent * t->lv[k].size;
      it->end[k] = it->cur[k] + t->lv[k].size;
    }
  else if (lp->has_pos)
    {
      it->cur[k] = sp__ix_get (t->lv[k].pos, t->fmt.posw, parent);
      it->end[k] = sp__ix_get (t->lv[k].pos, t->fmt.posw, parent + 1);
    }
  else
    {
      /* A singleton level: its parent's position.  */
      it->cur[k] = parent;
      it->end[k] = parent + 1;
    }
}

/* Level coordinate of level K at its current position.  */
static inline int64_t
coord (const sp_walk *it, int k)
{
  const sp_tensor *t = it->t;
  const sp_level_props *lp = &it->lo.props[k];
  if (lp->dense)
    return it->cur[k] - it->base[k];
  if (lp->has_crd)
    return sp__ix_get (t->lv[k].crd, t->fmt.crdw, it->cur[k]);
  /* Computed (O): recovered from the levels above.  */
  return 0;
}

void
sp__ix_read (const void *restrict a, int w, int64_t from, int64_t m,
             int64_t *restrict out)
{
  switch (w)
    {
    case 8:
      for (int64_t i = 0; i < m; i++)
        out[i] = ((const int8_t *) a)[from + i];
      break;
    case 16:
      for (int64_t i = 0; i < m; i++)
        out[i] = ((const int16_t *) a)[from + i];
      break;
    case 32:
      for (int64_t i = 0; i < m; i++)
        out[i] = ((const int32_t *) a)[from + i];
      break;
    default:
      memcpy (out, (const int64_t *) a + from, m * sizeof *out);
      break;
    }
}

/* The walk's modes: the general descent through the levels; rows, for a
   plain format without filler whose levels above the run are D (CSR, CSC),
   which steps through the parent positions in order; flat, which runs
   over all positions of the run level at once and yields only the
   coordinates stored there and below.  */
enum { WALK_TREE, WALK_ROWS, WALK_FLAT };

static void
init (sp_walk *it, const sp_tensor *t, const sp_layout *lo)
{
  it->t = t;
  it->lo = *lo;
  it->k = 0;
  it->done = 0;
  /* Singleton levels (S, O) keep their parent's positions: walking the
     level above them walks them too.  */
  it->run = lo->nlv - 1;
  while (it->lo.props[it->run].singleton)
    it->run--;
}

void
sp__iter_init (sp_walk *it, const sp_tensor *t, const sp_layout *lo)
{
  int run, rows;

  init (it, t, lo);
  run = it->run;
  rows = lo->plain && !lo->filler && run > 0;
  for (int l = 0; rows && l < run; l++)
    rows = it->lo.props[l].dense;
  it->mode = rows ? WALK_ROWS : WALK_TREE;
  if (!rows)
    {
      descend (it, 0, 0);
      return;
    }
  /* Before the first parent: its coordinates count up from here.  */
  for (int l = 0; l < run; l++)
    it->lc[l] = 0;
  it->lc[run - 1] = -1;
  it->q = -1;
  it->cur[run] = it->end[run] = sp__ix_get (t->lv[run].pos, t->fmt.posw, 0);
  it->last = sp__ix_get (t->lv[run].pos, t->fmt.posw,
                         t->lv[run - 1].count);
}

void
sp__iter_init_flat (sp_walk *it, const sp_tensor *t, const sp_layout *lo)
{
  init (it, t, lo);
  it->mode = WALK_FLAT;
  it->cur[it->run] = 0;
  it->end[it->run] = t->lv[it->run].count;
}

/* The run of positions of level RUN under one parent, with the
   singletons under it (which share its positions), for a plain format
   without filler: every position is an entry, and the upper levels'
   coordinates are the same along the run.  */
static int
plain_run (sp_walk *restrict it, int64_t *restrict x, int64_t *restrict p,
           int n)
{
  const sp_tensor *t = it->t;
  int run = it->run;
  int64_t cur = it->cur[run], m = it->end[run] - cur;

  if (m > SP_BATCH - n)
    m = SP_BATCH - n;
  for (int l = 0; it->mode != WALK_FLAT && l < run; l++)
    {
      int64_t *xd = x + t->fmt.lv[l].dim * SP_BATCH + n, c = it->lc[l];
      for (int64_t i = 0; i < m; i++)
        xd[i] = c;
    }
  for (int l = run; l < it->lo.nlv; l++)
    sp__ix_read (t->lv[l].crd, t->fmt.crdw, cur, m,
                 x + t->fmt.lv[l].dim * SP_BATCH + n);
  for (int64_t i = 0; i < m; i++)
    p[n + i] = cur + i;
  it->cur[run] = cur + m;
  return n + (int) m;
}

/* The run in general: recover each entry's coordinates, skipping padding
   and (where the format makes slots) zeros.  */
static int
general_run (sp_walk *restrict it, int64_t *restrict x, int64_t *restrict p,
             int n)
{
  const sp_tensor *t = it->t;
  const sp_layout *lo = &it->lo;
  int run = it->run;
  int64_t xe[SP_MAX_RANK];

  for (; it->cur[run] < it->end[run] && n < SP_BATCH; it->cur[run]++)
    {
      int64_t q = it->cur[run];
      if (lo->filler && sp__num_zero (t->type,
                                      sp__num_load (t->vals, t->type, q)))
        continue;
      it->lc[run] = coord (it, run);
      for (int l = run + 1; l < lo->nlv; l++)
        if (it->lo.props[l].has_crd)
          it->lc[l] = sp__ix_get (t->lv[l].crd, t->fmt.crdw, q);
      if (lo->plain)
        for (int l = 0; l < lo->nlv; l++)
          xe[t->fmt.lv[l].dim] = it->lc[l];
      else if (!sp__recover (lo, it->lc, xe))
        continue;
      for (int d = 0; d < lo->rank; d++)
        x[d * SP_BATCH + n] = xe[d];
      p[n++] = q;
    }
  return n;
}

/* The rows mode: a batch is a stretch of consecutive positions of the run
   level, whatever the rows; only the parents' coordinates need the row
   boundaries.  */
static int
rows_batch (sp_walk *restrict it, int64_t *restrict x, int64_t *restrict p)
{
  const sp_tensor *t = it->t;
  const void *pos = t->lv[it->run].pos;
  int run = it->run, pw = t->fmt.posw, nlv = it->lo.nlv;
  int64_t cur = it->cur[run], m = it->last - cur;

  if (m <= 0)
    {
      it->done = 1;
      return 0;
    }
  if (m > SP_BATCH)
    m = SP_BATCH;
  for (int l = run; l < nlv; l++)
    sp__ix_read (t->lv[l].crd, t->fmt.crdw, cur, m,
                 x + t->fmt.lv[l].dim * SP_BATCH);
  for (int64_t i = 0; i < m; i++)
    p[i] = cur + i;
  for (int64_t i = 0; i < m;)
    {
      int64_t len = it->end[run] - cur;
      if (len == 0)
        {
          /* The next parent: its coordinates count up, mixed-radix.  */
          int l = run - 1;
          it->q++;
          it->end[run] = sp__ix_get (pos, pw, it->q + 1);
          while (++it->lc[l] == t->lv[l].size && l > 0)
            it->lc[l--] = 0;
          continue;
        }
      if (len > m - i)
        len = m - i;
      for (int l = 0; l < run; l++)
        {
          int64_t *restrict xd = x + t->fmt.lv[l].dim * SP_BATCH + i;
          for (int64_t j = 0; j < len; j++)
            xd[j] = it->lc[l];
        }
      i += len;
      cur += len;
    }
  it->cur[run] = cur;
  return (int) m;
}

int
sp__iter_batch (sp_walk *restrict it, int64_t *restrict x,
                int64_t *restrict p)
{
  const sp_layout *lo = &it->lo;
  int n = 0;

  if (it->done)
    return 0;
  if (it->mode == WALK_ROWS)
    return rows_batch (it, x, p);
  if (it->mode == WALK_FLAT)
    {
      if (it->cur[it->run] == it->end[it->run])
        it->done = 1;
      return it->done ? 0 : plain_run (it, x, p, 0);
    }
  while (!it->done && n < SP_BATCH)
    {
      int k = it->k;
      if (it->cur[k] == it->end[k])
        {
          if (k == 0)
            it->done = 1;
          else
            it->cur[--it->k]++;
          continue;
        }
      if (k < it->run)
        {
          it->lc[k] = coord (it, k);
          descend (it, k + 1, it->cur[k]);
          it->k++;
          continue;
        }
      if (lo->plain && !lo->filler)
        n = plain_run (it, x, p, n);
      else
        n = general_run (it, x, p, n);
    }
  return n;
}

void
sp__remap (const sp_format *f, const int64_t *dims,
           const int64_t *restrict x, int n, int64_t *restrict buf,
           const int64_t **lc)
{
  for (int k = 0; k < f->nlevels; k++)
    {
      const sp_level_fmt *l = &f->lv[k];
      const int64_t *restrict xd = x + l->dim * SP_BATCH, *restrict x2;
      int64_t *restrict o = buf + k * SP_BATCH, m = l->k, shift;
      lc[k] = o;
      switch (l->kind)
        {
        case SP_LX_VAR:
          lc[k] = xd;
          break;
        case SP_LX_DIV:
          for (int e = 0; e < n; e++)
            o[e] = xd[e] / m;
          break;
        case SP_LX_MOD:
          for (int e = 0; e < n; e++)
            o[e] = xd[e] % m;
          break;
        case SP_LX_DIFF:
          x2 = x + l->dim2 * SP_BATCH;
          shift = dims[l->dim2] - 1;
          for (int e = 0; e < n; e++)
            o[e] = xd[e] - x2[e] + shift;
          break;
        default:
          lc[k] = NULL;
          break;
        }
    }
}

int
sp__foreach (const sp_tensor *t,
             int (*fn) (void *ctx, const int64_t *coords, double v),
             void *ctx)
{
  int64_t x[SP_BATCH * SP_MAX_RANK], p[SP_BATCH], xe[SP_MAX_RANK];
  sp_layout lo;
  sp_walk it;
  int n, rc;

  if (sp__ready (t, "sp__foreach") || sp__layout (&t->fmt, t->dims, &lo))
    return -1;
  sp__iter_init (&it, t, &lo);
  while ((n = sp__iter_batch (&it, x, p)) > 0)
    for (int e = 0; e < n; e++)
      {
        double v = sp__num_double (t->type, sp__num_load (t->vals, t->type,
                                                          p[e]));
        for (int d = 0; d < lo.rank; d++)
          xe[d] = x[d * SP_BATCH + e];
        if ((rc = fn (ctx, xe, v)))
          return rc;
      }
  return 0;
}
