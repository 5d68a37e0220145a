#!/bin/sh
# run.sh [PROGRAM...] -- build each timing program of bench/adopt/guards with the
# plugin and without it (and with an older plugin when BEFORE names its
# tree), run each build, and print one markdown row per program: the
# idiom, the command, the plugin's time, the dense program's time, their
# ratio, and the older plugin's time.  Times are the best of three runs
# (ADOPT_RUNS), after an untimed one.  Run from the project's root, after
# make.  BEFORE_TIMEOUT (seconds, default 600) bounds each older run.
set -e
root=$(pwd)
out=${ADOPT_OUT:-bench/out/adopt}
mkdir -p "$out"
cflags="-std=c11 -O2 -march=native -Iinclude -Ibench/adopt/guards -D_POSIX_C_SOURCE=200809L"
progs=${*:-$(ls bench/adopt/guards/*.c | sed 's|.*/||; s|\.c$||')}
for p in $progs; do
  src=bench/adopt/guards/$p.c
  idiom=$(sed -n '1s|^/\* [a-z_]*: \(.*\)  \*/$|\1|p' "$src")
  gcc-12 $cflags -fplugin=build/sparse.so "$src" build/libsparsert.a -lm \
    -o "$out/$p.plugin"
  gcc-12 $cflags -Wno-attributes "$src" build/libsparsert.a -lm \
    -o "$out/$p.dense"
  plug=$("$out/$p.plugin")
  dense=$("$out/$p.dense")
  tp=$(echo "$plug" | awk '{print $2}')
  td=$(echo "$dense" | awk '{print $2}')
  cp=$(echo "$plug" | awk '{print $5}')
  cd_=$(echo "$dense" | awk '{print $5}')
  same=$(awk -v a="$cp" -v b="$cd_" 'BEGIN { d = a - b; if (d < 0) d = -d;
    m = (a < 0 ? -a : a); print (d <= 1e-9 * (m + 1)) ? "same" : "DIFFERENT" }')
  before=-
  if [ -n "$BEFORE" ]; then
    gcc-12 $cflags -DADOPT_RUNS=${BEFORE_RUNS:-1} -I"$BEFORE/include" \
      -fplugin="$BEFORE/build/sparse.so" \
      "$src" "$BEFORE/build/libsparsert.a" -lm -o "$out/$p.before"
    if b=$(timeout "${BEFORE_TIMEOUT:-600}" "$out/$p.before"); then
      before=$(echo "$b" | awk '{print $2}')
    else
      before=">$(( ${BEFORE_TIMEOUT:-600} * 1000 ))"
    fi
  fi
  ratio=$(awk -v a="$tp" -v b="$td" 'BEGIN { printf "%.4g", a / b }')
  echo "| \`$p.c\` | \`$idiom\` | $tp | $td | $ratio | $before | $same |"
done
