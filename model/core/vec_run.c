/* vec_run.c - running a loaded test: stepping the model, checking the trace
 * entries and the final expectations, the failure report. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vec_priv.h"

typedef struct report {
    char *buf;
    size_t len, pos;
    int full;
} report;

static void rep_init(report *r, char *buf, size_t len)
{
    r->buf = len ? buf : NULL;
    r->len = buf ? len : 0;
    r->pos = 0;
    r->full = 0;
    if (r->buf)
        r->buf[0] = '\0';
}

static void rep_add(report *r, const gpuref_vec_test *t, gpuref_vec_loc loc, const char *fmt,
                    ...) __attribute__((format(printf, 4, 5)));
static void rep_add(report *r, const gpuref_vec_test *t, gpuref_vec_loc loc, const char *fmt,
                    ...)
{
    if (!r->buf || r->full)
        return;
    char what[512], line[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (loc.line)
        n = snprintf(line, sizeof line, "%s%s: %s (%s:%u:%u)", r->pos ? "\n" : "", t->name, what,
                     t->path, loc.line, loc.col);
    else
        n = snprintf(line, sizeof line, "%s%s: %s", r->pos ? "\n" : "", t->name, what);
    if (n < 0)
        return;
    size_t k = strlen(line);
    if (r->pos + k >= r->len) {
        k = r->len - 1 - r->pos;
        r->full = 1;
    }
    memcpy(r->buf + r->pos, line, k);
    r->pos += k;
    r->buf[r->pos] = '\0';
}

static int hexw(unsigned width) { return width >= 64 ? 16 : width ? (int)(width + 3) / 4 : 1; }

#define MAX_LANES_SHOWN 4

static int check_regval(report *r, const gpuref_vec_test *t, gpuref_model *m,
                        const gpuref_vec_regval *e, const char *prefix, int wave)
{
    int fails = 0;
    char rn[64];
    if (wave >= 0) {
        char n0[48];
        gpuref_vx_reg_name(&e->reg, n0, sizeof n0);
        snprintf(rn, sizeof rn, "w%d:%s", wave, n0);
    } else {
        gpuref_vx_reg_name(&e->reg, rn, sizeof rn);
    }
    int w = hexw(e->reg.width);
    unsigned bad = 0, shown = 0;
    for (unsigned l = e->reg.lane_lo; l <= e->reg.lane_hi; l++) {
        uint64_t exp = gpuref_vec_regval_lane(e, l), act = 0;
        char lane[24] = "";
        if (e->reg.lanes > 1)
            snprintf(lane, sizeof lane, " lane %u", l);
        if (gpuref_reg_get(m, e->reg.file, e->reg.index, l, &act) != GPUREF_OK) {
            rep_add(r, t, e->loc, "%s%s%s: cannot read: %s", prefix, rn, lane,
                    gpuref_model_error(m));
            bad++;
            shown++;
            break;
        }
        if (act == exp)
            continue;
        if (bad++ < MAX_LANES_SHOWN) {
            shown++;
            rep_add(r, t, e->loc, "%s%s%s: expected 0x%0*llx, actual 0x%0*llx", prefix, rn,
                    lane, w, (unsigned long long)exp, w, (unsigned long long)act);
        }
    }
    if (bad > shown)
        rep_add(r, t, e->loc, "%s%s: %u more lanes differ", prefix, rn, bad - shown);
    if (bad)
        fails++;
    return fails;
}


/* Registers without a wave prefix are checked on wave dflt, or on every
 * wave when dflt < 0. */
static int check_regvals(report *r, const gpuref_vec_test *t, gpuref_model *m,
                         const gpuref_vec_regval *rv, size_t n, const char *prefix, int dflt)
{
    int fails = 0, nw = gpuref_wave_count(m), sel = gpuref_wave_selected(m);
    for (size_t i = 0; i < n; i++) {
        const gpuref_vec_regval *e = &rv[i];
        int wave = e->reg.wave >= 0 ? e->reg.wave : dflt;
        int w0 = wave < 0 ? 0 : wave, w1 = wave < 0 ? nw - 1 : wave;
        for (int wv = w0; wv <= w1; wv++) {
            gpuref_wave_select(m, (unsigned)wv);
            fails += check_regval(r, t, m, e, prefix, nw > 1 && wave < 0 ? wv : -1);
        }
    }
    if (sel >= 0)
        gpuref_wave_select(m, (unsigned)sel);
    return fails;
}

/* One register on the selected wave; wave >= 0 is named in messages. */

static int check_mem(report *r, const gpuref_vec_test *t, gpuref_model *m)
{
    int fails = 0;
    for (size_t i = 0; i < t->nexp_mem; i++) {
        const gpuref_vec_mem *e = &t->exp_mem[i];
        uint8_t *b = malloc(e->nwords * 4);
        if (!b) {
            rep_add(r, t, e->loc, "mem %s: out of memory", e->space_name);
            fails++;
            continue;
        }
        if (gpuref_mem_read(m, e->space, e->addr, b, e->nwords * 4) != GPUREF_OK) {
            rep_add(r, t, e->loc, "mem %s[0x%llx]: cannot read: %s", e->space_name,
                    (unsigned long long)e->addr, gpuref_model_error(m));
            free(b);
            fails++;
            continue;
        }
        unsigned bad = 0;
        for (size_t j = 0; j < e->nwords; j++) {
            uint32_t act = (uint32_t)b[4 * j] | (uint32_t)b[4 * j + 1] << 8 |
                           (uint32_t)b[4 * j + 2] << 16 | (uint32_t)b[4 * j + 3] << 24;
            if (act == e->words[j])
                continue;
            if (bad++ < MAX_LANES_SHOWN)
                rep_add(r, t, e->loc, "mem %s[0x%llx]: expected 0x%08x, actual 0x%08x",
                        e->space_name, (unsigned long long)(e->addr + 4 * j),
                        (unsigned)e->words[j], (unsigned)act);
        }
        if (bad > MAX_LANES_SHOWN)
            rep_add(r, t, e->loc, "mem %s: %u more words differ", e->space_name,
                    bad - MAX_LANES_SHOWN);
        if (bad)
            fails++;
        free(b);
    }
    return fails;
}

static const gpuref_vec_trace *trace_entry(const gpuref_vec_test *t, uint64_t step,
                                           unsigned wave)
{
    size_t lo = 0, hi = t->ntrace;
    while (lo < hi) {                   /* the first entry of that step */
        size_t mid = lo + (hi - lo) / 2;
        if (t->trace[mid].step < step)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (; lo < t->ntrace && t->trace[lo].step == step; lo++)
        if (t->trace[lo].wave == wave)
            return &t->trace[lo];
    return NULL;
}

static int check_step(report *r, const gpuref_vec_test *t, gpuref_model *m,
                      const gpuref_retire *rr)
{
    const gpuref_vec_trace *e = trace_entry(t, rr->seq, rr->wave);
    if (!e)
        return 0;
    int fails = 0;
    char prefix[64];
    if (gpuref_wave_count(m) > 1)
        snprintf(prefix, sizeof prefix, "wave %u step %llu: ", (unsigned)rr->wave,
                 (unsigned long long)rr->seq);
    else
        snprintf(prefix, sizeof prefix, "step %llu: ", (unsigned long long)rr->seq);
    if (e->has_pc && e->pc != rr->pc) {
        rep_add(r, t, e->loc, "%spc: expected 0x%llx, actual 0x%llx", prefix,
                (unsigned long long)e->pc, (unsigned long long)rr->pc);
        fails++;
    }
    return fails + check_regvals(r, t, m, e->regs, e->nregs, prefix, (int)e->wave);
}

int gpuref_vec_check_step(const gpuref_vec_test *t, gpuref_model *m, const gpuref_retire *rr,
                          char *report_buf, size_t len)
{
    report r;
    rep_init(&r, report_buf, len);
    if (!t || !m || !rr)
        return GPUREF_ERR_ARG;
    return check_step(&r, t, m, rr);
}

/* A trace entry of wave w is beyond the run when w retired fewer units than
 * its step (one wave: the run's steps). */
static int check_final(report *r, const gpuref_vec_test *t, gpuref_model *m, int run_status,
                       const char *run_msg, uint64_t steps)
{
    char buf[256];
    int fails = 0;
    const char *msg = run_msg && *run_msg ? run_msg : gpuref_status_name(run_status);
    if (t->error) {
        if (run_status == GPUREF_OK) {
            rep_add(r, t, t->error_loc,
                    "error: expected an error containing '%s', but the program ended after %llu "
                    "steps", gpuref_vx_show(t->error, buf, sizeof buf), (unsigned long long)steps);
            fails++;
        } else if (!strstr(msg, t->error)) {
            char b2[256];
            rep_add(r, t, t->error_loc, "error: expected an error containing '%s', actual '%s'",
                    gpuref_vx_show(t->error, buf, sizeof buf), gpuref_vx_show(msg, b2, sizeof b2));
            fails++;
        }
    } else if (run_status != GPUREF_OK) {
        rep_add(r, t, t->loc, "the run stopped after %llu steps: %s", (unsigned long long)steps,
                msg);
        fails++;
    }
    if (t->has_steps && t->steps != steps) {
        rep_add(r, t, t->steps_loc, "steps: expected %llu, actual %llu",
                (unsigned long long)t->steps, (unsigned long long)steps);
        fails++;
    }
    fails += check_regvals(r, t, m, t->exp_regs, t->nexp_regs, "", GPUREF_VEC_WAVE_ALL);
    fails += check_mem(r, t, m);
    for (size_t i = 0; i < t->ntrace; i++) {
        unsigned w = t->trace[i].wave;
        uint64_t ws = gpuref_wave_count(m) > 1 ? gpuref_wave_retired(m, w) : steps;
        if (t->trace[i].step < ws)
            continue;
        if (gpuref_wave_count(m) > 1)
            rep_add(r, t, t->trace[i].loc,
                    "trace wave %u step %llu: never retired (%llu steps of that wave)", w,
                    (unsigned long long)t->trace[i].step, (unsigned long long)ws);
        else
            rep_add(r, t, t->trace[i].loc, "trace step %llu: never retired (%llu steps in all)",
                    (unsigned long long)t->trace[i].step, (unsigned long long)steps);
        fails++;
    }
    return fails;
}

int gpuref_vec_check_final(const gpuref_vec_test *t, gpuref_model *m, int run_status,
                           const char *run_msg, uint64_t steps, char *report_buf, size_t len)
{
    report r;
    rep_init(&r, report_buf, len);
    if (!t || !m)
        return GPUREF_ERR_ARG;
    return check_final(&r, t, m, run_status, run_msg, steps);
}

int gpuref_vec_run_test(const gpuref_vec_file *f, const gpuref_vec_test *t,
                        const gpuref_vec_run_opts *opts, gpuref_vec_result *res)
{
    if (!res)
        return GPUREF_ERR_ARG;
    memset(res, 0, sizeof *res);
    if (!f || !t) {
        snprintf(res->report, sizeof res->report, "bad argument");
        return res->run_status = GPUREF_ERR_ARG;
    }
    gpuref_diag d = { 0, 0, 0, "" };
    gpuref_model *m = NULL;
    int rc = gpuref_vec_setup(f, t, &m, &d);
    if (rc) {
        snprintf(res->report, sizeof res->report, "%s", d.msg);
        return res->run_status = rc;
    }
    gpuref_retire *rr = malloc(sizeof *rr);
    if (!rr) {
        gpuref_model_destroy(m);
        snprintf(res->report, sizeof res->report, "out of memory");
        return res->run_status = GPUREF_ERR_NOMEM;
    }
    report r;
    rep_init(&r, res->report, sizeof res->report);
    uint64_t max = opts && opts->max_steps ? opts->max_steps : t->max_steps;
    uint64_t steps = 0;
    int st = GPUREF_OK;
    while (!gpuref_finished(m)) {
        if (steps >= max) {
            st = GPUREF_ERR_LIMIT;
            snprintf(res->run_msg, sizeof res->run_msg, "step limit reached (%llu steps)",
                     (unsigned long long)max);
            break;
        }
        st = gpuref_step_next(m, rr);          /* the waves in turn, as gpuref_run */
        if (st != GPUREF_OK) {
            snprintf(res->run_msg, sizeof res->run_msg, "%s", gpuref_model_error(m));
            break;
        }
        steps++;
        if (opts && opts->on_step)
            opts->on_step(opts->ctx, t, m, rr);
        res->nfail += check_step(&r, t, m, rr);
    }
    res->run_status = st;
    res->steps = steps;
    res->nfail += check_final(&r, t, m, st, res->run_msg, steps);
    free(rr);
    gpuref_model_destroy(m);
    return GPUREF_OK;
}
