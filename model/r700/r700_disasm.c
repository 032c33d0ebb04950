/* r700_disasm.c - CF instructions and ALU groups as text (syntax close to
 * LLVM's R600 printer; README "Syntax").  Every field is printed, so that
 * r700_isa_assemble(r700_disasm(w)) == w. */
#include <stdio.h>
#include <string.h>
#include <stdarg.h>

#include "r700.h"

typedef struct sbuf { char *p; size_t len, n; } sbuf;
static void put(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(b->p + b->n, b->len > b->n ? b->len - b->n : 0, fmt, ap);
    va_end(ap);
    if (k > 0)
        b->n += (size_t)k;
    if (b->n >= b->len)
        b->n = b->len ? b->len - 1 : 0;
}

static const char *const exp_type[2][4] = { { "PIX", "POS", "PARAM", "TYPE3" },
                                            { "WRITE", "WRITE_IND", "READ", "READ_IND" } };

int r700_disasm_cf(const r700_cf *c, char *buf, size_t len)
{
    sbuf b = { buf, len, 0 };
    buf[0] = 0;
    const r700_cf_row *r = &r700_cf_rows[c->row];
    put(&b, "%s", r->name);
    if (c->fmt == R700_FMT_ALU) {
        put(&b, " %u, @%u", c->count, c->addr);
        for (unsigned k = 0; k < 2; k++) {
            unsigned m = c->kmode[k], a = c->kaddr[k] * 16u;
            if (m == 0 && !c->kbank[k] && !c->kaddr[k])
                put(&b, ", KC%u[]", k);
            else if (m == 0)
                put(&b, ", KC%u[CB%u:%u,NOP]", k, c->kbank[k], c->kaddr[k]);
            else
                put(&b, ", KC%u[CB%u:%u-%u%s]", k, c->kbank[k], a, a + (m == 1 ? 15 : 31),
                    m == 3 ? ",AL" : "");
        }
        if (c->alt_const)
            put(&b, " ALT_CONST");
    } else if (c->fmt == R700_FMT_EXP) {
        int mem = c->row != R700_CF_EXPORT && c->row != R700_CF_EXPORT_DONE;
        put(&b, " %s %u T%u%s", exp_type[mem][c->type], c->array_base, c->rw_gpr,
            c->rw_rel ? "[AL]" : "");
        if (mem) {                 /* CF_ALLOC_EXPORT_WORD1_BUF: ARRAY_SIZE, COMP_MASK */
            put(&b, " SIZE:%u MASK:%u", c->array_size, c->comp_mask);
        } else {                   /* CF_ALLOC_EXPORT_WORD1_SWIZ: SEL_X..W */
            put(&b, ".");
            for (unsigned k = 0; k < 4; k++)
                put(&b, "%c", "XYZW01?_"[c->sel[k]]);
            if (c->sel[0] == 6 || c->sel[1] == 6 || c->sel[2] == 6 || c->sel[3] == 6)
                b.n -= 4, put(&b, "SEL%u", (unsigned)(c->w1 & 0xfff));
            if (c->comp_mask)
                put(&b, " MASK:%u", c->comp_mask);
        }
        if (c->w1 >> 16 & 1)
            put(&b, " B16");
        if (c->burst)
            put(&b, " BURST:%u", c->burst);
        if (c->index_gpr)
            put(&b, " INDEX:T%u", c->index_gpr);
        if (c->elem_size)
            put(&b, " ES:%u", c->elem_size);
    } else {
        if (c->addr || c->row == R700_CF_TEX || c->row == R700_CF_VTX || c->row == R700_CF_VTX_TC)
            put(&b, " @%u", c->addr);     /* a fetch CF without @ takes the lines that follow */
        if (c->pop_count)
            put(&b, " POP:%u", c->pop_count);
        if (c->cond)
            put(&b, " COND:%s", r700_cond_name[c->cond]);
        if (c->cf_const)
            put(&b, " CF_CONST:%u", c->cf_const);
        if (c->count)
            put(&b, " COUNT:%u", c->count);
        if (c->call_count)
            put(&b, " CALL_COUNT:%u", c->call_count);
        if (c->w1 >> 20 & 1)
            put(&b, " B20");
    }
    if (c->fmt != R700_FMT_ALU) {
        if (c->eop)
            put(&b, " EOP");
        if (c->vpm)
            put(&b, " VPM");
    }
    if (c->wqm)
        put(&b, " WQM");
    if (!c->barrier)
        put(&b, " NO_BARRIER");
    return GPUREF_OK;
}

static const char *const inline_name[9] = {
    "ALU_SRC_1_DBL_L", "ALU_SRC_1_DBL_M", "ALU_SRC_0_5_DBL_L", "ALU_SRC_0_5_DBL_M",
    "0.0", "1.0", "1", "-1", "0.5",
};

static void put_src(sbuf *b, const r700_slot *sl, const r700_src *o)
{
    char t[48], rel[16] = "";
    if (o->rel)
        snprintf(rel, sizeof rel, "[%s]", r700_index_mode_name[sl->index_mode]);
    char ch = r700_chan_name[o->chan];
    if (o->sel < 128)
        snprintf(t, sizeof t, "T%u%s.%c", o->sel, rel, ch);
    else if (o->sel < 192)
        snprintf(t, sizeof t, "KC%u[%u]%s.%c", (o->sel - 128) >> 5, (o->sel - 128) & 31, rel, ch);
    else if (o->sel >= 256)
        snprintf(t, sizeof t, "C%u%s.%c", o->sel - 256, rel, ch);
    else if (o->sel == 253)
        snprintf(t, sizeof t, "literal%s.%c", rel, "xyzw"[o->chan]);
    else {
        const char *n = o->sel == 254 ? "PV" : o->sel == 255 ? "PS" : o->sel >= 244 ? inline_name[o->sel - 244] : "?";
        if (o->sel == 254 || o->chan)
            snprintf(t, sizeof t, "%s%s.%c", n, rel, ch);
        else
            snprintf(t, sizeof t, "%s%s", n, rel);
    }
    const char *pre = o->neg ? ((t[0] >= '0' && t[0] <= '9') || t[0] == '-' ? "neg" : "-") : "";
    if (o->neg && strcmp(pre, "neg") == 0)
        put(b, o->abs ? "neg(|%s|)" : "neg(%s)", t);
    else
        put(b, o->abs ? "%s|%s|" : "%s%s", pre, t);
}

static int src_used(const r700_src *o)
{
    return o->sel || o->rel || o->chan || o->neg || o->abs;
}

int r700_disasm_group(const r700_group *g, char *buf, size_t len)
{
    sbuf b = { buf, len, 0 };
    buf[0] = 0;
    for (unsigned i = 0; i < g->nslots; i++) {
        const r700_slot *sl = &g->slot[i];
        const r700_alu_row *r = &r700_alu_rows[sl->row];
        if (i)
            put(&b, "\n");
        if (sl->pred_sel)
            put(&b, "%s ", sl->pred_sel == 2 ? "PRED_SEL_ZERO" : "PRED_SEL_ONE");
        char dst[40];
        if (sl->dst_rel)
            snprintf(dst, sizeof dst, "T%u[%s].%c", sl->dst_gpr, r700_index_mode_name[sl->index_mode],
                     r700_chan_name[sl->dst_chan]);
        else
            snprintf(dst, sizeof dst, "T%u.%c", sl->dst_gpr, r700_chan_name[sl->dst_chan]);
        put(&b, "%s%s %s", r->name, sl->last ? " *" : "", dst);
        unsigned nmax = r->enc == R700_ENC_OP3 ? 3 : 2, n = r->nsrc;
        for (unsigned k = n; k < nmax; k++)
            if (src_used(&sl->src[k]))
                n = k + 1;
        for (unsigned k = 0; k < n; k++) {
            put(&b, ", ");
            put_src(&b, sl, &sl->src[k]);
        }
        int anyrel = sl->dst_rel;
        for (unsigned k = 0; k < n; k++)
            anyrel |= sl->src[k].rel;
        if (sl->index_mode && !anyrel)
            put(&b, " IDX:%s", r700_index_mode_name[sl->index_mode]);
        if (r->enc == R700_ENC_OP2) {
            if (!sl->write)
                put(&b, " NOWRITE");
            if (sl->up)
                put(&b, " UP");
            if (sl->uem)
                put(&b, " UEM");
            if (sl->omod)
                put(&b, " %s", sl->omod == 1 ? "M2" : sl->omod == 2 ? "M4" : "D2");
        }
        if (sl->clamp)
            put(&b, " CLAMP");
        if (sl->bank_swizzle && sl->unit == 4 && sl->bank_swizzle < 4)
            put(&b, " %s", r700_bs_scl[sl->bank_swizzle]);
        else if (sl->bank_swizzle && sl->unit < 4 && sl->bank_swizzle < 6)
            put(&b, " %s", r700_bs_vec[sl->bank_swizzle]);
        else if (sl->bank_swizzle)
            put(&b, " BS%u", sl->bank_swizzle);
    }
    if (g->nlit) {
        put(&b, "\nLITERALS");
        for (unsigned k = 0; k < g->nlit; k++)
            put(&b, "%s 0x%08x", k ? "," : "", g->lit[k]);
    }
    return GPUREF_OK;
}

/* a fetch instruction (README "Syntax"): every field printed */
int r700_disasm_fetch(const r700_fetch *f, char *buf, size_t len)
{
    sbuf b = { buf, len, 0 };
    buf[0] = 0;
    const r700_fetch_row *r = &r700_fetch_rows[f->row];
    put(&b, "%s", r->name);
    static const char *const rel[3] = { "", "[AL]", "[G]" };
    if (f->form == R700_FF_MRD) {
        put(&b, " T%u%s.", f->dst_gpr, f->dst_rel ? "[AL]" : "");
        for (unsigned k = 0; k < 4; k++)
            put(&b, "%c", "XYZW01?_"[f->dsel[k]]);
        put(&b, ", T%u%s.%c, BASE:%u SIZE:%u ES:%u FMT:%s NUM:%s", f->src_gpr,
            f->src_rel ? "[AL]" : "", r700_chan_name[f->ssel[0]], f->array_base, f->array_size,
            f->elem_size, r700_dfmt_name[f->dfmt], r700_nfa_name[f->nfa]);
        if (f->endian)
            put(&b, " ENDIAN:%s", r700_endian_name[f->endian]);
        if (f->burst)
            put(&b, " BURST:%u", f->burst);
        put(&b, "%s%s%s%s%s", f->indexed ? " INDEXED" : "", f->uncached ? " UNCACHED" : "",
            f->fca ? " SIGNED" : "", f->sma ? " NO_ZERO" : "", f->fwq ? " FWQ" : "");
        return GPUREF_OK;
    }
    if (f->form == R700_FF_DSW) {
        put(&b, " T%u%s.", f->src_gpr, rel[f->src_rel]);
        for (unsigned k = 0; k < 4; k++)
            put(&b, "%c", "XYZW01?_"[f->ssel[k]]);
        put(&b, ", INDEX:%u STRIDE:%u", f->dst_index, f->dst_stride);
        if (f->burst)
            put(&b, " BURST:%u", f->burst);
        if (f->wave_rel)
            put(&b, " WAVE_REL");
        return GPUREF_OK;
    }
    if (f->form == R700_FF_DSR) {
        put(&b, " T%u%s.", f->dst_gpr, rel[f->dst_rel]);
        for (unsigned k = 0; k < 4; k++)
            put(&b, "%c", (f->dwr >> k & 1) ? "XYZW"[k] : '_');
        put(&b, ", T%u%s.%c%c, OFS:%u", f->src_gpr, rel[f->src_rel], "XYZW01"[f->ssel[0]],
            "XYZW01"[f->ssel[1]], f->rd_offset);
        if (f->mux)
            put(&b, " MUX:%s", f->mux == 1 ? "FFT_PERMUTE" : "WORD_SELECT");
        if (f->burst)
            put(&b, " BURST:%u", f->burst);
        put(&b, "%s%s", f->bcast ? " BROADCAST" : "", f->wfall ? " WATERFALL" : "");
        return GPUREF_OK;
    }
    if (f->row == R700_FX_SEMANTIC)
        put(&b, " SEM%u.", f->sem);
    else
        put(&b, " T%u%s.", f->dst_gpr, f->dst_rel ? "[AL]" : "");
    for (unsigned k = 0; k < 4; k++)
        put(&b, "%c", "XYZW01?_"[f->dsel[k]]);
    put(&b, ", T%u%s.", f->src_gpr, f->src_rel ? "[AL]" : "");
    if (f->form == R700_FF_VTX) {
        put(&b, "%c, RID:%u OFS:%u FMT:%s NUM:%s", r700_chan_name[f->ssel[0]], f->rid, f->offset,
            r700_dfmt_name[f->dfmt], r700_nfa_name[f->nfa]);
        if (f->endian)
            put(&b, " ES:%s", r700_endian_name[f->endian]);
        if (f->fetch_type)
            put(&b, " FT:%u", f->fetch_type);
        if (f->mfc)
            put(&b, " MFC:%u", f->mfc);
    } else {
        for (unsigned k = 0; k < 4; k++)
            put(&b, "%c", "XYZW01"[f->ssel[k]]);
        put(&b, ", RID:%u SID:%u", f->rid, f->sampler);
        if (f->ct) {
            put(&b, " CT:");
            for (unsigned k = 0; k < 4; k++)
                put(&b, "%c", (f->ct >> k & 1) ? 'N' : 'U');
        }
        for (unsigned k = 0; k < 3; k++)
            if (f->ofs[k])
                put(&b, " O%c:%d", "XYZ"[k], f->ofs[k]);
        if (f->lod_bias)
            put(&b, " LB:%u", f->lod_bias);
    }
    for (unsigned i = 0; i < R700_NFETCH_FLAGS; i++) {
        const r700_fetch_flag *x = &r700_fetch_flags[i];
        if ((x->form == R700_FF_ANY || x->form == f->form) && ((const uint8_t *)f)[x->off])
            put(&b, " %s", x->name);
    }
    return GPUREF_OK;
}

/* stream 0: CF instructions; stream 1: ALU groups; stream 2: fetch instructions */
int r700_isa_decode_unit(unsigned stream, const uint32_t *w, size_t avail, gpuref_unit_info *info,
                         char *err)
{
    if (stream > 2)
        return gpuref_errf(err, GPUREF_ERR_ARG, "r700: no stream %u (0 cf, 1 alu clause, 2 fetch "
                           "clause)", stream);
    info->stream = stream;
    if (stream == 2) {
        r700_fetch f;
        int st = r700_decode_fetch(w, avail, &f, err);
        if (st)
            return st;
        info->nwords = 4;
        info->kind = 2;
        info->form = f.form == R700_FF_VTX ? "VTX" : "TEX";
        info->nslots = 1;
        info->slot[0].opcode = R700_NALU + R700_NCF + f.row;
        info->slot[0].mnemonic = r700_fetch_rows[f.row].name;
        info->slot[0].slot = GPUREF_SLOT_NONE;
        return GPUREF_OK;
    }
    if (stream == 0) {
        r700_cf c;
        int st = r700_decode_cf(w, avail, &c, err);
        if (st)
            return st;
        static const char *const fm[3] = { "CF", "CF_ALU", "CF_ALLOC_EXPORT" };
        info->nwords = 2;
        info->kind = 0;
        info->form = fm[c.fmt];
        info->nslots = 1;
        info->slot[0].opcode = R700_NALU + c.row;
        info->slot[0].mnemonic = r700_cf_rows[c.row].name;
        info->slot[0].slot = GPUREF_SLOT_NONE;
        return GPUREF_OK;
    }
    r700_group g;
    int st = r700_decode_group(w, avail, NULL, &g, err);
    if (!st)
        st = r700_group_check(&g, err);
    if (st)
        return st;
    info->nwords = g.nwords;
    info->kind = 1;
    info->form = g.nlit ? "group+literals" : "group";
    info->nslots = g.nslots;
    for (unsigned i = 0; i < g.nslots; i++) {
        info->slot[i].opcode = g.slot[i].row;
        info->slot[i].mnemonic = r700_alu_rows[g.slot[i].row].name;
        info->slot[i].slot = g.slot[i].unit;
    }
    return GPUREF_OK;
}

int r700_isa_disasm_unit(unsigned stream, const uint32_t *w, size_t avail, uint64_t pc,
                         char *buf, size_t len, unsigned *nwords, char *err)
{
    (void)pc;
    if (stream > 2)
        return gpuref_errf(err, GPUREF_ERR_ARG, "r700: no stream %u (0 cf, 1 alu clause, 2 fetch "
                           "clause)", stream);
    if (stream == 2) {
        r700_fetch f;
        int st = r700_decode_fetch(w, avail, &f, err);
        if (st)
            return st;
        *nwords = 4;
        return r700_disasm_fetch(&f, buf, len);
    }
    if (stream == 0) {
        r700_cf c;
        int st = r700_decode_cf(w, avail, &c, err);
        if (st)
            return st;
        *nwords = 2;
        return r700_disasm_cf(&c, buf, len);
    }
    r700_group g;
    int st = r700_decode_group(w, avail, NULL, &g, err);
    if (!st)
        st = r700_group_check(&g, err);
    if (st)
        return st;
    *nwords = g.nwords;
    return r700_disasm_group(&g, buf, len);
}
