/* rdna4_step.c - the predecode of a loaded program (every DWORD, at load), one step
 * of a wave (fetch, the jump to the exec function that executes and retires the
 * instruction), and the source operands of the next instruction for mismatch reports. */
#include <stdlib.h>
#include <string.h>

#include "rdna4.h"

/* Resolve a scalar source operand code of a given type. */
void rdna4_resolve_src(const rdna4_state *s, rdna4_src *o, unsigned code, int type, uint32_t lit)
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

/* The exec function of a DWORD that does not start a legal instruction: executing
 * it fails with the decoder's message (decoded again here, so that the load builds
 * no messages), the state unchanged. */
static int x_undecodable(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr)
{
    (void)rr;
    size_t idx = (size_t)(p - s->pre);
    rdna4_insn in;
    int st = rdna4_decode(s->code + idx, s->ncode - idx, &in, s->err);
    return st ? st : gpuref_errf(s->err, GPUREF_ERR_DECODE, "undecodable instruction");
}

/* The VALU operands of a decoded VOP1/VOP2/VOPC/VOP3/VOP3SD instruction (rdna4_vpre):
 * destinations and sources in the row's operand order; a VCC operand before the
 * sources is the mask destination of the _e32 forms, after them the mask source. */
static void predecode_valu(const rdna4_state *s, const rdna4_insn *in, rdna4_vpre *v)
{
    const rdna4_row *r = &rdna4_rows[in->row];
    int mtype = s->wave64 ? RDNA4_T_B64 : RDNA4_T_B32;
    int nsrc = 0;
    /* VOP1/VOP2/VOPC name a 16-bit operand's half by bit 7 of its VGPR number */
    int half7 = in->fmt == RDNA4_FMT_VOP1 || in->fmt == RDNA4_FMT_VOP2 || in->fmt == RDNA4_FMT_VOPC;
    memset(v, 0, sizeof *v);
    v->sdst = RDNA4_NULL;
    for (int i = 0; i < 3; i++) {
        v->v[i] = -1;
        v->s[i].lo = v->s[i].hi = RDNA4_NULL;
        v->s[i].kind = RDNA4_S_CONST;
    }
    v->m.lo = v->m.hi = RDNA4_NULL;
    v->m.kind = RDNA4_S_CONST;
    v->opsel_hi = 7;
    for (int i = 0; i < RDNA4_MAXOPD; i++) {
        const rdna4_opd *o = &r->o[i];
        switch (o->kind) {
        case RDNA4_K_VDST:
            v->vdst = (uint8_t)in->f[RDNA4_FLD_VDST];
            if (half7 && rdna4_type_is16(o->type)) {   /* vN.h: bit 7 (E5) */
                v->opsel |= (uint8_t)(v->vdst >> 7 << 3);
                v->vdst &= 127u;
            }
            break;
        case RDNA4_K_SDSTV:
            v->sdst = (uint8_t)in->f[RDNA4_FLD_VDST];
            break;
        case RDNA4_K_SDST7:
            v->sdst = (uint8_t)in->f[RDNA4_FLD_SDST];
            break;
        case RDNA4_K_VCC:
            if (nsrc == 0) {
                v->sdst = RDNA4_VCC_LO;
            } else {
                rdna4_resolve_src(s, &v->m, RDNA4_VCC_LO, mtype, 0);
                v->has_mask = 1;
            }
            break;
        case RDNA4_K_VSRC:
        case RDNA4_K_VGPR: {
            unsigned code = in->f[o->fld];
            if (o->kind == RDNA4_K_VGPR)
                code += 256;
            if (in->dpp && o->fld == RDNA4_FLD_SRC0 && o->kind == RDNA4_K_VSRC)
                code = 256 + in->dpp_src0;   /* the DPP DWORD's VGPR (bit 7: .h, C13) */
            if (o->type == RDNA4_T_MASK) {
                rdna4_resolve_src(s, &v->m, code, mtype, in->lit);
                v->has_mask = 1;
            } else if (nsrc < 3) {
                if (code >= 256 && half7 && rdna4_type_is16(o->type)) {
                    v->v[nsrc] = (int16_t)((code - 256) & 127u);
                    v->opsel |= (uint8_t)((code - 256) >> 7 << nsrc);
                } else if (code >= 256)
                    v->v[nsrc] = (int16_t)(code - 256);
                else
                    rdna4_resolve_src(s, &v->s[nsrc], code, o->type, in->lit);
                nsrc++;
            }
            break;
        }
        case RDNA4_K_LIT:           /* V_FMAAK/FMAMK K: a source in its place */
            if (nsrc < 3)
                rdna4_resolve_src(s, &v->s[nsrc++], 255, o->type, in->lit);
            break;
        default:
            break;
        }
    }
    v->nsrc = (uint8_t)nsrc;
    if (in->fmt == RDNA4_FMT_VOP3 || in->fmt == RDNA4_FMT_VOP3SD) {
        if (r->fmt != RDNA4_FMT_VOP3SD)
            v->abs = (uint8_t)in->f[RDNA4_FLD_ABS];
        v->neg = (uint8_t)in->f[RDNA4_FLD_NEG];
        v->clamp = (uint8_t)in->f[RDNA4_FLD_CM];
        v->omod = (uint8_t)in->f[RDNA4_FLD_OMOD];
        if (r->fmt != RDNA4_FMT_VOP3SD)
            v->opsel = (uint8_t)in->f[RDNA4_FLD_OPSEL];
    }
    if (in->fmt == RDNA4_FMT_VOP3P) {   /* packed math (rdna4_exec_valu_pk.c) */
        v->neg = (uint8_t)in->f[RDNA4_FLD_NEG];
        v->neg_hi = (uint8_t)in->f[RDNA4_FLD_NEG_HI];
        v->clamp = (uint8_t)in->f[RDNA4_FLD_CM];
        v->opsel = (uint8_t)in->f[RDNA4_FLD_OPSEL];
        v->opsel_hi = (uint8_t)(in->f[RDNA4_FLD_OPSEL_HI] | in->f[RDNA4_FLD_OPSEL_HI2] << 2);
    }
    v->dpp = in->dpp;
    if (in->dpp) {
        v->dppw = in->w[in->nwords - 1];
        /* VOP1/VOP2/VOPC: the DPP16 DWORD's NEG/ABS (L3425-3428; VOP3 keeps its own) */
        if (half7 && in->dpp == 1) {
            v->abs = (uint8_t)(in->f[RDNA4_FLD_SRC0_ABS] | in->f[RDNA4_FLD_SRC1_ABS] << 1);
            v->neg = (uint8_t)(in->f[RDNA4_FLD_SRC0_NEG] | in->f[RDNA4_FLD_SRC1_NEG] << 1);
        }
    }
}

/* Predecode the DWORD at code index idx as the start of an instruction: the slot
 * gets its exec function, operands resolved, immediates and literal; a DWORD that
 * does not decode gets x_undecodable (the error is reported only if it executes). */
void rdna4_predecode(rdna4_state *s, size_t idx)
{
    rdna4_insn in;
    rdna4_pre *p = &s->pre[idx];
    memset(p, 0, sizeof *p);
    if (rdna4_decode(s->code + idx, s->ncode - idx, &in, NULL) != GPUREF_OK) {
        p->exec = x_undecodable;
        p->nwords = 1;
        return;
    }
    const rdna4_row *r = &rdna4_rows[in.row];
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
            rdna4_resolve_src(s, &p->s[0], in.f[RDNA4_FLD_SDST], RDNA4_T_B32, 0);
            ns = 1;
            break;
        case RDNA4_K_SSRC:
            if (ns < 2)
                rdna4_resolve_src(s, &p->s[ns++], in.f[o->fld], o->type, in.lit);
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
    if (in.fmt == RDNA4_FMT_VOPD)
        p->imm = in.rowy;                    /* the Y row (coverage; the X row is p->row) */
    if (in.fmt == RDNA4_FMT_SOPK && (in.row == RDNA4_ROW_SOPK_s_addk_co_i32 ||
                                  in.row == RDNA4_ROW_SOPK_s_mulk_i32)) {
        rdna4_resolve_src(s, &p->s[0], in.f[RDNA4_FLD_SDST], RDNA4_T_B32, 0);
    }
    if (in.fmt == RDNA4_FMT_SMEM) {
        p->aux[0] = in.f[RDNA4_FLD_SBASE] * 2u;
        p->aux[1] = in.f[RDNA4_FLD_SOFFSET];
        p->aux[2] = in.f[RDNA4_FLD_IOFFSET];
        p->aux[3] = in.f[RDNA4_FLD_SDATA];
    }
    if (in.fmt == RDNA4_FMT_VGLOBAL || in.fmt == RDNA4_FMT_VFLAT || in.fmt == RDNA4_FMT_VSCRATCH) {
        /* rdna4_vmf: the fields the vector-memory exec functions read */
        p->aux[0] = in.f[RDNA4_FLD_IOFFSET];
        p->aux[1] = in.f[RDNA4_FLD_SADDR] | in.f[RDNA4_FLD_VADDR] << 8 | in.f[RDNA4_FLD_VDST] << 16 |
                    in.f[RDNA4_FLD_VSRC] << 24;
        p->aux[2] = in.f[RDNA4_FLD_SVE] | in.f[RDNA4_FLD_TH] << 8;
    }
    if (r->fmt >= RDNA4_FMT_VOP2 && r->fmt <= RDNA4_FMT_VOP3P)
        predecode_valu(s, &in, &s->vpre[idx]);
    p->exec = rdna4_exec_fns[in.row];
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

/* The cold path of rdna4_step, out of line so that its hot path saves no registers:
 * a pc outside the program. */
static __attribute__((noinline, cold)) int step_outside(const rdna4_state *s, char *err)
{
    return gpuref_errf(err, GPUREF_ERR_FAULT,
                       "pc 0x%llx is outside the loaded program [0x%llx, 0x%llx)",
                       (unsigned long long)s->a.pc, (unsigned long long)s->base,
                       (unsigned long long)(s->base + 4 * (uint64_t)s->ncode));
}

/* Every slot of the program holds an exec function (predecoded at load), so the
 * step checks only that the pc is inside the program. */
int rdna4_step(void *vst, gpuref_retire *rr, char *err)
{
    rdna4_state *s = vst;
    uint64_t idx = (s->a.pc - s->base) >> 2;    /* pc < base wraps: beyond any program */
    if (__builtin_expect(idx >= s->ncode, 0))
        return step_outside(s, err);
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
    if (idx >= s->ncode || s->pre[idx].exec == x_undecodable)
        return 0;
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
