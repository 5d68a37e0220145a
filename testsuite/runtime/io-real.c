/* { dg-do run } */
/* Every real SuiteSparse matrix in shared/data/real: read, compared entry
   by entry with a plain fgets/strtod reader (symmetric storage expanded by
   hand, duplicates summed), written to /tmp, read back and compared
   again.  */

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sparse.h"
#include "internal.h"

#define REAL_DIR SPARSE_ROOT "/../shared/data/real"

typedef struct entry
{
  int64_t i, j;
  double v;
} entry;

typedef struct list
{
  entry *e;
  int64_t n, cap;
  int64_t rows, cols;
} list;

static void
add (list *l, int64_t i, int64_t j, double v)
{
  if (l->n == l->cap)
    {
      l->cap = l->cap ? 2 * l->cap : 1024;
      l->e = realloc (l->e, (size_t) l->cap * sizeof *l->e);
      if (!l->e)
        abort ();
    }
  l->e[l->n++] = (entry) { i, j, v };
}

static int
cmp_entry (const void *a, const void *b)
{
  const entry *x = a, *y = b;
  if (x->i != y->i)
    return x->i < y->i ? -1 : 1;
  return x->j < y->j ? -1 : x->j > y->j;
}

/* Sort L and add up entries with equal coordinates.  */
static void
canonical (list *l)
{
  int64_t m = 0;
  qsort (l->e, (size_t) l->n, sizeof *l->e, cmp_entry);
  for (int64_t k = 0; k < l->n; k++)
    if (m > 0 && cmp_entry (&l->e[m - 1], &l->e[k]) == 0)
      l->e[m - 1].v += l->e[k].v;
    else
      l->e[m++] = l->e[k];
  l->n = m;
}

/* The reference: coordinate files only, the way everyone reads them.  */
static int
reference (const char *path, list *l)
{
  char line[1024], banner[1024] = "";
  FILE *f = fopen (path, "r");
  long long m, n, nz;
  if (!f || !fgets (banner, sizeof banner, f))
    return -1;
  int pattern = strstr (banner, "pattern") != NULL;
  int sym = strstr (banner, "symmetric") != NULL;
  int skew = strstr (banner, "skew") != NULL;
  while (fgets (line, sizeof line, f) && line[0] == '%')
    ;
  if (sscanf (line, "%lld %lld %lld", &m, &n, &nz) != 3)
    return -1;
  l->rows = m;
  l->cols = n;
  for (long long e = 0; e < nz && fgets (line, sizeof line, f); e++)
    {
      char *p = line;
      int64_t i = strtoll (p, &p, 10) - 1, j = strtoll (p, &p, 10) - 1;
      double v = pattern ? 1.0 : strtod (p, &p);
      add (l, i, j, v);
      if (sym && i != j)
        add (l, j, i, skew ? -v : v);
    }
  fclose (f);
  canonical (l);
  return 0;
}

static int
collect (void *ctx, const int64_t *x, double v)
{
  add (ctx, x[0], x[1], v);
  return 0;
}

/* T's entries against WANT; a message and nonzero on a difference.  */
static int
compare (const char *what, const char *name, sp_tensor *t, const list *want)
{
  list got = { 0 };
  int bad = 0;
  if (!t)
    {
      printf ("FAIL %s %s: %s\n", name, what, sp_error ());
      return 1;
    }
  if (sp_dim (t, 0) != want->rows || sp_dim (t, 1) != want->cols
      || sp_nnz (t) != want->n || sp__foreach (t, collect, &got) != 0)
    bad = 1;
  else
    {
      canonical (&got);
      bad = got.n != want->n;
      for (int64_t k = 0; !bad && k < got.n; k++)
        bad = cmp_entry (&got.e[k], &want->e[k]) != 0
              || memcmp (&got.e[k].v, &want->e[k].v, sizeof (double)) != 0;
    }
  if (bad)
    printf ("FAIL %s %s: %lldx%lld with %lld entries, wanted %lldx%lld "
            "with %lld\n", name, what, (long long) sp_dim (t, 0),
            (long long) sp_dim (t, 1), (long long) sp_nnz (t),
            (long long) want->rows, (long long) want->cols,
            (long long) want->n);
  free (got.e);
  return bad;
}

static int
check_matrix (const char *dir, const char *name)
{
  char path[1024], out[256];
  list want = { 0 };
  int bad;
  snprintf (path, sizeof path, "%s/%s", dir, name);
  snprintf (out, sizeof out, "/tmp/sparse-io-real-%d.mtx", (int) getpid ());
  if (reference (path, &want))
    {
      printf ("FAIL %s: the reference reader cannot read it\n", name);
      return 1;
    }
  sp_tensor *t = sp_read (path, "coo", SP_F64);
  bad = compare ("read", name, t, &want);
  if (!bad && sp_write (t, out) != 0)
    {
      printf ("FAIL %s write: %s\n", name, sp_error ());
      bad = 1;
    }
  sp_free (t);
  if (!bad)
    {
      t = sp_read (out, "csr", SP_F64);
      bad = compare ("written and read back", name, t, &want);
      sp_free (t);
    }
  if (!bad)
    printf ("%s: %lldx%lld, %lld entries\n", name, (long long) want.rows,
            (long long) want.cols, (long long) want.n);
  remove (out);
  free (want.e);
  return bad;
}

int
main (void)
{
  DIR *d = opendir (REAL_DIR);
  struct dirent *de;
  int n = 0, failures = 0;
  if (!d)
    {
      printf ("FAIL no directory %s\n", REAL_DIR);
      return 1;
    }
  while ((de = readdir (d)))
    {
      size_t len = strlen (de->d_name);
      if (len > 4 && strcmp (de->d_name + len - 4, ".mtx") == 0)
        {
          failures += check_matrix (REAL_DIR, de->d_name);
          n++;
        }
    }
  closedir (d);
  printf ("%d matrices, %d failures\n", n, failures);
  return n == 0 || failures != 0;
}
