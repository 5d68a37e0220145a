/* { dg-do run } */
/* The level-type table and the named-format table (attrs/): the
   properties each level type is asked for, and that each name parses to
   its row and is shown by it in messages.  */

#include "core-util.h"
#include "level_types.h"
#include "named_formats.h"
#include "schedule.h"

/* Properties that hold together for every level type.  */
static void
check_consistent (int t)
{
  const sp_level_props *p = sp_lvl_props (t);
  CHECK (p->name && p->name[0]);
  CHECK (sp_lvl_is_sparse (t) == p->has_crd);
  CHECK (!p->has_pos || p->has_crd);
  CHECK (!p->dense || (!p->has_pos && !p->has_crd && p->unique));
  CHECK (!p->computed || (!p->has_crd && p->singleton));
  CHECK (!p->singleton || !p->has_pos);
  CHECK (!p->appendable || (p->has_pos && p->unique));
  /* Its name parses back to it.  */
  sp_format f;
  sp_format_error e;
  if (!p->computed && !p->singleton)
    {
      CHECK (sp_format_parse (p->name, 1, &f, &e) == 0 && f.lv[0].type == t);
      for (int u = 0; u < t; u++)
        CHECK (strcmp (sp_lvl_props (u)->name, p->name) != 0);
    }
}

/* Level type NAME has exactly the properties listed.  */
static void
check_type (const char *name, int dense, int pos, int crd, int unique,
            int singleton, int computed, int appendable)
{
  int t = -1;
  for (int u = 0; sp_lvl_known (u); u++)
    if (strcmp (sp_lvl_props (u)->name, name) == 0)
      t = u;
  CHECK (t >= 0);
  if (t < 0)
    return;
  CHECK (sp_lvl_is_dense (t) == dense);
  CHECK (sp_lvl_has_pos (t) == pos);
  CHECK (sp_lvl_is_sparse (t) == crd);
  CHECK (sp_lvl_is_unique (t) == unique);
  CHECK (sp_lvl_is_singleton (t) == singleton);
  CHECK (sp_lvl_is_computed (t) == computed);
  CHECK (sp_lvl_is_appendable (t) == appendable);
}

/* Format S of RANK is shown as WANT in messages.  */
static void
check_shown (const char *s, int rank, const char *want)
{
  sp_format f;
  sp_format_error e;
  char buf[SP_FORMAT_PRINT_MAX];
  if (sp_format_parse (s, rank, &f, &e))
    {
      fprintf (stderr, "'%s': %s\n", s, e.msg);
      failures++;
      return;
    }
  sch_format_name (&f, buf, sizeof buf);
  if (strcmp (buf, want) != 0)
    {
      fprintf (stderr, "'%s' at rank %d shown as '%s', want '%s'\n", s, rank,
               buf, want);
      failures++;
    }
}

/* Every named format parses to what its row gives.  */
static void
check_named (void)
{
  const sp_named_format *nf;
  int n = 0;
  for (int i = 0; (nf = sp_named_format_at (i)); i++, n++)
    {
      int rank = nf->rank ? nf->rank : 3;
      int64_t bs[2] = { 2, 3 };
      char text[64];
      sp_format parsed, want;
      sp_format_error e;
      snprintf (text, sizeof text, "%s%s", nf->name,
                sp_named_format_blocked (nf) ? "(2,3)" : "");
      memset (&want, 0, sizeof want);
      want.posw = want.crdw = 32;
      sp_named_format_levels (nf, rank, bs, &want);
      CHECK (sp_format_parse (text, rank, &parsed, &e) == 0);
      CHECK (sp_format_equal (&parsed, &want));
      CHECK (nf->shown && nf->shown[0]);
    }
  CHECK (n >= 10);
  /* Block sizes and widths do not change which format a name stands
     for.  */
  sp_format f;
  sp_format_error e;
  CHECK (sp_format_parse ("bcsr(4,2);crd=16", 2, &f, &e) == 0);
  nf = sp_named_format_of (&f);
  CHECK (nf && strcmp (nf->name, "bcsr") == 0);
  CHECK (sp_format_parse ("(i,j)->(i:D,j:CU)", 0, &f, &e) == 0);
  nf = sp_named_format_of (&f);
  CHECK (nf && strcmp (nf->name, "csr") == 0);
  CHECK (sp_format_parse ("D,CU,D", 3, &f, &e) == 0);
  CHECK (sp_named_format_of (&f) == NULL);
  CHECK (sp_named_format_at (-1) == NULL && sp_named_format_at (n) == NULL);
}

int
main (void)
{
  int n = 0;
  for (int t = 0; sp_lvl_known (t); t++, n++)
    check_consistent (t);
  CHECK (n >= 5);
  CHECK (!sp_lvl_known (-1) && !sp_lvl_known (n) && !sp_lvl_known (255));
  CHECK (strcmp (sp_lvl_props (255)->name, "?") == 0);
  CHECK (!sp_lvl_is_dense (255) && !sp_lvl_is_sparse (255));

  /*           dense pos crd unique single comp app  */
  check_type ("D",  1, 0, 0, 1, 0, 0, 0);
  check_type ("CU", 0, 1, 1, 1, 0, 0, 1);
  check_type ("CN", 0, 1, 1, 0, 0, 0, 0);
  check_type ("S",  0, 0, 1, 1, 1, 0, 0);
  check_type ("O",  0, 0, 0, 1, 1, 1, 0);

  sp_format f;
  sp_format_error e;
  CHECK (sp_format_parse ("csr", 2, &f, &e) == 0);
  CHECK (sp_format_dense_upto (&f, 1) && !sp_format_dense_upto (&f, 2));
  CHECK (sp_format_dense_upto (&f, 0));

  check_named ();
  check_shown ("csr", 2, "CSR");
  check_shown ("csr;pos=64;crd=16", 2, "CSR");
  check_shown ("csc", 2, "CSC");
  check_shown ("dcsr", 2, "DCSR");
  check_shown ("csf", 2, "DCSR");
  check_shown ("csf", 3, "CSF");
  check_shown ("dcsc", 2, "DCSC");
  check_shown ("coo", 2, "COO");
  check_shown ("coo", 3, "COO");
  check_shown ("coo", 1, "CN");
  check_shown ("csf", 1, "CU");
  check_shown ("dense", 1, "dense");
  check_shown ("dense", 3, "dense");
  check_shown ("ell", 2, "ELL");
  check_shown ("dia", 2, "DIA");
  check_shown ("bcsr(2,2)", 2, "(i,j)->(i/2:D,j/2:CU,i%2:D,j%2:D)");
  check_shown ("D,CU,CU", 3, "D,CU,CU");
  return failures != 0;
}
