#!/usr/bin/env python3
"""Mutation score of the lockstep regression.

Applies small named RTL mutations one at a time (operator swap, stuck bit,
dropped write enable, off-by-one in a shift, wrong flag, ...), builds the
lockstep bench of each mutant, runs the regression on it (the directed vectors
and, with --seeds, random programs) and reports how many mutants the
regression detects (kills).  A mutant that survives means the vectors and the
checker cannot see that change: a hole to close.

Mutation list (scripts/mutations/<isa>.txt), one per line:
    name @@ rtl file @@ text to find (must occur exactly once) @@ replacement [@@ quick]
Lines starting with # are comments.  In `make test`, the mutants marked
`quick` in the file (a 5th column) run and every one must be killed.

usage: scripts/mutate.py --isa nv50 [--quick] [--seeds N] [--build DIR] [-j N] [--only NAME]
"""

import argparse
import concurrent.futures
import glob
import os
import shutil
import subprocess
import sys
import time


def load(path):
    muts = []
    if not os.path.exists(path):
        sys.exit("mutate: no mutation list %s (one per ISA in scripts/mutations/)" % path)
    with open(path) as f:
        for no, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            cols = [c.strip() for c in line.split(" @@ ")]
            if len(cols) not in (4, 5):
                sys.exit("%s:%d: expected 'name @@ file @@ find @@ replace [@@ quick]'" % (path, no))
            muts.append({"name": cols[0], "file": cols[1], "find": cols[2], "repl": cols[3],
                         "quick": len(cols) == 5 and cols[4] == "quick", "line": no})
    return muts


def build_mutant(m, isa, build, src_rtl):
    """Copy the RTL, apply the mutation, build the bench. Returns (binary, error)."""
    root = os.path.join(build, "mutants", isa, m["name"])
    shutil.rmtree(root, ignore_errors=True)
    rtl = os.path.join(root, "rtl")
    shutil.copytree(src_rtl, rtl)
    path = os.path.join(rtl, os.path.relpath(m["file"], src_rtl))
    with open(path) as f:
        text = f.read()
    n = text.count(m["find"])
    if n != 1:
        return None, "the text to find occurs %d times in %s (must be once)" % (n, m["file"])
    with open(path, "w") as f:
        f.write(text.replace(m["find"], m["repl"]))
    files = (["dpi/gpuref_pkg.sv"] + sorted(glob.glob(os.path.join(rtl, "common", "*.sv"))) + sorted(glob.glob(os.path.join(rtl, "common", "fp", "*.sv")))
             + sorted(glob.glob(os.path.join(rtl, isa, "*_pkg.sv")))
             + sorted(f for f in glob.glob(os.path.join(rtl, isa, "*.sv")) if not f.endswith("_pkg.sv"))
             + ["testbenches/%s/tb_%s.sv" % (isa, isa)])
    mdir = os.path.join(root, "obj")
    cmd = ["verilator", "--cc", "--exe", "--build", "-j", "1", "-Wno-fatal", "-MAKEFLAGS", "OPT_FAST=-O1",
           "-CFLAGS", "-I%s -I%s -I%s -DVL_USER_FINISH" % (os.path.abspath("model/include"),
                                                          os.path.abspath("testbenches/common"),
                                                          os.path.abspath("testbenches/" + isa)),
           "--Mdir", mdir, "--top-module", "tb_" + isa, "-o", "Vtb_" + isa] + files + [
           os.path.abspath("testbenches/common/main.cpp"),
           os.path.abspath(os.path.join(build, "lib", "libgpuref_dpi.a")),
           os.path.abspath(os.path.join(build, "lib", "libgpuref.a")), "-LDFLAGS", "-lyaml -lm"]
    with open(os.path.join(root, "build.log"), "w") as log:
        st = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT).returncode
    if st != 0:
        return None, "does not build (see %s)" % os.path.join(root, "build.log")
    return os.path.join(mdir, "Vtb_" + isa), None


def run_mutant(m, isa, build, src_rtl, vecs):
    t0 = time.time()
    binary, err = build_mutant(m, isa, build, src_rtl)
    if err:
        return m, "error", err, time.time() - t0
    out = os.path.join(build, "mutants", isa, m["name"], "reports")
    p = subprocess.run([binary, "-q", "--out", out] + vecs, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    fails = [l for l in p.stdout.splitlines() if l.startswith("FAIL ")]
    if p.returncode == 1 and fails:
        return m, "killed", fails[0][:200], time.time() - t0
    if p.returncode == 0:
        return m, "survived", "no test failed", time.time() - t0
    return m, "error", "bench exit %d" % p.returncode, time.time() - t0


def main():
    ap = argparse.ArgumentParser(description="mutation score of the lockstep regression")
    ap.add_argument("--isa", default="nv50")
    ap.add_argument("--quick", action="store_true", help="only the mutants marked quick")
    ap.add_argument("--only", help="only this mutant")
    ap.add_argument("--seeds", type=int, default=0, help="also run N random programs (gpuref gen)")
    ap.add_argument("--build", default="build")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    args = ap.parse_args()
    muts = load(os.path.join("scripts", "mutations", args.isa + ".txt"))
    if args.quick:
        muts = [m for m in muts if m["quick"]]
    if args.only:
        muts = [m for m in muts if m["name"] == args.only]
    if not muts:
        sys.exit("mutate: no mutants selected")
    vecs = sorted(glob.glob("vectors/%s/directed/*.yaml" % args.isa))
    if args.seeds:
        gdir = os.path.join(args.build, "mutants", args.isa, "gen")
        os.makedirs(gdir, exist_ok=True)
        for s in range(1, args.seeds + 1):
            path = os.path.join(gdir, "seed%d.yaml" % s)
            subprocess.run([os.path.join(args.build, "bin", "gpuref"), "gen", "--isa", args.isa, "--seed",
                            str(s), "--count", "200", "-o", path], check=True)
            vecs.append(path)
    print("mutate: %d mutants of rtl/%s, %d vector files" % (len(muts), args.isa, len(vecs)))
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = [ex.submit(run_mutant, m, args.isa, args.build, "rtl", vecs) for m in muts]
        for f in concurrent.futures.as_completed(futs):
            m, verdict, why, secs = f.result()
            results.append((m, verdict))
            print("%-9s %-28s %5.1fs  %s" % (verdict, m["name"], secs, why), flush=True)
    killed = sum(1 for _, v in results if v == "killed")
    errors = sum(1 for _, v in results if v == "error")
    print("mutation score: %d of %d mutants killed (%.0f%%)%s" % (
        killed, len(results), 100.0 * killed / len(results), ", %d could not be built" % errors if errors else ""))
    print("%d passed, %d failed" % (killed, len(results) - killed))
    return 0 if killed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
