/* rng.h -- the runtime tests' random numbers: splitmix64, repeatable
   from RNG_SEED (defined before the include to change it).  */

#ifndef RNG_SEED
#define RNG_SEED 0x9E3779B97F4A7C15ULL
#endif

static uint64_t rng_state = RNG_SEED;

static uint64_t
rng (void)
{
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
