/* level_types.c -- the properties of each level type (level_types.h).

   A new level type is a value of sp_level_type, a row below and its case
   in sp_lvl_props; the switch has no default, so the compiler names a
   type without a case (-Wswitch, an error for this file).  */

#include "level_types.h"

/*                                    dense pos crd unique single comp app */
static const sp_level_props lvl_d  = { "D",  1, 0, 0, 1, 0, 0, 0 };
static const sp_level_props lvl_cu = { "CU", 0, 1, 1, 1, 0, 0, 1 };
/* Coordinates may repeat: COO's top level.  */
static const sp_level_props lvl_cn = { "CN", 0, 1, 1, 0, 0, 0, 0 };
static const sp_level_props lvl_s  = { "S",  0, 0, 1, 1, 1, 0, 0 };
static const sp_level_props lvl_o  = { "O",  0, 0, 0, 1, 1, 1, 0 };
static const sp_level_props lvl_unknown = { "?", 0, 0, 0, 0, 0, 0, 0 };

const sp_level_props *
sp_lvl_props (int type)
{
  switch ((sp_level_type) type)
    {
    case SP_LVL_D:
      return &lvl_d;
    case SP_LVL_CU:
      return &lvl_cu;
    case SP_LVL_CN:
      return &lvl_cn;
    case SP_LVL_S:
      return &lvl_s;
    case SP_LVL_O:
      return &lvl_o;
    }
  return &lvl_unknown;
}

int
sp_lvl_known (int type)
{
  return sp_lvl_props (type) != &lvl_unknown;
}

int
sp_format_dense_upto (const sp_format *f, int n)
{
  for (int l = 0; l < n; l++)
    if (!sp_lvl_is_dense (f->lv[l].type))
      return 0;
  return 1;
}
