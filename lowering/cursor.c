/* cursor.c -- a sparse output whose room is fixed before the loop that
   appends (lir_fix_room).

   When the symbolic loop bounds the entries of a CSR-like output written
   in order (shapes.c room_fixable), its arrays get that much room at
   once (sp_kout_fix), and its appends at the last level neither grow nor
   check anything: the number of entries, the crd, count and value arrays
   live in locals (the cursor) rather than in the sp_kout, whose address
   the runtime's calls take; each row's bound is checked against the room
   once, before the row (LIR_CALL_OUT_ROOM), and the row's count written
   when the next starts (an increment through memory at each entry would
   chain each append to the last).

     reserve (n)            ->   out_fix (n), else { counting pass; }
                                 cursor_open (level L)
     loop appending         ->   loop appending through the cursor
     out_end                ->   cursor_close; out_end  */

#include "loops.h"

/* A call FN after statement AT of K's body (-1: at its start).  */
static int
call_after (lir_kernel *k, int at, lir_call fn)
{
  int id = lir_stmt_new (k, LIR_CALL);
  if (id < 0)
    return -1;
  k->stmts[id].fn = fn;
  int *from = at >= 0 ? &k->stmts[at].next : &k->body;
  k->stmts[id].next = *from;
  *from = id;
  return id;
}

void
lir_fix_room (lir_kernel *k)
{
  int last = k->tensors[k->out_tensor].fmt.nlevels - 1;
  int reserve = -1, before_end = -1;
  for (int id = k->body, prev = -1; id >= 0;
       prev = id, id = k->stmts[id].next)
    {
      const lir_stmt *x = &k->stmts[id];
      if (x->kind == LIR_CALL && x->fn == LIR_CALL_OUT_RESERVE)
        reserve = id;
      if (x->kind == LIR_CALL && x->fn == LIR_CALL_OUT_END)
        before_end = prev;
    }
  /* The counting pass again, serial wherever else it runs.  */
  int counting = lir_copy_block (k, k->count_block);
  if (reserve < 0 || counting < 0)
    return;
  lir_stmt *fix = &k->stmts[reserve];
  fix->fn = LIR_CALL_OUT_FIX;
  fix->body = counting;
  fix->var = k->count_var[last];
  int open = call_after (k, reserve, LIR_CALL_CURSOR_OPEN);
  if (open >= 0)
    k->stmts[open].level = last;
  call_after (k, before_end, LIR_CALL_CURSOR_CLOSE);
}
