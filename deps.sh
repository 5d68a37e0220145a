#!/bin/sh
# Install the Debian 12 packages that the build, the tests and the
# benchmarks need, those missing only (as root, else through sudo).
# With --bench, also PETSc, the peer of make bench-mpi (large, and
# nothing else needs it).  Plain sh, so that it runs where make is not
# installed yet.
set -e
pkgs="make gcc-12 g++-12 gcc-12-plugin-dev dejagnu valgrind pkg-config man-db \
      libsuitesparse-dev libgraphblas-dev libeigen3-dev libopenmpi-dev openmpi-bin"
[ "$1" = --bench ] && pkgs="$pkgs petsc-dev"
missing=
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" \
    || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "installing:$missing"
if [ "$(id -u)" = 0 ]; then sudo=; else sudo=sudo; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null
