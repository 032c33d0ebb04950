/* cmd_shrink.c - `gpuref shrink`: reduce a test that fails in lockstep to a
 * small program that still fails the same way (delta debugging over the
 * instructions, then over the initial state), written as a vector file. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "gpuref_vectors.h"

const char cmd_shrink_help[] =
    "usage: gpuref shrink --bench BENCH [--test NAME] [-o OUT] FILE\n"
    "\n"
    "Reduce a test of FILE that fails in lockstep on BENCH (a lockstep bench such\n"
    "as build/tb/nv50/Vtb_nv50) to a small program that still fails the same way:\n"
    "same mnemonic and same first difference (register, or the kind of\n"
    "divergence).  Instructions are removed first (delta debugging; labels and\n"
    "the last instruction, which ends the program, stay),\n"
    "then initial-state entries.  The result is written as a vector file whose\n"
    "expectation is the model's step count (or its error), so it passes on the\n"
    "model and keeps failing on the broken RTL.  Progress goes to stderr.\n"
    "\n"
    "options:\n"
    "  --bench BENCH   the lockstep bench binary to run candidates on (required)\n"
    "  --test NAME     the failing test (required when FILE holds several)\n"
    "  -o, --output OUT  the reduced vector file (default: NAME.shrunk.yaml)\n"
    "  --max-runs N    give up after N bench runs (default 2000)\n"
    "  --timeout S     stop a bench run after S seconds (default 60; a run stopped\n"
    "                  so counts as not failing the same way)\n"
    "  -h, --help      this help\n"
    "\n"
    "exit status: 0 written; 1 the test does not fail in lockstep; 2 usage; 3 bad input.\n"
    "\n"
    "example:\n"
    "  gpuref shrink --bench build/tb/nv50-bug-CARRY/Vtb_nv50 --test t7 build/regress/x/gen/nv50-seed7.yaml\n";

typedef struct cand {
    const gpuref_vec_file *f;
    const gpuref_vec_test *t;
    char **lines;          /* program lines (instructions and labels) */
    int *is_insn;
    unsigned char *keep;   /* per line */
    size_t nlines;
    size_t last;           /* index of the last instruction line (kept) */
    unsigned char *keep_reg, *keep_mem;
    const char *bench, *dir;
    char sig[512];
    unsigned runs, max_runs;
    unsigned timeout;      /* seconds per bench run */
} cand;

static int is_label(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    const char *c = strchr(s, ':');
    if (!c)
        return 0;
    for (const char *p = s; p < c; p++)
        if (!(p[0] == '_' || p[0] == '.' || (p[0] >= '0' && p[0] <= '9') ||
              ((p[0] | 0x20) >= 'a' && (p[0] | 0x20) <= 'z')))
            return 0;
    for (const char *p = c + 1; *p; p++)
        if (*p != ' ' && *p != '\t')
            return 0;
    return c > s;
}

static int blank_or_comment(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return *s == '\0' || (s[0] == '/' && s[1] == '/') || s[0] == ';';
}

/* Split the program text (or the disassembly of its words) into lines. */
static int load_lines(cand *c)
{
    const gpuref_vec_test *t = c->t;
    size_t cap = 16;
    c->lines = malloc(cap * sizeof *c->lines);
    if (!c->lines)
        return -1;
    if (t->program) {
        const char *p = t->program;
        while (*p) {
            const char *e = strchr(p, '\n');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            char *line = strndup(p, n);
            if (!line)
                return -1;
            if (blank_or_comment(line)) {
                free(line);
            } else {
                if (c->nlines == cap && !(c->lines = realloc(c->lines, (cap *= 2) * sizeof *c->lines)))
                    return -1;
                c->lines[c->nlines++] = line;
            }
            p += n + (e ? 1 : 0);
        }
    } else {
        const gpuref_isa *isa = gpuref_isa_find(c->f->isa);
        for (size_t i = 0; i < t->nwords;) {
            char buf[256];
            unsigned nw = 0;
            gpuref_diag d = { 0 };
            if (gpuref_disasm(isa, t->words + i, t->nwords - i, t->base + 4 * i, buf, sizeof buf,
                              &nw, &d) != GPUREF_OK || nw == 0)
                return cli_error("shrink", -1, "%s: word %zu: %s", c->f->path, i, d.msg), -1;
            if (c->nlines == cap && !(c->lines = realloc(c->lines, (cap *= 2) * sizeof *c->lines)))
                return -1;
            if (!(c->lines[c->nlines++] = strdup(buf)))
                return -1;
            i += nw;
        }
    }
    c->is_insn = calloc(c->nlines + 1, sizeof *c->is_insn);
    c->keep = calloc(c->nlines + 1, 1);
    c->keep_reg = calloc(t->ninit_regs + 1, 1);
    c->keep_mem = calloc(t->ninit_mem + 1, 1);
    if (!c->is_insn || !c->keep || !c->keep_reg || !c->keep_mem)
        return -1;
    for (size_t i = 0; i < c->nlines; i++) {
        c->is_insn[i] = !is_label(c->lines[i]);
        c->keep[i] = 1;
    }
    c->last = c->nlines;      /* the program's last instruction ends it: it stays */
    for (size_t i = c->nlines; i-- > 0;)
        if (c->is_insn[i]) {
            c->last = i;
            break;
        }
    memset(c->keep_reg, 1, t->ninit_regs);
    memset(c->keep_mem, 1, t->ninit_mem);
    return 0;
}

static void write_regval(FILE *o, const gpuref_vec_regval *rv)
{
    fprintf(o, "        \"%s\": ", rv->key);
    if (rv->nvalues == 1) {
        fprintf(o, "\"0x%" PRIx64 "\"\n", rv->values[0]);
        return;
    }
    fputc('[', o);
    for (size_t i = 0; i < rv->nvalues; i++)
        fprintf(o, "%s\"0x%" PRIx64 "\"", i ? ", " : "", rv->values[i]);
    fputs("]\n", o);
}

/* The candidate as a vector file; `expect` is the expect mapping's body. */
static int write_cand(const cand *c, const char *path, const char *comment, const char *expect)
{
    const gpuref_vec_test *t = c->t;
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *o = fopen(tmp, "w");
    if (!o)
        return -1;
    fprintf(o, "isa: %s\n", c->f->isa);
    if (comment)
        fprintf(o, "comment: \"%s\"\n", comment);
    fprintf(o, "tests:\n  - name: %s\n", t->name);
    if (t->config)
        fprintf(o, "    config: \"%s\"\n", t->config);
    fprintf(o, "    base: \"0x%" PRIx64 "\"\n    max_steps: %" PRIu64 "\n", t->base, t->max_steps);
    size_t nr = 0, nm = 0;
    for (size_t i = 0; i < t->ninit_regs; i++)
        nr += c->keep_reg[i];
    for (size_t i = 0; i < t->ninit_mem; i++)
        nm += c->keep_mem[i];
    if (nr || nm) {
        fputs("    init:\n", o);
        if (nr) {
            fputs("      regs:\n", o);
            for (size_t i = 0; i < t->ninit_regs; i++)
                if (c->keep_reg[i])
                    write_regval(o, &t->init_regs[i]);
        }
        if (nm) {
            fputs("      mem:\n", o);
            for (size_t i = 0; i < t->ninit_mem; i++) {
                const gpuref_vec_mem *m = &t->init_mem[i];
                if (!c->keep_mem[i])
                    continue;
                fprintf(o, "        - space: %s\n          addr: \"0x%" PRIx64 "\"\n          words: [",
                        m->space_name, m->addr);
                for (size_t k = 0; k < m->nwords; k++)
                    fprintf(o, "%s\"0x%08" PRIx32 "\"", k ? ", " : "", m->words[k]);
                fputs("]\n", o);
            }
        }
    }
    fputs("    program: |\n", o);
    for (size_t i = 0; i < c->nlines; i++)
        if (c->keep[i])
            fprintf(o, "      %s\n", c->lines[i]);
    fprintf(o, "    expect:\n%s", expect);
    int bad = ferror(o);
    if (fclose(o) != 0 || bad) {
        unlink(tmp);
        return -1;
    }
    return rename(tmp, path);
}

/* The value of "key": "..." in a small JSON text (no escapes needed here). */
static void json_field(const char *js, const char *key, char *out, size_t len)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\": \"", key);
    out[0] = '\0';
    const char *p = js ? strstr(js, pat) : NULL;
    if (!p)
        return;
    p += strlen(pat);
    size_t n = 0;
    while (p[n] && p[n] != '"' && n + 1 < len)
        n++;
    memcpy(out, p, n);
    out[n] = '\0';
}

/* How a failure looks: the mnemonic and the first word of the first difference. */
static void signature(const char *json, char *sig, size_t len)
{
    char dis[256], what[256];
    json_field(json, "disasm", dis, sizeof dis);
    json_field(json, "what", what, sizeof what);
    char *tok = strtok(dis, " ");
    while (tok && (tok[0] == '(' || strcmp(tok, "long") == 0 || strcmp(tok, "join") == 0 ||
                   strcmp(tok, "exit") == 0 || tok[strlen(tok) - 1] == ')'))
        tok = strtok(NULL, " ");
    char *w = strtok(what, " :");
    snprintf(sig, len, "%s: %s", tok ? tok : "?", w ? w : "?");
}

/* Run the candidate on the bench; 1 when it fails with signature `sig` (or
 * sets sig when sig is empty), 0 otherwise, -1 on a problem. */
static int fails_same(cand *c)
{
    char path[4096], out[4096], cmd[12288], json[4096];
    if (c->runs >= c->max_runs)
        return 0;
    c->runs++;
    snprintf(path, sizeof path, "%s/cand.yaml", c->dir);
    if (write_cand(c, path, NULL, "      steps: 0\n") != 0)
        return -1;
    snprintf(out, sizeof out, "%s/out", c->dir);
    if (snprintf(cmd, sizeof cmd, "rm -rf '%s' && timeout -k 5 %u '%s' -q --out '%s' --test '%s' "
                 "'%s' > '%s/log' 2>&1", out, c->timeout, c->bench, out, c->t->name, path,
                 c->dir) >= (int)sizeof cmd ||
        snprintf(json, sizeof json, "%s/cand/%s/mismatch.json", out, c->t->name) >= (int)sizeof json)
        return -1;
    int st = system(cmd);
    size_t n = 0;
    char *js = cli_read_file(json, &n);
    if (!js || (WIFEXITED(st) && WEXITSTATUS(st) == 124)) {
        free(js);
        return 0;            /* no mismatch report, or timed out: not the same failure */
    }
    char sig[512];
    signature(js, sig, sizeof sig);
    free(js);
    if (c->sig[0] == '\0') {
        snprintf(c->sig, sizeof c->sig, "%s", sig);
        return 1;
    }
    return strcmp(sig, c->sig) == 0;
}

/* Delta debugging over the set bits of keep[0..n) restricted by `elig`. */
static int ddmin(cand *c, unsigned char *keep, const int *elig, size_t n)
{
    size_t chunk = n / 2 ? n / 2 : 1;
    while (chunk >= 1) {
        int progress = 0;
        for (size_t start = 0; start < n; start += chunk) {
            unsigned char *save = malloc(n + 1);
            if (!save)
                return -1;
            memcpy(save, keep, n);
            size_t removed = 0;
            for (size_t i = start; i < start + chunk && i < n; i++)
                if (keep[i] && (!elig || elig[i]) && !(keep == c->keep && i == c->last)) {
                    keep[i] = 0;
                    removed++;
                }
            int r = removed ? fails_same(c) : 0;
            if (r < 0) {
                free(save);
                return -1;
            }
            if (r == 1)
                progress = 1;
            else
                memcpy(keep, save, n);
            free(save);
        }
        if (!progress) {
            if (chunk == 1)
                break;
            chunk /= 2;
        }
    }
    return 0;
}

static size_t count_kept(const cand *c)
{
    size_t k = 0;
    for (size_t i = 0; i < c->nlines; i++)
        k += c->keep[i] && c->is_insn[i];
    return k;
}

/* The model's verdict on the reduced program: its step count or error. */
static void model_expect(const cand *c, char *expect, size_t len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/cand.yaml", c->dir);
    gpuref_vec_file *vf = NULL;
    gpuref_vec_result *res = calloc(1, sizeof *res);
    snprintf(expect, len, "      steps: 0\n");
    if (!res || gpuref_vec_load(path, &vf, NULL) != GPUREF_OK) {
        free(res);
        return;
    }
    gpuref_vec_run_test(vf, &vf->tests[0], NULL, res);
    if (res->run_status == GPUREF_OK)
        snprintf(expect, len, "      steps: %" PRIu64 "\n", res->steps);
    else
        snprintf(expect, len, "      error: \"%s\"\n", gpuref_status_name(res->run_status));
    gpuref_vec_free(vf);
    free(res);
}

int cmd_shrink(int argc, char **argv)
{
    cli_args a;
    const char *arg, *bench = NULL, *test = NULL, *out = NULL, *file = NULL, *v;
    uint64_t max_runs = 2000, timeout = 60;
    int k;
    cli_args_init(&a, argc, argv);
    while ((k = cli_next(&a, &arg)) != CLI_END) {
        if (k == CLI_POS) {
            if (file)
                return cli_usage("shrink", "one vector file only");
            file = arg;
        } else if (cli_is(&a, "-h", "--help")) {
            fputs(cmd_shrink_help, stdout);
            return CLI_OK;
        } else if (cli_is(&a, NULL, "--bench")) {
            if (cli_value(&a, &bench))
                return CLI_USAGE;
        } else if (cli_is(&a, NULL, "--test")) {
            if (cli_value(&a, &test))
                return CLI_USAGE;
        } else if (cli_is(&a, "-o", "--output")) {
            if (cli_value(&a, &out))
                return CLI_USAGE;
        } else if (cli_is(&a, NULL, "--max-runs")) {
            if (cli_value(&a, &v) || gpuref_parse_u64(v, &max_runs) != 0 || max_runs == 0)
                return cli_usage("shrink", "--max-runs needs a number >= 1");
        } else if (cli_is(&a, NULL, "--timeout")) {
            if (cli_value(&a, &v) || gpuref_parse_u64(v, &timeout) != 0 || timeout == 0 ||
                timeout > 86400)
                return cli_usage("shrink", "--timeout needs seconds, 1..86400");
        } else {
            return cli_usage("shrink", "unknown option '%s'", arg);
        }
    }
    if (!bench || !file)
        return cli_usage("shrink", "--bench BENCH and a vector FILE are required");
    struct stat bst;
    if (stat(bench, &bst) == 0 && S_ISDIR(bst.st_mode))
        return cli_usage("shrink", "--bench %s is a folder: give the bench binary (such as "
                         "build/tb/nv50/Vtb_nv50)", bench);
    if (access(bench, X_OK) != 0)
        return cli_error("shrink", CLI_INPUT, "%s: not an executable bench", bench);

    gpuref_diag d = { 0 };
    gpuref_vec_file *vf = NULL;
    if (gpuref_vec_load(file, &vf, &d) != GPUREF_OK)
        return cli_error("shrink", CLI_INPUT, "%s", d.msg);
    cand c = { 0 };
    c.f = vf;
    c.bench = bench;
    c.max_runs = (unsigned)(max_runs > 1000000 ? 1000000 : max_runs);
    c.timeout = (unsigned)timeout;
    if (test)
        c.t = gpuref_vec_find_test(vf, test);
    else if (vf->ntests == 1)
        c.t = &vf->tests[0];
    int rc = CLI_INPUT;
    char dir[] = "/tmp/gpuref-shrink-XXXXXX";
    if (!c.t) {
        if (test)
            cli_error("shrink", CLI_USAGE, "%s: no test named '%s'", file, test);
        else
            cli_error("shrink", CLI_USAGE, "%s: holds %zu tests: name one with --test", file,
                      vf->ntests);
        rc = CLI_USAGE;
        goto done;
    }
    if (!mkdtemp(dir)) {
        cli_error("shrink", CLI_INPUT, "cannot create a temporary folder");
        goto done;
    }
    c.dir = dir;
    if (load_lines(&c) != 0) {
        cli_error("shrink", CLI_INPUT, "out of memory or bad program");
        goto done;
    }
    size_t before = count_kept(&c);
    if (fails_same(&c) != 1) {
        fprintf(stderr, "gpuref shrink: %s does not fail in lockstep on %s: nothing to shrink\n",
                c.t->name, bench);
        rc = CLI_FAIL;
        goto done;
    }
    fprintf(stderr, "shrink: %s fails as '%s' with %zu instructions\n", c.t->name, c.sig, before);
    if (ddmin(&c, c.keep, c.is_insn, c.nlines) != 0 ||
        ddmin(&c, c.keep_reg, NULL, c.t->ninit_regs) != 0 ||
        ddmin(&c, c.keep_mem, NULL, c.t->ninit_mem) != 0) {
        cli_error("shrink", CLI_INPUT, "cannot write candidates in %s", dir);
        goto done;
    }
    fails_same(&c);          /* leave the final candidate in place for the model run */
    char expect[300], comment[1024], outbuf[4096];
    model_expect(&c, expect, sizeof expect);
    snprintf(comment, sizeof comment,
             "shrunk by gpuref shrink from %s test %s: %zu -> %zu instructions; lockstep failure: %s",
             file, c.t->name, before, count_kept(&c), c.sig);
    if (!out) {
        snprintf(outbuf, sizeof outbuf, "%s.shrunk.yaml", c.t->name);
        out = outbuf;
    }
    if (write_cand(&c, out, comment, expect) != 0) {
        cli_error("shrink", CLI_INPUT, "%s: cannot write", out);
        goto done;
    }
    fprintf(stderr, "shrink: %zu -> %zu instructions, %u bench runs; wrote %s\n", before,
            count_kept(&c), c.runs, out);
    rc = CLI_OK;
done:
    if (c.dir) {
        char cmd[256];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        if (system(cmd) != 0)
            fprintf(stderr, "gpuref shrink: could not remove %s\n", dir);
    }
    for (size_t i = 0; i < c.nlines; i++)
        free(c.lines[i]);
    free(c.lines);
    free(c.is_insn);
    free(c.keep);
    free(c.keep_reg);
    free(c.keep_mem);
    gpuref_vec_free(vf);
    return rc;
}
