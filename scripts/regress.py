#!/usr/bin/env python3
"""gpuref regression runner.

Runs a test list (directed vector files and random seeds per ISA, model-only or
in lockstep) in parallel, with a progress line, per-task logs and reports under
BUILD/regress/<run-id>/, a summary table, JUnit XML, merged coverage, an
automatic rerun of every failed test with tracing on, and a non-zero exit on
any failure.  Every failure is printed with the exact command that reproduces
it.

Test list (YAML):

    jobs:
      - isa: nv50
        mode: lockstep            # or: model
        directed: "vectors/nv50/directed/*.yaml"
      - isa: nv50
        mode: lockstep
        random: {seeds: 8, first: 1, count: 200}   # gpuref gen --seed S --count N

Usage: scripts/regress.py [-j N] [--list FILE] [--isa ISA]... [--seeds N]
                          [--count N] [--run-id ID] [--build DIR] [--no-rerun]
"""

import argparse
import concurrent.futures
import datetime
import glob
import os
import re
import shlex
import subprocess
import sys
import threading
import time
import xml.sax.saxutils as xmlesc

try:
    import yaml
except ImportError:  # pragma: no cover - python3-yaml is installed by make deps
    yaml = None

RTL_MIX = "scripts/testdata/%s-rtl.mix.yaml"
def isa_list():
    """The pipelines, from the one list model/core/isas.def."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "model", "core", "isas.def")
    names = []
    with open(path) as f:
        for line in f:
            m = re.match(r"^GPUREF_ISA\(([a-z0-9_]+)\)", line)
            if m:
                names.append(m.group(1))
    return names


ISAS = isa_list()
GEN_ISAS = tuple(ISAS)   # every listed ISA has a generator (`gpuref gen` says if not)
RESULT_RE = re.compile(r"^(PASS|FAIL) (\S+?)(?::| \((\d+) steps)")
COSIM_RE = re.compile(r"^cosim \S+: tests=(\d+) retired=(\d+) seconds=([\d.]+)")


def die(msg, code=2):
    print("regress: " + msg, file=sys.stderr)
    sys.exit(code)


class Task:
    """One unit of work: a vector file (directed) or a seed (random)."""

    def __init__(self, isa, mode, kind, name, vecfile=None, seed=None, count=None, mix=None):
        self.isa, self.mode, self.kind, self.name = isa, mode, kind, name
        self.vecfile, self.seed, self.count, self.mix = vecfile, seed, count, mix
        self.results = []          # (test name, passed, steps or None, reason)
        self.retired = 0
        self.seconds = 0.0
        self.error = None          # a task-level problem (generation failed, crash)
        self.cov = None            # coverage.dat the task wrote
        self.log = None
        self.commands = []


def load_list(path):
    if yaml is None:
        die("python3-yaml is missing (make deps installs it)")
    try:
        with open(path) as f:
            doc = yaml.safe_load(f)
    except (OSError, yaml.YAMLError) as e:
        die("%s: %s" % (path, e))
    if not isinstance(doc, dict) or not isinstance(doc.get("jobs"), list):
        die("%s: expected a mapping with a 'jobs' list" % path)
    for i, job in enumerate(doc["jobs"]):
        if not isinstance(job, dict):
            die("%s: job %d is not a mapping" % (path, i + 1))
        unknown = set(job) - {"isa", "mode", "directed", "random"}
        if "random" in job and not isinstance(job["random"], dict):
            die("%s: job %d: random needs a mapping {seeds, first, count, mix}" % (path, i + 1))
        if unknown:
            die("%s: job %d: unknown key(s) %s" % (path, i + 1, ", ".join(sorted(unknown))))
        if "isa" not in job or job.get("mode", "lockstep") not in ("lockstep", "model"):
            die("%s: job %d: needs isa and mode lockstep|model" % (path, i + 1))
    return doc["jobs"]


def default_jobs(isas, seeds, count):
    jobs = []
    for isa in isas:
        jobs.append({"isa": isa, "mode": "lockstep", "directed": "vectors/%s/directed/*.yaml" % isa})
        if seeds > 0 and isa in GEN_ISAS:
            jobs.append({"isa": isa, "mode": "lockstep",
                         "random": {"seeds": seeds, "first": 1, "count": count}})
    return jobs


def expand(jobs):
    tasks = []
    for job in jobs:
        isa, mode = job["isa"], job.get("mode", "lockstep")
        if "directed" in job:
            pats = job["directed"] if isinstance(job["directed"], list) else [job["directed"]]
            files = sorted(f for p in pats for f in glob.glob(p))
            if not files:
                die("no vector files match %s" % pats)
            for f in files:
                base = os.path.splitext(os.path.basename(f))[0]
                tasks.append(Task(isa, mode, "directed", "%s/%s" % (isa, base), vecfile=f))
        if "random" in job:
            r = job["random"]
            first, n, count = int(r.get("first", 1)), int(r.get("seeds", 1)), int(r.get("count", 200))
            mix = r.get("mix")
            if mix is None and mode == "lockstep" and os.path.exists(RTL_MIX % isa):
                mix = RTL_MIX % isa      # what the ISA's RTL executes today
            for s in range(first, first + n):
                tasks.append(Task(isa, mode, "random", "%s/seed-%d" % (isa, s), seed=s, count=count, mix=mix))
    return tasks


class Runner:
    def __init__(self, args, run_dir):
        self.args, self.run_dir = args, run_dir
        self.build = args.build
        self.gpuref = os.path.join(self.build, "bin", "gpuref")
        self.lock = threading.Lock()
        self.done = 0
        self.failed_tests = 0
        self.total = 0
        self.tty = sys.stdout.isatty()

    def bench(self, isa):
        folder = isa + ("-" + self.args.variant if self.args.variant else "")
        if self.args.mutant:
            folder = isa + "-mut"
        return os.path.join(self.build, "tb", folder, "Vtb_" + isa)

    def bench_cmd(self, isa):
        # the mutant bench runs mutant NAME of scripts/mutations/<isa>.txt
        return [self.bench(isa)] + (["+gpuref_mutant=" + self.args.mutant] if self.args.mutant else [])

    def run_cmd(self, task, cmd, logf):
        task.commands.append(cmd)
        logf.write("$ " + " ".join(shlex.quote(c) for c in cmd) + "\n")
        logf.flush()
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        logf.write(p.stdout)
        logf.flush()
        return p.returncode, p.stdout

    def reproduce(self, task, test):
        out = os.path.join(self.run_dir, "reports", task.isa)
        if task.mode == "lockstep":
            cmd = self.bench_cmd(task.isa) + ["--out", out, "--test", test, task.vecfile]
        else:
            cmd = [self.gpuref, "run", "-v", "-t", test, task.vecfile]
        return " ".join(shlex.quote(c) for c in cmd)

    def execute(self, task):
        t0 = time.time()
        task.log = os.path.join(self.run_dir, "logs", task.name.replace("/", "_") + ".log")
        with open(task.log, "w") as logf:
            if task.kind == "random":
                task.vecfile = os.path.join(self.run_dir, "gen", "%s-seed%d.yaml" % (task.isa, task.seed))
                cmd = [self.gpuref, "gen", "--isa", task.isa, "--seed", str(task.seed),
                       "--count", str(task.count), "-o", task.vecfile]
                if task.mix:
                    cmd += ["--mix", task.mix]
                st, out = self.run_cmd(task, cmd, logf)
                if st != 0:
                    task.error = "generation failed: " + (out.strip().splitlines() or ["?"])[-1]
            if task.error is None:
                if task.mode == "lockstep":
                    task.cov = os.path.join(self.run_dir, "cov", task.name.replace("/", "_") + ".dat")
                    cmd = self.bench_cmd(task.isa) + ["--out", os.path.join(self.run_dir, "reports", task.isa),
                           "--cov", task.cov]
                    skip = os.path.join("testbenches", task.isa, "lockstep_skip.txt")
                    if os.path.exists(skip):
                        cmd += ["--skip", skip]
                    cmd.append(task.vecfile)
                else:
                    task.cov = os.path.join(self.run_dir, "cov", task.name.replace("/", "_") + ".dat")
                    cmd = [self.gpuref, "run", "--cov", task.cov, task.vecfile]
                st, out = self.run_cmd(task, cmd, logf)
                self.parse(task, out)
                if st not in (0, 1) or (st != 0 and not any(not r[1] for r in task.results)):
                    task.error = "exit status %d: %s" % (st, (out.strip().splitlines() or ["?"])[-1])
                for name, ok, _, _ in task.results:
                    if not ok:
                        logf.write("reproduce: %s\n" % self.reproduce(task, name))
        task.seconds = time.time() - t0
        with self.lock:
            self.done += 1
            self.failed_tests += sum(1 for r in task.results if not r[1]) + (1 if task.error else 0)
            self.progress(task)
        return task

    def parse(self, task, out):
        for line in out.splitlines():
            m = RESULT_RE.match(line)
            if m:
                ok = m.group(1) == "PASS"
                reason = "" if ok else line.split(": ", 1)[-1]
                task.results.append((m.group(2), ok, int(m.group(3)) if m.group(3) else None, reason))
            m = COSIM_RE.match(line)
            if m:
                task.retired = int(m.group(2))
            if line.startswith("ERROR "):
                task.error = line[6:]

    def progress(self, task):
        msg = "[%*d/%d] %d failed  %s" % (len(str(self.total)), self.done, self.total, self.failed_tests,
                                          task.name)
        if self.tty:
            sys.stdout.write("\r\033[K" + msg)
            if self.done == self.total:
                sys.stdout.write("\n")
        else:
            print(msg)
        sys.stdout.flush()

    def rerun_traced(self, task, test):
        out = os.path.join(self.run_dir, "rerun", task.isa)
        if task.mode != "lockstep":
            return None
        cmd = self.bench_cmd(task.isa) + ["--out", out, "--test", test, "+trace", task.vecfile]
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = os.path.splitext(os.path.basename(task.vecfile))[0]
        wave = os.path.join(out, base, test, "wave.fst")
        return wave if os.path.exists(wave) else None


def write_junit(path, tasks):
    with open(path + ".tmp", "w") as f:
        ntests = sum(max(1, len(t.results)) for t in tasks)
        nfail = sum(sum(1 for r in t.results if not r[1]) + (1 if t.error else 0) for t in tasks)
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        f.write('<testsuites name="gpuref" tests="%d" failures="%d">\n' % (ntests, nfail))
        for t in tasks:
            fails = sum(1 for r in t.results if not r[1]) + (1 if t.error else 0)
            f.write('  <testsuite name=%s tests="%d" failures="%d" time="%.3f">\n'
                    % (xmlesc.quoteattr(t.name + " (" + t.mode + ")"), max(1, len(t.results)), fails, t.seconds))
            if t.error:
                f.write('    <testcase classname=%s name="(task)"><failure message=%s/></testcase>\n'
                        % (xmlesc.quoteattr(t.name), xmlesc.quoteattr(t.error)))
            for name, ok, steps, reason in t.results:
                f.write('    <testcase classname=%s name=%s>' % (xmlesc.quoteattr(t.name), xmlesc.quoteattr(name)))
                if not ok:
                    f.write('<failure message=%s/>' % xmlesc.quoteattr(reason))
                f.write("</testcase>\n")
            f.write("  </testsuite>\n")
        f.write("</testsuites>\n")
    os.replace(path + ".tmp", path)


def main():
    ap = argparse.ArgumentParser(description="gpuref regression runner (see the module docstring).")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2, help="parallel tasks")
    ap.add_argument("--list", help="test list (YAML); default: directed vectors plus random seeds")
    ap.add_argument("--isa", action="append", choices=ISAS,
                    help="ISA(s) for the default list (repeatable; default: every ISA of model/core/isas.def)")
    ap.add_argument("--seeds", type=int, default=0, help="random seeds per ISA in the default list")
    ap.add_argument("--count", type=int, default=200, help="instructions per random program")
    ap.add_argument("--run-id", help="run folder name (default: date-time)")
    ap.add_argument("--build", default="build", help="build folder (default: build)")
    ap.add_argument("--no-rerun", action="store_true", help="do not rerun failures with tracing")
    ap.add_argument("--variant", help="bench variant: build/tb/<isa>-VARIANT (e.g. cov)")
    ap.add_argument("--mutant", help="run the mutant bench build/tb/<isa>-mut with +gpuref_mutant=NAME")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    if args.jobs < 1:
        die("-j needs a number >= 1")

    jobs = load_list(args.list) if args.list else default_jobs(args.isa or ISAS, args.seeds, args.count)
    tasks = expand(jobs)
    run_id = args.run_id or datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    run_dir = os.path.join(args.build, "regress", run_id)
    for sub in ("logs", "gen", "reports", "rerun", "cov"):
        os.makedirs(os.path.join(run_dir, sub), exist_ok=True)

    runner = Runner(args, run_dir)
    need = {runner.gpuref} | {runner.bench(t.isa) for t in tasks if t.mode == "lockstep"}
    missing = sorted(p for p in need if not os.access(p, os.X_OK))
    if missing:
        die("not built: %s (run make, and make %s)" % (", ".join(missing), " ".join(missing[1:] or missing)))
    runner.total = len(tasks)
    print("regress: run %s, %d tasks, -j %d, folder %s" % (run_id, len(tasks), args.jobs, run_dir))
    t0 = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        list(ex.map(runner.execute, tasks))
    wall = time.time() - t0

    failures = []
    for t in tasks:
        if t.error:
            failures.append((t, None, t.error))
        for name, ok, _, reason in t.results:
            if not ok:
                failures.append((t, name, reason))
    if failures:
        print("\nfailures:")
        for t, name, reason in failures:
            print("  %s %s: %s" % (t.name, name or "(task)", reason[:300]))
            if name:
                print("    reproduce: " + runner.reproduce(t, name))
                if not args.no_rerun:
                    wave = runner.rerun_traced(t, name)
                    if wave:
                        print("    wave:      " + wave)
            print("    log:       " + t.log)

    # summary per ISA and mode
    print("\n%-8s %-9s %7s %7s %7s %10s %9s" % ("ISA", "mode", "tests", "passed", "failed", "retired", "seconds"))
    keys = sorted({(t.isa, t.mode) for t in tasks})
    for isa, mode in keys:
        sel = [t for t in tasks if t.isa == isa and t.mode == mode]
        n = sum(len(t.results) for t in sel) + sum(1 for t in sel if t.error and not t.results)
        p = sum(1 for t in sel for r in t.results if r[1])
        f = n - p
        retired = sum(t.retired for t in sel)
        secs = sum(t.seconds for t in sel)
        print("%-8s %-9s %7d %7d %7d %10s %9.1f" % (isa, mode, n, p, f, retired if mode == "lockstep" else "-", secs))
    write_junit(os.path.join(run_dir, "junit.xml"), tasks)
    covs = [t.cov for t in tasks if t.cov and os.path.exists(t.cov)]
    if covs:
        merged = os.path.join(run_dir, "cov", "merged.dat")
        subprocess.run([runner.gpuref, "cov", "merge", "-o", merged] + covs,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        rep = subprocess.run([runner.gpuref, "cov", "report", "--max-holes", "0", "--html",
                              os.path.join(run_dir, "cov", "report"), merged],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        with open(os.path.join(run_dir, "cov", "report.txt"), "w") as f:
            f.write(rep.stdout)
        print("\nfunctional coverage (holes by name: %s; HTML: %s)" % (
            os.path.join(run_dir, "cov", "report.txt"),
            os.path.join(run_dir, "cov", "report", "html", "index.html")))
        for line in rep.stdout.splitlines():
            if line.startswith("holes"):
                break
            if line.strip() and not line.startswith("functional coverage"):
                print(line)
    total = sum(len(t.results) for t in tasks) + sum(1 for t in tasks if t.error and not t.results)
    nfail = len(failures)
    print("\nwall %.1f s; %.0f tests/minute; JUnit: %s" % (wall, 60.0 * total / wall if wall > 0 else 0,
                                                          os.path.join(run_dir, "junit.xml")))
    print("%d passed, %d failed" % (total - nfail, nfail))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
