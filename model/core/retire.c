/* retire.c - building, comparing and describing retire records. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "model_priv.h"

void gpuref_retire_clear(gpuref_retire *rr)
{
    if (!rr)
        return;
    rr->seq = 0;
    rr->pc = 0;
    rr->next_pc = 0;
    memset(rr->words, 0, sizeof rr->words);
    rr->nwords = 0;
    rr->flags = 0;
    rr->exec_mask = 0;
    rr->nregw = 0;
    rr->nmemw = 0;
}

gpuref_regw *gpuref_retire_regw(gpuref_retire *rr, int file, unsigned index, uint64_t bits)
{
    if (!rr)
        return NULL;
    for (unsigned i = 0; i < rr->nregw; i++) {
        gpuref_regw *w = &rr->regw[i];
        if (w->file == file && w->index == index) {
            w->bits |= bits;
            return w;
        }
    }
    if (rr->nregw >= GPUREF_MAX_REGW)
        return NULL;
    gpuref_regw *w = &rr->regw[rr->nregw++];
    w->file = (int16_t)file;
    w->index = (uint16_t)index;
    w->flags = 0;
    w->ulp_bound = 0;
    w->bits = bits;
    w->lanes = 0;
    return w;
}

static const gpuref_regw *find_regw(const gpuref_retire *rr, int file, unsigned index)
{
    for (unsigned i = 0; i < rr->nregw; i++)
        if (rr->regw[i].file == file && rr->regw[i].index == index)
            return &rr->regw[i];
    return NULL;
}

static int add_diff(gpuref_diff *diffs, size_t max, int n, gpuref_diff_kind kind, int file,
                    unsigned index, int lane, uint64_t dut, uint64_t model)
{
    if ((size_t)n < max && diffs) {
        diffs[n].kind = kind;
        diffs[n].file = file;
        diffs[n].index = index;
        diffs[n].lane = lane;
        diffs[n].dut = dut;
        diffs[n].model = model;
        diffs[n].ulp = 0;
    }
    return n + 1;
}

/* Distance in f32 ULPs between two bit patterns on the ordered number line
 * (+0 and -0 are one point); UINT64_MAX when one is NaN and the other not. */
static uint64_t f32_ulp_distance(uint32_t a, uint32_t b)
{
    int an = (a & 0x7fffffffu) > 0x7f800000u, bn = (b & 0x7fffffffu) > 0x7f800000u;
    if (an || bn)
        return an && bn ? 0 : UINT64_MAX;
    int64_t x = (a & 0x80000000u) ? -(int64_t)(a & 0x7fffffffu) : (int64_t)a;
    int64_t y = (b & 0x80000000u) ? -(int64_t)(b & 0x7fffffffu) : (int64_t)b;
    return (uint64_t)(x > y ? x - y : y - x);
}

/* Lanes both wrote: compare values; lanes only one wrote: a lane difference. */
static int compare_regw(const gpuref_regw *d, const gpuref_regw *m, gpuref_diff *diffs,
                        size_t max, int n)
{
    if (d->lanes != m->lanes)
        n = add_diff(diffs, max, n, GPUREF_DIFF_REG_LANES, m->file, m->index, -1, d->lanes,
                     m->lanes);
    uint64_t both = d->lanes & m->lanes;
    while (both) {
        int lane = __builtin_ctzll(both);
        both &= both - 1;
        if (d->value[lane] == m->value[lane])
            continue;
        if (m->flags & GPUREF_REGW_F32_ULP) {
            uint64_t u = f32_ulp_distance((uint32_t)d->value[lane], (uint32_t)m->value[lane]);
            if (u <= m->ulp_bound)
                continue;
            int k = add_diff(diffs, max, n, GPUREF_DIFF_REG_ULP, m->file, m->index, lane,
                             d->value[lane], m->value[lane]);
            if ((size_t)n < max && diffs)
                diffs[n].ulp = u;
            n = k;
            continue;
        }
        n = add_diff(diffs, max, n, GPUREF_DIFF_REG_VALUE, m->file, m->index, lane,
                     d->value[lane], m->value[lane]);
    }
    return n;
}

int gpuref_retire_compare(const gpuref_retire *dut, const gpuref_retire *model,
                          gpuref_diff *diffs, size_t max)
{
    if (!dut || !model)
        return GPUREF_ERR_ARG;
    int n = 0;
    if (dut->pc != model->pc)
        n = add_diff(diffs, max, n, GPUREF_DIFF_PC, -1, 0, -1, dut->pc, model->pc);
    for (unsigned i = 0; i < model->nwords || i < dut->nwords; i++) {
        uint64_t dw = i < dut->nwords ? dut->words[i] : 0;
        uint64_t mw = i < model->nwords ? model->words[i] : 0;
        if (dw != mw || dut->nwords != model->nwords) {
            n = add_diff(diffs, max, n, GPUREF_DIFF_WORDS, -1, i, -1, dw, mw);
            break;
        }
    }
    if (dut->next_pc != model->next_pc)
        n = add_diff(diffs, max, n, GPUREF_DIFF_NEXT_PC, -1, 0, -1, dut->next_pc,
                     model->next_pc);
    if (dut->exec_mask != model->exec_mask)
        n = add_diff(diffs, max, n, GPUREF_DIFF_EXEC_MASK, -1, 0, -1, dut->exec_mask,
                     model->exec_mask);
    if (dut->flags != model->flags)
        n = add_diff(diffs, max, n, GPUREF_DIFF_FLAGS, -1, 0, -1, dut->flags, model->flags);
    for (unsigned i = 0; i < model->nregw; i++) {
        const gpuref_regw *m = &model->regw[i];
        const gpuref_regw *d = find_regw(dut, m->file, m->index);
        if (!d)
            n = add_diff(diffs, max, n, GPUREF_DIFF_REG_MISSING, m->file, m->index, -1, 0,
                         m->lanes);
        else if (!(m->flags & GPUREF_REGW_UNMODELLED))
            n = compare_regw(d, m, diffs, max, n);
    }
    for (unsigned i = 0; i < dut->nregw; i++) {
        const gpuref_regw *d = &dut->regw[i];
        if (!find_regw(model, d->file, d->index))
            n = add_diff(diffs, max, n, GPUREF_DIFF_REG_EXTRA, d->file, d->index, -1,
                         d->lanes, 0);
    }
    for (unsigned i = 0; i < model->nmemw || i < dut->nmemw; i++) {
        if (i >= dut->nmemw) {
            n = add_diff(diffs, max, n, GPUREF_DIFF_MEM_MISSING, model->memw[i].space, i, -1,
                         0, model->memw[i].addr);
            continue;
        }
        if (i >= model->nmemw) {
            n = add_diff(diffs, max, n, GPUREF_DIFF_MEM_EXTRA, dut->memw[i].space, i, -1,
                         dut->memw[i].addr, 0);
            continue;
        }
        const gpuref_memw *d = &dut->memw[i], *m = &model->memw[i];
        if (d->space != m->space || d->addr != m->addr || d->size != m->size ||
            d->lane != m->lane || memcmp(d->data, m->data, m->size) != 0) {
            uint64_t dv = 0, mv = 0;
            memcpy(&dv, d->data, d->size < 8 ? d->size : 8);
            memcpy(&mv, m->data, m->size < 8 ? m->size : 8);
            n = add_diff(diffs, max, n, GPUREF_DIFF_MEM_VALUE, m->space, i, m->lane, dv, mv);
        }
    }
    return n;
}

static const char *file_name(const gpuref_model *m, int file)
{
    if (m && file >= 0 && (unsigned)file < m->isa->nfiles)
        return m->isa->files[file].name;
    return "?";
}

/* "r5", or "scc" for a file of one register (as vector files name them). */
static const char *reg_name(const gpuref_model *m, int file, unsigned index, char *buf, size_t len)
{
    if (m && file >= 0 && (unsigned)file < m->isa->nfiles && m->isa->files[file].count == 1)
        snprintf(buf, len, "%s", m->isa->files[file].name);
    else
        snprintf(buf, len, "%s%u", file_name(m, file), index);
    return buf;
}

int gpuref_diff_format(const gpuref_model *m, const gpuref_diff *df, char *buf, size_t len)
{
    if (!df || !buf || len == 0)
        return GPUREF_ERR_ARG;
    char rn[64];
    const char *fn = reg_name(m, df->file, df->index, rn, sizeof rn);
    unsigned long long dv = df->dut, mv = df->model;
    switch (df->kind) {
    case GPUREF_DIFF_PC:
        snprintf(buf, len, "pc: DUT=0x%llx MODEL=0x%llx", dv, mv);
        break;
    case GPUREF_DIFF_WORDS:
        snprintf(buf, len, "word %u: DUT=0x%08llx MODEL=0x%08llx", df->index, dv, mv);
        break;
    case GPUREF_DIFF_NEXT_PC:
        snprintf(buf, len, "next pc: DUT=0x%llx MODEL=0x%llx", dv, mv);
        break;
    case GPUREF_DIFF_EXEC_MASK:
        snprintf(buf, len, "exec mask: DUT=0x%llx MODEL=0x%llx", dv, mv);
        break;
    case GPUREF_DIFF_FLAGS:
        snprintf(buf, len, "retire flags: DUT=0x%llx MODEL=0x%llx", dv, mv);
        break;
    case GPUREF_DIFF_REG_MISSING:
        snprintf(buf, len, "%s: not written by DUT, MODEL wrote lanes 0x%llx", fn, mv);
        break;
    case GPUREF_DIFF_REG_EXTRA:
        snprintf(buf, len, "%s: written by DUT (lanes 0x%llx), not by MODEL", fn, dv);
        break;
    case GPUREF_DIFF_REG_LANES:
        snprintf(buf, len, "%s lanes written: DUT=0x%llx MODEL=0x%llx", fn, dv, mv);
        break;
    case GPUREF_DIFF_REG_VALUE:
        snprintf(buf, len, "%s lane %d: DUT=0x%08llx MODEL=0x%08llx", fn, df->lane, dv, mv);
        break;
    case GPUREF_DIFF_REG_ULP:
        if (df->ulp == UINT64_MAX)
            snprintf(buf, len, "%s lane %d: DUT=0x%08llx MODEL=0x%08llx (NaN against a number)", fn,
                     df->lane, dv, mv);
        else
            snprintf(buf, len, "%s lane %d: DUT=0x%08llx MODEL=0x%08llx (%llu ULP apart)", fn,
                     df->lane, dv, mv, (unsigned long long)df->ulp);
        break;
    case GPUREF_DIFF_MEM_MISSING:
        snprintf(buf, len, "memory write %u: not done by DUT, MODEL wrote 0x%llx", df->index, mv);
        break;
    case GPUREF_DIFF_MEM_EXTRA:
        snprintf(buf, len, "memory write %u: done by DUT at 0x%llx, not by MODEL", df->index, dv);
        break;
    case GPUREF_DIFF_MEM_VALUE:
        snprintf(buf, len, "memory write %u lane %d: DUT=0x%llx MODEL=0x%llx", df->index,
                 df->lane, dv, mv);
        break;
    default:
        snprintf(buf, len, "unknown difference");
        break;
    }
    return GPUREF_OK;
}

int gpuref_retire_waive(gpuref_model *m, const gpuref_retire *dut, const gpuref_retire *model)
{
    if (!m || !dut || !model)
        return GPUREF_ERR_ARG;
    int taken = 0;
    for (unsigned i = 0; i < model->nregw; i++) {
        const gpuref_regw *mw = &model->regw[i];
        if (!(mw->flags & (GPUREF_REGW_UNMODELLED | GPUREF_REGW_F32_ULP)))
            continue;
        const gpuref_regw *dw = find_regw(dut, mw->file, mw->index);
        if (!dw)
            continue;
        uint64_t lanes = dw->lanes & mw->lanes;
        while (lanes) {
            unsigned lane = (unsigned)__builtin_ctzll(lanes);
            lanes &= lanes - 1;
            /* an approximate result accepted within its ULP bound: the model
             * goes on from the DUT's value, or the two would drift apart */
            if ((mw->flags & GPUREF_REGW_F32_ULP) && dw->value[lane] == mw->value[lane])
                continue;
            if (m->isa->reg_set(m->st, mw->file, mw->index, lane, dw->value[lane], m->err) ==
                GPUREF_OK)
                taken++;
        }
    }
    return taken;
}
