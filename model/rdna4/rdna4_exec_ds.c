/* rdna4_exec_ds.c - LDS: DS loads, stores and integer atomics, DScnt and its waits
 * (README "Vector memory", "LDS").
 *
 * Guide §3.3.5 (L929-974), chapter 12 (L5640-6071) and the VDS pages of chapter 16:
 *  - address = VGPR[ADDR] + {OFFSET1, OFFSET0} (16-bit unsigned); 2ADDR forms:
 *    VGPR + OFFSET0 * size and VGPR + OFFSET1 * size (size 4 or 8; STRIDE64: * 64);
 *    ADDTID forms: {OFFSET1, OFFSET0} + M0[15:0] + laneId * 4 (no VGPR);
 *  - alignment (L958-973): in UNALIGNED mode none; otherwise the address LSBs below
 *    the native alignment (B16 2, B32 4, B64 8, B96/B128 16) are cleared; atomics must
 *    be aligned to their size, else MEMVIOL;
 *  - out of range (address >= lds_size, per byte): loads return 0, stores keep their
 *    in-range bytes; MEMVIOL is reported as well (digest D10: both);
 *  - atomics: the chapter 16 pseudocode (MEM = f(tmp, DATA[, DATA2]), RETURN_DATA =
 *    tmp for the _RTN forms); CMPSTORE: src = DATA, cmp = DATA2 (L25427-25442);
 *  - every DS instruction counts on DScnt; load data (and atomic returns) reach the
 *    VGPRs in order at s_wait_dscnt (deferred write-backs, rdna4_vm_push); LDS is
 *    read and written at issue.  The waves of a work-group (waves=N) share the LDS. */
#include "rdna4.h"
#include "rdna4_exec.h"

#include <string.h>

/* What a load or store row moves per lane. */
typedef struct ds_kind {
    unsigned bytes;            /* bytes per address */
    unsigned two;              /* 2ADDR: two addresses, OFFSET0/1 * stride */
    unsigned stride;           /* 2ADDR: bytes per offset unit */
    unsigned sign, half;       /* sub-DWORD loads: sign; 0 whole, 1 bits 15:0, 2 bits 31:16 */
    unsigned addtid;
} ds_kind;

static ds_kind kind_of(unsigned op)
{
    ds_kind k = { 4, 0, 0, 0, 0, 0 };
    switch (op) {
    case 30: k.bytes = 1; break;                          /* store_b8 */
    case 31: k.bytes = 2; break;                          /* store_b16 */
    case 14: case 55: k.two = 1; k.stride = 4; break;     /* 2addr b32 */
    case 15: case 56: k.two = 1; k.stride = 256; break;   /* 2addr stride64 b32 */
    case 57: k.bytes = 1; k.sign = 1; break;              /* load_i8 */
    case 58: k.bytes = 1; break;                          /* load_u8 */
    case 59: k.bytes = 2; k.sign = 1; break;              /* load_i16 */
    case 60: k.bytes = 2; break;                          /* load_u16 */
    case 77: case 118: k.bytes = 8; break;                /* b64 */
    case 78: case 119: k.bytes = 8; k.two = 1; k.stride = 8; break;
    case 79: case 120: k.bytes = 8; k.two = 1; k.stride = 512; break;
    case 160: k.bytes = 1; k.half = 2; break;             /* store_b8_d16_hi */
    case 161: k.bytes = 2; k.half = 2; break;             /* store_b16_d16_hi */
    case 162: k.bytes = 1; k.half = 1; break;             /* load_u8_d16 */
    case 163: k.bytes = 1; k.half = 2; break;             /* load_u8_d16_hi */
    case 164: k.bytes = 1; k.half = 1; k.sign = 1; break; /* load_i8_d16 */
    case 165: k.bytes = 1; k.half = 2; k.sign = 1; break; /* load_i8_d16_hi */
    case 166: k.bytes = 2; k.half = 1; break;             /* load_u16_d16 */
    case 167: k.bytes = 2; k.half = 2; break;             /* load_u16_d16_hi */
    case 176: case 177: k.addtid = 1; break;              /* addtid */
    case 222: case 254: k.bytes = 12; break;              /* b96 */
    case 223: case 255: k.bytes = 16; break;              /* b128 */
    default: break;                                       /* 13, 54: b32 */
    }
    return k;
}

/* Native alignment mask (L966-973): B16 2, B32 4, B64 8, B96/B128 16; UNALIGNED none
 * (also FLAT's LDS lanes, rdna4_exec_vmem.c). */
uint32_t rdna4_lds_align(const rdna4_state *s, unsigned bytes)
{
    if (s->align_mode == 3 || bytes == 1)
        return 0xffffffffu;
    return bytes == 2 ? ~1u : bytes == 4 ? ~3u : bytes == 8 ? ~7u : ~15u;
}

int rdna4_lds_read(const rdna4_state *s, uint32_t a, uint8_t *b, unsigned n)
{
    int oor = 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t x = (uint64_t)a + i;
        if (x < s->lds_size)
            b[i] = s->lds[x];
        else {
            b[i] = 0;
            oor = 1;
        }
    }
    return oor;
}

int rdna4_lds_write(rdna4_state *s, gpuref_retire *rr, unsigned lane, uint32_t a,
                    const uint8_t *b, unsigned n)
{
    unsigned in = 0;
    while (in < n && (uint64_t)a + in < s->lds_size)
        in++;
    if (in) {
        memcpy(s->lds + a, b, in);
        gpuref_retire_memw(rr, 1, a, in, lane, b, 0, GPUREF_SLOT_NONE);
    }
    return in < n;
}

typedef struct ds_ins {
    uint32_t f[RDNA4_FLD_COUNT];
    uint64_t lanes;
    unsigned op;
} ds_ins;

static int ds_decode(rdna4_state *s, const rdna4_pre *p, ds_ins *d)
{
    size_t idx = (size_t)(p - s->pre);
    rdna4_insn in;
    int st = rdna4_decode(s->code + idx, s->ncode - idx, &in, s->err);
    if (st)
        return st;
    memcpy(d->f, in.f, sizeof d->f);
    d->op = rdna4_rows[p->row].op;
    d->lanes = rdna4_exec_mask(s);
    return GPUREF_OK;
}

/* The lanes of an instruction with nreg destination VGPRs from VDST (0: none): none
 * when the destination is out of range (EXEC = 0, L957).  Returns 1 when the
 * instruction is skipped: no lanes and DScnt == 0 (L741). */
static int ds_skip(const rdna4_state *s, ds_ins *d, unsigned nreg)
{
    if (nreg && d->f[RDNA4_FLD_VDST] + nreg > 256)
        d->lanes = 0;
    return !d->lanes && !s->vmcnt[RDNA4_CNT_DS];
}

static uint32_t vg(const rdna4_state *s, unsigned v, unsigned lane)
{
    return s->vgpr[(v & 255u) * 64u + lane];
}

/* The address(es) of lane l for a load/store row. */
static void ds_addrs(const rdna4_state *s, const ds_ins *d, const ds_kind *k, unsigned l,
                     uint32_t a[2])
{
    uint32_t o0 = d->f[RDNA4_FLD_OFFSET0], o1 = d->f[RDNA4_FLD_OFFSET1];
    uint32_t m = rdna4_lds_align(s, k->bytes);
    if (k->addtid) {
        a[0] = ((o1 << 8 | o0) + (s->a.sreg[RDNA4_M0] & 0xffffu) + 4u * l) & m;
        return;
    }
    uint32_t base = vg(s, d->f[RDNA4_FLD_ADDR], l);
    if (k->two) {
        a[0] = (base + o0 * k->stride) & m;
        a[1] = (base + o1 * k->stride) & m;
    } else {
        a[0] = (base + (o1 << 8 | o0)) & m;
    }
}

/* exec functions: RDNA4_EXEC (rdna4.h) retires the instruction after the body */
RDNA4_EXEC(ds_load)
{
    ds_ins d;
    int st = ds_decode(s, p, &d);
    if (st)
        return st;
    ds_kind k = kind_of(d.op);
    unsigned na = k.two ? 2 : 1, per = k.bytes >= 4 ? k.bytes / 4 : 1;
    unsigned nreg = na * per, vd = d.f[RDNA4_FLD_VDST];
    if (ds_skip(s, &d, nreg))
        return GPUREF_OK;
    uint64_t lanes = d.lanes;
    rdna4_vmload *q = rdna4_vm_push(s, rr, RDNA4_CNT_DS, vd, lanes ? nreg : 0,
                                    rdna4_vm_bits(k.half), lanes);
    int oor = 0;
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint32_t a[2];
        ds_addrs(s, &d, &k, l, a);
        for (unsigned j = 0; j < na; j++) {
            uint8_t b[16];
            uint32_t dw[4];
            oor |= rdna4_lds_read(s, a[j], b, k.bytes);
            unsigned nd = rdna4_vm_dwords(b, k.bytes, k.sign, k.half, dw);
            for (unsigned i = 0; i < nd; i++)
                s->vmdata[q->row0 + j * per + i][l] = dw[i];
        }
    }
    rdna4_vm_announce(s, rr, q);
    if (oor)
        rdna4_vm_memviol(s, rr, 2);   /* MEMVIOL, first source 2 = LDS */
    return GPUREF_OK;
}

RDNA4_EXEC(ds_store)
{
    ds_ins d;
    int st = ds_decode(s, p, &d);
    if (st)
        return st;
    ds_kind k = kind_of(d.op);
    unsigned na = k.two ? 2 : 1, per = k.bytes >= 4 ? k.bytes / 4 : 1;
    if (ds_skip(s, &d, 0))
        return GPUREF_OK;
    rdna4_vm_push(s, rr, RDNA4_CNT_DS, 0, 0, 0, 0);
    int oor = 0;
    unsigned src[2] = { d.f[RDNA4_FLD_DATA0], d.f[RDNA4_FLD_DATA1] };
    for (uint64_t m = d.lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint32_t a[2];
        ds_addrs(s, &d, &k, l, a);
        for (unsigned j = 0; j < na; j++) {
            uint8_t b[16];
            for (unsigned i = 0; i < per; i++)
                rdna4_le_put(b + 4 * i, vg(s, src[j] + i, l) >> (k.half == 2 ? 16 : 0), 4);
            oor |= rdna4_lds_write(s, rr, l, a[j], b, k.bytes);
        }
    }
    if (oor)
        rdna4_vm_memviol(s, rr, 2);
    return GPUREF_OK;
}

/* Integer atomics (also GLOBAL's, rdna4_exec_vmem.c): the operation is named by the
 * opcode of the 32-bit non-returning DS form (RDNA4_AT_*, rdna4_exec.h). */
enum { A_ADD = RDNA4_AT_ADD, A_SUB, A_RSUB, A_INC, A_DEC, A_MIN_I, A_MAX_I, A_MIN_U, A_MAX_U,
       A_AND, A_OR, A_XOR, A_MSKOR, A_XCHG, A_CMP = RDNA4_AT_CMP, A_COND_SUB = RDNA4_AT_COND_SUB,
       A_SUB_CLAMP = RDNA4_AT_SUB_CLAMP, A_ORDERED = RDNA4_AT_ORDERED };

uint64_t rdna4_atomic_int(unsigned base, unsigned w64, uint64_t tmp, uint64_t src, uint64_t src2)
{
    uint64_t mask = w64 ? ~0ull : 0xffffffffull;
    int64_t ts = w64 ? (int64_t)tmp : (int64_t)(int32_t)tmp;
    int64_t ss = w64 ? (int64_t)src : (int64_t)(int32_t)src;
    uint64_t r;
    switch (base) {
    case A_ADD:   r = tmp + src; break;
    case A_SUB:   r = tmp - src; break;
    case A_RSUB:  r = src - tmp; break;
    case A_INC:   r = tmp >= src ? 0 : tmp + 1; break;
    case A_DEC:   r = (tmp == 0 || tmp > src) ? src : tmp - 1; break;
    case A_MIN_I: r = ss < ts ? src : tmp; break;
    case A_MAX_I: r = ss >= ts ? src : tmp; break;
    case A_MIN_U: r = src < tmp ? src : tmp; break;
    case A_MAX_U: r = src >= tmp ? src : tmp; break;
    case A_AND:   r = tmp & src; break;
    case A_OR:    r = tmp | src; break;
    case A_XOR:   r = tmp ^ src; break;
    case A_MSKOR: r = (tmp & ~src) | src2; break;
    case A_XCHG:  r = src; break;
    case A_CMP:   r = tmp == src2 ? src : tmp; break;
    case A_COND_SUB:  r = tmp >= src ? tmp - src : tmp; break;
    case A_ORDERED:   /* (ID, value) pair: DWORD 0 the ID, DWORD 1 the value (L30744) */
        r = (uint32_t)tmp != (uint32_t)src ? tmp
            : (((tmp >> 32) + (src >> 32)) << 32) | (((uint32_t)tmp + 1u) & (uint32_t)src2);
        break;
    default:      r = tmp < src ? 0 : tmp - src; break;      /* A_SUB_CLAMP */
    }
    return r & mask;
}

RDNA4_EXEC(ds_atomic)
{
    ds_ins d;
    int st = ds_decode(s, p, &d);
    if (st)
        return st;
    unsigned op = d.op, base = op, rtn = 0, w64 = 0;
    if (op >= 32 && op <= 48) { base = op - 32; rtn = 1; }
    else if (op >= 64 && op <= 80) { base = op - 64; w64 = 1; }
    else if (op >= 96 && op <= 112) { base = op - 96; rtn = 1; w64 = 1; }
    else if (op == 168 || op == 169) { base = op - 16; rtn = 1; }
    unsigned n = w64 ? 8 : 4, nreg = rtn ? n / 4 : 0, vd = d.f[RDNA4_FLD_VDST];
    if (ds_skip(s, &d, nreg))
        return GPUREF_OK;
    uint64_t lanes = d.lanes;
    /* alignment: atomics must be size-aligned in every mode, else MEMVIOL (L956) */
    uint32_t off = d.f[RDNA4_FLD_OFFSET1] << 8 | d.f[RDNA4_FLD_OFFSET0];
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if ((vg(s, d.f[RDNA4_FLD_ADDR], l) + off) & (n - 1)) {
            rdna4_vm_memviol(s, rr, 2);
            return GPUREF_OK;
        }
    }
    rdna4_vmload *q = rdna4_vm_push(s, rr, RDNA4_CNT_DS, vd, rtn ? nreg : 0, 0xffffffffu,
                                    rtn ? lanes : 0);
    int oor = 0;
    unsigned d0 = d.f[RDNA4_FLD_DATA0], d1 = d.f[RDNA4_FLD_DATA1];
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint32_t a = vg(s, d.f[RDNA4_FLD_ADDR], l) + off;
        uint8_t b[8];
        uint64_t tmp = 0, src = vg(s, d0, l), src2 = vg(s, d1, l);
        if (w64) {
            src |= (uint64_t)vg(s, d0 + 1, l) << 32;
            src2 |= (uint64_t)vg(s, d1 + 1, l) << 32;
        }
        if (rdna4_lds_read(s, a, b, n)) {
            oor = 1;                       /* out of range: no update, returns 0 */
        } else {
            tmp = rdna4_le_get(b, n);
            rdna4_le_put(b, rdna4_atomic_int(base, w64, tmp, src, src2), n);
            rdna4_lds_write(s, rr, l, a, b, n);
        }
        if (rtn) {
            s->vmdata[q->row0][l] = (uint32_t)tmp;
            if (w64)
                s->vmdata[q->row0 + 1][l] = (uint32_t)(tmp >> 32);
        }
    }
    rdna4_vm_announce(s, rr, q);
    if (oor)
        rdna4_vm_memviol(s, rr, 2);
    return GPUREF_OK;
}

/* DS_STOREXCHG_2ADDR(_STRIDE64)_RTN_B32/B64: two swaps, both old values returned. */
RDNA4_EXEC(ds_xchg2)
{
    ds_ins d;
    int st = ds_decode(s, p, &d);
    if (st)
        return st;
    unsigned op = d.op, w64 = op >= 110, n = w64 ? 8 : 4;
    unsigned stride = (op == 47 || op == 111) ? 64 * n : n, nreg = 2 * n / 4;
    unsigned vd = d.f[RDNA4_FLD_VDST];
    if (ds_skip(s, &d, nreg))
        return GPUREF_OK;
    uint64_t lanes = d.lanes;
    uint32_t o[2] = { d.f[RDNA4_FLD_OFFSET0] * stride, d.f[RDNA4_FLD_OFFSET1] * stride };
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        for (unsigned j = 0; j < 2; j++)
            if ((vg(s, d.f[RDNA4_FLD_ADDR], l) + o[j]) & (n - 1)) {
                rdna4_vm_memviol(s, rr, 2);
                return GPUREF_OK;
            }
    }
    rdna4_vmload *q = rdna4_vm_push(s, rr, RDNA4_CNT_DS, vd, nreg, 0xffffffffu, lanes);
    int oor = 0;
    unsigned src[2] = { d.f[RDNA4_FLD_DATA0], d.f[RDNA4_FLD_DATA1] };
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint32_t base = vg(s, d.f[RDNA4_FLD_ADDR], l);
        for (unsigned j = 0; j < 2; j++) {
            uint8_t b[8], nb[8];
            oor |= rdna4_lds_read(s, base + o[j], b, n);
            for (unsigned i = 0; i < n / 4; i++) {
                rdna4_le_put(nb + 4 * i, vg(s, src[j] + i, l), 4);
                s->vmdata[q->row0 + j * (n / 4) + i][l] = (uint32_t)rdna4_le_get(b + 4 * i, 4);
            }
            oor |= rdna4_lds_write(s, rr, l, base + o[j], nb, n);
        }
    }
    rdna4_vm_announce(s, rr, q);
    if (oor)
        rdna4_vm_memviol(s, rr, 2);
    return GPUREF_OK;
}

/* S_WAIT_DSCNT: DScnt <= SIMM16[5:0] (L11532); also S_WAIT_STORECNT_DSCNT, whose
 * STOREcnt has no visible effect (D20). */
RDNA4_EXEC(s_wait_dscnt)
{
    rdna4_vm_drain(s, rr, RDNA4_CNT_DS, p->imm & 0x3fu);
    return GPUREF_OK;
}

/* ------------------------------------------------ float atomics (chapter 13) */

/* A denormal of format f as a zero of its sign (the "flush input denormals" of
 * MIN/MAX, L6100-6104). */
static uint64_t flush_denorm(fp_fmt f, uint64_t a)
{
    unsigned c = fp_classify(f, a);
    if (c & (FP_CLASS_POS_DEN | FP_CLASS_NEG_DEN))
        return a & ((uint64_t)1 << (fp_fmt_bits(f) - 1));
    return a;
}

/* The policy of a memory float atomic (README D25): round to nearest even whatever
 * MODE.FP_ROUND (§13.1 L6080); denormals as MODE.FP_DENORM for LDS (DS) and not
 * flushed at all for FLAT-to-LDS, L2 (GLOBAL, FLAT, BUFFER) (§13.2 table L6086-6096);
 * FP16_OVFL does not apply (IEEE overflow). */
int rdna4_atomic_policy(const rdna4_state *s, int lds, fp_policy *pol)
{
    uint32_t mode = lds ? (s->a.hwreg[RDNA4_HW_MODE] & 0xf0u) : 0xf0u;
    *pol = fp_policy_rdna4;
    return fp_policy_rdna4_mode(pol, mode);
}

/* MEM = f(tmp, src) of a float atomic: ADD tmp + src (the pseudocode's MEM += DATA,
 * the memory value first for NaN propagation); MIN/MAX_NUM with the pseudocode's
 * NaN rules (both NaN: quiet(src); one NaN: the other), inputs flushed first when
 * the policy flushes input denormals (§13.2), -0 < +0; PK_ADD per 16-bit half
 * src + tmp (the pseudocode's order).  No exception is reported (L6075). */
uint64_t rdna4_atomic_float(unsigned kind, int w64, uint64_t tmp, uint64_t src, const fp_policy *pol)
{
    unsigned exc = 0;
    uint64_t r = 0;
    fp_fmt f = w64 ? FP_F64 : FP_F32;
    switch (kind) {
    case RDNA4_FAT_ADD:
        fp_add(f, tmp, src, pol, 0, &r, &exc);
        return r;
    case RDNA4_FAT_MIN:
    case RDNA4_FAT_MAX:
        if (pol->denorm_in[f] == FP_DENORM_FLUSH) {
            tmp = flush_denorm(f, tmp);
            src = flush_denorm(f, src);
        }
        rdna4_fp_minmax(f, 0, kind == RDNA4_FAT_MAX, src, tmp, pol, &r, &exc);
        return r;
    default: {                          /* PK_ADD_F16 / PK_ADD_BF16 */
        fp_fmt h = kind == RDNA4_FAT_PK_F16 ? FP_F16 : FP_BF16;
        uint64_t lo = 0, hi = 0;
        fp_add(h, src & 0xffffu, tmp & 0xffffu, pol, 0, &lo, &exc);
        fp_add(h, (src >> 16) & 0xffffu, (tmp >> 16) & 0xffffu, pol, 0, &hi, &exc);
        return (hi & 0xffffu) << 16 | (lo & 0xffffu);
    }
    }
}

/* DS float atomics: ADD_F32, MIN/MAX_NUM_F32/F64, PK_ADD_F16/BF16, with and
 * without return.  Addressing, alignment (size-aligned or MEMVIOL), range and DScnt
 * as the integer atomics. */
RDNA4_EXEC(ds_atomic_float)
{
    ds_ins d;
    int st = ds_decode(s, p, &d);
    if (st)
        return st;
    unsigned kind, rtn = 0, w64 = 0;
    switch (d.op) {
    case 18: case 50: kind = RDNA4_FAT_MIN; break;
    case 19: case 51: kind = RDNA4_FAT_MAX; break;
    case 82: case 114: kind = RDNA4_FAT_MIN; w64 = 1; break;
    case 83: case 115: kind = RDNA4_FAT_MAX; w64 = 1; break;
    case 154: case 170: kind = RDNA4_FAT_PK_F16; break;
    case 155: case 171: kind = RDNA4_FAT_PK_BF16; break;
    default: kind = RDNA4_FAT_ADD; break;                 /* 21, 121 */
    }
    rtn = d.op == 50 || d.op == 51 || d.op == 114 || d.op == 115 || d.op == 121 ||
          d.op == 170 || d.op == 171;
    fp_policy pol;
    if (rdna4_atomic_policy(s, 1, &pol))
        return gpuref_errf(s->err, GPUREF_ERR_FAULT, "%s: float policy", rdna4_rows[p->row].name);
    unsigned n = w64 ? 8 : 4, nreg = rtn ? n / 4 : 0, vd = d.f[RDNA4_FLD_VDST];
    if (ds_skip(s, &d, nreg))
        return GPUREF_OK;
    uint64_t lanes = d.lanes;
    uint32_t off = d.f[RDNA4_FLD_OFFSET1] << 8 | d.f[RDNA4_FLD_OFFSET0];
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if ((vg(s, d.f[RDNA4_FLD_ADDR], l) + off) & (n - 1)) {
            rdna4_vm_memviol(s, rr, 2);
            return GPUREF_OK;
        }
    }
    rdna4_vmload *q = rdna4_vm_push(s, rr, RDNA4_CNT_DS, vd, nreg, 0xffffffffu, rtn ? lanes : 0);
    int oor = 0;
    unsigned d0 = d.f[RDNA4_FLD_DATA0];
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint32_t a = vg(s, d.f[RDNA4_FLD_ADDR], l) + off;
        uint8_t b[8];
        uint64_t tmp = 0, src = vg(s, d0, l);
        if (w64)
            src |= (uint64_t)vg(s, d0 + 1, l) << 32;
        if (rdna4_lds_read(s, a, b, n)) {
            oor = 1;
        } else {
            tmp = rdna4_le_get(b, n);
            rdna4_le_put(b, rdna4_atomic_float(kind, (int)w64, tmp, src, &pol), n);
            rdna4_lds_write(s, rr, l, a, b, n);
        }
        if (rtn) {
            s->vmdata[q->row0][l] = (uint32_t)tmp;
            if (w64)
                s->vmdata[q->row0 + 1][l] = (uint32_t)(tmp >> 32);
        }
    }
    rdna4_vm_announce(s, rr, q);
    if (oor)
        rdna4_vm_memviol(s, rr, 2);
    return GPUREF_OK;
}

/* ------------------------------------------------ lane swizzles and permutes */

/* DS_SWIZZLE_B32's source lane for lane i (the chapter 16 pseudocode, L25850-25905),
 * offset = {OFFSET1, OFFSET0}: FFT (>= 0xe000), rotate (>= 0xc000; the rotated lane
 * taken modulo 32, as the guide's examples show), quad permute (offset[15]) or
 * the and/or/xor bit masks; within the lane's group of 32. */
static unsigned swizzle_src(unsigned off, unsigned i)
{
    unsigned j;
    if (off >= 0xe000) {
        unsigned mask = off & 0x1fu, r = 0, x = i & 0x1fu;
        for (unsigned b = 0; b < 5; b++)
            r |= ((x >> b) & 1u) << (4 - b);
        j = (r >> __builtin_popcount(mask)) | (i & mask);
    } else if (off >= 0xc000) {
        unsigned rot = (off >> 5) & 0x1fu, mask = off & 0x1fu;
        if (off & 0x400u)
            rot = 0u - rot;
        j = ((i & mask) | ((i + rot) & ~mask)) & 0x1fu;
    } else if (off & 0x8000u) {
        j = (i & ~3u & 0x1fu) + ((off >> (2 * (i & 3u))) & 3u);
    } else {
        unsigned xm = (off >> 10) & 0x1fu, om = (off >> 5) & 0x1fu, am = off & 0x1fu;
        j = (((i & 0x1fu) & am) | om) ^ xm;
    }
    return (j & 0x1fu) | (i & 0x20u);
}

/* DS_SWIZZLE_B32, DS_PERMUTE_B32, DS_BPERMUTE_B32, DS_BPERMUTE_FI_B32: no LDS access;
 * the result reaches VDST of the active lanes at the DScnt wait like a load's.
 * Permute lane numbers: bits [6:2] (wave32) / [7:2] (wave64) of VGPR[ADDR] +
 * {OFFSET1, OFFSET0} (§12.5.2 L6027, README D26); a disabled source lane gives 0
 * (but for BPERMUTE_FI); PERMUTE: the highest source lane wins, destinations no
 * source names get 0. */
RDNA4_EXEC(ds_lane)
{
    ds_ins d;
    int st = ds_decode(s, p, &d);
    if (st)
        return st;
    unsigned vd = d.f[RDNA4_FLD_VDST];
    if (ds_skip(s, &d, 1))
        return GPUREF_OK;
    uint64_t lanes = d.lanes, exec = rdna4_exec_mask(s);
    unsigned nl = rdna4_nlanes(s), off = d.f[RDNA4_FLD_OFFSET1] << 8 | d.f[RDNA4_FLD_OFFSET0];
    unsigned addr = d.f[RDNA4_FLD_ADDR], data = d.f[RDNA4_FLD_DATA0];
    uint32_t out[64] = { 0 };
    for (unsigned i = 0; i < nl; i++) {
        uint32_t lane_of = ((vg(s, addr, i) + off) >> 2) & (nl - 1);
        switch (d.op) {
        case 53: {                                         /* swizzle: data = ADDR */
            unsigned j = swizzle_src(off, i);
            out[i] = (exec >> j & 1u) ? vg(s, addr, j) : 0;
            break;
        }
        case 178:                                          /* permute (scatter) */
            if (exec >> i & 1u)
                out[lane_of] = vg(s, data, i);
            break;
        case 179:                                          /* bpermute (gather) */
            out[i] = (exec >> lane_of & 1u) ? vg(s, data, lane_of) : 0;
            break;
        default:                                           /* 205 bpermute_fi */
            out[i] = vg(s, data, lane_of);
            break;
        }
    }
    rdna4_vmload *q = rdna4_vm_push(s, rr, RDNA4_CNT_DS, vd, lanes ? 1 : 0, 0xffffffffu, lanes);
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        s->vmdata[q->row0][l] = out[l];
    }
    rdna4_vm_announce(s, rr, q);
    return GPUREF_OK;
}

/* DS_APPEND / DS_CONSUME (L25987-26025): one atomic add (subtract) of
 * countbits(EXEC) on the DWORD at M0[15:0] + {OFFSET1, OFFSET0} (LLVM places the
 * counter's LDS address in M0 and the constant part in the offset, README D27); the
 * pre-op value returned to every active lane.  A misaligned address is MEMVIOL. */
RDNA4_EXEC(ds_append)
{
    ds_ins d;
    int st = ds_decode(s, p, &d);
    if (st)
        return st;
    unsigned vd = d.f[RDNA4_FLD_VDST];
    if (ds_skip(s, &d, 1))
        return GPUREF_OK;
    uint64_t lanes = d.lanes;
    uint32_t a = (s->a.sreg[RDNA4_M0] & 0xffffu) + (d.f[RDNA4_FLD_OFFSET1] << 8 | d.f[RDNA4_FLD_OFFSET0]);
    if (lanes && (a & 3u)) {
        rdna4_vm_memviol(s, rr, 2);
        return GPUREF_OK;
    }
    rdna4_vmload *q = rdna4_vm_push(s, rr, RDNA4_CNT_DS, vd, lanes ? 1 : 0, 0xffffffffu, lanes);
    if (!lanes)
        return GPUREF_OK;
    uint8_t b[4];
    int oor = rdna4_lds_read(s, a, b, 4);
    uint32_t tmp = oor ? 0 : (uint32_t)rdna4_le_get(b, 4);
    uint32_t cnt = (uint32_t)__builtin_popcountll(lanes);
    if (!oor) {
        rdna4_le_put(b, d.op == 62 ? tmp + cnt : tmp - cnt, 4);
        rdna4_lds_write(s, rr, (unsigned)__builtin_ctzll(lanes), a, b, 4);
    }
    for (uint64_t m = lanes; m; m &= m - 1)
        s->vmdata[q->row0][__builtin_ctzll(m)] = tmp;
    rdna4_vm_announce(s, rr, q);
    if (oor)
        rdna4_vm_memviol(s, rr, 2);
    return GPUREF_OK;
}

/* DS_CONDXCHG32_RTN_B64 (L26620-26650): ADDR0 = (VGPR[ADDR] + offset) & 0xfff8,
 * ADDR1 = ADDR0 + 4; each DWORD returned, and replaced by {0, DATA[30:0]} /
 * {0, DATA[62:32]} iff DATA[31] / DATA[63] is set. */
RDNA4_EXEC(ds_condxchg32)
{
    ds_ins d;
    int st = ds_decode(s, p, &d);
    if (st)
        return st;
    unsigned vd = d.f[RDNA4_FLD_VDST], d0 = d.f[RDNA4_FLD_DATA0];
    if (ds_skip(s, &d, 2))
        return GPUREF_OK;
    uint64_t lanes = d.lanes;
    uint32_t off = d.f[RDNA4_FLD_OFFSET1] << 8 | d.f[RDNA4_FLD_OFFSET0];
    rdna4_vmload *q = rdna4_vm_push(s, rr, RDNA4_CNT_DS, vd, 2, 0xffffffffu, lanes);
    int oor = 0;
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint32_t a0 = (vg(s, d.f[RDNA4_FLD_ADDR], l) + off) & 0xfff8u;
        for (unsigned j = 0; j < 2; j++) {
            uint8_t b[4];
            uint32_t v = vg(s, d0 + j, l);
            oor |= rdna4_lds_read(s, a0 + 4 * j, b, 4);
            s->vmdata[q->row0 + j][l] = (uint32_t)rdna4_le_get(b, 4);
            if (v >> 31) {
                rdna4_le_put(b, v & 0x7fffffffu, 4);
                oor |= rdna4_lds_write(s, rr, l, a0 + 4 * j, b, 4);
            }
        }
    }
    rdna4_vm_announce(s, rr, q);
    if (oor)
        rdna4_vm_memviol(s, rr, 2);
    return GPUREF_OK;
}

/* ------------------------------------------------ VDSDIR: parameter and direct loads
 * Guide §12.2.1 (L5702-5790), §12.4 (L5867-5900), chapter 16 L25196-25218; README
 * D41.  Both read the LDS at issue and write VDST through a deferred write-back on
 * EXPcnt (L5756: "they use EXPcnt to track when the instruction has completed and
 * written the VGPRs"), completed at s_wait_expcnt, a VINTERP's WAITEXP, s_wait_idle
 * or the program end, in order (parameter and direct loads are ordered with each
 * other, L2209).  EXEC per quad: a quad with any lane active is written in all four
 * lanes (L5744, L25212).  Skipped when EXEC == 0 and EXPcnt == 0 (L5762, L737).
 * WAIT_VA (wait_va_vdst) and WAIT_VMVSRC (wait_vm_vsrc) order the load after
 * outstanding VALU writes and VMEM source reads (L5764-5774): the model completes
 * both at issue, so they change nothing it shows. */

/* The lanes of the quads with an active lane (whole quad mode). */
static uint64_t quad_lanes(uint64_t ex)
{
    uint64_t q = 0;
    for (unsigned b = 0; b < 64; b += 4)
        if (ex >> b & 0xfu)
            q |= 0xfull << b;
    return q;
}

/* DS_PARAM_LOAD: M0 = { 1'b0, new_prim_mask[15:1], lds_param_offset[15:0] } (wave32:
 * mask[7:1] in M0[22:16]).  Quad q's primitive is the number of new-primitive bits of
 * quads 1..q (quad 0 always starts one, bit 0 implied); NumPrimsInVector is that of the
 * last quad + 1.  Lane 4q + j (j = 0, 1, 2) gets the DWORD
 *   lds_param_offset + 4 * (ATTR * NumPrims * 12 + prim * 12 + j * 4 + ATTR_CHAN)
 * (attr_offset 0..11 = P0.x .. P2.w, L5738), i.e. P0, P10, P20 of the channel; lane
 * 4q + 3 gets 0 ({P0, P10, P20, 0.0}, L25206).  lds_param_offset[6:0] must be 0
 * (L5730) and ATTR at most 32 (L5718): otherwise the step fails. */
RDNA4_EXEC(ds_param_load)
{
    ds_ins d;
    int st = ds_decode(s, p, &d);
    if (st)
        return st;
    uint32_t m0 = s->a.sreg[RDNA4_M0], base = m0 & 0xffffu;
    unsigned nq = rdna4_nlanes(s) / 4u, attr = d.f[RDNA4_FLD_ATTR];
    unsigned chan = d.f[RDNA4_FLD_ATTR_CHAN], vd = d.f[RDNA4_FLD_VDST];
    if (base & 0x7fu)
        return gpuref_errf(s->err, GPUREF_ERR_FAULT,
                           "illegal ds_param_load: M0 lds_param_offset 0x%x has bits 6:0 set "
                           "(guide L5730: must be zero)", base);
    if (attr > 32)
        return gpuref_errf(s->err, GPUREF_ERR_FAULT,
                           "illegal ds_param_load: attribute %u (guide L5718: 0 - 32)", attr);
    uint64_t lanes = quad_lanes(d.lanes);
    if (!lanes && !s->vmcnt[RDNA4_CNT_EXP])
        return GPUREF_OK;
    unsigned prim[16], np = 0;
    for (unsigned q = 0; q < nq; q++) {
        if (q && (m0 >> (15u + q) & 1u))
            np++;
        prim[q] = np;
    }
    np++;
    rdna4_vmload *q = rdna4_vm_push(s, rr, RDNA4_CNT_EXP, vd, lanes ? 1 : 0, 0xffffffffu, lanes);
    int oor = 0;
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m), j = l & 3u;
        uint32_t v = 0;
        if (j < 3) {
            uint8_t b[4];
            uint32_t a = base + 4u * (attr * np * 12u + prim[l / 4u] * 12u + j * 4u + chan);
            oor |= rdna4_lds_read(s, a, b, 4);
            v = (uint32_t)rdna4_le_get(b, 4);
        }
        s->vmdata[q->row0][l] = v;
    }
    if (lanes)
        rdna4_vm_announce(s, rr, q);
    if (oor)
        rdna4_vm_memviol(s, rr, 2);       /* past lds_size: 0 read, MEMVIOL as DS loads */
    return GPUREF_OK;
}

/* DS_DIRECT_LOAD: M0 = { 13'b0, DataType[2:0], LDS_address[15:0] }; the DWORD at
 * LDS_address (dword-aligned: bits 1:0 ignored) is read and its low byte or short
 * extended by DataType (0 UBYTE, 1 USHORT, 2 DWORD, 4 SBYTE, 5 SSHORT; 3, 6, 7
 * unused/reserved: the step fails), broadcast to every lane of the active quads. */
RDNA4_EXEC(ds_direct_load)
{
    ds_ins d;
    int st = ds_decode(s, p, &d);
    if (st)
        return st;
    uint32_t m0 = s->a.sreg[RDNA4_M0], type = m0 >> 16 & 7u;
    unsigned vd = d.f[RDNA4_FLD_VDST];
    if (type == 3 || type > 5)
        return gpuref_errf(s->err, GPUREF_ERR_FAULT,
                           "illegal ds_direct_load: M0[18:16] data type %u is %s (guide L5876-5884: "
                           "0-2, 4, 5)", type, type == 3 ? "unused" : "reserved");
    uint64_t lanes = quad_lanes(d.lanes);
    if (!lanes && !s->vmcnt[RDNA4_CNT_EXP])
        return GPUREF_OK;
    uint8_t b[4];
    int oor = rdna4_lds_read(s, m0 & 0xfffcu, b, 4);
    uint32_t v = (uint32_t)rdna4_le_get(b, 4);
    switch (type) {
    case 0: v &= 0xffu; break;
    case 1: v &= 0xffffu; break;
    case 4: v = (uint32_t)(int32_t)(int8_t)v; break;
    case 5: v = (uint32_t)(int32_t)(int16_t)v; break;
    default: break;
    }
    rdna4_vmload *q = rdna4_vm_push(s, rr, RDNA4_CNT_EXP, vd, lanes ? 1 : 0, 0xffffffffu, lanes);
    for (uint64_t m = lanes; m; m &= m - 1)
        s->vmdata[q->row0][__builtin_ctzll(m)] = v;
    if (lanes)
        rdna4_vm_announce(s, rr, q);
    if (oor)
        rdna4_vm_memviol(s, rr, 2);
    return GPUREF_OK;
}

/* S_WAIT_EXPCNT: EXPcnt <= SIMM16[2:0]; the parameter and direct loads complete in
 * order (exports are not executed). */
RDNA4_EXEC(s_wait_expcnt)
{
    rdna4_vm_drain(s, rr, RDNA4_CNT_EXP, p->imm & 7u);
    return GPUREF_OK;
}
