/* rdna4_exec_vmem.c - vector memory: GLOBAL and SCRATCH loads and stores, the
 * global cache controls, and the LOADcnt waits (README "Vector memory").
 *
 * Guide chapter 11 (L5291-5639) and the FLAT/GLOBAL/SCRATCH pages of chapter 16
 * (L29111-30764):
 *  - GLOBAL addressing (§11.2 L5437-5470): GV (SADDR = NULL) addr = VGPR[VADDR+1:VADDR]
 *    + sext(IOFFSET[23:0]); GVS addr = SGPR[SADDR+1:SADDR] + zext(VGPR[VADDR]) +
 *    sext(IOFFSET); GT (the ADDTID opcodes) addr = SGPR pair + sext(IOFFSET) +
 *    laneId * 4 (24-bit IOFFSET, digest D7).  Addresses are 48 bits (README D16).
 *  - SCRATCH addressing (L5472-5480): SCRATCH_BASE + SWIZZLE(offset, laneId) with
 *    offset = [SGPR[SADDR].i32] + [VGPR[VADDR].i32 if SVE] + sext(IOFFSET), which
 *    must be non-negative; SWIZZLE is the buffer swizzle of §9.4.2 with 4-byte
 *    elements and index stride = the wave size (README D6).
 *  - data (§11.4): U8/I8/U16/I16 extend to 32 bits; D16 loads write VDATA[15:0],
 *    D16_HI loads VDATA[31:16] (the other half preserved); D16_HI stores take
 *    VDATA[23:16] / VDATA[31:16]; B64..B128 are consecutive DWORDs.
 *  - loads read memory at issue; their data reach the VGPRs when the wave waits
 *    for them (deferred write-backs: s_wait_loadcnt, s_wait_idle, program end),
 *    in order (LOADcnt, §5.7.1 L2168-2170).  Stores write memory at issue, listed
 *    in the record as memory writes (one per lane). */
#include "rdna4.h"
#include "rdna4_exec.h"

#include <string.h>

#define ADDR48 0x0000ffffffffffffull

/* What a row moves per lane (opcodes 16-41 are shared by GLOBAL and SCRATCH). */
typedef struct vm_kind {
    unsigned bytes;            /* bytes per lane in memory */
    unsigned nreg;             /* VGPRs of VDATA */
    unsigned sign;             /* sub-DWORD loads: sign extension */
    unsigned half;             /* 0 whole registers, 1 D16 (bits 15:0), 2 D16_HI (bits 31:16) */
    unsigned addtid;
    unsigned atomic;           /* integer atomic: the operation (RDNA4_AT_*) + 1 */
    unsigned w64;              /* atomic on 64 bits */
    unsigned fatomic;          /* float atomic: RDNA4_FAT_* (atomic = 1 as well) */
    unsigned tr;               /* GLOBAL_LOAD_TR_B128: every lane's address (README D39) */
} vm_kind;

/* The kind of an atomic opcode (GLOBAL, FLAT and BUFFER share the numbers 51-90);
 * returns 0 for a non-atomic opcode. */
int rdna4_vm_atomic_kind(unsigned op, unsigned *atomic, unsigned *w64, unsigned *fatomic)
{
    *fatomic = 0;
    *w64 = 0;
    switch (op) {
    case 81: *fatomic = RDNA4_FAT_MIN; break;
    case 82: *fatomic = RDNA4_FAT_MAX; break;
    case 86: *fatomic = RDNA4_FAT_ADD; break;
    case 89: *fatomic = RDNA4_FAT_PK_F16; break;
    case 90: *fatomic = RDNA4_FAT_PK_BF16; break;
    default: break;
    }
    if (*fatomic) {
        *atomic = 1;
        return 1;
    }
    if (op < 51 || (op > 77 && op != 80 && op != 115))
        return 0;
    static const uint8_t op32[14] = { RDNA4_AT_XCHG, RDNA4_AT_CMP, RDNA4_AT_ADD, RDNA4_AT_SUB,
        0xff, RDNA4_AT_MIN_I, RDNA4_AT_MIN_U, RDNA4_AT_MAX_I, RDNA4_AT_MAX_U, RDNA4_AT_AND,
        RDNA4_AT_OR, RDNA4_AT_XOR, RDNA4_AT_INC, RDNA4_AT_DEC };
    static const uint8_t op64[13] = { RDNA4_AT_XCHG, RDNA4_AT_CMP, RDNA4_AT_ADD, RDNA4_AT_SUB,
        RDNA4_AT_MIN_I, RDNA4_AT_MIN_U, RDNA4_AT_MAX_I, RDNA4_AT_MAX_U, RDNA4_AT_AND,
        RDNA4_AT_OR, RDNA4_AT_XOR, RDNA4_AT_INC, RDNA4_AT_DEC };
    unsigned a;
    if (op == 115) {                   /* GLOBAL_ATOMIC_ORDERED_ADD_B64 (VGLOBAL only) */
        *atomic = RDNA4_AT_ORDERED + 1;
        *w64 = 1;
        return 1;
    }
    if (op == 55)
        a = RDNA4_AT_SUB_CLAMP;
    else if (op == 80)
        a = RDNA4_AT_COND_SUB;
    else if (op <= 64)
        a = op32[op - 51];
    else
        a = op64[op - 65];
    *atomic = a + 1;
    *w64 = op >= 65 && op <= 77;
    return 1;
}

/* The data of the untyped load/store opcodes 16-37, numbered alike in VGLOBAL,
 * VFLAT, VSCRATCH and VBUFFER (20/26 and the others: one DWORD). */
rdna4_vm_size rdna4_vm_data_size(unsigned op)
{
    rdna4_vm_size z = { 4, 1, 0, 0 };
    switch (op) {
    case 16: case 24: z.bytes = 1; break;                 /* load_u8, store_b8 */
    case 17: z.bytes = 1; z.sign = 1; break;              /* load_i8 */
    case 18: case 25: z.bytes = 2; break;                 /* load_u16, store_b16 */
    case 19: z.bytes = 2; z.sign = 1; break;              /* load_i16 */
    case 21: case 27: z.bytes = 8; z.nreg = 2; break;
    case 22: case 28: z.bytes = 12; z.nreg = 3; break;
    case 23: case 29: z.bytes = 16; z.nreg = 4; break;
    case 30: z.bytes = 1; z.half = 1; break;              /* load_d16_u8 */
    case 31: z.bytes = 1; z.half = 1; z.sign = 1; break;  /* load_d16_i8 */
    case 32: z.bytes = 2; z.half = 1; break;              /* load_d16_b16 */
    case 33: case 36: z.bytes = 1; z.half = 2; break;     /* load_d16_hi_u8, store_d16_hi_b8 */
    case 34: z.bytes = 1; z.half = 2; z.sign = 1; break;  /* load_d16_hi_i8 */
    case 35: case 37: z.bytes = 2; z.half = 2; break;     /* load_d16_hi_b16, store_d16_hi_b16 */
    default: break;
    }
    return z;
}

static vm_kind kind_of(const rdna4_row *r)
{
    vm_kind k = { 4, 1, 0, 0, 0, 0, 0, 0, 0 };
    if (rdna4_vm_atomic_kind(r->op, &k.atomic, &k.w64, &k.fatomic)) {
        k.bytes = k.w64 ? 8 : 4;
        k.nreg = k.w64 ? 2 : 1;
        return k;
    }
    rdna4_vm_size z = rdna4_vm_data_size(r->op);
    k.bytes = z.bytes; k.nreg = z.nreg; k.sign = z.sign; k.half = z.half;
    switch (r->op) {
    case 40: case 41: k.addtid = 1; break;                /* load/store_addtid_b32 */
    case 87:                                              /* global_load_tr_b128 */
        if (r->fmt == RDNA4_FMT_VGLOBAL) {
            k.bytes = 16;
            k.nreg = 4;
            k.tr = 1;
        }
        break;
    default: break;
    }
    return k;
}

/* A 64-bit SGPR pair operand (GLOBAL SADDR): NULL reads 0; a pair beyond the
 * allocated SGPRs reads SGPR0/1 (out-of-range sources, §3.3.4 L905). */
static uint64_t sgpr64(const rdna4_state *s, unsigned code)
{
    if (code == RDNA4_NULL)
        return 0;
    if (code < 106 && code + 1 >= s->nsgprs)
        code = 0;
    return (uint64_t)s->a.sreg[(code + 1) & 127] << 32 | s->a.sreg[code & 127];
}

static uint32_t sgpr32(const rdna4_state *s, unsigned code)
{
    if (code == RDNA4_NULL)
        return 0;
    if (code < 106 && code >= s->nsgprs)
        code = 0;
    return s->a.sreg[code & 127];
}

/* Natural alignment of a size: its largest power-of-two divisor (B96: 4). */
static unsigned natural(unsigned bytes)
{
    return bytes & (0u - bytes);
}

void rdna4_vm_memviol(rdna4_state *s, gpuref_retire *rr, unsigned src)
{
    uint32_t v = s->a.hwreg[RDNA4_HW_EXCP_FLAG_PRIV];
    if (!(v & (1u << 4)))
        v = (v & 0x3fffffffu) | (src << 30);
    rdna4_write_hwreg(s, rr, RDNA4_HW_EXCP_FLAG_PRIV, v | (1u << 4));
    rdna4_end(s, rr, GPUREF_RETIRE_TRAP | GPUREF_RETIRE_END);
}


/* One decoded instruction with its per-lane addresses and the space each lane
 * accesses (FLAT: by aperture; SP_HOLE: a FLAT address in the hole between the
 * apertures, whose loads read 0 and whose stores are dropped, §11.3 L5526).  Scratch accesses are swizzled per 4-byte element:
 * addr holds the private byte offset, and each byte maps through swz(). */
enum { SP_GLOBAL, SP_SCRATCH, SP_LDS, SP_HOLE };
typedef struct vm_access {
    rdna4_vmf  f;              /* the fields, predecoded (rdna4_step.c) */
    vm_kind    k;
    int        scratch;
    int        flat;
    uint64_t   lanes;
    uint64_t   lds_lanes;      /* FLAT: the lanes in the LDS aperture */
    uint64_t   addr[64];       /* global: the address; scratch: the private offset;
                                  LDS: the LDS address */
    uint8_t    sp[64];
    uint64_t   sbase;          /* scratch: SCRATCH_BASE */
    int        hole;           /* FLAT: some lane is SP_HOLE (MEMVIOL after the access) */
} vm_access;

static uint64_t swz(const rdna4_state *s, const vm_access *a, unsigned lane, uint64_t off)
{
    uint64_t w = s->wave64 ? 64 : 32;
    return (a->sbase + (off >> 2) * w * 4 + lane * 4u + (off & 3)) & ADDR48;
}

/* GLOBAL addresses of every lane of a wave: the 64-bit VGPR pair (pair = 1) or the
 * SGPR base plus the 32-bit VGPR offset, plus IOFFSET, 48 bits (vm_prepare's loop). */
static void global_addrs(uint64_t *restrict addr, const uint32_t *restrict lo,
                         const uint32_t *restrict hi, uint64_t base, int pair, uint64_t ioff,
                         unsigned n)
{
    if (pair)
        RDNA4_FOR_LANES(n, l)
            addr[l] = (((uint64_t)hi[l] << 32 | lo[l]) + ioff) & ADDR48;
    else
        RDNA4_FOR_LANES(n, l)
            addr[l] = (base + lo[l] + ioff) & ADDR48;
}

/* Decode and compute the addresses of the active lanes.  Returns GPUREF_OK, a
 * fault (state unchanged), or 1 when the alignment mode turned a misaligned access
 * into MEMVIOL (raised here, first source 3 = VMEM: the instruction retires with
 * it, nothing accessed).  A FLAT address in the hole between the apertures sets
 * a->hole (MEMVIOL after the other lanes' accesses). */
static int vm_prepare(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, vm_access *a)
{
    const rdna4_row *r = &rdna4_rows[p->row];
    a->f = rdna4_vmf_of(p);
    a->k = kind_of(r);
    a->scratch = r->fmt == RDNA4_FMT_VSCRATCH;
    a->flat = r->fmt == RDNA4_FMT_VFLAT;
    a->lanes = rdna4_exec_mask(s);
    if (a->k.tr && a->lanes)           /* EXEC != 0: every lane takes part (README D39) */
        a->lanes = ~0ull >> (64u - rdna4_nlanes(s));
    a->lds_lanes = 0;
    a->hole = 0;
    a->sbase = ((uint64_t)(s->a.hwreg[RDNA4_HW_SCRATCH_BASE_HI] & 0xffffu) << 32) |
               s->a.hwreg[RDNA4_HW_SCRATCH_BASE_LO];
    int64_t ioff = (int64_t)((int32_t)(a->f.ioffset << 8) >> 8);
    unsigned saddr = a->f.saddr, vaddr = a->f.vaddr;
    unsigned bytes = a->k.bytes;
    if (a->scratch) {
        int64_t sb = saddr == RDNA4_NULL ? 0 : (int32_t)sgpr32(s, saddr);
        int sve = a->f.sve != 0;
        for (uint64_t m = a->lanes; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            int64_t o = sb + ioff + (sve ? (int32_t)s->vgpr[vaddr * 64u + l] : 0);
            if (o < 0)
                return gpuref_errf(s->err, GPUREF_ERR_FAULT,
                                   "illegal %s: lane %u scratch offset %lld is negative "
                                   "(guide §11.2 L5478: must be non-negative)",
                                   r->name, l, (long long)o);
            a->addr[l] = (uint64_t)o;
            a->sp[l] = SP_SCRATCH;
        }
        return GPUREF_OK;   /* scratch may be misaligned (§11.1.3 L5431, §11.3 L5524) */
    }
    uint64_t base = sgpr64(s, saddr);
    if (!a->flat && !a->k.addtid && !a->k.atomic && s->align_mode == 3) {
        /* GLOBAL loads and stores in the UNALIGNED mode: only the address (the loop
         * below, without the cases that cannot arise) */
        memset(a->sp, SP_GLOBAL, sizeof a->sp);
        const uint32_t *lo = &s->vgpr[vaddr * 64u], *hi = &s->vgpr[((vaddr + 1) & 255) * 64u];
        unsigned n = rdna4_nlanes(s);
        if (a->lanes == ~0ull >> (64u - n)) {      /* every lane: whole rows, vectorized */
            global_addrs(a->addr, lo, hi, saddr == RDNA4_NULL ? 0 : base, saddr == RDNA4_NULL,
                         (uint64_t)ioff, n);
            return GPUREF_OK;
        }
        for (uint64_t m = a->lanes; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            uint64_t ad = saddr == RDNA4_NULL ? ((uint64_t)hi[l] << 32 | lo[l]) : base + lo[l];
            a->addr[l] = (ad + (uint64_t)ioff) & ADDR48;
        }
        return GPUREF_OK;
    }
    for (uint64_t m = a->lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint64_t ad;
        a->sp[l] = SP_GLOBAL;
        if (a->flat) {
            /* aperture test on the VGPR address, before IOFFSET (§11.2 L5497-5514) */
            uint64_t va = (uint64_t)s->vgpr[((vaddr + 1) & 255) * 64u + l] << 32 |
                          s->vgpr[vaddr * 64u + l];
            uint32_t hi = (uint32_t)(va >> 32);
            ad = va + (uint64_t)ioff;
            if (hi == s->shared_base << 16) {            /* LDS: 17-bit address (L5510) */
                uint32_t la = ((uint32_t)va + (uint32_t)ioff) & 0x1ffffu;
                a->addr[l] = a->k.atomic ? la : la & rdna4_lds_align(s, bytes);   /* atomics: checked (D32) */
                a->sp[l] = SP_LDS;
                a->lds_lanes |= 1ull << l;
                continue;
            }
            if (hi == s->private_base << 16) {           /* scratch: SWIZZLE(addr[31:0]) */
                a->addr[l] = (uint32_t)ad;
                a->sp[l] = SP_SCRATCH;
                continue;
            }
            uint64_t top = va >> 47;                      /* hole: bits 63:47 not uniform */
            if (top != 0 && top != 0x1ffff) {
                a->sp[l] = SP_HOLE;
                a->hole = 1;
            }
        }
        if (a->k.addtid)
            ad = base + (uint64_t)ioff + 4u * l;
        else if (saddr == RDNA4_NULL)
            ad = ((uint64_t)s->vgpr[((vaddr + 1) & 255) * 64u + l] << 32 |
                  s->vgpr[vaddr * 64u + l]) + (uint64_t)ioff;
        else
            ad = base + s->vgpr[vaddr * 64u + l] + (uint64_t)ioff;
        ad &= ADDR48;
        unsigned dw = bytes < 4 ? bytes : 4;
        if (a->k.atomic) {      /* atomics: payload-aligned, or MEMVIOL (§9.5 L4550-4556) */
            if (s->align_mode == 0)
                ad &= ~(uint64_t)(bytes - 1);
            else if (ad & (bytes - 1))
                goto misaligned;
            a->addr[l] = ad;
            continue;
        }
        switch (s->align_mode) {
        case 0: ad &= ~(uint64_t)(dw - 1); break;          /* DWORD: LSBs ignored */
        case 1: if (ad & (dw - 1)) goto misaligned; break;  /* DWORD_STRICT */
        case 2: if (ad & (natural(bytes) - 1)) goto misaligned; break;   /* STRICT */
        default: break;                                     /* UNALIGNED */
        }
        a->addr[l] = ad;
    }
    return GPUREF_OK;
misaligned:
    rdna4_vm_memviol(s, rr, 3);
    return 1;
}

/* The bytes of lane l's access: through the swizzle for scratch, from the LDS (0
 * beyond lds_size: returns 1) for FLAT's LDS lanes, 0 in the hole. */
static int vm_read(rdna4_state *s, const vm_access *a, unsigned l, uint8_t *buf)
{
    unsigned n = a->k.bytes;
    switch (a->sp[l]) {
    case SP_LDS:
        return rdna4_lds_read(s, (uint32_t)a->addr[l], buf, n);
    case SP_HOLE:
        memset(buf, 0, n);
        return 0;
    case SP_SCRATCH:
        for (unsigned i = 0; i < n; i++)
            rdna4_mem_read(s->mem, swz(s, a, l, a->addr[l] + i), buf + i, 1);
        return 0;
    default:
        if (a->addr[l] + n <= ADDR48 + 1) {
            const uint8_t *q = rdna4_mem_at(s->mem, a->addr[l], n);   /* the page of the last access */
            if (q)
                rdna4_copy_n(buf, q, n);
            else
                rdna4_mem_read(s->mem, a->addr[l], buf, n);
            return 0;
        }
        for (unsigned i = 0; i < n; i++)
            rdna4_mem_read(s->mem, (a->addr[l] + i) & ADDR48, buf + i, 1);
        return 0;
    }
}

/* The memory writes of lane l: runs of bytes contiguous in memory (one for a
 * global store inside the 48-bit space; one per 4-byte element for scratch); an LDS
 * access counts one run when it has in-range bytes (written by rdna4_lds_write), a
 * hole address none. */
static unsigned vm_runs(const rdna4_state *s, const vm_access *a, unsigned l, uint64_t *ra,
                        unsigned *rlen)
{
    unsigned n = a->k.bytes, nr = 0;
    if (a->sp[l] == SP_LDS)
        return a->addr[l] < s->lds_size;
    if (a->sp[l] == SP_HOLE)
        return 0;
    if (a->sp[l] == SP_GLOBAL && a->addr[l] + n <= ADDR48 + 1) {   /* no wrap: one run */
        ra[0] = a->addr[l];
        rlen[0] = n;
        return 1;
    }
    for (unsigned i = 0; i < n; i++) {
        uint64_t ad = a->sp[l] == SP_SCRATCH ? swz(s, a, l, a->addr[l] + i)
                                             : (a->addr[l] + i) & ADDR48;
        if (nr && ra[nr - 1] + rlen[nr - 1] == ad)
            rlen[nr - 1]++;
        else {
            ra[nr] = ad;
            rlen[nr++] = 1;
        }
    }
    return nr;
}

/* ------------------------------------------------ deferred loads */

static gpuref_regw *vgpr_w(gpuref_retire *rr, unsigned idx, uint32_t bits, uint64_t lanes,
                           uint32_t flags, uint64_t tag)
{
    if (rr->nregw >= GPUREF_MAX_REGW)
        return NULL;
    gpuref_regw *w = &rr->regw[rr->nregw++];
    w->file = RDNA4_FILE_V;
    w->index = (uint16_t)idx;
    w->flags = flags;
    w->ulp_bound = 0;
    w->slot = GPUREF_SLOT_NONE;
    w->reserved = 0;
    w->tag = tag;
    w->bits = bits;
    w->lanes = lanes;
    return w;
}

/* Every lane of a wave: reg[l] = (reg[l] & ~bits) | (d[l] & bits) and the record's
 * val[l] = reg[l] (merge_write), or only val[l] = that value (merge_vals: the
 * announcement).  The rows do not overlap (restrict: gcc vectorizes the blocks). */
static void merge_write(uint32_t *restrict reg, const uint32_t *restrict d,
                        uint64_t *restrict val, uint32_t bits, unsigned n)
{
    RDNA4_FOR_LANES(n, l) {
        uint32_t x = (reg[l] & ~bits) | (d[l] & bits);
        reg[l] = x;
        val[l] = x;
    }
}

static void merge_vals(const uint32_t *restrict reg, const uint32_t *restrict d,
                       uint64_t *restrict val, uint32_t bits, unsigned n)
{
    RDNA4_FOR_LANES(n, l)
        val[l] = (reg[l] & ~bits) | (d[l] & bits);
}

/* The vmdata rows bits of n rows (n <= 32: a block load takes all 32). */
static uint32_t rows_mask(unsigned n)
{
    return n >= 32 ? 0xffffffffu : (1u << n) - 1u;
}

/* Complete entry i: its data into the VGPRs (merged by bits), listed DEFERRED with
 * its tag; then the entry leaves the queue and its data rows are free. */
static void vm_complete(rdna4_state *s, gpuref_retire *rr, unsigned i)
{
    const rdna4_vmload *q = &s->vm[i];
    for (unsigned r = 0; r < q->nreg; r++) {
        if (q->skip >> r & 1u)               /* block loads: not selected by M0 */
            continue;
        unsigned v = (q->dst + r) & 255u;
        uint32_t *reg = &s->vgpr[v * 64u];
        const uint32_t *d = s->vmdata[q->row0 + r];
        uint32_t bits = rdna4_vm_regbits(q, r);
        gpuref_regw *w = vgpr_w(rr, v, bits, q->lanes, GPUREF_REGW_DEFERRED, q->tag);
        unsigned n = rdna4_nlanes(s);
        if (w && q->lanes == ~0ull >> (64u - n)) {     /* every lane of the wave */
            merge_write(reg, d, w->value, bits, n);
            continue;
        }
        for (uint64_t m = q->lanes; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            reg[l] = (reg[l] & ~bits) | (d[l] & bits);
            if (w)
                w->value[l] = reg[l];
        }
    }
    s->vmrows &= ~(rows_mask(q->nreg) << q->row0);
    s->vmreg -= q->nreg;
    s->vmcnt[q->cnt]--;
    s->nvm--;
    memmove(&s->vm[i], &s->vm[i + 1], (s->nvm - i) * sizeof s->vm[0]);
}

/* The first of nreg free consecutive rows of vmdata for a new entry: at vmtail, or
 * from row 0 when they would pass the end.  Entries complete oldest first (of their
 * counter), so with at most RDNA4_VM_MAXREG rows in use those rows are free; when
 * entries of LOADcnt and DScnt completing in another order left them in use, the
 * outstanding rows move to the front first, in queue order. */
static unsigned vm_rows(rdna4_state *s, unsigned nreg)
{
    uint32_t mask = rows_mask(nreg);
    unsigned pos = s->vmtail + nreg > RDNA4_VM_ROWS ? 0 : s->vmtail;
    if (s->vmrows & (mask << pos)) {
        uint32_t tmp[RDNA4_VM_MAXREG][64];
        unsigned n = 0;
        for (unsigned j = 0; j < s->nvm; j++) {
            rdna4_vmload *e = &s->vm[j];
            memcpy(tmp[n], s->vmdata[e->row0], e->nreg * sizeof tmp[0]);
            e->row0 = (uint8_t)n;
            n += e->nreg;
        }
        memcpy(s->vmdata, tmp, n * sizeof tmp[0]);
        s->vmrows = rows_mask(n);
        pos = n;
    }
    s->vmrows |= mask << pos;
    s->vmtail = pos + nreg;
    return pos;
}

/* The oldest entry of counter cnt (RDNA4_CNT_ALL: the oldest entry). */
static unsigned vm_oldest(const rdna4_state *s, int cnt)
{
    unsigned i = 0;
    while (cnt != RDNA4_CNT_ALL && i < s->nvm && s->vm[i].cnt != cnt)
        i++;
    return i;
}

void rdna4_vm_drain(rdna4_state *s, gpuref_retire *rr, int cnt, unsigned n)
{
    for (;;) {
        unsigned have = cnt == RDNA4_CNT_ALL ? s->nvm : s->vmcnt[cnt];
        if (have <= n)
            return;
        vm_complete(s, rr, vm_oldest(s, cnt));
    }
}

/* Queue an entry; a full counter (6 bits), entry table or data store makes the
 * oldest entries complete first, in this record (hardware stalls the issue): of
 * the same counter when the counter is full, else the oldest of all. */
void rdna4_vm_reserve(rdna4_state *s, gpuref_retire *rr, unsigned nload, unsigned nds,
                      unsigned nreg)
{
    while (s->vmcnt[RDNA4_CNT_LOAD] + nload > RDNA4_CNT_MAX)
        vm_complete(s, rr, vm_oldest(s, RDNA4_CNT_LOAD));
    while (s->vmcnt[RDNA4_CNT_DS] + nds > RDNA4_CNT_MAX)
        vm_complete(s, rr, vm_oldest(s, RDNA4_CNT_DS));
    while (s->nvm && (s->nvm + nload + nds > RDNA4_VM_MAX || s->vmreg + nreg > RDNA4_VM_MAXREG))
        vm_complete(s, rr, 0);
}

rdna4_vmload *rdna4_vm_push(rdna4_state *s, gpuref_retire *rr, int cnt, unsigned dst,
                            unsigned nreg, uint32_t bits, uint64_t lanes)
{
    while (cnt == RDNA4_CNT_EXP && s->vmcnt[RDNA4_CNT_EXP] >= RDNA4_EXP_MAX)
        vm_complete(s, rr, vm_oldest(s, RDNA4_CNT_EXP));   /* EXPcnt full (3 bits) */
    rdna4_vm_reserve(s, rr, cnt == RDNA4_CNT_LOAD, cnt == RDNA4_CNT_DS, nreg);
    while (s->nvm >= RDNA4_VM_MAX)   /* the entry table (an EXPcnt entry counts on neither) */
        vm_complete(s, rr, 0);
    unsigned row0 = nreg ? vm_rows(s, nreg) : 0;     /* before the entry is listed */
    rdna4_vmload *q = &s->vm[s->nvm++];
    q->tag = rr->seq;
    q->lanes = lanes;
    q->bits = bits;
    q->dst = (uint8_t)dst;
    q->nreg = (uint8_t)nreg;
    q->row0 = (uint8_t)row0;
    q->cnt = (uint8_t)cnt;
    q->tfe = 0;
    q->skip = 0;
    s->vmreg += nreg;
    s->vmcnt[cnt]++;
    return q;
}

/* The announcement: PENDING writes with the data as they will land. */
void rdna4_vm_announce(rdna4_state *s, gpuref_retire *rr, const rdna4_vmload *q)
{
    for (unsigned i = 0; i < q->nreg; i++) {
        if (q->skip >> i & 1u)
            continue;
        unsigned v = (q->dst + i) & 255u;
        uint32_t bits = rdna4_vm_regbits(q, i);
        gpuref_regw *w = vgpr_w(rr, v, bits, q->lanes, GPUREF_REGW_PENDING, q->tag);
        if (!w)
            return;
        unsigned n = rdna4_nlanes(s);
        if (q->lanes == ~0ull >> (64u - n)) {     /* every lane of the wave */
            merge_vals(&s->vgpr[v * 64u], s->vmdata[q->row0 + i], w->value, bits, n);
            continue;
        }
        for (uint64_t m = q->lanes; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            w->value[l] = (s->vgpr[v * 64u + l] & ~bits) | (s->vmdata[q->row0 + i][l] & bits);
        }
    }
}

/* The record of a lane's store of n bytes at addr, as gpuref_retire_memw makes it
 * (space 0, every byte written, unit-wide), inline; the caller has checked the room. */
static inline void store_rec(gpuref_retire *rr, uint64_t addr, unsigned n, unsigned lane,
                             const uint8_t *b)
{
    gpuref_memw *w = &rr->memw[rr->nmemw++];
    w->space = 0;
    w->size = (uint8_t)n;
    w->lane = (uint8_t)lane;
    w->slot = GPUREF_SLOT_NONE;
    w->mask = (uint16_t)(n == 16 ? 0xffffu : (1u << n) - 1u);
    w->addr = addr;
    memset(w->data, 0, sizeof w->data);
    rdna4_copy_n(w->data, b, n);
}

/* The one-page paths of GLOBAL loads and stores of every lane of a wave: when all
 * the lanes' bytes lie in one 4 KiB page (a wave reading or writing a small array),
 * the page is found once and each lane is a copy at its offset.  They move the
 * VGPR DWORDs to and from memory as host words: little-endian hosts only (others
 * take the lane loops, which convert byte by byte). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define VM_ONE_PAGE 1
#else
#define VM_ONE_PAGE 0
#endif

/* Whether the n lanes' accesses [addr[l], addr[l] + bytes) (48-bit addresses) all
 * lie in the page of addr[0]: the same page number, and no access past its end
 * (which also keeps them inside the 48-bit space).  Shifts and ORs only: the
 * compiler vectorizes the loop. */
static int one_page(const uint64_t *restrict addr, unsigned n, unsigned bytes)
{
    uint64_t x = addr[0], acc = 0;
    RDNA4_FOR_LANES(n, l)
        acc |= ((addr[l] ^ x) >> 12) | (((addr[l] & 4095u) + bytes - 1u) >> 12);
    return acc == 0;
}

/* Load: rows[i][l] = DWORD i at lane l's offset in the page (NREG a constant at
 * each call, so the copies unroll). */
static inline __attribute__((always_inline)) void page_load(uint32_t *const *rows,
        const uint8_t *pg, const uint64_t *restrict addr, unsigned n, unsigned nreg)
{
    for (unsigned l = 0; l < n; l++) {
        const uint8_t *src = pg + (addr[l] & 4095u);
        for (unsigned i = 0; i < nreg; i++)
            memcpy(&rows[i][l], src + 4 * i, 4);
    }
}

/* Store: lane l's NB bytes (the DWORDs of its NREG data VGPRs, shifted right by sh:
 * D16_HI) at its offset in the page, and its record entry (as store_rec makes it)
 * at w[l].  NB a constant at each call, so the copies are moves. */
static inline __attribute__((always_inline)) void page_store(uint8_t *pg,
        const uint32_t *const *rows, const uint64_t *restrict addr, unsigned n, unsigned nb,
        unsigned sh, gpuref_memw *w)
{
    unsigned nreg = (nb + 3) / 4;
    uint32_t keep = nb >= 4 ? 0xffffffffu : (1u << (8 * nb)) - 1u;
    uint16_t mask = (uint16_t)(nb == 16 ? 0xffffu : (1u << nb) - 1u);
    for (unsigned l = 0; l < n; l++, w++) {
        uint32_t d[4] = { 0, 0, 0, 0 };
        for (unsigned i = 0; i < nreg; i++)
            d[i] = rows[i][l] >> sh;
        d[0] &= keep;                        /* B8/B16: the record holds its bytes only */
        memcpy(pg + (addr[l] & 4095u), d, nb);
        w->space = 0;
        w->size = (uint8_t)nb;
        w->lane = (uint8_t)l;
        w->slot = GPUREF_SLOT_NONE;
        w->mask = mask;
        w->addr = addr[l];
        memcpy(w->data, d, sizeof w->data);
    }
}

/* exec functions: RDNA4_EXEC (rdna4.h) retires the instruction after the body */

RDNA4_EXEC(vmem_load)
{
    vm_access a;
    int st = vm_prepare(s, p, rr, &a);
    if (st)
        return st < 0 ? st : GPUREF_OK;
    const vm_kind *k = &a.k;
    unsigned vd = a.f.vdst;
    uint64_t lanes = a.lanes;
    if (vd + k->nreg > 256)          /* destination out of range: EXEC = 0 (§3.3.4 L906) */
        lanes = 0;
    uint64_t lds = lanes & a.lds_lanes, vmem = lanes & ~a.lds_lanes;
    /* skipped: EXEC == 0 and LOADcnt == 0 (FLAT: and DScnt == 0; §3.2.2.1 L739-740) */
    if (!lanes && !s->vmcnt[RDNA4_CNT_LOAD] && !(a.flat && s->vmcnt[RDNA4_CNT_DS]))
        return GPUREF_OK;
    uint32_t bits = rdna4_vm_bits(k->half);
    /* FLAT counts on both LOADcnt and DScnt (§5.7.1.3): its LDS lanes complete with
     * DScnt, the others with LOADcnt; an entry without lanes only counts */
    rdna4_vmload *q[2] = { NULL, NULL };
    if (a.flat)   /* room for both first: a push that completes entries moves them */
        rdna4_vm_reserve(s, rr, 1, 1, (vmem ? k->nreg : 0) + (lds ? k->nreg : 0));
    q[0] = rdna4_vm_push(s, rr, RDNA4_CNT_LOAD, vd, vmem ? k->nreg : 0, bits, vmem);
    if (a.flat)
        q[1] = rdna4_vm_push(s, rr, RDNA4_CNT_DS, vd, lds ? k->nreg : 0, bits, lds);
    int oor = 0;
    if (!a.flat && !a.scratch && !k->half && k->bytes >= 4 && vmem) {
        /* GLOBAL whole DWORDs (every lane global): the loop below without its cases,
         * straight into the entry's rows */
        uint32_t *row[4];
        for (unsigned i = 0; i < k->nreg && i < 4; i++)
            row[i] = s->vmdata[q[0]->row0 + i];
        unsigned n = rdna4_nlanes(s);
        if (VM_ONE_PAGE && lanes == ~0ull >> (64u - n) && k->nreg <= 4 &&
            one_page(a.addr, n, k->bytes)) {
            const uint8_t *pg = rdna4_mem_page(s->mem, a.addr[0], 0);
            if (!pg)                             /* never written: zeros */
                for (unsigned i = 0; i < k->nreg; i++)
                    memset(row[i], 0, n * sizeof row[i][0]);
            else if (k->nreg == 1)
                page_load(row, pg, a.addr, n, 1);
            else if (k->nreg == 2)
                page_load(row, pg, a.addr, n, 2);
            else if (k->nreg == 3)
                page_load(row, pg, a.addr, n, 3);
            else
                page_load(row, pg, a.addr, n, 4);
            lanes = 0;                           /* done */
        }
        for (uint64_t m = lanes; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            uint8_t b[16] = { 0 };
            const uint8_t *src = a.addr[l] + k->bytes <= ADDR48 + 1
                                     ? rdna4_mem_at(s->mem, a.addr[l], k->bytes) : NULL;
            if (!src) {
                vm_read(s, &a, l, b);        /* global: never out of range */
                src = b;
            }
            for (unsigned i = 0; i < k->nreg; i++)
                row[i][l] = (uint32_t)rdna4_le_get(src + 4 * i, 4);
        }
        lanes = 0;                           /* done */
    }
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint8_t b[16] = { 0 };
        const uint8_t *src;
        if (a.sp[l] == SP_GLOBAL && a.addr[l] + k->bytes <= ADDR48 + 1 &&
            (src = rdna4_mem_at(s->mem, a.addr[l], k->bytes)) != NULL)
            rdna4_copy_n(b, src, k->bytes);      /* vm_read's, in the page of the last access */
        else
            oor |= vm_read(s, &a, l, b);
        uint32_t d[4];
        rdna4_vm_dwords(b, k->bytes, k->sign, k->half, d);
        unsigned row0 = (a.sp[l] == SP_LDS ? q[1] : q[0])->row0;
        for (unsigned i = 0; i < k->nreg; i++)
            s->vmdata[row0 + i][l] = d[i];
    }
    rdna4_vm_announce(s, rr, q[0]);
    if (q[1])
        rdna4_vm_announce(s, rr, q[1]);
    if (a.hole || oor)
        rdna4_vm_memviol(s, rr, a.hole ? 3 : 2);
    return GPUREF_OK;
}

RDNA4_EXEC(vmem_store)
{
    vm_access a;
    int st = vm_prepare(s, p, rr, &a);
    if (st)
        return st < 0 ? st : GPUREF_OK;
    const vm_kind *k = &a.k;
    unsigned vs = a.f.vsrc;
    /* the record must hold every memory write: count them first (state unchanged) */
    unsigned total = 0;
    uint64_t ra[16];
    unsigned rl[16];
    /* GLOBAL: a run a lane, two where the 48-bit space wraps; when twice the lanes fit,
     * nothing to count */
    uint64_t count = a.lanes;
    if (!a.flat && !a.scratch && 2u * (unsigned)__builtin_popcountll(a.lanes) + rr->nmemw <= GPUREF_MAX_MEMW)
        count = 0;
    for (uint64_t m = count; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        total += a.sp[l] == SP_GLOBAL && a.addr[l] + k->bytes <= ADDR48 + 1 ? 1   /* vm_runs' */
                                                                         : vm_runs(s, &a, l, ra, rl);
    }
    if (total + rr->nmemw > GPUREF_MAX_MEMW)
        return gpuref_errf(s->err, GPUREF_ERR_UNIMPL,
                           "unimplemented: %s writing %u memory runs (the retire record holds %u)",
                           rdna4_rows[p->row].name, total, (unsigned)GPUREF_MAX_MEMW);
    if (a.flat && (a.lanes || s->vmcnt[RDNA4_CNT_DS]))
        rdna4_vm_push(s, rr, RDNA4_CNT_DS, 0, 0, 0, 0);   /* FLAT counts on DScnt too */
    int oor = 0;
    const uint32_t *row[4];                  /* the data VGPRs (B128: four) */
    unsigned sh = k->half == 2 ? 16 : 0;
    for (unsigned i = 0; i < k->nreg && i < 4; i++)
        row[i] = &s->vgpr[((vs + i) & 255u) * 64u];
    unsigned n = rdna4_nlanes(s);
    uint64_t lanes = a.lanes;
    if (VM_ONE_PAGE && !a.flat && !a.scratch && lanes == ~0ull >> (64u - n) &&
        k->nreg == (k->bytes + 3) / 4 && k->bytes <= 16 && one_page(a.addr, n, k->bytes)) {
        /* every lane global, in one page: the loop below with the page found once */
        uint8_t *pg = rdna4_mem_page(s->mem, a.addr[0], 1);
        if (!pg)
            return gpuref_errf(s->err, GPUREF_ERR_NOMEM, "out of memory");
        gpuref_memw *w = &rr->memw[rr->nmemw];
        switch (k->bytes) {
        case 1: page_store(pg, row, a.addr, n, 1, sh, w); break;
        case 2: page_store(pg, row, a.addr, n, 2, sh, w); break;
        case 4: page_store(pg, row, a.addr, n, 4, sh, w); break;
        case 8: page_store(pg, row, a.addr, n, 8, sh, w); break;
        case 12: page_store(pg, row, a.addr, n, 12, sh, w); break;
        default: page_store(pg, row, a.addr, n, 16, sh, w); break;
        }
        rr->nmemw += n;
        lanes = 0;
    }
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if (a.sp[l] == SP_HOLE)              /* hole addresses: the store is dropped */
            continue;
        uint8_t b[16];
        for (unsigned i = 0; i < k->nreg; i++)
            rdna4_le_put(b + 4 * i, row[i][l] >> sh, 4);
        if (a.sp[l] == SP_LDS) {
            oor |= rdna4_lds_write(s, rr, l, (uint32_t)a.addr[l], b, k->bytes);
            continue;
        }
        uint8_t *q;
        if (a.sp[l] == SP_GLOBAL && a.addr[l] + k->bytes <= ADDR48 + 1 &&
            (q = rdna4_mem_at(s->mem, a.addr[l], k->bytes)) != NULL) {
            /* one run in the page of the last access: what the loop below does */
            rdna4_copy_n(q, b, k->bytes);
            store_rec(rr, a.addr[l], k->bytes, l, b);
            continue;
        }
        unsigned nr = vm_runs(s, &a, l, ra, rl), o = 0;
        for (unsigned j = 0; j < nr; j++) {
            if (rdna4_mem_write(s->mem, ra[j], b + o, rl[j]))
                return gpuref_errf(s->err, GPUREF_ERR_NOMEM, "out of memory");
            gpuref_retire_memw(rr, 0, ra[j], rl[j], l, b + o, 0, GPUREF_SLOT_NONE);
            o += rl[j];
        }
    }
    if (a.hole || oor)
        rdna4_vm_memviol(s, rr, a.hole ? 3 : 2);
    return GPUREF_OK;
}

/* Block loads and stores (guide §11.5 L5537-5583; GLOBAL_/SCRATCH_LOAD_BLOCK and
 * _STORE_BLOCK L29995-30020, L30666-30690; README D40): for n = 0..31, when M0[n],
 * VGPR[VDATA + n] moves to or from the DWORD at the lane's address + 4n (the
 * address as the B32 row computes it: GV/GVS or the scratch modes; skipped DWORDs
 * still advance it).  One LOADcnt / STOREcnt increment for the block.  Loads: a
 * DWORD whose VGPR is past v255 is ignored (L5575-5578); stores: such a DWORD reads VGPR0
 * (L5580-5582).  The byte address of DWORD n of lane l, byte b: */
static uint64_t block_byte(const rdna4_state *s, const vm_access *a, unsigned l, unsigned n,
                           unsigned b)
{
    uint64_t off = a->addr[l] + 4u * n + b;
    return a->sp[l] == SP_SCRATCH ? swz(s, a, l, off) : off & ADDR48;
}

/* SCRATCH blocks support SS, SV and SVS, "but not ST" (L5551): ST (no SGPR, no
 * VGPR offset) stops the step. */
static int block_st(rdna4_state *s, const rdna4_pre *p)
{
    const rdna4_row *r = &rdna4_rows[p->row];
    rdna4_vmf f = rdna4_vmf_of(p);
    if (r->fmt == RDNA4_FMT_VSCRATCH && f.saddr == RDNA4_NULL && !f.sve)
        return gpuref_errf(s->err, GPUREF_ERR_FAULT,
                           "illegal %s: ST addressing (SADDR off, SVE 0; guide L5551: SS, SV "
                           "or SVS only)", r->name);
    return GPUREF_OK;
}

/* The common start of the block rows: the ST check, then vm_prepare's. */
static int block_prepare(rdna4_state *s, const rdna4_pre *p, gpuref_retire *rr, vm_access *a)
{
    int st = block_st(s, p);
    return st ? st : vm_prepare(s, p, rr, a);
}

RDNA4_EXEC(vmem_block_load)
{
    vm_access a;
    int st = block_prepare(s, p, rr, &a);
    if (st)
        return st < 0 ? st : GPUREF_OK;
    uint32_t m0 = s->a.sreg[RDNA4_M0], skip = 0;
    unsigned vd = a.f.vdst, nreg = 0;
    for (unsigned i = 0; i < 32; i++)
        if ((m0 >> i & 1u) && vd + i < 256)
            nreg = i + 1;
    for (unsigned i = 0; i < nreg; i++)
        if (!(m0 >> i & 1u))
            skip |= 1u << i;
    /* skipped: EXEC == 0 and LOADcnt == 0 (§3.2.2.1 L739) */
    if (!a.lanes && !s->vmcnt[RDNA4_CNT_LOAD])
        return GPUREF_OK;
    uint64_t lanes = nreg ? a.lanes : 0;
    /* more VGPRs than a load may hold outstanding (RDNA4_VM_MAXREG): the other loads
     * complete first (rdna4_vm_reserve), and no SMEM load may be outstanding, so that
     * the drain of everything fits one record */
    if (lanes && nreg > RDNA4_VM_MAXREG && s->nkm)
        return gpuref_errf(s->err, GPUREF_ERR_UNIMPL,
                           "unimplemented: %s of %u VGPRs with %u SMEM DWORDs outstanding (the "
                           "retire record holds %u writes: s_wait_kmcnt 0 before it, README D40)",
                           rdna4_rows[p->row].name, nreg, s->kmdw, (unsigned)GPUREF_MAX_REGW);
    rdna4_vmload *q = rdna4_vm_push(s, rr, RDNA4_CNT_LOAD, vd, lanes ? nreg : 0, 0xffffffffu,
                                    lanes);
    q->skip = lanes ? skip : 0;
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        for (unsigned i = 0; i < nreg; i++) {
            if (skip >> i & 1u)
                continue;
            uint8_t b[4];
            for (unsigned j = 0; j < 4; j++)
                rdna4_mem_read(s->mem, block_byte(s, &a, l, i, j), b + j, 1);
            s->vmdata[q->row0 + i][l] = (uint32_t)rdna4_le_get(b, 4);
        }
    }
    if (lanes)
        rdna4_vm_announce(s, rr, q);
    return GPUREF_OK;
}

/* The memory runs of a block store's lane: consecutive selected DWORDs contiguous in
 * memory, at most 16 bytes a run (a record entry); scratch DWORDs are apart (the
 * swizzle).  Fills ra/rn/r0 (first DWORD of each run) when given; returns the count. */
static unsigned block_runs(const rdna4_state *s, const vm_access *a, unsigned l, uint32_t m0,
                           uint64_t *ra, unsigned *rn, unsigned *r0)
{
    unsigned nr = 0, cur = 0;
    uint64_t end = 0;
    for (unsigned i = 0; i < 32; i++) {
        if (!(m0 >> i & 1u)) {
            cur = 0;
            continue;
        }
        uint64_t ad = block_byte(s, a, l, i, 0);
        int contig = a->sp[l] == SP_GLOBAL && ad + 4u <= ADDR48 + 1;
        if (cur && contig && ad == end && cur < 4) {
            cur++;
            if (rn)
                rn[nr - 1] += 4;
        } else if (contig || a->sp[l] == SP_SCRATCH) {
            if (ra) {
                ra[nr] = ad;
                rn[nr] = 4;
                r0[nr] = i;
            }
            nr++;
            cur = contig ? 1 : 0;
        } else {                             /* global DWORD across the 48-bit wrap */
            if (ra) {
                ra[nr] = ad;
                rn[nr] = 0;                  /* byte by byte (block_store) */
                r0[nr] = i;
            }
            nr += 2;
            if (ra) {
                ra[nr - 1] = 0;
                rn[nr - 1] = 0xffffffffu;    /* the second half of the split DWORD */
                r0[nr - 1] = i;
            }
            cur = 0;
        }
        end = ad + 4u;
    }
    return nr;
}

RDNA4_EXEC(vmem_block_store)
{
    vm_access a;
    int st = block_prepare(s, p, rr, &a);
    if (st)
        return st < 0 ? st : GPUREF_OK;
    uint32_t m0 = s->a.sreg[RDNA4_M0];
    unsigned vs = a.f.vsrc, total = 0;
    for (uint64_t m = a.lanes; m; m &= m - 1)
        total += block_runs(s, &a, (unsigned)__builtin_ctzll(m), m0, NULL, NULL, NULL);
    if (total + rr->nmemw > GPUREF_MAX_MEMW)
        return gpuref_errf(s->err, GPUREF_ERR_UNIMPL,
                           "unimplemented: %s writing %u memory runs (the retire record holds %u)",
                           rdna4_rows[p->row].name, total, (unsigned)GPUREF_MAX_MEMW);
    for (uint64_t m = a.lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint64_t ra[64];
        unsigned rn[64], r0[64];
        unsigned nr = block_runs(s, &a, l, m0, ra, rn, r0);
        for (unsigned j = 0; j < nr; j++) {
            uint8_t b[16];
            unsigned nd = rn[j] == 0 || rn[j] == 0xffffffffu ? 1 : rn[j] / 4;
            for (unsigned i = 0; i < nd; i++) {
                unsigned v = vs + r0[j] + i;
                rdna4_le_put(b + 4 * i, s->vgpr[(v < 256 ? v : 0) * 64u + l], 4);
            }
            if (rn[j] == 0xffffffffu)
                continue;                    /* written with the first half */
            if (rn[j] == 0) {                /* split by the 48-bit wrap: two runs */
                unsigned k = (unsigned)(ADDR48 + 1 - ra[j]);
                for (unsigned h = 0; h < 2; h++) {
                    uint64_t ad = h ? 0 : ra[j];
                    unsigned o = h ? k : 0, len = h ? 4 - k : k;
                    if (rdna4_mem_write(s->mem, ad, b + o, len))
                        return gpuref_errf(s->err, GPUREF_ERR_NOMEM, "out of memory");
                    gpuref_retire_memw(rr, 0, ad, len, l, b + o, 0, GPUREF_SLOT_NONE);
                }
                continue;
            }
            if (rdna4_mem_write(s->mem, ra[j], b, rn[j]))
                return gpuref_errf(s->err, GPUREF_ERR_NOMEM, "out of memory");
            gpuref_retire_memw(rr, 0, ra[j], rn[j], l, b, 0, GPUREF_SLOT_NONE);
        }
    }
    return GPUREF_OK;
}

/* GLOBAL_LOAD_TR_B128 in wave32 (guide §11.6.2 L5606-5640, README D39): the 16 bytes at
 * every lane's address are read as GLOBAL_LOAD_B128 reads them (GV/GVS addressing,
 * IOFFSET, the alignment modes), then transposed within each group of 8 lanes: with
 * R(L)[e] the 16-bit element e (bytes 2e, 2e+1) read by lane L, lane L receives in its
 * element j (VGPR VDST + j/2, bits 15:0 for j even, 31:16 for j odd) R(8(L/8) + j)[L%8].
 * EXEC == 0 is an S_NOP (L5612: nothing read, nothing counted); any other EXEC is taken
 * as all ones (the guide leaves a partial EXEC undefined; D39).  One LOADcnt entry whose
 * four VGPRs of all 32 lanes are written back at the wait, as GLOBAL_LOAD_B128's.
 * Wave64 (two VGPRs from lanes 0-31's addresses) stops as unimplemented. */
RDNA4_EXEC(global_load_tr_b128)
{
    if (!rdna4_exec_mask(s))
        return GPUREF_OK;
    if (s->wave64)
        return gpuref_errf(s->err, GPUREF_ERR_UNIMPL,
                           "unimplemented: %s in wave64 (no source gives its lane map, README D39)",
                           rdna4_rows[p->row].name);
    vm_access a;
    int st = vm_prepare(s, p, rr, &a);
    if (st)
        return st < 0 ? st : GPUREF_OK;
    unsigned vd = a.f.vdst;
    if (vd + 4u > 256)               /* destination out of range: EXEC = 0 (§3.3.4 L906) */
        return GPUREF_OK;
    uint16_t el[32][8];              /* R(L)[e] */
    for (unsigned l = 0; l < 32; l++) {
        uint8_t b[16];
        vm_read(s, &a, l, b);        /* global: never out of range */
        for (unsigned e = 0; e < 8; e++)
            el[l][e] = (uint16_t)rdna4_le_get(b + 2 * e, 2);
    }
    rdna4_vmload *q = rdna4_vm_push(s, rr, RDNA4_CNT_LOAD, vd, 4, 0xffffffffu, a.lanes);
    for (unsigned l = 0; l < 32; l++) {
        unsigned g = l & ~7u, c = l & 7u;
        for (unsigned i = 0; i < 4; i++)
            s->vmdata[q->row0 + i][l] = (uint32_t)el[g + 2 * i][c] |
                                        (uint32_t)el[g + 2 * i + 1][c] << 16;
    }
    rdna4_vm_announce(s, rr, q);
    return GPUREF_OK;
}

/* GLOBAL and FLAT atomics: tmp = MEM; MEM = f(tmp, DATA) (CMPSWAP: src = DATA[31:0],
 * cmp = DATA[63:32], 64-bit: DATA[63:0] / DATA[127:64]; float atomics: README D25);
 * RETURN_DATA = tmp when TH[0] (RETURN) is set, a deferred write-back on LOADcnt
 * (FLAT's LDS lanes: on DScnt, as FLAT loads, D23); memory written at issue.  FLAT
 * lanes: global as GLOBAL; LDS lanes as DS atomics (size-aligned or MEMVIOL source
 * LDS, out of range: no update, 0 returned, MEMVIOL); scratch lanes through the
 * swizzle (D6), payload-aligned or MEMVIOL; hole lanes: no update, 0 returned,
 * MEMVIOL after the access.  Float atomics flush no denormals outside DS (§13.2). */
RDNA4_EXEC(vmem_atomic)
{
    vm_access a;
    int st = vm_prepare(s, p, rr, &a);
    if (st)
        return st < 0 ? st : GPUREF_OK;
    const vm_kind *k = &a.k;
    unsigned rtn = a.f.th & 1u, n = k->bytes, vd = a.f.vdst;
    unsigned vs = a.f.vsrc, cmp = !k->fatomic && k->atomic - 1 == RDNA4_AT_CMP;
    uint64_t lanes = a.lanes;
    if (rtn && vd + k->nreg > 256)    /* destination out of range: EXEC = 0 (L910) */
        lanes = 0;
    if (rtn && !lanes && !s->vmcnt[RDNA4_CNT_LOAD] && !(a.flat && s->vmcnt[RDNA4_CNT_DS]))
        return GPUREF_OK;
    /* FLAT LDS and scratch lanes: payload-aligned in every mode (§9.5 L4552) */
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        if ((a.sp[l] == SP_LDS || a.sp[l] == SP_SCRATCH) && (a.addr[l] & (n - 1))) {
            rdna4_vm_memviol(s, rr, a.sp[l] == SP_LDS ? 2 : 3);
            return GPUREF_OK;
        }
    }
    unsigned total = 0;
    uint64_t ra[16];
    unsigned rl[16];
    for (uint64_t m = lanes; m; m &= m - 1)
        total += vm_runs(s, &a, (unsigned)__builtin_ctzll(m), ra, rl);
    if (total + rr->nmemw > GPUREF_MAX_MEMW)
        return gpuref_errf(s->err, GPUREF_ERR_UNIMPL,
                           "unimplemented: %s writing %u memory runs (the retire record holds %u)",
                           rdna4_rows[p->row].name, total + rr->nmemw, (unsigned)GPUREF_MAX_MEMW);
    fp_policy pol;
    if (k->fatomic && rdna4_atomic_policy(s, 0, &pol))
        return gpuref_errf(s->err, GPUREF_ERR_FAULT, "%s: float policy", rdna4_rows[p->row].name);
    uint64_t lds = lanes & a.lds_lanes, vmem = lanes & ~a.lds_lanes;
    rdna4_vmload *q[2] = { NULL, NULL };
    if (a.flat)
        rdna4_vm_reserve(s, rr, rtn, 1, rtn ? ((vmem ? k->nreg : 0) + (lds ? k->nreg : 0)) : 0);
    if (rtn)
        q[0] = rdna4_vm_push(s, rr, RDNA4_CNT_LOAD, vd, vmem ? k->nreg : 0, 0xffffffffu, vmem);
    if (a.flat && (lanes || s->vmcnt[RDNA4_CNT_DS]))   /* FLAT counts on DScnt too */
        q[1] = rdna4_vm_push(s, rr, RDNA4_CNT_DS, vd, rtn && lds ? k->nreg : 0, 0xffffffffu,
                             rtn ? lds : 0);
    int oor = 0;
    for (uint64_t m = lanes; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctzll(m);
        uint8_t b[8] = { 0 };
        uint64_t tmp = 0, src, src2 = 0;
        int miss = a.sp[l] == SP_HOLE;
        if (a.sp[l] == SP_LDS)
            miss = rdna4_lds_read(s, (uint32_t)a.addr[l], b, n);
        else
            vm_read(s, &a, l, b);
        oor |= miss && a.sp[l] == SP_LDS;
        if (!miss) {
            tmp = rdna4_le_get(b, n);
            src = s->vgpr[(vs & 255u) * 64u + l];
            unsigned hi = k->w64 ? 2 : 1;        /* CMPSWAP's compare follows the data */
            if (k->w64)
                src |= (uint64_t)s->vgpr[((vs + 1) & 255u) * 64u + l] << 32;
            if (cmp) {
                src2 = s->vgpr[((vs + hi) & 255u) * 64u + l];
                if (k->w64)
                    src2 |= (uint64_t)s->vgpr[((vs + 3) & 255u) * 64u + l] << 32;
            } else if (!k->fatomic && k->atomic - 1 == RDNA4_AT_ORDERED) {
                src2 = s->gs_max_wave_id;        /* VGT_GS_MAX_WAVE_ID (config, D37) */
            }
            uint64_t r = k->fatomic ? rdna4_atomic_float(k->fatomic, (int)k->w64, tmp, src, &pol)
                                    : rdna4_atomic_int(k->atomic - 1, k->w64, tmp, src, src2);
            rdna4_le_put(b, r, n);
            if (a.sp[l] == SP_LDS) {
                rdna4_lds_write(s, rr, l, (uint32_t)a.addr[l], b, n);
            } else {
                unsigned nr = vm_runs(s, &a, l, ra, rl), o = 0;
                for (unsigned j = 0; j < nr; j++) {
                    if (rdna4_mem_write(s->mem, ra[j], b + o, rl[j]))
                        return gpuref_errf(s->err, GPUREF_ERR_NOMEM, "out of memory");
                    gpuref_retire_memw(rr, 0, ra[j], rl[j], l, b + o, 0, GPUREF_SLOT_NONE);
                    o += rl[j];
                }
            }
        }
        if (rtn) {
            rdna4_vmload *e = a.sp[l] == SP_LDS ? q[1] : q[0];
            s->vmdata[e->row0][l] = (uint32_t)tmp;
            if (k->w64)
                s->vmdata[e->row0 + 1][l] = (uint32_t)(tmp >> 32);
        }
    }
    if (rtn) {
        rdna4_vm_announce(s, rr, q[0]);
        if (q[1])
            rdna4_vm_announce(s, rr, q[1]);
    }
    if (a.hole || oor)
        rdna4_vm_memviol(s, rr, a.hole ? 3 : 2);
    return GPUREF_OK;
}

/* GLOBAL_INV: no data; counted on LOADcnt like a load (§5.7.1.2 L2222), so that
 * s_wait_loadcnt orders it with the loads around it.  Never skipped (L729). */
RDNA4_EXEC(global_inv)
{
    (void)p;
    rdna4_vm_push(s, rr, RDNA4_CNT_LOAD, 0, 0, 0, 0);
    return GPUREF_OK;
}

/* S_WAIT_LOADCNT: LOADcnt <= SIMM16[5:0] (L11526); loads complete in order. */
RDNA4_EXEC(s_wait_loadcnt)
{
    rdna4_vm_drain(s, rr, RDNA4_CNT_LOAD, p->imm & 0x3fu);
    return GPUREF_OK;
}

/* S_WAIT_LOADCNT_DSCNT: LOADcnt <= SIMM16[13:8] and DScnt <= SIMM16[5:0] (L11541). */
RDNA4_EXEC(s_wait_loadcnt_dscnt)
{
    rdna4_vm_drain(s, rr, RDNA4_CNT_LOAD, (p->imm >> 8) & 0x3fu);
    rdna4_vm_drain(s, rr, RDNA4_CNT_DS, p->imm & 0x3fu);
    return GPUREF_OK;
}
