/* { dg-do run } */
/* Format strings that parse: the named formats' exact expansions, the
   mapping forms of the spec, options, case and blanks, printing, equality
   and round trips.  */

#include <stdio.h>
#include <string.h>
#include "sparse_format.h"
#include "internal.h"

static int failures;
static int checks;

/* One expected level: type, kind, dim, dim2, k.  */
typedef struct want_level
{
  int type, kind, dim, dim2;
  long long k;
} want_level;

#define D SP_LVL_D
#define CU SP_LVL_CU
#define CN SP_LVL_CN
#define S SP_LVL_S
#define O SP_LVL_O
#define VAR SP_LX_VAR
#define DIV SP_LX_DIV
#define MOD SP_LX_MOD
#define DIFF SP_LX_DIFF
#define COUNT SP_LX_COUNT

static void
bad (const char *s, int rank, const char *what)
{
  fprintf (stderr, "FAIL: \"%s\" (rank %d): %s\n", s, rank, what);
  failures++;
}

/* Parse S for RANK and check every field against the expectation.  */
static void
check_parse (const char *s, int rank, int want_rank, int posw, int crdw,
             int n, const want_level *w)
{
  sp_format f;
  sp_format_error err;
  char what[300];

  checks++;
  if (sp_format_parse (s, rank, &f, &err) != 0)
    {
      snprintf (what, sizeof what, "parse failed at %d: %s", err.offset,
                err.msg);
      bad (s, rank, what);
      return;
    }
  if (f.rank != want_rank || f.nlevels != n || f.posw != posw
      || f.crdw != crdw)
    {
      snprintf (what, sizeof what, "rank %d nlevels %d posw %d crdw %d, "
                "expected %d %d %d %d", f.rank, f.nlevels, f.posw, f.crdw,
                want_rank, n, posw, crdw);
      bad (s, rank, what);
      return;
    }
  for (int l = 0; l < n; l++)
    {
      const sp_level_fmt *g = &f.lv[l];

      if (g->type != w[l].type || g->kind != w[l].kind
          || g->dim != w[l].dim || g->dim2 != w[l].dim2
          || g->k != w[l].k)
        {
          snprintf (what, sizeof what, "level %d is {type %d kind %d dim %d "
                    "dim2 %d k %lld}, expected {%d %d %d %d %lld}", l,
                    g->type, g->kind, g->dim, g->dim2, (long long) g->k,
                    w[l].type, w[l].kind, w[l].dim, w[l].dim2, w[l].k);
          bad (s, rank, what);
        }
    }
}

#define PARSE(s, rank, want_rank, ...)                                  \
  do                                                                    \
    {                                                                   \
      static const want_level w_[] = { __VA_ARGS__ };                   \
      check_parse (s, rank, want_rank, 32, 32,                          \
                   (int) (sizeof w_ / sizeof w_[0]), w_);               \
    }                                                                   \
  while (0)

#define PARSE_W(s, rank, want_rank, posw, crdw, ...)                    \
  do                                                                    \
    {                                                                   \
      static const want_level w_[] = { __VA_ARGS__ };                   \
      check_parse (s, rank, want_rank, posw, crdw,                      \
                   (int) (sizeof w_ / sizeof w_[0]), w_);               \
    }                                                                   \
  while (0)

/* A and B (both must parse for RANK) are the same format.  */
static void
check_same (const char *a, const char *b, int rank)
{
  sp_format fa, fb;
  sp_format_error err;

  checks++;
  if (sp_format_parse (a, rank, &fa, &err) != 0)
    {
      bad (a, rank, err.msg);
      return;
    }
  if (sp_format_parse (b, rank, &fb, &err) != 0)
    {
      bad (b, rank, err.msg);
      return;
    }
  if (!sp_format_equal (&fa, &fb) || !sp_format_equal (&fb, &fa))
    bad (a, rank, b);
}

/* S parses for RANK and prints as WANT, which parses back to an equal
   format and prints the same again.  */
static void
check_print (const char *s, int rank, const char *want)
{
  sp_format f, g;
  sp_format_error err;
  char buf[256], again[256], what[600];

  checks++;
  if (sp_format_parse (s, rank, &f, &err) != 0)
    {
      bad (s, rank, err.msg);
      return;
    }
  if (sp_format_print (&f, buf, sizeof buf) != buf || strcmp (buf, want))
    {
      snprintf (what, sizeof what, "prints as \"%s\", expected \"%s\"", buf,
                want);
      bad (s, rank, what);
      return;
    }
  if (sp_format_parse (buf, 0, &g, &err) != 0)
    {
      snprintf (what, sizeof what, "printed \"%s\" does not parse: %s", buf,
                err.msg);
      bad (s, rank, what);
      return;
    }
  if (!sp_format_equal (&f, &g))
    {
      bad (s, rank, "printed form parses to a different format");
      return;
    }
  if (strcmp (sp_format_print (&g, again, sizeof again), buf))
    bad (s, rank, "printing is not stable");
}

static void
test_named (void)
{
  PARSE ("csr", 0, 2, { D, VAR, 0, 0, 0 }, { CU, VAR, 1, 0, 0 });
  PARSE ("csr", 2, 2, { D, VAR, 0, 0, 0 }, { CU, VAR, 1, 0, 0 });
  PARSE ("csc", 0, 2, { D, VAR, 1, 0, 0 }, { CU, VAR, 0, 0, 0 });
  PARSE ("dcsr", 2, 2, { CU, VAR, 0, 0, 0 }, { CU, VAR, 1, 0, 0 });
  PARSE ("dcsc", 0, 2, { CU, VAR, 1, 0, 0 }, { CU, VAR, 0, 0, 0 });
  PARSE ("ell", 0, 2, { D, COUNT, 0, 0, 0 }, { D, VAR, 0, 0, 0 },
         { S, VAR, 1, 0, 0 });
  PARSE ("dia", 2, 2, { CU, DIFF, 1, 0, 0 }, { D, VAR, 0, 0, 0 },
         { O, VAR, 1, 0, 0 });
  PARSE ("bcsr(4,4)", 0, 2, { D, DIV, 0, 0, 4 }, { CU, DIV, 1, 0, 4 },
         { D, MOD, 0, 0, 4 }, { D, MOD, 1, 0, 4 });
  PARSE ("bcsr(2,3)", 2, 2, { D, DIV, 0, 0, 2 }, { CU, DIV, 1, 0, 3 },
         { D, MOD, 0, 0, 2 }, { D, MOD, 1, 0, 3 });
  PARSE ("dense", 1, 1, { D, VAR, 0, 0, 0 });
  PARSE ("dense", 2, 2, { D, VAR, 0, 0, 0 }, { D, VAR, 1, 0, 0 });
  PARSE ("dense", 3, 3, { D, VAR, 0, 0, 0 }, { D, VAR, 1, 0, 0 },
         { D, VAR, 2, 0, 0 });
  PARSE ("coo", 1, 1, { CN, VAR, 0, 0, 0 });
  PARSE ("coo", 2, 2, { CN, VAR, 0, 0, 0 }, { S, VAR, 1, 0, 0 });
  PARSE ("coo", 3, 3, { CN, VAR, 0, 0, 0 }, { S, VAR, 1, 0, 0 },
         { S, VAR, 2, 0, 0 });
  PARSE ("csf", 3, 3, { CU, VAR, 0, 0, 0 }, { CU, VAR, 1, 0, 0 },
         { CU, VAR, 2, 0, 0 });
  PARSE ("csf", 8, 8, { CU, VAR, 0, 0, 0 }, { CU, VAR, 1, 0, 0 },
         { CU, VAR, 2, 0, 0 }, { CU, VAR, 3, 0, 0 }, { CU, VAR, 4, 0, 0 },
         { CU, VAR, 5, 0, 0 }, { CU, VAR, 6, 0, 0 }, { CU, VAR, 7, 0, 0 });
  PARSE ("coo", 8, 8, { CN, VAR, 0, 0, 0 }, { S, VAR, 1, 0, 0 },
         { S, VAR, 2, 0, 0 }, { S, VAR, 3, 0, 0 }, { S, VAR, 4, 0, 0 },
         { S, VAR, 5, 0, 0 }, { S, VAR, 6, 0, 0 }, { S, VAR, 7, 0, 0 });
}

static void
test_levels_and_mappings (void)
{
  PARSE ("D,CU", 0, 2, { D, VAR, 0, 0, 0 }, { CU, VAR, 1, 0, 0 });
  PARSE ("CU,CU", 2, 2, { CU, VAR, 0, 0, 0 }, { CU, VAR, 1, 0, 0 });
  PARSE ("CN,S", 0, 2, { CN, VAR, 0, 0, 0 }, { S, VAR, 1, 0, 0 });
  PARSE ("CU,CU,CU", 3, 3, { CU, VAR, 0, 0, 0 }, { CU, VAR, 1, 0, 0 },
         { CU, VAR, 2, 0, 0 });
  PARSE ("CN,S,D", 0, 3, { CN, VAR, 0, 0, 0 }, { S, VAR, 1, 0, 0 },
         { D, VAR, 2, 0, 0 });
  PARSE ("CU", 1, 1, { CU, VAR, 0, 0, 0 });
  PARSE ("D,D,D,D,D,D,D,CU", 8, 8, { D, VAR, 0, 0, 0 }, { D, VAR, 1, 0, 0 },
         { D, VAR, 2, 0, 0 }, { D, VAR, 3, 0, 0 }, { D, VAR, 4, 0, 0 },
         { D, VAR, 5, 0, 0 }, { D, VAR, 6, 0, 0 }, { CU, VAR, 7, 0, 0 });
  PARSE ("(i,j)->(j:D,i:CU)", 2, 2, { D, VAR, 1, 0, 0 },
         { CU, VAR, 0, 0, 0 });
  PARSE ("(i,j)->(i/4:D,j/4:CU,i%4:D,j%4:D)", 0, 2, { D, DIV, 0, 0, 4 },
         { CU, DIV, 1, 0, 4 }, { D, MOD, 0, 0, 4 }, { D, MOD, 1, 0, 4 });
  PARSE ("(i,j)->(#i:D,i:D,j:S)", 0, 2, { D, COUNT, 0, 0, 0 },
         { D, VAR, 0, 0, 0 }, { S, VAR, 1, 0, 0 });
  PARSE ("(i,j)->(j-i:CU,i:D,j:O)", 2, 2, { CU, DIFF, 1, 0, 0 },
         { D, VAR, 0, 0, 0 }, { O, VAR, 1, 0, 0 });
  /* The user's names; i-j reads dimension of i minus dimension of j.  */
  PARSE ("(row,col)->(row-col:D,col:D,row:O)", 0, 2, { D, DIFF, 0, 1, 0 },
         { D, VAR, 1, 0, 0 }, { O, VAR, 0, 0, 0 });
  PARSE ("(a,b,c)->(c:CU,a:CU,b:CU)", 3, 3, { CU, VAR, 2, 0, 0 },
         { CU, VAR, 0, 0, 0 }, { CU, VAR, 1, 0, 0 });
  PARSE ("(i)->(i/8:CU,i%8:D)", 1, 1, { CU, DIV, 0, 0, 8 },
         { D, MOD, 0, 0, 8 });
  /* Blocked halves in either order, and a difference after its partner.  */
  PARSE ("(i,j)->(i%2:D,i/2:D,j:CU)", 0, 2, { D, MOD, 0, 0, 2 },
         { D, DIV, 0, 0, 2 }, { CU, VAR, 1, 0, 0 });
  PARSE ("(i,j)->(i:D,j-i:CU,j:O)", 0, 2, { D, VAR, 0, 0, 0 },
         { CU, DIFF, 1, 0, 0 }, { O, VAR, 1, 0, 0 });
  PARSE ("(i,j)->(i/2:D,i%2:D,j-i:CU,j:O)", 0, 2, { D, DIV, 0, 0, 2 },
         { D, MOD, 0, 0, 2 }, { CU, DIFF, 1, 0, 0 }, { O, VAR, 1, 0, 0 });
  PARSE ("(i,j)->(i/9223372036854775807:D,j:CU,i%9223372036854775807:D)",
         0, 2, { D, DIV, 0, 0, 9223372036854775807LL },
         { CU, VAR, 1, 0, 0 }, { D, MOD, 0, 0, 9223372036854775807LL });

  check_same ("csc", "(i,j)->(j:D,i:CU)", 0);
  check_same ("dcsc", "(i,j)->(j:CU,i:CU)", 2);
  check_same ("bcsr(4,4)", "(i,j)->(i/4:D,j/4:CU,i%4:D,j%4:D)", 0);
  check_same ("ell", "(i,j)->(#i:D,i:D,j:S)", 0);
  check_same ("dia", "(i,j)->(j-i:CU,i:D,j:O)", 2);
  check_same ("csr", "D,CU", 0);
  check_same ("csr", "(i,j)->(i:D,j:CU)", 0);
  check_same ("coo", "CN,S", 2);
  check_same ("csf", "CU,CU,CU", 3);
  check_same ("dense", "D,D,D,D", 4);
  check_same ("CN,S,D", "(x,y,z)->(x:CN,y:S,z:D)", 0);
}

static void
test_options_case_blanks (void)
{
  PARSE_W ("D,CU;pos=64", 0, 2, 64, 32, { D, VAR, 0, 0, 0 },
           { CU, VAR, 1, 0, 0 });
  PARSE_W ("D,CU;crd=16;pos=8", 2, 2, 8, 16, { D, VAR, 0, 0, 0 },
           { CU, VAR, 1, 0, 0 });
  PARSE_W ("csr;pos=64;crd=64", 0, 2, 64, 64, { D, VAR, 0, 0, 0 },
           { CU, VAR, 1, 0, 0 });
  PARSE_W ("coo;crd=8", 2, 2, 32, 8, { CN, VAR, 0, 0, 0 },
           { S, VAR, 1, 0, 0 });
  PARSE_W ("bcsr(2,2);pos=16", 0, 2, 16, 32, { D, DIV, 0, 0, 2 },
           { CU, DIV, 1, 0, 2 }, { D, MOD, 0, 0, 2 }, { D, MOD, 1, 0, 2 });
  PARSE_W ("(i,j)->(j:D,i:CU);pos=32;crd=32", 0, 2, 32, 32,
           { D, VAR, 1, 0, 0 }, { CU, VAR, 0, 0, 0 });
  PARSE_W (" \tD ,\n C U ;\t P O S = 1 6 ", 0, 2, 16, 32,
           { D, VAR, 0, 0, 0 }, { CU, VAR, 1, 0, 0 });

  check_same ("CSR", "csr", 0);
  check_same ("Csc", "csc", 0);
  check_same ("d,cu", "D,CU", 0);
  check_same ("cN , s", "CN,S", 0);
  check_same ("  dense  ", "D,D", 2);
  check_same ("BCSR ( 4 , 4 )", "bcsr(4,4)", 0);
  check_same ("( I , J ) - > ( J : d , I : Cu )", "csc", 0);
  check_same ("(i,j)->(I/4:D,J/4:CU,i%4:d,j%4:d)", "bcsr(4,4)", 0);
  check_same ("(Row,Col)->(#row:D,ROW:D,col:s)", "ell", 0);
  check_same ("(i, j) -> (j - i : cu, i : d, j : o)", "dia", 0);
  check_same ("D,CU;POS=64;Crd=8", "D,CU;crd=8;pos=64", 0);
  check_same ("csr;pos=32", "csr", 0);
}

static void
test_print (void)
{
  check_print ("csr", 0, "D,CU");
  check_print ("csc", 0, "(i,j)->(j:D,i:CU)");
  check_print ("dcsr", 0, "CU,CU");
  check_print ("dcsc", 0, "(i,j)->(j:CU,i:CU)");
  check_print ("coo", 3, "CN,S,S");
  check_print ("dense", 1, "D");
  check_print ("csf", 4, "CU,CU,CU,CU");
  check_print ("ell", 0, "(i,j)->(#i:D,i:D,j:S)");
  check_print ("dia", 0, "(i,j)->(j-i:CU,i:D,j:O)");
  check_print ("bcsr(4,2)", 0, "(i,j)->(i/4:D,j/2:CU,i%4:D,j%2:D)");
  check_print ("CN,S,D", 0, "CN,S,D");
  check_print ("(x,y)->(x:D,y:CU)", 0, "D,CU");
  check_print ("(a,b,c)->(c:D,b:CU,a:CU)", 0, "(i,j,k)->(k:D,j:CU,i:CU)");
  check_print ("(r,c)->(c-r:CU,r:D,c:O)", 0, "(i,j)->(j-i:CU,i:D,j:O)");
  check_print ("(r,c)->(r-c:CU,c:D,r:O)", 0, "(i,j)->(i-j:CU,j:D,i:O)");
  check_print ("csr;pos=64", 0, "D,CU;pos=64");
  check_print ("csr;crd=16", 0, "D,CU;crd=16");
  check_print ("csc;crd=8;pos=16", 0, "(i,j)->(j:D,i:CU);pos=16;crd=8");
  check_print ("(a,b,c,d,e,f,g,h)->(h:D,g:D,f:D,e:D,d:D,c:D,b:D,a:CU)", 0,
               "(i,j,k,l,m,n,o,p)->(p:D,o:D,n:D,m:D,l:D,k:D,j:D,i:CU)");
  check_print ("(a,b,c,d,e,f,g,h)->(a:CN,b:S,c:S,d:S,e:S,f:S,g:S,h:S)", 0,
               "CN,S,S,S,S,S,S,S");
  check_print ("(i,j)->(i/9223372036854775807:D,j:CU,"
               "i%9223372036854775807:D);pos=64;crd=64", 0,
               "(i,j)->(i/9223372036854775807:D,j:CU,"
               "i%9223372036854775807:D);pos=64;crd=64");
}

/* Every field of sp_format_equal matters, and only where meaningful.  */
static void
test_equal (void)
{
  sp_format a, b;
  sp_format_error err;

  checks++;
  if (sp_format_parse ("dia", 0, &a, &err) != 0)
    {
      bad ("dia", 0, err.msg);
      return;
    }
  b = a;
  if (!sp_format_equal (&a, &b) || !sp_format_equal (NULL, NULL)
      || sp_format_equal (&a, NULL) || sp_format_equal (NULL, &b))
    bad ("dia", 0, "equal with itself / NULL");
#define DIFFERS(field, value)                                           \
  do                                                                    \
    {                                                                   \
      b = a;                                                            \
      b.field = value;                                                  \
      if (sp_format_equal (&a, &b))                                     \
        bad ("dia", 0, "equal despite a different " #field);           \
    }                                                                   \
  while (0)
  DIFFERS (rank, 3);
  DIFFERS (nlevels, 2);
  DIFFERS (posw, 64);
  DIFFERS (crdw, 8);
  DIFFERS (lv[0].type, SP_LVL_D);
  DIFFERS (lv[1].kind, SP_LX_COUNT);
  DIFFERS (lv[2].dim, 0);
  DIFFERS (lv[0].dim2, 1);
  /* k means nothing to a difference, and dim2 nothing to a variable.  */
  b = a;
  b.lv[0].k = 7;
  b.lv[1].dim2 = 1;
  if (!sp_format_equal (&a, &b))
    bad ("dia", 0, "k of a difference or dim2 of a variable compared");
  /* Levels past nlevels are not compared.  */
  b = a;
  b.lv[5].type = SP_LVL_CU;
  if (!sp_format_equal (&a, &b))
    bad ("dia", 0, "unused levels compared");

  if (sp_format_parse ("bcsr(4,4)", 0, &a, &err) != 0)
    {
      bad ("bcsr(4,4)", 0, err.msg);
      return;
    }
  DIFFERS (lv[0].k, 2);
  DIFFERS (lv[3].k, 8);
#undef DIFFERS
}

/* Printing into small buffers truncates and stays a C string.  */
static void
test_print_limits (void)
{
  sp_format f;
  sp_format_error err;
  char small[6], one[1], buf[64];

  checks++;
  if (sp_format_parse ("csc", 0, &f, &err) != 0)
    {
      bad ("csc", 0, err.msg);
      return;
    }
  memset (small, 'x', sizeof small);
  if (strcmp (sp_format_print (&f, small, sizeof small), "(i,j)"))
    bad ("csc", 0, "not truncated to \"(i,j)\" in 6 bytes");
  one[0] = 'x';
  if (sp_format_print (&f, one, 1) != one || one[0] != 0)
    bad ("csc", 0, "1-byte buffer not emptied");
  if (sp_format_print (&f, NULL, 0) != NULL)
    bad ("csc", 0, "NULL buffer");
  if (strcmp (sp_format_print (NULL, small, sizeof small), ""))
    bad ("NULL", 0, "NULL format does not print as \"\"");
  /* A struct no parse produces still prints, with '?' for nonsense.  */
  memset (&f, 0, sizeof f);
  f.rank = 2;
  f.nlevels = 2;
  f.posw = f.crdw = 32;
  f.lv[0].type = 9;
  f.lv[1].kind = 9;
  f.lv[1].dim = 200;
  if (strcmp (sp_format_print (&f, buf, sizeof buf), "(i,j)->(i:?,?:D)"))
    bad ("garbage", 0, buf);
  f.rank = f.nlevels = 1000;
  if (strcmp (sp_format_print (&f, buf, sizeof buf),
              "(i,j,k,l,m,n,o,p)->(i:?,?:D,i:D,i:D,i:D,i:D,i:D,i:D)"))
    bad ("garbage", 0, buf);
}

/* The runtime's wrapper: a failed parse becomes the thread's last error,
   and a failed parse leaves the output alone.  */
static void
test_runtime_wrapper (void)
{
  sp_format f, keep;
  const char *want = "bad format \"D,CX\" at character 3: unknown level "
                     "type \"CX\" (expected D, CU, CN, S or O)";

  checks++;
  if (sp__parse_format ("dcsr", 2, &f) != 0 || f.lv[0].type != SP_LVL_CU)
    bad ("dcsr", 2, sp_error ());
  keep = f;
  if (sp__parse_format ("D,CX", 2, &f) != -1)
    bad ("D,CX", 2, "accepted");
  else if (strcmp (sp_error (), want))
    bad ("D,CX", 2, sp_error ());
  if (memcmp (&f, &keep, sizeof f))
    bad ("D,CX", 2, "output changed by a failed parse");
  if (sp__parse_format (NULL, 2, &f) != -1
      || !strstr (sp_error (), "NULL"))
    bad ("NULL", 2, sp_error ());
}

int
main (void)
{
  test_named ();
  test_levels_and_mappings ();
  test_options_case_blanks ();
  test_print ();
  test_equal ();
  test_print_limits ();
  test_runtime_wrapper ();
  if (failures)
    {
      fprintf (stderr, "format-parse: %d of %d checks failed\n", failures,
               checks);
      return 1;
    }
  printf ("format-parse: %d checks passed\n", checks);
  return 0;
}
