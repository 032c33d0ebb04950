#!/usr/bin/env python3
"""Mutation score of the lockstep regression, from one mutant bench per ISA.

Small named RTL mutations (operator swap, stuck bit, dropped write enable,
off-by-one in a shift, wrong flag, ...) and the deliberate bugs of
scripts/check-bugs.sh are all compiled into one bench,
build/tb/<isa>-mut/Vtb_<isa>, which runs the correct RTL unless the plusarg
+gpuref_mutant=NAME (or its number) selects one of them.  This script writes
that bench's RTL (--gen) and runs the regression (the directed vectors and,
with --seeds, random programs) once per mutant, reporting how many mutants it
detects (kills).  A mutant that survives means the vectors and the checker
cannot see that change: a hole to close.

Mutation list (scripts/mutations/<isa>.txt), one per line:
    name @@ rtl file @@ find @@ replacement [@@ quick | @@ bug TEST PC]
`find` must occur exactly once in the file and be one or more complete
statements (ending with ';') or a complete expression.  In the
generated RTL (--gen DIR) the site K (the entry's number, from 1) becomes
    begin if (gpuref_mut::sel == K) begin <replacement> end else begin <find> end end
A statement that starts with a case label (`3'd2: x = y;`, `default: ...`)
keeps its label in front: `LABEL: begin if ... end`; the replacement may
repeat the same label or leave it out.
or, for an expression, ((gpuref_mut::sel == K) ? (<replacement>) : (<find>)).
An expression must be a whole operand where it stands: the operators next to
it may not bind as tightly as one inside it (`a < b || c` cannot mutate
`b || c`), or the brackets would regroup the expression and the bench with no
mutant selected, which is also the lockstep bench, would not run the RTL as
written.
Lines starting with # are comments.  In `make test`, the mutants marked
`quick` run and every one must be killed; `bug` entries are run by
scripts/check-bugs.sh (TEST of vectors/<isa>/directed/checker_bugs.yaml must
fail at PC), not counted in the score.

A find text that is neither (it starts or ends inside a token, its brackets
or begin/end do not pair, a statement that does not start where one can or
declares something, an expression that is a list, an lvalue, a member or
callee name, or holds an assignment) is rejected before anything is written,
with a one-line "LIST:LINE: ..." error: by --gen, and by a run before it builds
the bench.

One failing test kills a mutant, so each mutant's bench run stops at its first
failing test (--first-fail) and the likely killer runs first: the test that
killed it last time (remembered in BUILD/mutants/ISA/killers.txt, or, in a
fresh build folder, in the committed seed scripts/mutations/ISA.killers) alone, then
every vector file in one run, those that killed mutants of the same RTL file
first, then those that killed most mutants (last time and so far in this run).
A mutant is "survived" only after every file ran without a failure.

usage: scripts/mutate.py --isa nv50 [--quick] [--seeds N] [--build DIR] [-j N] [--only NAME]
                         [--vec FILE]... [--fresh] [--update-seed]
       scripts/mutate.py --isa nv50 --gen DIR      write the mutant RTL (the Makefile does)
       scripts/mutate.py --isa nv50 --bugs         print "NAME TEST PC" of the bug entries
       (--list FILE reads another mutation list than scripts/mutations/ISA.txt; the
       mutants it runs must be entries of that list, which the bench is built from)
"""

import argparse
import concurrent.futures
import glob
import hashlib
import os
import re
import subprocess
import sys
import threading
import time


def load(path):
    muts = []
    if not os.path.exists(path):
        sys.exit("mutate: no mutation list %s (one per ISA in scripts/mutations/)" % path)
    names = set()
    with open(path) as f:
        for no, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            cols = [c.strip() for c in line.split(" @@ ")]
            if len(cols) not in (4, 5):
                sys.exit("%s:%d: expected 'name @@ file @@ find @@ replace [@@ quick | @@ bug TEST PC]'" % (path, no))
            m = {"name": cols[0], "file": cols[1], "find": cols[2], "repl": cols[3],
                 "quick": False, "bug": None, "line": no, "k": len(muts) + 1}
            if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", m["name"]) or m["name"] in names:
                sys.exit("%s:%d: mutant name '%s' is not an identifier or is not unique" % (path, no, m["name"]))
            names.add(m["name"])
            if len(cols) == 5:
                extra = cols[4].split()
                if extra == ["quick"]:
                    m["quick"] = True
                elif len(extra) == 3 and extra[0] == "bug":
                    m["bug"] = (extra[1], extra[2])
                else:
                    sys.exit("%s:%d: 5th column must be 'quick' or 'bug TEST PC'" % (path, no))
            if m["find"].endswith(";") != m["repl"].endswith(";"):
                sys.exit("%s:%d: find and replacement must both be statements (';') or both expressions" % (path, no))
            muts.append(m)
    return muts


# a case label at the start of a statement: items (constants, names,
# parameters, sized literals) separated by commas, then one ':' (not '::',
# not the ':=' or a part select, which do not start a statement)
CASE_LABEL = re.compile(r"^(\s*(?:default|[A-Za-z0-9_'.]+(?:\s*,\s*[A-Za-z0-9_'.]+)*)\s*:)(?![:=])\s*")


def split_label(stmt):
    """(label, rest) of a statement that may start with a case label."""
    m = CASE_LABEL.match(stmt)
    if not m or m.group(1).strip()[:-1].strip() in ("", "begin", "fork"):
        return "", stmt
    return m.group(1), stmt[m.end():]


IDENT = re.compile(r"[A-Za-z0-9_$]")
# the text before a statement ends with one of these (comments removed)
STMT_BEFORE = re.compile(r"(?:[;:)*]|\b(?:begin|end|else|endcase|join|initial|final|always\w*)"
                         r"|\b(?:begin|end)\s*:\s*\w+)\s*$")
# words that make a statement a declaration or module item: wrapped in
# begin/end it would go out of scope or stand where no block may
DECL_WORDS = ("assign", "logic", "wire", "reg", "bit", "byte", "int", "integer", "shortint", "longint",
              "string", "real", "localparam", "parameter", "typedef", "genvar", "automatic", "static",
              "always", "always_comb", "always_ff", "always_latch", "initial", "final", "function",
              "task", "input", "output", "inout", "var", "const")
STMT_WORDS = ("return", "begin", "unique", "unique0", "priority", "disable", "wait", "assert", "void")


def top_level(find):
    """(error, top) for FIND: its brackets must nest; top is FIND with every
    bracketed part blanked out (what stands at depth 0)."""
    depth, top, pairs = [], [], {")": "(", "]": "[", "}": "{"}
    for ch in find:
        if ch in "([{":
            depth.append(ch)
        elif ch in ")]}":
            if not depth or depth.pop() != pairs[ch]:
                return "its brackets do not nest ('%s' unmatched)" % ch, ""
            top.append(" ")
            continue
        top.append(" " if depth else ch)
    if depth:
        return "its brackets do not nest ('%s' not closed)" % depth[-1], ""
    words = re.findall(r"\b(begin|end|case\w*|endcase)\b", find)
    if words.count("begin") != words.count("end") or len(words) - 2 * words.count("begin") \
            != 2 * words.count("endcase"):
        return "its begin/end or case/endcase do not pair up", ""
    return None, "".join(top)


# SystemVerilog binary operators by precedence (higher binds tighter; ?: is 0)
BINOPS = [(r"\*\*", 11), (r"[*/%]", 10), (r"[+-]", 9), (r"<<<|>>>|<<|>>", 8), (r"<=|>=|<|>", 7),
          (r"===|!==|==\?|!=\?|==|!=", 6), (r"~\^|\^~", 4), (r"&&", 2), (r"\|\|", 1), (r"&", 5),
          (r"\^", 4), (r"\|", 3), (r"\?|:", 0)]
OPERAND_END = re.compile(r"[A-Za-z0-9_$)\]}\"']$")


def op_at(s, i):
    """(operator, precedence) of the binary operator starting at s[i], or None."""
    for pat, prec in BINOPS:
        m = re.compile(pat).match(s, i)
        if m:
            return m.group(0), prec
    return None


def lowest_top_op(top):
    """The lowest precedence of a binary operator standing at the top level of
    TOP (brackets blanked), or None: an operator is binary when an operand ends
    before it.  Sized literals (4'd3) and package scopes (a::b) are operands."""
    t = re.sub(r"\d*'[sS]?[bBoOdDhH][0-9a-fA-FxXzZ_?]+|\d*'[01xXzZ]", "0", top).replace("::", "__")
    low, i, prev = None, 0, ""
    while i < len(t):
        if t[i].isspace():
            i += 1
            continue
        o = op_at(t, i)
        if o and OPERAND_END.search(prev):
            low = o[1] if low is None else min(low, o[1])
            prev, i = o[0], i + len(o[0])
            continue
        prev = o[0] if o else t[i]
        i += len(o[0]) if o else 1
    return low


def regroup_error(before, after, top):
    """Why wrapping FIND in "(sel ? (repl) : (find))" would regroup the
    expression around it (so the bench with no mutant selected would not run
    the RTL as written), or None."""
    low = lowest_top_op(top)
    if low is None:
        return None
    b = before.rstrip()
    if b.endswith("::"):
        return None
    o = None
    for pat, prec in BINOPS:                  # the longest operator ending the text
        m = re.search("(?:%s)$" % pat, b)
        if m and (o is None or len(m.group(0)) > len(o[0])):
            o = (m.group(0), prec, b[:m.start()].rstrip())
    if o and o[0] == "<=" and after.startswith(";"):
        o = None                              # a non-blocking assignment
    if o and o[0] not in ("?", ":"):
        if not OPERAND_END.search(o[2]):
            return "a unary '%s' before it binds tighter than its operators" % o[0]
        # a op (b op c) is (a op b) op c for the associative ones
        if o[1] > low or (o[1] == low and o[0] not in ("&&", "||", "&", "|", "^", "+")):
            return "the '%s' before it binds at least as tightly as an operator inside it" % o[0]
    elif o is None and re.search(r"[!~]$", b):
        return "a unary operator before it binds tighter than an operator inside it"
    n = op_at(after, 0) if after else None
    if n and n[0] not in ("?", ":") and n[1] > low:
        return "the '%s' after it binds more tightly than an operator inside it" % n[0]
    if n and n[0] == "?" and low == 0:
        return "a '?' after it would take its last operand as the condition"
    return None


def site_error(text, find, stmt):
    """Why FIND (found once in TEXT) is not one or more complete statements
    (STMT) or a complete expression, or None: a wrapped part of a token,
    statement or lvalue would not compile in the mutant bench."""
    pos = text.index(find)
    before = re.sub(r"//[^\n]*|/\*.*?\*/", " ", text[:pos], flags=re.S)
    after = text[pos + len(find):].lstrip()
    if IDENT.match(find[0]) and pos and (IDENT.match(text[pos - 1]) or text[pos - 1] == "'"):
        return "it starts inside a token ('%s')" % text[max(0, pos - 8):pos + 8].strip()
    if IDENT.match(find[-1]) and IDENT.match(text[pos + len(find):pos + len(find) + 1] or " "):
        return "it ends inside a token"
    err, top = top_level(find)
    if err:
        return err
    if stmt:
        rest = split_label(find)[1].lstrip()
        first = re.match(r"[A-Za-z_]\w*", rest)
        if not re.match(r"[A-Za-z_${`]", rest):
            return "a statement cannot start with '%s'" % rest[:1]
        if first and first.group(0) in DECL_WORDS:
            return "'%s' starts a declaration or module item, not a statement" % first.group(0)
        if first and first.group(0) not in STMT_WORDS and re.match(r"[A-Za-z_]\w*(::\w+)?\s+[A-Za-z_]", rest):
            return "it starts with a declaration ('%s ...'), not a statement" % first.group(0)
        if not STMT_BEFORE.search(before):
            return "it does not start where a statement starts (after '%s')" % before.rstrip()[-12:].strip()
        return None
    if re.search(r";|\bbegin\b|\bend\b", top):
        return "an expression has no ';', begin or end outside brackets"
    if "," in top:
        return "it is a list (',' outside brackets), not one expression"
    if re.search(r"(?<![=!<>])=(?!=)", top) or ("<=" in top and STMT_BEFORE.search(before)):
        return "an expression has no assignment ('=', or '<=' where a statement starts) outside brackets"
    if top.count("?") != top.replace("::", "").count(":"):
        return "its '?' and ':' do not pair up"
    if re.match(r"(\*|/|%|<|>|=|\?|:|\.|&&|\|\||!=|\^~|~\^)", find) and not find.startswith("~^"):
        return "an expression cannot start with the operator '%s'" % find[:2].strip()
    if not re.search(r"[A-Za-z0-9_$)\]}\"']$", find):
        return "an expression cannot end with '%s'" % find[-1]
    if before.rstrip().endswith("."):
        return "it is a member or port name (after '.')"
    if re.match(r"[\[.('@]", after):
        return "'%s' follows it (a select, member, call or cast of a bracketed expression does not compile)" % after[0]
    if re.match(r"=(?!=)", after) or (after.startswith("<=") and STMT_BEFORE.search(before)):
        return "it is assigned to (an lvalue, not an expression)"
    decl = re.search(r"(?:^|[;])\s*(localparam|parameter|typedef|genvar|input|output|inout)\b[^;]*$", before)
    if decl:
        return "it stands in a %s declaration, where only constants may" % decl.group(1)
    return regroup_error(before, after, top)


def write_if_changed(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path):
        with open(path) as f:
            if f.read() == text:
                return
    with open(path, "w") as f:
        f.write(text)


def rtl_sources(isa):
    """The RTL sources of the ISA's bench, in compile order, and their texts."""
    srcs = (sorted(glob.glob("rtl/common/*.sv")) + sorted(glob.glob("rtl/common/fp/*.sv"))
            + sorted(glob.glob("rtl/%s/*_pkg.sv" % isa))
            + sorted(f for f in glob.glob("rtl/%s/*.sv" % isa) if not f.endswith("_pkg.sv")))
    texts = {}
    for s in srcs:
        with open(s) as f:
            texts[s] = f.read()
    return srcs, texts


def apply_sites(muts, isa, texts, list_path):
    """Check every entry's site against the RTL TEXTS (one-line "LIST:LINE: ..."
    errors) and turn it into its run-time choice, in TEXTS."""
    for m in muts:
        where = "%s:%d" % (list_path, m["line"])
        if m["file"] not in texts:
            sys.exit("%s: %s is not an RTL source of %s" % (where, m["file"], isa))
        n = texts[m["file"]].count(m["find"])
        if n != 1:
            sys.exit("%s: the text to find occurs %d times in %s (must be once)" % (where, n, m["file"]))
        why = site_error(texts[m["file"]], m["find"], m["find"].endswith(";"))
        if why:
            sys.exit("%s: the text to find is not %s: %s" % (
                where, "a complete statement" if m["find"].endswith(";") else "a complete expression", why))
        sel = "(gpuref_mut::sel == %d)" % m["k"]
        if m["find"].endswith(";"):
            label, find = split_label(m["find"])
            rlabel, repl = split_label(m["repl"])
            if rlabel and rlabel.split() != label.split():
                sys.exit("%s: the replacement's case label '%s' differs from the found one's" % (where, rlabel.strip()))
            if not rlabel:
                repl = m["repl"]
            new = "%sbegin if %s begin %s end else begin %s end end" % (
                label + " " if label else "", sel, repl, find)
        else:
            new = "(%s ? (%s) : (%s))" % (sel, m["repl"], m["find"])
        texts[m["file"]] = texts[m["file"]].replace(m["find"], new)


def gen(muts, isa, out, list_path):
    """Write the mutant RTL of rtl/common and rtl/<isa> into OUT/rtl, the
    selection package OUT/gpuref_mut_pkg.sv and the source list OUT/files.f."""
    srcs, texts = rtl_sources(isa)
    apply_sites(muts, isa, texts, list_path)
    # the plusarg is read once, at time 0, by the core
    core = "rtl/%s/%s_core.sv" % (isa, isa)
    if core not in texts or texts[core].rfind("endmodule") < 0:
        sys.exit("mutate: no module in %s to read +gpuref_mutant from" % core)
    i = texts[core].rfind("endmodule")
    texts[core] = (texts[core][:i] + "  initial begin : gpuref_mut_init\n    string s;\n"
                   "    if ($value$plusargs(\"gpuref_mutant=%s\", s)) gpuref_mut::select(s);\n  end\n"
                   + texts[core][i:])
    cases = "".join('      "%s", "%d": sel = %d;\n' % (m["name"], m["k"], m["k"]) for m in muts)
    pkg = ("// generated by scripts/mutate.py from %s: do not edit\n"
           "package gpuref_mut;\n"
           "  // the selected mutant (scripts/mutations/%s.txt entry number), 0 = none\n"
           "  int unsigned sel = 0;\n"
           "  function automatic void select(input string s);\n"
           "    case (s)\n%s"
           "      default: begin\n"
           "        $display(\"error: +gpuref_mutant=%%s: no such mutant in %s\", s);\n"
           "        $fatal(1, \"unknown mutant\");\n"
           "      end\n"
           "    endcase\n"
           "  endfunction\n"
           "endpackage\n") % (list_path, isa, cases, list_path)
    write_if_changed(os.path.join(out, "gpuref_mut_pkg.sv"), pkg)
    files = [os.path.join(out, "gpuref_mut_pkg.sv")]
    for s in srcs:
        p = os.path.join(out, s)
        write_if_changed(p, texts[s])
        files.append(p)
    # files.f changes (and the bench is rebuilt) exactly when a generated source does
    digest = hashlib.sha256((pkg + "".join(texts[s] for s in srcs)).encode()).hexdigest()
    write_if_changed(os.path.join(out, "files.f"), "// generated RTL sha256 %s\n" % digest
                     + "\n".join(os.path.abspath(f) for f in files) + "\n")


def bench_path(build, isa):
    return os.path.join(build, "tb", isa + "-mut", "Vtb_" + isa)


def skip_names(isa):
    """The names of testbenches/<isa>/lockstep_skip.txt (as the bench reads them)."""
    path = os.path.join("testbenches", isa, "lockstep_skip.txt")
    names = set()
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                name = line.split("#", 1)[0].strip()
                if name:
                    names.add(name)
    return path if os.path.exists(path) else None, names


def seed_path(isa):
    return os.path.join("scripts", "mutations", isa + ".killers")


def read_killers(path):
    """{mutant: (vector file, test)} of a killers file (NAME FILE TEST lines, # comments)."""
    out = {}
    with open(path) as f:
        for line in f:
            cols = line.split("#", 1)[0].split()
            if len(cols) == 3:
                out[cols[0]] = (cols[1], cols[2])
    return out


class Order:
    """Which vector files to run first for a mutant.  The bench stops at the first
    failing test (--first-fail), so a mutant costs the tests before its killer:
    the test that killed it last time (BUILD/mutants/ISA/killers.txt) runs first,
    alone; then every file, those that killed mutants of the same RTL file first,
    then those that killed most mutants (last time and in this run), then the
    rest.  Every file still runs before a mutant counts as survived."""

    def __init__(self, isa, build, vecs, muts_by_name, fresh):
        self.path = os.path.join(build, "mutants", isa, "killers.txt")
        self.seed = seed_path(isa)
        self.vecs = vecs
        self.lock = threading.Lock()
        self.killer = {}           # mutant name -> (vector file, test)
        if not fresh:              # the committed seed, then this build's last run
            for path in (self.seed, self.path):
                if os.path.exists(path):
                    self.killer.update(read_killers(path))
        self.by_file = {}          # RTL file -> {vector file: kills}
        self.total = {}            # vector file -> kills
        for name, (vec, _) in self.killer.items():
            if name in muts_by_name:
                self.count(muts_by_name[name]["file"], vec)

    def count(self, rtl, vec):
        per = self.by_file.setdefault(rtl, {})
        per[vec] = per.get(vec, 0) + 1
        self.total[vec] = self.total.get(vec, 0) + 1

    def first(self, m):
        """The (file, test) that killed M last time, if that file still runs."""
        k = self.killer.get(m["name"])
        return k if k and k[0] in self.vecs else None

    def files(self, m):
        with self.lock:
            per = self.by_file.get(m["file"], {})
            k = self.first(m)
            rank = {v: (0 if k and v == k[0] else 1, -per.get(v, 0), -self.total.get(v, 0), i)
                    for i, v in enumerate(self.vecs)}
        return sorted(self.vecs, key=lambda v: rank[v])

    def killed(self, m, vec, test):
        with self.lock:
            if self.killer.get(m["name"]) != (vec, test):
                self.count(m["file"], vec)
            self.killer[m["name"]] = (vec, test)

    def save_seed(self, names):
        """Write the killers of the mutants NAMES (the list's, in its order) to
        the committed seed scripts/mutations/ISA.killers."""
        with self.lock:
            with open(self.seed + ".tmp", "w") as f:
                f.write("# The test that killed each mutant of %s in the last full run\n"
                        "# (scripts/mutate.py --update-seed): tried first, alone, by a run with no\n"
                        "# killers of its own (a fresh build folder).  NAME VECTOR-FILE TEST\n"
                        % os.path.basename(self.seed).replace(".killers", ".txt"))
                for name in names:
                    if name in self.killer:
                        f.write("%s %s %s\n" % ((name,) + self.killer[name]))
            os.replace(self.seed + ".tmp", self.seed)

    def save(self):
        with self.lock:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            with open(self.path + ".tmp", "w") as f:
                for name in sorted(self.killer):
                    f.write("%s %s %s\n" % ((name,) + self.killer[name]))
            os.replace(self.path + ".tmp", self.path)


def run_bench(m, isa, build, args):
    """(verdict, why, (file, test) of the failing test or None) of one bench run
    that stops at its first failing test."""
    out = os.path.join(build, "mutants", isa, m["name"], "reports")
    p = subprocess.run([bench_path(build, isa), "+gpuref_mutant=" + m["name"], "-q", "--first-fail",
                        "--out", out] + args,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = p.stdout.splitlines()
    fails = [l for l in lines if l.startswith("FAIL ")]
    stop = [l for l in lines if l.startswith("STOP ")]
    if p.returncode == 1 and fails:
        where = None
        if stop:   # STOP FILE:TEST (--first-fail ...)
            ft = stop[0][5:].split(" (", 1)[0]
            if ":" in ft:
                where = tuple(ft.rsplit(":", 1))
        return "killed", fails[0][:200], where
    if p.returncode == 0:
        return "survived", "no test failed", None
    return "error", "bench exit %d: %s" % (p.returncode, p.stdout.strip()[:200]), None


def run_mutant(m, isa, build, order, skip):
    t0 = time.time()
    skip_path, skipped = skip
    skip_args = ["--skip", skip_path] if skip_path else []
    first = order.first(m)
    if first:   # the killer of last time, alone (--test ignores the skip list: not if listed)
        vec, test = first
        base = os.path.basename(vec)
        if not ({test, base + ":" + test, "file:" + base} & skipped):
            verdict, why, where = run_bench(m, isa, build, ["--test", test, vec])
            if verdict == "killed":
                order.killed(m, vec, test)
                return m, verdict, why + "  [%s, killer of the last run]" % base, time.time() - t0
    verdict, why, where = run_bench(m, isa, build, skip_args + order.files(m))
    if verdict == "killed" and where:
        order.killed(m, where[0], where[1])
        why += "  [%s]" % os.path.basename(where[0])
    return m, verdict, why, time.time() - t0


def main():
    ap = argparse.ArgumentParser(description="mutation score of the lockstep regression")
    ap.add_argument("--isa", default="nv50")
    ap.add_argument("--quick", action="store_true", help="only the mutants marked quick")
    ap.add_argument("--only", help="only this mutant")
    ap.add_argument("--seeds", type=int, default=0, help="also run N random programs (gpuref gen)")
    ap.add_argument("--build", default="build")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--gen", metavar="DIR", help="write the mutant RTL into DIR and exit")
    ap.add_argument("--bugs", action="store_true", help="print 'NAME TEST PC' of the bug entries and exit")
    ap.add_argument("--list", help="the mutation list (default scripts/mutations/ISA.txt); its entries "
                    "must be those of that list, which the mutant bench is built from")
    ap.add_argument("--vec", action="append", metavar="FILE",
                    help="run this vector file (repeatable) instead of every vectors/ISA/directed/*.yaml")
    ap.add_argument("--fresh", action="store_true",
                    help="ignore the killers remembered from the last run (BUILD/mutants/ISA/killers.txt) "
                    "and the committed seed (scripts/mutations/ISA.killers)")
    ap.add_argument("--update-seed", action="store_true",
                    help="after a run in which every mutant was killed, write each one's killer to the "
                    "committed seed scripts/mutations/ISA.killers (entries of mutants no longer listed dropped)")
    args = ap.parse_args()
    list_path = args.list or os.path.join("scripts", "mutations", args.isa + ".txt")
    muts = load(list_path)
    if args.gen:
        gen(muts, args.isa, args.gen, list_path)
        return 0
    if args.bugs:
        for m in muts:
            if m["bug"]:
                print(m["name"], m["bug"][0], m["bug"][1])
        return 0
    if args.only:
        muts = [m for m in muts if m["name"] == args.only]
        if not muts:   # a usage error: one line, exit 2 (as argparse's errors)
            sys.stderr.write("mutate: --only: no mutant named '%s' in %s\n" % (args.only, list_path))
            return 2
    else:
        muts = [m for m in muts if not m["bug"] and (m["quick"] or not args.quick)]
    if not muts:
        print("mutate: no mutants selected in %s" % list_path)
        print("0 passed, 0 failed")
        return 0
    # every site is checked against the RTL before the bench is built (one-line
    # LIST:LINE errors); a --list entry must be one the bench has compiled in
    srcs, texts = rtl_sources(args.isa)
    apply_sites(load(list_path), args.isa, texts, list_path)
    bench_list = os.path.join("scripts", "mutations", args.isa + ".txt")
    if os.path.abspath(list_path) != os.path.abspath(bench_list):
        have = {b["name"]: b for b in load(bench_list)}
        for m in muts:
            b = have.get(m["name"])
            if not b or (b["file"], b["find"], b["repl"]) != (m["file"], m["find"], m["repl"]):
                sys.exit("%s:%d: mutant %s is not in the mutant bench (built from %s, which has no "
                         "identical entry of that name)" % (list_path, m["line"], m["name"], bench_list))
    binary = bench_path(args.build, args.isa)
    st = subprocess.run(["make", "--no-print-directory", "-s", "B=" + args.build, binary]).returncode
    if st != 0 or not os.path.exists(binary):
        sys.exit("mutate: cannot build the mutant bench %s" % binary)
    vecs = args.vec or sorted(glob.glob("vectors/%s/directed/*.yaml" % args.isa))
    for v in vecs:
        if not os.path.isfile(v):
            sys.exit("mutate: --vec: no vector file %s" % v)
    if args.seeds:
        gdir = os.path.join(args.build, "mutants", args.isa, "gen")
        os.makedirs(gdir, exist_ok=True)
        for s in range(1, args.seeds + 1):
            path = os.path.join(gdir, "seed%d.yaml" % s)
            mix = "scripts/testdata/%s-rtl.mix.yaml" % args.isa   # what the ISA's RTL executes
            mix = ["--mix", mix] if os.path.exists(mix) else []
            subprocess.run([os.path.join(args.build, "bin", "gpuref"), "gen", "--isa", args.isa, "--seed",
                            str(s), "--count", "200", "-o", path] + mix, check=True)
            vecs.append(path)
    print("mutate: %d mutants of rtl/%s in %s (+gpuref_mutant=NAME), %d vector files" % (
        len(muts), args.isa, binary, len(vecs)))
    results = []
    order = Order(args.isa, args.build, vecs, {m["name"]: m for m in load(list_path)}, args.fresh)
    skip = skip_names(args.isa)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = [ex.submit(run_mutant, m, args.isa, args.build, order, skip) for m in muts]
        for f in concurrent.futures.as_completed(futs):
            m, verdict, why, secs = f.result()
            results.append((m, verdict))
            order.save()       # after each mutant: an interrupted run keeps what it learnt
            print("%-9s %-28s %5.1fs  %s" % (verdict, m["name"], secs, why), flush=True)
    killed = sum(1 for _, v in results if v == "killed")
    errors = sum(1 for _, v in results if v == "error")
    print("mutation score: %d of %d mutants killed (%.0f%%)%s" % (
        killed, len(results), 100.0 * killed / len(results), ", %d did not run" % errors if errors else ""))
    print("%d passed, %d failed" % (killed, len(results) - killed))
    if args.update_seed:
        if killed != len(results) or args.vec or args.seeds:
            print("mutate: --update-seed: not written (every mutant of the run must be killed, "
                  "over the directed vectors only: no --vec, no --seeds)")
            return 1
        listed = [m["name"] for m in load(list_path) if not m["bug"]]
        order.save_seed(listed)
        print("mutate: wrote %s (the killers of the %d mutants run; the list's others kept)"
              % (order.seed, len(results)))
    return 0 if killed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
