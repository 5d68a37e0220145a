/* io_fuzz.c -- libFuzzer harness for the file readers and the number
   scanners.

   The first byte picks what the rest is (low three bits) and how:
     0-3  a Matrix Market file (bit 0: keep only the stored triangle,
          bit 1: integer elements; bit 3: forced into two passes, bit 4:
          on two threads, by parts of the file), read
          from memory into COO; a float matrix also through the generic
          route (COO with 64-bit pos), which must accept and refuse the
          same files, and into CSR when it has under 10^6 rows (CSR's
          pos array holds a slot per row): the same entries;
     4-5  a FROSTT file, read from memory (bit 0: as a rank-3 csf);
     6    a decimal number, scanned and compared with strtod: the same end
          and the same bits;
     7    an integer, compared with strtoll.
   A reader must return a tensor, or NULL with a message that starts with
   the file name.  A small matrix read is written to temporary files of
   both kinds and read back, and the entries must agree.  */

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "io.h"
#include "threads.h"

static void
die (const char *what, const char *input)
{
  fprintf (stderr, "io_fuzz: %s\n  input: \"%.200s\"\n  error: %s\n", what,
           input, sp_error ());
  abort ();
}

/* The entries of a rank-2 tensor, hashed in a way that ignores order
   (NaNs count alike whatever their payload).  */
typedef struct digest
{
  int64_t n;
  uint64_t hash;
} digest;

static int
digest_entry (void *ctx, const int64_t *x, double v)
{
  digest *d = ctx;
  uint64_t bits;
  if (isnan (v))
    v = NAN;
  memcpy (&bits, &v, sizeof bits);
  uint64_t h = ((uint64_t) x[0] * 1000003 + (uint64_t) x[1]) * 1000003 + bits;
  d->n++;
  d->hash += h * 0x9E3779B97F4A7C15ULL;
  return 0;
}

static digest
digest_of (const sp_tensor *t)
{
  digest d = { 0, 0 };
  if (sp__foreach (t, digest_entry, &d))
    die ("walk failed", "");
  return d;
}

/* Write T to a file ending in SUFFIX (with writer FLAGS) and read it
   back: the same entries.  */
static void
round_trip (const sp_tensor *t, const char *suffix, int flags,
            const char *format, sp_type type)
{
  char path[64];
  snprintf (path, sizeof path, "/tmp/io_fuzz_%d%s", (int) getpid (), suffix);
  if (sp__write_flags (t, path, flags) != 0)
    die ("writing failed", path);
  sp_tensor *u = sp_read (path, format, type);
  remove (path);
  if (!u)
    die ("reading back failed", path);
  digest a = digest_of (t), b = digest_of (u);
  if (a.n != b.n || a.hash != b.hash)
    die ("entries changed in a round trip", path);
  sp_free (u);
}

/* TEXT read into FORMAT with FLAGS: the same verdict as T (NULL or
   not), the same entries.  */
static void
same_read (const sp_tensor *t, const char *text, size_t len,
           const char *name, const char *format, sp_type type, int flags)
{
  sp_tensor *g = sp__read_mem (text, len, name, format, type, flags);
  if (!t != !g)
    die (t ? "only one route refuses it" : "only one route accepts it",
         text);
  if (t)
    {
      digest a = digest_of (t), b = digest_of (g);
      if (a.n != b.n || a.hash != b.hash)
        die ("the reading routes disagree", text);
    }
  sp_free (g);
}

static void
fuzz_reader (const char *text, size_t len, const char *name,
             const char *format, sp_type type, int flags)
{
  sp_tensor *t = sp__read_mem (text, len, name, format, type, flags);
  if (!t && strncmp (sp_error (), name, strlen (name)) != 0)
    die ("message without the file name", text);
  if (type == SP_F64 && strstr (name, ".mtx"))
    {
      same_read (t, text, len, name, "coo;pos=64", type,
                 flags & SP_IO_KEEP_TRIANGLE);
      if (t && sp_dim (t, 0) < 1000000)
        same_read (t, text, len, name, "csr", type, flags);
    }
  if (!t)
    return;
  /* Writing is slow: only small tensors of rank 2 (both kinds fit).  */
  if (sp_rank (t) == 2 && sp_nnz (t) < 64 && sp_dim (t, 0) < 1000000
      && sp_dim (t, 1) < 1000000)
    {
      /* A plain .tns cannot hold an empty tensor; both forms get used.  */
      int64_t n = sp_nnz (t);
      round_trip (t, ".mtx", 0, "coo", type);
      round_trip (t, ".tns", n % 2 ? 0 : SP_IO_TNS_HEADER, "coo", type);
    }
  sp_free (t);
}

static void
fuzz_double (const char *s, size_t len)
{
  const char *p = s + (*s == '-' || *s == '+');
  /* Differences by design: leading blanks, hexadecimal.  */
  if (len == 0 || strchr (" \t\n\v\f\r", *s) || (p[0] == '0'
                                                  && (p[1] | 0x20) == 'x'))
    return;
  double want, got;
  sp_scan_status st;
  char *want_end;
  want = strtod (s, &want_end);
  const char *end = sp__scan_double (s, s + len, &got, &st);
  if (end != want_end)
    die ("double: a different end than strtod", s);
  if (st == SP_SCAN_NONE)
    return;
  if (isnan (want) ? !isnan (got) : memcmp (&want, &got, sizeof got) != 0)
    die ("double: a different value than strtod", s);
}

static void
fuzz_int (const char *s)
{
  if (strchr (" \t\n\v\f\r", *s) && *s)
    return;
  int64_t got;
  sp_scan_status st;
  char *want_end;
  errno = 0;
  long long want = strtoll (s, &want_end, 10);
  int range = errno == ERANGE;
  const char *end = sp__scan_int64 (s, &got, &st);
  if (end != want_end || (st == SP_SCAN_RANGE) != range
      || (st == SP_SCAN_OK && got != want))
    die ("int: differs from strtoll", s);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size < 1)
    return 0;
  int mode = data[0] % 8;
  size_t len = size - 1;
  /* A NUL-terminated copy: the scanners need a terminator, and ASan then
     catches any read past it.  */
  char *text = malloc (len + 1);
  memcpy (text, data + 1, len);
  text[len] = '\0';
  /* Two passes are also read by parts on two threads.  */
  sp__set_threads (data[0] & 16 ? 2 : 1);
  if (mode < 4)
    fuzz_reader (text, len, "fuzz.mtx", "coo", mode & 2 ? SP_I64 : SP_F64,
                 (mode & 1 ? SP_IO_KEEP_TRIANGLE : 0)
                 | (data[0] & 8 ? SP_IO_TWO_PASS : 0));
  else if (mode < 6)
    fuzz_reader (text, len, "fuzz.tns", mode & 1 ? "CU,CU,CU" : "coo",
                 SP_F64, 0);
  else if (mode == 6)
    fuzz_double (text, strlen (text));
  else
    fuzz_int (text);
  free (text);
  return 0;
}
