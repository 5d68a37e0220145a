#!/bin/sh
# check-rules.sh [ROOT] -- rules of the sources that the compiler does not
# check.  For each rule one line "PASS: RULE" or "FAIL: RULE", a failure
# followed by its places, each indented, as FILE:LINE: TEXT.
# testsuite/sparse.rules/rules.exp turns the lines into test results.

cd "${1:-.}" || exit 2

# scan REGEX FILE... -- the places in the C sources FILE... where the
# Perl regular expression REGEX matches, comments and string and
# character literals blanked out first (a match may span lines; its
# first line is shown).
scan () {
  scan_re=$1
  shift
  SCAN_RE=$scan_re perl -0777 -ne '
    my $code = $_;
    $code =~ s{/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\x27(?:\\.|[^\x27\\\n])*\x27}
              {(my $m = $&) =~ s/[^\n]/ /g; $m}gse;
    my @lines = split /\n/, $_;
    while ($code =~ /$ENV{SCAN_RE}/g)
      {
        my $n = 1 + (substr ($code, 0, $-[0]) =~ tr/\n//);
        (my $text = $lines[$n - 1]) =~ s/^\s+//;
        print "$ARGV:$n: $text\n";
      }' "$@"
}

# report RULE PLACES -- the result of RULE, which PLACES (one a line)
# break when there are any.
report () {
  if [ -z "$2" ]; then
    echo "PASS: $1"
  else
    echo "FAIL: $1"
    printf '%s\n' "$2" | sed 's/^/    /'
  fi
}

core_and_plugin="lowering/*.c lowering/*.h plugin/*.cc plugin/*.h"
runtime="runtime/*.c runtime/*.h"

# Level types are asked through the predicates of attrs/level_types.h:
# a comparison or a case label naming one (SP_LVL_*) decides by its name
# what the table says, and misses a level type added later.
report "no comparison of level types (SP_LVL_*) in lowering/, plugin/ or runtime/, only attrs/level_types.h predicates" \
  "$(scan '(?:[=!<>]=|<<?|>>?|\bcase)\s*SP_LVL_\w+|\bSP_LVL_\w+\s*(?:[=!<>]=|<|>)' $core_and_plugin $runtime)"

# The compiler core gets formats parsed; which format a name stands for
# is the table of attrs/named_formats.c.
report "no format parsing in lowering/: named formats come from attrs/named_formats.c" \
  "$(scan '\bsp_format_parse\s*\(' lowering/*.c lowering/*.h)"

# attrs/ is plain C shared by the runtime and the compiler core: it
# includes system headers and the project's own (include/, attrs/) only.
bad_includes=$(for f in attrs/*.c attrs/*.h; do
  sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$f" | while read -r h; do
    [ -f "include/$h" ] || [ -f "attrs/$h" ] || echo "$f: #include \"$h\""
  done
done)
report "attrs/ includes only system headers and include/ or attrs/ headers" "$bad_includes"

# The program of tools/ is a user of the runtime: of the project's
# headers it includes <sparse.h> and its own only, not the runtime's
# insides.
tool_includes=$(grep -nE '^[[:space:]]*#[[:space:]]*include' tools/*.[ch] |
  grep -vE '#[[:space:]]*include[[:space:]]*(<(sparse|assert|ctype|errno|inttypes|limits|math|stdarg|stdbool|stddef|stdint|stdio|stdlib|string)\.h>|"(tool|svg)\.h")')
report "tools/ includes only <sparse.h>, the C library's headers and its own" "$tool_includes"

# The boundary between GCC-bound and GCC-free code is plugin/: only its
# files include GCC's headers (or the plugin's own, which include them).
gcc_includes=$(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](gcc-plugin|plugin-version|tree[a-z-]*|gimple[a-z-]*|c-family/[a-z-]*|c-tree|tm|system|coretypes|config|diagnostic[a-z-]*|stringpool|attribs|cgraph|function|basic-block|context|tree-pass|sparse-plugin|gcc-compat)\.h[>"]' \
  attrs/*.[ch] lowering/*.[ch] runtime/*.[ch] include/*.h 2>/dev/null)
report "no GCC header included outside plugin/" "$gcc_includes"

# libsparsert holds no MPI code: only mpi/ and sparse_mpi.h include
# <mpi.h>, and the runtime reaches libsparse-mpi through runtime/dist.h.
mpi_includes=$(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](mpi|sparse_mpi)\.h[>"]' \
  attrs/*.[ch] lowering/*.[ch] runtime/*.[ch] tools/*.[ch] plugin/*.cc plugin/*.h 2>/dev/null)
report "no MPI header included outside mpi/" "$mpi_includes"

# Sources stay small enough to read: files of at most 1500 lines,
# functions of at most 150 (from the line of their opening brace at the
# start of a line to that of their closing one).  Generated tables are
# not sources to read.
sources="attrs/*.c attrs/*.h lowering/*.c lowering/*.h plugin/*.cc plugin/*.h runtime/*.c runtime/*.h mpi/*.c mpi/*.h tools/*.c tools/*.h"
long_files=$(for f in $sources; do
  case $f in runtime/numscan_pow5.h) continue ;; esac
  n=$(wc -l < "$f")
  [ "$n" -le 1500 ] || echo "$f:1: $n lines"
done)
report "no source file over 1500 lines" "$long_files"
long_functions=$(awk '
  FNR == 1 { start = 0 }
  /^[A-Za-z_].*\(/ { name = $0 }
  /^\{/ { start = FNR; what = name }
  /^\}/ && start { if (FNR - start > 150)
		     printf "%s:%d: %s: %d lines\n", FILENAME, start, what, FNR - start;
		   start = 0 }' $sources)
report "no function over 150 lines" "$long_functions"
