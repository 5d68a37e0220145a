"""diffrun.py -- what the differential fuzzers share: a C program built
with and without the plugin (-O1 -fopenmp, testsuite/sparse.run on the
include path), both run with SP_PAR_MIN and OMP_NUM_THREADS set, their
outputs compared; the seeds run and counted.

Copyright the sparse authors.  GPL-3.0-or-later (see COPYING)."""

import argparse
import os
import shutil
import subprocess
import tempfile


def compare(src, top, work, threads, par_min):
    """'ok', 'fallback' (the same, a loop nest left to the element by
    element fallback), 'refused' (the plugin refused a pragma) or a
    description of the failure, for program SRC built in WORK."""
    c = os.path.join(work, "k.c")
    with open(c, "w") as f:
        f.write(src)
    inc = ["-I", os.path.join(top, "include"), "-I",
           os.path.join(top, "testsuite", "sparse.run")]
    lib = [os.path.join(top, "build", "libsparsert.a"), "-lm", "-lpthread"]
    exe = {}
    for who, extra in (("plain", []),
                       ("plugin", ["-fplugin=" + os.path.join(
                           top, "build", "sparse.so")])):
        exe[who] = os.path.join(work, who)
        r = subprocess.run(["gcc", "-O1", "-fopenmp"] + extra + inc
                           + [c] + lib + ["-o", exe[who]],
                           capture_output=True, text=True)
        if r.returncode:
            if (who == "plugin" and "cannot sparsify" in r.stderr
                    and "internal compiler error" not in r.stderr):
                return "refused"
            return "%s build failed: %s" % (who, r.stderr[:400])
        kept = who == "plugin" and "not sparsified" in r.stderr
    env = dict(os.environ, SP_PAR_MIN=par_min, OMP_NUM_THREADS=str(threads))
    out = {}
    for who in exe:
        r = subprocess.run([exe[who]], capture_output=True, text=True,
                           env=env, timeout=60)
        out[who] = (r.returncode, r.stdout, r.stderr)
    if out["plain"] != out["plugin"]:
        return "different results on %d threads, SP_PAR_MIN=%s" % (threads,
                                                                   par_min)
    return "fallback" if kept else "ok"


def main(description, program):
    """Run the seeds of the command line through PROGRAM (seed -> source,
    threads, SP_PAR_MIN); 1 when any failed."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--seeds", default="1-200")
    ap.add_argument("--keep", help="copy failing programs here")
    a = ap.parse_args()
    lo, hi = map(int, a.seeds.split("-"))
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    counts = {"ok": 0, "fallback": 0, "refused": 0, "failed": 0}
    with tempfile.TemporaryDirectory() as work:
        for seed in range(lo, hi + 1):
            src, threads, par_min = program(seed)
            verdict = compare(src, top, work, threads, par_min)
            if verdict in counts:
                counts[verdict] += 1
                continue
            counts["failed"] += 1
            print("seed %d: %s" % (seed, verdict))
            if a.keep:
                os.makedirs(a.keep, exist_ok=True)
                shutil.copy(os.path.join(work, "k.c"),
                            os.path.join(a.keep, "seed%d.c" % seed))
    print("%d programs: %d same results (%d of them through the fallback), "
          "%d refused, %d failed"
          % (hi - lo + 1, counts["ok"] + counts["fallback"],
             counts["fallback"], counts["refused"], counts["failed"]))
    return 1 if counts["failed"] else 0
