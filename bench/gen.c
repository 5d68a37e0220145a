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

/* A slice's share falls as a power of its rank: the rank is N u^3 for u
   uniform in [0,1), so P(rank < r) = (r/N)^(1/3).  Ranks are scattered
   over 0..N-1 by a multiplication modulo N (2654435761 is prime, N is
   smaller, so the map is a bijection).  */
static int64_t
powerlaw_index (uint64_t *s, int64_t n, int power)
{
  double u = rng_unit (s), p = u;
  for (int k = 1; k < power; k++)
    p *= u;
  int64_t r = (int64_t) (p * n);
  return (int64_t) ((uint64_t) r * 2654435761u % (uint64_t) n);
}

int
gen_powerlaw3d (int64_t nnz, uint64_t seed, const char *path)
{
  int64_t ni = nnz / 40 + 16, nj = nnz / 80 + 16, nk = nnz / 200 + 16;
  uint64_t s = seed ? seed : 1;
  FILE *f = fopen (path, "w");
  if (!f)
    return -1;
  fprintf (f, "# power-law slices: %lld entries, %lld x %lld x %lld\n",
           (long long) nnz, (long long) ni, (long long) nj, (long long) nk);
  for (int64_t e = 0; e < nnz; e++)
    {
      int64_t i = powerlaw_index (&s, ni, 3), j = powerlaw_index (&s, nj, 2);
      int64_t k = (int64_t) (rng_next (&s) % (uint64_t) nk);
      fprintf (f, "%lld %lld %lld %.6f\n", (long long) i + 1,
               (long long) j + 1, (long long) k + 1, 0.5 + rng_unit (&s));
    }
  return fclose (f) ? -1 : 0;
}

/* Keys of entries (i, j, k) of the NELL-2 shape, in order.  */
static int
key_order (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return (x > y) - (x < y);
}

int
gen_nell2 (int64_t nnz, int sorted, uint64_t seed, const char *path)
{
  static const int64_t dim[3] = { 12092, 9184, 28818 };
  uint64_t s = seed ? seed : 1;
  uint64_t *key = malloc ((size_t) nnz * sizeof *key);
  FILE *f = key ? fopen (path, "w") : NULL;
  if (!f)
    {
      free (key);
      return -1;
    }
  for (int64_t e = 0; e < nnz; e++)
    {
      uint64_t i = rng_next (&s) % dim[0], j = rng_next (&s) % dim[1];
      key[e] = (i * dim[1] + j) * dim[2] + rng_next (&s) % dim[2];
    }
  if (sorted)
    qsort (key, (size_t) nnz, sizeof *key, key_order);
  for (int64_t e = 0; e < nnz; e++)
    {
      uint64_t k = key[e] % dim[2], ij = key[e] / dim[2];
      fprintf (f, "%llu %llu %llu %g\n",
               (unsigned long long) (ij / dim[1] + 1),
               (unsigned long long) (ij % dim[1] + 1),
               (unsigned long long) (k + 1),
               1.0 + (double) (rng_next (&s) % 100) / 8.0);
    }
  free (key);
  return fclose (f) ? -1 : 0;
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

/* 4000, 40K, 5M: an integer with an optional K or M multiplier; the end
   of it in *END.  */
static int64_t
scaled (const char *s, char **end)
{
  int64_t v = strtoll (s, end, 10);
  if (**end == 'K')
    v *= 1000, (*end)++;
  else if (**end == 'M')
    v *= 1000000, (*end)++;
  return v;
}

/* The generator NAME stands for, run into C; -2 when NAME is unknown.  */
static int
gen_by_name (const char *name, gen_coo *c)
{
  char *e;
  int64_t a, b;
  if (!strncmp (name, "poisson2d_", 10)
      && (a = scaled (name + 10, &e)) > 0 && !*e)
    return gen_poisson2d (a, c);
  if (!strncmp (name, "stencil27_", 10)
      && (a = scaled (name + 10, &e)) > 0 && !*e)
    return gen_stencil27 (a, c);
  if (!strncmp (name, "rmat_s", 6) && (a = strtol (name + 6, &e, 10)) > 0
      && a < 31 && !strncmp (e, "_ef", 3)
      && (b = strtol (e + 3, &e, 10)) > 0 && !*e)
    return gen_rmat ((int) a, (int) b, 42, c);
  if (!strncmp (name, "uniform_", 8) && (a = scaled (name + 8, &e)) > 0
      && *e == '_' && (b = scaled (e + 1, &e)) > 0 && !*e)
    return gen_uniform (a, b, 7, c);
  return -2;
}

const char *
gen_file (const char *dir, const char *name)
{
  static char path[4096];
  int nell2 = !strncmp (name, "nell2_", 6) || !strncmp (name, "nell2s_", 7);
  int tensor = nell2 || !strncmp (name, "powerlaw3d_", 11);
  snprintf (path, sizeof path, "%s/%s.%s", dir, name, tensor ? "tns" : "mtx");
  struct stat st;
  if (stat (path, &st) == 0)
    return path;
  int rc;
  if (tensor)
    {
      char *e;
      int sorted = nell2 && name[5] == 's';
      int64_t nnz = scaled (strchr (name, '_') + 1, &e);
      if (nnz <= 0 || *e)
        rc = -2;
      else
        rc = nell2 ? gen_nell2 (nnz, sorted, 13, path)
                   : gen_powerlaw3d (nnz, 11, path);
    }
  else
    {
      gen_coo c;
      rc = gen_by_name (name, &c);
      if (rc == 0)
        {
          rc = gen_write_mtx (&c, path);
          gen_free (&c);
        }
    }
  if (rc == -2)
    {
      fprintf (stderr, "unknown generated input %s\n", name);
      exit (2);
    }
  if (rc)
    {
      fprintf (stderr, "cannot write %s\n", path);
      remove (path);
      exit (1);
    }
  return path;
}
