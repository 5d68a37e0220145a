/* A computed goto leaves the scope of a tagged local without its scope's
   cleanup: the array is freed when the function returns (or when its
   declaration is reached again), so calling such a function many times
   holds no more memory than calling it once.  */
#include <malloc.h>
#include <stdio.h>
#include <sparse.h>

static __attribute__ ((noinline)) double
leave (int k)
{
  static void *const where[] = { &&out, &&last };
  double s = 0;
  for (int r = 0; r < 3; r++)
    {
      double A[100][100] SPARSE ("CSR");
      A[r][r + k] = r + 1;
      s += A[r][r + k];
      if (k)
        goto *where[r & 1];
    }
out:
  s += 10;
last:
  return s;
}

int
main (void)
{
  double s = leave (1) + leave (0);
  size_t before = mallinfo2 ().uordblks;
  for (int i = 0; i < 20000; i++)
    s += leave (i & 1);
  size_t after = mallinfo2 ().uordblks;
  printf ("sum %g\n", s);
  printf ("held after 20000 calls: %s\n",
          after - before < 100000 ? "no more" : "more");
  return 0;
}
