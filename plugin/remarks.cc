/* remarks.cc -- what the plugin says about the loop nests, pragmas and
   element accesses of a unit.

   The plugin decides at different times: the recognizer and the storage
   rewrite as the front end finishes each function, the GIMPLE pass when
   the middle end lowers it, in the call graph's order.  Said as they are
   decided, remarks would come out in that order; they are kept here
   instead and said once every function is lowered (the start of the IPA
   passes), sorted by where they are in the source.  GCC runs no IPA pass
   after an error, so after any error nothing is said about
   sparsification: an unrelated error is what to fix first, and the
   remarks would speak of code that was never lowered.

   Each remark goes where its kind says:
     SPARSE_REMARK_SPARSIFIED   a note of the report; "optimized:" under
                                -fopt-info
     SPARSE_REMARK_ELEMENTWISE  a loop left to element-by-element access:
                                a warning (-Werror makes it an error); a
                                note of the report where it is none
                                (-fplugin-arg-sparse-no-warn-fallback,
                                -w); "missed:" under -fopt-info
     SPARSE_REMARK_MISSED       a note of the report; "missed:" under
                                -fopt-info
     SPARSE_REMARK_REPORT       a note of the report only
     SPARSE_REMARK_WARNING      a warning, nothing else
   and its hint, if any, is a note after it wherever it goes.  With
   -fplugin-arg-sparse-report=FILE the report's notes are lines of FILE,
   appended to it as -fopt-info=FILE appends, so that the units of one
   build make one report.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "sparse-plugin.h"

namespace {

struct remark
{
  location_t loc;
  unsigned seq;			/* the order remarks were made in */
  sparse_remark_kind kind;
  char *text;
  char *hint;			/* a note after the remark, or NULL */
};

vec<remark> remarks;

/* FMT and AP formatted as a diagnostic's text (%qs, %<...%>), as a new
   string.  */
char *
format_text (const char *fmt, va_list *ap)
{
  pretty_printer pp;
  text_info ti;
  memset (&ti, 0, sizeof ti);
  ti.format_spec = fmt;
  ti.args_ptr = ap;
  pp_format_verbatim (&pp, &ti);
  return xstrdup (pp_formatted_text (&pp));
}

/* Where LOC is in the unit's stream of tokens: the place a macro was
   expanded, for a location inside the expansion.  */
location_t
stream_location (location_t loc)
{
  return linemap_resolve_location (line_table, loc,
				   LRK_MACRO_EXPANSION_POINT, NULL);
}

/* qsort's order of remarks: by place, then in the order made.  */
int
source_order (const void *pa, const void *pb)
{
  const remark *a = (const remark *) pa;
  const remark *b = (const remark *) pb;
  location_t la = stream_location (a->loc), lb = stream_location (b->loc);
  if (la != lb)
    return la < lb ? -1 : 1;
  return a->seq < b->seq ? -1 : a->seq > b->seq;
}

void
write_line (FILE *f, location_t loc, const char *text)
{
  expanded_location xl = expand_location (loc);
  fprintf (f, "%s:%d:%d: note: %s\n", xl.file ? xl.file : "<unknown>",
	   xl.line, xl.column, text);
}

/* R as a diagnostic, or a line of the report file F.  A loop left to
   element access is a note of the report where it is no warning (turned
   off, or suppressed by -w), and a line of F in any case.  */
void
say (const remark &r, FILE *f)
{
  bool warned = false;
  if (r.kind == SPARSE_REMARK_WARNING
      || (r.kind == SPARSE_REMARK_ELEMENTWISE && sparse_warn_fallback))
    {
      auto_diagnostic_group d;
      warned = warning_at (r.loc, 0, "%s", r.text);
      if (warned && r.hint)
	inform (r.loc, "%s", r.hint);
    }
  if (!sparse_opt_report || r.kind == SPARSE_REMARK_WARNING
      || (r.kind == SPARSE_REMARK_ELEMENTWISE && warned && !f))
    return;
  if (f)
    {
      write_line (f, r.loc, r.text);
      if (r.hint)
	write_line (f, r.loc, r.hint);
      return;
    }
  auto_diagnostic_group d;
  inform (r.loc, "%s", r.text);
  if (r.hint)
    inform (r.loc, "%s", r.hint);
}

/* R as a line of -fopt-info, when it is one.  */
void
dump (const remark &r)
{
  dump_flags_t kind;
  if (r.kind == SPARSE_REMARK_SPARSIFIED)
    kind = MSG_OPTIMIZED_LOCATIONS;
  else if (r.kind == SPARSE_REMARK_ELEMENTWISE
	   || r.kind == SPARSE_REMARK_MISSED)
    kind = MSG_MISSED_OPTIMIZATION;
  else
    return;
  dump_user_location_t where = dump_user_location_t::from_location_t (r.loc);
  dump_printf_loc (kind, where, "%s\n", r.text);
  if (r.hint)
    dump_printf_loc (kind, where, "%s\n", r.hint);
}

void
forget_remarks (void)
{
  for (unsigned i = 0; i < remarks.length (); i++)
    {
      free (remarks[i].text);
      free (remarks[i].hint);
    }
  remarks.release ();
}

} // anon namespace

void
sparse_remark (sparse_remark_kind kind, location_t loc, const char *fmt, ...)
{
  remark r;
  va_list ap;
  va_start (ap, fmt);
  r.text = format_text (fmt, &ap);
  va_end (ap);
  r.loc = loc;
  r.seq = remarks.length ();
  r.kind = kind;
  r.hint = NULL;
  remarks.safe_push (r);
}

void
sparse_remark_hint (const char *fmt, ...)
{
  gcc_assert (!remarks.is_empty ());
  va_list ap;
  va_start (ap, fmt);
  remark &r = remarks.last ();
  gcc_assert (!r.hint);
  r.hint = format_text (fmt, &ap);
  va_end (ap);
}

void
sparse_remarks_flush (opt_pass *pass)
{
  if (seen_error ())
    {
      forget_remarks ();
      return;
    }
  remarks.qsort (source_order);

  FILE *f = NULL;
  if (sparse_opt_report && sparse_report_file)
    {
      f = fopen (sparse_report_file, "a");
      if (!f)
	error ("sparse plugin: cannot open report file %qs: %m",
	       sparse_report_file);
    }
  for (unsigned i = 0; i < remarks.length (); i++)
    say (remarks[i], f);
  if (f)
    fclose (f);

  /* The pass's dump is the one -fopt-info enables (OPTGROUP_LOOP).  */
  gcc::dump_manager *dumps = g->get_dumps ();
  dumps->dump_start (pass->static_pass_number, NULL);
  if (dump_enabled_p ())
    for (unsigned i = 0; i < remarks.length (); i++)
      dump (remarks[i]);
  dumps->dump_finish (pass->static_pass_number);
  forget_remarks ();
}
