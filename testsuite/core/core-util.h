/* core-util.h -- what the compiler-core tests share: a table-driven name
   lookup for the einsum parser and a check macro.  */

#ifndef CORE_UTIL_H
#define CORE_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "einsum.h"
#include "sparse_format.h"

/* One C object visible to a pragma.  FMT non-NULL makes it tagged.  */
typedef struct test_opd
{
  const char *name;
  ix_operand_kind kind;
  int rank;
  int64_t ext[4];   /* -1: known at run time */
  const char *fmt;
  ix_type type;
} test_opd;

static int failures __attribute__ ((unused));

#define CHECK(c)                                                        \
  do                                                                    \
    {                                                                   \
      if (!(c))                                                         \
        {                                                               \
          fprintf (stderr, "%s:%d: check failed: %s\n", __FILE__,       \
                   __LINE__, #c);                                       \
          failures++;                                                   \
        }                                                               \
    }                                                                   \
  while (0)

static int __attribute__ ((unused))
table_lookup (void *ctx, const char *name, ix_operand *out)
{
  const test_opd *t = ctx;
  for (; t->name; t++)
    if (strcmp (t->name, name) == 0)
      {
        out->kind = t->kind;
        out->rank = t->rank;
        out->type = t->type;
        for (int k = 0; k < t->rank; k++)
          out->extent[k] = t->ext[k];
        if (t->fmt)
          {
            sp_format_error fe;
            out->tagged = 1;
            if (sp_format_parse (t->fmt, t->rank, &out->fmt, &fe))
              {
                fprintf (stderr, "bad test format '%s': %s\n", t->fmt,
                         fe.msg);
                exit (2);
              }
          }
        out->user = (void *) t;
        return 1;
      }
  return 0;
}

/* Lex and parse TEXT against TAB; NULL with ERR filled on failure.  */
static __attribute__ ((unused)) ix_stmt *
parse (const char *text, const test_opd *tab, ein_error *err)
{
  ein_tok toks[128];
  int n = einsum_lex (text, toks, 128, err);
  if (n < 0)
    return NULL;
  return einsum_parse (toks, n, table_lookup, (void *) tab, err);
}

#ifdef CORE_UTIL_SCHEDULE
#include "schedule.h"

/* Parse TEXT and schedule it into *SC (conversions allowed when ALLOW).
   0, or -1 with ERR filled by whichever stage failed.  */
static int __attribute__ ((unused))
schedule_text (const char *text, const test_opd *tab, int allow,
               ix_sched *sc, ix_diag *err)
{
  ix_sched_opts opts = { allow };
  ix_stmt *s = parse (text, tab, err);
  if (!s)
    {
      fprintf (stderr, "'%s': parse error: %s\n", text, err->msg);
      return -2;
    }
  int rc = ix_schedule (s, &opts, sc, err);
  ix_free (s);
  return rc;
}
#endif

#endif /* CORE_UTIL_H */
