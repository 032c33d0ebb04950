#!/usr/bin/env python3
"""gpuref regression runner, on this machine or as a Slurm job array.

Runs a test list (directed vector files and random seeds per ISA, model-only or
in lockstep) as tasks, one task per vector file or random seed, with a
progress line, per-task logs and reports under BUILD/regress/<run-id>/, a
summary table, JUnit XML, merged coverage, an automatic rerun of every failed
test with tracing on, and a non-zero exit on any failure.  Every failure is
printed with the exact command that reproduces it.

Test list (YAML):

    jobs:
      - isa: nv50
        mode: lockstep            # or: model
        directed: "vectors/nv50/directed/*.yaml"
      - isa: nv50
        mode: lockstep
        random: {seeds: 8, first: 1, count: 200}   # gpuref gen --seed S --count N

Where the tasks run:

  (default)           here, -j N at a time.
  --slurm             one Slurm array task per task (sbatch --array), each running
                      `regress.py --run-task RUN INDEX`, the same code as a local
                      task; waits, showing tasks done/total, then collects.  The
                      run folder, the build and the repository must be on a
                      filesystem every node sees, at the same path.
  --no-wait           with --slurm: submit and return; later --collect RUN.
  --collect RUN       wait for RUN's array tasks still queued, then merge the
                      per-task results into the summary, JUnit and coverage, as
                      a local run does; missing tasks are named as failures.
  --rerun-failed RUN  run again RUN's failed and missing tasks (here, or with
                      --slurm as a new array job), then collect the whole run.
  --compare RUN RUN   compare two runs test for test (name and verdict), their
                      merged coverage report and their JUnit (times aside).

The run folder BUILD/regress/<run-id>/ holds run.json (the task list and the
settings), results/<index>.json, junit/<index>.xml and logs/<task>.log per task,
cov/ (per-task coverage.dat, merged.dat, report.txt), slurm/ (the job script
and the Slurm output per array task), and after collecting junit.xml,
tests.txt (one line per test: verdict, task, test) and summary.txt.
"""

import argparse
import concurrent.futures
import datetime
import glob
import json
import os
import re
import shlex
import shutil
import socket
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
RUN_FORMAT = 1      # run.json and results/*.json layout


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
RESULT_RE = re.compile(r"^(PASS|FAIL) (\S+?)(?::| \((\d+) steps|$)")   # bench, or gpuref run
COSIM_RE = re.compile(r"^cosim \S+: tests=(\d+) retired=(\d+) seconds=([\d.]+)")
SELF = os.path.relpath(os.path.abspath(__file__))


def die(msg, code=2):
    print("regress: " + msg, file=sys.stderr)
    sys.exit(code)


def q(cmd):
    return " ".join(shlex.quote(str(c)) for c in cmd)


class Task:
    """One unit of work: a vector file (directed) or a seed (random)."""

    SPEC = ("isa", "mode", "kind", "name", "stem", "vecfile", "seed", "count", "mix")
    OUTCOME = ("results", "retired", "seconds", "error", "cov", "log", "commands", "vecfile",
               "host", "started", "ended")

    def __init__(self, isa, mode, kind, name, vecfile=None, seed=None, count=None, mix=None, stem=None):
        self.isa, self.mode, self.kind, self.name = isa, mode, kind, name
        self.vecfile, self.seed, self.count, self.mix = vecfile, seed, count, mix
        self.stem = stem or name.replace("/", "_")   # file names of its log and coverage
        self.index = None
        self.results = []          # (test name, passed, steps or None, reason)
        self.retired = 0
        self.seconds = 0.0
        self.error = None          # a task-level problem (generation failed, crash, no result)
        self.cov = None            # coverage.dat the task wrote
        self.log = None
        self.commands = []
        self.host = None
        self.started = self.ended = None
        self.have_outcome = False

    def spec(self):
        return {k: getattr(self, k) for k in self.SPEC}

    @classmethod
    def from_spec(cls, d):
        return cls(d["isa"], d["mode"], d["kind"], d["name"], vecfile=d.get("vecfile"), seed=d.get("seed"),
                   count=d.get("count"), mix=d.get("mix"), stem=d.get("stem"))

    def outcome(self):
        return {k: getattr(self, k) for k in self.OUTCOME}

    def load_outcome(self, d):
        for k in self.OUTCOME:
            if k in d:
                setattr(self, k, d[k])
        self.results = [tuple(r) for r in self.results]
        self.have_outcome = True

    def failures(self):
        return sum(1 for r in self.results if not r[1]) + (1 if self.error else 0)


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


def has_gen(build, isa):
    """Whether `gpuref gen --isa ISA` works (an ISA whose generator is not
    written yet runs its directed vectors only)."""
    try:
        p = subprocess.run([os.path.join(build, "bin", "gpuref"), "gen", "--isa", isa, "--seed", "1",
                            "--count", "1", "-q", "-o", os.devnull],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    except OSError:
        return True                  # no binary yet: let the run report it
    return not (p.returncode != 0 and "not available" in p.stdout)


def default_jobs(isas, seeds, count, build="build"):
    jobs = []
    for isa in isas:
        jobs.append({"isa": isa, "mode": "lockstep", "directed": "vectors/%s/directed/*.yaml" % isa})
        # random programs in lockstep: an ISA whose model has a generator and
        # whose RTL says what it runs (RTL_MIX); else its directed files only
        if seeds > 0 and isa in GEN_ISAS and has_gen(build, isa) and os.path.exists(RTL_MIX % isa):
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
    # a task's files are named after it: the same file in two modes gets the mode too
    seen = {}
    for i, t in enumerate(tasks):
        t.index = i
        if t.stem in seen:
            t.stem = "%s-%s-%d" % (t.stem, t.mode, i)
        seen[t.stem] = t
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
        # bench options (+tb_NAME, e.g. rdna4's +tb_vm_ooo) on every lockstep run
        opts = list(getattr(self.args, "bench_opt", None) or [])
        return [self.bench(isa)] + (["+gpuref_mutant=" + self.args.mutant] if self.args.mutant else []) + opts

    def missing(self, tasks):
        need = {self.gpuref} | {self.bench(t.isa) for t in tasks if t.mode == "lockstep"}
        return sorted(p for p in need if not os.access(p, os.X_OK))

    def stale(self, tasks):
        """(bench, newer source) for each lockstep bench older than one of the
        sources make builds it from: running it would test the RTL as it was."""
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
        out = []
        for isa in sorted({t.isa for t in tasks if t.mode == "lockstep"}):
            b = self.bench(isa)
            if self.args.mutant or not os.access(b, os.X_OK):
                continue
            srcs = []
            for d in ("rtl/" + isa, "rtl/common/fp", "testbenches/" + isa, "testbenches/common"):
                try:
                    srcs += [os.path.join(root, d, f) for f in os.listdir(os.path.join(root, d))]
                except OSError:
                    pass
            bt = os.path.getmtime(b)
            newer = [f for f in srcs if f.endswith((".sv", ".svh", ".h", ".cpp")) and os.path.getmtime(f) > bt]
            if newer:
                out.append((b, os.path.relpath(max(newer, key=os.path.getmtime))))
        return out

    def run_cmd(self, task, cmd, logf):
        task.commands.append(cmd)
        logf.write("$ " + q(cmd) + "\n")
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
        return q(cmd)

    def rerun_task_cmd(self, task):
        """The command that runs this one task again, as its array task does."""
        return q(["python3", SELF, "--run-task", self.run_dir, task.index])

    def execute(self, task):
        task.results, task.commands, task.error, task.retired = [], [], None, 0
        task.host, task.started = socket.gethostname(), time.time()
        task.log = os.path.join(self.run_dir, "logs", task.stem + ".log")
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
                task.cov = os.path.join(self.run_dir, "cov", task.stem + ".dat")
                if task.mode == "lockstep":
                    cmd = self.bench_cmd(task.isa) + ["--out", os.path.join(self.run_dir, "reports", task.isa),
                           "--cov", task.cov]
                    skip = os.path.join("testbenches", task.isa, "lockstep_skip.txt")
                    if os.path.exists(skip):
                        cmd += ["--skip", skip]
                    cmd.append(task.vecfile)
                else:
                    cmd = [self.gpuref, "run", "--cov", task.cov, task.vecfile]
                st, out = self.run_cmd(task, cmd, logf)
                self.parse(task, out)
                if st not in (0, 1) or (st != 0 and not any(not r[1] for r in task.results)):
                    task.error = "exit status %d: %s" % (st, (out.strip().splitlines() or ["?"])[-1])
                for name, ok, _, _ in task.results:
                    if not ok:
                        logf.write("reproduce: %s\n" % self.reproduce(task, name))
        task.ended = time.time()
        task.seconds = task.ended - task.started
        save_outcome(self.run_dir, task)
        with self.lock:
            self.done += 1
            self.failed_tests += task.failures()
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
        nfail = sum(t.failures() for t in tasks)
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        f.write('<testsuites name="gpuref" tests="%d" failures="%d">\n' % (ntests, nfail))
        for t in tasks:
            f.write('  <testsuite name=%s tests="%d" failures="%d" time="%.3f">\n'
                    % (xmlesc.quoteattr(t.name + " (" + t.mode + ")"), max(1, len(t.results)), t.failures(),
                       t.seconds))
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


# ------------------------------------------------------------ the run folder

def write_json(path, doc):
    with open(path + ".tmp", "w") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(path + ".tmp", path)


def result_path(run_dir, index):
    return os.path.join(run_dir, "results", "%05d.json" % index)


def save_outcome(run_dir, task):
    """A task's results and its JUnit piece, written by the task itself (here or on a node)."""
    write_json(result_path(run_dir, task.index), dict(task.outcome(), index=task.index, name=task.name,
                                                      format=RUN_FORMAT))
    write_junit(os.path.join(run_dir, "junit", "%05d.xml" % task.index), [task])


def create_run(args, run_id, tasks, where):
    run_dir = os.path.join(args.build, "regress", run_id)
    # a reused run id starts afresh: no result of an earlier run may be collected
    for sub in ("results", "junit", "slurm", "cov"):
        shutil.rmtree(os.path.join(run_dir, sub), ignore_errors=True)
    for sub in ("logs", "gen", "reports", "rerun", "cov", "results", "junit", "slurm"):
        os.makedirs(os.path.join(run_dir, sub), exist_ok=True)
    meta = {"format": RUN_FORMAT, "run_id": run_id, "build": args.build, "variant": args.variant,
            "mutant": args.mutant, "bench_opt": args.bench_opt or [], "cwd": os.getcwd(), "where": where, "created": time.time(),
            "submissions": [], "attempts": [], "tasks": [t.spec() for t in tasks]}
    write_json(os.path.join(run_dir, "run.json"), meta)
    return run_dir, meta


def find_run(run, build):
    """RUN is a run folder or a run id under BUILD/regress/."""
    for d in (run, os.path.join(build, "regress", run)):
        if os.path.isfile(os.path.join(d, "run.json")):
            return os.path.normpath(d)
    die("no run %s (neither a folder with run.json nor %s)" % (run, os.path.join(build, "regress", run)))


def load_run(run_dir):
    try:
        with open(os.path.join(run_dir, "run.json")) as f:
            meta = json.load(f)
    except (OSError, ValueError) as e:
        die("%s: %s" % (os.path.join(run_dir, "run.json"), e))
    if not isinstance(meta, dict) or meta.get("format") != RUN_FORMAT:
        die("%s: not a run.json of format %d" % (os.path.join(run_dir, "run.json"), RUN_FORMAT))
    tasks = []
    try:
        for key in ("run_id", "build", "cwd", "created", "submissions", "attempts"):
            meta[key]
        for i, d in enumerate(meta["tasks"]):
            t = Task.from_spec(d)
            t.index = i
            tasks.append(t)
    except (KeyError, TypeError, AttributeError) as e:
        die("%s: malformed (%s: %s)" % (os.path.join(run_dir, "run.json"), type(e).__name__, e))
    return meta, tasks


def load_outcomes(run_dir, tasks):
    for t in tasks:
        t.have_outcome = False
        try:
            with open(result_path(run_dir, t.index)) as f:
                d = json.load(f)
        except (OSError, ValueError):
            continue
        try:
            if d.get("format") == RUN_FORMAT and d.get("name") == t.name:
                t.load_outcome(d)
        except (AttributeError, TypeError, ValueError):
            t.have_outcome = False      # an unreadable result counts as missing
            t.results, t.error, t.cov, t.log, t.ended = [], None, None, None, None


def run_args(meta, args):
    """The settings a run was made with (the build, bench variant and mutant)."""
    return argparse.Namespace(build=meta["build"], variant=meta.get("variant"), mutant=meta.get("mutant"),
                              bench_opt=meta.get("bench_opt") or [],
                              no_rerun=getattr(args, "no_rerun", True))


def save_meta(run_dir, meta):
    write_json(os.path.join(run_dir, "run.json"), meta)


# ------------------------------------------------------------ Slurm

def ranges(indices):
    """[0, 1, 2, 5, 7, 8] -> '0-2,5,7-8' (an sbatch --array list)."""
    out, i = [], 0
    while i < len(indices):
        j = i
        while j + 1 < len(indices) and indices[j + 1] == indices[j] + 1:
            j += 1
        out.append(str(indices[i]) if i == j else "%d-%d" % (indices[i], indices[j]))
        i = j + 1
    return ",".join(out)


def slurm_cmd(tool, argv):
    if shutil.which(tool) is None:
        die("%s is not installed or not on PATH (Slurm clients; SLURM_CONF names the cluster's slurm.conf)"
            % tool)
    return subprocess.run([tool] + argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def slurm_submit(args, run_dir, meta, indices):
    """Submit INDICES of the run as array job(s); one array task runs one task."""
    script = os.path.join(run_dir, "slurm", "task.sh")
    with open(script, "w") as f:
        f.write("#!/bin/sh\n# generated by scripts/regress.py: Slurm array task -> task INDEX of run %s\n"
                "# (INDEX = SLURM_ARRAY_TASK_ID + the offset given as argument 1)\n"
                "cd %s || exit 3\n"
                'exec python3 %s --run-task %s $((SLURM_ARRAY_TASK_ID + ${1:-0}))\n'
                % (meta["run_id"], shlex.quote(meta["cwd"]), shlex.quote(SELF), shlex.quote(run_dir)))
    os.chmod(script, 0o755)
    extra = []
    for opt in args.sbatch_opt or []:
        extra += shlex.split(opt)
    # an array index must stay below the cluster's MaxArraySize: larger lists
    # go as several arrays, each with an offset
    chunks, chunk = [], []
    for i in indices:
        if chunk and i - chunk[0] >= args.array_limit:
            chunks.append(chunk)
            chunk = []
        chunk.append(i)
    if chunk:
        chunks.append(chunk)
    jobs = []
    meta["attempts"].append({"start": time.time(), "indices": list(indices), "where": "Slurm"})
    for chunk in chunks:
        off = chunk[0]
        spec = ranges([i - off for i in chunk]) + ("%%%d" % args.max_running if args.max_running else "")
        cmd = ["--parsable", "--array=" + spec, "--job-name=gpuref-" + meta["run_id"],
               "--output=" + os.path.join(run_dir, "slurm", "%A_%a.out"), "--chdir=" + meta["cwd"],
               "--ntasks=1", "--cpus-per-task=1"]
        if args.partition:
            cmd.append("--partition=" + args.partition)
        if args.time:
            cmd.append("--time=" + args.time)
        if args.mem:
            cmd.append("--mem=" + args.mem)
        cmd += extra + [script, str(off)]
        t = time.time()
        p = slurm_cmd("sbatch", cmd)
        if p.returncode != 0:
            why = "; ".join(l.strip() for l in (p.stderr.strip() or p.stdout.strip()).splitlines() if l.strip())
            die("sbatch failed: %s\n  command: sbatch %s" % (why or "exit status %d" % p.returncode, q(cmd)), 1)
        job = p.stdout.strip().split(";")[0]
        jobs.append(job)
        meta["submissions"].append({"job": job, "offset": off, "indices": chunk, "submitted": t,
                                    "command": "sbatch " + q(cmd)})
        print("regress: submitted Slurm job %s: array %s (%d tasks)" % (job, spec, len(chunk)))
    save_meta(run_dir, meta)
    return jobs


def slurm_states(jobs, all_states=False):
    """{array task id 'JOB_I': state} of the queued (or, all_states, recently ended) tasks;
    None if squeue cannot answer."""
    if not jobs or shutil.which("squeue") is None:
        return None
    argv = ["-h", "-r", "-j", ",".join(jobs), "-o", "%i %T"] + (["--states=all"] if all_states else [])
    p = subprocess.run(["squeue"] + argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        if "Invalid job id" in p.stderr:       # every job ended and left the queue
            return {}
        return None
    states = {}
    for line in p.stdout.splitlines():
        parts = line.split()
        if len(parts) == 2:
            states[parts[0]] = parts[1]
    return states


def sacct_states(jobs):
    """{'JOB_I': 'STATE exit E'} from the accounting database, if the cluster keeps one."""
    if not jobs or shutil.which("sacct") is None:
        return {}
    p = subprocess.run(["sacct", "-n", "-P", "-X", "-j", ",".join(jobs), "-o", "JobID,State,ExitCode"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        return {}
    out = {}
    for line in p.stdout.splitlines():
        parts = line.split("|")
        if len(parts) == 3:
            out[parts[0]] = "%s exit %s" % (parts[1], parts[2])
    return out


def array_task_id(meta, index):
    """The Slurm array task ('JOB_I') that ran task INDEX last, or None."""
    found = None
    for s in meta.get("submissions", []):
        if index in s["indices"]:
            found = "%s_%d" % (s["job"], index - s["offset"])
    return found


def slurm_wait(run_dir, meta, tasks, poll):
    """Wait until no array task of the run is queued or running; progress on stdout."""
    jobs = [s["job"] for s in meta.get("submissions", [])]
    if not jobs:
        return
    tty = sys.stdout.isatty()
    last, errors, seen = None, 0, False
    todo = sorted({i for s in meta["submissions"] for i in s["indices"]})
    while True:
        states = slurm_states(jobs)
        done = sum(1 for i in todo if os.path.exists(result_path(run_dir, i)))
        if states is None:
            errors += 1
            if errors * poll >= 120:
                print("\nregress: squeue has not answered for %d s; collecting what is there" % (errors * poll))
                return
        else:
            errors = 0
            running = sum(1 for s in states.values() if s in ("RUNNING", "COMPLETING"))
            pending = sum(1 for s in states.values() if s in ("PENDING", "CONFIGURING"))
            msg = "slurm: job %s: %d/%d tasks done, %d running, %d pending" % (
                ",".join(jobs), done, len(todo), running, pending)
            if msg != last:
                sys.stdout.write(("\r\033[K" + msg) if tty else (msg + "\n"))
                sys.stdout.flush()
                last = msg
            if not states:
                break
            seen = True
        time.sleep(poll)
    if tty:
        sys.stdout.write("\n")
    # a shared filesystem may show a node's last files a little later
    deadline = time.time() + (30 if seen else 0)
    while time.time() < deadline and not all(os.path.exists(result_path(run_dir, i)) for i in todo):
        time.sleep(1)


# ------------------------------------------------------------ report

def report(runner, tasks, meta, args, wall, where):
    """Summary, failures with reproduce commands, JUnit, merged coverage; the exit status."""
    run_dir = runner.run_dir
    failures = []
    for t in tasks:
        if not t.have_outcome:
            jt = array_task_id(meta, t.index)
            if jt:
                st = (slurm_states([jt.split("_")[0]], all_states=True) or {}).get(jt) \
                    or sacct_states([jt.split("_")[0]]).get(jt) or "no longer queued, no accounting record"
                t.error = "no result from Slurm array task %s (%s; its output: %s)" % (
                    jt, st, os.path.join(run_dir, "slurm", jt + ".out"))
            else:
                t.error = "no readable result in %s (the task did not run or did not finish)" % (
                    result_path(run_dir, t.index))
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
            else:
                print("    run again: " + runner.rerun_task_cmd(t))
            if t.log:
                print("    log:       " + t.log)
        print("  rerun the failed tasks: python3 %s --rerun-failed %s%s" % (
            SELF, run_dir, " --slurm" if meta.get("where") == "slurm" else ""))

    lines = ["%-8s %-9s %7s %7s %7s %10s %9s" % ("ISA", "mode", "tests", "passed", "failed", "retired", "seconds")]
    for isa, mode in sorted({(t.isa, t.mode) for t in tasks}):
        sel = [t for t in tasks if t.isa == isa and t.mode == mode]
        n = sum(len(t.results) for t in sel) + sum(1 for t in sel if t.error and not t.results)
        p = sum(1 for t in sel for r in t.results if r[1])
        retired = sum(t.retired for t in sel)
        secs = sum(t.seconds for t in sel)
        lines.append("%-8s %-9s %7d %7d %7d %10s %9.1f" % (isa, mode, n, p, n - p,
                                                          retired if mode == "lockstep" else "-", secs))
    print("\n" + "\n".join(lines))
    write_junit(os.path.join(run_dir, "junit.xml"), tasks)
    with open(os.path.join(run_dir, "tests.txt"), "w") as f:
        for t in tasks:
            if t.error:
                f.write("FAIL %s (%s) (task)\n" % (t.name, t.mode))
            for name, ok, _, _ in t.results:
                f.write("%s %s (%s) %s\n" % ("PASS" if ok else "FAIL", t.name, t.mode, name))
    covs = [t.cov for t in tasks if t.have_outcome and t.cov and os.path.exists(t.cov)]
    merged = os.path.join(run_dir, "cov", "merged.dat")
    for f in (merged, os.path.join(run_dir, "cov", "report.txt")):
        if os.path.exists(f):
            os.remove(f)
    if covs:
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
                lines.append(line)
    total = sum(len(t.results) for t in tasks) + sum(1 for t in tasks if t.error and not t.results)
    nfail = len(failures)
    rate = "wall %.1f s (%s%s); %.0f tests/minute; JUnit: %s" % (
        wall, where, ", %d attempts" % len(meta.get("attempts", [])) if len(meta.get("attempts", [])) > 1 else "",
        60.0 * total / wall if wall > 0 else 0, os.path.join(run_dir, "junit.xml"))
    print("\n" + rate)
    lines += [rate, "%d passed, %d failed" % (total - nfail, nfail)]
    with open(os.path.join(run_dir, "summary.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("%d passed, %d failed" % (total - nfail, nfail))
    return 1 if nfail else 0


def run_wall(meta, tasks):
    """The wall time of the run: per attempt (the first run, each rerun), from
    its start (local start or submission) to the end of its last task that no
    later attempt ran again, summed; and where the last attempt ran."""
    attempts = meta.get("attempts", [])
    wall, later = 0.0, set()
    for a in reversed(attempts):
        ends = [tasks[i].ended for i in a["indices"]
                if i not in later and i < len(tasks) and tasks[i].have_outcome and tasks[i].ended]
        if ends:
            wall += max(ends) - a["start"]
        later |= set(a["indices"])
    return wall, attempts[-1]["where"] if attempts else "-"


# ------------------------------------------------------------ commands

def cmd_run_task(args):
    run_dir = find_run(args.run_task[0], args.build)
    meta, tasks = load_run(run_dir)
    try:
        index = int(args.run_task[1])
    except ValueError:
        die("--run-task RUN INDEX: INDEX must be a number, not %s" % args.run_task[1])
    if not 0 <= index < len(tasks):
        die("--run-task: run %s has tasks 0..%d, not %d" % (run_dir, len(tasks) - 1, index))
    runner = Runner(run_args(meta, args), run_dir)
    runner.total = 1
    missing = runner.missing([tasks[index]])
    if missing:
        die("not built (or not visible on %s): %s" % (socket.gethostname(), ", ".join(missing)), 3)
    t = runner.execute(tasks[index])
    for name, ok, _, reason in t.results:
        print("%s %s%s" % ("PASS" if ok else "FAIL", name, "" if ok else ": " + reason[:300]))
    if t.error:
        print("task error: " + t.error)
    npass = sum(1 for r in t.results if r[1])
    print("task %d (%s) on %s, %.1f s: %d passed, %d failed" % (index, t.name, t.host, t.seconds, npass,
                                                               t.failures()))
    return 1 if t.failures() else 0


def collect(args, run_dir, meta, tasks, wait=True):
    if wait and meta.get("submissions"):
        slurm_wait(run_dir, meta, tasks, args.poll)
    load_outcomes(run_dir, tasks)
    runner = Runner(run_args(meta, args), run_dir)
    print("regress: run %s, %d tasks, %d with results" % (meta["run_id"], len(tasks),
                                                        sum(1 for t in tasks if t.have_outcome)))
    wall, where = run_wall(meta, tasks)
    return report(runner, tasks, meta, args, wall, where)


def run_here(args, run_dir, meta, tasks):
    meta["attempts"].append({"start": time.time(), "indices": [t.index for t in tasks],
                             "where": "-j %d" % args.jobs})
    save_meta(run_dir, meta)
    runner = Runner(run_args(meta, args), run_dir)
    runner.total = len(tasks)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        list(ex.map(runner.execute, tasks))


def cmd_rerun_failed(args):
    run_dir = find_run(args.rerun_failed, args.build)
    meta, tasks = load_run(run_dir)
    # a run's own array tasks still queued finish first
    if meta.get("submissions"):
        slurm_wait(run_dir, meta, tasks, args.poll)
    load_outcomes(run_dir, tasks)
    again = [t for t in tasks if not t.have_outcome or t.failures()]
    if not again:
        print("regress: run %s: no failed or missing task" % meta["run_id"])
        return collect(args, run_dir, meta, tasks, wait=False)
    print("regress: run %s: running again %d task(s): %s" % (meta["run_id"], len(again),
                                                             ", ".join(t.name for t in again)))
    for t in again:
        for f in (result_path(run_dir, t.index), os.path.join(run_dir, "junit", "%05d.xml" % t.index)):
            if os.path.exists(f):
                os.remove(f)
    if args.slurm:
        if shutil.which("sbatch") is None:
            die("--slurm: sbatch is not on PATH")
        meta["where"] = "slurm"
        slurm_submit(args, run_dir, meta, [t.index for t in again])
        if args.no_wait:
            print("regress: collect with: python3 %s --collect %s" % (SELF, run_dir))
            return 0
    else:
        run_here(args, run_dir, meta, again)
    return collect(args, run_dir, meta, tasks)


def compare_runs(a_dir, b_dir):
    """Test for test: the same tests with the same verdicts, the same merged
    coverage report, the same JUnit (times aside)."""
    def tests(d):
        meta, tasks = load_run(d)
        load_outcomes(d, tasks)
        out = {}
        for t in tasks:
            key = "%s (%s)" % (t.name, t.mode)
            if not t.have_outcome:
                out[(key, "(task)")] = "MISSING"
            elif t.error:
                out[(key, "(task)")] = "FAIL"
            for name, ok, _, _ in t.results:
                out[(key, name)] = "PASS" if ok else "FAIL"
        return out

    def text(d, f, strip=None):
        try:
            with open(os.path.join(d, f)) as h:
                s = h.read()
        except OSError:
            return None
        return re.sub(strip, "", s) if strip else s

    ta, tb = tests(a_dir), tests(b_dir)
    same = bad = 0
    for k in sorted(set(ta) | set(tb), key=lambda k: (k[0], k[1])):
        va, vb = ta.get(k, "absent"), tb.get(k, "absent")
        if va == vb and va == "PASS":
            same += 1
        elif va == vb:
            same += 1
            print("both %s: %s %s" % (va, k[0], k[1]))
        else:
            bad += 1
            print("differs: %s %s: %s in %s, %s in %s" % (k[0], k[1], va, a_dir, vb, b_dir))
    for f, strip, what in (("cov/merged.dat", None, "merged coverage data"),
                           ("cov/report.txt", r"(?m)^html: .*$", "merged coverage report (HTML path aside)"),
                           ("junit.xml", r' time="[0-9.]+"', "JUnit (times aside)")):
        xa, xb = text(a_dir, f, strip), text(b_dir, f, strip)
        if xa is not None and xa == xb:
            same += 1
            print("same %s (%s)" % (what, f))
        else:
            bad += 1
            print("differs: %s (%s)%s" % (what, f, "" if xa is not None and xb is not None else ": missing"))
    print("compare: %d tests in %s, %d in %s" % (len(ta), a_dir, len(tb), b_dir))
    print("%d passed, %d failed" % (same, bad))
    return 1 if bad else 0


def build_parser():
    ap = argparse.ArgumentParser(
        prog="regress.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n"
               "  python3 scripts/regress.py -j 8 --isa nv50 --seeds 20\n"
               "  python3 scripts/regress.py --slurm --partition short --time 10 --mem 2G --seeds 200\n"
               "  python3 scripts/regress.py --slurm --no-wait --run-id nightly && \\\n"
               "      python3 scripts/regress.py --collect nightly\n"
               "  python3 scripts/regress.py --rerun-failed nightly --slurm\n"
               "  python3 scripts/regress.py --compare build/regress/local build/regress/nightly\n")
    g = ap.add_argument_group("what to run")
    g.add_argument("--list", help="test list (YAML); default: directed vectors plus random seeds")
    g.add_argument("--isa", action="append", choices=ISAS,
                   help="ISA(s) for the default list (repeatable; default: every ISA of model/core/isas.def)")
    g.add_argument("--seeds", type=int, default=0, help="random seeds per ISA in the default list (default 0)")
    g.add_argument("--count", type=int, default=200, help="programs per random seed (default 200)")
    g.add_argument("--variant", help="bench variant: build/tb/<isa>-VARIANT (e.g. cov)")
    g.add_argument("--mutant", help="run the mutant bench build/tb/<isa>-mut with +gpuref_mutant=NAME")
    g.add_argument("--bench-opt", action="append", metavar="+tb_NAME",
                   help="a bench option for every lockstep run, repeatable (rdna4: +tb_vm_ooo, "
                        "vector loads return out of order)")
    g = ap.add_argument_group("where and how")
    g.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2,
                   help="parallel tasks on this machine (default: its CPU count)")
    g.add_argument("--run-id", help="run folder name under BUILD/regress/ (default: date-time)")
    g.add_argument("--build", default="build", help="build folder (default: build)")
    g.add_argument("--no-rerun", action="store_true", help="do not rerun failed tests with tracing")
    g.add_argument("-v", "--verbose", action="store_true", help="accepted for compatibility; no effect")
    g = ap.add_argument_group("Slurm (the run folder and the build on a filesystem all nodes share)")
    g.add_argument("--slurm", action="store_true",
                   help="run the tasks as a Slurm job array (sbatch --array), one array task per task")
    g.add_argument("--partition", help="sbatch --partition")
    g.add_argument("--time", help="sbatch --time: the limit of one array task (e.g. 10, 0:30:00)")
    g.add_argument("--mem", help="sbatch --mem: memory of one array task (e.g. 2G)")
    g.add_argument("--sbatch-opt", action="append", metavar="OPTS",
                   help="more sbatch options, passed through (repeatable; split as a shell would): "
                        "--sbatch-opt='--account=dv --qos=low'")
    g.add_argument("--max-running", type=int, metavar="K",
                   help="at most K array tasks at once (sbatch --array=...%%K)")
    g.add_argument("--array-limit", type=int, default=1000, metavar="N",
                   help="largest array index the cluster takes (MaxArraySize - 1; default 1000); "
                        "longer lists go as several arrays")
    g.add_argument("--no-wait", action="store_true", help="with --slurm: submit and return (then --collect)")
    g.add_argument("--poll", type=float, default=2.0, metavar="S", help="seconds between squeue polls (default 2)")
    g.add_argument("--collect", metavar="RUN", help="wait for RUN's array tasks, then merge and report its results")
    g.add_argument("--rerun-failed", metavar="RUN",
                   help="run again RUN's failed and missing tasks (with --slurm on the cluster), then report")
    g.add_argument("--run-task", nargs=2, metavar=("RUN", "INDEX"),
                   help="run task INDEX of RUN and write its results (what each Slurm array task runs)")
    g.add_argument("--compare", nargs=2, metavar=("RUN_A", "RUN_B"),
                   help="compare two runs test for test, with their coverage and JUnit")
    return ap


def main():
    args = build_parser().parse_args()
    if args.jobs < 1:
        die("-j needs a number >= 1")
    if args.poll <= 0 or args.array_limit < 1 or (args.max_running is not None and args.max_running < 1):
        die("--poll, --array-limit and --max-running need positive numbers")
    modes = [m for m in ("run_task", "collect", "rerun_failed", "compare") if getattr(args, m)]
    if len(modes) > 1:
        die("--%s and --%s exclude each other" % tuple(m.replace("_", "-") for m in modes[:2]))
    if args.no_wait and not args.slurm:
        die("--no-wait goes with --slurm")
    for o in args.bench_opt or []:
        if not re.match(r"\+tb_[A-Za-z0-9_]+$", o):
            die("--bench-opt %s: expected a bench option +tb_NAME" % o)
    if args.run_task:
        return cmd_run_task(args)
    if args.compare:
        return compare_runs(find_run(args.compare[0], args.build), find_run(args.compare[1], args.build))
    if args.collect:
        run_dir = find_run(args.collect, args.build)
        meta, tasks = load_run(run_dir)
        return collect(args, run_dir, meta, tasks)
    if args.rerun_failed:
        return cmd_rerun_failed(args)

    jobs = load_list(args.list) if args.list else default_jobs(args.isa or ISAS, args.seeds, args.count, args.build)
    tasks = expand(jobs)
    run_id = args.run_id or datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    if "/" in run_id or run_id in (".", ".."):
        die("--run-id names a folder under BUILD/regress/, not a path: %s" % run_id)
    probe = Runner(args, os.path.join(args.build, "regress", run_id))
    missing = probe.missing(tasks)
    if missing:
        die("not built: %s (run make, and make %s)" % (", ".join(missing), " ".join(missing[1:] or missing)))
    for bench, src in probe.stale(tasks):
        print("regress: warning: %s is older than %s: it runs the RTL as it was when built (make %s rebuilds it)"
              % (bench, src, bench), file=sys.stderr)
    if args.slurm and shutil.which("sbatch") is None:
        die("--slurm: sbatch is not on PATH (install the Slurm clients; SLURM_CONF names the cluster's slurm.conf)")
    run_dir, meta = create_run(args, run_id, tasks, "slurm" if args.slurm else "local")
    if args.slurm:
        print("regress: run %s, %d tasks on Slurm, folder %s" % (run_id, len(tasks), run_dir))
        slurm_submit(args, run_dir, meta, [t.index for t in tasks])
        if args.no_wait:
            print("regress: collect with: python3 %s --collect %s" % (SELF, run_dir))
            return 0
        return collect(args, run_dir, meta, tasks)
    print("regress: run %s, %d tasks, -j %d, folder %s" % (run_id, len(tasks), args.jobs, run_dir))
    run_here(args, run_dir, meta, tasks)
    return collect(args, run_dir, meta, tasks, wait=False)


if __name__ == "__main__":
    sys.exit(main())
