/* layout.c -- what a format means for a tensor of given extents: level
   sizes, how canonical coordinates come back from level coordinates, the
   key levels, and which slots are padding.  */

#include <stdio.h>
#include "storage.h"

/* Bits needed for the values 0 .. SIZE-1.  */
static int
bits_for (int64_t size)
{
  int b = 0;
  for (uint64_t v = size > 0 ? (uint64_t) size - 1 : 0; v; v >>= 1)
    b++;
  return b;
}

/* Check the fields of F that the parser guarantees, for formats built by
   hand.  */
static int
check_fields (const sp_format *f)
{
  if (f->rank < 1 || f->rank > SP_MAX_RANK)
    return sp__fail ("rank %d is not supported (1 to %d)", (int) f->rank,
                     SP_MAX_RANK);
  if (f->nlevels < 1 || f->nlevels > SP_MAX_LEVELS)
    return sp__fail ("%d levels is not supported (1 to %d)",
                     (int) f->nlevels, SP_MAX_LEVELS);
  if ((f->posw != 8 && f->posw != 16 && f->posw != 32 && f->posw != 64)
      || (f->crdw != 8 && f->crdw != 16 && f->crdw != 32 && f->crdw != 64))
    return sp__fail ("index widths must be 8, 16, 32 or 64 bits "
                     "(pos=%d, crd=%d)", f->posw, f->crdw);
  for (int k = 0; k < f->nlevels; k++)
    {
      const sp_level_fmt *l = &f->lv[k];
      if (!sp_lvl_known (l->type) || l->kind > SP_LX_COUNT
          || l->dim >= f->rank
          || (l->kind == SP_LX_DIFF && (l->dim2 >= f->rank
                                        || l->dim2 == l->dim)))
        return sp__fail ("level %d of the format is malformed", k);
      if ((l->kind == SP_LX_DIV || l->kind == SP_LX_MOD) && l->k < 1)
        return sp__fail ("level %d divides by %lld; block sizes must be "
                         "positive", k, (long long) l->k);
      if (sp_lvl_is_singleton (l->type) && k == 0)
        return sp__fail ("level 0 cannot be %s: it follows its parent",
                         sp_lvl_props (l->type)->name);
    }
  return 0;
}

static int
level_sizes (const sp_format *f, const int64_t *dims, sp_layout *lo)
{
  for (int k = 0; k < f->nlevels; k++)
    {
      const sp_level_fmt *l = &f->lv[k];
      int64_t n = dims[l->dim];
      switch (l->kind)
        {
        case SP_LX_DIV: n = (n - 1) / l->k + 1; break;
        case SP_LX_MOD: n = l->k; break;
        case SP_LX_DIFF:
          if (n > INT64_MAX - dims[l->dim2])
            return sp__fail ("level %d (a difference of dimensions %d and "
                             "%d) has more than 2^63 coordinates", k,
                             l->dim, l->dim2);
          n += dims[l->dim2] - 1;
          break;
        case SP_LX_COUNT: n = 0; break;
        default: break;
        }
      lo->size[k] = n;
    }
  return 0;
}

/* The runtime numbers # coordinates while appending entries in key
   order, which works when # is the first level and the others are D, S
   or O (ELL and its relatives).  */
static int
count_level (const sp_format *f, sp_layout *lo)
{
  lo->count_lv = lo->count_src = -1;
  for (int k = 0; k < f->nlevels; k++)
    if (f->lv[k].kind == SP_LX_COUNT)
      {
        if (k != 0)
          return sp__fail ("a # level must be the first level (as in ELL: "
                           "#i:D,i:D,j:S); level %d is #", k);
        lo->count_lv = k;
      }
  if (lo->count_lv < 0)
    return 0;
  for (int k = 1; k < f->nlevels; k++)
    {
      const sp_level_fmt *l = &f->lv[k];
      if (lo->props[k].has_pos)
        return sp__fail ("a format with a # level can have only D, S and O "
                         "levels after it (as ELL); level %d is %s", k,
                         lo->props[k].name);
      if (!lo->props[k].computed && l->kind == SP_LX_VAR
          && l->dim == f->lv[0].dim)
        lo->count_src = k;
    }
  if (lo->count_src < 0)
    return sp__fail ("#%d needs a level storing dimension %d",
                     f->lv[0].dim, f->lv[0].dim);
  return 0;
}

/* How each dimension comes back from the levels: a plain variable, a
   block pair i/K, i%K, or a difference with a dimension known before.  */
static int
recovery (const sp_format *f, sp_layout *lo)
{
  int known[SP_MAX_RANK] = { 0 }, r = 0;

  for (int k = 0; k < f->nlevels; k++)
    {
      const sp_level_fmt *l = &f->lv[k];
      int d = l->dim;
      if (lo->props[k].computed || known[d]
          || (l->kind != SP_LX_VAR && l->kind != SP_LX_DIV))
        continue;
      lo->how[r] = SP_REC_VAR;
      lo->la[r] = (int8_t) k;
      if (l->kind == SP_LX_DIV)
        {
          int m = 0;
          while (m < f->nlevels && !(f->lv[m].kind == SP_LX_MOD
                                     && f->lv[m].dim == d
                                     && f->lv[m].k == l->k))
            m++;
          if (m == f->nlevels)
            continue;
          lo->how[r] = SP_REC_BLOCK;
          lo->lb[r] = (int8_t) m;
          lo->k[r] = l->k;
        }
      lo->order[r++] = (int8_t) d;
      known[d] = 1;
    }
  for (int changed = 1; changed;)
    {
      changed = 0;
      for (int k = 0; k < f->nlevels; k++)
        {
          const sp_level_fmt *l = &f->lv[k];
          int u = l->dim, w = l->dim2;
          if (l->kind != SP_LX_DIFF || known[u] == known[w])
            continue;
          lo->how[r] = known[w] ? SP_REC_DIFF1 : SP_REC_DIFF2;
          lo->la[r] = (int8_t) k;
          lo->ly[r] = (int8_t) (known[w] ? w : u);
          lo->order[r++] = (int8_t) (known[w] ? u : w);
          known[known[w] ? u : w] = 1;
          changed = 1;
        }
    }
  for (int d = 0; d < f->rank; d++)
    if (!known[d])
      return sp__fail ("no level of the format stores dimension %d", d);
  return 0;
}

static void
keys_and_padding (const sp_format *f, sp_layout *lo)
{
  int last_c = -1, seen[SP_MAX_RANK] = { 0 };

  lo->nkey = lo->keybits = 0;
  lo->plain = f->nlevels == f->rank;
  for (int k = 0; k < f->nlevels; k++)
    {
      const sp_level_fmt *l = &f->lv[k];
      const sp_level_props *lp = &lo->props[k];
      if (lp->has_pos)
        last_c = k;
      if (lp->computed || l->kind != SP_LX_VAR || seen[l->dim])
        lo->plain = 0;
      seen[l->dim] = 1;
      if (lp->computed || l->kind == SP_LX_COUNT)
        continue;
      lo->key[lo->nkey] = (int8_t) k;
      lo->kbits[lo->nkey] = (int8_t) bits_for (lo->size[k]);
      lo->keybits += lo->kbits[lo->nkey++];
    }
  lo->keywords = lo->keybits ? (lo->keybits + 63) / 64 : 1;
  lo->keyword = lo->plain && lo->keywords == 1;
  for (int i = 0, off = lo->keybits; lo->keyword && i < lo->nkey; i++)
    {
      int d = f->lv[lo->key[i]].dim;
      off -= lo->kbits[i];
      lo->dshift[d] = (int8_t) off;
      lo->keyword = lo->dims[d] - 1 <= sp__ix_max (f->crdw);
    }
  lo->filler = 0;
  for (int k = last_c + 1; k < f->nlevels; k++)
    lo->filler |= lo->props[k].dense;
  for (int k = 0; k < f->nlevels; k++)
    {
      int m = k - 1;
      lo->padded[k] = 0;
      if (!sp__lvl_singleton_crd (f->lv[k].type))
        continue;
      while (m >= 0 && lo->props[m].singleton)
        m--;
      lo->padded[k] = m >= 0 && lo->props[m].dense;
    }
}

int
sp__layout (const sp_format *f, const int64_t *dims, sp_layout *lo)
{
  if (check_fields (f))
    return -1;
  lo->rank = f->rank;
  lo->nlv = f->nlevels;
  for (int k = 0; k < f->nlevels; k++)
    lo->props[k] = *sp_lvl_props (f->lv[k].type);
  for (int d = 0; d < f->rank; d++)
    {
      if (dims[d] < 1)
        return sp__fail ("extent %lld of dimension %d is not positive",
                         (long long) dims[d], d);
      lo->dims[d] = dims[d];
    }
  if (level_sizes (f, dims, lo) || count_level (f, lo) || recovery (f, lo))
    return -1;
  keys_and_padding (f, lo);
  return 0;
}
