/* checker.c - the lockstep checker of gpuref (see gpuref_check.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "gpuref_check.h"
#include "gpuref_cov.h"
#include "gpuref_vectors.h"

#define HIST_DEFAULT 8  /* retired units kept for the report */
#define MAXDIFF 64
#define WTEXT 320       /* the writes of one unit, as text */

typedef struct hist_entry {
    uint64_t seq, pc;
    unsigned wave, kind, stream;
    uint32_t words[GPUREF_MAX_WORDS];
    unsigned nwords;
    char writes[WTEXT];
} hist_entry;

/* A load the model issued whose write-back is still to come. */
typedef struct pending {
    unsigned wave;
    uint64_t tag, pc;
    int file;
    unsigned index;
} pending;

/* A write-back the DUT reported that the model has not made visible yet. */
typedef struct dutwb {
    unsigned wave;
    uint64_t tag;
    int early;                  /* reported before the unit `tag` (its issuer) retired */
    gpuref_regw w;
} dutwb;

#define NWNEXT 64               /* waves whose next unit's sequence number is kept */

typedef struct owed {           /* a write-back the end of the task made visible */
    unsigned wave;
    gpuref_regw w;              /* the model's (DEFERRED) */
} owed;

typedef struct waiver_count {
    char name[32];
    uint64_t n;
} waiver_count;

struct gpuref_chk {
    const gpuref_isa *isa;
    gpuref_vec_file *vf;
    char *outdir;
    int test;                   /* current test index, -1 before the first */
    gpuref_model *m;
    gpuref_retire *dut, *mod, *src;
    hist_entry *hist;
    unsigned nhist;
    uint64_t steps, waivers;
    double model_secs;
    gpuref_cov *cov;            /* NULL: no functional coverage */
    int failed, stopped, run_status, fault_wave;
    char run_msg[256];
    char result[1024];
    char testdir[1024];
    pending *pend;
    size_t npend, cpend;
    dutwb *wb;
    size_t nwb, cwb;
    uint64_t wnext[NWNEXT];     /* per wave: the sequence number of its next unit */
    owed *owe;                  /* write-backs the DUT may report until it ends */
    size_t nowe, cowe;
    waiver_count wv[16];
    unsigned nwv;
    /* source operands of the unit being compared (before it executed) */
    char srcs[1024];
    /* init iteration */
    uint32_t *prog;
    size_t nprog;
    int phase;
    unsigned f, idx, lane, wave;
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

void gpuref_chk_set_history(gpuref_chk *c, unsigned n)
{
    if (!c || n == 0 || n > 4096)
        return;
    hist_entry *h = calloc(n, sizeof *h);
    if (!h)
        return;
    free(c->hist);
    c->hist = h;
    c->nhist = n;
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
        c->src = malloc(sizeof *c->src);
        c->outdir = strdup(outdir ? outdir : ".");
        c->hist = calloc(HIST_DEFAULT, sizeof *c->hist);
        c->nhist = HIST_DEFAULT;
    }
    if (!c || !c->dut || !c->mod || !c->src || !c->outdir || !c->hist) {
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
    free(c->src);
    free(c->outdir);
    free(c->hist);
    free(c->pend);
    free(c->wb);
    free(c->owe);
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
int gpuref_chk_waves(const gpuref_chk *c) { return c && c->m ? gpuref_wave_count(c->m) : 1; }
const char *gpuref_chk_isa(const gpuref_chk *c) { return c ? gpuref_isa_name(c->isa) : ""; }
void gpuref_chk_dut_fault_wave(gpuref_chk *c, unsigned wave)
{
    if (c)
        c->fault_wave = (int)wave;
}

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

static void fail_report(gpuref_chk *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

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
    c->f = c->idx = c->lane = c->wave = 0;
    c->fault_wave = 0;
    c->npend = c->nwb = 0;
    memset(c->wnext, 0, sizeof c->wnext);
    c->nowe = 0;
    c->nwv = 0;
    c->srcs[0] = '\0';
    c->word = 0;
    c->space = 0;
    c->maddr = 0;
    c->chunk_len = 0;
    memset(c->hist, 0, sizeof *c->hist * c->nhist);
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

/* Next register value of wave w to hand out: nonzero ones (the DUT starts
 * from zero), and every register of the configuration file "cfg" (a
 * configuration value of 0 means something too, e.g. rdna4 smem_defer=0). */
static int next_reg_wave(gpuref_chk *c, int nf, const char **name, uint32_t *index,
                         uint32_t *lane, uint64_t *value)
{
    gpuref_regfile_info fi;
    for (; (int)c->f < nf; c->f++, c->idx = 0, c->lane = 0) {
        gpuref_regfile_get_info(c->m, (int)c->f, &fi);
        int always = strcmp(fi.name, "cfg") == 0;
        for (; c->idx < fi.count; c->idx++, c->lane = 0) {
            for (; c->lane < fi.lanes; c->lane++) {
                uint64_t v = 0;
                if (gpuref_reg_get(c->m, (int)c->f, c->idx, c->lane, &v) != GPUREF_OK ||
                    (!v && !always))
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

/* Next register item, walking waves, files, indices, lanes; with several
 * waves the wave is in bits 31:16 of *index. */
static int next_reg(gpuref_chk *c, const char **name, uint32_t *index, uint32_t *lane,
                    uint64_t *value)
{
    int nf = gpuref_regfile_count(c->m);
    int nw = gpuref_wave_count(c->m);
    for (; (int)c->wave < nw; c->wave++, c->f = 0, c->idx = 0, c->lane = 0) {
        gpuref_wave_select(c->m, c->wave);
        if (next_reg_wave(c, nf, name, index, lane, value)) {
            *index |= nw > 1 ? c->wave << 16 : 0;
            gpuref_wave_select(c->m, 0);
            return 1;
        }
    }
    gpuref_wave_select(c->m, 0);
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

void gpuref_chk_dut_begin(gpuref_chk *c, unsigned wave, uint64_t pc, uint64_t next_pc,
                          const uint32_t *words, unsigned nwords, uint32_t flags,
                          uint64_t exec_mask)
{
    if (!c)
        return;
    gpuref_retire *r = c->dut;
    gpuref_retire_clear(r);
    r->seq = c->steps;
    r->wave = wave;
    r->pc = pc;
    r->next_pc = next_pc;
    r->nwords = (uint8_t)(nwords > GPUREF_MAX_WORDS ? GPUREF_MAX_WORDS : nwords);
    for (unsigned i = 0; i < r->nwords; i++)
        r->words[i] = words ? words[i] : 0;
    /* a DUT that retires more words than a unit can hold is a word-count
     * mismatch, not a truncation */
    if (nwords > GPUREF_MAX_WORDS)
        r->nwords = nwords > 255 ? 255 : (uint8_t)nwords;
    r->flags = flags;
    r->exec_mask = exec_mask;
}

void gpuref_chk_dut_kind(gpuref_chk *c, unsigned kind, unsigned stream)
{
    if (!c)
        return;
    c->dut->kind = (uint16_t)kind;
    c->dut->stream = (uint16_t)stream;
}

static void set_vals(gpuref_regw *w, uint64_t lanes, const uint64_t *vals, unsigned nvals)
{
    w->lanes |= lanes;
    for (unsigned l = 0; l < nvals && l < GPUREF_MAX_LANES; l++)
        if (lanes >> l & 1)
            w->value[l] = vals[l];
}

int gpuref_chk_file_id(const gpuref_chk *c, const char *file)
{
    return c && c->m && file ? gpuref_regfile_lookup(c->m, file) : -1;
}

int gpuref_chk_space_id(const gpuref_chk *c, const char *space)
{
    return c && c->m && space ? gpuref_mem_lookup(c->m, space) : -1;
}

void gpuref_chk_dut_regw_id(gpuref_chk *c, int f, uint32_t index, int slot, uint64_t bits,
                            uint64_t lanes, const uint64_t *vals, unsigned nvals)
{
    if (!c || !c->m)
        return;
    if (f < 0 || f >= gpuref_regfile_count(c->m)) {
        fail_report(c, "DUT reported a write to register file %d, %s has %d", f,
                    gpuref_isa_name(c->isa), gpuref_regfile_count(c->m));
        return;
    }
    gpuref_regw *w = gpuref_retire_regw_slot(c->dut, f, index, bits, slot);
    if (!w) {
        fail_report(c, "DUT reported more than %d register writes in one unit", GPUREF_MAX_REGW);
        return;
    }
    set_vals(w, lanes, vals, nvals);
}

void gpuref_chk_dut_regw(gpuref_chk *c, const char *file, uint32_t index, int slot,
                         uint64_t bits, uint64_t lanes, const uint64_t *vals, unsigned nvals)
{
    if (!c || !c->m)
        return;
    int f = gpuref_chk_file_id(c, file);
    if (f < 0) {
        fail_report(c, "DUT reported a write to unknown register file '%s'",
                    file ? file : "(null)");
        return;
    }
    gpuref_chk_dut_regw_id(c, f, index, slot, bits, lanes, vals, nvals);
}

void gpuref_chk_dut_memw_id(gpuref_chk *c, int sp, uint64_t addr, unsigned lane, unsigned size,
                            unsigned mask, const uint8_t *data, int slot)
{
    if (!c || !c->m)
        return;
    if (sp < 0 || sp >= gpuref_mem_count(c->m)) {
        fail_report(c, "DUT reported a write to memory space %d, %s has %d", sp,
                    gpuref_isa_name(c->isa), gpuref_mem_count(c->m));
        return;
    }
    if (size < 1 || size > 16) {
        fail_report(c, "DUT reported a memory write of %u bytes (1..16)", size);
        return;
    }
    if (!gpuref_retire_memw(c->dut, sp, addr, size, lane, data, mask, slot))
        fail_report(c, "DUT reported more than %d memory writes in one unit", GPUREF_MAX_MEMW);
}

void gpuref_chk_dut_memw(gpuref_chk *c, const char *space, uint64_t addr, unsigned lane,
                         unsigned size, unsigned mask, const uint8_t *data, int slot)
{
    if (!c || !c->m)
        return;
    int sp = gpuref_chk_space_id(c, space);
    if (sp < 0) {
        fail_report(c, "DUT reported a write to unknown memory space '%s'",
                    space ? space : "(null)");
        return;
    }
    gpuref_chk_dut_memw_id(c, sp, addr, lane, size, mask, data, slot);
}

void gpuref_chk_dut_record(gpuref_chk *c, const gpuref_retire *rr)
{
    if (!c || !rr)
        return;
    gpuref_chk_dut_begin(c, rr->wave, rr->pc, rr->next_pc, rr->words, rr->nwords, rr->flags,
                         rr->exec_mask);
    gpuref_chk_dut_kind(c, rr->kind, rr->stream);
    for (unsigned i = 0; i < rr->nregw && i < GPUREF_MAX_REGW; i++) {
        const gpuref_regw *g = &rr->regw[i];
        if (gpuref_regw_own(g))
            gpuref_chk_dut_regw_id(c, g->file, g->index, g->slot, g->bits, g->lanes, g->value,
                                   GPUREF_MAX_LANES);
    }
    for (unsigned i = 0; i < rr->nmemw && i < GPUREF_MAX_MEMW; i++) {
        const gpuref_memw *w = &rr->memw[i];
        gpuref_chk_dut_memw_id(c, w->space, w->addr, w->lane, w->size, w->mask, w->data, w->slot);
    }
}

static void log_waiver(gpuref_chk *c, const char *waiver, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

int gpuref_chk_inject_mem(gpuref_chk *c, const char *waiver, const char *space, uint64_t addr,
                          const uint8_t *data, size_t len)
{
    if (!c || !c->m || !waiver || !*waiver)
        return GPUREF_ERR_ARG;
    int sp = gpuref_chk_space_id(c, space);
    if (sp < 0) {
        fail(c, "injection under waiver %s: unknown memory space '%s'", waiver,
             space ? space : "(null)");
        return GPUREF_ERR_RANGE;
    }
    int st = gpuref_inject_mem(c->m, sp, addr, data, len, waiver);
    if (st != GPUREF_OK) {
        fail(c, "injection under waiver %s: %s", waiver, gpuref_model_error(c->m));
        return st;
    }
    log_waiver(c, waiver, "%s[0x%" PRIx64 "..+%zu] given by the DUT", space, addr, len);
    return GPUREF_OK;
}

int gpuref_chk_inject_reg(gpuref_chk *c, const char *waiver, unsigned wave, const char *file,
                          uint32_t index, uint32_t lane, uint64_t value)
{
    if (!c || !c->m || !waiver || !*waiver)
        return GPUREF_ERR_ARG;
    int f = gpuref_chk_file_id(c, file);
    if (f < 0) {
        fail(c, "injection under waiver %s: unknown register file '%s'", waiver,
             file ? file : "(null)");
        return GPUREF_ERR_RANGE;
    }
    int st = gpuref_inject_reg(c->m, wave, f, index, lane, value, waiver);
    if (st != GPUREF_OK) {
        fail(c, "injection under waiver %s: %s", waiver, gpuref_model_error(c->m));
        return st;
    }
    char rn[64];
    gpuref_reg_name(c->m, f, index, rn, sizeof rn);
    log_waiver(c, waiver, "wave %u %s lane %u = 0x%" PRIx64 " given by the DUT", wave, rn, lane,
               value);
    return GPUREF_OK;
}

static void words_text(const uint32_t *w, unsigned n, char *buf, size_t len)
{
    size_t o = 0;
    buf[0] = '\0';
    if (n > GPUREF_MAX_WORDS)
        n = GPUREF_MAX_WORDS;
    for (unsigned i = 0; i < n && o < len; i++)
        o += (size_t)snprintf(buf + o, len - o, "%s0x%08" PRIx32, i ? " " : "", w[i]);
}

static void disasm_text(const gpuref_chk *c, unsigned stream, uint64_t pc, const uint32_t *w,
                        unsigned n, char *buf, size_t len)
{
    if (n > GPUREF_MAX_WORDS)
        n = GPUREF_MAX_WORDS;
    if (gpuref_disasm_unit(c->isa, stream, w, n, pc, buf, len, NULL, NULL) != GPUREF_OK)
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
           a->index == b->index && a->dut == b->dut && a->model == b->model &&
           a->slot == b->slot;
}

static const char *kind_name(gpuref_diff_kind k)
{
    static const char *const names[] = {
        "pc", "words", "next_pc", "exec_mask", "flags", "reg_missing", "reg_extra",
        "reg_lanes", "reg_value", "reg_ulp", "mem_missing", "mem_extra", "mem_value",
        "nwords", "unit_kind", "wave", "reg_slot",
    };
    return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "unknown";
}


/* The writes of a record as text: "r3=0x00000005 (lanes 0-31) c0=..." with
 * lanes of equal value folded; deferred write-backs marked. */
static void writes_text(const gpuref_chk *c, const gpuref_retire *r, char *buf, size_t len)
{
    size_t o = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < r->nregw && o + 40 < len; i++) {
        const gpuref_regw *w = &r->regw[i];
        char rn[64];
        gpuref_reg_name(c->m, w->file, w->index, rn, sizeof rn);
        uint64_t lanes = w->lanes;
        if (!lanes) {
            o += (size_t)snprintf(buf + o, len - o, "%s%s=(no lanes)", o ? " " : "", rn);
            continue;
        }
        int lo = __builtin_ctzll(lanes), hi = 63 - __builtin_clzll(lanes);
        int same = 1;
        for (int l = lo; l <= hi; l++)
            if ((lanes >> l & 1) && w->value[l] != w->value[lo])
                same = 0;
        const char *tag = (w->flags & GPUREF_REGW_DEFERRED) ? " [write-back]"
                          : (w->flags & GPUREF_REGW_PENDING) ? " [load issued]" : "";
        const char *sl = w->slot != GPUREF_SLOT_NONE ? gpuref_slot_name(c->isa, w->slot) : NULL;
        char slot[40] = "";
        if (sl)
            snprintf(slot, sizeof slot, " slot %s", sl);
        char at[24] = "";
        if (lo == hi && lo)
            snprintf(at, sizeof at, " (lane %d)", lo);
        if (lo == hi)
            o += (size_t)snprintf(buf + o, len - o, "%s%s=0x%" PRIx64 "%s%s", o ? " " : "", rn,
                                  w->value[lo], at, slot);
        else if (same)
            o += (size_t)snprintf(buf + o, len - o, "%s%s=0x%" PRIx64 " (lanes %d-%d%s)%s", o ? " " : "",
                                  rn, w->value[lo], lo, hi,
                                  (uint64_t)__builtin_popcountll(lanes) == (uint64_t)(hi - lo + 1)
                                      ? "" : ", some",
                                  slot);
        else
            o += (size_t)snprintf(buf + o, len - o, "%s%s=0x%" PRIx64 ",... (lanes %d-%d, differing)%s",
                                  o ? " " : "", rn, w->value[lo], lo, hi, slot);
        if (*tag && o < len)
            o += (size_t)snprintf(buf + o, len - o, "%s", tag);
    }
    if (r->nmemw && o + 32 < len)
        snprintf(buf + o, len - o, "%s%u memory write%s", o ? " " : "", r->nmemw,
                 r->nmemw == 1 ? "" : "s");
    if (!buf[0])
        snprintf(buf, len, "(no writes)");
}


/* Write path via a temporary file so no half-written report is left. */
static FILE *open_tmp(const char *path, char *tmp, size_t len)
{
    snprintf(tmp, len, "%s.tmp", path);
    return fopen(tmp, "w");
}

static void history_range(const gpuref_chk *c, uint64_t *from, uint64_t *to)
{
    *to = c->steps;
    *from = c->steps > c->nhist ? c->steps - c->nhist : 0;
}

/* d: the record that names the unit (the DUT's; the model's when the DUT
 * faulted before retiring it).  A failure always writes its report. */
static void write_report(gpuref_chk *c, const gpuref_retire *d, const char *what,
                         const gpuref_diff *diffs, int ndiff)
{
    const gpuref_vec_test *t = cur_test(c);
    char wt[16 * 11 + 8], dis[256], path[1100], tmp[1200], line[384], ws[WTEXT];
    words_text(d->words, d->nwords, wt, sizeof wt);
    disasm_text(c, d->stream, d->pc, d->words, d->nwords, dis, sizeof dis);
    char seed[32] = "-";
    if (c->vf->has_seed)
        snprintf(seed, sizeof seed, "%" PRIu64, c->vf->seed);
    int nw = gpuref_wave_count(c->m);
    char wavepos[48] = "";
    if (nw > 1)
        snprintf(wavepos, sizeof wavepos, " wave %u", d->wave);
    mkdirs(c->testdir);

    char head[1024];
    snprintf(head, sizeof head, "[%s] MISMATCH test %s (%s, seed %s)%s step %" PRIu64
             " pc=0x%" PRIx64 " %s  %s: %s",
             gpuref_isa_name(c->isa), t->name, c->vf->path, seed, wavepos, c->steps, d->pc, wt,
             dis, what);
    snprintf(c->result, sizeof c->result, "%s", head);
    c->failed = 1;

    uint64_t h0, h1;
    history_range(c, &h0, &h1);
    snprintf(path, sizeof path, "%s/mismatch.txt", c->testdir);
    FILE *f = open_tmp(path, tmp, sizeof tmp);
    if (f) {
        fprintf(f, "%s\n", head);
        if (d->kind || d->stream || nw > 1)
            fprintf(f, "unit: %s, stream %s, wave %u of %d, unit %" PRIu64 " of its wave\n",
                    gpuref_unit_kind_name(c->isa, d->kind), gpuref_stream_name(c->isa, d->stream),
                    d->wave, nw, c->mod->seq);
        for (int i = 0; i < ndiff && i < MAXDIFF;) {
            /* lanes that differ the same way are one line: "r1 lanes 0-31: ..." */
            int j = i + 1;
            while (j < ndiff && j < MAXDIFF && same_but_lane(&diffs[i], &diffs[j]) &&
                   diffs[j].lane == diffs[j - 1].lane + 1)
                j++;
            gpuref_diff_format(c->m, &diffs[i], line, sizeof line);
            if (j - i > 1) {
                char rn[64];
                gpuref_reg_name(c->m, diffs[i].file, diffs[i].index, rn, sizeof rn);
                fprintf(f, "  %s%s%s lanes %d-%d: DUT=0x%08" PRIx64 " MODEL=0x%08" PRIx64 "\n",
                        rn, diffs[i].slot != GPUREF_SLOT_NONE ? " slot " : "",
                        diffs[i].slot != GPUREF_SLOT_NONE ? gpuref_slot_name(c->isa, diffs[i].slot)
                                                          : "",
                        diffs[i].lane, diffs[j - 1].lane, diffs[i].dut, diffs[i].model);
            } else {
                fprintf(f, "  %s\n", line);
            }
            if (diffs[i].kind == GPUREF_DIFF_FLAGS) {
                char fd[64], fm[64];
                gpuref_retire_flags_text((uint32_t)diffs[i].dut, "|", fd, sizeof fd);
                gpuref_retire_flags_text((uint32_t)diffs[i].model, "|", fm, sizeof fm);
                fprintf(f, "    flags decoded: DUT=%s MODEL=%s\n", fd, fm);
            }
            i = j;
        }
        if (ndiff > MAXDIFF)
            fprintf(f, "  ... %d more differences\n", ndiff - MAXDIFF);
        if (c->srcs[0])
            fprintf(f, "source operands before the unit: %s\n", c->srcs);
        writes_text(c, c->dut, ws, sizeof ws);
        fprintf(f, "DUT wrote:   %s\n", ws);
        if (c->mod->pc == d->pc && c->mod->nwords) {
            writes_text(c, c->mod, ws, sizeof ws);
            fprintf(f, "MODEL wrote: %s\n", ws);
        }
        fprintf(f, "last %" PRIu64 " retired before it:%s\n", h1 - h0, h1 ? "" : " (none: first unit)");
        for (uint64_t s = h0; s < h1; s++) {
            const hist_entry *h = &c->hist[s % c->nhist];
            words_text(h->words, h->nwords, wt, sizeof wt);
            disasm_text(c, h->stream, h->pc, h->words, h->nwords, dis, sizeof dis);
            if (nw > 1)
                fprintf(f, "  step %" PRIu64 " wave %u pc=0x%" PRIx64 " %-21s %s\n", s, h->wave,
                        h->pc, wt, dis);
            else
                fprintf(f, "  step %" PRIu64 " pc=0x%" PRIx64 " %-21s %s\n", s, h->pc, wt, dis);
            fprintf(f, "      wrote %s\n", h->writes);
        }
        if (c->npend) {
            fprintf(f, "loads outstanding (issued, write-back not yet visible):\n");
            for (size_t i = 0; i < c->npend; i++) {
                char rn[64];
                gpuref_reg_name(c->m, c->pend[i].file, c->pend[i].index, rn, sizeof rn);
                fprintf(f, "  wave %u unit %" PRIu64 " pc=0x%" PRIx64 ": %s\n", c->pend[i].wave,
                        c->pend[i].tag, c->pend[i].pc, rn);
            }
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
        fprintf(f, ", \"seed\": %s, \"wave\": %u, \"waves\": %d, \"step\": %" PRIu64
                ", \"unit_kind\": ", c->vf->has_seed ? seed : "null", d->wave, nw, c->steps);
        json_str(f, gpuref_unit_kind_name(c->isa, d->kind));
        fprintf(f, ", \"stream\": ");
        json_str(f, gpuref_stream_name(c->isa, d->stream));
        fprintf(f, ", \"pc\": \"0x%" PRIx64 "\", \"words\": [", d->pc);
        for (unsigned i = 0; i < d->nwords && i < GPUREF_MAX_WORDS; i++)
            fprintf(f, "%s\"0x%08" PRIx32 "\"", i ? ", " : "", d->words[i]);
        disasm_text(c, d->stream, d->pc, d->words, d->nwords, dis, sizeof dis);
        fprintf(f, "], \"disasm\": ");
        json_str(f, dis);
        fprintf(f, ", \"what\": ");
        json_str(f, what);
        fprintf(f, ", \"sources\": ");
        json_str(f, c->srcs);
        fprintf(f, ", \"differences\": [");
        for (int i = 0; i < ndiff && i < MAXDIFF; i++) {
            const gpuref_diff *df = &diffs[i];
            int isreg = (df->kind >= GPUREF_DIFF_REG_MISSING && df->kind <= GPUREF_DIFF_REG_ULP) ||
                        df->kind == GPUREF_DIFF_REG_SLOT;
            gpuref_diff_format(c->m, df, line, sizeof line);
            fprintf(f, "%s{\"kind\": \"%s\", \"register\": ", i ? ", " : "", kind_name(df->kind));
            if (isreg) {
                char rn[64];
                gpuref_reg_name(c->m, df->file, df->index, rn, sizeof rn);
                json_str(f, rn);
            } else {
                fprintf(f, "null");
            }
            fprintf(f, ", \"slot\": ");
            if (df->slot != GPUREF_SLOT_NONE)
                json_str(f, gpuref_slot_name(c->isa, df->slot));
            else
                fprintf(f, "null");
            fprintf(f, ", \"lane\": %d, \"dut\": \"0x%" PRIx64 "\", \"model\": \"0x%" PRIx64
                    "\", \"text\": ", df->lane, df->dut, df->model);
            json_str(f, line);
            fprintf(f, "}");
        }
        fprintf(f, "], \"history\": [");
        for (uint64_t s = h0; s < h1; s++) {
            const hist_entry *h = &c->hist[s % c->nhist];
            disasm_text(c, h->stream, h->pc, h->words, h->nwords, dis, sizeof dis);
            fprintf(f, "%s{\"step\": %" PRIu64 ", \"wave\": %u, \"pc\": \"0x%" PRIx64
                    "\", \"disasm\": ", s == h0 ? "" : ", ", s, h->wave, h->pc);
            json_str(f, dis);
            fprintf(f, ", \"writes\": ");
            json_str(f, h->writes);
            fprintf(f, "}");
        }
        fprintf(f, "]}\n");
        fclose(f);
        rename(tmp, path);
    }
}

/* A failure that is no difference of one unit (a step limit, a final
 * expectation, the DUT stopping early): the report names it all the same. */
static void fail_report(gpuref_chk *c, const char *fmt, ...)
{
    if (c->failed)
        return;
    char what[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    c->srcs[0] = '\0';
    gpuref_retire_clear(c->mod);
    c->mod->pc = c->steps ? c->hist[(c->steps - 1) % c->nhist].pc : 0;
    write_report(c, c->mod, what, NULL, 0);
    /* the one-line result stays the plain reason */
    snprintf(c->result, sizeof c->result, "%s", what);
}

static void remember(gpuref_chk *c, const gpuref_retire *r)
{
    hist_entry *h = &c->hist[c->steps % c->nhist];
    h->seq = r->seq;
    h->pc = r->pc;
    h->wave = r->wave;
    h->kind = r->kind;
    h->stream = r->stream;
    h->nwords = r->nwords;
    memcpy(h->words, r->words, sizeof h->words);
    writes_text(c, r, h->writes, sizeof h->writes);
}

static void log_waiver(gpuref_chk *c, const char *waiver, const char *fmt, ...)
{
    char path[1100], what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    unsigned i = 0;
    for (; i < c->nwv && strcmp(c->wv[i].name, waiver) != 0; i++)
        ;
    if (i == c->nwv && c->nwv < sizeof c->wv / sizeof c->wv[0])
        snprintf(c->wv[c->nwv++].name, sizeof c->wv[0].name, "%s", waiver);
    if (i < c->nwv)
        c->wv[i].n++;
    c->waivers++;
    mkdirs(c->testdir);
    snprintf(path, sizeof path, "%s/waivers.log", c->testdir);
    FILE *f = fopen(path, c->waivers == 1 ? "w" : "a");
    if (!f)
        return;
    fprintf(f, "step %" PRIu64 " [%s]: %s\n", c->steps, waiver, what);
    fclose(f);
}

static void log_waivers(gpuref_chk *c)
{
    for (unsigned i = 0; i < c->mod->nregw; i++) {
        const gpuref_regw *w = &c->mod->regw[i];
        if (!(w->flags & (GPUREF_REGW_UNMODELLED | GPUREF_REGW_F32_ULP)) ||
            (w->flags & (GPUREF_REGW_DEFERRED | GPUREF_REGW_PENDING)))
            continue;
        char rn[64];
        gpuref_reg_name(c->m, w->file, w->index, rn, sizeof rn);
        if (w->flags & GPUREF_REGW_UNMODELLED)
            log_waiver(c, "unmodelled", "pc=0x%" PRIx64 ": %s: DUT value taken", c->mod->pc, rn);
        else
            log_waiver(c, "approximate", "pc=0x%" PRIx64 ": %s: DUT value within its %u-ULP "
                       "bound taken", c->mod->pc, rn, w->ulp_bound);
    }
}

/* --------------------------------------------------- deferred write-backs */

/* Room for item n of the array *p of *cap items of sz bytes (doubled, first
 * 16).  0, or -1 (out of memory, the array unchanged). */
static int grow(void **p, size_t *cap, size_t n, size_t sz)
{
    if (n < *cap)
        return 0;
    size_t nc = *cap ? 2 * *cap : 16;
    void *q = realloc(*p, nc * sz);
    if (!q)
        return -1;
    *p = q;
    *cap = nc;
    return 0;
}

static int pend_push(gpuref_chk *c, const pending *p)
{
    if (grow((void **)&c->pend, &c->cpend, c->npend, sizeof *c->pend))
        return -1;
    c->pend[c->npend++] = *p;
    return 0;
}

/* The outstanding load of wave/file/index with tag (or the oldest, for
 * GPUREF_TAG_ANY); -1 if none. */
static long pend_find(const gpuref_chk *c, unsigned wave, uint64_t tag, int file, unsigned index)
{
    for (size_t i = 0; i < c->npend; i++) {
        const pending *p = &c->pend[i];
        if (p->wave == wave && p->file == file && p->index == index &&
            (tag == GPUREF_TAG_ANY || p->tag == tag))
            return (long)i;
    }
    return -1;
}

/* The DUT's write-back of wave/file/index with tag; one unit may write a register
 * in two write-backs with disjoint lanes (an RDNA4 FLAT load's LOADcnt and DScnt
 * halves, which the model may complete in either order): the one with the
 * model's lanes first, else the first found.  -1 if none. */
static long wb_find(const gpuref_chk *c, unsigned wave, uint64_t tag, int file, unsigned index,
                    uint64_t lanes)
{
    long first = -1;
    for (size_t i = 0; i < c->nwb; i++) {
        const dutwb *b = &c->wb[i];
        if (b->wave == wave && b->w.file == file && b->w.index == index &&
            (b->tag == tag || b->tag == GPUREF_TAG_ANY || tag == GPUREF_TAG_ANY)) {
            if (b->w.lanes == lanes)
                return (long)i;
            if (first < 0)
                first = (long)i;
        }
    }
    return first;
}

int gpuref_chk_dut_writeback(gpuref_chk *c, unsigned wave, uint64_t tag, const char *file,
                             uint32_t index, uint64_t bits, uint64_t lanes,
                             const uint64_t *vals, unsigned nvals)
{
    if (!c || !c->m || c->failed)
        return 1;
    int f = gpuref_chk_file_id(c, file);
    if (f < 0) {
        fail_report(c, "DUT reported a write-back to unknown register file '%s'",
                    file ? file : "(null)");
        return 1;
    }
    return gpuref_chk_dut_writeback_id(c, wave, tag, f, index, bits, lanes, vals, nvals);
}

int gpuref_chk_dut_writeback_id(gpuref_chk *c, unsigned wave, uint64_t tag, int f,
                                uint32_t index, uint64_t bits, uint64_t lanes,
                                const uint64_t *vals, unsigned nvals)
{
    if (!c || !c->m || c->failed)
        return 1;
    if (f < 0 || f >= gpuref_regfile_count(c->m)) {
        fail_report(c, "DUT reported a write-back to register file %d, %s has %d", f,
                    gpuref_isa_name(c->isa), gpuref_regfile_count(c->m));
        return 1;
    }
    long p = pend_find(c, wave, tag, f, index);
    /* a write-back in the retire cycle of the unit that issues the load (a
     * load the task's last group issues and the end of the task completes,
     * or a memory that answers at once): the DUT reports it before that unit,
     * so it is held until the unit's record announces the load (check_deferred) */
    int early = p < 0 && tag != GPUREF_TAG_ANY && wave < NWNEXT && tag == c->wnext[wave];
    if (p < 0 && !early) {
        char rn[64];
        gpuref_reg_name(c->m, f, index, rn, sizeof rn);
        if (tag == GPUREF_TAG_ANY)
            fail_report(c, "DUT reported a write-back of %s in wave %u, which has no load of it "
                        "outstanding", rn, wave);
        else
            fail_report(c, "DUT reported a write-back of %s for unit %" PRIu64 " of wave %u, "
                        "which issued no load of it (or it was already written back)", rn, tag,
                        wave);
        return 1;
    }
    if (grow((void **)&c->wb, &c->cwb, c->nwb, sizeof *c->wb)) {
        fail(c, "out of memory");
        return 1;
    }
    dutwb *b = &c->wb[c->nwb++];
    memset(&b->w, 0, offsetof(gpuref_regw, value));
    b->wave = wave;
    b->early = early;
    b->tag = early ? tag : c->pend[p].tag;
    b->w.file = (int16_t)f;
    b->w.index = (uint16_t)index;
    b->w.slot = GPUREF_SLOT_NONE;
    b->w.flags = GPUREF_REGW_DEFERRED;
    b->w.tag = b->tag;
    b->w.bits = bits;
    set_vals(&b->w, lanes, vals, nvals);
    return 0;
}

/* The model's deferred write-back m of wave (visible now) against the DUT's
 * report: compared, the DUT's data taken where only it knows them, both
 * sides' entries retired.  0 ok, 1 failed (report written on rec, `when`
 * says when it became visible). */
static int take_writeback(gpuref_chk *c, unsigned wave, const gpuref_regw *m, const gpuref_retire *rec,
                          const char *when)
{
    char rn[64];
    gpuref_reg_name(c->m, m->file, m->index, rn, sizeof rn);
    long p = pend_find(c, wave, m->tag, m->file, m->index);
    uint64_t ipc = p >= 0 ? c->pend[p].pc : 0;
    long k = wb_find(c, wave, m->tag, m->file, m->index, m->lanes);
    if (k < 0) {
        char what[512];
        snprintf(what, sizeof what, "the write-back of %s loaded by unit %" PRIu64
                 " (pc=0x%" PRIx64 ") %s, the DUT has not reported it", rn, m->tag, ipc, when);
        write_report(c, rec, what, NULL, 0);
        return 1;
    }
    gpuref_diff diffs[MAXDIFF + 1];
    int n = gpuref_regw_compare(&c->wb[k].w, m, diffs, MAXDIFF + 1);
    if (n > 0) {
        char what[512], d0[256];
        gpuref_diff_format(c->m, &diffs[0], d0, sizeof d0);
        snprintf(what, sizeof what, "write-back of the load at pc=0x%" PRIx64 " (unit %" PRIu64
                 "): %s", ipc, m->tag, d0);
        write_report(c, rec, what, diffs, n);
        return 1;
    }
    if (m->flags & GPUREF_REGW_UNMODELLED) {
        /* data only the DUT's memory system knows: the model takes it */
        uint64_t lanes = c->wb[k].w.lanes & m->lanes;
        unsigned keep = (unsigned)gpuref_wave_selected(c->m);
        gpuref_wave_select(c->m, wave);
        while (lanes) {
            unsigned l = (unsigned)__builtin_ctzll(lanes);
            lanes &= lanes - 1;
            gpuref_reg_set(c->m, m->file, m->index, l, c->wb[k].w.value[l]);
        }
        gpuref_wave_select(c->m, keep);
        log_waiver(c, "mem_return", "%s loaded at pc=0x%" PRIx64 ": DUT data taken", rn, ipc);
    }
    c->wb[k] = c->wb[--c->nwb];
    if (p >= 0)
        c->pend[p] = c->pend[--c->npend];
    return 0;
}

/* The model made deferred write-backs visible with the unit it just retired
 * (c->mod): each must have come from the DUT by now.  The model's announced
 * loads (PENDING) are recorded.  0 ok, 1 failed (report written). */
static int check_deferred(gpuref_chk *c)
{
    /* the loads this unit announces first: the same record may complete
     * them (the end of the task), and the DUT may have reported them early */
    for (unsigned i = 0; i < c->mod->nregw; i++) {
        const gpuref_regw *m = &c->mod->regw[i];
        if (m->flags & GPUREF_REGW_PENDING) {
            pending p = { c->mod->wave, c->mod->seq, c->mod->pc, m->file, m->index };
            if (pend_push(c, &p)) {
                fail(c, "out of memory");
                return 1;
            }
        }
    }
    for (size_t i = 0; i < c->nwb; i++) {
        dutwb *b = &c->wb[i];
        if (!b->early || b->wave != c->mod->wave || b->tag != c->mod->seq)
            continue;
        if (pend_find(c, b->wave, b->tag, b->w.file, b->w.index) < 0) {
            char rn[64];
            gpuref_reg_name(c->m, b->w.file, b->w.index, rn, sizeof rn);
            char what[300];
            snprintf(what, sizeof what, "DUT reported a write-back of %s for unit %" PRIu64
                     " of wave %u, which issued no load of it", rn, b->tag, b->wave);
            write_report(c, c->dut, what, NULL, 0);
            return 1;
        }
        b->early = 0;
    }
    for (unsigned i = 0; i < c->mod->nregw; i++) {
        const gpuref_regw *m = &c->mod->regw[i];
        if (!(m->flags & GPUREF_REGW_DEFERRED))
            continue;
        if (wb_find(c, c->mod->wave, m->tag, m->file, m->index, m->lanes) < 0 &&
            gpuref_finished(c->m)) {
            /* the end of the task made it visible: the DUT may report it
             * until it ends (gpuref_chk_dut_stop) */
            if (grow((void **)&c->owe, &c->cowe, c->nowe, sizeof *c->owe)) {
                fail(c, "out of memory");
                return 1;
            }
            c->owe[c->nowe].wave = c->mod->wave;
            c->owe[c->nowe++].w = *m;
            continue;
        }
        if (take_writeback(c, c->mod->wave, m, c->dut, "is visible after this unit"))
            return 1;
    }
    return 0;
}

/* The registers the unit about to run reads, with their values ("r1=0x5
 * r2=0x7 (lanes 0-31)"), for the report. */
static void capture_sources(gpuref_chk *c, unsigned wave)
{
    c->srcs[0] = '\0';
    int n = gpuref_unit_sources(c->m, wave, c->src);
    if (n <= 0)
        return;
    writes_text(c, c->src, c->srcs, sizeof c->srcs);
}

int gpuref_chk_dut_end(gpuref_chk *c)
{
    if (!c || !c->m || c->failed)
        return 1;
    double t0 = now();
    unsigned wave = c->dut->wave;
    int nw = gpuref_wave_count(c->m);
    if ((int)wave >= nw) {
        c->model_secs += now() - t0;
        char what[128];
        snprintf(what, sizeof what, "DUT retired a unit of wave %u, the test has %d wave%s",
                 wave, nw, nw == 1 ? "" : "s");
        write_report(c, c->dut, what, NULL, 0);
        return 1;
    }
    capture_sources(c, wave);
    int st = gpuref_step_wave(c->m, wave, c->mod);
    gpuref_diff diffs[MAXDIFF + 1];
    int n = 0;
    if (st == GPUREF_OK) {
        c->dut->seq = c->mod->seq;
        if (wave < NWNEXT)
            c->wnext[wave] = c->mod->seq + 1;
        n = gpuref_retire_compare(c->dut, c->mod, diffs, MAXDIFF + 1);
    }
    c->model_secs += now() - t0;
    if (st != GPUREF_OK) {
        char what[400];
        snprintf(what, sizeof what, "DUT retired it, model did not: %s",
                 gpuref_model_error(c->m));
        write_report(c, c->dut, what, NULL, 0);
        return 1;
    }
    if (n > 0) {
        char what[400];
        gpuref_diff_format(c->m, &diffs[0], what, sizeof what);
        write_report(c, c->dut, what, diffs, n);
        remember(c, c->mod);
        return 1;
    }
    if (check_deferred(c)) {
        remember(c, c->mod);
        return 1;
    }
    int w = gpuref_retire_waive(c->m, c->dut, c->mod);
    if (w > 0)
        log_waivers(c);
    if (c->cov)
        gpuref_cov_sample(c->cov, c->m, c->mod);
    char rep[512] = "";
    if (gpuref_vec_check_step(cur_test(c), c->m, c->mod, rep, sizeof rep) > 0) {
        char what[600];
        snprintf(what, sizeof what, "step %" PRIu64 ": %s", c->steps, rep);
        remember(c, c->mod);
        c->steps++;
        fail_report(c, "%s", what);
        return 1;
    }
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
        fail_report(c, "timeout: the DUT did not finish (%" PRIu64 " units retired)", c->steps);
        return 1;
    }
    if (fault) {
        unsigned wave = (unsigned)c->fault_wave;
        if ((int)wave >= gpuref_wave_count(c->m)) {
            fail_report(c, "DUT faulted in wave %u, the test has %d wave%s", wave,
                        gpuref_wave_count(c->m), gpuref_wave_count(c->m) == 1 ? "" : "s");
            return 1;
        }
        uint64_t pc = 0;
        int pcf = gpuref_regfile_lookup(c->m, "pc");
        gpuref_wave_select(c->m, wave);
        if (pcf >= 0)
            gpuref_reg_get(c->m, pcf, 0, 0, &pc);
        gpuref_wave_select(c->m, 0);
        int st = gpuref_step_wave(c->m, wave, c->mod);
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
            fail_report(c, "DUT faulted at pc=0x%" PRIx64 ", model stopped at pc=0x%" PRIx64 ": %s",
                        fault_pc, pc, c->run_msg);
            return 1;
        }
        return 0;
    }
    if (done && !gpuref_finished(c->m)) {
        fail_report(c, "DUT ended after %" PRIu64 " units, the model has not", c->steps);
        return 1;
    }
    /* the write-backs the end of the task made visible: reported by now */
    for (size_t i = 0; done && i < c->nowe; i++)
        if (take_writeback(c, c->owe[i].wave, &c->owe[i].w, c->mod, "is visible at the end of the task"))
            return 1;
    c->nowe = 0;
    return 0;
}

int gpuref_chk_end(gpuref_chk *c)
{
    if (!c)
        return 1;
    if (!c->failed && !c->stopped)
        fail_report(c, "the bench stopped without the DUT ending");
    if (!c->failed && c->nwb) {
        char rn[64];
        gpuref_reg_name(c->m, c->wb[0].w.file, c->wb[0].w.index, rn, sizeof rn);
        fail_report(c, "DUT reported %zu write-back%s the model never made visible (first: %s "
                    "of unit %" PRIu64 ", wave %u)", c->nwb, c->nwb == 1 ? "" : "s", rn,
                    c->wb[0].tag, c->wb[0].wave);
    }
    if (!c->failed) {
        char rep[1024] = "";
        if (gpuref_vec_check_final(cur_test(c), c->m, c->run_status, c->run_msg, c->steps, rep,
                                   sizeof rep) > 0)
            fail_report(c, "%s", rep);
    }
    if (c->nwv && c->testdir[0]) {
        /* the waiver summary closes the log */
        char path[1100];
        snprintf(path, sizeof path, "%s/waivers.log", c->testdir);
        FILE *f = fopen(path, "a");
        if (f) {
            fprintf(f, "summary:");
            for (unsigned i = 0; i < c->nwv; i++)
                fprintf(f, " %s=%" PRIu64, c->wv[i].name, c->wv[i].n);
            fprintf(f, "\n");
            fclose(f);
        }
    }
    return c->failed;
}
