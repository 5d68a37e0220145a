/* { dg-do run } */
/* Inputs the readers refuse, each with "FILE:LINE: what": entries in the
   triangle symmetric storage leaves out, NUL bytes (a file of them, and
   /dev/zero, which never ends), a byte-order mark, line ends of CR alone,
   and values their element type cannot hold.  */

#define _DEFAULT_SOURCE /* mkstemps, symlink */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "sparse.h"
#include "rt-check.h"

#define BANNER "%%MatrixMarket matrix coordinate "
/* Text holding NUL bytes, and its length.  */
#define BYTES(s) s, sizeof s - 1

typedef struct reject
{
  const char *ext;
  const char *text;
  size_t len;        /* of TEXT, when it holds NUL bytes (else 0) */
  sp_type type;
  int line;
  const char *msg;
  const char *format; /* NULL: coo */
} reject;

static const reject cases[] = {
  { "mtx", BANNER "real symmetric\n2 2 2\n1 1 1\n1 2 5\n", 0, SP_F64, 4,
    "entry (1, 2) above the diagonal: a symmetric matrix stores the lower "
    "triangle only" },
  { "mtx", BANNER "integer symmetric\n3 3 2\n3 1 1\n2 3 5\n", 0, SP_I64, 4,
    "entry (2, 3) above the diagonal" },
  { "mtx", BANNER "real skew-symmetric\n2 2 2\n2 1 1\n1 2 -1\n", 0, SP_F64, 4,
    "entry (1, 2) above the diagonal: a skew-symmetric matrix stores the "
    "strictly lower triangle only" },
  { "mtx", BANNER "real skew-symmetric\n2 2 2\n2 1 1\n1 1 0\n", 0, SP_F64, 4,
    "entry (1, 1) on the diagonal" },
  { "mtx", BYTES ("\0\0\0\0\0\0\0\0\0\0\0\0"), SP_F64, 1,
    "NUL byte: not a text file" },
  { "mtx", BYTES (BANNER "real general\n2 2 1\n\0" "1 1 1\n"), SP_F64, 3,
    "NUL byte: not a text file" },
  { "tns", BYTES ("1 1 1.5\n2 2 2.5\n3 3 \0\0\0\n"), SP_F64, 3,
    "NUL byte: not a text file" },
  { "mtx", "\xEF\xBB\xBF" BANNER "real general\n1 1 1\n1 1 1\n", 0, SP_F64,
    1, "byte-order mark" },
  { "tns", "\xEF\xBB\xBF" "1 1 1\n", 0, SP_F64, 1, "byte-order mark" },
  { "mtx", BANNER "real general\r2 2 1\r1 1 1\r", 0, SP_F64, 1,
    "lines end in CR alone (old Mac text): not supported" },
  { "tns", "1 1 1\r2 2 2\r", 0, SP_F64, 1, "lines end in CR alone" },
  { "mtx", BANNER "integer general\n2 2 2\n1 1 7\n2 2 3000000000\n", 0,
    SP_I32, 4, "value 3000000000 does not fit i32" },
  { "mtx", BANNER "real general\n2 2 2\n1 1 7\n2 2 3e9\n", 0, SP_I32, 4,
    "value 3e9 does not fit i32" },
  { "tns", "1 1 7\n2 2 -2147483649\n", 0, SP_I32, 2,
    "value -2147483649 does not fit i32" },
  { "tns", "1 1 7\n2 2 9223372036854775808\n", 0, SP_I64, 2,
    "value 9223372036854775808 does not fit i64" },
  { "mtx", BANNER "real general\n2 2 2\n1 1 7\n2 2 1e39\n", 0, SP_F32, 4,
    "value 1e39 does not fit f32" },
  { "tns", "1 1 7\n2 2 -1e39\n", 0, SP_F32, 2,
    "value -1e39 does not fit f32" },
  { "mtx", BANNER "real general\n2 2 2\n1 1 7\n2 2 1.5\n", 0, SP_I32, 4,
    "value 1.5 is not an integer (the element type is i32)" },
  { "tns", "1 1 7\n2 2 2.5e-1\n", 0, SP_I64, 2,
    "value 2.5e-1 is not an integer (the element type is i64)" },
  { "mtx", BANNER "integer skew-symmetric\n2 2 1\n2 1 -2147483648\n", 0,
    SP_I32, 3, "its mirror image 2147483648 does not fit i32" },
  { "mtx", BANNER "integer skew-symmetric\n4 4 3\n2 1 5\n3 1 7\n"
    "4 1 -2147483648\n", 0, SP_I32, 5,
    "value -2147483648: its mirror image 2147483648 does not fit i32" },
  { "mtx", BANNER "integer skew-symmetric\n2 2 1\n"
    "2 1 -9223372036854775808\n", 0, SP_I64, 3,
    "value -9223372036854775808: its mirror image 9223372036854775808 does "
    "not fit i64" },
  { "mtx", BANNER "real general\n300 2 3\n1 1 1\n127 1 1\n200 2 1\n", 0,
    SP_F64, 5, "crd width 8 is too small: level 0 needs coordinate 199",
    "coo;crd=8" },
  { "tns", "2 3\n300 2\n1 1 1\n129 2 1\n3 1 1\n", 0, SP_I64, 4,
    "crd width 8 is too small: level 0 needs coordinate 128", "coo;crd=8" },
  { "tns", "1 1 1 1\n1 2 200 2\n3 1 1 1\n", 0, SP_F64, 2,
    "crd width 8 is too small: level 2 needs coordinate 199", "csf;crd=8" },
  { "tns", "1 1 1\n2 3 2\n2147483649 1 3\n", 0, SP_F64, 3,
    "crd width 32 is too small: level 0 needs coordinate 2147483648",
    "dcsr" },
};

/* A temporary file named *.EXT holding LEN bytes of TEXT; its path in
   PATH.  */
static void
temp_file (char *path, size_t plen, const char *ext, const char *text,
           size_t len)
{
  snprintf (path, plen, "/tmp/io-reject-XXXXXX.%s", ext);
  int fd = mkstemps (path, (int) strlen (ext) + 1);
  if (fd < 0 || write (fd, text, len) != (ssize_t) len)
    {
      perror (path);
      exit (1);
    }
  close (fd);
}

/* Whether reading PATH as FORMAT and TYPE fails with "PATH:LINE: MSG".  */
static int
fails_with (const char *path, const char *format, sp_type type, int line,
            const char *msg)
{
  char where[128];
  sp_tensor *t = sp_read (path, format, type);
  snprintf (where, sizeof where, "%s:%d: ", path, line);
  if (t)
    {
      printf ("  %s was read\n", path);
      sp_free (t);
      return 0;
    }
  const char *e = sp_error ();
  if (strncmp (e, where, strlen (where)) == 0 && strstr (e, msg))
    return 1;
  printf ("  message \"%s\"\n  wanted \"%s%s\"\n", e, where, msg);
  return 0;
}

static void
check_case (const reject *c)
{
  char path[64];
  size_t len = c->len ? c->len : strlen (c->text);
  temp_file (path, sizeof path, c->ext, c->text, len);
  CHECK (fails_with (path, c->format ? c->format : "coo", c->type, c->line,
                     c->msg), "%s", c->msg);
  unlink (path);
}

/* /dev/zero under a .mtx name fails at once: in a child limited to 256
   MB and 10 seconds, so that a reader looking for the end of its first
   line fails the test rather than hangs it.  */
static void
dev_zero (void)
{
  char path[64];
  snprintf (path, sizeof path, "/tmp/io-reject-zero-%d.mtx", (int) getpid ());
  unlink (path);
  CHECK (symlink ("/dev/zero", path) == 0, "symlink %s", path);
  fflush (stdout);
  pid_t pid = fork ();
  if (pid == 0)
    {
      struct rlimit r = { 256 << 20, 256 << 20 };
      setrlimit (RLIMIT_AS, &r);
      alarm (10);
      _exit (!fails_with (path, "coo", SP_F64, 1,
                          "NUL byte: not a text file"));
    }
  int st = 0;
  waitpid (pid, &st, 0);
  CHECK (WIFEXITED (st) && WEXITSTATUS (st) == 0, "/dev/zero: %s",
         WIFSIGNALED (st) ? strsignal (WTERMSIG (st)) : "wrong message");
  unlink (path);
}

/* CRLF line ends are still read.  */
static void
crlf (void)
{
  char path[64];
  const char *text = BANNER "integer general\r\n2 2 1\r\n2 1 -5\r\n";
  temp_file (path, sizeof path, "mtx", text, strlen (text));
  int64_t out[4];
  sp_tensor *t = sp_read (path, "csr", SP_I64);
  CHECK (t && sp_to_dense (t, out) == 0 && out[2] == -5 && out[1] == 0,
         "CRLF: %s", t ? "wrong values" : sp_error ());
  sp_free (t);
  unlink (path);
}

int
main (void)
{
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
    check_case (&cases[k]);
  dev_zero ();
  crlf ();
  printf ("%d checks, %d failures\n", checks, failures);
  return failures != 0;
}
