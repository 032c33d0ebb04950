#!/usr/bin/env python3
"""check-skip-list.py - every entry of a lockstep skip list names what exists.

A lockstep bench skips the tests its skip list names (testbenches/ISA/
lockstep_skip.txt): `NAME # reason` skips the test NAME of any vector file,
`FILE.yaml:NAME # reason` only the test NAME of FILE.yaml, `file:FILE.yaml #
reason` every test of FILE.yaml.  An entry that names nothing hides nothing
today but would hide a test that takes its name tomorrow; a bare NAME that
several files hold skips all of them.  So each entry must name exactly one
existing test (or one existing file), each entry needs a reason, and no entry
may repeat another or name a test of a file skipped whole.

The test names of each vector file come from the model (`gpuref run`), so the
check reads the files the way the bench does.  One line per problem,
`SKIPFILE:LINE: problem`; the closing line is 'N passed, N failed' with one
count per entry.  Exit status 0 when every entry is good, 1 otherwise,
2 on a usage error.
"""
import argparse
import glob
import os
import re
import subprocess
import sys


def file_tests(gpuref, path):
    """The test names of one vector file, in order (as `gpuref run` lists them)."""
    p = subprocess.run([gpuref, "run", path], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, text=True)
    names = []
    for line in p.stdout.splitlines():
        m = re.match(r"(?:PASS|FAIL) (\S+?)(?::|$)", line)
        if m and not (line.startswith("FAIL ") and line.endswith(": rejected")):
            names.append(m.group(1))
    return names


def main():
    ap = argparse.ArgumentParser(description="check a lockstep skip list against the vector files it skips")
    ap.add_argument("--isa", required=True, help="the ISA (testbenches/ISA/lockstep_skip.txt, vectors/ISA/directed/)")
    ap.add_argument("--build", default="build", help="build directory holding bin/gpuref (default build)")
    ap.add_argument("--skip", help="the skip list (default testbenches/ISA/lockstep_skip.txt)")
    args = ap.parse_args()
    skip = args.skip or os.path.join("testbenches", args.isa, "lockstep_skip.txt")
    gpuref = os.path.join(args.build, "bin", "gpuref")
    if not os.access(gpuref, os.X_OK):
        print("check-skip-list: %s not built (make all)" % gpuref, file=sys.stderr)
        return 2
    try:
        with open(skip) as f:
            lines = f.read().splitlines()
    except OSError as e:
        print("check-skip-list: cannot read %s: %s" % (skip, e.strerror), file=sys.stderr)
        return 2

    where = {}       # test name -> [files holding it]
    tests = {}       # file -> set of its test names
    for path in sorted(glob.glob(os.path.join("vectors", args.isa, "directed", "*.yaml"))):
        base = os.path.basename(path)
        tests[base] = set(file_tests(gpuref, path))
        for n in tests[base]:
            where.setdefault(n, []).append(base)

    whole = set()    # files skipped whole
    seen = {}        # entry -> line
    entries = []
    for i, line in enumerate(lines, 1):
        name, _, why = line.partition("#")
        name = name.strip()
        if not name:
            continue
        entries.append((i, name, why.strip()))
        if name.startswith("file:"):
            whole.add(name[5:])

    passed = failed = 0
    for i, name, why in entries:
        problem = None
        if not why:
            problem = "'%s' has no reason (NAME # reason)" % name
        elif name in seen:
            problem = "'%s' repeats line %d" % (name, seen[name])
        elif name.startswith("file:"):
            if name[5:] not in tests:
                problem = "'%s': no vector file vectors/%s/directed/%s" % (name, args.isa, name[5:])
        elif ":" in name:
            fname, _, tname = name.partition(":")
            if fname not in tests:
                problem = "'%s': no vector file vectors/%s/directed/%s" % (name, args.isa, fname)
            elif tname not in tests[fname]:
                problem = "'%s': %s has no test %s" % (name, fname, tname)
            elif fname in whole:
                problem = "'%s': %s is skipped whole (file:%s)" % (name, fname, fname)
        else:
            files = where.get(name, [])
            if not files:
                problem = "'%s' names no test of vectors/%s/directed/ (remove it)" % (name, args.isa)
            elif len(files) > 1:
                problem = "'%s' is a test of %s: write FILE.yaml:%s for the one meant" % (
                    name, ", ".join(files), name)
            elif files[0] in whole:
                problem = "'%s': its file %s is skipped whole (file:%s)" % (name, files[0], files[0])
        seen.setdefault(name, i)
        if problem:
            failed += 1
            print("%s:%d: %s" % (skip, i, problem))
        else:
            passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
