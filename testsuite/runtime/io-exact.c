/* { dg-do run } */
/* Values read and written exactly: Matrix Market integer files (general
   and symmetric), real files and .tns files holding 64-bit integers past
   2^53 and the ends of int64 and int32, read into each element type
   (integers exactly, floats rounded once from the text, as C converts an
   integer), then written with sp_write and read back to the same bits.  */

#define _DEFAULT_SOURCE /* mkstemps */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sparse.h"
#include "rt-check.h"

#define N 14

/* The values of column 1, rows 1..N.  */
static const int64_t ints[N] = {
  9007199254740993LL,         /* 2^53 + 1: no double holds it */
  INT64_MIN, INT64_MIN + 1, INT64_MAX, INT32_MIN, INT32_MAX,
  123456789012345678LL, -9223372036854775807LL, -1, 7,
  9007199791611905LL,         /* 2^53 + 2^29 + 1: through a double, a
                                 float would round to 2^53 */
  16777217,                   /* 2^24 + 1: a float tie, to even */
  -4611686018427387905LL, 1000000000000000001LL
};

static const char *const type_name[] = { "f64", "f32", "i64", "i32" };

/* A temporary file named *.EXT holding TEXT; its path in PATH.  */
static void
temp_file (char *path, size_t len, const char *ext, const char *text)
{
  snprintf (path, len, "/tmp/io-exact-XXXXXX.%s", ext);
  int fd = mkstemps (path, (int) strlen (ext) + 1);
  if (fd < 0 || write (fd, text, strlen (text)) != (ssize_t) strlen (text))
    {
      perror (path);
      exit (1);
    }
  close (fd);
}

/* The dense contents of T (at most 64 elements) as 8-byte slots: int64,
   or the bits of a double (f64) or a float (f32).  */
static int
dense_bits (const sp_tensor *t, sp_type type, int64_t n, uint64_t *out)
{
  union { double d[64]; float f[64]; int64_t l[64]; int32_t i[64]; } u;
  if (n > 64 || sp_to_dense (t, &u))
    return -1;
  for (int64_t k = 0; k < n; k++)
    switch (type)
      {
      case SP_F64: memcpy (&out[k], &u.d[k], 8); break;
      case SP_F32: { uint32_t b; memcpy (&b, &u.f[k], 4); out[k] = b; break; }
      case SP_I64: out[k] = (uint64_t) u.l[k]; break;
      default: out[k] = (uint64_t) (int64_t) u.i[k]; break;
      }
  return 0;
}

/* The float nearest X (ties to even), by integer arithmetic: memcheck
   converts an int64_t to a float through a double, rounding twice.  */
static float
nearest_float (int64_t x)
{
  uint64_t m = x < 0 ? -(uint64_t) x : (uint64_t) x;
  int e = 0;
  while ((m >> e) >= (1ull << 24))
    e++;
  if (e)
    {
      uint64_t rest = m & ((1ull << e) - 1), half = 1ull << (e - 1);
      m >>= e;
      if (rest > half || (rest == half && (m & 1)))
        m++;
    }
  float f = ldexpf ((float) m, e);
  return x < 0 ? -f : f;
}

/* Integer X as TYPE's bits, as C converts it.  */
static uint64_t
expect_int (sp_type type, int64_t x)
{
  double d = (double) x;
  float f = nearest_float (x);
  uint32_t b;
  uint64_t r;
  switch (type)
    {
    case SP_F64: memcpy (&r, &d, 8); return r;
    case SP_F32: memcpy (&b, &f, 4); return b;
    default: return (uint64_t) x;
    }
}

/* Read PATH as FORMAT and TYPE and check its dense contents, N1 x N2
   elements, against WANT; then write it as a .mtx or .tns file (by
   EXT) and check that reading that gives the same bits.  */
static void
check_read (const char *what, const char *path, const char *format,
            sp_type type, int64_t n, const uint64_t *want, const char *ext)
{
  uint64_t got[64];
  sp_tensor *t = sp_read (path, format, type);
  CHECK (t, "%s into %s: %s", what, type_name[type], sp_error ());
  if (!t)
    return;
  CHECK (dense_bits (t, type, n, got) == 0, "%s", sp_error ());
  for (int64_t k = 0; k < n; k++)
    CHECK (got[k] == want[k], "%s into %s %s: element %lld is %#llx, not "
           "%#llx", what, type_name[type], format, (long long) k,
           (unsigned long long) got[k], (unsigned long long) want[k]);
  char out[64];
  snprintf (out, sizeof out, "/tmp/io-exact-XXXXXX.%s", ext);
  int fd = mkstemps (out, (int) strlen (ext) + 1);
  close (fd);
  CHECK (sp_write (t, out) == 0, "%s: %s", out, sp_error ());
  sp_tensor *u = sp_read (out, format, type);
  CHECK (u, "%s written and read back: %s", what, sp_error ());
  if (u)
    {
      CHECK (dense_bits (u, type, n, got) == 0, "%s", sp_error ());
      for (int64_t k = 0; k < n; k++)
        CHECK (got[k] == want[k], "%s into %s %s, written and read back: "
               "element %lld is %#llx, not %#llx", what, type_name[type],
               format, (long long) k, (unsigned long long) got[k],
               (unsigned long long) want[k]);
      sp_free (u);
    }
  unlink (out);
  sp_free (t);
}

/* An integer general file of the values in column 1 (of 2) and 5 at
   (N, 2), so that a .tns file written from it has the same extents, and
   the same as a .tns file of rank 3 (extents N x 2 x 1), into every
   type (the i32 reads take the values that fit).  */
static void
integer_files (void)
{
  static const char *const formats[] = { "coo", "csr", "dcsc", "dense" };
  char text[4096], tns[4096], path[64], tpath[64];
  int p = 0, q = 0;
  uint64_t want[2 * N];
  p += sprintf (text + p, "%%%%MatrixMarket matrix coordinate integer "
                "general\n%d 2 %d\n%d 2 5\n", N, N + 1, N);
  q += sprintf (tns + q, "3 %d\n%d 2 1\n%d 2 1 5\n", N + 1, N, N);
  for (int k = 0; k < N; k++)
    {
      p += sprintf (text + p, "%d 1 %lld\n", k + 1, (long long) ints[k]);
      q += sprintf (tns + q, "%d 1 1 %lld\n", k + 1, (long long) ints[k]);
    }
  temp_file (path, sizeof path, "mtx", text);
  temp_file (tpath, sizeof tpath, "tns", tns);
  for (sp_type type = SP_F64; type <= SP_I64; type++)
    {
      for (int k = 0; k < N; k++)
        {
          want[2 * k] = expect_int (type, ints[k]);
          want[2 * k + 1] = 0;
        }
      want[2 * N - 1] = expect_int (type, 5);
      for (int f = 0; f < 4; f++)
        {
          check_read ("integer .mtx", path, formats[f], type, 2 * N, want,
                      "mtx");
          check_read ("integer .mtx", path, formats[f], type, 2 * N, want,
                      "tns");
        }
      check_read ("integer .tns", tpath, "csf", type, 2 * N, want, "tns");
      check_read ("integer .tns", tpath, "coo", type, 2 * N, want, "tns");
    }
  unlink (path);
  unlink (tpath);

  /* Into i32: the values that fit.  */
  p = sprintf (text, "%%%%MatrixMarket matrix coordinate integer general\n"
               "3 1 3\n1 1 %d\n2 1 %d\n3 1 -7\n", INT32_MIN, INT32_MAX);
  temp_file (path, sizeof path, "mtx", text);
  want[0] = (uint64_t) (int64_t) INT32_MIN;
  want[1] = INT32_MAX;
  want[2] = (uint64_t) (int64_t) -7;
  check_read ("i32 .mtx", path, "csr", SP_I32, 3, want, "mtx");
  check_read ("i32 .mtx", path, "coo", SP_I32, 3, want, "tns");
  unlink (path);
}

/* Symmetric and skew-symmetric integer files, mirrored exactly, and an
   integer array file.  */
static void
symmetric_file (void)
{
  char path[64];
  uint64_t want[9] = { 0 };
  temp_file (path, sizeof path, "mtx",
             "%%MatrixMarket matrix coordinate integer symmetric\n"
             "3 3 4\n"
             "2 1 9223372036854775807\n"
             "3 1 9007199254740993\n"
             "3 3 -9223372036854775808\n"
             "3 2 -9007199254740993\n");
  want[1] = want[3] = INT64_MAX;
  want[2] = want[6] = 9007199254740993ULL;
  want[8] = (uint64_t) INT64_MIN;
  want[5] = want[7] = (uint64_t) -9007199254740993LL;
  check_read ("symmetric .mtx", path, "csr", SP_I64, 9, want, "mtx");
  check_read ("symmetric .mtx", path, "coo", SP_I64, 9, want, "mtx");
  unlink (path);

  /* Skew-symmetric: the mirror image negated as an integer.  */
  temp_file (path, sizeof path, "mtx",
             "%%MatrixMarket matrix coordinate integer skew-symmetric\n"
             "2 2 1\n"
             "2 1 9007199254740993\n");
  want[0] = want[3] = 0;
  want[1] = (uint64_t) -9007199254740993LL;
  want[2] = 9007199254740993ULL;
  check_read ("skew-symmetric .mtx", path, "csr", SP_I64, 4, want, "mtx");
  unlink (path);

  /* Array storage, column by column.  */
  temp_file (path, sizeof path, "mtx",
             "%%MatrixMarket matrix array integer general\n"
             "2 2\n"
             "9223372036854775807\n-9223372036854775808\n"
             "0\n9007199254740993\n");
  want[0] = INT64_MAX;
  want[1] = 0;
  want[2] = (uint64_t) INT64_MIN;
  want[3] = 9007199254740993ULL;
  check_read ("array .mtx", path, "coo", SP_I64, 4, want, "mtx");
  unlink (path);
}

/* Real files: integers written as decimals stay exact in integer types,
   and a float is rounded once from the text (a double nearest to the
   text lies on a tie between two floats here).  */
static void
real_files (void)
{
  char path[64], tpath[64];
  uint64_t want[4];
  float f1 = 1.00000011920928955078125f, f2 = -3.4028234663852886e38f;
  uint32_t b;
  temp_file (path, sizeof path, "mtx",
             "%%MatrixMarket matrix coordinate real general\n"
             "2 2 4\n"
             "1 1 9007199254740993\n"
             "1 2 9.007199254740995e15\n"
             "2 1 -922337203685477580.7e1\n"
             "2 2 12345678901234567800e-2\n");
  want[0] = 9007199254740993ULL;
  want[1] = 9007199254740995ULL;
  want[2] = (uint64_t) (INT64_MIN + 1);
  want[3] = 123456789012345678ULL;
  check_read ("real .mtx", path, "csr", SP_I64, 4, want, "mtx");
  unlink (path);

  temp_file (path, sizeof path, "mtx",
             "%%MatrixMarket matrix coordinate real general\n"
             "2 2 3\n"
             "1 1 1.00000005960464477539062500000000001\n"
             "2 1 -3.40282350000000000001e38\n"
             "2 2 0.1\n");
  temp_file (tpath, sizeof tpath, "tns",
             "1 1 1.00000005960464477539062500000000001\n"
             "2 1 -3.40282350000000000001e38\n"
             "2 2 0.1\n");
  memcpy (&b, &f1, 4);
  want[0] = b;
  want[1] = 0;
  memcpy (&b, &f2, 4);
  want[2] = b;
  f1 = 0.1f;
  memcpy (&b, &f1, 4);
  want[3] = b;
  check_read ("real .mtx", path, "coo", SP_F32, 4, want, "mtx");
  check_read ("real .mtx", path, "csr", SP_F32, 4, want, "tns");
  check_read ("real .tns", tpath, "csr", SP_F32, 4, want, "tns");
  unlink (path);
  unlink (tpath);
}

int
main (void)
{
  integer_files ();
  symmetric_file ();
  real_files ();
  printf ("%d checks, %d failures\n", checks, failures);
  return failures != 0;
}
