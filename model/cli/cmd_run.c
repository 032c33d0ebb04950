/* cmd_run.c - `gpuref run`: run every test of YAML vector files on the model. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gpuref_cov.h"
#include "gpuref_vectors.h"

const char cmd_run_help[] =
    "usage: gpuref run [OPTIONS] FILE...\n"
    "\n"
    "Run every test of every vector FILE (YAML, schema: vectors/README.md; '-' is\n"
    "stdin) on the model and check its expectations.  Prints one line per test,\n"
    "'PASS name' or 'FAIL name: reason', then the closing line 'N passed, N failed'.\n"
    "A file that does not load is reported on stderr as 'file:line:col: problem',\n"
    "counted as one failure ('FAIL file: rejected') and makes the exit status 3.\n"
    "\n"
    "options:\n"
    "  --isa ISA          run only the files for ISA (others are skipped)\n"
    "  -t, --test GLOB    run only the tests whose name matches GLOB (fnmatch)\n"
    "  --max-steps N      step limit of every test (instead of its max_steps)\n"
    "  -q, --quiet        print only failures and the closing line\n"
    "  -v, --verbose      print each retired unit (pc, words, disassembly, writes)\n"
    "                     and every failed expectation of a failing test\n"
    "  --cov FILE         count functional coverage of every retired unit and write\n"
    "                     it to FILE (Verilator coverage.dat format; see\n"
    "                     'gpuref cov --help')\n"
    "  --keys ISA         print the register keys of ISA (file, first and last key,\n"
    "                     registers, lanes, bits; with --config CONFIG) and exit\n"
    "  --config CONFIG    the model config --keys describes (default: defaults)\n"
    "  -h, --help         this help\n"
    "\n"
    "A register key may name a wave: 'w1:s3' (vectors/README.md \"Waves\"); -v then\n"
    "prints the wave of each unit (w0, w1, ...) when the test has several.\n"
    "\n"
    "examples:\n"
    "  gpuref run vectors/nv50/directed/*.yaml\n"
    "  gpuref run --keys rdna4\n"
    "  gpuref run -v -t 'add_*' vectors/nv50/directed/alu.yaml\n"
    "  gpuref run --max-steps 50 -q build/gen/nv50_seed7.yaml\n";

typedef struct run_opts {
    const char *isa;
    const char *cov;
    const char *glob;
    uint64_t max_steps;
    int quiet, verbose;
} run_opts;

/* -v: one line per retired unit. */
static void trace_step(void *ctx, const gpuref_vec_test *t, gpuref_model *m,
                       const gpuref_retire *rr)
{
    (void)ctx;
    (void)t;
    char dis[300], line[2048];
    gpuref_strbuf sb;
    gpuref_sb_fixed(&sb, line, sizeof line);
    gpuref_diag d = { 0, 0, 0, "" };
    if (gpuref_disasm_unit(gpuref_model_isa(m), rr->stream, rr->words, rr->nwords, rr->pc, dis,
                           sizeof dis, NULL, &d) != GPUREF_OK)
        snprintf(dis, sizeof dis, "(%s)", d.msg);
    if (gpuref_wave_count(m) > 1)          /* several waves: each unit's wave */
        gpuref_sb_printf(&sb, "    w%-2u %6llu %08llx:", (unsigned)rr->wave,
            (unsigned long long)rr->seq, (unsigned long long)rr->pc);
    else
        gpuref_sb_printf(&sb, "    %6llu %08llx:", (unsigned long long)rr->seq,
            (unsigned long long)rr->pc);
    for (unsigned i = 0; i < rr->nwords && i < GPUREF_MAX_WORDS; i++)
        gpuref_sb_printf(&sb, " %08x", (unsigned)rr->words[i]);
    gpuref_sb_printf(&sb, "%*s  %-32s", rr->nwords < 2 ? 9 : 0, "",
                          dis);
    for (unsigned i = 0; i < rr->nregw && i < GPUREF_MAX_REGW && sb.n < sizeof line - 64; i++) {
        const gpuref_regw *w = &rr->regw[i];
        char name[48];                    /* as the ISA spells it */
        gpuref_reg_name(m, w->file, w->index, name, sizeof name);
        /* the value most lanes got, then the lanes that differ from it */
        int major = -1, best = 0;
        for (unsigned l = 0; l < GPUREF_MAX_LANES; l++) {
            if (!(w->lanes >> l & 1))
                continue;
            int cnt = 0;
            for (unsigned k = 0; k < GPUREF_MAX_LANES; k++)
                cnt += (w->lanes >> k & 1) && w->value[k] == w->value[l];
            if (cnt > best) {
                best = cnt;
                major = (int)l;
            }
        }
        if (major < 0)
            continue;
        gpuref_sb_printf(&sb, " %s=0x%llx", name,
                              (unsigned long long)w->value[major]);
        int sep = 0;
        for (unsigned l = 0; l < GPUREF_MAX_LANES && sb.n < sizeof line - 40; l++) {
            if (!(w->lanes >> l & 1) || w->value[l] == w->value[major])
                continue;
            gpuref_sb_printf(&sb, "%s%u:0x%llx", sep ? " " : "[",
                                  l, (unsigned long long)w->value[l]);
            sep = 1;
        }
        if (sep)
            gpuref_sb_printf(&sb, "]");
        if (w->flags & GPUREF_REGW_UNMODELLED)
            gpuref_sb_printf(&sb, "(unmodelled)");
        if (w->flags & GPUREF_REGW_PENDING)          /* a load issued: visible later */
            gpuref_sb_printf(&sb, "(pending)");
        if (w->flags & GPUREF_REGW_DEFERRED)         /* made visible now: loaded by unit tag */
            gpuref_sb_printf(&sb, "(loaded by #%llu)", (unsigned long long)w->tag);
    }
    for (unsigned i = 0; i < rr->nmemw && i < GPUREF_MAX_MEMW && sb.n < sizeof line - 64; i++) {
        const gpuref_memw *w = &rr->memw[i];
        const char *sp = gpuref_mem_name(m, w->space);
        gpuref_sb_printf(&sb, " %s[0x%llx]=", sp ? sp : "?",
                              (unsigned long long)w->addr);
        for (unsigned b = w->size > 16 ? 16 : w->size; b > 0; b--)
            gpuref_sb_printf(&sb, "%02x", (unsigned)w->data[b - 1]);
    }
    if (rr->flags && sb.n < sizeof line - 48) {
        char ft[48];
        gpuref_retire_flags_text(rr->flags, " ", ft, sizeof ft);
        gpuref_sb_printf(&sb, " %s", ft);
    }
    size_t o = sb.n < sizeof line ? sb.n : sizeof line - 1;    /* the text kept */
    while (o > 0 && line[o - 1] == ' ')
        line[--o] = '\0';
    puts(line);
}

/* --cov: one gpuref_cov per ISA met, fed from the step callback. */
typedef struct run_cov {
    gpuref_cov *cov[8];
    size_t      n;
    gpuref_cov *cur;     /* of the file being run (NULL: none) */
    int         verbose;
} run_cov;

static void cov_step(void *ctx, const gpuref_vec_test *t, gpuref_model *m,
                     const gpuref_retire *rr)
{
    run_cov *rc = ctx;
    if (rc->verbose)
        trace_step(NULL, t, m, rr);
    if (rc->cur)
        gpuref_cov_sample(rc->cur, m, rr);
}

/* The cov of an ISA, created on first use; NULL (after a note) if the ISA
 * has no functional coverage. */
static gpuref_cov *cov_for(run_cov *rc, const char *isa)
{
    for (size_t i = 0; i < rc->n; i++)
        if (strcmp(gpuref_isa_name(gpuref_cov_isa(rc->cov[i])), isa) == 0)
            return rc->cov[i];
    gpuref_diag d = { 0, 0, 0, "" };
    gpuref_cov *c = NULL;
    if (rc->n == sizeof rc->cov / sizeof rc->cov[0] ||
        gpuref_cov_create(isa, &c, &d) != GPUREF_OK) {
        fflush(stdout);
        fprintf(stderr, "gpuref run: --cov: %s\n", d.msg[0] ? d.msg : "too many ISAs");
        return NULL;
    }
    return rc->cov[rc->n++] = c;
}

/* The first line of a report, without the "name: " prefix. */
static void first_line(const char *report, const char *name, char *buf, size_t len)
{
    size_t n = strlen(name);
    if (strncmp(report, name, n) == 0 && strncmp(report + n, ": ", 2) == 0)
        report += n + 2;
    size_t k = strcspn(report, "\n");
    if (k >= len)
        k = len - 1;
    memcpy(buf, report, k);
    buf[k] = '\0';
}

static void print_indented(const char *text)
{
    while (*text) {
        size_t k = strcspn(text, "\n");
        printf("    %.*s\n", (int)k, text);
        text += k;
        if (*text == '\n')
            text++;
    }
}

/* --keys: the register keys of an ISA's model, as the loader takes them. */
static int print_keys(const char *isa, const char *config)
{
    gpuref_model *m = NULL;
    gpuref_diag d = { 0, 0, 0, "" };
    if (!cli_isa("run", isa))
        return CLI_INPUT;
    if (gpuref_model_create(isa, config, &m, &d) != GPUREF_OK)
        return cli_error("run", CLI_INPUT, "--keys %s: %s", isa, d.msg);
    printf("# register keys of %s%s%s (vectors/README.md); prefix wN: for wave N < %d\n", isa,
           config ? ", config " : "", config ? config : "", gpuref_wave_count(m));
    printf("| file | keys | registers | lanes | bits |\n");
    printf("| --- | --- | --- | --- | --- |\n");
    for (int f = 0; f < gpuref_regfile_count(m); f++) {
        gpuref_regfile_info fi;
        char first[48], last[48];
        if (gpuref_regfile_get_info(m, f, &fi) != GPUREF_OK || fi.count == 0)
            continue;
        gpuref_reg_name(m, f, 0, first, sizeof first);
        gpuref_reg_name(m, f, fi.count - 1, last, sizeof last);
        if (fi.count == 1)
            printf("| %s | `%s` | 1 | %u | %u |\n", fi.name, first, fi.lanes, fi.width);
        else
            printf("| %s | `%s`..`%s` | %u | %u | %u |\n", fi.name, first, last, fi.count,
                   fi.lanes, fi.width);
    }
    gpuref_model_destroy(m);
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_error("run", CLI_INPUT, "cannot write: %s", strerror(errno));
    return CLI_OK;
}

int cmd_run(int argc, char **argv)
{
    cli_args a;
    run_opts o = { NULL, NULL, NULL, 0, 0, 0 };
    const char *arg, *val;
    const char *keys = NULL, *config = NULL;
    int kind, rc, nfiles = 0;
    char **files = calloc((size_t)argc + 1, sizeof *files);
    if (!files)
        return cli_error("run", CLI_INPUT, "out of memory");
    cli_args_init(&a, argc, argv);
    while ((kind = cli_next(&a, &arg)) != CLI_END) {
        rc = CLI_OK;
        if (kind == CLI_POS) {
            files[nfiles++] = (char *)arg;
        } else if (cli_is(&a, NULL, "--isa")) {
            if (!(rc = cli_value(&a, &val)))
                o.isa = val;
        } else if (cli_is(&a, "-t", "--test")) {
            if (!(rc = cli_value(&a, &val)))
                o.glob = val;
        } else if (cli_is(&a, NULL, "--max-steps")) {
            if (!(rc = cli_value(&a, &val)) && (gpuref_parse_u64(val, &o.max_steps) || !o.max_steps))
                rc = cli_usage("run", "--max-steps: expected a positive number, got '%s'", val);
        } else if (cli_is(&a, "-q", "--quiet")) {
            if (!(rc = cli_flag(&a)))
                o.quiet = 1;
        } else if (cli_is(&a, "-v", "--verbose")) {
            if (!(rc = cli_flag(&a)))
                o.verbose = 1;
        } else if (cli_is(&a, NULL, "--keys")) {
            if (!(rc = cli_value(&a, &val)))
                keys = val;
        } else if (cli_is(&a, NULL, "--config")) {
            if (!(rc = cli_value(&a, &val)))
                config = val;
        } else if (cli_is(&a, NULL, "--cov")) {
            if (!(rc = cli_value(&a, &val)))
                o.cov = val;
        } else {
            rc = cli_usage("run", "unknown option '%s'", arg);
        }
        if (rc) {
            free(files);
            return rc;
        }
    }
    if (keys) {
        free(files);
        if (nfiles)
            return cli_usage("run", "--keys takes no vector files");
        return print_keys(keys, config);
    }
    if (config) {
        free(files);
        return cli_usage("run", "--config goes with --keys (a test's config is in its file)");
    }
    if (nfiles == 0) {
        free(files);
        return cli_usage("run", "no vector files given");
    }
    if (o.quiet && o.verbose) {
        free(files);
        return cli_usage("run", "-q and -v exclude each other");
    }
    if (o.isa && !cli_isa("run", o.isa)) {
        free(files);
        return CLI_INPUT;
    }

    gpuref_vec_result *res = malloc(sizeof *res);
    if (!res) {
        free(files);
        return cli_error("run", CLI_INPUT, "out of memory");
    }
    unsigned long passed = 0, failed = 0;
    int input_error = 0;
    run_cov rcov = { .verbose = o.verbose };
    for (int i = 0; i < nfiles; i++) {
        gpuref_vec_file *whole = NULL;        /* stdin: loaded whole */
        gpuref_vec_stream *vs = NULL;         /* a file: streamed, test by test */
        const gpuref_vec_file *vf = NULL;
        gpuref_diag d = { 0, 0, 0, "" };
        int lrc;
        if (strcmp(files[i], "-") == 0) {          /* vectors on stdin */
            size_t len = 0;
            char *text = cli_read_file("-", &len);
            if (text) {
                lrc = gpuref_vec_load_string("<stdin>", text, len, &whole, &d);
                free(text);
            } else {
                lrc = GPUREF_ERR_IO;
                snprintf(d.msg, sizeof d.msg, "<stdin>: cannot read: %s", strerror(errno));
            }
            vf = whole;
        } else {
            lrc = gpuref_vec_open(files[i], &vs, &d);
            vf = gpuref_vec_stream_file(vs);
        }
        if (lrc != GPUREF_OK) {
            fflush(stdout);
            fprintf(stderr, "%s\n", d.msg);
            printf("FAIL %s: rejected\n", files[i]);
            failed++;
            input_error = 1;
            continue;
        }
        if (o.isa && strcmp(o.isa, vf->isa) != 0) {
            if (!o.quiet) {
                fflush(stdout);
                fprintf(stderr, "gpuref run: %s: skipped (ISA %s)\n", files[i], vf->isa);
            }
            gpuref_vec_free(whole);
            gpuref_vec_close(vs);
            continue;
        }
        rcov.cur = o.cov ? cov_for(&rcov, vf->isa) : NULL;
        for (size_t k = 0;; k++) {
            const gpuref_vec_test *t = NULL;
            if (whole) {
                if (k == whole->ntests)
                    break;
                t = &whole->tests[k];
            } else {
                int nrc = gpuref_vec_next(vs, &t, &d);
                if (nrc == 0)
                    break;
                if (nrc < 0) {                  /* checked at open: out of memory */
                    fflush(stdout);
                    fprintf(stderr, "%s\n", d.msg);
                    failed++;
                    input_error = 1;
                    break;
                }
            }
            if (o.glob && fnmatch(o.glob, t->name, 0) != 0)
                continue;
            gpuref_vec_run_opts ro = { o.max_steps, o.verbose ? trace_step : NULL, NULL };
            if (o.cov) {
                ro.on_step = cov_step;
                ro.ctx = &rcov;
            }
            if (o.verbose)
                printf("RUN  %s (%s)\n", t->name, files[i]);
            rc = gpuref_vec_run_test(vf, t, &ro, res);
            char reason[512];
            if (rc != GPUREF_OK) {             /* setup failed: an input error */
                printf("FAIL %s: setup: %s\n", t->name, res->report);
                failed++;
                input_error = 1;
            } else if (res->nfail == 0) {
                if (!o.quiet)
                    printf("PASS %s\n", t->name);
                passed++;
            } else {
                first_line(res->report, t->name, reason, sizeof reason);
                if (res->nfail > 1)
                    printf("FAIL %s: %s [%d failed expectations]\n", t->name, reason,
                           res->nfail);
                else
                    printf("FAIL %s: %s\n", t->name, reason);
                if (o.verbose)
                    print_indented(res->report);
                failed++;
            }
        }
        gpuref_vec_free(whole);
        gpuref_vec_close(vs);
    }
    if (o.cov) {   /* every ISA met, zero counts included: the holes are points too */
        gpuref_covdat *cd = gpuref_covdat_new();
        gpuref_diag d = { 0, 0, 0, "" };
        int wrc = cd ? GPUREF_OK : GPUREF_ERR_NOMEM;
        for (size_t i = 0; i < rcov.n && wrc == GPUREF_OK; i++)
            wrc = gpuref_covdat_add_cov(cd, rcov.cov[i]);
        if (wrc == GPUREF_OK)
            wrc = gpuref_covdat_write(cd, o.cov, 0, &d);
        if (wrc != GPUREF_OK) {
            fflush(stdout);
            fprintf(stderr, "gpuref run: --cov: %s\n", d.msg[0] ? d.msg : "out of memory");
            input_error = 1;
        }
        gpuref_covdat_free(cd);
        for (size_t i = 0; i < rcov.n; i++)
            gpuref_cov_destroy(rcov.cov[i]);
    }
    printf("%lu passed, %lu failed\n", passed, failed);
    free(res);
    free(files);
    return input_error ? CLI_INPUT : failed ? CLI_FAIL : CLI_OK;
}
