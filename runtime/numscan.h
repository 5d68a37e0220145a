/* numscan.h -- exact decimal number scanning for the file readers.

   The scanners read a number that starts exactly at P (no leading blanks)
   and return the first byte after it, or P itself when there is no number
   there.  They need a byte after the number that cannot continue it (the
   readers keep a NUL sentinel at the end of their window), so the digit
   loops test no lengths; sp__scan_double also never reads past END, the
   bound for its eight-digits-at-a-time loads.

   sp__scan_double is correctly rounded (round to nearest, ties to even)
   for any number of digits and any exponent, like glibc's strtod, and
   accepts what strtod accepts in the C locale except hexadecimal:
     [+-] ( digits [. [digits]] | . digits ) [ (e|E) [+-] digits ]
     [+-] ( inf | infinity | nan | nan(chars) )     (any case)  */

#ifndef SPARSE_NUMSCAN_H
#define SPARSE_NUMSCAN_H

#include <stdint.h>

typedef enum
{
  SP_SCAN_OK,    /* a number was read */
  SP_SCAN_NONE,  /* no number at P */
  SP_SCAN_RANGE  /* a number, but too large: an integer past 64 bits, or a
                    finite decimal beyond the largest double (set to inf) */
} sp_scan_status;

/* An optionally signed decimal integer (reads no further than the first
   byte that is not a digit).  On SP_SCAN_RANGE the digits are consumed and
   *V is left unspecified.  */
const char *sp__scan_int64 (const char *p, int64_t *v, sp_scan_status *st);

/* A decimal floating-point number, see above.  */
const char *sp__scan_double (const char *p, const char *end, double *v,
                             sp_scan_status *st);

#endif /* SPARSE_NUMSCAN_H */
