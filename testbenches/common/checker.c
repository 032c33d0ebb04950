/* checker.c - the shared lockstep checker (see checker.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "checker.h"
#include "gpuref_cov.h"
#include "gpuref_vectors.h"

#define HIST 8          /* retired units kept for the report */
#define MAXDIFF 64

typedef struct hist_entry {
    uint64_t seq, pc;
    uint32_t words[GPUREF_MAX_WORDS];
    unsigned nwords;
} hist_entry;

struct gpuref_chk {
    const gpuref_isa *isa;
    gpuref_vec_file *vf;
    char *outdir;
    int test;                   /* current test index, -1 before the first */
    gpuref_model *m;
    gpuref_retire *dut, *mod;
    hist_entry hist[HIST];
    uint64_t steps, waivers;
    double model_secs;
    gpuref_cov *cov;            /* NULL: no functional coverage */
    int failed, stopped, run_status;
    char run_msg[256];
    char result[1024];
    char testdir[1024];
    /* init iteration */
    uint32_t *prog;
    size_t nprog;
    int phase;
    unsigned f, idx, lane;
    size_t word;
    int space;
    uint64_t maddr;
    uint8_t chunk[4096];
    size_t chunk_len;
    uint64_t chunk_base;
};

void gpuref_chk_set_cov(gpuref_chk *c, gpuref_cov *cov)
{
    if (c)
        c->cov = cov;
}

static gpuref_chk *current;
void gpuref_chk_set_current(gpuref_chk *c) { current = c; }
gpuref_chk *gpuref_chk_current(void) { return current; }

static void mkdirs(const char *path)
{
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++) {
        if (*p == '/') {
            *p = '\0';
            mkdir(tmp, 0777);
            *p = '/';
        }
    }
    mkdir(tmp, 0777);
}

gpuref_chk *gpuref_chk_open(const char *isa, const char *vecfile, const char *outdir, char *err,
                            size_t errlen)
{
    gpuref_diag d = { 0 };
    gpuref_vec_file *vf = NULL;
    if (gpuref_vec_load(vecfile, &vf, &d) != GPUREF_OK) {
        snprintf(err, errlen, "%s", d.msg);
        return NULL;
    }
    if (isa && strcmp(isa, vf->isa) != 0) {
        snprintf(err, errlen, "%s: vectors are for ISA '%s', bench is '%s'", vecfile, vf->isa,
                 isa);
        gpuref_vec_free(vf);
        return NULL;
    }
    gpuref_chk *c = calloc(1, sizeof *c);
    if (c) {
        c->dut = malloc(sizeof *c->dut);
        c->mod = malloc(sizeof *c->mod);
        c->outdir = strdup(outdir ? outdir : ".");
    }
    if (!c || !c->dut || !c->mod || !c->outdir) {
        snprintf(err, errlen, "out of memory");
        gpuref_chk_close(c);
        gpuref_vec_free(vf);
        return NULL;
    }
    c->isa = gpuref_isa_find(vf->isa);
    c->vf = vf;
    c->test = -1;
    return c;
}

void gpuref_chk_close(gpuref_chk *c)
{
    if (!c)
        return;
    gpuref_model_destroy(c->m);
    gpuref_vec_free(c->vf);
    free(c->prog);
    free(c->dut);
    free(c->mod);
    free(c->outdir);
    if (current == c)
        current = NULL;
    free(c);
}

int gpuref_chk_ntests(const gpuref_chk *c) { return c ? (int)c->vf->ntests : 0; }

static const gpuref_vec_test *cur_test(const gpuref_chk *c)
{
    return c->test >= 0 ? &c->vf->tests[c->test] : NULL;
}

const char *gpuref_chk_test_name(const gpuref_chk *c)
{
    const gpuref_vec_test *t = c ? cur_test(c) : NULL;
    return t ? t->name : "";
}

const char *gpuref_chk_test_dir(const gpuref_chk *c) { return c ? c->testdir : ""; }
uint64_t gpuref_chk_max_steps(const gpuref_chk *c)
{
    const gpuref_vec_test *t = c ? cur_test(c) : NULL;
    return t ? t->max_steps : 0;
}
const char *gpuref_chk_result(const gpuref_chk *c) { return c ? c->result : ""; }
uint64_t gpuref_chk_steps(const gpuref_chk *c) { return c ? c->steps : 0; }
uint64_t gpuref_chk_waivers(const gpuref_chk *c) { return c ? c->waivers : 0; }
double gpuref_chk_model_seconds(const gpuref_chk *c) { return c ? c->model_secs : 0.0; }

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void fail(gpuref_chk *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(gpuref_chk *c, const char *fmt, ...)
{
    if (c->failed)
        return;
    c->failed = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->result, sizeof c->result, fmt, ap);
    va_end(ap);
}

int gpuref_chk_begin(gpuref_chk *c, int t)
{
    if (!c || t < 0 || (size_t)t >= c->vf->ntests)
        return 1;
    gpuref_model_destroy(c->m);
    c->m = NULL;
    free(c->prog);
    c->prog = NULL;
    c->nprog = 0;
    c->test = t;
    c->steps = c->waivers = 0;
    c->failed = c->stopped = 0;
    c->run_status = GPUREF_OK;
    c->run_msg[0] = c->result[0] = '\0';
    c->phase = 0;
    c->f = c->idx = c->lane = 0;
    c->word = 0;
    c->space = 0;
    c->maddr = 0;
    c->chunk_len = 0;
    memset(c->hist, 0, sizeof c->hist);
    const gpuref_vec_test *vt = cur_test(c);
    snprintf(c->testdir, sizeof c->testdir, "%s/%s", c->outdir, vt->name);
    gpuref_diag d = { 0 };
    if (gpuref_vec_setup(c->vf, vt, &c->m, &d) != GPUREF_OK) {
        fail(c, "setup: %s", d.msg);
        return 1;
    }
    if (gpuref_vec_program(c->vf, vt, &c->prog, &c->nprog, &d) != GPUREF_OK) {
        fail(c, "program: %s", d.msg);
        return 1;
    }
    if (c->cov)
        gpuref_cov_begin(c->cov, c->m);
    return 0;
}

/* Next nonzero register value of the model, walking files, indices, lanes. */
static int next_reg(gpuref_chk *c, const char **name, uint32_t *index, uint32_t *lane,
                    uint64_t *value)
{
    int nf = gpuref_regfile_count(c->m);
    gpuref_regfile_info fi;
    for (; (int)c->f < nf; c->f++, c->idx = 0, c->lane = 0) {
        gpuref_regfile_get_info(c->m, (int)c->f, &fi);
        for (; c->idx < fi.count; c->idx++, c->lane = 0) {
            for (; c->lane < fi.lanes; c->lane++) {
                uint64_t v = 0;
                if (gpuref_reg_get(c->m, (int)c->f, c->idx, c->lane, &v) != GPUREF_OK || !v)
                    continue;
                *name = fi.name;
                *index = c->idx;
                *lane = c->lane++;
                *value = v;
                return 1;
            }
        }
    }
    return 0;
}

/* Next nonzero 32-bit word of the model's memory spaces, read in chunks of
 * the populated ranges the model reports. */
static int next_mem(gpuref_chk *c, const char **name, uint64_t *addr, uint64_t *value)
{
    while (c->space < gpuref_mem_count(c->m)) {
        if (c->maddr >= c->chunk_base + c->chunk_len) {
            uint64_t a = 0, len = 0;
            if (gpuref_mem_next(c->m, c->space, c->maddr, &a, &len) != 1) {
                c->space++;
                c->maddr = c->chunk_base = 0;
                c->chunk_len = 0;
                continue;
            }
            a &= ~(uint64_t)3;
            size_t n = len < sizeof c->chunk ? (size_t)len : sizeof c->chunk;
            n &= ~(size_t)3;
            if (n == 0 || gpuref_mem_read(c->m, c->space, a, c->chunk, n) != GPUREF_OK) {
                c->space++;
                c->maddr = c->chunk_base = 0;
                c->chunk_len = 0;
                continue;
            }
            c->chunk_base = a;
            c->chunk_len = n;
            c->maddr = a;
        }
        uint32_t w;
        memcpy(&w, c->chunk + (c->maddr - c->chunk_base), 4);
        uint64_t a = c->maddr;
        c->maddr += 4;
        if (w) {
            *name = gpuref_mem_name(c->m, c->space);
            *addr = a;
            *value = w;
            return 1;
        }
    }
    return 0;
}

int gpuref_chk_init_next(gpuref_chk *c, int *kind, const char **name, uint32_t *index,
                         uint32_t *lane, uint64_t *addr, uint64_t *value)
{
    static const char *const none = "";
    *kind = 0;
    *name = none;
    *index = *lane = 0;
    *addr = *value = 0;
    if (!c || !c->m || c->failed)
        return 0;
    const gpuref_vec_test *t = cur_test(c);
    if (c->phase == 0) {
        if (c->word < c->nprog) {
            *kind = 2;
            *addr = t->base + 4 * c->word;
            *value = c->prog[c->word++];
            return 1;
        }
        c->phase = 1;
    }
    if (c->phase == 1) {
        if (next_reg(c, name, index, lane, value))
            return 1;
        c->phase = 2;
    }
    if (c->phase == 2) {
        *kind = 1;
        if (next_mem(c, name, addr, value))
            return 1;
        c->phase = 3;
    }
    *kind = 0;
    return 0;
}

void gpuref_chk_dut_begin(gpuref_chk *c, uint64_t pc, uint64_t next_pc, const uint32_t *words,
                          unsigned nwords, uint32_t flags, uint64_t exec_mask)
{
    gpuref_retire *r = c->dut;
    gpuref_retire_clear(r);
    r->seq = c->steps;
    r->pc = pc;
    r->next_pc = next_pc;
    r->nwords = (uint8_t)(nwords > GPUREF_MAX_WORDS ? GPUREF_MAX_WORDS : nwords);
    for (unsigned i = 0; i < r->nwords; i++)
        r->words[i] = words[i];
    r->flags = flags;
    r->exec_mask = exec_mask;
}

void gpuref_chk_dut_regw(gpuref_chk *c, const char *file, uint32_t index, uint64_t bits,
                         uint64_t lanes, const uint64_t *vals, unsigned nvals)
{
    int f = c->m ? gpuref_regfile_lookup(c->m, file) : -1;
    if (f < 0) {
        fail(c, "DUT reported a write to unknown register file '%s'", file);
        return;
    }
    gpuref_regw *w = gpuref_retire_regw(c->dut, f, index, bits);
    if (!w)
        return;
    w->lanes |= lanes;
    for (unsigned l = 0; l < nvals && l < GPUREF_MAX_LANES; l++)
        if (lanes >> l & 1)
            w->value[l] = vals[l];
}

static void words_text(const uint32_t *w, unsigned n, char *buf, size_t len)
{
    size_t o = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < n && o < len; i++)
        o += (size_t)snprintf(buf + o, len - o, "%s0x%08" PRIx32, i ? " " : "", w[i]);
}

static void disasm_text(const gpuref_chk *c, uint64_t pc, const uint32_t *w, unsigned n,
                        char *buf, size_t len)
{
    if (gpuref_disasm(c->isa, w, n, pc, buf, len, NULL, NULL) != GPUREF_OK)
        snprintf(buf, len, "(illegal)");
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(f, "\\u%04x", (unsigned char)*s);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

static int same_but_lane(const gpuref_diff *a, const gpuref_diff *b)
{
    return a->kind == GPUREF_DIFF_REG_VALUE && b->kind == a->kind && a->file == b->file &&
           a->index == b->index && a->dut == b->dut && a->model == b->model;
}

static const char *kind_name(gpuref_diff_kind k)
{
    static const char *const names[] = {
        "pc", "words", "next_pc", "exec_mask", "flags", "reg_missing", "reg_extra",
        "reg_lanes", "reg_value", "reg_ulp", "mem_missing", "mem_extra", "mem_value",
    };
    return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "unknown";
}

/* Write path via a temporary file so no half-written report is left. */
static FILE *open_tmp(const char *path, char *tmp, size_t len)
{
    snprintf(tmp, len, "%s.tmp", path);
    return fopen(tmp, "w");
}

/* d: the record that names the instruction (the DUT's; the model's when the
 * DUT faulted before retiring it). */
static void write_report(gpuref_chk *c, const gpuref_retire *d, const char *what,
                         const gpuref_diff *diffs, int ndiff)
{
    const gpuref_vec_test *t = cur_test(c);
    char wt[64], dis[160], path[1100], tmp[1200], line[256];
    words_text(d->words, d->nwords, wt, sizeof wt);
    disasm_text(c, d->pc, d->words, d->nwords, dis, sizeof dis);
    char seed[32] = "-";
    if (c->vf->has_seed)
        snprintf(seed, sizeof seed, "%" PRIu64, c->vf->seed);
    mkdirs(c->testdir);

    char head[1024];
    snprintf(head, sizeof head, "[%s] MISMATCH test %s (%s, seed %s) step %" PRIu64
             " pc=0x%" PRIx64 " %s  %s: %s",
             gpuref_isa_name(c->isa), t->name, c->vf->path, seed, c->steps, d->pc, wt, dis,
             what);
    snprintf(c->result, sizeof c->result, "%s", head);
    c->failed = 1;

    snprintf(path, sizeof path, "%s/mismatch.txt", c->testdir);
    FILE *f = open_tmp(path, tmp, sizeof tmp);
    if (f) {
        fprintf(f, "%s\n", head);
        for (int i = 0; i < ndiff && i < MAXDIFF;) {
            /* lanes that differ the same way are one line: "r1 lanes 0-31: ..." */
            int j = i + 1;
            while (j < ndiff && j < MAXDIFF && same_but_lane(&diffs[i], &diffs[j]) &&
                   diffs[j].lane == diffs[j - 1].lane + 1)
                j++;
            gpuref_diff_format(c->m, &diffs[i], line, sizeof line);
            if (j - i > 1) {
                gpuref_regfile_info fi = { 0 };
                gpuref_regfile_get_info(c->m, diffs[i].file, &fi);
                fprintf(f, "  %s%u lanes %d-%d: DUT=0x%08" PRIx64 " MODEL=0x%08" PRIx64 "\n",
                        fi.name, diffs[i].index, diffs[i].lane, diffs[j - 1].lane, diffs[i].dut,
                        diffs[i].model);
            } else {
                fprintf(f, "  %s\n", line);
            }
            i = j;
        }
        if (ndiff > MAXDIFF)
            fprintf(f, "  ... %d more differences\n", ndiff - MAXDIFF);
        fprintf(f, "last %d retired before it:%s\n", HIST, c->steps ? "" : " (none: first unit)");
        for (uint64_t s = c->steps > HIST ? c->steps - HIST : 0; s < c->steps; s++) {
            const hist_entry *h = &c->hist[s % HIST];
            words_text(h->words, h->nwords, wt, sizeof wt);
            disasm_text(c, h->pc, h->words, h->nwords, dis, sizeof dis);
            fprintf(f, "  step %" PRIu64 " pc=0x%" PRIx64 " %-21s %s\n", h->seq, h->pc, wt, dis);
        }
        fclose(f);
        rename(tmp, path);
    }
    snprintf(path, sizeof path, "%s/mismatch.json", c->testdir);
    f = open_tmp(path, tmp, sizeof tmp);
    if (f) {
        fprintf(f, "{\"isa\": ");
        json_str(f, gpuref_isa_name(c->isa));
        fprintf(f, ", \"test\": ");
        json_str(f, t->name);
        fprintf(f, ", \"file\": ");
        json_str(f, c->vf->path);
        fprintf(f, ", \"seed\": %s, \"step\": %" PRIu64 ", \"pc\": \"0x%" PRIx64 "\", \"words\": [",
                c->vf->has_seed ? seed : "null", c->steps, d->pc);
        for (unsigned i = 0; i < d->nwords; i++)
            fprintf(f, "%s\"0x%08" PRIx32 "\"", i ? ", " : "", d->words[i]);
        disasm_text(c, d->pc, d->words, d->nwords, dis, sizeof dis);
        fprintf(f, "], \"disasm\": ");
        json_str(f, dis);
        fprintf(f, ", \"what\": ");
        json_str(f, what);
        fprintf(f, ", \"differences\": [");
        for (int i = 0; i < ndiff && i < MAXDIFF; i++) {
            const gpuref_diff *df = &diffs[i];
            gpuref_regfile_info fi = { 0 };
            int isreg = df->kind >= GPUREF_DIFF_REG_MISSING && df->kind <= GPUREF_DIFF_REG_ULP;
            if (isreg)
                gpuref_regfile_get_info(c->m, df->file, &fi);
            gpuref_diff_format(c->m, df, line, sizeof line);
            fprintf(f, "%s{\"kind\": \"%s\", \"register\": ", i ? ", " : "", kind_name(df->kind));
            if (isreg)
                fprintf(f, "\"%s%u\"", fi.name, df->index);
            else
                fprintf(f, "null");
            fprintf(f, ", \"lane\": %d, \"dut\": \"0x%" PRIx64 "\", \"model\": \"0x%" PRIx64
                    "\", \"text\": ", df->lane, df->dut, df->model);
            json_str(f, line);
            fprintf(f, "}");
        }
        fprintf(f, "], \"history\": [");
        int first = 1;
        for (uint64_t s = c->steps > HIST ? c->steps - HIST : 0; s < c->steps; s++) {
            const hist_entry *h = &c->hist[s % HIST];
            disasm_text(c, h->pc, h->words, h->nwords, dis, sizeof dis);
            fprintf(f, "%s{\"step\": %" PRIu64 ", \"pc\": \"0x%" PRIx64 "\", \"disasm\": ",
                    first ? "" : ", ", h->seq, h->pc);
            json_str(f, dis);
            fprintf(f, "}");
            first = 0;
        }
        fprintf(f, "]}\n");
        fclose(f);
        rename(tmp, path);
    }
}

static void remember(gpuref_chk *c, const gpuref_retire *r)
{
    hist_entry *h = &c->hist[c->steps % HIST];
    h->seq = c->steps;
    h->pc = r->pc;
    h->nwords = r->nwords;
    memcpy(h->words, r->words, sizeof h->words);
}

static void log_waivers(gpuref_chk *c, int n)
{
    char path[1100];
    c->waivers += (uint64_t)n;
    mkdirs(c->testdir);
    snprintf(path, sizeof path, "%s/waivers.log", c->testdir);
    FILE *f = fopen(path, c->waivers == (uint64_t)n ? "w" : "a");
    if (!f)
        return;
    for (unsigned i = 0; i < c->mod->nregw; i++) {
        const gpuref_regw *w = &c->mod->regw[i];
        if (!(w->flags & (GPUREF_REGW_UNMODELLED | GPUREF_REGW_F32_ULP)))
            continue;
        gpuref_regfile_info fi = { 0 };
        gpuref_regfile_get_info(c->m, w->file, &fi);
        fprintf(f, "step %" PRIu64 " pc=0x%" PRIx64 ": %s%u %s: DUT value taken\n", c->steps,
                c->mod->pc, fi.name, w->index,
                (w->flags & GPUREF_REGW_UNMODELLED) ? "unmodelled"
                                                    : "approximate, within its ULP bound");
    }
    fclose(f);
}

int gpuref_chk_dut_end(gpuref_chk *c)
{
    if (!c || !c->m || c->failed)
        return 1;
    double t0 = now();
    int st = gpuref_step(c->m, c->mod);
    gpuref_diff diffs[MAXDIFF + 1];
    int n = st == GPUREF_OK ? gpuref_retire_compare(c->dut, c->mod, diffs, MAXDIFF + 1) : 0;
    c->model_secs += now() - t0;
    if (st != GPUREF_OK) {
        char what[400];
        snprintf(what, sizeof what, "DUT retired it, model did not: %s",
                 gpuref_model_error(c->m));
        write_report(c, c->dut, what, NULL, 0);
        return 1;
    }
    if (n > 0) {
        char what[300];
        gpuref_diff_format(c->m, &diffs[0], what, sizeof what);
        write_report(c, c->dut, what, diffs, n);
        remember(c, c->mod);
        return 1;
    }
    int w = gpuref_retire_waive(c->m, c->dut, c->mod);
    if (w > 0)
        log_waivers(c, w);
    if (c->cov)
        gpuref_cov_sample(c->cov, c->m, c->mod);
    char rep[512] = "";
    if (gpuref_vec_check_step(cur_test(c), c->m, c->mod, rep, sizeof rep) > 0)
        fail(c, "step %" PRIu64 ": %s", c->steps, rep);
    remember(c, c->mod);
    c->steps++;
    if (!c->failed && c->steps >= gpuref_chk_max_steps(c) && !gpuref_finished(c->m)) {
        /* the vector's step limit: stop both sides; expect.error may want it */
        c->stopped = 1;
        c->run_status = GPUREF_ERR_LIMIT;
        snprintf(c->run_msg, sizeof c->run_msg, "step limit reached (%" PRIu64 " steps)", c->steps);
        return 1;
    }
    return c->failed;
}

int gpuref_chk_dut_stop(gpuref_chk *c, int done, int fault, uint64_t fault_pc, int timeout)
{
    if (!c || !c->m)
        return 1;
    c->stopped = 1;
    if (c->failed)
        return 1;
    if (timeout) {
        fail(c, "timeout: the DUT did not finish (%" PRIu64 " units retired)", c->steps);
        return 1;
    }
    if (fault) {
        uint64_t pc = 0;
        int pcf = gpuref_regfile_lookup(c->m, "pc");
        if (pcf >= 0)
            gpuref_reg_get(c->m, pcf, 0, 0, &pc);
        int st = gpuref_step(c->m, c->mod);
        if (st == GPUREF_OK) {
            char what[128];
            snprintf(what, sizeof what, "DUT faulted at pc=0x%" PRIx64 ", model executed the instruction",
                     fault_pc);
            write_report(c, c->mod, what, NULL, 0);
            return 1;
        }
        c->run_status = st;
        snprintf(c->run_msg, sizeof c->run_msg, "%s", gpuref_model_error(c->m));
        if (pcf >= 0 && pc != fault_pc) {
            fail(c, "DUT faulted at pc=0x%" PRIx64 ", model stopped at pc=0x%" PRIx64 ": %s",
                 fault_pc, pc, c->run_msg);
            return 1;
        }
        return 0;
    }
    if (done && !gpuref_finished(c->m)) {
        fail(c, "DUT ended after %" PRIu64 " units, the model has not", c->steps);
        return 1;
    }
    return 0;
}

int gpuref_chk_end(gpuref_chk *c)
{
    if (!c)
        return 1;
    if (!c->failed && !c->stopped)
        fail(c, "the bench stopped without the DUT ending");
    if (!c->failed) {
        char rep[1024] = "";
        if (gpuref_vec_check_final(cur_test(c), c->m, c->run_status, c->run_msg, c->steps, rep,
                                   sizeof rep) > 0)
            fail(c, "%s", rep);
    }
    return c->failed;
}
