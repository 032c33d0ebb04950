/* rdna4_step.c - one step of a wave: predecode (on first execution), fetch,
 * the jump to the exec function that executes and retires the instruction;
 * and the source operands of the next instruction for mismatch reports. */
#include <stdlib.h>
#include <string.h>

#include "rdna4.h"

/* Resolve a scalar source operand code of a given type. */
static void resolve_src(const rdna4_state *s, rdna4_src *o, unsigned code, int type, uint32_t lit)
{
    uint64_t k = 0;
    o->code = (uint8_t)code;
    if (code < 128) {
        if (rdna4_type_is64(type))
            o->kind = code == RDNA4_NULL ? RDNA4_S_CONST : RDNA4_S_REG64;
        else
            o->kind = RDNA4_S_REG;
    } else if (rdna4_inline_value(code, type, &k)) {
        o->kind = RDNA4_S_CONST;
    } else if (code == RDNA4_SCC_SRC) {
        o->kind = RDNA4_S_SCC;
    } else if (code >= 235 && code <= 238) {
        /* aperture constants: 64-bit values (L2589); a 32-bit operand reads bits 31:0 */
        o->kind = RDNA4_S_CONST;
        k = rdna4_aperture(s, code);
        if (!rdna4_type_is64(type))
            k = (uint32_t)k;
    } else {
        o->kind = RDNA4_S_CONST;
        k = rdna4_literal_value(lit, type);
    }
    o->k[0] = (uint32_t)k;
    o->k[1] = (uint32_t)(k >> 32);
    /* the registers read (rdna4.h rdna4_src): a 64-bit pair is based at the even code
     * below its code, and its low half is the register named */
    o->lo = o->kind == RDNA4_S_REG || o->kind == RDNA4_S_REG64 ? o->code : RDNA4_NULL;
    o->hi = o->kind == RDNA4_S_REG64 ? (uint8_t)((o->code & 126) + 1) : RDNA4_NULL;
}

static int predecode(rdna4_state *s, size_t idx, char *err)
{
    rdna4_insn in;
    int st = rdna4_decode(s->code + idx, s->ncode - idx, &in, err);
    if (st)
        return st;
    rdna4_pre *p = &s->pre[idx];
    const rdna4_row *r = &rdna4_rows[in.row];
    memset(p, 0, sizeof *p);
    p->s[0].hi = p->s[1].hi = RDNA4_NULL;   /* a source left unresolved reads as register 0 */
    p->row = in.row;
    p->nwords = in.nwords;
    int ns = 0;
    for (int i = 0; i < RDNA4_MAXOPD; i++) {
        const rdna4_opd *o = &r->o[i];
        switch (o->kind) {
        case RDNA4_K_SDST:
            p->dst = (uint8_t)in.f[RDNA4_FLD_SDST];
            break;
        case RDNA4_K_SDSTSRC:
            resolve_src(s, &p->s[0], in.f[RDNA4_FLD_SDST], RDNA4_T_B32, 0);
            ns = 1;
            break;
        case RDNA4_K_SSRC:
            if (ns < 2)
                resolve_src(s, &p->s[ns++], in.f[o->fld], o->type, in.lit);
            break;
        case RDNA4_K_SM_SDATA:
            p->dst = (uint8_t)in.f[RDNA4_FLD_SDATA];
            break;
        default:
            break;
        }
    }
    if (in.fmt == RDNA4_FMT_SOPK || in.fmt == RDNA4_FMT_SOPP)
        p->imm = in.f[RDNA4_FLD_SIMM16];
    if (in.fmt == RDNA4_FMT_SOP1 && r->o[1].kind == RDNA4_K_MSGRTN)
        p->imm = in.f[RDNA4_FLD_SSRC0];
    if ((r->flags & RDNA4_LIT) && in.fmt == RDNA4_FMT_SOPK)
        p->aux[3] = in.lit;                  /* s_setreg_imm32_b32 (no sources) */
    else if (r->flags & RDNA4_LIT)
        p->imm = in.lit;                     /* s_fmaak_f32 / s_fmamk_f32: K */
    if (in.fmt == RDNA4_FMT_SOPK && (in.row == RDNA4_ROW_SOPK_s_addk_co_i32 ||
                                  in.row == RDNA4_ROW_SOPK_s_mulk_i32)) {
        resolve_src(s, &p->s[0], in.f[RDNA4_FLD_SDST], RDNA4_T_B32, 0);
    }
    if (in.fmt == RDNA4_FMT_SMEM) {
        p->aux[0] = in.f[RDNA4_FLD_SBASE] * 2u;
        p->aux[1] = in.f[RDNA4_FLD_SOFFSET];
        p->aux[2] = in.f[RDNA4_FLD_IOFFSET];
        p->aux[3] = in.f[RDNA4_FLD_SDATA];
    }
    rdna4_exec_fn fn = rdna4_exec_of(in.row);
    p->exec = fn ? fn : rdna4_exec_unimpl;
    return GPUREF_OK;
}

/* Fetch: the record's fetch fields from the predecoded slot p of code index idx,
 * then a jump to the exec function, which executes and retires (RDNA4_EXEC in
 * rdna4.h). */
static inline int fetch_exec(rdna4_state *s, const rdna4_pre *p, size_t idx, gpuref_retire *rr,
                             char *err)
{
    s->err = err;
    unsigned nw = p->nwords;
    const uint32_t *w = s->code + idx;
    rr->pc = s->a.pc;
    rr->nwords = (uint8_t)nw;
    rr->words[0] = w[0];
    rr->words[1] = w[1] & (0u - (uint32_t)(nw > 1));   /* code[] has a word of padding */
    for (unsigned i = 2; i < nw; i++)
        rr->words[i] = w[i];
    rr->exec_mask = 1;
    return p->exec(s, p, rr);
}

/* The cold paths of rdna4_step, out of line so that its hot path saves no registers:
 * a pc outside the program, and the first execution of an instruction (predecode;
 * a failure leaves the slot empty). */
static __attribute__((noinline)) int step_cold(rdna4_state *s, size_t idx, gpuref_retire *rr,
                                               char *err)
{
    if (idx >= s->ncode)
        return gpuref_errf(err, GPUREF_ERR_FAULT,
                           "pc 0x%llx is outside the loaded program [0x%llx, 0x%llx)",
                           (unsigned long long)s->a.pc, (unsigned long long)s->base,
                           (unsigned long long)(s->base + 4 * (uint64_t)s->ncode));
    int st = predecode(s, idx, err);
    if (st) {
        memset(&s->pre[idx], 0, sizeof s->pre[idx]);
        return st;
    }
    return fetch_exec(s, &s->pre[idx], idx, rr, err);
}

int rdna4_step(void *vst, gpuref_retire *rr, char *err)
{
    rdna4_state *s = vst;
    uint64_t idx = (s->a.pc - s->base) >> 2;    /* pc < base wraps: beyond any program */
    if (__builtin_expect(idx >= s->ncode || !s->pre[idx].exec, 0))
        return step_cold(s, idx, rr, err);
    return fetch_exec(s, &s->pre[idx], idx, rr, err);
}

static void rdna4_src_rec(const rdna4_state *s, gpuref_retire *out, unsigned code)
{
    unsigned idx = 0;
    if (code >= 128 || code == RDNA4_NULL)       /* constants, null: no register */
        return;
    int f = rdna4_sreg_file(code, &idx);
    gpuref_regw *w = gpuref_retire_regw(out, f, idx, 0xffffffffu);
    if (w) {
        w->lanes = 1;
        w->value[0] = s->a.sreg[code];
    }
}

/* The source registers of the instruction at pc, with their values (for
 * mismatch reports): SSRC0/SSRC1 of the scalar ALU formats, SCC where read,
 * SBASE (and the buffer descriptor) and SOFFSET of SMEM, the condition of a
 * conditional branch. */
int rdna4_sources(void *vst, gpuref_retire *out)
{
    rdna4_state *s = vst;
    uint64_t idx = (s->a.pc - s->base) >> 2;
    char err[GPUREF_ERRLEN];
    if (idx >= s->ncode)
        return 0;
    if (!s->pre[idx].exec && predecode(s, idx, err) != GPUREF_OK) {
        memset(&s->pre[idx], 0, sizeof s->pre[idx]);
        return 0;
    }
    const rdna4_pre *p = &s->pre[idx];
    unsigned fmt = rdna4_rows[p->row].fmt;
    const char *name = rdna4_rows[p->row].name;
    if (fmt == RDNA4_FMT_SMEM) {
        /* SBASE: an address pair, or the four SGPRs of a buffer descriptor */
        unsigned nb = strncmp(name, "s_buffer_", 9) == 0 ? 4 : 2;
        for (unsigned k = 0; k < nb; k++)
            rdna4_src_rec(s, out, (p->aux[0] & 0x7fu) + k);
        if (p->aux[1] < 124)
            rdna4_src_rec(s, out, p->aux[1]);
    } else if (fmt == RDNA4_FMT_SOPP && strncmp(name, "s_cbranch_", 10) == 0) {
        /* the condition a conditional branch reads */
        if (strstr(name, "scc")) {
            gpuref_regw *w = gpuref_retire_regw(out, RDNA4_FILE_SCC, 0, 1);
            if (w) {
                w->lanes = 1;
                w->value[0] = s->a.scc;
            }
        } else if (strstr(name, "vcc")) {
            rdna4_src_rec(s, out, RDNA4_VCC_LO);
            rdna4_src_rec(s, out, RDNA4_VCC_LO + 1);
        } else if (strstr(name, "exec")) {
            rdna4_src_rec(s, out, RDNA4_EXEC_LO);
            rdna4_src_rec(s, out, RDNA4_EXEC_HI);
        }
    } else if (fmt <= RDNA4_FMT_SOPC) {
        for (unsigned k = 0; k < 2; k++) {
            const rdna4_src *o = &p->s[k];
            if (o->kind == RDNA4_S_REG || o->kind == RDNA4_S_REG64) {
                rdna4_src_rec(s, out, o->code);
                if (o->kind == RDNA4_S_REG64)
                    rdna4_src_rec(s, out, o->code + 1u);
            } else if (o->kind == RDNA4_S_SCC) {
                gpuref_regw *w = gpuref_retire_regw(out, RDNA4_FILE_SCC, 0, 1);
                if (w) {
                    w->lanes = 1;
                    w->value[0] = s->a.scc;
                }
            }
        }
    }
    return out->nregw;
}
