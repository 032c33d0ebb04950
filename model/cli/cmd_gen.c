/* cmd_gen.c - `gpuref gen`: seeded constrained-random test vectors. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "isa.h"
#include "gpuref_cov.h"
#include "gpuref_gen.h"

const char cmd_gen_help[] =
    "usage: gpuref gen --isa ISA [OPTIONS]\n"
    "\n"
    "Write COUNT random programs with random initial state as a vector file\n"
    "(vectors/README.md).  Encodings come from the ISA's opcode description;\n"
    "about a quarter of the operand values come from a special-value table;\n"
    "control flow is structured so that every program terminates within the\n"
    "max_steps written into it.  The seed is stored in the file, and the same\n"
    "options give a byte-identical file.  Random vectors hold no expected values:\n"
    "they are checked in lockstep against the model (or use --record).\n"
    "\n"
    "options:\n"
    "  --isa ISA            the ISA (required)\n"
    "  --seed S             seed (default 1); test k uses the stream (S, k)\n"
    "  --count N            programs (tests) in the file (default 10)\n"
    "  --length L           instructions per program (default 100)\n"
    "  --mix FILE           instruction-mix weights: a YAML mapping of item, group or\n"
    "                       glob -> weight 0..1000000, applied in order (--list-mix);\n"
    "                       repeatable (up to 16): the files are applied in order\n"
    "  --target COVFILE     aim at the bins COVFILE (coverage.dat) has not hit: pick\n"
    "                       an unhit bin, then make instructions that can hit it\n"
    "  --target-pct P       percent of instructions aimed at holes (default 50)\n"
    "  --exclusions FILE    exclusions of --target (default coverage/exclusions/ISA.txt\n"
    "                       from $GPUREF_DATA, ./, or the install's share/gpuref/)\n"
    "  --no-exclusions      aim at excluded bins too\n"
    "  --special-pct P      percent of operand values from the special table (25)\n"
    "  --record             run each program on the model and store its results as\n"
    "                       expectations (a regression vector for the model)\n"
    "  --prefix NAME        test names NAME0, NAME1, ... (default rand_)\n"
    "  -o, --output FILE    write FILE (through a temporary file) instead of stdout\n"
    "  --list-mix           print the mix items (name, weight, groups) and exit\n"
    "  -q, --quiet          no summary line on stderr\n"
    "\n"
    "knobs: the mix items of the group `knob` (knob_NAME, default weight 0) are no\n"
    "instructions: weight W (0..100) is the percent of programs whose config sets\n"
    "the model knob NAME to its other value, drawn from the test's seed stream, so\n"
    "model and bench run it alike (e.g. `knob: 25`; --list-mix names them)\n"
    "\n"
    "rdna4 memory traffic: each `memtraffic.vmem` construct is one access drawn by\n"
    "the kind weights (group `vmemkind`, no instructions of their own):\n"
    "memtraffic.global_load 3, .global_store 2, .global_atomic 2, .buffer 2,\n"
    ".scratch 1, and 0 by default: .global_use (a GLOBAL load of any width, then\n"
    "s_wait_loadcnt 0 and its data stored back or moved into the VGPR pool),\n"
    ".global_addtid (GLOBAL_LOAD/STORE_ADDTID_B32), .global_cache (GLOBAL_INV,\n"
    "GLOBAL_WB, GLOBAL_WBINV), .global_atomic_int (the integer GLOBAL atomics\n"
    "only); `memtraffic.lds` and `memtraffic.barrier` (several\n"
    "waves) are items of their own; memtraffic.keep_base > 0 keeps S_MOVRELD off\n"
    "the address bases s88-s95.  GLOBAL only: `memtraffic: 0`, then `memtraffic.vmem`\n"
    "and the global_* kinds > 0 (scripts/testdata/rdna4-rtl.mix.yaml)\n"
    "\n"
    "examples:\n"
    "  gpuref gen --isa nv50 --seed 7 --count 100 -o build/gen/nv50_7.yaml\n"
    "  gpuref gen --isa nv50 --seed 8 --mix mymix.yaml --record -o regress.yaml\n"
    "  gpuref run -q --cov build/cov/a.dat build/gen/nv50_7.yaml\n"
    "  gpuref gen --isa nv50 --seed 9 --target build/cov/a.dat -o build/gen/t9.yaml\n";

typedef struct text { const char *s; size_t len; } text;

static int fill_text(FILE *f, void *ctx)
{
    const text *t = ctx;
    return fwrite(t->s, 1, t->len, f) != t->len;
}

/* Write text to path through a temporary file in the same folder. */
static int write_file(const char *path, const char *s, size_t len)
{
    text t = { s, len };
    int e = gpuref_write_atomic(path, fill_text, &t);
    return e ? cli_error("gen", CLI_INPUT, "%s: cannot write: %s", path, strerror(e)) : CLI_OK;
}

static int parse_pct(const char *opt, const char *val, unsigned *out)
{
    uint64_t v;
    if (gpuref_parse_u64(val, &v) || v > 100)
        return cli_usage("gen", "%s: expected a percentage 0..100, got '%s'", opt, val);
    *out = (unsigned)v;
    return CLI_OK;
}

int cmd_gen(int argc, char **argv)
{
    cli_args a;
    const char *arg, *val, *isa = NULL, *mix[16], *target = NULL, *excl = NULL, *out = NULL;
    unsigned nmix = 0;
    int kind, rc = CLI_OK, quiet = 0, list = 0, noexcl = 0;
    gpuref_gen_opts o;
    gpuref_gen_opts_default(&o);
    /* the command as recorded in the file: everything but the output and -q */
    size_t cl = 16;
    for (int i = 0; i < argc; i++)
        cl += strlen(argv[i]) + 1;
    char *cmd = malloc(cl);
    if (!cmd)
        return cli_error("gen", CLI_INPUT, "out of memory");
    strcpy(cmd, "gpuref gen");
    cli_args_init(&a, argc, argv);
    while (rc == CLI_OK) {
        int recorded = 1, first = a.i;
        if ((kind = cli_next(&a, &arg)) == CLI_END)
            break;
        uint64_t v;
        if (kind == CLI_POS) {
            rc = cli_usage("gen", "unexpected argument '%s'", arg);
        } else if (cli_is(&a, NULL, "--isa")) {
            if (!(rc = cli_value(&a, &val)))
                isa = val;
        } else if (cli_is(&a, NULL, "--seed")) {
            if (!(rc = cli_value(&a, &val)) && gpuref_parse_u64(val, &o.seed))
                rc = cli_usage("gen", "--seed: expected a number, got '%s'", val);
        } else if (cli_is(&a, NULL, "--count")) {
            if (!(rc = cli_value(&a, &val)) && (gpuref_parse_u64(val, &v) || !v || v > 10000000))
                rc = cli_usage("gen", "--count: expected 1..10000000, got '%s'", val);
            o.count = (unsigned)v;
        } else if (cli_is(&a, NULL, "--length")) {
            if (!(rc = cli_value(&a, &val)) && (gpuref_parse_u64(val, &v) || !v || v > 100000))
                rc = cli_usage("gen", "--length: expected 1..100000, got '%s'", val);
            o.length = (unsigned)v;
        } else if (cli_is(&a, NULL, "--mix")) {
            if (!(rc = cli_value(&a, &val))) {
                if (nmix == sizeof mix / sizeof mix[0])
                    rc = cli_usage("gen", "--mix: at most %u files", (unsigned)(sizeof mix / sizeof mix[0]));
                else
                    mix[nmix++] = val;
            }
        } else if (cli_is(&a, NULL, "--target")) {
            if (!(rc = cli_value(&a, &val)))
                target = val;
        } else if (cli_is(&a, NULL, "--target-pct")) {
            if (!(rc = cli_value(&a, &val)))
                rc = parse_pct("--target-pct", val, &o.target_pct);
        } else if (cli_is(&a, NULL, "--special-pct")) {
            if (!(rc = cli_value(&a, &val)))
                rc = parse_pct("--special-pct", val, &o.special_pct);
        } else if (cli_is(&a, NULL, "--exclusions")) {
            if (!(rc = cli_value(&a, &val)))
                excl = val;
        } else if (cli_is(&a, NULL, "--no-exclusions")) {
            if (!(rc = cli_flag(&a)))
                noexcl = 1;
        } else if (cli_is(&a, NULL, "--record")) {
            if (!(rc = cli_flag(&a)))
                o.record = 1;
        } else if (cli_is(&a, NULL, "--prefix")) {
            if (!(rc = cli_value(&a, &val)))
                o.prefix = val;
        } else if (cli_is(&a, "-o", "--output")) {
            recorded = 0;
            if (!(rc = cli_value(&a, &val)))
                out = val;
        } else if (cli_is(&a, NULL, "--list-mix")) {
            if (!(rc = cli_flag(&a)))
                list = 1;
        } else if (cli_is(&a, "-q", "--quiet")) {
            recorded = 0;
            if (!(rc = cli_flag(&a)))
                quiet = 1;
        } else {
            rc = cli_usage("gen", "unknown option '%s'", arg);
        }
        if (rc == CLI_OK && recorded)   /* the option and its value as given */
            for (int j = first; j < a.i; j++) {
                strcat(cmd, " ");
                strcat(cmd, argv[j]);
            }
    }
    if (rc) {
        free(cmd);
        return rc;
    }
    if (!isa) {
        free(cmd);
        return cli_usage("gen", "--isa is required");
    }
    if (!cli_isa("gen", isa)) {
        free(cmd);
        return CLI_INPUT;
    }
    o.command = cmd;
    gpuref_diag d = { 0, 0, 0, "" };
    gpuref_gen *g = NULL;
    gpuref_cov *cov = NULL;
    char *text = NULL;
    size_t len = 0;
    int st = gpuref_gen_create(isa, &o, &g, &d);
    for (unsigned i = 0; st == GPUREF_OK && i < nmix; i++)
        st = gpuref_gen_mix_file(g, mix[i], &d);
    if (st == GPUREF_OK && list) {
        const gpuref_isa *is = gpuref_isa_find(isa);
        printf("# %s generation items: name weight groups (--mix keys: a name, a group, or a "
               "glob over names)\n", isa);
        for (unsigned i = 0; i < gpuref_gen_item_count(is); i++)
            printf("%-24s %7u  %s\n", gpuref_gen_item_name(is, i), gpuref_gen_item_weight(g, i),
                   gpuref_gen_item_groups(is, i));
        gpuref_gen_destroy(g);
        free(cmd);
        return CLI_OK;
    }
    size_t unknown = 0, holes = 0;
    if (st == GPUREF_OK && target) {
        char defx[512];
        st = gpuref_cov_create(isa, &cov, &d);
        if (st == GPUREF_OK)
            st = gpuref_cov_read(cov, target, &unknown, &d);
        if (st == GPUREF_OK && !noexcl) {
            if (!excl) {
                char rel[128];
                snprintf(rel, sizeof rel, "coverage/exclusions/%s.txt", isa);
                if (cli_data_file("gen", rel, defx, sizeof defx))
                    excl = defx;
            }
            if (excl)
                st = gpuref_cov_exclude_file(cov, excl, &d);
        }
        if (st == GPUREF_OK)
            st = gpuref_gen_target(g, cov, &d);
        if (st == GPUREF_OK)
            for (size_t i = 0; i < gpuref_cov_nbins(cov); i++)
                holes += !gpuref_cov_count(cov, i) && !gpuref_cov_excluded(cov, i);
    }
    if (st == GPUREF_OK)
        st = gpuref_gen_file(g, &text, &len, &d);
    if (st != GPUREF_OK) {
        rc = cli_error("gen", CLI_INPUT, "%s", d.msg);
    } else if (out) {
        rc = write_file(out, text, len);
    } else {
        rc = fwrite(text, 1, len, stdout) == len && fflush(stdout) == 0
             ? CLI_OK : cli_error("gen", CLI_INPUT, "<stdout>: cannot write: %s", strerror(errno));
    }
    if (rc == CLI_OK && !quiet) {
        fprintf(stderr, "gpuref gen: %s seed %llu: %u tests, %llu instructions", isa,
                (unsigned long long)o.seed, o.count,
                (unsigned long long)gpuref_gen_instructions(g));
        if (target)
            fprintf(stderr, ", %llu aimed at %zu holes of %s",
                    (unsigned long long)gpuref_gen_targeted(g), holes, target);
        fprintf(stderr, "%s%s\n", out ? " -> " : "", out ? out : "");
        if (unknown)
            fprintf(stderr, "gpuref gen: note: %zu points of %s are bins this version does not "
                    "have (ignored)\n", unknown, target);
    }
    gpuref_free(text);
    gpuref_cov_destroy(cov);
    gpuref_gen_destroy(g);
    free(cmd);
    return rc;
}
