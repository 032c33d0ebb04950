/* r700_cov.c - R700 functional coverage: bins from r700.def for every row the
 * model executes, and the sampler over the retire record, the group the
 * model predecoded and the state after the unit.
 *
 * Bins (coverage/README.md, "R700"):
 *   r700.op.<ROW>                        an ALU row retired
 *   r700.mod.<ROW>.slot_<x|y|z|w|t>      ... in that slot (the units its class
 *                                        allows)
 *   r700.op.cf.<NAME>                    a CF instruction retired
 *   r700.out.<ROW>.<class>               value class of a GPR result lane (float
 *                                        rows: float classes, integer rows:
 *                                        integer classes)
 *   r700.mod.<omod>.<clamp>.<class>      OMOD (none, m2, m4, d2) x CLAMP x the
 *                                        float class of the result
 *   r700.mod.pred.<none|zero|one>.<plain|up|uem|up_uem>
 *                                        PRED_SEL x UPDATE_PRED/EXECUTE_MASK
 *   r700.isa.bs.<swizzle>.src<k>.<kind>  bank swizzle x operand kind (gpr,
 *                                        const, inline, literal, pv, ps)
 *   r700.isa.rel.<src_gpr|dst_gpr|cfile|kcache>.<mode>.<in|out>
 *                                        relative operand, INDEX_MODE, index in
 *                                        or out of range (first executing lane)
 *   r700.isa.group.n<1-5>.lit<0|2|4>     group size x literal dwords
 *   r700.isa.cf.depth<0-3|4plus>         stack depth a CF instruction leaves
 *   r700.op.fetch.<NAME>                 a fetch instruction the model runs retired
 *   r700.fetch.fmt.<FMT>.<norm|int|scaled|float>
 *                                        DATA_FORMAT x number format of a fetch
 *                                        (the instruction's, or the resource's
 *                                        with USE_CONST_FIELDS and for LD)
 *   r700.fetch.endian.<none|8in16|8in32> ENDIAN_SWAP of a vertex fetch
 *   r700.export.<pix|pos|param>          EXPORT/EXPORT_DONE type
 *   r700.export.mem.<write|write_ind>.es<0|1|3>
 *                                        MEM_* type x ELEM_SIZE
 *   r700.export.burst.<exp|mem>.<b0|b1|b2_3|b4_15>
 *                                        BURST_COUNT of EXPORT* / MEM_*
 *   r700.export.mask.<exp|mem>.<none|part|full>
 *                                        the components written (SEL_X..W not
 *                                        masked; COMP_MASK over ELEM_SIZE+1)
 *   r700.export.rel.<exp|mem>            RW_REL (the GPR relative to aL)
 *   r700.fetch.opt.<ucf|cbns|fwq|src_rel|dst_rel|mega>
 *                                        fetch fields with an effect the model
 *                                        defines (D53), MEGA_FETCH (no effect)
 *
 * bin aux: the detail the generator aims with: bits 15..8 a kind (0 op,
 * 1 omod x clamp, 2 pred, 7 row x slot), bits 7..0 the unit of a slot bin. */
#include <stdlib.h>
#include <string.h>

#include "r700.h"

enum { K_GPR, K_CONST, K_INLINE, K_LIT, K_PV, K_PS, NK };
static const char *const kname[NK] = { "gpr", "const", "inline", "literal", "pv", "ps" };
static const char *const omname[4] = { "none", "m2", "m4", "d2" };
static const char *const psname[3] = { "none", "zero", "one" };
static const char *const upname[4] = { "plain", "uem", "up", "up_uem" };
static const char *const modename[5] = { "ar_x", "ar_y", "ar_z", "ar_w", "al" };
static const char *const relname[4] = { "src_gpr", "dst_gpr", "cfile", "kcache" };
#define NFV (GPUREF_VC_SNAN - GPUREF_VC_FPZERO + 1)

typedef struct r7c {
    int32_t op[R700_NALU];             /* op bin of a row, -1 none */
    int32_t slot[R700_NALU][5];        /* row x slot bins by unit, -1 none */
    int32_t out[R700_NALU][NFV];       /* out bins by row and class (less the first of its
                                          kind), -1 none */
    int8_t  outf[R700_NALU];           /* 1: float classes, 0 integer, -1 no result */
    int32_t cf[R700_NCF];
    int32_t mod[4][2][NFV];            /* omod x clamp x class, -1: impossible */
    int32_t pred;                      /* pred + ps*4 + up*2+uem */
    int32_t bs;                        /* bs + ((swz*3)+k)*NK + kind, swz 0..5 vec, 6..9 scl */
    int32_t rel;                       /* rel + (what*5+mode)*2 + out */
    int32_t grp;                       /* grp + (n-1)*3 + lit/2 */
    int32_t depth;                     /* depth + min(sp, 4) */
    int32_t fop[R700_NFETCH];          /* fetch rows, -1 none */
    int32_t fmt[64][4];                /* DATA_FORMAT x norm/int/scaled/float, -1 none */
    int32_t endian;                    /* endian + ES */
    int32_t exp;                       /* exp + TYPE (0-2) */
    int32_t memx;                      /* memx + use_index*3 + es index */
    int32_t burst;                     /* burst + mem*4 + class */
    int32_t xmask;                     /* xmask + mem*3 + none/part/full */
    int32_t xrel;                      /* xrel + mem */
    int32_t fopt;                      /* fopt + option */
} r7c;

/* the data formats the model unpacks (r700_fetch.c, D46) and whether they are floats */
static int fmt_kind(unsigned f)
{
    switch (f) {
    case 1: case 2: case 5: case 7: case 11: case 15: case 26: case 31: case 44: case 45:
        return 0;
    case 13: case 29: case 34: case 47:    /* 32-bit components: no NORM (D47) */
        return 2;
    case 6: case 14: case 16: case 30: case 32: case 35: case 46: case 48:
        return 1;
    default:
        return -1;
    }
}

static int unit_ok(const r700_alu_row *r, unsigned u)
{
    switch (r->unit) {
    case R700_U_ANY: return 1;
    case R700_U_TRANS: return u == 4;
    default: return u < 4;
    }
}

/* rows whose result is an operand's bits (no float arithmetic) */
static int passthrough(const r700_alu_row *r)
{
    return !strcmp(r->name, "MOV") || !strncmp(r->name, "CND", 3) || !strcmp(r->name, "CUBE");
}

/* The result classes a row can produce, as a mask of classes (bit c: class c
 * of the row's kind, float classes less GPUREF_VC_FPZERO); 0: any.  From the
 * guide's definitions (chapter 9): SETE/SETGT/SETGE/SETNE, PRED_SET* and
 * KILL* write 1.0 or 0.0, the _DX10 and integer SET* 0xFFFFFFFF or 0,
 * PRED_SET_CLR +MAX_FLOAT, UINT_TO_FLT a non-negative value. */
static unsigned row_classes(const r700_alu_row *r)
{
#define FB(c) (1u << ((c) - GPUREF_VC_FPZERO))
    const char *n = r->name;
    int wide = strstr(n, "_DX10") || strstr(n, "_INT") || strstr(n, "_UINT");
    if (!strncmp(n, "SET", 3))
        return wide ? (1u << GPUREF_VC_ZERO | 1u << GPUREF_VC_MINUS1)
                    : (FB(GPUREF_VC_FPZERO) | FB(GPUREF_VC_FPNORM));
    if (!strncmp(n, "KILL", 4))
        return FB(GPUREF_VC_FPZERO) | FB(GPUREF_VC_FPNORM);
    if (!strncmp(n, "PRED_SET", 8) && !strstr(n, "PUSH") && strncmp(n, "PRED_SET_", 9))
        return FB(GPUREF_VC_FPZERO) | FB(GPUREF_VC_FPNORM);
    if (!strcmp(n, "PRED_SET_CLR"))
        return FB(GPUREF_VC_FPNORM);
    if (!strcmp(n, "UINT_TO_FLT"))
        return FB(GPUREF_VC_FPZERO) | FB(GPUREF_VC_FPNORM);
    return 0;
#undef FB
}

static int has_out(const r700_alu_row *r)
{
    /* doubles: a slot writes half a value, no class of its own */
    return !(r->flags & R700_RF_MOVA) && strcmp(r->name, "NOP") != 0 && r->unit != R700_U_D2 &&
           r->unit != R700_U_D4;
}

#define DEF(var, cat, op, slot, val, aux, ...)                                           \
    do {                                                                                 \
        long b_ = gpuref_cov_def(def, cat, op, slot, val, aux, __VA_ARGS__);             \
        if (b_ < 0)                                                                      \
            return gpuref_errf(err, (int)b_, "r700 coverage: bad bin definition");       \
        var = (int32_t)b_;                                                               \
    } while (0)

static int r7c_init(gpuref_cov *def, void **priv, char *err)
{
    r7c *P = calloc(1, sizeof *P);
    if (!P)
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    *priv = P;
    int32_t b;
    for (unsigned op = 0; op < R700_NALU; op++) {
        const r700_alu_row *r = &r700_alu_rows[op];
        int ex = r->exec != r700_x_unimpl;
        P->op[op] = -1;
        if (ex)
            DEF(P->op[op], GPUREF_COV_OP, (int)op, -1, 0, 0, "r700.op.%s", r->name);
        for (unsigned u = 0; u < 5; u++) {
            P->slot[op][u] = -1;
            if (ex && unit_ok(r, u))
                DEF(P->slot[op][u], GPUREF_COV_MOD, (int)op, (int)u, u, 7u << 8 | u,
                    "r700.mod.%s.slot_%c", r->name, "xyzwt"[u]);
        }
        P->outf[op] = -1;
        for (unsigned c = 0; c < NFV; c++)
            P->out[op][c] = -1;
        if (!ex || !has_out(r))
            continue;
        int fl = !(r->flags & (R700_RF_INT));
        P->outf[op] = (int8_t)fl;
        unsigned lo = fl ? GPUREF_VC_FPZERO : 0, hi = fl ? GPUREF_VC_SNAN + 1 : GPUREF_VC_NINT;
        for (unsigned c = lo; c < hi; c++) {
            /* denormal results are flushed (the R700 float policy) except where
             * the row moves bits without arithmetic */
            if ((c == GPUREF_VC_FPDEN || c == GPUREF_VC_FNDEN) && !passthrough(r))
                continue;
            if (row_classes(r) && !(row_classes(r) >> (c - lo) & 1))
                continue;
            DEF(P->out[op][c - lo], GPUREF_COV_OUT, (int)op, 0, c, 0, "r700.out.%s.%s", r->name,
                gpuref_vc_name(c));
        }
    }
    for (unsigned c = 0; c < R700_NCF; c++) {
        P->cf[c] = -1;
        const r700_cf_row *r = &r700_cf_rows[c];
        if (r->exec == r700_cf_unimpl)
            continue;
        DEF(P->cf[c], GPUREF_COV_OP, (int)(R700_NALU + c), -1, 0, 0, "r700.op.cf.%s", r->name);
    }
    for (unsigned om = 0; om < 4; om++)       /* OMOD flushes denormals; CLAMP gives [0, 1] */
        for (unsigned cl = 0; cl < 2; cl++)
            for (unsigned c = 0; c < NFV; c++) {
                unsigned vc = GPUREF_VC_FPZERO + c;
                P->mod[om][cl][c] = -1;
                if ((om && (vc == GPUREF_VC_FPDEN || vc == GPUREF_VC_FNDEN)) ||
                    (cl && vc != GPUREF_VC_FPZERO && vc != GPUREF_VC_FPNORM))
                    continue;
                DEF(P->mod[om][cl][c], GPUREF_COV_MOD, -1, 0, om << 1 | cl, 1u << 8 | c,
                    "r700.mod.%s.%s.%s", omname[om], cl ? "clamp" : "noclamp", gpuref_vc_name(vc));
            }
    for (unsigned ps = 0; ps < 3; ps++)
        for (unsigned k = 0; k < 4; k++) {
            DEF(b, GPUREF_COV_MOD, -1, -1, ps << 2 | k, 2u << 8, "r700.mod.pred.%s.%s", psname[ps],
                upname[k]);
            if (!ps && !k)
                P->pred = b;
        }
    for (unsigned s = 0; s < 10; s++)
        for (unsigned k = 0; k < 3; k++)
            for (unsigned kd = 0; kd < NK; kd++) {
                const char *sn = s < 6 ? r700_bs_vec[s] : r700_bs_scl[s - 6];
                char low[16];
                size_t i = 0;
                for (; sn[i] && i < 15; i++)
                    low[i] = (char)(sn[i] >= 'A' && sn[i] <= 'Z' ? sn[i] - 'A' + 'a' : sn[i]);
                low[i] = 0;
                DEF(b, GPUREF_COV_ISA, -1, (int)k + 1, kd, 3u << 8 | s, "r700.isa.bs.%s.src%u.%s",
                    low, k, kname[kd]);
                if (!s && !k && !kd)
                    P->bs = b;
            }
    for (unsigned w = 0; w < 4; w++)          /* kcache: only the loop index (Table 4.2) */
        for (unsigned m = w == 3 ? 4 : 0; m < 5; m++)
            for (unsigned o = 0; o < 2; o++) {
                DEF(b, GPUREF_COV_ISA, -1, -1, m, 4u << 8 | (w << 1) | o, "r700.isa.rel.%s.%s.%s",
                    relname[w], modename[m], o ? "out" : "in");
                if (!w && !m && !o)
                    P->rel = b;
            }
    for (unsigned n = 1; n <= 5; n++)
        for (unsigned l = 0; l < 3; l++) {
            DEF(b, GPUREF_COV_ISA, -1, -1, n, 5u << 8 | l, "r700.isa.group.n%u.lit%u", n, 2 * l);
            if (n == 1 && !l)
                P->grp = b;
        }
    for (unsigned d = 0; d < 5; d++) {
        if (d < 4)
            DEF(b, GPUREF_COV_ISA, -1, -1, d, 6u << 8, "r700.isa.cf.depth%u", d);
        else
            DEF(b, GPUREF_COV_ISA, -1, -1, d, 6u << 8, "r700.isa.cf.depth4plus");
        if (!d)
            P->depth = b;
    }
    for (unsigned f = 0; f < R700_NFETCH; f++) {
        const r700_fetch_row *r = &r700_fetch_rows[f];
        P->fop[f] = -1;
        if (r->exec == r700_fx_unimpl)
            continue;
        DEF(P->fop[f], GPUREF_COV_OP, (int)(R700_NALU + R700_NCF + f), -1, 0, 0, "r700.op.fetch.%s",
            r->name);
    }
    static const char *const nfn[4] = { "norm", "int", "scaled", "float" };
    for (unsigned f = 0; f < 64; f++)
        for (unsigned n = 0; n < 4; n++) {
            P->fmt[f][n] = -1;
            int k = fmt_kind(f);
            if (k < 0 || (k == 1) != (n == 3) || (k == 2 && n == 0))
                continue;
            DEF(P->fmt[f][n], GPUREF_COV_MOD, -1, -1, f << 2 | n, 8u << 8, "r700.fetch.fmt.%s.%s",
                r700_dfmt_name[f], nfn[n]);
        }
    static const char *const esn[3] = { "none", "8in16", "8in32" };
    for (unsigned e = 0; e < 3; e++) {
        DEF(b, GPUREF_COV_MOD, -1, -1, e, 9u << 8, "r700.fetch.endian.%s", esn[e]);
        if (!e)
            P->endian = b;
    }
    static const char *const tyn[3] = { "pix", "pos", "param" };
    for (unsigned t = 0; t < 3; t++) {
        DEF(b, GPUREF_COV_ISA, -1, -1, t, 10u << 8, "r700.export.%s", tyn[t]);
        if (!t)
            P->exp = b;
    }
    static const unsigned esz[3] = { 0, 1, 3 };
    for (unsigned ix = 0; ix < 2; ix++)
        for (unsigned e = 0; e < 3; e++) {
            DEF(b, GPUREF_COV_ISA, -1, -1, ix << 2 | esz[e], 11u << 8, "r700.export.mem.%s.es%u",
                ix ? "write_ind" : "write", esz[e]);
            if (!ix && !e)
                P->memx = b;
        }
    static const char *const bn[4] = { "b0", "b1", "b2_3", "b4_15" };
    static const char *const mn[3] = { "none", "part", "full" };
    static const char *const xn[2] = { "exp", "mem" };
    for (unsigned m = 0; m < 2; m++) {
        for (unsigned k = 0; k < 4; k++) {
            DEF(b, GPUREF_COV_ISA, -1, -1, m << 2 | k, 12u << 8, "r700.export.burst.%s.%s", xn[m],
                bn[k]);
            if (!m && !k)
                P->burst = b;
        }
    }
    for (unsigned m = 0; m < 2; m++)
        for (unsigned k = 0; k < 3; k++) {
            DEF(b, GPUREF_COV_ISA, -1, -1, m * 3 + k, 13u << 8, "r700.export.mask.%s.%s", xn[m], mn[k]);
            if (!m && !k)
                P->xmask = b;
        }
    for (unsigned m = 0; m < 2; m++) {
        DEF(b, GPUREF_COV_ISA, -1, -1, m, 14u << 8, "r700.export.rel.%s", xn[m]);
        if (!m)
            P->xrel = b;
    }
    static const char *const on[6] = { "ucf", "cbns", "fwq", "src_rel", "dst_rel", "mega" };
    for (unsigned k = 0; k < 6; k++) {
        DEF(b, GPUREF_COV_MOD, -1, -1, k, 15u << 8, "r700.fetch.opt.%s", on[k]);
        if (!k)
            P->fopt = b;
    }
    return GPUREF_OK;
}

static void sample_fetch(const r7c *P, const r700_state *s, const gpuref_retire *rr, uint64_t *counts)
{
    r700_fetch tmp;
    const r700_fetch *f = NULL;
    char err[GPUREF_ERRLEN];
    size_t wi = (rr->pc - s->base) / 4;
    if (rr->pc >= s->base && wi < s->nwords && !(wi & 1) && s->fdst[wi / 2] == GPUREF_OK)
        f = &s->fd[wi / 2];
    else if (r700_decode_fetch(rr->words, rr->nwords, &tmp, err) == GPUREF_OK)
        f = &tmp;
    if (!f)
        return;
    if (P->fop[f->row] >= 0)
        counts[P->fop[f->row]]++;
    if (P->fop[f->row] >= 0) {
        int vtx = f->form == R700_FF_VTX;
        if (vtx && f->ucf)
            counts[P->fopt + 0]++;
        if (vtx && f->cbns)
            counts[P->fopt + 1]++;
        if (f->fwq)
            counts[P->fopt + 2]++;
        if (f->src_rel)
            counts[P->fopt + 3]++;
        if (f->dst_rel && f->row != R700_FX_SEMANTIC)
            counts[P->fopt + 4]++;
        if (vtx && f->mf)
            counts[P->fopt + 5]++;
    }
    if (f->row != R700_FX_FETCH && f->row != R700_FX_SEMANTIC && f->row != R700_FX_LD)
        return;
    unsigned dfmt = f->dfmt, nfa = f->nfa, es = f->endian;
    if (f->ucf || f->row == R700_FX_LD) {
        uint32_t v = s->res[f->rid][3];
        dfmt = v & 63;
        nfa = (v >> 6) & 3;
        es = (v >> 10) & 3;
    }
    int k = fmt_kind(dfmt);
    unsigned n = k == 1 ? 3 : nfa;
    if (k >= 0 && nfa < 3 && P->fmt[dfmt][n] >= 0)
        counts[P->fmt[dfmt][n]]++;
    if (f->form == R700_FF_VTX && es < 3)
        counts[P->endian + es]++;
}

static void r7c_fini(void *priv) { free(priv); }

static unsigned src_kind(unsigned sel)
{
    if (sel < 128)
        return K_GPR;
    if (sel < 192 || sel >= 256)
        return K_CONST;
    return sel == 253 ? K_LIT : sel == 254 ? K_PV : sel == 255 ? K_PS : K_INLINE;
}

static void sample_group(const r7c *P, const r700_state *s, const r700_group *g,
                         const gpuref_retire *rr, uint64_t *counts)
{
    counts[P->grp + (g->nslots - 1) * 3 + g->nlit / 2]++;
    unsigned l0 = rr->exec_mask ? (unsigned)__builtin_ctzll(rr->exec_mask) : 0;
    for (unsigned i = 0; i < g->nslots; i++) {
        const r700_slot *sl = &g->slot[i];
        const r700_alu_row *r = &r700_alu_rows[sl->row];
        if (P->op[sl->row] >= 0)
            counts[P->op[sl->row]]++;
        if (P->slot[sl->row][sl->unit] >= 0)
            counts[P->slot[sl->row][sl->unit]]++;
        unsigned swz = sl->unit < 4 ? (sl->bank_swizzle < 6 ? sl->bank_swizzle : 0)
                                    : 6u + (sl->bank_swizzle & 3);
        for (unsigned k = 0; k < r->nsrc && k < 3; k++) {
            const r700_src *o = &sl->src[k];
            counts[P->bs + (swz * 3 + k) * NK + src_kind(o->sel)]++;
            if (!o->rel)
                continue;
            unsigned m = sl->index_mode < 5 ? sl->index_mode : 0;
            long idx = m == 4 ? (long)r700_al_index(s) : 0;
            if (o->sel < 128) {
                if (m < 4)
                    idx = s->ar[0][l0];
                long t = (long)o->sel + idx;
                counts[P->rel + (0 * 5 + m) * 2 + (t < 0 || t >= (long)s->cfg.gprs)]++;
            } else if (o->sel >= 256) {
                if (m < 4)
                    idx = s->ar[m][l0];
                long t = (long)o->sel - 256 + idx;
                counts[P->rel + (2 * 5 + m) * 2 + (t < 0 || t >= R700_NCFILE)]++;
            } else if (o->sel < 192 && m == 4) {
                unsigned b = (o->sel - 128) >> 5, lim = s->ccf.kmode[b] == 1 ? 16 : 32;
                long t = (long)((o->sel - 128) & 31) + idx;
                counts[P->rel + 30 + (t < 0 || t >= (long)lim)]++;
            }
        }
        if (sl->dst_rel) {
            unsigned m = sl->index_mode < 5 ? sl->index_mode : 0;
            long t = (long)sl->dst_gpr + (m == 4 ? (long)r700_al_index(s) : s->ar[0][l0]);
            counts[P->rel + (1 * 5 + m) * 2 + (t < 0 || t >= (long)s->cfg.gprs)]++;
        }
        unsigned ps = sl->pred_sel == 2 ? 1 : sl->pred_sel == 3 ? 2 : 0;
        counts[P->pred + ps * 4 + (sl->up ? 2 : 0) + (sl->uem ? 1 : 0)]++;
    }
    /* results: the GPR writes of the record, by slot */
    for (unsigned i = 0; i < rr->nregw; i++) {
        const gpuref_regw *w = &rr->regw[i];
        if (w->file != R700_F_R || w->slot < 0 || w->slot > 4)
            continue;
        const r700_slot *sl = NULL;
        for (unsigned k = 0; k < g->nslots; k++)
            if (g->slot[k].unit == (unsigned)w->slot)
                sl = &g->slot[k];
        if (!sl || P->outf[sl->row] < 0)
            continue;
        int fl = P->outf[sl->row];
        unsigned om = r700_alu_rows[sl->row].enc == R700_ENC_OP2 ? sl->omod : 0;
        unsigned n = 0;
        for (uint64_t m = w->lanes; m && n < 64; m &= m - 1, n++) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            uint32_t v = (uint32_t)w->value[l];
            unsigned c = fl ? gpuref_vc_float(v, 32) - GPUREF_VC_FPZERO : gpuref_vc_int(v, 32);
            int32_t b = P->out[sl->row][c];
            if (b >= 0)
                counts[b]++;
            if (fl && (b = P->mod[om][sl->clamp][c]) >= 0)
                counts[b]++;
        }
    }
}

static void r7c_sample(void *priv, const void *st, const gpuref_retire *rr, uint64_t *counts)
{
    const r7c *P = priv;
    const r700_state *s = st;
    char err[GPUREF_ERRLEN];
    if (rr->kind == 1) {
        r700_group tmp;
        const r700_group *g = NULL;
        if (rr->pc >= s->base && (rr->pc - s->base) / 4 < s->nwords && !((rr->pc - s->base) & 7) &&
            s->grpst[(rr->pc - s->base) / 8] == GPUREF_OK)
            g = &s->grp[(rr->pc - s->base) / 8];
        else if (r700_decode_group(rr->words, rr->nwords, &s->cfg, &tmp, err) == GPUREF_OK)
            g = &tmp;
        if (g)
            sample_group(P, s, g, rr, counts);
        return;
    }
    if (rr->kind == 2) {
        sample_fetch(P, s, rr, counts);
        return;
    }
    r700_cf c;
    if (rr->nwords >= 2 && r700_decode_cf(rr->words, 2, &c, err) == GPUREF_OK && P->cf[c.row] >= 0) {
        counts[P->cf[c.row]]++;
        if (c.fmt == R700_FMT_EXP) {
            int mem = c.row != R700_CF_EXPORT && c.row != R700_CF_EXPORT_DONE;
            if (!mem && c.type < 3)
                counts[P->exp + c.type]++;
            else if (mem && c.type < 2 && c.elem_size != 2)
                counts[P->memx + c.type * 3 + (c.elem_size == 3 ? 2 : c.elem_size)]++;
            unsigned bc = c.burst == 0 ? 0 : c.burst == 1 ? 1 : c.burst < 4 ? 2 : 3;
            counts[P->burst + (unsigned)mem * 4 + bc]++;
            unsigned on = 0, all;
            if (mem) {
                all = (1u << (c.elem_size + 1u)) - 1u;
                on = c.comp_mask & all;
            } else {
                all = 15;
                for (unsigned k = 0; k < 4; k++)
                    on |= (c.sel[k] != 7) << k;
            }
            counts[P->xmask + (unsigned)mem * 3 + (on == 0 ? 0 : on == all ? 2 : 1)]++;
            if (c.rw_rel)
                counts[P->xrel + (unsigned)mem]++;
        }
    }
    counts[P->depth + (s->sp < 4 ? s->sp : 4)]++;
}

const gpuref_isa_cov gpuref_r700_cov = {
    .init = r7c_init,
    .fini = r7c_fini,
    .sample = r7c_sample,
};
