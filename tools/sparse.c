/* sparse.c -- the `sparse` program: look at, convert and draw the
   Matrix Market and FROSTT files the runtime reads.  See usage () and
   doc/sparse.1.  */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "tool.h"

#ifndef SPARSE_VERSION
#error "SPARSE_VERSION is defined by the Makefile"
#endif

static const char usage_text[] =
  "usage: sparse COMMAND ARGUMENTS...\n"
  "\n"
  "  sparse info FILE\n"
  "      shape, entries, pattern statistics and the memory FILE takes in\n"
  "      each of the main formats\n"
  "  sparse convert IN OUT [--format FORMAT]\n"
  "      read IN and write OUT, each .mtx (Matrix Market) or .tns (FROSTT)\n"
  "      by its extension; the entries are held in FORMAT in between\n"
  "      (default coo), so that a format can be checked to keep them\n"
  "  sparse spy FILE OUT.svg\n"
  "      draw the sparsity pattern of the matrix in FILE as an SVG\n"
  "      picture, one cell per entry, or cells of several entries shaded\n"
  "      by their count when FILE is larger than 512 x 512\n"
  "  sparse --help       this text\n"
  "  sparse --version    the version\n"
  "\n"
  "FORMAT is a format string as the SPARSE attribute takes it: csr, csc,\n"
  "dcsr, coo, csf, ell, dia, bcsr(R,C), D,CU, ...  Exit status: 0 done,\n"
  "1 a file or format could not be read or written, 2 a wrong command line.\n";

int
tool_fail (const char *fmt, ...)
{
  va_list ap;
  fputs ("sparse: ", stderr);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  return TOOL_FAILED;
}

/* A wrong command line: WHY, then where to read how it goes.  */
static int
usage_error (const char *why, const char *what)
{
  fprintf (stderr, "sparse: %s%s\nTry 'sparse --help'.\n", why, what);
  return TOOL_USAGE;
}

sp_tensor *
tool_read (const char *path, const char *format)
{
  /* Integers first: an integer file read as doubles would lose values
     past 2^53.  A value that is not an integer makes that read fail; the
     message of the second read is the one to give.  */
  sp_tensor *t = sp_read (path, format, SP_I64);
  if (!t)
    t = sp_read (path, format, SP_F64);
  if (!t)
    tool_fail ("%s", sp_error ());
  return t;
}

static int
convert (const char *in, const char *out, const char *format)
{
  sp_tensor *t = tool_read (in, format ? format : "coo");
  if (!t)
    return TOOL_FAILED;
  int rc = sp_write (t, out) ? tool_fail ("%s", sp_error ()) : TOOL_OK;
  sp_free (t);
  return rc;
}

/* The arguments of convert: IN OUT and --format F (or --format=F) in
   any order.  */
static int
convert_command (int argc, char **argv)
{
  const char *files[2], *format = NULL;
  int nfiles = 0;
  for (int i = 0; i < argc; i++)
    {
      if (!strcmp (argv[i], "--format"))
        {
          if (++i == argc)
            return usage_error ("convert: --format needs a format", "");
          format = argv[i];
        }
      else if (!strncmp (argv[i], "--format=", 9))
        format = argv[i] + 9;
      else if (argv[i][0] == '-' && argv[i][1])
        return usage_error ("convert: unknown option ", argv[i]);
      else if (nfiles == 2)
        return usage_error ("convert: one file too many: ", argv[i]);
      else
        files[nfiles++] = argv[i];
    }
  if (nfiles < 2)
    return usage_error ("convert needs an input and an output file", "");
  return convert (files[0], files[1], format);
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    return usage_error ("no command", "");
  const char *cmd = argv[1];
  if (!strcmp (cmd, "--help") || !strcmp (cmd, "-h"))
    {
      fputs (usage_text, stdout);
      return TOOL_OK;
    }
  if (!strcmp (cmd, "--version"))
    {
      printf ("sparse %s\n", SPARSE_VERSION);
      return TOOL_OK;
    }
  if (!strcmp (cmd, "info"))
    {
      if (argc != 3)
        return usage_error ("info takes one file", "");
      return tool_info (argv[2]);
    }
  if (!strcmp (cmd, "convert"))
    return convert_command (argc - 2, argv + 2);
  if (!strcmp (cmd, "spy"))
    {
      if (argc != 4)
        return usage_error ("spy takes a file and the SVG file to write", "");
      return tool_spy (argv[2], argv[3]);
    }
  return usage_error ("unknown command ", cmd);
}
