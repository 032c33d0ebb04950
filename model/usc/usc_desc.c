/* usc_desc.c - the tables of usc.def, the form tokens, group decoding and
 * encoding (README "Encoding") and the group legality rules. */
#include <stdio.h>
#include <string.h>

#include "usc.h"

usc_row usc_rows[USC_NOPS] = {
#define USC_ROW(id, n, sl, f0, f1, f2, mk, md, ex) { n, sl, { f0, f1, f2 }, mk, md, ex, {0}, {{{0}}} },
#include "usc.def"
#undef USC_ROW
};

const char *const usc_slot_names[USC_NSLOTS] = {
    "p0", "p1", "p2", "tst", "mov", "be", "bmsk", "bsh1", "bcnt", "blog", "bsh2", "btst",
};
const char *const usc_type_names[USC_NTYPES] = { "f32", "u16", "s16", "u8", "s8", "u32", "s32" };
const uint8_t usc_mod_abs[3] = { USC_MOD_ABS0, USC_MOD_ABS1, USC_MOD_ABS2 };
const uint8_t usc_mod_neg[3] = { USC_MOD_NEG0, USC_MOD_NEG1, USC_MOD_NEG2 };
const uint8_t usc_mod_flr[3] = { USC_MOD_FLR0, 0, USC_MOD_FLR2 };
/* IS0's choices in header code order (D13): the source it reads */
const uint8_t usc_is0_src[6] = { 0, 3, 4, 5, 1, 2 };
const char *const usc_bank_names[USC_NBANKS] = { "r", "vi", "cf", "cfa", "sh", "sc", "i", "idx", "o" };

/* Special constants (L1181-L1280): 95 defined; 148 and 153 corrected
 * (digest §6: the source's 10- and 9-digit typos). */
const uint32_t usc_sc_table[240] = {
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
    24, 25, 26, 27, 28, 29, 30, 31,
    [64] = 0x3F800000, 0x40000000, 0x40800000, 0x41000000, 0x41800000, 0x42000000,
    0x42800000, 0x43000000, 0x43800000, 0x44000000, 0x44800000,
    0x3F000000, 0x3E800000, 0x3E000000, 0x3D800000, 0x3D000000, 0x3C800000, 0x3C000000,
    0x3B800000, 0x3B000000, 0x3A800000, 0x3A000000, 0x39800000, 0x39000000, 0x38800000,
    0x402DF854, 0x3EBC5AB2, 0x3FB504F3, 0x3F3504F3, 0x3F490FDB, 0x3FC90FDB, 0x40490FDB,
    [128] = 0x3EA2F983, 0x3F22F983, 0x3FA2F983, 0x40C90FDB, 0x41490FDB, 0x41C90FDB,
    0x37800000, 0x38000000, 0x3B4D2E1C, 0x414EB852, 0x3ED55555, 0x3F870A3D, 0x3D6147AE,
    0x80000000, 0x7F800000, 0xFFFFFFFF, 0x7FFF7FFF, 0x3E9A209B, 0x3F317218, 0x0000007F,
    0x7F7FFFFF, 0x4B000000, 0x4B800000, 0x3F860A92, 0x3EAAAAAB, 0x3E2AAAAB, 0x40549A78,
    0x3FB8AA3B, 0x3D25AEE6, 0x3D9E8391, 0x3F72A76F,
};
int usc_sc_is_defined(unsigned i)
{
    return i < 32 || (i >= 64 && i <= 95) || (i >= 128 && i <= 158);
}

/* ------------------------------------------------------------- forms */
/* the operand kinds' names (forms, assembler, disassembler) */
const char *const usc_kname[USC_NK] = {
    "s0", "s1", "s2", "s3", "s4", "s5", "ft0", "ft1", "ft2", "ft3", "ft4", "ft5",
    "fte", "is0", "is1", "is2", "is3", "is4", "is5", "w0", "w1", "ftt", "p0",
};

static int kind_of(const char *t, size_t n)
{
    for (int k = 0; k < USC_NK; k++)
        if (strlen(usc_kname[k]) == n && !strncmp(usc_kname[k], t, n))
            return k;
    if (n == 3 && !strncmp(t, "imm", 3)) return USC_K_IMM;
    if (n == 3 && !strncmp(t, "tgt", 3)) return USC_K_TGT;
    if (n == 4 && !strncmp(t, "pcnd", 4)) return USC_K_PCND;
    if (n == 3 && !strncmp(t, "adj", 3)) return USC_K_ADJ;
    if (n == 3 && !strncmp(t, "drc", 3)) return USC_K_DRC;
    if (n == 3 && !strncmp(t, "sop", 3)) return USC_K_SOP;
    if (n == 3 && !strncmp(t, "mem", 3)) return USC_K_MEM;
    return -1;
}

static int parse_form(const char *f, usc_tok *tok, uint8_t *ntok)
{
    unsigned n = 0, ob = 0;
    if (!f) { *ntok = 0; return 0; }
    for (const char *p = f; *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        usc_tok t = { USC_K_NONE, USC_K_NONE, 0, 0, 0, 0 };
        char buf[24];
        if (len >= sizeof buf || n >= 8) return -1;
        memcpy(buf, p, len);
        buf[len] = 0;
        size_t bl = len;
        if (bl && buf[bl - 1] == '?') { t.opt = 1; t.obits = 1; buf[--bl] = 0; }
        if (bl > 7 && !strcmp(buf + bl - 7, ".invert")) { t.inv = 1; bl -= 7; buf[bl] = 0; }
        char *bar = strchr(buf, '|');
        if (!strcmp(buf, "ftsel")) { t.kind = USC_K_FT0; t.obits = 2; t.alt = USC_K_FTE; }
        else if (!strcmp(buf, "adj1")) { t.kind = USC_K_ADJ; t.obits = 2; t.minv = 1; }
        else if (bar) {
            int a = kind_of(buf, (size_t)(bar - buf)), b = kind_of(bar + 1, strlen(bar + 1));
            if (a < 0 || b < 0) return -1;
            t.kind = (uint8_t)a; t.alt = (uint8_t)b; t.obits = 1;
        } else {
            int a = kind_of(buf, bl);
            if (a < 0) return -1;
            t.kind = (uint8_t)a;
            if (a == USC_K_PCND || a == USC_K_ADJ) t.obits = 2;
            if (a == USC_K_DRC) t.obits = 1;
        }
        ob += t.obits;
        tok[n++] = t;
        p += len + (e ? 1 : 0);
    }
    if (ob > 4) return -1;
    *ntok = (uint8_t)n;
    return 0;
}

static int desc_ready;
void usc_desc_init(void)
{
    if (desc_ready) return;
    for (unsigned r = 0; r < USC_NOPS; r++)
        for (unsigned k = 0; k < 3; k++)
            if (parse_form(usc_rows[r].form[k], usc_rows[r].tok[k], &usc_rows[r].ntok[k])) {
                fprintf(stderr, "usc.def: bad form '%s' of %s\n", usc_rows[r].form[k], usc_rows[r].name);
                usc_rows[r].form[k] = NULL;
            }
    desc_ready = 1;
}

/* the form index of a row in a slot, or -1 */
int usc_form_of(unsigned op, unsigned slot)
{
    unsigned sl = usc_rows[op].slots, k = 0;
    if (!(sl >> slot & 1)) return -1;
    for (unsigned b = 0; b < slot; b++)
        if (sl >> b & 1) k++;
    return k < 3 ? (int)k : -1;
}

/* Resolve the operand kinds of an instruction from its form and O bits. */
int usc_resolve(usc_ins *in)
{
    const usc_row *row = &usc_rows[in->op];
    const usc_tok *tok = row->tok[in->form];
    unsigned ob = 0, nk = 0;
    in->has_imm = in->has_sop = 0;
    for (unsigned j = 0; j < row->ntok[in->form]; j++) {
        const usc_tok *t = &tok[j];
        unsigned bits = (in->o >> ob) & ((1u << t->obits) - 1);
        uint8_t k = t->kind;
        if (t->opt) k = bits ? t->kind : USC_K_NONE;
        else if (t->kind == USC_K_FT0 && t->alt == USC_K_FTE && t->obits == 2)
            k = bits == 3 ? USC_K_FTE : (uint8_t)(USC_K_FT0 + bits);
        else if (t->alt != USC_K_NONE) k = bits ? t->alt : t->kind;
        if (k == USC_K_IMM || k == USC_K_TGT) in->has_imm = 1;
        if (k == USC_K_SOP || k == USC_K_MEM) in->has_sop = 1;
        if (k == USC_K_ADJ && bits > 2) return -1;
        if (k == USC_K_ADJ && t->minv && bits < 1) return -1;
        in->k[nk++] = k;
        ob += t->obits;
    }
    in->nk = (uint8_t)nk;
    return 0;
}

/* ------------------------------------------------------------ F16SOP */
const char *const usc_sop_ops[USC_SOP_NOPS] = { "add", "sub", "min", "max", "rsub" };

const char *usc_sop_bad(const uint32_t ctl[2])
{
    for (unsigned w = 0; w < 2; w++) {
        for (unsigned i = 0; i < 4; i++)
            if (!(i & 1) && (USC_SOP_ARG(ctl[w], i) & 7) > 5)
                return "a product's first argument is a source S0-S5";
        if (USC_SOP_OP(ctl[w]) >= USC_SOP_NOPS) return "reserved operation";
        if (USC_SOP_OUT(ctl[w]) == 3 || USC_SOP_DST(ctl[w]) == 3) return "reserved output";
        if (ctl[w] >> (w ? 28 : 27)) return "reserved bits set";
    }
    unsigned jd = USC_SOP_DST(ctl[0]), kd = USC_SOP_DST(ctl[1]);
    if ((jd == 0) != (kd == 0)) return "the j and k destinations mix F32 and F16 outputs";
    if (jd && jd == kd) return "j and k write the same half of w0";
    if (!jd && (USC_SOP_OUT(ctl[0]) || USC_SOP_OUT(ctl[1]) || (ctl[1] & USC_SOP_MOV)))
        return "F32 outputs are j and k, and w1 holds k";
    return NULL;
}

unsigned usc_sop_sources(const uint32_t ctl[2])
{
    unsigned m = (ctl[1] & USC_SOP_MOV) ? 1u << 3 : 0;
    for (unsigned w = 0; w < 2; w++)
        for (unsigned i = 0; i < 4; i++) {
            unsigned s = USC_SOP_ARG(ctl[w], i) & 7;
            if (s < 6) m |= 1u << s;
            if (s == 7) m |= 3u;          /* z = min(S1, 1 - S0) */
        }
    return m;
}

/* F16SOP.MAD (D34): A is a source, E and V a source or 0, no reserved bit */
static const char *mad_bad(const uint32_t *ctl)
{
    for (unsigned m = 0; m < 4; m++) {
        uint32_t f = usc_mad_field(ctl, m);
        if ((f & 7) > 5) return "argument A is a source S0-S5";
        if ((f >> 7 & 7) > 6 || (f >> 14 & 7) > 6) return "arguments E and V are a source S0-S5 or 0";
    }
    if (ctl[2] >> 28) return "reserved bits set";
    return NULL;
}

/* ------------------------------------------- LD, ST, ATOM, IDF (D37) */
const char *const usc_atom_names[USC_NATOM] = {
    "add", "umin", "umax", "smin", "smax", "and", "or", "xor", "xchg", "cmpxchg",
};

const char *usc_mem_bad(unsigned op, uint32_t w)
{
    /* the fields each row has */
    uint32_t has = 0xfu;                                  /* DRC, address */
    if (op == USC_OP_LD) has |= 0x7f0u;                   /* burst */
    if (op == USC_OP_ST) has |= 0x7fff0u;                 /* burst, data, size, coverage */
    if (op == USC_OP_ATOM) has |= 0x783800u;              /* data, operation */
    if (w & ~has) return "a field this row does not have is not 0";
    if (USC_MC_ADDR(w) > 5) return "the address is a source s0-s5";
    if ((op == USC_OP_LD || op == USC_OP_ST)) {
        if (USC_MC_BSRC(w) == 6) return "the burst length is a source s0-s5 or 1-16";
        if (USC_MC_BSRC(w) != 7 && (w >> 7 & 15u)) return "an immediate burst length with a burst source";
    }
    if ((op == USC_OP_ST || op == USC_OP_ATOM) && USC_MC_DATA(w) > 5)
        return "the data operand is a source s0-s5";
    if (op == USC_OP_ST && USC_MC_SIZE(w) > 2) return "the data size is 0, 1 or 2";
    if (op == USC_OP_ST && USC_MC_COV(w) == 6) return "the coverage mask is a source s0-s5 or _";
    if (op == USC_OP_ATOM && USC_MC_AOP(w) >= USC_NATOM) return "reserved atomic operation";
    return NULL;
}

unsigned usc_mem_sources(unsigned op, uint32_t w)
{
    unsigned m = 1u << USC_MC_ADDR(w);
    if ((op == USC_OP_LD || op == USC_OP_ST) && USC_MC_BSRC(w) < 6) m |= 1u << USC_MC_BSRC(w);
    if (op == USC_OP_LD) m |= 1u << 3;
    if (op == USC_OP_ST || op == USC_OP_ATOM) m |= 1u << USC_MC_DATA(w);
    if (op == USC_OP_ST && USC_MC_COV(w) < 6) m |= 1u << USC_MC_COV(w);
    return m;
}

/* ------------------------------------ FITR, FITRP, SMP, UVSW (D47-D50) */
const char *const usc_itr_modes[3] = { "pixel", "sample", "centroid" };
const char *const usc_lodm_names[4] = { "", "bias", "replace", "gradient" };
const char *const usc_smp_flag_names[USC_NSMPFLAGS] = {
    "proj", "fcnorm", "nncoords", "pplod", "tao", "soo", "sno", "array", "integer", "comparison",
    "schedswap",
};

const char *usc_be_bad(unsigned op, uint32_t w)
{
    if (op == USC_OP_FITR || op == USC_OP_FITRP) {
        if (w >> 8) return "a field this row does not have is not 0";
        if (USC_BC_MODE(w) == 3) return "reserved mode";
        return NULL;
    }
    if (op == USC_OP_SMP) {
        if (w >> 19) return "a field this row does not have is not 0";
        if (USC_BC_DIM(w) == 0) return "the dimension is 1D, 2D or 3D";
        if ((USC_BC_FLAGS(w) >> 3 & 1) && (USC_BC_LODM(w) == 0 || USC_BC_LODM(w) == 3))
            return ".pplod needs .bias or .replace";
        if ((USC_BC_LODM(w) == 1 || USC_BC_LODM(w) == 2) != USC_BC_LOD(w))
            return "a LOD source s3 goes with .bias or .replace, and only with them";
        return NULL;
    }
    /* UVSW: only the write operation runs (D50) */
    if (USC_BC_WOP(w) != 0) return "reserved write operation (only .write)";
    if (w >> 13 || (!USC_BC_IMM(w) && w >> 8)) return "a field this row does not have is not 0";
    if (!USC_BC_IMM(w) && USC_BC_ADDR(w) > 5) return "the address is a source s0-s5 or 0-255";
    return NULL;
}

unsigned usc_be_sources(unsigned op, uint32_t w)
{
    switch (op) {
    case USC_OP_FITR:  return 1u << 0 | 1u << 3;
    case USC_OP_FITRP: return 1u << 0 | 1u << 2 | 1u << 3;
    case USC_OP_SMP:   return 0x17u | (USC_BC_LOD(w) ? 1u << 3 : 0);
    default:           return USC_BC_IMM(w) ? 0 : 1u << USC_BC_ADDR(w);
    }
}

/* ------------------------------------------------- DITR, ITRSMP (D51, D52) */
const char *const usc_persp_names[4] = { "none", "mul", "mulstore", "stored" };
const char *const usc_itrsmp_flag_names[4] = { "proj", "fcnorm", "nncoords", "comparison" };

const char *usc_it_bad(unsigned op, const uint32_t *ctl)
{
    uint32_t w = ctl[0], x = ctl[1];
    if (USC_IT_DEST(w) >= USC_NR) return "the destination is r0-r247 (the temporaries)";
    if (USC_IT_MODE(w) == 3) return "reserved mode";
    if (USC_IT_SCHED(x) == 3) return "reserved scheduling";
    /* the W coefficients: with the perspective controls that iterate W only */
    unsigned p = USC_IT_PERSP(w);
    if ((p == USC_PERSP_NONE || p == USC_PERSP_STORED) && USC_IT_WOFF(w))
        return "a W coefficient register without a perspective control that iterates W";
    if (op == USC_OP_DITR) {
        if (x >> 4) return "a field this row does not have is not 0";
        return NULL;
    }
    if (x >> 28) return "a field this row does not have is not 0";
    if (USC_IT_DIM(x) == 0) return "the dimension is 1D, 2D or 3D";
    return NULL;
}

const char *usc_ctl_bad(unsigned op, const uint32_t *ctl)
{
    if (USC_IT_ROW(op)) return usc_it_bad(op, ctl);
    if (USC_BE_ROW(op)) return usc_be_bad(op, ctl[0]);
    if (USC_MEM_ROW(op)) return usc_mem_bad(op, ctl[0]);
    return op == USC_OP_F16SOPMAD ? mad_bad(ctl) : usc_sop_bad(ctl);
}

unsigned usc_ctl_sources(unsigned op, const uint32_t *ctl)
{
    if (USC_IT_ROW(op)) return 0;          /* registers named directly (D51, D52) */
    if (USC_BE_ROW(op)) return usc_be_sources(op, ctl[0]);
    if (USC_MEM_ROW(op)) return usc_mem_sources(op, ctl[0]);
    if (op != USC_OP_F16SOPMAD) return usc_sop_sources(ctl);
    unsigned need = 0;
    for (unsigned m = 0; m < 4; m++) {
        uint32_t f = usc_mad_field(ctl, m);
        for (unsigned a = 0; a < 3; a++) {
            unsigned s = f >> (7 * a) & 7;
            if (s < 6) need |= 1u << s;
        }
    }
    return need;
}

/* ------------------------------------------------------------ decode */
/* The registers that exist: an index below its bank's size, a defined
 * special constant, an index register only on the banks that take one (the
 * same rules for the decoder and the assembler). */
int usc_reg_ok(const usc_reg *r)
{
    static const unsigned max[USC_NBANKS] = { USC_NR, USC_NVI, USC_NCF, USC_NCF, USC_NSH, 240,
                                              USC_NI, USC_NIDX, USC_NO };
    if (r->bank >= USC_NBANKS || r->index >= max[r->bank])
        return 0;
    if (r->bank == USC_B_SC && !usc_sc_is_defined(r->index))
        return 0;
    return !r->idx || (r->bank != USC_B_I && r->bank != USC_B_IDX && r->bank != USC_B_SC);
}

static int dec_reg(uint32_t w, usc_reg *r)
{
    r->bank = w & 15;
    r->index = (uint16_t)(w >> 4 & 0xfff);
    r->idx = w >> 16 & 3;
    r->dlog = w >> 18 & 7;
    if (r->bank >= USC_NBANKS || r->idx == 3 || r->dlog > 4 || (w >> 21) || !usc_reg_ok(r)) return -1;
    return 0;
}

static uint32_t enc_reg(const usc_reg *r)
{
    return (uint32_t)r->bank | (uint32_t)r->index << 4 | (uint32_t)r->idx << 16 |
           (uint32_t)r->dlog << 18;
}

/* PCK/UNPCK: why the fields are illegal (NULL: legal): a format UNPCK does
 * not have (L614), an element beyond the format's fields or on PCK, .scale
 * on a format without a normalized form */
const char *usc_pck_bad(unsigned op, unsigned fmt, unsigned o)
{
    unsigned e = o & USC_PK_ESEL;
    if (op == USC_OP_UNPCK && (fmt == 21 || fmt == USC_PCK_CONST0 || fmt == USC_PCK_CONST1))
        return "not a format of unpck (L614)";
    if (op == USC_OP_PCK ? e != 0 : e >= usc_pck_fields(fmt))
        return "source element beyond the format's fields";
    if ((o & USC_PK_SCALE) && !usc_pck_scalable(fmt))
        return ".scale needs a normalized format (integer fields: u/s/o 8888, 1616, 1010102, 111110, u565u565, s8d24, d24s8)";
    return NULL;
}

int usc_decode_group(const uint32_t *w, size_t avail, usc_group *g, char *err)
{
    usc_desc_init();
    memset(g, 0, sizeof *g);
    if (!avail)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "usc: no words for a group header");
    uint32_t h = w[0];
    if (h >> 28 != USC_VERSION)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "usc: group header 0x%08x: encoding version %u "
                           "(this model reads %u)", h, h >> 28, USC_VERSION);
    g->ninsn = h & 15;
    g->smask = h >> 4 & 63;
    g->wmask = h >> 10 & 3;
    g->bitwise = h >> 12 & 1;
    g->pred = h >> 13 & 3;
    g->ignorepe = h >> 15 & 1;
    g->is0 = h >> 16 & 7;
    g->is1 = h >> 19 & 1;
    g->is2 = h >> 20 & 1;
    g->is3 = h >> 21 & 3;
    g->is4 = h >> 23 & 3;
    g->is5 = h >> 25 & 3;
    if (g->ninsn > 6 || g->pred == 3 || g->is0 > 5 || (h >> 27 & 1))
        return gpuref_errf(err, GPUREF_ERR_DECODE, "usc: group header 0x%08x: reserved field value", h);
    size_t p = 1;
    for (unsigned i = 0; i < 6; i++)
        if (g->smask >> i & 1) {
            if (p >= avail) goto trunc;
            if (dec_reg(w[p], &g->s[i]))
                return gpuref_errf(err, GPUREF_ERR_DECODE, "usc: source word 0x%08x: bad register", w[p]);
            p++;
        }
    for (unsigned i = 0; i < 2; i++)
        if (g->wmask >> i & 1) {
            if (p >= avail) goto trunc;
            if (dec_reg(w[p], &g->w[i]))
                return gpuref_errf(err, GPUREF_ERR_DECODE, "usc: destination word 0x%08x: bad register", w[p]);
            p++;
        }
    for (unsigned i = 0; i < g->ninsn; i++) {
        if (p >= avail) goto trunc;
        uint32_t x = w[p++];
        usc_ins *in = &g->ins[i];
        in->op = x & 127;
        in->slot = x >> 7 & 15;
        in->mods = (uint8_t)(x >> 11);
        in->sat = x >> 19 & 1;
        in->lp = x >> 20 & 1;
        in->m = x >> 21 & 31;
        in->o = x >> 26 & 15;
        if (in->op >= USC_NOPS || in->slot >= USC_NSLOTS || (x >> 30))
            return gpuref_errf(err, GPUREF_ERR_DECODE, "usc: instruction word 0x%08x: no such "
                               "opcode/slot", x);
        const usc_row *row = &usc_rows[in->op];
        int f = usc_form_of(in->op, in->slot);
        if (f < 0)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "usc: illegal group: %s cannot be in slot %s",
                               row->name, usc_slot_names[in->slot]);
        in->form = (uint8_t)f;
        /* a row without syntax has no encoding of its operands yet: the
         * assembler cannot write it, so no word decodes to it (executing
         * one stops as unimplemented, the predecode keeps the error) */
        if (!row->form[f])
            return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: %s (no syntax or "
                               "encoding defined yet)", row->name);
        if (in->lp && in->op == USC_OP_FMAD)    /* named by the source, never defined */
            return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: fmad.lp (the source does not "
                               "define low precision)");
        if ((in->mods & ~row->mods) || (in->sat && !USC_ROW_SAT(row)) || in->lp)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "usc: instruction word 0x%08x: modifier not "
                               "allowed on %s", x, row->name);
        unsigned ob = 0;
        for (unsigned j = 0; j < row->ntok[f]; j++) ob += row->tok[f][j].obits;
        int mbad = 0;
        switch (row->mkind) {
        case USC_M_NONE:  mbad = in->m != 0; break;
        case USC_M_TYPE:  mbad = in->m >= USC_NTYPES; break;
        case USC_M_BYTES: mbad = in->m == 0 || in->m > 15; break;
        case USC_M_ASR:   mbad = in->m > 3; break;
        case USC_M_PCK:   /* O: the element, .scale, .rndzero (not operand choices) */
            mbad = in->m > 25 || usc_pck_bad(in->op, in->m, in->o) != NULL;
            ob = 4;
            break;
        case USC_M_CVT:   mbad = in->m > 2; break;
        case USC_M_INST:  mbad = in->m > 2; break;
        case USC_M_PART:  mbad = in->m > 1; break;
        }
        if (mbad || (in->o >> ob) || usc_resolve(in))
            return gpuref_errf(err, GPUREF_ERR_DECODE, "usc: instruction word 0x%08x: bad field "
                               "of %s", x, row->name);
        if (in->has_imm) {
            if (p >= avail) goto trunc;
            in->imm = w[p++];
        }
        if (in->has_sop) {
            unsigned nc = usc_sop_nctl(in->op);
            if (p + nc > avail) goto trunc;
            for (unsigned k = 0; k < nc; k++) in->ctl[k] = w[p++];
            const char *why = usc_ctl_bad(in->op, in->ctl);
            if (why) {
                if (nc == 1)
                    return gpuref_errf(err, GPUREF_ERR_DECODE, "usc: %s control word 0x%08x: %s",
                                       row->name, in->ctl[0], why);
                return gpuref_errf(err, GPUREF_ERR_DECODE, "usc: %s control words 0x%08x 0x%08x%s: %s",
                                   row->name, in->ctl[0], in->ctl[1], nc > 2 ? " ..." : "", why);
            }
        }
    }
    g->nwords = (uint8_t)p;
    for (unsigned i = 0; i < g->ninsn; i++) g->slots |= (uint16_t)(1u << g->ins[i].slot);
    /* an illegal group is an illegal encoding: decode, disassembly and load
     * refuse the same words the assembler refuses to make */
    return usc_group_check(g, err);
trunc:
    return gpuref_errf(err, GPUREF_ERR_DECODE, "usc: group truncated (%zu words available)", avail);
}

int usc_encode_group(const usc_group *g, uint32_t *w, unsigned *n)
{
    unsigned p = 0;
    w[p++] = g->ninsn | (uint32_t)g->smask << 4 | (uint32_t)g->wmask << 10 |
             (uint32_t)g->bitwise << 12 | (uint32_t)g->pred << 13 | (uint32_t)g->ignorepe << 15 |
             (uint32_t)g->is0 << 16 | (uint32_t)g->is1 << 19 | (uint32_t)g->is2 << 20 |
             (uint32_t)g->is3 << 21 | (uint32_t)g->is4 << 23 | (uint32_t)g->is5 << 25 |
             USC_VERSION << 28;
    for (unsigned i = 0; i < 6; i++)
        if (g->smask >> i & 1) w[p++] = enc_reg(&g->s[i]);
    for (unsigned i = 0; i < 2; i++)
        if (g->wmask >> i & 1) w[p++] = enc_reg(&g->w[i]);
    for (unsigned i = 0; i < g->ninsn; i++) {
        const usc_ins *in = &g->ins[i];
        w[p++] = in->op | (uint32_t)in->slot << 7 | (uint32_t)in->mods << 11 |
                 (uint32_t)in->sat << 19 | (uint32_t)in->lp << 20 | (uint32_t)in->m << 21 |
                 (uint32_t)in->o << 26;
        if (in->has_imm) w[p++] = in->imm;
        if (in->has_sop)
            for (unsigned k = 0; k < usc_sop_nctl(in->op); k++) w[p++] = in->ctl[k];
    }
    *n = p;
    return GPUREF_OK;
}

/* ---------------------------------------------------------- legality */
#define ILL(...) gpuref_errf(err, GPUREF_ERR_DECODE, "usc: illegal group: " __VA_ARGS__)

static int whole_op(unsigned op)
{
    const char *f = usc_rows[op].form[0];
    return f && usc_rows[op].slots == USC_S_P0 && strstr(f, "w0") != NULL;
}

int usc_group_check(const usc_group *g, char *err)
{
    int last = -1;
    uint16_t sl = 0;
    for (unsigned i = 0; i < g->ninsn; i++) {
        const usc_ins *in = &g->ins[i];
        unsigned s = in->slot;
        int bw = (USC_S_BITWISE >> s) & 1;
        if (bw != g->bitwise)
            return ILL("%s in slot %s: main and bitwise instructions mixed", usc_rows[in->op].name,
                       usc_slot_names[s]);
        if ((int)s <= last)
            return ILL("%s: %s", usc_rows[in->op].name, (int)s == last ?
                       "two instructions in one phase" : "instructions out of phase order");
        last = (int)s;
        sl |= (uint16_t)(1u << s);
    }
    /* a group is bitwise by its instructions: an empty one is a main group
     * (the text has nothing to say it is bitwise) */
    if (g->bitwise && !g->ninsn)
        return ILL("a bitwise group without instructions");
    /* sources: lowest first in each bank (L201, main group section 2.2.3;
     * the bitwise example L245-L249 reads S1-S4 without S0: not there) */
    /* (whole-ALU ops have fixed sources, L225: CNDSM reads S0 and S2) */
    int whole = g->ninsn && whole_op(g->ins[0].op);
    for (unsigned b = 0; b < 2 && !g->bitwise && !whole; b++) {
        unsigned m = g->smask >> (3 * b) & 7;
        if (m != 0 && m != 1 && m != 3 && m != 7)
            return ILL("source bank S%u-S%u not used lowest first", 3 * b, 3 * b + 2);
    }
    if ((sl & USC_S_P1) && !(sl & USC_S_P0)) return ILL("phase 1 without phase 0");
    if ((sl & USC_S_BE) && (sl & USC_S_P1)) return ILL("backend with phase 1");
    if (g->ninsn && (sl & USC_S_P0) && whole_op(g->ins[0].op) && (sl & (USC_S_P1 | USC_S_P2)))
        return ILL("%s uses the whole main ALU", usc_rows[g->ins[0].op].name);
    for (unsigned i = 0; i < g->ninsn; i++) {
        const usc_ins *in = &g->ins[i];
        if (in->op == USC_OP_MOVC && !(sl & USC_S_TST)) return ILL("movc without a test");
        for (unsigned j = 0; j < in->nk; j++) {
            unsigned k = in->k[j];
            if (k <= USC_K_S5 && !(g->smask >> k & 1))
                return ILL("%s reads s%u, which is not declared", usc_rows[in->op].name, k);
            if ((k == USC_K_FTE || k == USC_K_IS0) && !(g->smask >> usc_is0_src[g->is0] & 1))
                return ILL("%s reads fte/is0 = s%u, which is not declared", usc_rows[in->op].name,
                           (unsigned)usc_is0_src[g->is0]);
        }
        if (in->slot == USC_SL_P2 && g->is3 == 2 && !(g->smask >> 2 & 1))
            return ILL("is3 = s2, which is not declared");
        if (in->has_sop) {
            unsigned need = usc_ctl_sources(in->op, in->ctl) & ~(unsigned)g->smask;
            if (need)
                return ILL("%s reads s%u, which is not declared", usc_rows[in->op].name,
                           (unsigned)__builtin_ctz(need));
        }
        /* the memory rows' registers (D37): LD's destination S3 and ATOM's
         * source/destination are per-instance registers (r, vi, i, o) a
         * deferred write-back can reach, ST's data registers any readable
         * bank but the constants and IDX; none of them indexed (a burst
         * runs through consecutive registers) */
        /* FITR, FITRP and SMP write a run of registers from S3 (S4) as LD
         * does; their coefficients are cf registers, not indexed (D47-D49) */
        if (in->op == USC_OP_FITR || in->op == USC_OP_FITRP) {
            for (unsigned k = 0; k <= 2; k += 2) {
                const usc_reg *r = &g->s[k];
                if (k == 2 && in->op == USC_OP_FITR) break;
                if (r->bank != USC_B_CF || r->idx)
                    return ILL("%s: s%u (%s%u) must be a coefficient register cf, not indexed",
                               usc_rows[in->op].name, k, usc_bank_names[r->bank], r->index);
            }
        }
        if (in->op == USC_OP_LD || in->op == USC_OP_ATOM || in->op == USC_OP_ST ||
            in->op == USC_OP_FITR || in->op == USC_OP_FITRP || in->op == USC_OP_SMP) {
            unsigned k = in->op == USC_OP_SMP ? 4u : in->op == USC_OP_LD || USC_BE_ROW(in->op) ? 3u :
                         USC_MC_DATA(in->ctl[0]);
            const usc_reg *r = &g->s[k];
            int ok = in->op == USC_OP_ST ? r->bank != USC_B_SC && r->bank != USC_B_IDX :
                     r->bank == USC_B_R || r->bank == USC_B_VI || r->bank == USC_B_I || r->bank == USC_B_O;
            if (!ok || r->idx)
                return ILL("%s: s%u (%s%u) must be %s, not indexed", usc_rows[in->op].name, k,
                           usc_bank_names[r->bank], r->index, in->op == USC_OP_ST ?
                           "a register of r, vi, cf, cfa, sh, i or o" : "a register of r, vi, i or o");
        }
    }
    /* the W destinations need a value */
    unsigned need = g->wmask;
    for (unsigned wi = 0; wi < 2; wi++) {
        if (!(need >> wi & 1)) continue;
        int ok = 0;
        if (g->bitwise) ok = sl & (wi ? USC_S_BCNT : USC_S_BSH2);
        else {
            unsigned nph = !!(sl & USC_S_P0) + !!(sl & USC_S_P1) + !!(sl & USC_S_P2);
            ok = nph > wi;     /* MOV drives W0 only (below), MOVC both (its w1 operand) */
            for (unsigned i = 0; i < g->ninsn; i++)
                for (unsigned j = 0; j < g->ins[i].nk; j++)
                    if (g->ins[i].k[j] == USC_K_W0 + wi) ok = 1;
            if (g->ninsn && whole_op(g->ins[0].op)) ok = ok || wi == 0;
            if (wi == 1 && g->ninsn && g->ins[0].op == USC_OP_F16SOP && usc_sop_w1(g->ins[0].ctl)) ok = 1;
            if (sl & USC_S_MOV) ok = ok || wi == 0;
        }
        if (!ok) return ILL("w%u is written to a register but nothing drives it", wi);
    }
    for (unsigned i = 0; i < 2; i++)
        if ((g->wmask >> i & 1) && g->w[i].bank == USC_B_SC)
            return ILL("w%u goes to sc%u, a read-only special constant", i, g->w[i].index);
    return GPUREF_OK;
}

/* --------------------------------------------------- gpuref unit info */
int usc_isa_decode_unit(unsigned stream, const uint32_t *w, size_t avail, gpuref_unit_info *info,
                        char *err)
{
    usc_group g;
    (void)stream;
    int st = usc_decode_group(w, avail, &g, err);
    if (st) return st;
    info->nwords = g.nwords;
    info->kind = g.bitwise;
    info->form = g.bitwise ? "bitwise" : "main";
    info->nslots = g.ninsn;
    for (unsigned i = 0; i < g.ninsn; i++) {
        info->slot[i].opcode = g.ins[i].op;
        info->slot[i].mnemonic = usc_rows[g.ins[i].op].name;
        info->slot[i].slot = g.ins[i].slot;
    }
    return GPUREF_OK;
}
