/* sparse_format.h -- the format-string grammar, one parser for the runtime
   and the plugin.

   format  := body { ';' option }
   body    := named | levels | mapping
   named   := dense | csr | csc | dcsr | dcsc | coo | csf | ell | dia
              | bcsr(R,C)
   levels  := level { ',' level }             level k stores dimension k
   mapping := '(' ivar {',' ivar} ')' '->' '(' lexpr ':' level
                                              {',' lexpr ':' level} ')'
   lexpr   := ivar | ivar '/' INT | ivar '%' INT | ivar '-' ivar | '#' ivar
   level   := D | CU | CN | S | O
   option  := pos=8|16|32|64 | crd=8|16|32|64     (defaults 32 and 32)

   Case-insensitive; blanks are ignored.  Named formats (the table of
   attrs/named_formats.c) spell out as:
     dense  D,...,D          csr  D,CU            csc  (i,j)->(j:D,i:CU)
     dcsr   CU,CU            dcsc (i,j)->(j:CU,i:CU)
     coo    CN,S,...,S       csf  CU,...,CU
     ell    (i,j)->(#i:D,i:D,j:S)
     dia    (i,j)->(j-i:CU,i:D,j:O)
     bcsr(R,C) (i,j)->(i/R:D,j/C:CU,i%R:D,j%C:D)  */

#ifndef SPARSE_FORMAT_H
#define SPARSE_FORMAT_H

#include <stddef.h>
#include "sparse_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sp_format_error
{
  int offset;     /* byte offset of the offending character in the string */
  char msg[200];  /* what is wrong there and why */
} sp_format_error;

/* Parse S into F.  RANK is the rank of the tensor the format is for, or 0
   when only the string tells (then rank-generic names like "coo" fail).
   Returns 0, or -1 with ERR filled.  */
int sp_format_parse (const char *s, int rank, sp_format *f,
                     sp_format_error *err);

/* A buffer this big holds any canonical spelling.  */
#define SP_FORMAT_PRINT_MAX 256

/* Canonical spelling (mapping form when not the identity); returns BUF.  */
char *sp_format_print (const sp_format *f, char *buf, size_t len);

/* Nonzero when A and B describe the same storage.  */
int sp_format_equal (const sp_format *a, const sp_format *b);

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_FORMAT_H */
