/* gen.c -- generators for benchmark inputs.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "gen.h"

static int
gen_alloc (gen_coo *c, int64_t nrows, int64_t ncols, int64_t cap)
{
  c->nrows = nrows;
  c->ncols = ncols;
  c->n = 0;
  c->row = malloc (cap * sizeof *c->row);
  c->col = malloc (cap * sizeof *c->col);
  c->val = malloc (cap * sizeof *c->val);
  if (c->row && c->col && c->val)
    return 0;
  gen_free (c);
  return -1;
}

static void
gen_push (gen_coo *c, int64_t i, int64_t j, double v)
{
  c->row[c->n] = i;
  c->col[c->n] = j;
  c->val[c->n] = v;
  c->n++;
}

/* xorshift64*: small, fast, good enough for test data.  */
static uint64_t
rng_next (uint64_t *s)
{
  *s ^= *s >> 12;
  *s ^= *s << 25;
  *s ^= *s >> 27;
  return *s * 0x2545F4914F6CDD1DULL;
}

static double
rng_unit (uint64_t *s)
{
  return (rng_next (s) >> 11) * (1.0 / 9007199254740992.0);
}

int
gen_poisson2d (int64_t g, gen_coo *out)
{
  int64_t n = g * g;
  if (gen_alloc (out, n, n, 5 * n))
    return -1;
  for (int64_t x = 0; x < g; x++)
    for (int64_t y = 0; y < g; y++)
      {
        int64_t r = x * g + y;
        if (x > 0)
          gen_push (out, r, r - g, -1.0);
        if (y > 0)
          gen_push (out, r, r - 1, -1.0);
        gen_push (out, r, r, 4.0);
        if (y < g - 1)
          gen_push (out, r, r + 1, -1.0);
        if (x < g - 1)
          gen_push (out, r, r + g, -1.0);
      }
  return 0;
}

int
gen_stencil27 (int64_t g, gen_coo *out)
{
  int64_t n = g * g * g;
  if (gen_alloc (out, n, n, 27 * n))
    return -1;
  for (int64_t x = 0; x < g; x++)
    for (int64_t y = 0; y < g; y++)
      for (int64_t z = 0; z < g; z++)
        for (int dx = -1; dx <= 1; dx++)
          for (int dy = -1; dy <= 1; dy++)
            for (int dz = -1; dz <= 1; dz++)
              {
                int64_t a = x + dx, b = y + dy, c = z + dz;
                if (a < 0 || b < 0 || c < 0 || a >= g || b >= g || c >= g)
                  continue;
                int centre = !dx && !dy && !dz;
                gen_push (out, (x * g + y) * g + z, (a * g + b) * g + c,
                          centre ? 26.0 : -1.0);
              }
  return 0;
}

int
gen_rmat (int scale, int edges_per_vertex, uint64_t seed, gen_coo *out)
{
  int64_t n = (int64_t) 1 << scale;
  int64_t m = n * edges_per_vertex;
  uint64_t s = seed ? seed : 1;
  if (gen_alloc (out, n, n, m))
    return -1;
  for (int64_t e = 0; e < m; e++)
    {
      int64_t i = 0, j = 0;
      for (int b = 0; b < scale; b++)
        {
          double p = rng_unit (&s);
          int bi = p >= 0.57 + 0.19;          /* quadrants c, d */
          int bj = (p >= 0.57 && p < 0.76) || p >= 0.95;   /* b, d */
          i = 2 * i + bi;
          j = 2 * j + bj;
        }
      gen_push (out, i, j, 1.0 + (double) (rng_next (&s) % 100) / 8.0);
    }
  return 0;
}

int
gen_uniform (int64_t n, int64_t nnz, uint64_t seed, gen_coo *out)
{
  uint64_t s = seed ? seed : 1;
  if (gen_alloc (out, n, n, nnz))
    return -1;
  for (int64_t e = 0; e < nnz; e++)
    gen_push (out, rng_next (&s) % n, rng_next (&s) % n,
              rng_unit (&s) * 2.0 - 1.0);
  return 0;
}

int
gen_write_mtx (const gen_coo *c, const char *path)
{
  FILE *f = fopen (path, "w");
  if (!f)
    return -1;
  fprintf (f, "%%%%MatrixMarket matrix coordinate real general\n");
  fprintf (f, "%lld %lld %lld\n", (long long) c->nrows, (long long) c->ncols,
           (long long) c->n);
  for (int64_t e = 0; e < c->n; e++)
    fprintf (f, "%lld %lld %.17g\n", (long long) c->row[e] + 1,
             (long long) c->col[e] + 1, c->val[e]);
  return fclose (f) ? -1 : 0;
}

void
gen_free (gen_coo *c)
{
  free (c->row);
  free (c->col);
  free (c->val);
  c->row = c->col = NULL;
  c->val = NULL;
}

const char *
gen_file (const char *dir, const char *name)
{
  static char path[4096];
  snprintf (path, sizeof path, "%s/%s.mtx", dir, name);
  struct stat st;
  if (stat (path, &st) == 0)
    return path;
  gen_coo c;
  int rc;
  if (!strcmp (name, "poisson2d_1000"))
    rc = gen_poisson2d (1000, &c);
  else if (!strcmp (name, "stencil27_100"))
    rc = gen_stencil27 (100, &c);
  else if (!strcmp (name, "rmat_s16_ef8"))
    rc = gen_rmat (16, 8, 42, &c);
  else if (!strcmp (name, "rmat_s20_ef16"))
    rc = gen_rmat (20, 16, 42, &c);
  else if (!strcmp (name, "uniform_1M_5M"))
    rc = gen_uniform (1000000, 5000000, 7, &c);
  else
    {
      fprintf (stderr, "unknown generated input %s\n", name);
      exit (2);
    }
  if (rc || gen_write_mtx (&c, path))
    {
      fprintf (stderr, "cannot write %s\n", path);
      exit (1);
    }
  gen_free (&c);
  return path;
}
