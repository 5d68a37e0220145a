#!/bin/bash
# run-corpus.sh -- code without tagged arrays must come out unchanged.
#
# Builds every program of GCC's own gcc.c-torture/execute suite (from the
# GCC source tarball) with and without the plugin and compares the
# assembly; where it differs, runs both programs and compares their exit
# status and output.  Programs that do not build without the plugin
# (target-specific tests) are skipped.
#
#   testsuite/corpus/run-corpus.sh [-O LEVEL] [-j JOBS] [-n MAX] [-s SUITE]
#
# SUITE is execute (the default) or compile (gcc.c-torture/compile: the
# programs are only compiled, and the assembly must be identical).
#
# Environment: GCC_TARBALL (default /usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz),
# CORPUS_DIR (default build/corpus), CC (default gcc-12).
# The last line is "corpus: N programs, N identical assembly, N same
# behaviour, N differ, N skipped"; the exit status is nonzero when any
# program differs.

set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-gcc-12}
TARBALL=${GCC_TARBALL:-/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz}
WORK=${CORPUS_DIR:-$ROOT/build/corpus}
PLUGIN=$ROOT/build/sparse.so
OPT=-O2
JOBS=$(nproc 2>/dev/null || echo 2)
MAX=0
SUITE=execute

while getopts O:j:n:s: o; do
  case $o in
    O) OPT=-O$OPTARG ;;
    j) JOBS=$OPTARG ;;
    n) MAX=$OPTARG ;;
    s) SUITE=$OPTARG ;;
    *) echo "usage: $0 [-O LEVEL] [-j JOBS] [-n MAX] [-s execute|compile]" >&2
       exit 2 ;;
  esac
done
case $SUITE in
  execute|compile) ;;
  *) echo "corpus: unknown suite $SUITE" >&2; exit 2 ;;
esac

[ -f "$PLUGIN" ] || { echo "corpus: $PLUGIN not built (run make)" >&2; exit 2; }
# A private copy: the tree's plugin may be rebuilt while this runs.
mkdir -p "$WORK" && cp "$PLUGIN" "$WORK/sparse.so" && PLUGIN=$WORK/sparse.so

SRC=$WORK/src
[ $SUITE = compile ] && SRC=$WORK/src-compile
if [ ! -f "$SRC/.done" ]; then
  [ -f "$TARBALL" ] || { echo "corpus: no GCC tarball at $TARBALL" >&2; exit 2; }
  echo "corpus: extracting gcc.c-torture/$SUITE from $TARBALL"
  rm -rf "$WORK/x" && mkdir -p "$WORK/x" "$SRC"
  tar -C "$WORK/x" -xf "$TARBALL" --wildcards \
      "*/gcc/testsuite/gcc.c-torture/$SUITE/*.c" || exit 2
  find "$WORK/x" -path "*/gcc.c-torture/$SUITE/*.c" \
       ! -path "*/$SUITE/*/*" -exec mv {} "$SRC/" \;
  rm -rf "$WORK/x"
  touch "$SRC/.done"
fi

OUT=$WORK/$(echo "$OPT" | tr -d -- -)
[ $SUITE = compile ] && OUT=$OUT-compile
rm -rf "$OUT" && mkdir -p "$OUT"

# One program: prints "<verdict> <name>" (SKIP, SAME, ASMDIFF-SAME, DIFF,
# PLUGIN-FAIL).
one () {
  src=$1; name=$(basename "$src" .c); d=$OUT/$name
  mkdir -p "$d"
  # dg-options without a target selector apply here.
  opts=$(sed -n 's/.*{ *dg-options *"\([^"]*\)" *}.*/\1/p' "$src" | head -n 1)
  # -gno-record-gcc-switches: -g in dg-options records the command line.
  flags="$OPT -w -fno-diagnostics-color -gno-record-gcc-switches $opts"
  if ! $CC $flags -S "$src" -o "$d/dense.s" >"$d/dense.log" 2>&1 \
     || { [ $SUITE = execute ] \
          && ! $CC $flags "$d/dense.s" -o "$d/dense.exe" -lm \
               >>"$d/dense.log" 2>&1; }; then
    echo "SKIP $name"; return
  fi
  if ! $CC $flags -fplugin="$PLUGIN" -S "$src" -o "$d/plugin.s" \
         >"$d/plugin.log" 2>&1; then
    echo "PLUGIN-FAIL $name"; return
  fi
  # Identical assembly is the same program: nothing to run (and some
  # programs print addresses, which differ from run to run anyway).
  if cmp -s "$d/dense.s" "$d/plugin.s"; then
    echo "SAME $name"; rm -rf "$d"; return
  fi
  if [ $SUITE = compile ]; then
    echo "DIFF $name"; return
  fi
  if ! $CC $flags "$d/plugin.s" -o "$d/plugin.exe" -lm >>"$d/plugin.log" 2>&1; then
    echo "PLUGIN-FAIL $name"; return
  fi
  # (The shell's "Aborted" notices go to /dev/null with the subshell.)
  (cd "$d" && timeout 20 ./dense.exe >dense.out 2>&1; echo $? >dense.rc) 2>/dev/null
  (cd "$d" && timeout 20 ./plugin.exe >plugin.out 2>&1; echo $? >plugin.rc) 2>/dev/null
  if cmp -s "$d/dense.rc" "$d/plugin.rc" && cmp -s "$d/dense.out" "$d/plugin.out"; then
    echo "ASMDIFF-SAME $name"
  else
    echo "DIFF $name"
  fi
}
export OUT OPT CC PLUGIN SUITE
export -f one 2>/dev/null || true

LIST=$WORK/list
ls "$SRC"/*.c | sort >"$LIST"
[ "$MAX" -gt 0 ] && head -n "$MAX" "$LIST" >"$LIST.n" && mv "$LIST.n" "$LIST"

if [ -n "${BASH_VERSION:-}" ]; then
  xargs -P "$JOBS" -I{} bash -c 'one "$@"' _ {} <"$LIST" >"$OUT/results"
else
  while read -r f; do one "$f"; done <"$LIST" >"$OUT/results"
fi

total=$(wc -l <"$OUT/results")
skip=$(grep -c '^SKIP ' "$OUT/results")
same=$(grep -c '^SAME ' "$OUT/results")
asmdiff=$(grep -c '^ASMDIFF-SAME ' "$OUT/results")
diff=$(grep -c -E '^(DIFF|PLUGIN-FAIL) ' "$OUT/results")
ran=$((total - skip))
grep -E '^(DIFF|PLUGIN-FAIL|ASMDIFF-SAME) ' "$OUT/results" | sort
echo "corpus: $ran programs ($SUITE, $OPT), $same identical assembly, $((same + asmdiff)) same behaviour, $diff differ, $skip skipped"
[ "$diff" -eq 0 ]
