#!/bin/sh
# make install and make uninstall of the tree ROOT into temporary
# directories, with PREFIX and with DESTDIR: what lands where, the
# program sparse, the .pc files an out-of-tree build uses (sparse, with the plugin, and
# sparse-runtime alone, from C++; sparse-mpi with mpicc), the shared
# library's soname and run path, a build without MPI (MPICC=), and
# nothing left after uninstall.  One line per check: "PASS: what" or "FAIL: what",
# then the lines that show why, indented.

root=$1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
log=$tmp/log

# check WHAT COMMAND...: COMMAND's success is WHAT's.
check () {
  what=$1; shift
  if "$@" >"$log" 2>&1; then
    echo "PASS: $what"
  else
    echo "FAIL: $what"
    sed 's/^/    /' "$log" | tail -n 20
  fi
}

# The files and links under directory $1, one per line.
files_under () {
  [ -d "$1" ] && find "$1" \( -type f -o -type l \) | sort
}

prefix=$tmp/prefix
pc="env PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config"

check "install PREFIX" make -s -C "$root" install PREFIX="$prefix"
check "installed files" sh -c "
  for f in lib/libsparsert.a lib/libsparsert.so lib/libsparsert.so.0 \
           include/sparse.h include/sparse_abi.h lib/sparse/sparse.so \
           lib/pkgconfig/sparse.pc lib/pkgconfig/sparse-runtime.pc \
           share/man/man1/sparse.1 bin/sparse; do
    [ -e '$prefix'/\$f ] || { echo missing \$f; exit 1; }
  done"
check "soname libsparsert.so.0" sh -c \
  "readelf -d '$prefix/lib/libsparsert.so' | grep -q 'SONAME.*libsparsert.so.0]'"

# The example built out of tree from the installed .pc files alone, with
# the plugin and, as the oracle, without it; run without LD_LIBRARY_PATH.
mkdir -p "$tmp/app"
cp "$root/examples/spmv.c" "$root/examples/laplace72.mtx" "$tmp/app/"
check "out-of-tree build with sparse.pc" sh -c "cd '$tmp/app' &&
  gcc-12 -O2 \$($pc --cflags sparse) spmv.c \$($pc --libs sparse) -o spmv &&
  gcc-12 -O2 -Wall -Werror \$($pc --cflags sparse-runtime) spmv.c \
    \$($pc --libs sparse-runtime) -o spmv-dense"
check "installed program runs, as the dense build" sh -c "cd '$tmp/app' &&
  env -u LD_LIBRARY_PATH ./spmv laplace72.mtx > sparse.out &&
  env -u LD_LIBRARY_PATH ./spmv-dense laplace72.mtx > dense.out &&
  [ -s sparse.out ] && cmp sparse.out dense.out"
check "man page sparse(1) installed and readable" sh -c "
  MANPATH='$prefix/share/man' man -w sparse | grep -qx '$prefix/share/man/man1/sparse.1' &&
  groff -man -Tascii -ww -z '$prefix/share/man/man1/sparse.1' 2>&1 | (! grep .)"
check "installed program sparse runs and reads a file" sh -c "
  env -u LD_LIBRARY_PATH '$prefix/bin/sparse' --version | grep -qx 'sparse [0-9.]*' &&
  env -u LD_LIBRARY_PATH '$prefix/bin/sparse' info '$root/examples/laplace72.mtx' |
    grep -qx 'shape: 72 x 72'"
check "sparse-runtime.pc has no plugin flag, sparse.pc has" sh -c \
  "! $pc --cflags --libs sparse-runtime | grep -q fplugin &&
   $pc --cflags sparse | grep -q 'fplugin=$prefix/lib/sparse/sparse.so'"
cat > "$tmp/app/count.cc" <<'CXX'
#include <sparse.h>
#include <cstdio>
int main ()
{
  double d[2][3] = { { 1, 0, 2 }, { 0, 0, 3 } };
  int64_t dims[2] = { 2, 3 };
  sp_tensor *t = sp_from_dense (d, SP_F64, 2, dims, "csr");
  std::printf ("%lld\n", (long long) sp_nnz (t));
  sp_free (t);
  return 0;
}
CXX
check "C++ linking the runtime alone" sh -c "cd '$tmp/app' &&
  g++-12 -O2 \$($pc --cflags sparse-runtime) count.cc \
    \$($pc --libs sparse-runtime) -o count &&
  [ \"\$(env -u LD_LIBRARY_PATH ./count)\" = 3 ]"
# Distributed tensors, when the build made their library: installed
# with their .pc, and a program built out of tree with mpicc from it
# runs on two ranks.  Without MPI (MPICC=) nothing of them is built or
# installed.
if [ -f "$root/build/libsparse-mpi.a" ] && command -v mpicc >/dev/null &&
   command -v mpirun >/dev/null; then
  check "installed files of libsparse-mpi" sh -c "
    for f in lib/libsparse-mpi.a include/sparse_mpi.h \
             lib/pkgconfig/sparse-mpi.pc; do
      [ -e '$prefix'/\$f ] || { echo missing \$f; exit 1; }
    done"
  cat > "$tmp/app/dist.c" <<'MPIC'
#include <stdio.h>
#include <sparse.h>
#include <sparse_mpi.h>
int main (int argc, char **argv)
{
  MPI_Init (&argc, &argv);
  sp_tensor *a = sp_read_dist (argv[1], "csr", SP_F64, MPI_COMM_WORLD);
  int64_t n = sp_dist_nnz (a), lo, hi;
  int rank;
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  if (rank == 0)
    printf ("%lld %d\n", (long long) n, sp_dist_block (a, &lo, &hi));
  sp_free (a);
  MPI_Finalize ();
  return 0;
}
MPIC
  root_flag=
  [ "$(id -u)" = 0 ] && root_flag=--allow-run-as-root
  check "out-of-tree MPI build with sparse-mpi.pc runs on two ranks" sh -c "
    cd '$tmp/app' && $pc --libs sparse-mpi | grep -q -- '-lsparse-mpi.*-lsparsert' &&
    OMPI_CC=gcc-12 mpicc -O2 -Wall -Werror \$($pc --cflags sparse-mpi) dist.c \
      \$($pc --libs sparse-mpi) -o dist &&
    want=\$(sed -n 3p laplace72.mtx | cut -d' ' -f3) &&
    got=\$(env -u LD_LIBRARY_PATH mpirun $root_flag --oversubscribe -np 2 \
          ./dist laplace72.mtx) && echo \"\$got\" && [ \"\$got\" = \"\$want 1\" ]"
fi
check "without MPI (MPICC=): no libsparse-mpi built" sh -c "
  out=\$(make -n -B -C '$root' all MPICC=) && ! echo \"\$out\" | grep -q 'mpicc\|libsparse-mpi'"
check "without MPI (MPICC=): install puts nothing of it" sh -c "
  make -s -C '$root' install PREFIX='$tmp/nompi' MPICC= &&
  [ -e '$tmp/nompi/include/sparse.h' ] &&
  [ ! -e '$tmp/nompi/include/sparse_mpi.h' ] &&
  [ ! -e '$tmp/nompi/lib/libsparse-mpi.a' ] &&
  [ ! -e '$tmp/nompi/lib/pkgconfig/sparse-mpi.pc' ] &&
  make -s -C '$root' uninstall PREFIX='$tmp/nompi' MPICC= &&
  [ -z \"\$(find '$tmp/nompi' \( -type f -o -type l \))\" ]"
check "uninstall PREFIX leaves no file" sh -c "
  make -s -C '$root' uninstall PREFIX='$prefix' &&
  left=\$(find '$prefix' \( -type f -o -type l \)) && echo \"\$left\" &&
  [ -z \"\$left\" ]"

# DESTDIR: files under the stage, paths in them of the final PREFIX.
stage=$tmp/stage
final=/opt/sparse-install-test-$$
check "install DESTDIR" make -s -C "$root" install DESTDIR="$stage" \
  PREFIX="$final"
check "DESTDIR: staged, nothing at PREFIX itself" sh -c "
  [ -e '$stage$final/lib/sparse/sparse.so' ] && [ ! -e '$final' ] &&
  [ -e '$stage$final/share/man/man1/sparse.1' ] &&
  [ -x '$stage$final/bin/sparse' ] &&
  grep -q '^prefix=$final\$' '$stage$final/lib/pkgconfig/sparse-runtime.pc' &&
  grep -q '^plugindir=$final/lib/sparse\$' \
    '$stage$final/lib/pkgconfig/sparse.pc'"
check "uninstall DESTDIR leaves no file" sh -c "
  make -s -C '$root' uninstall DESTDIR='$stage' PREFIX='$final' &&
  left=\$(find '$stage' \( -type f -o -type l \)) && echo \"\$left\" &&
  [ -z \"\$left\" ]"
