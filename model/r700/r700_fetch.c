/* r700_fetch.c - fetch clauses (chapters 5, 6, 9.3, 9.4; formats L8245-8623):
 * the fetch rows of r700.def, decoding and encoding of the 128-bit fetch
 * instructions (VTX and TEX forms), the data formats with their number
 * formats and endian swap, and the exec functions: vertex fetch (FETCH,
 * SEMANTIC), texture LD and GET_TEXTURE_RESINFO over the resources of the
 * RES file and the memory space "mem" (README "Fetch clauses"). */
#include <stddef.h>
#include <string.h>

#include "r700.h"

const r700_fetch_row r700_fetch_rows[R700_NFETCH] = {
#define R700_ALU(n, e, o, ns, u, x, f)
#define R700_CF(n, fm, o, x)
#define R700_FETCH(n, fm, o, x) [R700_FX_##n] = { #n, R700_FF_##fm, o, r700_fx_##x },
#include "r700.def"
#undef R700_ALU
#undef R700_CF
#undef R700_FETCH
};

/* DATA_FORMAT names (L8300-8340), without the FMT_ prefix */
const char *const r700_dfmt_name[64] = {
    "INVALID", "8", "4_4", "3_3_2", "RESERVED_4", "16", "16_FLOAT", "8_8", "5_6_5", "6_5_5",
    "1_5_5_5", "4_4_4_4", "5_5_5_1", "32", "32_FLOAT", "16_16", "16_16_FLOAT", "8_24",
    "8_24_FLOAT", "24_8", "24_8_FLOAT", "10_11_11", "10_11_11_FLOAT", "11_11_10",
    "11_11_10_FLOAT", "2_10_10_10", "8_8_8_8", "10_10_10_2", "X24_8_32_FLOAT", "32_32",
    "32_32_FLOAT", "16_16_16_16", "16_16_16_16_FLOAT", "RESERVED_33", "32_32_32_32",
    "32_32_32_32_FLOAT", "RESERVED_36", "1", "1_REVERSED", "GB_GR", "BG_RG", "32_AS_8",
    "32_AS_8_8", "5_9_9_9_SHAREDEXP", "8_8_8", "16_16_16", "16_16_16_FLOAT", "32_32_32",
    "32_32_32_FLOAT", "BC1", "BC2", "BC3", "BC4", "BC5", "APC0", "APC1", "APC2", "APC3", "APC4",
    "APC5", "APC6", "APC7", "CTX1", "RESERVED_63",
};
const char *const r700_nfa_name[4] = { "NORM", "INT", "SCALED", "NUM3" };
const char *const r700_endian_name[4] = { "NONE", "8IN16", "8IN32", "ES3" };
const r700_fetch_flag r700_fetch_flags[R700_NFETCH_FLAGS] = {
    { "SIGNED",    R700_FF_VTX, offsetof(r700_fetch, fca) },   /* FORMAT_COMP_ALL */
    { "NO_ZERO",   R700_FF_VTX, offsetof(r700_fetch, sma) },   /* SRF_MODE_ALL */
    { "UCF",       R700_FF_VTX, offsetof(r700_fetch, ucf) },   /* USE_CONST_FIELDS */
    { "CBNS",      R700_FF_VTX, offsetof(r700_fetch, cbns) },  /* CONST_BUF_NO_STRIDE */
    { "MF",        R700_FF_VTX, offsetof(r700_fetch, mf) },    /* MEGA_FETCH */
    { "BFM",       R700_FF_TEX, offsetof(r700_fetch, bfm) },   /* BC_FRAC_MODE */
    { "FWQ",       R700_FF_ANY, offsetof(r700_fetch, fwq) },   /* FETCH_WHOLE_QUAD */
    { "ALT_CONST", R700_FF_ANY, offsetof(r700_fetch, alt) },
};

/* The formats the model unpacks: components of one size, x in the least
 * significant bits (D46).  n components of `bits` each, float or not. */
typedef struct r700_dfmt { uint8_t n, bits, flt; } r700_dfmt;
static r700_dfmt dfmt_of(unsigned f)
{
    switch (f) {
    case 1:  return (r700_dfmt){ 1, 8, 0 };
    case 2:  return (r700_dfmt){ 2, 4, 0 };
    case 5:  return (r700_dfmt){ 1, 16, 0 };
    case 6:  return (r700_dfmt){ 1, 16, 1 };
    case 7:  return (r700_dfmt){ 2, 8, 0 };
    case 11: return (r700_dfmt){ 4, 4, 0 };
    case 13: return (r700_dfmt){ 1, 32, 0 };
    case 14: return (r700_dfmt){ 1, 32, 1 };
    case 15: return (r700_dfmt){ 2, 16, 0 };
    case 16: return (r700_dfmt){ 2, 16, 1 };
    case 26: return (r700_dfmt){ 4, 8, 0 };
    case 29: return (r700_dfmt){ 2, 32, 0 };
    case 30: return (r700_dfmt){ 2, 32, 1 };
    case 31: return (r700_dfmt){ 4, 16, 0 };
    case 32: return (r700_dfmt){ 4, 16, 1 };
    case 34: return (r700_dfmt){ 4, 32, 0 };
    case 35: return (r700_dfmt){ 4, 32, 1 };
    case 44: return (r700_dfmt){ 3, 8, 0 };
    case 45: return (r700_dfmt){ 3, 16, 0 };
    case 46: return (r700_dfmt){ 3, 16, 1 };
    case 47: return (r700_dfmt){ 3, 32, 0 };
    case 48: return (r700_dfmt){ 3, 32, 1 };
    default: return (r700_dfmt){ 0, 0, 0 };
    }
}

/* "formats 3, 18, 20, 21, 23, 24, 44, 45, 46, and 54 through 63 are for
 * texture fetches" (L8297-8299) */
static int tex_only(unsigned f)
{
    return f == 3 || f == 18 || f == 20 || f == 21 || f == 23 || f == 24 || f == 44 || f == 45 ||
           f == 46 || f >= 54;
}

/* ------------------------------------------------------------ decode */
/* MEM_RD_WORD0/1/2 (L8624-8760), MEM_DSW_WORD0/1/2 and MEM_DSR_WORD0/1/2
 * (L8762-8880): every field kept; reserved fields and values, MEM_REQ_SIZE
 * (L8654 "must be cleared") and MEGA_FETCH 0 (L8749 "must be 1") are decode
 * errors */
static int decode_mem(const uint32_t *w, r700_fetch *f, const char *nm, char *err)
{
    f->mop = (uint8_t)r700_bits(w[0], 10, 8);
    if (f->form == R700_FF_MRD) {
        f->elem_size = (uint8_t)r700_bits(w[0], 6, 5);
        f->fwq = (uint8_t)r700_bits(w[0], 7, 7);
        f->uncached = (uint8_t)r700_bits(w[0], 11, 11);
        f->indexed = (uint8_t)r700_bits(w[0], 12, 12);
        f->src_gpr = (uint8_t)r700_bits(w[0], 22, 16);
        f->src_rel = (uint8_t)r700_bits(w[0], 23, 23);
        f->ssel[0] = (uint8_t)r700_bits(w[0], 25, 24);
        f->burst = (uint8_t)r700_bits(w[0], 29, 26);
        f->dst_gpr = (uint8_t)r700_bits(w[1], 6, 0);
        f->dst_rel = (uint8_t)r700_bits(w[1], 7, 7);
        for (unsigned k = 0; k < 4; k++) {
            f->dsel[k] = (uint8_t)r700_bits(w[1], 11 + 3 * k, 9 + 3 * k);
            if (f->dsel[k] == 6)
                return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: DST_SEL_%c 6 is reserved", nm,
                                   r700_chan_name[k]);
        }
        f->dfmt = (uint8_t)r700_bits(w[1], 27, 22);
        f->nfa = (uint8_t)r700_bits(w[1], 29, 28);
        f->fca = (uint8_t)r700_bits(w[1], 30, 30);
        f->sma = (uint8_t)r700_bits(w[1], 31, 31);
        f->array_base = (uint16_t)r700_bits(w[2], 12, 0);
        f->endian = (uint8_t)r700_bits(w[2], 17, 16);
        f->mf = (uint8_t)r700_bits(w[2], 19, 19);
        f->array_size = (uint16_t)r700_bits(w[2], 31, 20);
        if (r700_bits(w[0], 15, 13) || r700_bits(w[0], 31, 30) || r700_bits(w[1], 8, 8) ||
            r700_bits(w[1], 21, 21) || r700_bits(w[2], 15, 13) || r700_bits(w[2], 18, 18))
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: reserved bits (or MEM_REQ_SIZE, which "
                               "must be 0, L8654) set", nm);
        if (f->nfa == 3)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: NUM_FORMAT_ALL 3 is reserved", nm);
        if (f->endian == 3)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: ENDIAN_SWAP 3 is reserved", nm);
        if (!f->mf)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: MEGA_FETCH 0 (reserved: it must be 1 "
                               "for memory reads, L8749)", nm);
        return GPUREF_OK;
    }
    f->src_gpr = (uint8_t)r700_bits(w[0], 17, 11);
    f->src_rel = (uint8_t)r700_bits(w[0], 19, 18);
    f->burst = (uint8_t)r700_bits(w[2], 3, 0);
    if (r700_bits(w[0], 7, 5) || r700_bits(w[2], 31, 4))
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: reserved bits set", nm);
    if (f->src_rel == 3)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: SRC_REL_MODE 3 is reserved", nm);
    if (f->form == R700_FF_DSW) {
        for (unsigned k = 0; k < 4; k++) {
            f->ssel[k] = (uint8_t)r700_bits(w[0], 22 + 3 * k, 20 + 3 * k);
            if (f->ssel[k] == 6)
                return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: SRC_SEL_%c 6 is reserved", nm,
                                   r700_chan_name[k]);
        }
        f->dst_index = (uint8_t)r700_bits(w[1], 7, 0);      /* DST_INDEX with DST_INDEX_EXT */
        f->dst_stride = (uint16_t)r700_bits(w[1], 24, 16);  /* DST_STRIDE with DST_STRIDE_EXT */
        f->wave_rel = (uint8_t)r700_bits(w[1], 31, 31);
        if (r700_bits(w[1], 15, 8) || r700_bits(w[1], 30, 25))
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: reserved bits of the second dword set",
                               nm);
        return GPUREF_OK;
    }
    for (unsigned k = 0; k < 2; k++) {
        f->ssel[k] = (uint8_t)r700_bits(w[0], 22 + 3 * k, 20 + 3 * k);
        if (f->ssel[k] > 5)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: SRC_SEL_%c %u is reserved (L8840)", nm,
                               r700_chan_name[k], f->ssel[k]);
    }
    f->rd_offset = (uint8_t)r700_bits(w[0], 31, 26);
    f->dst_gpr = (uint8_t)r700_bits(w[1], 6, 0);
    f->dst_rel = (uint8_t)r700_bits(w[1], 8, 7);
    f->dwr = (uint8_t)r700_bits(w[1], 12, 9);
    f->bcast = (uint8_t)r700_bits(w[1], 16, 16);
    f->wfall = (uint8_t)r700_bits(w[1], 17, 17);
    f->mux = (uint8_t)r700_bits(w[1], 22, 20);
    if (r700_bits(w[1], 15, 13) || r700_bits(w[1], 19, 18) || r700_bits(w[1], 31, 23))
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: reserved bits of the second dword set", nm);
    if (f->dst_rel == 3)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: DST_REL_MODE 3 is reserved", nm);
    if (f->mux > 2)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: MUX_CNTL %u is reserved", nm, f->mux);
    return GPUREF_OK;
}

int r700_decode_fetch(const uint32_t *w, size_t avail, r700_fetch *f, char *err)
{
    memset(f, 0, sizeof *f);
    if (avail < 4)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "truncated fetch instruction (%zu of 4 words)",
                           avail);
    memcpy(f->w, w, sizeof f->w);
    unsigned op = r700_bits(w[0], 4, 0);
    if (op == 2)                         /* MEM: MEM_OP [10:8] picks the row */
        op |= r700_bits(w[0], 10, 8) << 5;
    int row = -1;
    for (int i = 0; i < R700_NFETCH; i++)
        if (r700_fetch_rows[i].op == op)
            row = i;
    if (row < 0 && (op & 31) == 2)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "MEM: MEM_OP %u is reserved (L8648)", op >> 5);
    if (row < 0)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "reserved fetch instruction %u (TEX_INST 13, "
                           "L8540)", op);
    if (w[3])
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: the fourth fetch dword is 0x%08x (must be 0, "
                           "L2090, L2118)", r700_fetch_rows[row].name, w[3]);
    f->row = (uint16_t)row;
    f->form = r700_fetch_rows[row].form;
    const char *nm = r700_fetch_rows[row].name;
    if (f->form >= R700_FF_MRD)
        return decode_mem(w, f, nm, err);
    f->fwq = (uint8_t)r700_bits(w[0], 7, 7);
    f->rid = (uint16_t)r700_bits(w[0], 15, 8);
    f->src_gpr = (uint8_t)r700_bits(w[0], 22, 16);
    f->src_rel = (uint8_t)r700_bits(w[0], 23, 23);
    f->dst_gpr = (uint8_t)r700_bits(w[1], 6, 0);
    f->dst_rel = (uint8_t)r700_bits(w[1], 7, 7);
    if (r700_bits(w[1], 8, 8))
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: reserved bit 8 of the second dword set", nm);
    for (unsigned k = 0; k < 4; k++) {
        f->dsel[k] = (uint8_t)r700_bits(w[1], 11 + 3 * k, 9 + 3 * k);
        if (f->dsel[k] == 6)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: DST_SEL_%c 6 is reserved", nm,
                               r700_chan_name[k]);
    }
    if (f->form == R700_FF_VTX) {
        f->fetch_type = (uint8_t)r700_bits(w[0], 6, 5);
        f->ssel[0] = (uint8_t)r700_bits(w[0], 25, 24);
        f->mfc = (uint8_t)r700_bits(w[0], 31, 26);
        if (op == 1) {        /* VTX_WORD1_SEM: SEMANTIC_ID [7:0] */
            f->sem = (uint8_t)r700_bits(w[1], 7, 0);
            f->dst_gpr = f->dst_rel = 0;
        }
        f->ucf = (uint8_t)r700_bits(w[1], 21, 21);
        f->dfmt = (uint8_t)r700_bits(w[1], 27, 22);
        f->nfa = (uint8_t)r700_bits(w[1], 29, 28);
        f->fca = (uint8_t)r700_bits(w[1], 30, 30);
        f->sma = (uint8_t)r700_bits(w[1], 31, 31);
        f->offset = (uint16_t)r700_bits(w[2], 15, 0);
        f->endian = (uint8_t)r700_bits(w[2], 17, 16);
        f->cbns = (uint8_t)r700_bits(w[2], 18, 18);
        f->mf = (uint8_t)r700_bits(w[2], 19, 19);
        f->alt = (uint8_t)r700_bits(w[2], 20, 20);
        if (f->fetch_type == 3)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: FETCH_TYPE 3 is reserved", nm);
        if (f->nfa == 3)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: NUM_FORMAT_ALL 3 is reserved", nm);
        if (f->endian == 3)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: ENDIAN_SWAP 3 is reserved", nm);
        if (r700_bits(w[2], 31, 21))
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: reserved bits 31:21 of the third dword "
                               "set", nm);
        return GPUREF_OK;
    }
    f->bfm = (uint8_t)r700_bits(w[0], 5, 5);
    f->alt = (uint8_t)r700_bits(w[0], 24, 24);
    if (r700_bits(w[0], 6, 6) || r700_bits(w[0], 31, 25))
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: reserved bits of the first dword set", nm);
    f->lod_bias = (uint8_t)r700_bits(w[1], 27, 21);
    f->ct = (uint8_t)r700_bits(w[1], 31, 28);
    for (unsigned k = 0; k < 3; k++) {
        unsigned v = r700_bits(w[2], 5 * k + 4, 5 * k);
        f->ofs[k] = (int8_t)(v >= 16 ? (int)v - 32 : (int)v);
    }
    f->sampler = (uint8_t)r700_bits(w[2], 19, 15);
    for (unsigned k = 0; k < 4; k++) {
        f->ssel[k] = (uint8_t)r700_bits(w[2], 22 + 3 * k, 20 + 3 * k);
        if (f->ssel[k] > 5)
            return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: SRC_SEL_%c %u is reserved (L8616)", nm,
                               r700_chan_name[k], f->ssel[k]);
    }
    return GPUREF_OK;
}

void r700_encode_fetch(const r700_fetch *f, uint32_t w[4])
{
    const r700_fetch_row *r = &r700_fetch_rows[f->row];
    w[3] = 0;
    if (f->form == R700_FF_MRD) {
        w[0] = 2u | (uint32_t)f->elem_size << 5 | (uint32_t)f->fwq << 7 | (uint32_t)(r->op >> 5) << 8 |
               (uint32_t)f->uncached << 11 | (uint32_t)f->indexed << 12 | (uint32_t)f->src_gpr << 16 |
               (uint32_t)f->src_rel << 23 | (uint32_t)f->ssel[0] << 24 | (uint32_t)f->burst << 26;
        w[1] = (uint32_t)f->dst_gpr | (uint32_t)f->dst_rel << 7 | (uint32_t)f->dfmt << 22 |
               (uint32_t)f->nfa << 28 | (uint32_t)f->fca << 30 | (uint32_t)f->sma << 31;
        for (unsigned k = 0; k < 4; k++)
            w[1] |= (uint32_t)f->dsel[k] << (9 + 3 * k);
        w[2] = (uint32_t)f->array_base | (uint32_t)f->endian << 16 | (uint32_t)f->mf << 19 |
               (uint32_t)f->array_size << 20;
        return;
    }
    if (f->form == R700_FF_DSW || f->form == R700_FF_DSR) {
        w[0] = 2u | (uint32_t)(r->op >> 5) << 8 | (uint32_t)f->src_gpr << 11 | (uint32_t)f->src_rel << 18;
        w[2] = f->burst;
        if (f->form == R700_FF_DSW) {
            for (unsigned k = 0; k < 4; k++)
                w[0] |= (uint32_t)f->ssel[k] << (20 + 3 * k);
            w[1] = (uint32_t)f->dst_index | (uint32_t)f->dst_stride << 16 | (uint32_t)f->wave_rel << 31;
        } else {
            w[0] |= (uint32_t)f->ssel[0] << 20 | (uint32_t)f->ssel[1] << 23 | (uint32_t)f->rd_offset << 26;
            w[1] = (uint32_t)f->dst_gpr | (uint32_t)f->dst_rel << 7 | (uint32_t)f->dwr << 9 |
                   (uint32_t)f->bcast << 16 | (uint32_t)f->wfall << 17 | (uint32_t)f->mux << 20;
        }
        return;
    }
    w[0] = r->op | (uint32_t)f->fwq << 7 | (uint32_t)f->rid << 8 | (uint32_t)f->src_gpr << 16 |
           (uint32_t)f->src_rel << 23;
    w[1] = 0;
    for (unsigned k = 0; k < 4; k++)
        w[1] |= (uint32_t)f->dsel[k] << (9 + 3 * k);
    w[3] = 0;
    if (f->form == R700_FF_VTX) {
        w[0] |= (uint32_t)f->fetch_type << 5 | (uint32_t)f->ssel[0] << 24 | (uint32_t)f->mfc << 26;
        w[1] |= r->op == 1 ? f->sem : (uint32_t)f->dst_gpr | (uint32_t)f->dst_rel << 7;
        w[1] |= (uint32_t)f->ucf << 21 | (uint32_t)f->dfmt << 22 | (uint32_t)f->nfa << 28 |
                (uint32_t)f->fca << 30 | (uint32_t)f->sma << 31;
        w[2] = f->offset | (uint32_t)f->endian << 16 | (uint32_t)f->cbns << 18 |
               (uint32_t)f->mf << 19 | (uint32_t)f->alt << 20;
        return;
    }
    w[0] |= (uint32_t)f->bfm << 5 | (uint32_t)f->alt << 24;
    w[1] |= (uint32_t)f->dst_gpr | (uint32_t)f->dst_rel << 7 | (uint32_t)f->lod_bias << 21 |
            (uint32_t)f->ct << 28;
    w[2] = 0;
    for (unsigned k = 0; k < 3; k++)
        w[2] |= ((uint32_t)f->ofs[k] & 31u) << (5 * k);
    w[2] |= (uint32_t)f->sampler << 15;
    for (unsigned k = 0; k < 4; k++)
        w[2] |= (uint32_t)f->ssel[k] << (20 + 3 * k);
}

/* ------------------------------------------------------------ formats */
typedef struct r700_numfmt { unsigned dfmt, nfa, fca, sma, endian; } r700_numfmt;

/* the fetch-constant format word of a resource (RESn.fmt, README "Fetch
 * clauses"): DATA_FORMAT [5:0], NUM_FORMAT_ALL [7:6], FORMAT_COMP_ALL [8],
 * SRF_MODE_ALL [9], ENDIAN_SWAP [11:10] */
static r700_numfmt res_fmt(uint32_t v)
{
    return (r700_numfmt){ v & 63, (v >> 6) & 3, (v >> 8) & 1, (v >> 9) & 1, (v >> 10) & 3 };
}

/* num / den correctly rounded (RNE) to binary32, 0 < num, num < 2^32, den < 2^32:
 * the quotient's bits by long division, the rest as the sticky bit */
static uint32_t f32_ratio(uint64_t num, uint64_t den, int neg)
{
    if (!num)
        return neg ? 0x80000000u : 0;
    int e = 0;                           /* 2^e <= num/den < 2^(e+1) */
    uint64_t n = num, d = den;
    while (n >= 2 * d) { d <<= 1; e++; }
    while (n < d) { n <<= 1; e--; }
    uint32_t q = 0;                      /* 1 + 23 fraction bits + guard: 25 bits */
    for (int i = 0; i < 25; i++) {
        q <<= 1;
        if (n >= d) { q |= 1; n -= d; }
        n <<= 1;
    }
    int sticky = n != 0;
    uint32_t m = q >> 1, g = q & 1;
    if (g && (sticky || (m & 1)))
        m++;
    if (m >> 24) { m >>= 1; e++; }
    return (neg ? 0x80000000u : 0) | (uint32_t)(e + 127) << 23 | (m & 0x7fffffu);
}

/* one component of `nb` bits to a 32-bit register value (the number formats,
 * L8342-8370; D47) */
static int comp_value(const r700_state *s, uint32_t raw, unsigned nb, int flt, const r700_numfmt *nf,
                      uint32_t *out, char *err)
{
    if (flt) {                           /* float formats: the NUM_FORMAT does not apply */
        if (nb == 32) {
            *out = raw;
            return GPUREF_OK;
        }
        uint64_t r;
        int st = fp_convert(FP_F32, FP_F16, raw, &s->fp, FP_F_KEEP_IN | FP_F_KEEP_OUT, &r, NULL);
        *out = (uint32_t)r;
        return st;
    }
    uint32_t m = nb == 32 ? 0xffffffffu : (1u << nb) - 1;
    raw &= m;
    int neg = nf->fca && (raw >> (nb - 1) & 1);
    int64_t sv = neg ? (int64_t)raw - ((int64_t)1 << nb) : (int64_t)raw;
    switch (nf->nfa) {
    case 1:                              /* INT: the integer (sign-extended if signed) */
        *out = nf->fca ? (uint32_t)(int32_t)sv : raw;
        return GPUREF_OK;
    case 2: {                            /* SCALED: the integer as a float */
        uint64_t r;
        int st = fp_from_int(FP_F32, nf->fca ? FP_I32 : FP_U32,
                             nf->fca ? (uint64_t)(int64_t)(int32_t)sv : raw, &s->fp, 0, &r, NULL);
        *out = (uint32_t)r;
        return st;
    }
    default:                             /* NORM */
        if (nb == 32)
            return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: NUM_FORMAT_NORM of a 32-bit "
                               "component (D47)");
        if (!nf->fca) {                  /* x / (2^N - 1) */
            *out = f32_ratio(raw, m, 0);
            return GPUREF_OK;
        }
        if (nf->sma) {                   /* NO_ZERO: (2x + 1) / (2^N - 1) */
            int64_t t = 2 * sv + 1;
            *out = f32_ratio((uint64_t)(t < 0 ? -t : t), m, t < 0);
            return GPUREF_OK;
        }
        {                                /* ZERO_CLAMP_MINUS_ONE: x / (2^(N-1) - 1), >= -1 */
            uint64_t dn = ((uint64_t)1 << (nb - 1)) - 1;
            if (sv < -(int64_t)dn)
                sv = -(int64_t)dn;
            *out = f32_ratio((uint64_t)(sv < 0 ? -sv : sv), dn, sv < 0);
            return GPUREF_OK;
        }
    }
}

/* the element layout of a format: the formats the model unpacks (D46) and
 * the endian swaps that fit them (D48); checked once per instruction, before
 * any lane, so that an unimplemented format stops even when every lane reads
 * outside its resource */
static int elem_layout(const r700_numfmt *nf, const char *nm, r700_dfmt *d, unsigned *bytes,
                       char *err)
{
    *d = dfmt_of(nf->dfmt);
    if (!d->n)
        return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: %s with DATA_FORMAT FMT_%s (D46)",
                           nm, r700_dfmt_name[nf->dfmt]);
    *bytes = (d->n * d->bits + 7u) / 8u;
    unsigned unit = nf->endian == 1 ? 2 : nf->endian == 2 ? 4 : 1;
    if (unit > 1 && *bytes % unit)
        return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: %s: ENDIAN_SWAP %s on FMT_%s "
                           "(%u-byte element, D48)", nm, r700_endian_name[nf->endian],
                           r700_dfmt_name[nf->dfmt], *bytes);
    return GPUREF_OK;
}

/* read one element of layout d (`bytes` bytes, elem_layout) at `addr` of
 * space mem and unpack it to four values (the missing components 0, 0, 0, 1;
 * D46) */
static int space_elem(r700_state *s, int space, const char *spn, uint64_t addr,
                      const r700_numfmt *nf, r700_dfmt d, unsigned bytes, const char *nm,
                      uint32_t v[4], char *err)
{
    unsigned unit = nf->endian == 1 ? 2 : nf->endian == 2 ? 4 : 1;
    uint64_t size;
    const uint8_t *sp = r700_space(s, space, &size);
    if (addr > size || bytes > size - addr)
        return gpuref_errf(err, GPUREF_ERR_FAULT, "%s: address 0x%llx (+%u bytes) is outside the space "
                           "%s (0x%llx bytes)", nm, (unsigned long long)addr, bytes, spn,
                           (unsigned long long)size);
    uint8_t b[16];
    memcpy(b, sp + addr, bytes);
    for (unsigned i = 0; unit > 1 && i < bytes; i += unit)     /* XOR the byte address by 1 or 3 */
        for (unsigned j = 0; j < unit / 2; j++) {
            uint8_t t = b[i + j];
            b[i + j] = b[i + unit - 1 - j];
            b[i + unit - 1 - j] = t;
        }
    int isint = !d.flt && nf->nfa == 1;
    v[0] = v[1] = v[2] = 0;
    v[3] = isint ? 1u : 0x3f800000u;
    for (unsigned c = 0; c < d.n; c++) {
        unsigned bit = c * d.bits;
        uint64_t raw = 0;
        for (unsigned k = 0; k < 8 && bit / 8 + k < bytes; k++)
            raw |= (uint64_t)b[bit / 8 + k] << (8 * k);
        raw >>= bit % 8;
        int st = comp_value(s, (uint32_t)raw, d.bits, d.flt, nf, &v[c], err);
        if (st)
            return st;
    }
    return GPUREF_OK;
}

static int fetch_elem(r700_state *s, uint64_t addr, const r700_numfmt *nf, r700_dfmt d,
                      unsigned bytes, const char *nm, uint32_t v[4], char *err)
{
    return space_elem(s, R700_SPACE_MEM, "mem", addr, nf, d, bytes, nm, v, err);
}

/* ------------------------------------------------------------ exec */
/* the destination swizzle and the GPR writes of one fetch (per lane vals) */
static void write_dst(r700_state *s, const r700_fetch *f, unsigned g, uint64_t lanes,
                      uint32_t (*val)[4], gpuref_retire *rr)
{
    if (g >= s->cfg.gprs || !lanes)      /* out of range: no write (L1343) */
        return;
    for (unsigned k = 0; k < 4; k++) {
        unsigned sel = f->dsel[k];
        if (sel == 7)
            continue;
        gpuref_regw *w = gpuref_retire_regw(rr, R700_F_R, g * 4 + k, 0xffffffffu);
        for (unsigned l = 0; l < s->cfg.lanes; l++) {
            if (!(lanes >> l & 1))
                continue;
            uint32_t v = sel < 4 ? val[l][sel] : sel == 4 ? 0 : 0x3f800000u;
            s->gpr[g][k][l] = v;
            if (w) {
                w->lanes |= 1ull << l;
                w->value[l] = v;
            }
        }
    }
}

int r700_fx_unimpl(r700_state *s, const r700_fetch *f, uint64_t lanes, gpuref_retire *rr, char *err)
{
    (void)s; (void)lanes; (void)rr;
    return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: %s", r700_fetch_rows[f->row].name);
}

/* the clause kinds (L2161, L2221): memory reads in VTX/VTX_TC clauses, LDS
 * instructions in TEX clauses */
static int mem_clause(const r700_state *s, const r700_fetch *f, const char *nm, char *err)
{
    int tex = s->ccf.row == R700_CF_TEX;
    if (f->form == R700_FF_MRD && tex)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s in a TEX clause (memory reads run in VTX and "
                           "VTX_TC clauses, L2161)", nm);
    if (f->form != R700_FF_MRD && !tex)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s in a %s clause (LDS instructions run in TEX "
                           "clauses, L2221)", nm, r700_cf_rows[s->ccf.row].name);
    if (f->burst)
        return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: %s with BURST_CNT %u (%s)", nm,
                           f->burst, f->form == R700_FF_MRD ? "RV770 has no burst reads, L2215"
                                                            : "LDS bursts not modelled, D49");
    return GPUREF_OK;
}

/* MEM_RD_SCRATCH, MEM_RD_REDUC, MEM_RD_SCATTER (§3.4.3, §7.1; D49): one
 * element of DATA_FORMAT per lane, through the number formats, the endian
 * swap and DST_SEL of a vertex fetch.  Scratch and reduction: element
 * e = ARRAY_BASE + (INDEXED ? SRC_GPR clamped to [0, ARRAY_SIZE] : 0) of lane
 * l at byte (e*64 + l) * 16 of its space, where MEM_SCRATCH/MEM_REDUCTION
 * write it (D54); scatter: dword ARRAY_BASE + (INDEXED ? SRC_GPR : 0) of
 * space mem (D55).  A relative destination past the GPRs writes GPR 0
 * (L1346: "unless the instruction is a memory read"). */
int r700_fx_memrd(r700_state *s, const r700_fetch *f, uint64_t lanes, gpuref_retire *rr, char *err)
{
    const char *nm = r700_fetch_rows[f->row].name;
    int st = mem_clause(s, f, nm, err);
    if (st)
        return st;
    int scatter = f->mop == 2;
    if (f->elem_size == 2)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: ELEM_SIZE 2 (three dwords) is illegal "
                           "(L8644)", nm);
    if (!scatter && f->elem_size != 3)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: ELEM_SIZE %u (scratch and reduction reads "
                           "take 3: four dwords, L2198, D54)", nm, f->elem_size);
    r700_numfmt nf = { f->dfmt, f->nfa, f->fca, f->sma, f->endian };
    if (tex_only(nf.dfmt))
        return gpuref_errf(err, GPUREF_ERR_FAULT, "%s: FMT_%s is a texture-only format (L8297)", nm,
                           r700_dfmt_name[nf.dfmt]);
    r700_dfmt d;
    unsigned bytes;
    if ((st = elem_layout(&nf, nm, &d, &bytes, err)))
        return st;
    unsigned sg = f->src_gpr + (f->src_rel ? r700_al_index(s) : 0);
    unsigned dg = f->dst_gpr + (f->dst_rel ? r700_al_index(s) : 0u);
    if (f->dst_rel && f->dst_gpr < s->cfg.gprs && dg >= s->cfg.gprs)
        dg = 0;
    int space = scatter ? R700_SPACE_MEM : f->mop == 0 ? R700_SPACE_BUF0 + 4 : R700_SPACE_BUF0 + 5;
    const char *spn = scatter ? "mem" : f->mop == 0 ? "scratch" : "reduction";
    uint32_t vals[R700_LANES][4];
    for (unsigned l = 0; l < s->cfg.lanes; l++) {
        if (!(lanes >> l & 1))
            continue;
        uint32_t iv = f->indexed ? r700_gpr_read(s, sg, f->ssel[0], l) : 0;
        uint64_t addr;
        if (scatter) {
            addr = ((uint64_t)f->array_base + iv) * 4;
        } else {
            int64_t ix = (int32_t)iv;
            if (ix < 0)
                ix = 0;
            if (ix > f->array_size)
                ix = f->array_size;
            addr = (((uint64_t)f->array_base + (uint64_t)ix) * R700_LANES + l) * 16;
        }
        if ((st = space_elem(s, space, spn, addr, &nf, d, bytes, nm, vals[l], err)))
            return st;
    }
    write_dst(s, f, dg, lanes, vals, rr);
    return GPUREF_OK;
}

/* the LDS as banks (L627-660): dword `off` of bank `bank` is at byte
 * ((off / 4) * 4 + bank) * 16 + (off % 4) * 4 of space lds, so that one
 * entry of the four banks is 64 contiguous bytes (the 512-bit row) */
static uint32_t lds_byte(unsigned bank, unsigned off)
{
    return ((off / 4u) * 4u + bank) * 16u + (off % 4u) * 4u;
}

/* a GPR of the LDS forms with its relative mode (REL_NONE, REL_LOOP; REL_GLOBAL
 * is a SIMD-global GPR: unimplemented) */
static int ds_gpr(const r700_state *s, unsigned mode, unsigned g, unsigned *out, char *err)
{
    if (mode == 2)
        return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: REL_GLOBAL (SIMD-global GPRs)");
    *out = g + (mode ? r700_al_index(s) : 0u);
    return GPUREF_OK;
}

/* LOCAL_DS_WRITE (L627-660, L8762-8820; D49): lane l writes its SRC_SEL
 * components to dwords bank_offset .. +3 of bank l mod 4, bank_offset =
 * (l >> 2) * DST_STRIDE + DST_INDEX (dwords; one wavefront per group, so
 * SIMD_WAVE_REL does not change thread_id); SEL_MASK components are not
 * written.  One memory write per lane (16 bytes, byte mask from SRC_SEL). */
int r700_fx_dsw(r700_state *s, const r700_fetch *f, uint64_t lanes, gpuref_retire *rr, char *err)
{
    const char *nm = r700_fetch_rows[f->row].name;
    int st = mem_clause(s, f, nm, err);
    if (st)
        return st;
    unsigned sg = 0;
    if ((st = ds_gpr(s, f->src_rel, f->src_gpr, &sg, err)))
        return st;
    if (f->dst_index % 4 || f->dst_stride % 4 || !f->dst_stride)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: DST_INDEX %u / DST_STRIDE %u (writes are "
                           "four-dword aligned: multiples of 4, a stride of at least 4, L627-660)", nm,
                           f->dst_index, f->dst_stride);
    unsigned mask = 0;
    for (unsigned k = 0; k < 4; k++)
        if (f->ssel[k] != 7)
            mask |= 15u << (4 * k);
    for (unsigned l = 0; l < s->cfg.lanes; l++) {
        unsigned off = (l >> 2) * f->dst_stride + f->dst_index;
        if ((lanes >> l & 1) && off + 4 > R700_LDS_BYTES / 16)
            return gpuref_errf(err, GPUREF_ERR_FAULT, "%s: lane %u writes dwords %u..%u of bank %u "
                               "(a bank has 1024, L627)", nm, l, off, off + 3, l & 3);
    }
    if (!mask)
        return GPUREF_OK;
    for (unsigned l = 0; l < s->cfg.lanes; l++) {
        if (!(lanes >> l & 1))
            continue;
        unsigned off = (l >> 2) * f->dst_stride + f->dst_index;
        uint32_t v[4] = { 0, 0, 0, 0 };
        for (unsigned k = 0; k < 4; k++) {
            unsigned sel = f->ssel[k];
            v[k] = sel < 4 ? r700_gpr_read(s, sg, sel, l) : sel == 4 ? 0 : 0x3f800000u;
        }
        uint8_t d[16];
        memcpy(d, v, 16);
        uint32_t a = lds_byte(l & 3, off);
        for (unsigned b = 0; b < 16; b++)
            if (mask >> b & 1)
                s->mem->lds[a + b] = d[b];
        gpuref_retire_memw(rr, R700_SPACE_LDS, a, 16, l, d, mask == 0xffff ? 0 : mask,
                           GPUREF_SLOT_NONE);
    }
    return GPUREF_OK;
}

/* LOCAL_DS_READ (L627-670, L8822-8880; D49): SRC_GPR.SRC_SEL_X is the bank
 * (0-3), SRC_GPR.SRC_SEL_Y + RD_OFFSET the dword offset in it, which must
 * start a four-dword entry (MUX_CNTL NONE: "any aligned four-dword entry");
 * dwords 0-3 of the entry go to DST_GPR.xyzw where DST_WR_X..W is set.
 * BROADCAST: the first valid lane's entry to every lane of the wavefront.
 * Without WATERFALL, two lanes of a quad reading one bank at different
 * offsets are a located error (L8858: "this bit must be set"); WATERFALL only
 * changes the timing.  A relative destination past the GPRs: no write
 * (L1346). */
int r700_fx_dsr(r700_state *s, const r700_fetch *f, uint64_t lanes, gpuref_retire *rr, char *err)
{
    const char *nm = r700_fetch_rows[f->row].name;
    int st = mem_clause(s, f, nm, err);
    if (st)
        return st;
    if (f->mux)
        return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: %s with MUX_CNTL %s (%s, D49)", nm,
                           f->mux == 1 ? "FFT_PERMUTE" : "WORD_SELECT",
                           f->mux == 1 ? "the permutation is not given"
                                       : "the destination of the dword is not given");
    unsigned sg = 0, dg = 0;
    if ((st = ds_gpr(s, f->src_rel, f->src_gpr, &sg, err)) ||
        (st = ds_gpr(s, f->dst_rel, f->dst_gpr, &dg, err)))
        return st;
    uint64_t all = s->cfg.lanes >= 64 ? ~0ull : (1ull << s->cfg.lanes) - 1;
    unsigned first = 0;
    if (f->bcast) {
        uint64_t v = s->valid & all;
        first = v ? (unsigned)__builtin_ctzll(v) : 0;
    }
    unsigned bank[R700_LANES], off[R700_LANES];
    for (unsigned l = 0; l < s->cfg.lanes; l++) {
        unsigned from = f->bcast ? first : l;
        if (!f->bcast && !(lanes >> l & 1))
            continue;
        uint32_t b = r700_gpr_read(s, sg, f->ssel[0] < 4 ? f->ssel[0] : 0, from);
        uint32_t y = r700_gpr_read(s, sg, f->ssel[1] < 4 ? f->ssel[1] : 0, from);
        if (f->ssel[0] >= 4)
            b = f->ssel[0] == 4 ? 0 : 0x3f800000u;
        if (f->ssel[1] >= 4)
            y = f->ssel[1] == 4 ? 0 : 0x3f800000u;
        uint64_t o = (uint64_t)y + f->rd_offset;
        if (b > 3 || o % 4 || o + 4 > R700_LDS_BYTES / 16)
            return gpuref_errf(err, GPUREF_ERR_FAULT, "%s: lane %u reads bank %u dword %llu (banks "
                               "0-3 of 1024 dwords, four-dword entries, L627-670)", nm, from, b,
                               (unsigned long long)o);
        bank[l] = b;
        off[l] = (unsigned)o;
    }
    if (!f->bcast && !f->wfall)
        for (unsigned l = 0; l < s->cfg.lanes; l++)
            for (unsigned m = l + 1; m < (l | 3u) + 1; m++)
                if ((lanes >> l & 1) && (lanes >> m & 1) && bank[l] == bank[m] && off[l] != off[m])
                    return gpuref_errf(err, GPUREF_ERR_DECODE, "%s: lanes %u and %u of a quad read "
                                       "bank %u at dwords %u and %u without WATERFALL (L8858)", nm,
                                       l, m, bank[l], off[l], off[m]);
    uint64_t wl = f->bcast ? all : lanes;
    if (dg >= s->cfg.gprs || !wl || !f->dwr)
        return GPUREF_OK;
    for (unsigned k = 0; k < 4; k++) {
        if (!(f->dwr >> k & 1))
            continue;
        gpuref_regw *w = gpuref_retire_regw(rr, R700_F_R, dg * 4 + k, 0xffffffffu);
        for (unsigned l = 0; l < s->cfg.lanes; l++) {
            if (!(wl >> l & 1))
                continue;
            uint32_t v;
            memcpy(&v, s->mem->lds + lds_byte(bank[l], off[l]) + 4 * k, 4);
            s->gpr[dg][k][l] = v;
            if (w) {
                w->lanes |= 1ull << l;
                w->value[l] = v;
            }
        }
    }
    return GPUREF_OK;
}

/* FETCH, SEMANTIC (§5, §9.3): the index from SRC_GPR.SRC_SEL_X (+aL), the
 * element at base + index * stride + OFFSET of resource BUFFER_ID */
int r700_fx_vtx(r700_state *s, const r700_fetch *f, uint64_t lanes, gpuref_retire *rr, char *err)
{
    const char *nm = r700_fetch_rows[f->row].name;
    const uint32_t *res = s->res[f->rid];
    r700_numfmt nf = f->ucf ? res_fmt(res[3])
                            : (r700_numfmt){ f->dfmt, f->nfa, f->fca, f->sma, f->endian };
    if (tex_only(nf.dfmt))
        return gpuref_errf(err, GPUREF_ERR_FAULT, "%s: FMT_%s is a texture-only format (L8297)", nm,
                           r700_dfmt_name[nf.dfmt]);
    r700_dfmt d;
    unsigned bytes;
    int st = elem_layout(&nf, nm, &d, &bytes, err);
    if (st)
        return st;
    unsigned sg = f->src_gpr + (f->src_rel ? r700_al_index(s) : 0);
    uint64_t stride = (f->cbns && !f->src_rel) ? 0 : res[1];
    unsigned dg = f->row == R700_FX_SEMANTIC ? s->sem[f->sem] & 127u
                                              : f->dst_gpr + (f->dst_rel ? r700_al_index(s) : 0u);
    uint32_t vals[R700_LANES][4];
    for (unsigned l = 0; l < s->cfg.lanes; l++) {
        if (!(lanes >> l & 1))
            continue;
        uint64_t idx = r700_gpr_read(s, sg, f->ssel[0], l);
        uint64_t off = idx * stride + f->offset;
        if (off + bytes > res[2]) {                   /* outside the buffer: 0 (D50) */
            memset(vals[l], 0, sizeof vals[l]);
            continue;
        }
        if ((st = fetch_elem(s, res[0] + off, &nf, d, bytes, nm, vals[l], err)))
            return st;
    }
    write_dst(s, f, dg, lanes, vals, rr);
    return GPUREF_OK;
}

static uint32_t tex_src(const r700_state *s, const r700_fetch *f, unsigned g, unsigned k, unsigned l)
{
    unsigned sel = f->ssel[k];
    return sel < 4 ? r700_gpr_read(s, g, sel, l) : sel == 4 ? 0 : 0x3f800000u;
}

/* LD (L7149): unsigned X, Y, Z and the level W, no filtering; outside the
 * resource 0 (D50); the texel at base + (z * height + y) * stride + x * size */
int r700_fx_ld(r700_state *s, const r700_fetch *f, uint64_t lanes, gpuref_retire *rr, char *err)
{
    if (f->ofs[0] || f->ofs[1] || f->ofs[2])
        return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: LD with OFFSET_X/Y/Z (their unit "
                           "is not given, D51)");
    if (f->lod_bias)
        return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: LD with LOD_BIAS (D51)");
    const uint32_t *res = s->res[f->rid];
    r700_numfmt nf = res_fmt(res[3]);
    r700_dfmt d;
    unsigned bytes;
    int st = elem_layout(&nf, "LD", &d, &bytes, err);
    if (st)
        return st;
    unsigned sg = f->src_gpr + (f->src_rel ? r700_al_index(s) : 0);
    unsigned dg = f->dst_gpr + (f->dst_rel ? r700_al_index(s) : 0u);
    uint32_t vals[R700_LANES][4];
    for (unsigned l = 0; l < s->cfg.lanes; l++) {
        if (!(lanes >> l & 1))
            continue;
        uint32_t x = tex_src(s, f, sg, 0, l), y = tex_src(s, f, sg, 1, l);
        uint32_t z = tex_src(s, f, sg, 2, l), lv = tex_src(s, f, sg, 3, l);
        if (x >= res[4] || y >= res[5] || z >= res[6] || lv >= res[7]) {
            memset(vals[l], 0, sizeof vals[l]);
            continue;
        }
        if (lv)
            return gpuref_errf(err, GPUREF_ERR_UNIMPL, "unimplemented: LD from mip level %u (the mip "
                               "layout is not modelled, D51)", lv);
        uint64_t row, off, addr;
        if (__builtin_mul_overflow((uint64_t)z, (uint64_t)res[5], &row) ||
            __builtin_add_overflow(row, (uint64_t)y, &row) ||
            __builtin_mul_overflow(row, (uint64_t)res[1], &off) ||
            __builtin_add_overflow(off, (uint64_t)x * bytes + res[0], &addr))
            addr = UINT64_MAX;                         /* outside the space: a fault below */
        if ((st = fetch_elem(s, addr, &nf, d, bytes, "LD", vals[l], err)))
            return st;
    }
    write_dst(s, f, dg, lanes, vals, rr);
    return GPUREF_OK;
}

/* GET_TEXTURE_RESINFO (L7099): width, height, depth and mip levels of the
 * resource as unsigned integers (D52); the source is not read */
int r700_fx_resinfo(r700_state *s, const r700_fetch *f, uint64_t lanes, gpuref_retire *rr, char *err)
{
    (void)err;
    const uint32_t *res = s->res[f->rid];
    unsigned dg = f->dst_gpr + (f->dst_rel ? r700_al_index(s) : 0u);
    uint32_t vals[R700_LANES][4];
    for (unsigned l = 0; l < s->cfg.lanes; l++)
        for (unsigned k = 0; k < 4; k++)
            vals[l][k] = res[4 + k];
    write_dst(s, f, dg, lanes, vals, rr);
    return GPUREF_OK;
}

/* one fetch instruction of the running clause: a unit of kind "fetch",
 * stream "fetch clause", 4 words; the lanes the CF instruction selected
 * (FETCH_WHOLE_QUAD: whole quads of them, D53) */
int r700_fetch_unit(r700_state *s, gpuref_retire *rr, char *err)
{
    uint32_t pc = s->cpc;
    size_t wi = (pc - s->base) / 4;
    char why[GPUREF_ERRLEN];
    if (pc < s->base || wi + 4 > s->nwords)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "fetch clause at 0x%x runs past the program "
                           "(truncated clause)", pc);
    if (s->fdst[wi / 2] != GPUREF_OK)
        return r700_view_error(s, R700_VIEW_FETCH, pc, err);
    const r700_fetch *f = &s->fd[wi / 2];
    const char *nm = r700_fetch_rows[f->row].name;
    if (f->form == R700_FF_TEX && s->ccf.row != R700_CF_TEX)
        return gpuref_errf(err, GPUREF_ERR_DECODE, "fetch at 0x%x: %s in a %s clause (texture "
                           "instructions run in TEX clauses only, L2116)", pc, nm,
                           r700_cf_rows[s->ccf.row].name);
    if (f->alt)                          /* the alternate constant set: not modelled */
        return gpuref_errf(err, GPUREF_ERR_UNIMPL, "fetch at 0x%x %s: unimplemented: %s with "
                           "ALT_CONST (D44)", pc, nm, nm);
    uint64_t lanes = 0;
    for (unsigned l = 0; l < s->cfg.lanes; l++)
        if (s->clause_lanes[l])
            lanes |= 1ull << l;
    if (f->fwq)
        for (unsigned q = 0; q < s->cfg.lanes; q += 4)
            if (lanes >> q & 15)
                lanes |= 15ull << q;
    rr->pc = pc;
    rr->kind = 2;
    rr->stream = 2;
    rr->nwords = 4;
    memcpy(rr->words, s->words + wi, 4 * sizeof(uint32_t));
    rr->exec_mask = lanes;
    /* a failing fetch leaves the state as it was: exec into a copy of the GPRs
     * would cost 128 KB a unit; the exec functions fail before any write */
    int st = r700_fetch_rows[f->row].exec(s, f, lanes, rr, why);
    if (st)
        return gpuref_errf(err, st, "fetch at 0x%x %s: %s", pc, nm, why);
    s->cpc = pc + 16;
    rr->next_pc = s->cpc;
    if (s->cpc >= s->cend) {
        s->in_clause = 0;
        rr->next_pc = s->pc;
    }
    return GPUREF_OK;
}
