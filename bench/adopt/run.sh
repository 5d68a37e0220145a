#!/bin/sh
# Build each program of bench/adopt with the plugin and without it (the
# dense program), run each build three times and print a markdown row per
# program: the best time of the plugin build, of the dense build, their
# ratio, and whether the checksums agree.  Run from the top directory
# after `make all`:  sh bench/adopt/run.sh [matrix.mtx] [fem grid]
# FMT=DCSR (say) tags the matrices with that format instead of CSR.
set -e
MTX=${1:-../shared/data/real/bcsstk16.mtx}
GRID=${2:-16}
OUT=build/adopt
CC=${CC:-gcc-12}
DEFS=${FMT:+-DADOPT_FMT=\"$FMT\"}
mkdir -p $OUT
# The time of one run: the number after the first "seconds" word pair
# "NAME T s", or after WHAT ("assembly", "product").
best () {
  bin=$1; arg=$2; what=$3; b=
  for r in 1 2 3; do
    line=$($bin $arg)
    t=$(echo "$line" | sed -n "s/.*$what \([0-9.]*\) s.*/\1/p")
    b=$(echo "$b $t" | awk '{ m = $1; for (i = 2; i <= NF; i++) if ($i < m) m = $i; print m }')
  done
  sum=$(echo "$line" | sed -n 's/.*checksum \(.*\)/\1/p' | tr ' ' _)
  echo "$b $sum"
}
row () {
  name=$1; arg=$2; what=$3
  set -- $(best $OUT/$name-plugin "$arg" "$what") $(best $OUT/$name-dense "$arg" "$what")
  same=no
  [ "$2" = "$4" ] && same=yes
  echo "| $name $what | $3 | $1 | $(echo "$1 $3" | awk '{ printf "%.2f", $1 / $2 }') | $same |"
}
for p in threshold rownorm jacobi gauss-seidel fem random walk triangular \
  diagonal symmetric jacobi-diagonal jacobi-struct atax maxnorm mathcalls \
  usercalls graph backsub \
  gemv rowmax rowprod \
  degrees ucount polybench ranges argmax; do
  $CC -O2 $DEFS -fplugin=build/sparse.so -Iinclude bench/adopt/$p.c \
    build/libsparsert.a -lm -lpthread -o $OUT/$p-plugin
  $CC -O2 $DEFS -Wno-attributes -Iinclude bench/adopt/$p.c build/libsparsert.a \
    -lm -lpthread -o $OUT/$p-dense
done
echo "| program | dense s | plugin s | plugin / dense | same checksum |"
echo "|---|---|---|---|---|"
row threshold $MTX threshold
row rownorm $MTX rownorm
row jacobi $MTX jacobi
row gauss-seidel $MTX gauss-seidel
row fem $GRID assembly
row fem $GRID product
row random $MTX random
row walk $MTX walk
row triangular $MTX lower
row triangular $MTX upper
row diagonal $MTX diagonal
row symmetric $MTX symmetric
row jacobi-diagonal $MTX jacobi
row jacobi-struct $MTX jacobi
row atax $MTX atax
row maxnorm $MTX resid
row maxnorm $MTX absmax
row mathcalls $MTX exprows
row mathcalls $MTX sqrtsum
row usercalls $MTX sqsum
row usercalls $MTX helperspmv
row graph $MTX bfs
row graph $MTX bellman
row backsub $MTX backsub
row backsub $MTX symgs
row gemv $MTX gemv
row rowmax $MTX fmax
row rowmax $MTX if
row rowprod $MTX shift
row rowprod $MTX entries
row degrees $MTX degrees
row degrees $MTX edges
row ucount $MTX count
row ucount $MTX rows
row polybench $MTX trisolv
row polybench $MTX gesummv
row ranges $MTX lower1
row ranges $MTX interior
row ranges $MTX count
row argmax $MTX abs
row argmax $MTX signed
