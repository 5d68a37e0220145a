/* { dg-do run } */
/* Malformed format strings: each is rejected at the offending character
   with a message that says what is wrong, and nothing crashes.  */

#include <stdio.h>
#include <string.h>
#include "sparse_format.h"
#include "internal.h"

typedef struct bad_format
{
  const char *s;
  int rank;          /* the tensor's rank, 0 when unknown */
  int offset;        /* where the error points */
  const char *msg;   /* a substring of the message */
} bad_format;

static const bad_format cases[] = {
  /* Lexical and syntactic errors.  */
  { "", 0, 0, "empty format" },
  { "   ", 2, 3, "empty format" },
  { "D,CX", 0, 2, "unknown level type \"CX\" (expected D, CU, CN, S or O)" },
  { "D, C X", 0, 3, "unknown level type \"C X\"" },
  { "csrr", 0, 0, "unknown format \"csrr\"" },
  { "D,,CU", 0, 2, "expected a level type" },
  { "D,CU,", 0, 5, "expected a level type (D, CU, CN, S or O) but found "
    "the end" },
  { "D,CU x", 0, 2, "unknown level type \"CU x\"" },
  { "D,CU)", 0, 4, "unexpected ')' after the format" },
  { "csr,CU", 0, 0, "\"csr\" is a whole format" },
  { "1,2", 0, 0, "expected a format" },
  { "(i,j)->(j:D,i:CU", 0, 16, "expected ',' or ')' after a level" },
  { "(i,j)(j:D,i:CU)", 0, 5, "expected '->'" },
  { "(i,j)-(j:D,i:CU)", 0, 5, "expected '->'" },
  { "(i,j)->j:D,i:CU", 0, 7, "expected '(' and the levels" },
  { "(i,j->(j:D,i:CU)", 0, 4, "expected ',' or ')' after an index variable" },
  { "(i,j)->(j D,i:CU)", 0, 8, "\"j D\" is not an index variable" },
  { "(i,j)->(j,i:CU)", 0, 9, "expected ':' and a level type" },
  { "(i,j)->(j:,i:CU)", 0, 10, "expected a level type" },
  { "(i,j)->()", 0, 8, "expected an index variable" },
  { "()->(i:D)", 0, 1, "expected an index variable name" },
  { "(1,j)->(j:D)", 0, 1, "expected an index variable name but found '1'" },
  { "bcsr", 0, 4, "bcsr needs its block sizes" },
  { "bcsr(4,4", 0, 8, "expected ')' after the block sizes" },
  { "bcsr(4)", 0, 6, "expected ',' between the block sizes" },
  { "bcsr(0,4)", 0, 5, "block row count R must be positive" },
  { "bcsr(4,x)", 0, 7, "expected the block column count C (a positive "
    "integer)" },
  { "(i,j)->(i/0:D,j:CU,i%0:D)", 0, 10, "the block size must be positive" },
  { "(i,j)->(i/-4:D,j:CU)", 0, 10, "expected the block size" },
  { "(i,j)->(i/99999999999999999999:D,j:CU,i%4:D)", 0, 10,
    "does not fit in a 64-bit integer" },
  { "(i,j)->(i/9223372036854775808:D,j:CU)", 0, 10,
    "does not fit in a 64-bit integer" },
  { "D,CU\001", 0, 4, "unexpected byte 0x01" },
  /* Options.  */
  { "D,CU;", 0, 5, "expected an option (pos=BITS or crd=BITS)" },
  { "D,CU;pos=12", 0, 9, "pos width 12 is not 8, 16, 32 or 64" },
  { "D,CU;crd=128", 0, 9, "crd width 128 is not 8, 16, 32 or 64" },
  { "D,CU;pos=99999999999999999999", 0, 9, "the pos width is too large" },
  { "D,CU;idx=32", 0, 5, "unknown option \"idx\"" },
  { "D,CU;pos:32", 0, 8, "expected '=' after pos" },
  { "D,CU;pos 32", 0, 5, "unknown option \"pos 32\"" },
  { "D,CU;pos=", 0, 9, "expected the pos width" },
  { "D,CU;pos=8;POS=16", 0, 11, "option POS is given twice" },
  { "D,CU pos=8", 0, 2, "unknown level type \"CU pos\"" },
  /* Index variables.  */
  { "(i,i)->(i:D)", 0, 3, "index variable \"i\" is declared twice" },
  { "(i,I)->(i:D)", 0, 3, "declared twice" },
  { "(i,j)->(k:D,j:CU)", 0, 8, "\"k\" is not an index variable of the left "
    "side (i,j)" },
  { "(i,j)->(i-k:D,j:CU)", 0, 10, "\"k\" is not an index variable" },
  { "(i,j)->(i-i:D,j:CU)", 0, 10, "i-i is always 0" },
  { "(abcdefghijklmnopqrstuvwxyz_abcdefgh)->(abcdefghijklmnopqrstuvwxyz_"
    "abcdefgh:D)", 0, 1, "longer than 31 characters" },
  /* Limits and ranks.  */
  { "D,D,D,D,D,D,D,D,D", 0, 16, "more than 8 levels" },
  { "(i,j)->(i:D,j:D,i/2:D,i%2:D,j/2:D,j%2:D,#i:D,#j:D,i-j:D)", 0, 50,
    "more than 8 levels" },
  { "(a,b,c,d,e,f,g,h,q)->(a:D)", 0, 17, "more than 8 index variables" },
  { "D", 9, 0, "rank 9 is not supported" },
  { "D", -1, 0, "rank -1 is not supported" },
  { "D,CU,CU", 2, 5, "format has 3 levels but the array has rank 2" },
  { "D", 2, 1, "format has 1 level but the array has rank 2" },
  { "D , CU ;pos=64", 3, 6, "format has 2 levels but the array has rank 3" },
  { "(i,j,k)->(i:D,j:CU,k:CU)", 2, 5, "format has 3 index variables but "
    "the array has rank 2" },
  { "(i,j)->(i:D,j:CU)", 3, 4, "format has 2 index variables but the array "
    "has rank 3" },
  { "csr", 3, 0, "\"csr\" is a rank-2 format but the array has rank 3" },
  { "bcsr(2,2)", 1, 0, "rank-2 format" },
  { "  dia", 1, 2, "\"dia\" is a rank-2 format" },
  { "dense", 0, 0, "\"dense\" fits any rank and needs the array's rank" },
  { "coo", 0, 0, "e.g. CN,S for a matrix" },
  { "CSF;pos=8", 0, 0, "\"csf\" fits any rank" },
  /* Which dimensions the levels store.  */
  { "(i,j)->(i:D)", 0, 3, "no level stores j" },
  { "(i,j)->(j-i:CU,i:D)", 0, 3, "add a level j:O" },
  { "(i,j)->(i:D,i:CU)", 0, 12, "i:CU stores i a second time (i:D already "
    "does)" },
  { "(i,j)->(i:D,j:CU,i/2:D,i%2:D)", 0, 17, "stores i a second time" },
  { "(i,j)->(i/4:D,j:CU)", 0, 8, "i/4 needs a matching i%4 level" },
  { "(i,j)->(j:CU,i%4:D)", 0, 13, "i%4 needs a matching i/4 level" },
  { "(i,j)->(i/4:D,j:CU,i%2:D)", 0, 19, "i%2 does not match i/4" },
  { "(i,j)->(i/4:D,i/2:D,i%4:D,j:CU)", 0, 14, "i/2:D stores i a second "
    "time" },
  /* The rules of S, O and # levels.  */
  { "S", 0, 0, "S (singleton) cannot be the first level" },
  { "S,CU", 0, 0, "cannot be the first level" },
  { "D,S", 0, 2, "S (singleton) must come under a CU, CN or S level" },
  { "(i,j)->(j:D,i:S)", 0, 14, "must come under a CU, CN or S level" },
  { "D,O", 0, 2, "j:O needs j to follow from earlier levels" },
  { "O,D", 0, 0, "i:O needs i to follow" },
  { "(i,j)->(j:O,j-i:CU,i:D)", 0, 10, "j:O needs j to follow from earlier "
    "levels" },
  { "(i,j)->(j-i:CU,j:O,i:D)", 0, 17, "j:O needs j to follow" },
  { "(i,j)->(i/4:D,j:CU,i%4:O)", 0, 23, "O (offset) stores nothing, so it "
    "must be a plain index variable, not i%4" },
  { "(i,j)->(j-i:O,i:D,j:O)", 0, 12, "must be a plain index variable" },
  { "(i,j)->(#i:CU,i:D,j:S)", 0, 11, "#i must be a D level" },
  { "(i,j)->(#i:S,i:D,j:S)", 0, 11, "cannot be the first level" },
  { "(i,j)->(i:D,#i:D,j:S)", 0, 12, "#i must be followed by a level "
    "storing i" },
  { "(i,j)->(#i:D,#i:D,i:D,j:S)", 0, 13, "#i repeats what level #i:D "
    "stores" },
  { "(i,j)->(j-i:CU,i-j:D,i:D,j:O)", 0, 15, "i-j repeats what level j-i:CU "
    "stores" },
  { "(i,j)->(i-j:D,i-j:CU,j:D,i:O)", 0, 14, "i-j repeats what level i-j:D "
    "stores" },
};

/* Check one case; returns nonzero on a mismatch.  */
static int
check (const bad_format *c)
{
  sp_format f;
  sp_format_error err;

  if (sp_format_parse (c->s, c->rank, &f, &err) == 0)
    {
      fprintf (stderr, "FAIL: \"%s\" (rank %d) was accepted\n", c->s,
               c->rank);
      return 1;
    }
  if (err.offset != c->offset || !strstr (err.msg, c->msg))
    {
      fprintf (stderr, "FAIL: \"%s\" (rank %d): got offset %d \"%s\", "
               "expected offset %d and \"%s\"\n", c->s, c->rank, err.offset,
               err.msg, c->offset, c->msg);
      return 1;
    }
  return 0;
}

/* NULL arguments are errors, not crashes.  */
static int
check_nulls (void)
{
  sp_format f;
  sp_format_error err;
  int bad = 0;

  if (sp_format_parse (NULL, 2, &f, &err) != -1 || err.offset != 0
      || !strstr (err.msg, "NULL"))
    bad++;
  if (sp_format_parse ("csr", 2, NULL, &err) != -1)
    bad++;
  if (sp_format_parse ("D,CX", 2, &f, NULL) != -1
      || sp_format_parse ("csr", 2, &f, NULL) != 0)
    bad++;
  if (sp__parse_format (NULL, 2, &f) != -1)
    bad++;
  if (bad)
    fprintf (stderr, "FAIL: %d NULL-argument checks\n", bad);
  return bad;
}

/* The runtime's message quotes the string and counts characters from 1;
   a long string is cut short.  */
static int
check_runtime_message (void)
{
  char longfmt[400];
  sp_format f;
  int bad = 0;

  if (sp__parse_format ("(i,j)->(j:D,i:CX)", 2, &f) != -1
      || !strstr (sp_error (), "bad format \"(i,j)->(j:D,i:CX)\" at "
                  "character 15: unknown level type \"CX\""))
    bad++;
  memset (longfmt, ' ', sizeof longfmt - 2);
  memcpy (longfmt + sizeof longfmt - 5, "D,X", 3);
  longfmt[sizeof longfmt - 2] = 0;
  if (sp__parse_format (longfmt, 0, &f) != -1
      || !strstr (sp_error (), "...\" at character 398: unknown level type"))
    bad++;
  if (bad)
    fprintf (stderr, "FAIL: runtime message: %s\n", sp_error ());
  return bad;
}

int
main (void)
{
  int n = (int) (sizeof cases / sizeof cases[0]);
  int failures = 0;

  for (int i = 0; i < n; i++)
    failures += check (&cases[i]);
  failures += check_nulls ();
  failures += check_runtime_message ();
  if (failures)
    {
      fprintf (stderr, "format-errors: %d failures\n", failures);
      return 1;
    }
  printf ("format-errors: %d malformed formats rejected as expected\n", n);
  return 0;
}
