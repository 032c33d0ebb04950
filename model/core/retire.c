/* retire.c - building, comparing and describing retire records. */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "model_priv.h"

int gpuref_regw_own(const gpuref_regw *w)
{
    return w && !(w->flags & (GPUREF_REGW_DEFERRED | GPUREF_REGW_PENDING));
}

void gpuref_retire_flags_text(uint32_t flags, const char *sep, char *buf, size_t len)
{
    static const char *const names[] = { "EXIT", "END", "BRANCH", "SKIP", "TRAP" };
    size_t o = 0;
    if (!buf || !len)
        return;
    buf[0] = '\0';
    for (unsigned i = 0; i < 5; i++)
        if ((flags >> i & 1) && o < len)
            o += (size_t)snprintf(buf + o, len - o, "%s%s", o ? sep : "", names[i]);
    if ((flags >> 5) && o < len)
        snprintf(buf + o, len - o, "%s0x%x", o ? sep : "", flags >> 5 << 5);
    if (!flags)
        snprintf(buf, len, "none");
}

void gpuref_retire_clear(gpuref_retire *rr)
{
    if (!rr)
        return;
    memset(rr, 0, offsetof(gpuref_retire, words));
}

gpuref_regw *gpuref_retire_regw_slot(gpuref_retire *rr, int file, unsigned index, uint64_t bits,
                                     int slot)
{
    if (!rr)
        return NULL;
    /* one entry per register and slot: two slots of a group may write
     * different lanes of one register (R700 relative destinations) */
    for (unsigned i = 0; i < rr->nregw; i++) {
        gpuref_regw *w = &rr->regw[i];
        if (w->file == file && w->index == index && w->slot == slot && gpuref_regw_own(w)) {
            w->bits |= bits;
            return w;
        }
    }
    return gpuref_retire_regw_new(rr, file, index, bits, slot);
}

gpuref_regw *gpuref_retire_regw(gpuref_retire *rr, int file, unsigned index, uint64_t bits)
{
    return gpuref_retire_regw_slot(rr, file, index, bits, GPUREF_SLOT_NONE);
}

gpuref_memw *gpuref_retire_memw(gpuref_retire *rr, int space, uint64_t addr, unsigned size,
                                unsigned lane, const void *data, unsigned mask, int slot)
{
    if (!rr || size == 0 || size > 16 || rr->nmemw >= GPUREF_MAX_MEMW)
        return NULL;
    gpuref_memw *w = &rr->memw[rr->nmemw++];
    memset(w, 0, sizeof *w);
    w->space = (int16_t)space;
    w->size = (uint8_t)size;
    w->lane = (uint8_t)lane;
    w->slot = (int16_t)slot;
    w->mask = (uint16_t)(mask ? mask : (size == 16 ? 0xffffu : (1u << size) - 1u));
    w->addr = addr;
    if (data)
        memcpy(w->data, data, size);
    return w;
}


/* the entry of a register written by `slot`, else its first entry (a
 * write by another slot is then reported as a slot difference) */
static const gpuref_regw *find_regw(const gpuref_retire *rr, int file, unsigned index, int slot)
{
    const gpuref_regw *any = NULL;
    for (unsigned i = 0; i < rr->nregw; i++) {
        const gpuref_regw *w = &rr->regw[i];
        if (w->file != file || w->index != index || !gpuref_regw_own(w))
            continue;
        if (w->slot == slot)
            return w;
        if (!any)
            any = w;
    }
    return any;
}

/* w's partner in `other` (w is a write of `own`): other's write of the
 * register by w's slot; else other's first write of it, when that one in
 * turn finds w (a slot difference); else none (missing or extra) */
static const gpuref_regw *partner_regw(const gpuref_retire *own, const gpuref_regw *w,
                                       const gpuref_retire *other)
{
    const gpuref_regw *o = find_regw(other, w->file, w->index, w->slot);
    if (o && o->slot != w->slot && find_regw(own, w->file, w->index, o->slot) != w)
        return NULL;
    return o;
}

static int add_diff(gpuref_diff *diffs, size_t max, int n, gpuref_diff_kind kind, int file,
                    unsigned index, int lane, uint64_t dut, uint64_t model)
{
    if ((size_t)n < max && diffs) {
        diffs[n].kind = kind;
        diffs[n].file = file;
        diffs[n].index = index;
        diffs[n].lane = lane;
        diffs[n].slot = GPUREF_SLOT_NONE;
        diffs[n].addr = 0;
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
    int n0 = n;
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
    if (n == n0 && d->slot != m->slot && d->slot != GPUREF_SLOT_NONE &&
        m->slot != GPUREF_SLOT_NONE)
        n = add_diff(diffs, max, n, GPUREF_DIFF_REG_SLOT, m->file, m->index, -1,
                     (uint64_t)(int64_t)d->slot, (uint64_t)(int64_t)m->slot);
    for (int k = n0; k < n && diffs && (size_t)k < max; k++)
        diffs[k].slot = m->slot;
    return n;
}

int gpuref_regw_compare(const gpuref_regw *dut, const gpuref_regw *model, gpuref_diff *diffs,
                        size_t max)
{
    if (!dut || !model)
        return GPUREF_ERR_ARG;
    if (model->flags & GPUREF_REGW_UNMODELLED)
        return 0;
    return compare_regw(dut, model, diffs, max, 0);
}

static unsigned memw_mask(const gpuref_memw *w)
{
    unsigned all = w->size >= 16 ? 0xffffu : (1u << w->size) - 1u;
    return w->mask ? (w->mask & all) : all;
}

/* Same write: space, address, size, lane, byte mask and the written bytes. */
static int memw_equal(const gpuref_memw *a, const gpuref_memw *b)
{
    if (a->space != b->space || a->addr != b->addr || a->size != b->size || a->lane != b->lane)
        return 0;
    unsigned ma = memw_mask(a);
    if (ma != memw_mask(b))
        return 0;
    for (unsigned i = 0; i < a->size; i++)
        if ((ma >> i & 1) && a->data[i] != b->data[i])
            return 0;
    return 1;
}

static uint64_t memw_value(const gpuref_memw *w)
{
    uint64_t v = 0;
    unsigned m = memw_mask(w);
    for (unsigned i = 0; i < w->size && i < 8; i++)
        if (m >> i & 1)
            v |= (uint64_t)w->data[i] << (8 * i);
    return v;
}

/* The two units' memory writes as multisets: each model write is matched
 * with an equal DUT write; the unmatched ones are paired by address (a value
 * difference) or reported missing/extra. */
static int compare_memw(const gpuref_retire *dut, const gpuref_retire *model, gpuref_diff *diffs,
                        size_t max, int n)
{
    uint8_t dused[GPUREF_MAX_MEMW] = { 0 }, mdone[GPUREF_MAX_MEMW] = { 0 };
    for (unsigned i = 0; i < model->nmemw; i++)
        for (unsigned j = 0; j < dut->nmemw; j++)
            if (!dused[j] && memw_equal(&dut->memw[j], &model->memw[i])) {
                dused[j] = mdone[i] = 1;
                break;
            }
    for (unsigned i = 0; i < model->nmemw; i++) {
        if (mdone[i])
            continue;
        const gpuref_memw *m = &model->memw[i];
        unsigned j = 0;
        for (; j < dut->nmemw; j++)
            if (!dused[j] && dut->memw[j].space == m->space && dut->memw[j].addr == m->addr &&
                dut->memw[j].lane == m->lane)
                break;
        int k = n;
        if (j < dut->nmemw) {
            dused[j] = 1;
            n = add_diff(diffs, max, n, GPUREF_DIFF_MEM_VALUE, m->space, i, m->lane,
                         memw_value(&dut->memw[j]), memw_value(m));
        } else {
            n = add_diff(diffs, max, n, GPUREF_DIFF_MEM_MISSING, m->space, i, m->lane, 0,
                         memw_value(m));
        }
        if (diffs && (size_t)k < max) {
            diffs[k].addr = m->addr;
            diffs[k].slot = m->slot;
        }
    }
    for (unsigned j = 0; j < dut->nmemw; j++) {
        if (dused[j])
            continue;
        const gpuref_memw *d = &dut->memw[j];
        int k = n;
        n = add_diff(diffs, max, n, GPUREF_DIFF_MEM_EXTRA, d->space, j, d->lane, memw_value(d),
                     0);
        if (diffs && (size_t)k < max) {
            diffs[k].addr = d->addr;
            diffs[k].slot = d->slot;
        }
    }
    return n;
}

int gpuref_retire_compare(const gpuref_retire *dut, const gpuref_retire *model,
                          gpuref_diff *diffs, size_t max)
{
    if (!dut || !model)
        return GPUREF_ERR_ARG;
    int n = 0;
    if (dut->wave != model->wave)
        n = add_diff(diffs, max, n, GPUREF_DIFF_WAVE, -1, 0, -1, dut->wave, model->wave);
    if (dut->pc != model->pc)
        n = add_diff(diffs, max, n, GPUREF_DIFF_PC, -1, 0, -1, dut->pc, model->pc);
    if (dut->kind != model->kind || dut->stream != model->stream)
        n = add_diff(diffs, max, n, GPUREF_DIFF_KIND, -1, 0, -1,
                     (uint64_t)dut->stream << 16 | dut->kind,
                     (uint64_t)model->stream << 16 | model->kind);
    if (dut->nwords != model->nwords)
        n = add_diff(diffs, max, n, GPUREF_DIFF_NWORDS, -1, 0, -1, dut->nwords, model->nwords);
    /* a unit longer than GPUREF_MAX_WORDS carries its first GPUREF_MAX_WORDS words */
    for (unsigned i = 0; i < model->nwords && i < dut->nwords && i < GPUREF_MAX_WORDS; i++) {
        if (dut->words[i] != model->words[i]) {
            n = add_diff(diffs, max, n, GPUREF_DIFF_WORDS, -1, i, -1, dut->words[i],
                         model->words[i]);
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
        if (!gpuref_regw_own(m))
            continue;
        const gpuref_regw *d = partner_regw(model, m, dut);
        if (!d) {
            int k = n;
            n = add_diff(diffs, max, n, GPUREF_DIFF_REG_MISSING, m->file, m->index, -1, 0,
                         m->lanes);
            if (diffs && (size_t)k < max)
                diffs[k].slot = m->slot;
        } else if (!(m->flags & GPUREF_REGW_UNMODELLED)) {
            n = compare_regw(d, m, diffs, max, n);
        }
    }
    for (unsigned i = 0; i < dut->nregw; i++) {
        const gpuref_regw *d = &dut->regw[i];
        if (gpuref_regw_own(d) && !partner_regw(dut, d, model)) {
            int k = n;
            n = add_diff(diffs, max, n, GPUREF_DIFF_REG_EXTRA, d->file, d->index, -1,
                         d->lanes, 0);
            if (diffs && (size_t)k < max)
                diffs[k].slot = d->slot;
        }
    }
    return compare_memw(dut, model, diffs, max, n);
}

/* "r5", "R3.x (slot y)": the ISA's register name and the slot that wrote it. */
static const char *reg_text(const gpuref_model *m, const gpuref_diff *df, char *buf, size_t len)
{
    char rn[64];
    gpuref_reg_name(m, df->file, df->index, rn, sizeof rn);
    if (df->slot != GPUREF_SLOT_NONE && m)
        snprintf(buf, len, "%s (slot %s)", rn, gpuref_slot_name(m->isa, df->slot));
    else
        snprintf(buf, len, "%s", rn);
    return buf;
}

static const char *mem_text(const gpuref_model *m, const gpuref_diff *df, char *buf, size_t len)
{
    const char *sp = m ? gpuref_mem_name(m, df->file) : NULL;
    int o = snprintf(buf, len, "%s[0x%llx]", sp ? sp : "?", (unsigned long long)df->addr);
    if (df->lane >= 0 && o > 0 && (size_t)o < len)
        o += snprintf(buf + o, len - (size_t)o, " lane %d", df->lane);
    if (df->slot != GPUREF_SLOT_NONE && m && o > 0 && (size_t)o < len)
        snprintf(buf + o, len - (size_t)o, " (slot %s)", gpuref_slot_name(m->isa, df->slot));
    return buf;
}

int gpuref_diff_format(const gpuref_model *m, const gpuref_diff *df, char *buf, size_t len)
{
    if (!df || !buf || len == 0)
        return GPUREF_ERR_ARG;
    char fn[96], mt[128];
    reg_text(m, df, fn, sizeof fn);
    unsigned long long dv = df->dut, mv = df->model;
    const gpuref_isa *isa = m ? gpuref_model_isa(m) : NULL;
    switch (df->kind) {
    case GPUREF_DIFF_PC:
        snprintf(buf, len, "pc: DUT=0x%llx MODEL=0x%llx", dv, mv);
        break;
    case GPUREF_DIFF_WORDS:
        snprintf(buf, len, "word %u: DUT=0x%08llx MODEL=0x%08llx", df->index, dv, mv);
        break;
    case GPUREF_DIFF_NWORDS:
        snprintf(buf, len, "unit length: DUT retired %llu words, MODEL %llu", dv, mv);
        break;
    case GPUREF_DIFF_KIND:
        snprintf(buf, len, "unit kind: DUT=%s/%s MODEL=%s/%s",
                 gpuref_stream_name(isa, (unsigned)(dv >> 16)),
                 gpuref_unit_kind_name(isa, (unsigned)(dv & 0xffff)),
                 gpuref_stream_name(isa, (unsigned)(mv >> 16)),
                 gpuref_unit_kind_name(isa, (unsigned)(mv & 0xffff)));
        break;
    case GPUREF_DIFF_WAVE:
        snprintf(buf, len, "wave: DUT=%llu MODEL=%llu", dv, mv);
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
    case GPUREF_DIFF_REG_SLOT: {
        char rn[64];
        gpuref_reg_name(m, df->file, df->index, rn, sizeof rn);
        snprintf(buf, len, "%s written by slot: DUT=%s MODEL=%s", rn,
                 gpuref_slot_name(isa, (int)(int64_t)dv), gpuref_slot_name(isa, (int)(int64_t)mv));
        break;
    }
    case GPUREF_DIFF_REG_ULP:
        if (df->ulp == UINT64_MAX)
            snprintf(buf, len, "%s lane %d: DUT=0x%08llx MODEL=0x%08llx (NaN against a number)", fn,
                     df->lane, dv, mv);
        else
            snprintf(buf, len, "%s lane %d: DUT=0x%08llx MODEL=0x%08llx (%llu ULP apart)", fn,
                     df->lane, dv, mv, (unsigned long long)df->ulp);
        break;
    case GPUREF_DIFF_MEM_MISSING:
        snprintf(buf, len, "memory write %s: not done by DUT, MODEL wrote 0x%llx",
                 mem_text(m, df, mt, sizeof mt), mv);
        break;
    case GPUREF_DIFF_MEM_EXTRA:
        snprintf(buf, len, "memory write %s: done by DUT (0x%llx), not by MODEL",
                 mem_text(m, df, mt, sizeof mt), dv);
        break;
    case GPUREF_DIFF_MEM_VALUE:
        snprintf(buf, len, "memory write %s: DUT=0x%llx MODEL=0x%llx",
                 mem_text(m, df, mt, sizeof mt), dv, mv);
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
        if (!(mw->flags & (GPUREF_REGW_UNMODELLED | GPUREF_REGW_F32_ULP)) || !gpuref_regw_own(mw))
            continue;
        const gpuref_regw *dw = partner_regw(model, mw, dut);   /* the write compare pairs */
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
            void *st = model->wave < m->nwaves ? m->wst[model->wave] : m->st;
            if (m->isa->reg_set(st, mw->file, mw->index, lane, dw->value[lane], m->err) ==
                GPUREF_OK)
                taken++;
        }
    }
    return taken;
}
