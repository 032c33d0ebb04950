/* usc_cov.c - USC functional coverage: bins from usc.def (every row and slot
 * it may occupy, the operand choices of its forms, its source modifiers and M
 * field values), the group structure (slot combinations, source banks, IS
 * selectors, predicates and Pe), and the coverage seeds of digest §10
 * (test x type, MOV byte masks, MOVC outcomes, float special classes, the
 * CNDxx mask-counter transitions, ASR modes, shift counts).  Rows the model
 * does not execute have their bins too: the report shows them as holes.
 *
 * Bins (coverage/README.md, "USC"):
 *   usc.op.<row>                               a row retired
 *   usc.mod.<row>.slot_<slot>                  ... in that slot (rows of several)
 *   usc.opnd.<row>.<slot>.op<j>.<choice>       operand j of the form took that
 *                                              choice (p0 or _, ft0..fte, a|b,
 *                                              pcnd0-3, adj0-2, drc0-1)
 *   usc.opnd.<main|bitwise>.<s0-s5|w0|w1>.<bank>[_idx]
 *                                              a source/destination declaration:
 *                                              its bank, indexed or not
 *   usc.isa.is<k>.<selector>                   a main group's IS0-IS5 choice
 *   usc.mod.<row>.src<j>.<flr_abs_neg...>      the source modifiers of a position
 *   usc.mod.<row>.sat                          .sat
 *   usc.mod.<row>.<M value>                    test type, byte mask, ASR mode,
 *                                              pack format, conversion type,
 *                                              .allinst/.anyinst, CNDSETL part
 *   usc.flag.<row>.<true|false|carry0|carry1>  a test's result in an executing
 *                                              instance (P0 written), TZ/TNZ,
 *                                              MOVC per instance, COUT
 *   usc.mask.<always|p0|notp0>.<pe|ignorepe>.<none|one|partial|all>
 *                                              group predicate x Pe gating x the
 *                                              instances that executed
 *   usc.isa.slots.<main|whole|bitwise>.<slots> the slot combination of a group
 *   usc.out.<row>.<class>                      a value the row produced, written
 *                                              back through W0/W1 (rows whose
 *                                              result can reach a W only)
 *   usc.in.<row>.src<j>.<class>                a float row's source j (0-2) value
 *   usc.isa.one.<row>.src<j>.<plus|minus>      ... was +1.0 / -1.0
 *   usc.isa.cnd.<row>.s0_<zero|one|two|many>[.pcnd<k>].pe<0|1>
 *                                              mask counter in, PCND, Pe before
 *   usc.isa.shift.<row>.<count>                a shift count of {0,1,31,32,33,63}
 *   usc.isa.branch.<row>.<taken|not_taken>
 *
 * Source values are those before the group: the sampler reads the sources of
 * the next group after each unit (and at gpuref_cov_begin). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "usc.h"

const uint32_t usc_shift_counts[USC_NSHIFT] = { 0, 1, 31, 32, 33, 63 };

static const char *const asr_names[4] = { "twb", "pwb", "mtb", "ftb" };
static const char *const cvt_names[3] = { "f32", "s32", "u32" };
static const char *const inst_names[3] = { "default", "allinst", "anyinst" };
static const char *const pred_names[3] = { "always", "p0", "notp0" };
static const char *const cnt_names[4] = { "zero", "one", "two", "many" };

int usc_row_runs(unsigned op)
{
    const usc_row *r = &usc_rows[op];
    return r->exec != usc_x_unimpl && (r->form[0] || r->form[1] || r->form[2]);
}

int usc_whole_row(unsigned op)
{
    const char *f = usc_rows[op].form[0];
    return f && usc_rows[op].slots == USC_S_P0 && strstr(f, "w0") != NULL;
}

int usc_row_result(unsigned op)
{
    const usc_row *r = &usc_rows[op];
    if (!usc_row_runs(op))
        return 0;
    if (r->exec == usc_x_fmad || r->exec == usc_x_fadd || r->exec == usc_x_fmul ||
        r->exec == usc_x_mbyp || r->exec == usc_x_cplx || r->exec == usc_x_gfn || r->exec == usc_x_fds ||
        r->exec == usc_x_unpck)
        return 1;
    if (r->exec == usc_x_int || r->exec == usc_x_int64 || r->exec == usc_x_logic ||
        r->exec == usc_x_cnd || r->exec == usc_x_mov || r->exec == usc_x_movc ||
        r->exec == usc_x_pck || r->exec == usc_x_cvt_to64)
        return 2;
    if (r->exec == usc_x_bits)
        return op == USC_OP_TZ || op == USC_OP_TNZ ? 0 : 2;
    return op == USC_OP_SAVL ? 2 : 0;
}

static int is_test(unsigned op) { return usc_rows[op].exec == usc_x_tst; }
static int is_shift(unsigned op)
{
    return op == USC_OP_LSL || op == USC_OP_SHR || op == USC_OP_ASR || op == USC_OP_ROL;
}
static int is_branch(unsigned op)
{
    return op == USC_OP_BA || op == USC_OP_BAL || op == USC_OP_BR || op == USC_OP_BRL ||
           op == USC_OP_LAPC;
}
static int has_pcnd(unsigned op)
{
    return op == USC_OP_CNDST || op == USC_OP_CNDEF || op == USC_OP_CNDSM || op == USC_OP_CNDLT;
}

/* the row's name in bin names: its mnemonic, with the slot when another row
 * has the same mnemonic (the two BYP rows) and the bin does not name the
 * slot (slotted: it does) */
static void row_name(unsigned op, int slotted, char *buf, size_t len)
{
    const usc_row *r = &usc_rows[op];
    int dup = 0;
    for (unsigned o = 0; o < USC_NOPS; o++)
        dup |= o != op && !strcmp(usc_rows[o].name, r->name);
    if (dup && !slotted && r->slots && !(r->slots & (r->slots - 1)))
        snprintf(buf, len, "%s.%s", r->name, usc_slot_names[__builtin_ctz(r->slots)]);
    else
        snprintf(buf, len, "%s", r->name);
}

/* a row whose result can reach W0/W1 and so the retire record: in a main
 * slot a destination FT0-FT2 (the default routing) or W0/W1; in a bitwise
 * slot FT5 (W0) or FT3 (W1).  The other bitwise units (FT0, FT1, FT2, FT4)
 * only feed later units: their values are never architectural. */
static int observable(unsigned op)
{
    const usc_row *r = &usc_rows[op];
    for (unsigned s = 0; s < USC_NSLOTS; s++) {
        int f = usc_form_of(op, s);
        if (f < 0 || !r->form[f] || !r->ntok[f])
            continue;
        unsigned k = r->tok[f][0].kind;
        int bw = (USC_S_BITWISE >> s) & 1;
        if (bw ? k == USC_K_FT3 || k == USC_K_FT5
               : (k >= USC_K_FT0 && k <= USC_K_FT2) || k == USC_K_W0 || k == USC_K_W1)
            return 1;
    }
    return 0;
}

/* the number of value sources of a row (tokens after the destination) */
static unsigned nsrc(unsigned op)
{
    const usc_row *r = &usc_rows[op];
    unsigned n = 0;
    for (unsigned f = 0; f < 3; f++)
        if (r->form[f] && r->ntok[f] > 1 && r->ntok[f] - 1u > n)
            n = r->ntok[f] - 1u;
    return n > 3 ? 3 : n;
}

/* the name of choice c of a form token */
static void choice_name(const usc_tok *t, unsigned c, char *buf, size_t len)
{
    unsigned k;
    if (t->kind == USC_K_PCND) { snprintf(buf, len, "pcnd%u", c); return; }
    if (t->kind == USC_K_ADJ) { snprintf(buf, len, "adj%u", c); return; }
    if (t->kind == USC_K_DRC) { snprintf(buf, len, "drc%u", c); return; }
    if (t->opt)
        k = c ? t->kind : USC_K_NONE;
    else if (t->kind == USC_K_FT0 && t->alt == USC_K_FTE && t->obits == 2)
        k = c == 3 ? USC_K_FTE : USC_K_FT0 + c;
    else
        k = c ? t->alt : t->kind;
    const char *n = k < USC_NK ? usc_kname[k] : k == USC_K_IMM ? "imm" : k == USC_K_TGT ? "tgt"
                    : "none";
    snprintf(buf, len, "%s%s", n, t->inv && k != USC_K_NONE ? "_invert" : "");
}

/* the choices a token has (0: none) */
static unsigned nchoices(const usc_tok *t)
{
    if (!t->obits)
        return 0;
    if (t->kind == USC_K_ADJ)
        return 3;
    return 1u << t->obits;
}

typedef struct ucov {
    int32_t opb[USC_NOPS];            /* the row's op bin */
    int32_t op[USC_NOPS][USC_NSLOTS]; /* row x slot (rows of several slots) */
    int32_t form[USC_NOPS][3][8][4];
    int32_t bank[2][8][USC_NBANKS][2];
    int32_t is[6][6];
    int32_t mods[USC_NOPS][3][8];
    int32_t sat[USC_NOPS];
    int32_t mf[USC_NOPS][32];
    int32_t flag[USC_NOPS][2];
    int32_t mask[3][2][4];
    int32_t combo[3][64];             /* main, whole, bitwise (by slot bits) */
    int32_t out[USC_NOPS][GPUREF_VC_N];
    int32_t in[USC_NOPS][3][GPUREF_VC_N];
    int32_t one[USC_NOPS][3][2];      /* a float row's source was +1.0 / -1.0 */
    int32_t cnd[USC_NOPS][4][4][2];
    int32_t shift[USC_NOPS][USC_NSHIFT];
    int32_t br[USC_NOPS][2];
    /* value-class groups whose every bin is hit or excluded are no longer
     * classified (gpuref_isa_cov.resync; never in exact mode) */
    const uint64_t *cnt;
    const uint8_t  *excl;
    int      exact;
    uint8_t  done_out[USC_NOPS], done_in[USC_NOPS][3], done_cnd[USC_NOPS], done_sh[USC_NOPS];
    uint8_t  rk[USC_NOPS];           /* usc_row_result of each row */
    /* the sources of the next group, read before it runs */
    int      snap_ok;
    uint32_t snap_pc;
    uint32_t sv[6][USC_MAXI];
    uint8_t  sok[6];
    uint8_t  spe[USC_MAXI];
} ucov;

#define DEF(var, cat, op, slot, val, aux, ...)                                           \
    do {                                                                                 \
        long b_ = gpuref_cov_def(def, cat, op, slot, val, aux, __VA_ARGS__);             \
        if (b_ < 0)                                                                      \
            return gpuref_errf(err, (int)b_, "usc coverage: bad bin definition");        \
        var = (int32_t)b_;                                                               \
    } while (0)

#define AUX(k) ((unsigned)(k) << 8)

/* the slot combination name: slots joined by '_' */
static void combo_name(unsigned bits, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = 0;
    for (unsigned s = 0; s < USC_NSLOTS; s++)
        if (bits >> s & 1)
            n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s%s", n ? "_" : "",
                                  usc_slot_names[s]);
    if (!bits)
        snprintf(buf, len, "empty");
}

static int ucov_init(gpuref_cov *def, void **priv, char *err)
{
    usc_desc_init();
    ucov *P = malloc(sizeof *P);
    if (!P)
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    memset(P, 0xff, sizeof *P);      /* every bin index -1 */
    P->snap_ok = 0;
    P->cnt = NULL;
    P->excl = NULL;
    P->exact = 1;                    /* until resync says otherwise */
    memset(P->done_out, 0, sizeof P->done_out);
    memset(P->done_in, 0, sizeof P->done_in);
    memset(P->done_cnd, 0, sizeof P->done_cnd);
    memset(P->done_sh, 0, sizeof P->done_sh);
    for (unsigned op = 0; op < USC_NOPS; op++)
        P->rk[op] = (uint8_t)usc_row_result(op);
    *priv = P;
    char rn[40], rs[40], cn[40];
    for (unsigned op = 0; op < USC_NOPS; op++) {
        const usc_row *r = &usc_rows[op];
        row_name(op, 0, rn, sizeof rn);
        row_name(op, 1, rs, sizeof rs);       /* in bins that name the slot */
        DEF(P->opb[op], GPUREF_COV_OP, (int)op, -1, 0, AUX(USC_CK_OP), "usc.op.%s", rn);
        unsigned nsl = 0;
        for (unsigned s = 0; s < USC_NSLOTS; s++)
            nsl += usc_form_of(op, s) >= 0;
        for (unsigned s = 0; s < USC_NSLOTS; s++) {
            int f = usc_form_of(op, s);
            if (f < 0)
                continue;
            if (nsl > 1)
                DEF(P->op[op][s], GPUREF_COV_MOD, (int)op, (int)s, s, AUX(USC_CK_OP),
                    "usc.mod.%s.slot_%s", rn, usc_slot_names[s]);
            if (!r->form[f])
                continue;
            for (unsigned j = 0; j < r->ntok[f]; j++) {
                const usc_tok *t = &r->tok[f][j];
                for (unsigned c = t->kind == USC_K_ADJ && t->minv ? 1 : 0; c < nchoices(t); c++) {
                    choice_name(t, c, cn, sizeof cn);
                    DEF(P->form[op][f][j][c], GPUREF_COV_OPND, (int)op, (int)s, j << 4 | c,
                        AUX(USC_CK_FORM), "usc.opnd.%s.%s.op%u.%s", rs, usc_slot_names[s], j, cn);
                }
            }
        }
        int any = r->form[0] || r->form[1] || r->form[2];
        if (!any)
            continue;
        for (unsigned j = 0; j < 3; j++) {
            unsigned allow = (r->mods & usc_mod_abs[j] ? 1u : 0) | (r->mods & usc_mod_neg[j] ? 2u : 0) |
                             (usc_mod_flr[j] && (r->mods & usc_mod_flr[j]) ? 4u : 0);
            for (unsigned c = 1; c < 8; c++) {
                if ((c & allow) != c)
                    continue;
                char mn[24];
                snprintf(mn, sizeof mn, "%s%s%s%s%s", c & 4 ? "flr" : "", (c & 4) && (c & 3) ? "_" : "",
                         c & 1 ? "abs" : "", (c & 1) && (c & 2) ? "_" : "", c & 2 ? "neg" : "");
                DEF(P->mods[op][j][c], GPUREF_COV_MOD, (int)op, (int)j, c, AUX(USC_CK_MODS),
                    "usc.mod.%s.src%u.%s", rn, j, mn);
            }
        }
        if (USC_ROW_SAT(r))
            DEF(P->sat[op], GPUREF_COV_MOD, (int)op, 3, 0, AUX(USC_CK_MODS), "usc.mod.%s.sat", rn);
        for (unsigned m = 0; m < 32; m++) {
            char mn[24];
            switch (r->mkind) {
            case USC_M_TYPE:  if (m >= USC_NTYPES) continue; snprintf(mn, sizeof mn, "%s", usc_type_names[m]); break;
            case USC_M_BYTES: if (!m || m > 15) continue;
                snprintf(mn, sizeof mn, "bytes%u%u%u%u", m >> 3 & 1, m >> 2 & 1, m >> 1 & 1, m & 1); break;
            case USC_M_ASR:   if (m > 3) continue; snprintf(mn, sizeof mn, "%s", asr_names[m]); break;
            case USC_M_PCK:   if (m > 25) continue; snprintf(mn, sizeof mn, "%s", usc_pck_names[m]); break;
            case USC_M_CVT:   if (m > 2) continue; snprintf(mn, sizeof mn, "%s", cvt_names[m]); break;
            case USC_M_INST:  if (m > 2) continue; snprintf(mn, sizeof mn, "%s", inst_names[m]); break;
            case USC_M_PART:  if (m > 1) continue; snprintf(mn, sizeof mn, "part_%c", "ab"[m]); break;
            default: continue;
            }
            DEF(P->mf[op][m], GPUREF_COV_MOD, (int)op, -1, m, AUX(USC_CK_MFIELD), "usc.mod.%s.%s", rn, mn);
        }
        if (is_test(op) || op == USC_OP_TZ || op == USC_OP_TNZ || op == USC_OP_MOVC)
            for (unsigned v = 0; v < 2; v++)
                DEF(P->flag[op][v], GPUREF_COV_FLAG, (int)op, -1, v, AUX(USC_CK_FLAG), "usc.flag.%s.%s",
                    rn, v ? "true" : "false");
        if (r->exec == usc_x_int64)
            for (unsigned v = 0; v < 2; v++)
                DEF(P->flag[op][v], GPUREF_COV_FLAG, (int)op, -1, v, AUX(USC_CK_FLAG),
                    "usc.flag.%s.carry%u", rn, v);
    }
    /* source and destination declarations */
    for (unsigned bw = 0; bw < 2; bw++)
        for (unsigned p = 0; p < 8; p++)
            for (unsigned b = 0; b < USC_NBANKS; b++)
                for (unsigned ix = 0; ix < 2; ix++) {
                    if (ix && (b == USC_B_I || b == USC_B_IDX || b == USC_B_SC))
                        continue;
                    if (p >= 6 && b == USC_B_SC)
                        continue;             /* a special constant is read-only */
                    DEF(P->bank[bw][p][b][ix], GPUREF_COV_OPND, -1, (int)p, b << 1 | ix,
                        AUX(USC_CK_BANK) | bw, "usc.opnd.%s.%s%u.%s%s", bw ? "bitwise" : "main",
                        p < 6 ? "s" : "w", p < 6 ? p : p - 6, usc_bank_names[b], ix ? "_idx" : "");
                }
    static const char *const isn[6][6] = {
        { "s0", "s3", "s4", "s5", "s1", "s2" }, { "ft0", "fte" }, { "ft1", "fte" },
        { "ft0", "ft1", "s2", "fte" }, { "ft0", "ft1", "ft2", "fte" }, { "ft0", "ft1", "ft2", "fte" },
    };
    static const unsigned isc[6] = { 6, 2, 2, 4, 4, 4 };
    for (unsigned k = 0; k < 6; k++)
        for (unsigned v = 0; v < isc[k]; v++)
            DEF(P->is[k][v], GPUREF_COV_ISA, -1, (int)k, v, AUX(USC_CK_IS), "usc.isa.is%u.%s", k, isn[k][v]);
    for (unsigned p = 0; p < 3; p++)
        for (unsigned ig = 0; ig < 2; ig++)
            for (unsigned m = 0; m < GPUREF_MP_N; m++)
                DEF(P->mask[p][ig][m], GPUREF_COV_MASK, -1, (int)m, p << 1 | ig, AUX(USC_CK_MASK),
                    "usc.mask.%s.%s.%s", pred_names[p], ig ? "ignorepe" : "pe", gpuref_mp_name(m));
    /* slot combinations: main groups (phase 1 needs phase 0; no backend with
     * phase 1), a whole-ALU op with the test, move and backend, bitwise
     * groups (any non-empty set of units) */
    char cb[80];
    for (unsigned m = 0; m < 64; m++) {
        unsigned bits = m;    /* p0 p1 p2 tst mov be */
        if (((bits & USC_S_P1) && !(bits & USC_S_P0)) || ((bits & USC_S_P1) && (bits & USC_S_BE)))
            continue;
        combo_name(bits, cb, sizeof cb);
        DEF(P->combo[0][m], GPUREF_COV_ISA, -1, -1, bits, AUX(USC_CK_COMBO), "usc.isa.slots.main.%s", cb);
    }
    for (unsigned m = 0; m < 8; m++) {
        unsigned bits = USC_S_P0 | m << USC_SL_TST;
        combo_name(bits, cb, sizeof cb);
        DEF(P->combo[1][m], GPUREF_COV_ISA, -1, -1, bits, AUX(USC_CK_COMBO) | 1, "usc.isa.slots.whole.%s", cb);
    }
    for (unsigned m = 1; m < 64; m++) {
        unsigned bits = m << USC_SL_BMSK;
        combo_name(bits, cb, sizeof cb);
        DEF(P->combo[2][m], GPUREF_COV_ISA, -1, -1, bits, AUX(USC_CK_COMBO), "usc.isa.slots.bitwise.%s", cb);
    }
    /* values */
    for (unsigned op = 0; op < USC_NOPS; op++) {
        int rk = usc_row_result(op);
        if (!rk)
            continue;
        row_name(op, 0, rn, sizeof rn);
        unsigned lo = rk == 1 ? GPUREF_VC_FPZERO : 0, hi = rk == 1 ? GPUREF_VC_SNAN + 1 : GPUREF_VC_NINT;
        for (unsigned c = lo; c < hi && observable(op); c++)
            DEF(P->out[op][c], GPUREF_COV_OUT, (int)op, 0, c, AUX(USC_CK_OUT), "usc.out.%s.%s", rn,
                gpuref_vc_name(c));
        if (rk == 1)
            for (unsigned j = 1; j <= nsrc(op); j++) {
                for (unsigned c = lo; c < hi; c++)
                    DEF(P->in[op][j - 1][c], GPUREF_COV_IN, (int)op, (int)j, c, AUX(USC_CK_IN),
                        "usc.in.%s.src%u.%s", rn, j - 1, gpuref_vc_name(c));
                for (unsigned k = 0; k < 2; k++)     /* +-1.0: a special value of digest §10 */
                    DEF(P->one[op][j - 1][k], GPUREF_COV_ISA, (int)op, (int)j, USC_IN_ONE + k,
                        AUX(USC_CK_IN), "usc.isa.one.%s.src%u.%s", rn, j - 1, k ? "minus" : "plus");
            }
        if (usc_rows[op].exec == usc_x_cnd)
            for (unsigned n = 0; n < 4; n++)
                for (unsigned pc = 0; pc < (has_pcnd(op) ? 4u : 1u); pc++)
                    for (unsigned pe = 0; pe < 2; pe++) {
                        char pn[8] = "";
                        if (has_pcnd(op))
                            snprintf(pn, sizeof pn, ".pcnd%u", pc);
                        DEF(P->cnd[op][n][pc][pe], GPUREF_COV_ISA, (int)op, -1, n << 3 | pc << 1 | pe,
                            AUX(USC_CK_CND), "usc.isa.cnd.%s.s0_%s%s.pe%u", rn, cnt_names[n], pn, pe);
                    }
        if (is_shift(op))
            for (unsigned k = 0; k < USC_NSHIFT; k++)
                DEF(P->shift[op][k], GPUREF_COV_ISA, (int)op, -1, k, AUX(USC_CK_SHIFT),
                    "usc.isa.shift.%s.%u", rn, usc_shift_counts[k]);
    }
    for (unsigned op = 0; op < USC_NOPS; op++)
        if (is_branch(op) && usc_row_runs(op)) {
            row_name(op, 0, rn, sizeof rn);
            for (unsigned t = 0; t < 2; t++)
                DEF(P->br[op][t], GPUREF_COV_ISA, (int)op, -1, t, AUX(USC_CK_BRANCH),
                    "usc.isa.branch.%s.%s", rn, t ? "taken" : "not_taken");
        }
    return GPUREF_OK;
}

static void ucov_fini(void *priv) { free(priv); }

/* 1: every bin of the n at b (stride st, -1 entries skipped) is hit or excluded */
static int all_done(const ucov *P, const int32_t *b, unsigned n, unsigned st)
{
    if (P->exact || !P->cnt)
        return 0;
    for (unsigned i = 0; i < n; i++) {
        int32_t x = b[i * st];
        if (x >= 0 && !P->cnt[x] && !(P->excl && P->excl[x]))
            return 0;
    }
    return 1;
}

static void check_row(ucov *P, unsigned op)
{
    P->done_out[op] = (uint8_t)all_done(P, P->out[op], GPUREF_VC_N, 1);
    for (unsigned j = 0; j < 3; j++)
        P->done_in[op][j] = (uint8_t)(all_done(P, P->in[op][j], GPUREF_VC_N, 1) &&
                                      all_done(P, P->one[op][j], 2, 1));
    P->done_cnd[op] = (uint8_t)all_done(P, &P->cnd[op][0][0][0], 32, 1);
    P->done_sh[op] = (uint8_t)all_done(P, P->shift[op], USC_NSHIFT, 1);
}

static void ucov_resync(void *priv, const uint64_t *counts, const uint8_t *excl, int exact)
{
    ucov *P = priv;
    P->cnt = counts;
    P->excl = excl;
    P->exact = exact;
    for (unsigned op = 0; op < USC_NOPS; op++)
        check_row(P, op);
}

/* 1: the group has a row whose source values are still classified */
static int wants_sources(const ucov *P, const usc_group *g)
{
    for (unsigned i = 0; i < g->ninsn; i++) {
        unsigned op = g->ins[i].op;
        if ((P->in[op][0][GPUREF_VC_FPZERO] >= 0 && !(P->done_in[op][0] && P->done_in[op][1] &&
                                                       P->done_in[op][2])) ||
            (P->cnd[op][0][0][0] >= 0 && !P->done_cnd[op]) ||
            (P->shift[op][0] >= 0 && !P->done_sh[op]))
            return 1;
    }
    return 0;
}

static const usc_group *group_at(const usc_state *s, uint32_t pc)
{
    if (!s->gix || pc < s->base || (pc & 3) || (pc - s->base) / 4 >= s->nwords)
        return NULL;
    int32_t i = s->gix[(pc - s->base) / 4];
    return i < 0 ? NULL : &s->grp[i];
}

/* source r for instance l; 0: out of range (no value) */
static int src_val(const usc_state *s, const usc_reg *r, unsigned l, uint32_t *v)
{
    uint64_t i = r->index;
    if (r->idx)
        i += (uint64_t)s->idx[r->idx - 1][l] << r->dlog;
    if (i >= usc_bank_limit(s, r->bank))
        return 0;
    switch (r->bank) {
    case USC_B_R:   *v = s->r[i][l]; break;
    case USC_B_VI:  *v = s->vi[i][l]; break;
    case USC_B_CF:  *v = s->cf[i]; break;
    case USC_B_CFA: *v = s->cfa[i]; break;
    case USC_B_SH:  *v = s->sh[i]; break;
    case USC_B_SC:  *v = usc_sc_table[i]; break;
    case USC_B_I:   *v = s->in[i][l]; break;
    case USC_B_IDX: *v = s->idx[i][l]; break;
    default:        *v = s->o[i][l]; break;
    }
    return 1;
}

/* the sources (and Pe) the group at the state's pc will read */
static void snapshot(ucov *P, const usc_state *s)
{
    P->snap_ok = 0;
    if (s->finished)
        return;
    const usc_group *g = group_at(s, s->pc);
    if (!g || !wants_sources(P, g))
        return;
    unsigned ni = s->cfg.instances;
    for (unsigned k = 0; k < 6; k++) {
        const usc_reg *r = &g->s[k];
        P->sok[k] = (g->smask >> k & 1) != 0;
        if (P->sok[k] && !r->idx && r->bank == USC_B_R && r->index < s->cfg.temps) {
            memcpy(P->sv[k], s->r[r->index], sizeof P->sv[k]);    /* the common case */
            continue;
        }
        for (unsigned l = 0; P->sok[k] && l < ni; l++)
            if (!src_val(s, r, l, &P->sv[k][l]))
                P->sv[k][l] = 0;
    }
    memcpy(P->spe, s->pe, sizeof P->spe);
    P->snap_pc = s->pc;
    P->snap_ok = 1;
}

static void ucov_begin(void *priv, const void *st)
{
    snapshot(priv, st);
}

/* the value row of operand kind k (NULL: an internal value not known here) */
static const uint32_t *opnd_row(const ucov *P, const usc_group *g, unsigned k)
{
    if (k <= USC_K_S5)
        return P->sok[k] ? P->sv[k] : NULL;
    if (k == USC_K_FTE || k == USC_K_IS0)
        return P->sok[usc_is0_src[g->is0]] ? P->sv[usc_is0_src[g->is0]] : NULL;
    if (k == USC_K_IS3 && g->is3 == 2)
        return P->sok[2] ? P->sv[2] : NULL;
    if (k == USC_K_IS3 && g->is3 == 3)
        return P->sok[usc_is0_src[g->is0]] ? P->sv[usc_is0_src[g->is0]] : NULL;
    return NULL;
}

static const usc_ins *ins_in_slot(const usc_group *g, int slot)
{
    for (unsigned i = 0; i < g->ninsn; i++)
        if (g->ins[i].slot == slot)
            return &g->ins[i];
    return NULL;
}

static unsigned form_field(const usc_ins *in, unsigned kind)
{
    const usc_row *row = &usc_rows[in->op];
    unsigned ob = 0;
    for (unsigned j = 0; j < row->ntok[in->form]; j++) {
        const usc_tok *t = &row->tok[in->form][j];
        if (t->kind == kind)
            return (in->o >> ob) & ((1u << t->obits) - 1);
        ob += t->obits;
    }
    return 0;
}

static void sample_ins(ucov *P, const usc_state *s, const usc_group *g, const usc_ins *in,
                       const gpuref_retire *rr, uint64_t *counts)
{
    const usc_row *r = &usc_rows[in->op];
    const unsigned op = in->op, ni = s->cfg.instances;
    const uint32_t act = (uint32_t)rr->exec_mask;
    counts[P->opb[op]]++;
    if (P->op[op][in->slot] >= 0)
        counts[P->op[op][in->slot]]++;
    unsigned ob = 0;
    for (unsigned j = 0; j < r->ntok[in->form] && j < 8; j++) {
        const usc_tok *t = &r->tok[in->form][j];
        unsigned c = (in->o >> ob) & ((1u << t->obits) - 1);
        ob += t->obits;
        if (t->obits && c < 4 && P->form[op][in->form][j][c] >= 0)
            counts[P->form[op][in->form][j][c]]++;
    }
    for (unsigned j = 0; j < 3; j++) {
        unsigned c = (in->mods & usc_mod_abs[j] ? 1u : 0) | (in->mods & usc_mod_neg[j] ? 2u : 0) |
                     (usc_mod_flr[j] && (in->mods & usc_mod_flr[j]) ? 4u : 0);
        if (c && P->mods[op][j][c] >= 0)
            counts[P->mods[op][j][c]]++;
    }
    if (in->sat && P->sat[op] >= 0)
        counts[P->sat[op]]++;
    if (P->mf[op][in->m & 31] >= 0)
        counts[P->mf[op][in->m & 31]]++;
    if (is_branch(op) && P->br[op][0] >= 0)
        counts[P->br[op][(rr->flags & GPUREF_RETIRE_BRANCH) != 0]]++;
    if (!P->snap_ok || P->snap_pc != rr->pc)
        return;                          /* source values unknown */
    if (P->in[op][0][GPUREF_VC_FPZERO] >= 0)
        for (unsigned j = 1; j < in->nk && j <= 3; j++) {
            const uint32_t *v = opnd_row(P, g, in->k[j]);
            if (!v || P->done_in[op][j - 1])
                continue;
            for (unsigned l = 0; l < ni; l++)
                if (act >> l & 1) {
                    counts[P->in[op][j - 1][gpuref_vc_float(v[l], 32)]]++;
                    if ((v[l] & 0x7fffffffu) == 0x3f800000u)
                        counts[P->one[op][j - 1][v[l] >> 31]]++;
                }
            P->done_in[op][j - 1] = (uint8_t)(all_done(P, P->in[op][j - 1], GPUREF_VC_N, 1) &&
                                              all_done(P, P->one[op][j - 1], 2, 1));
        }
    if (r->exec == usc_x_cnd && !P->done_cnd[op]) {
        unsigned pc = has_pcnd(op) ? form_field(in, USC_K_PCND) : 0;
        for (unsigned l = 0; l < ni; l++)
            if (act >> l & 1) {
                uint32_t x = P->sv[0][l];
                unsigned n = x > 2 ? 3 : x;
                counts[P->cnd[op][n][pc][P->spe[l] & 1]]++;
            }
        P->done_cnd[op] = (uint8_t)all_done(P, &P->cnd[op][0][0][0], 32, 1);
    }
    if (is_shift(op) && in->nk && !P->done_sh[op]) {
        const uint32_t *v = opnd_row(P, g, in->k[in->nk - 1]);
        for (unsigned l = 0; v && l < ni; l++)
            if (act >> l & 1)
                for (unsigned k = 0; k < USC_NSHIFT; k++)
                    if (v[l] == usc_shift_counts[k])
                        counts[P->shift[op][k]]++;
        P->done_sh[op] = (uint8_t)all_done(P, P->shift[op], USC_NSHIFT, 1);
    }
}

static int value_file(int f)
{
    return f == USC_F_R || f == USC_F_VI || f == USC_F_CF || f == USC_F_CFA || f == USC_F_SH ||
           f == USC_F_I || f == USC_F_IDX || f == USC_F_O;
}

static void ucov_sample(void *priv, const void *st, const gpuref_retire *rr, uint64_t *counts)
{
    ucov *P = priv;
    const usc_state *s = st;
    const usc_group *g = group_at(s, (uint32_t)rr->pc);
    if (!g) {
        snapshot(P, s);
        return;
    }
    const unsigned ni = s->cfg.instances;
    const uint32_t all = usc_all_lanes(ni), act = (uint32_t)rr->exec_mask & all;
    /* the group */
    int whole = g->ninsn && usc_whole_row(g->ins[0].op);
    int32_t b = g->bitwise ? P->combo[2][(g->slots >> USC_SL_BMSK) & 63]
                : whole ? P->combo[1][(g->slots >> USC_SL_TST) & 7] : P->combo[0][g->slots & 63];
    if (b >= 0)
        counts[b]++;
    unsigned pat = !act ? GPUREF_MP_NONE : act == all ? GPUREF_MP_ALL
                   : !(act & (act - 1)) ? GPUREF_MP_ONE : GPUREF_MP_PARTIAL;
    if (g->pred < 3)
        counts[P->mask[g->pred][g->ignorepe][pat]]++;
    for (unsigned k = 0; k < 8; k++) {
        const usc_reg *r = k < 6 ? &g->s[k] : &g->w[k - 6];
        if (!((k < 6 ? g->smask >> k : g->wmask >> (k - 6)) & 1) || r->bank >= USC_NBANKS)
            continue;
        b = P->bank[g->bitwise][k][r->bank][r->idx != 0];
        if (b >= 0)
            counts[b]++;
    }
    if (!g->bitwise) {
        const uint8_t sel[6] = { g->is0, g->is1, g->is2, g->is3, g->is4, g->is5 };
        for (unsigned k = 0; k < 6; k++)
            if (sel[k] < 6 && P->is[k][sel[k]] >= 0)
                counts[P->is[k][sel[k]]]++;
    }
    for (unsigned i = 0; i < g->ninsn; i++)
        sample_ins(P, s, g, &g->ins[i], rr, counts);
    /* what the group wrote */
    const usc_ins *tst = ins_in_slot(g, USC_SL_TST), *movc = ins_in_slot(g, USC_SL_MOV);
    if (movc && movc->op != USC_OP_MOVC)
        movc = NULL;
    for (unsigned i = 0; i < rr->nregw && i < GPUREF_MAX_REGW; i++) {
        const gpuref_regw *w = &rr->regw[i];
        if (w->file == USC_F_P0) {
            const usc_ins *t = w->slot == USC_SL_TST ? tst : w->slot == USC_SL_BTST
                               ? ins_in_slot(g, USC_SL_BTST) : NULL;
            for (unsigned l = 0; t && l < ni; l++)
                if (w->lanes >> l & 1) {
                    unsigned v = (unsigned)(w->value[l] & 1);
                    if (P->flag[t->op][v] >= 0)
                        counts[P->flag[t->op][v]]++;
                    if (movc && w->slot == USC_SL_TST)
                        counts[P->flag[USC_OP_MOVC][v]]++;
                }
            continue;
        }
        if (w->file == USC_F_COUT) {
            const usc_ins *t = ins_in_slot(g, USC_SL_P0);
            for (unsigned l = 0; t && l < ni; l++)
                if ((w->lanes >> l & 1) && P->flag[t->op][0] >= 0)
                    counts[P->flag[t->op][w->value[l] & 1]]++;
            continue;
        }
        if (!value_file(w->file) || w->slot < 0)
            continue;
        const usc_ins *t = ins_in_slot(g, w->slot);
        if (!t || P->done_out[t->op] || !P->rk[t->op])
            continue;
        int fl = P->rk[t->op] == 1;
        for (unsigned l = 0; l < ni; l++)
            if (w->lanes >> l & 1) {
                uint32_t v = (uint32_t)w->value[l];
                int32_t ob = P->out[t->op][fl ? gpuref_vc_float(v, 32) : gpuref_vc_int(v, 32)];
                if (ob >= 0)
                    counts[ob]++;
            }
        P->done_out[t->op] = (uint8_t)all_done(P, P->out[t->op], GPUREF_VC_N, 1);
    }
    snapshot(P, s);
}

const gpuref_isa_cov gpuref_usc_cov = {
    .init = ucov_init,
    .fini = ucov_fini,
    .begin = ucov_begin,
    .sample = ucov_sample,
    .resync = ucov_resync,
};
