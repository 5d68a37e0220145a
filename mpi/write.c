/* write.c -- sp_write of a distributed tensor: the file sp_write writes
   for the whole tensor.  Each rank formats its block's entries in
   memory, rank 0 after the header, which counts the entries of all
   ranks; the blocks follow one another in the whole tensor's storage
   order, so each rank writes its text at the offset of the texts of the
   ranks before it.  Every step ends with the ranks agreeing, so that
   a failure anywhere is every rank's, with its message.  */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "io.h"
#include "mpi-int.h"

/* LEN bytes of BUF at offset OFF of the file FD: 0 or -1.  */
static int
write_at (int fd, const char *buf, size_t len, off_t off)
{
  while (len > 0)
    {
      ssize_t w = pwrite (fd, buf, len, off);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        return -1;
      buf += w;
      len -= (size_t) w;
      off += w;
    }
  return 0;
}

int
sp__mpi_write (const sp_tensor *whole, const char *path, int flags)
{
  const sp_mpi_dist *d = sp__mpi_state (whole);
  char *buf = NULL;
  size_t len = 0;
  long head = 0;
  int64_t n = -1, all, size, off = 0;
  int fd = -1, ok, rc = -1;
  /* A tensor stored densely has values at other blocks' coordinates:
     its entries are written from a copy of this rank's block.  */
  sp_tensor *copy = sp__mpi_dense_stored (whole) ? sp__mpi_block_copy (whole)
                                                 : NULL;
  const sp_tensor *t = sp__mpi_dense_stored (whole) ? copy : whole;
  FILE *f = t ? open_memstream (&buf, &len) : NULL;
  if (t)
    n = f ? sp__io_count (t) : -1;
  if (t && !f)
    sp__fail ("cannot write %s: %s", path, strerror (errno));
  if (sp__mpi_agree (d->comm, n >= 0) >= 0)
    goto done;
  MPI_Allreduce (&n, &all, 1, MPI_INT64_T, MPI_SUM, d->comm);
  /* Every rank checks the header (the same on all); rank 0 keeps it.  */
  ok = !sp__io_head (t, f, path, flags, all) && (head = ftell (f)) >= 0
       && !sp__io_put_entries (t, f);
  if (fclose (f) != 0 && ok)
    ok = !sp__fail ("cannot write %s: %s", path, strerror (errno));
  f = NULL;
  if (sp__mpi_agree (d->comm, ok) >= 0)
    goto done;
  const char *text = buf + (d->rank ? head : 0);
  size = (int64_t) len - (d->rank ? head : 0);
  MPI_Exscan (&size, &off, 1, MPI_INT64_T, MPI_SUM, d->comm);
  if (d->rank == 0)
    off = 0;
  /* Rank 0 makes the file, then every other rank writes into it.  */
  if (d->rank == 0)
    fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  ok = d->rank != 0 || fd >= 0;
  if (!ok)
    sp__fail ("cannot create %s: %s", path, strerror (errno));
  if (sp__mpi_agree (d->comm, ok) >= 0)
    goto done;
  if (d->rank != 0)
    fd = open (path, O_WRONLY | O_CLOEXEC);
  ok = fd >= 0 && !write_at (fd, text, (size_t) size, (off_t) off);
  if (fd >= 0 && close (fd) != 0)
    ok = 0;
  if (!ok)
    sp__fail ("cannot write %s: %s", path, strerror (errno));
  rc = sp__mpi_agree (d->comm, ok) >= 0 ? -1 : 0;
  /* Leave no half-written file behind.  */
  if (rc && d->rank == 0)
    remove (path);
done:
  if (f)
    fclose (f);
  free (buf);
  sp_free (copy);
  return rc;
}
