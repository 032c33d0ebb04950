/* rdna4_exec_smem.c - scalar memory: S_LOAD_*, S_BUFFER_LOAD_* from the `mem` space,
 * S_DCACHE_INV and the prefetches (architectural no-ops).
 *
 * Guide §8 (L3844-4065) and the SMEM pages of chapter 16 (L11569-12074):
 *  - S_LOAD: ADDR = SGPR[SBASE*2..+1] + IOFFSET (signed 24 bits) + SGPR[SOFFSET]
 *    (NULL = 0); each component drops its 2 LSBs for DWORD loads, 1 LSB for 16-bit
 *    loads, none for byte loads (L3903-3909).  IOFFSET + SOFFSET < 0 is "illegal and
 *    undefined" (L3911): the model stops with GPUREF_ERR_FAULT.
 *  - S_BUFFER_LOAD: V# in SGPR[SBASE*2..+3]; base V#[47:0], stride V#[61:48],
 *    num_records V#[95:64]; a DWORD at `offset` is out of range when offset >=
 *    (stride ? stride : 1) * num_records and reads 0 (L3996-4018); a negative
 *    IOFFSET is a MEMVIOL (L3867, digest §7 D5).
 *  - SBASE out of range -> SGPR0 is used; NULL/EXEC as SBASE read zero; a
 *    destination partly out of range writes nothing (L4005-4015, L803-806).
 *  - addresses are 48 bits: bits 63:48 of the sum are dropped (README decision). */
#include "rdna4.h"
#include "rdna4_exec.h"

#include <string.h>

#define ADDR48 0x0000ffffffffffffull

/* Read `n` DWORDs of a scalar base operand starting at code b. */
static void read_base(const rdna4_state *s, unsigned b, unsigned n, uint32_t *out)
{
    if (b == RDNA4_NULL || b == RDNA4_EXEC_LO) {        /* NULL/EXEC as an address source: zero */
        for (unsigned i = 0; i < n; i++)
            out[i] = 0;
        return;
    }
    if (b < 106) {                                /* out of range: SGPR0 is used */
        unsigned last = b + n - 1 < 106 ? b + n - 1 : 105;
        if (last >= s->nsgprs)
            b = 0;
    }
    for (unsigned i = 0; i < n; i++)
        out[i] = s->a.sreg[b + i];
}

static uint32_t read_soffset(const rdna4_state *s, unsigned code)
{
    return code < 128 ? s->a.sreg[code] : 0;      /* NULL reads 0 */
}

/* Load geometry of a row: DWORDs (0 for sub-DWORD), bytes, signed. */
typedef struct smem_kind {
    unsigned ndw, bytes, sign, buffer;
} smem_kind;

static smem_kind kind_of(unsigned row)
{
    smem_kind k = { 1, 4, 0, 0 };
    switch (row) {
    case RDNA4_ROW_SMEM_s_buffer_load_b32:  k.buffer = 1; /* fall through */
    case RDNA4_ROW_SMEM_s_load_b32:         break;
    case RDNA4_ROW_SMEM_s_buffer_load_b64:  k.buffer = 1; /* fall through */
    case RDNA4_ROW_SMEM_s_load_b64:         k.ndw = 2; break;
    case RDNA4_ROW_SMEM_s_buffer_load_b96:  k.buffer = 1; /* fall through */
    case RDNA4_ROW_SMEM_s_load_b96:         k.ndw = 3; break;
    case RDNA4_ROW_SMEM_s_buffer_load_b128: k.buffer = 1; /* fall through */
    case RDNA4_ROW_SMEM_s_load_b128:        k.ndw = 4; break;
    case RDNA4_ROW_SMEM_s_buffer_load_b256: k.buffer = 1; /* fall through */
    case RDNA4_ROW_SMEM_s_load_b256:        k.ndw = 8; break;
    case RDNA4_ROW_SMEM_s_buffer_load_b512: k.buffer = 1; /* fall through */
    case RDNA4_ROW_SMEM_s_load_b512:        k.ndw = 16; break;
    case RDNA4_ROW_SMEM_s_buffer_load_i8:   k.buffer = 1; /* fall through */
    case RDNA4_ROW_SMEM_s_load_i8:          k.bytes = 1; k.sign = 1; break;
    case RDNA4_ROW_SMEM_s_buffer_load_u8:   k.buffer = 1; /* fall through */
    case RDNA4_ROW_SMEM_s_load_u8:          k.bytes = 1; break;
    case RDNA4_ROW_SMEM_s_buffer_load_i16:  k.buffer = 1; /* fall through */
    case RDNA4_ROW_SMEM_s_load_i16:         k.bytes = 2; k.sign = 1; break;
    case RDNA4_ROW_SMEM_s_buffer_load_u16:  k.buffer = 1; /* fall through */
    case RDNA4_ROW_SMEM_s_load_u16:         k.bytes = 2; break;
    default: break;
    }
    return k;
}

static uint64_t align_to(uint64_t v, unsigned bytes)
{
    return bytes >= 4 ? v & ~3ull : bytes == 2 ? v & ~1ull : v;
}

static uint32_t extend(const uint8_t *b, const smem_kind *k)
{
    if (k->bytes == 1)
        return k->sign ? (uint32_t)(int32_t)(int8_t)b[0] : b[0];
    if (k->bytes == 2) {
        uint16_t h = (uint16_t)(b[0] | b[1] << 8);
        return k->sign ? (uint32_t)(int32_t)(int16_t)h : h;
    }
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static int memviol(rdna4_state *s, gpuref_retire *rr)
{
    uint32_t v = s->a.hwreg[RDNA4_HW_EXCP_FLAG_PRIV];
    if (!(v & (1u << 4)))
        v = (v & 0x3fffffffu) | (1u << 30);       /* first_memviol_source = SMEM */
    rdna4_write_hwreg(s, rr, RDNA4_HW_EXCP_FLAG_PRIV, v | (1u << 4));
    rdna4_end(s, rr, GPUREF_RETIRE_TRAP | GPUREF_RETIRE_END);
    return GPUREF_OK;
}

/* ------------------------------------------------ deferred loads
 * smem_defer=1 (README "Deferred SMEM loads"): a load announces its destination
 * as PENDING writes and stays outstanding; a wait or the program end applies the
 * data, oldest load first, and lists it flagged DEFERRED with the load's tag. */
static void record_tagged(gpuref_retire *rr, unsigned code, uint32_t v, uint32_t flags,
                          uint64_t tag)
{
    unsigned idx, n = rr->nregw;
    int f = rdna4_sreg_file(code, &idx);
    rdna4_record_new(rr, f, idx, 0xffffffffu, v, flags);
    if (rr->nregw > n)              /* recorded (RDNA4_KM_MAXDW keeps it in the record) */
        rr->regw[n].tag = tag;
}

static void drain_one(rdna4_state *s, gpuref_retire *rr)
{
    const rdna4_kmload *q = &s->km[0];
    for (unsigned i = 0; i < q->ndw; i++) {
        s->a.sreg[q->dst + i] = q->data[i];
        record_tagged(rr, q->dst + i, q->data[i], GPUREF_REGW_DEFERRED, q->tag);
    }
    s->kmcnt -= q->cnt;
    s->kmdw -= q->ndw;
    s->nkm--;
    memmove(&s->km[0], &s->km[1], s->nkm * sizeof s->km[0]);
}

void rdna4_km_drain(rdna4_state *s, gpuref_retire *rr, unsigned n)
{
    while (s->nkm && s->kmcnt > n)
        drain_one(s, rr);
}

/* exec functions: RDNA4_EXEC (rdna4.h) retires the instruction after the body */
RDNA4_EXEC(s_load)
{
    smem_kind k = kind_of(p->row);
    unsigned ndw = k.bytes == 4 ? k.ndw : 1;
    int32_t ioff = (int32_t)(p->aux[2] << 8) >> 8;
    uint32_t soff = read_soffset(s, p->aux[1]);
    uint32_t data[16];
    uint8_t b[4];

    if (!k.buffer) {
        uint32_t base[2];
        read_base(s, p->aux[0], 2, base);
        if ((int64_t)ioff + (int64_t)soff < 0)
            return gpuref_errf(s->err, GPUREF_ERR_FAULT,
                               "illegal %s: IOFFSET %d + SOFFSET %u is negative (guide §8.1.1 "
                               "L3911: illegal and undefined)", rdna4_rows[p->row].name,
                               (int)ioff, soff);
        uint64_t a = align_to((uint64_t)base[0] | (uint64_t)base[1] << 32, k.bytes) +
                     align_to((uint64_t)(int64_t)ioff, k.bytes) + align_to(soff, k.bytes);
        for (unsigned i = 0; i < ndw; i++) {
            if (rdna4_mem_read(s->mem, (a + 4u * i) & ADDR48, b, k.bytes))
                return gpuref_errf(s->err, GPUREF_ERR_FAULT, "memory read failed");
            data[i] = extend(b, &k);
        }
    } else {
        uint32_t v[4];
        read_base(s, p->aux[0], 4, v);
        if (ioff < 0)
            return memviol(s, rr);
        uint64_t base = align_to((uint64_t)v[0] | (uint64_t)(v[1] & 0xffffu) << 32, k.bytes);
        uint64_t stride = (v[1] >> 16) & 0x3fffu, nrec = v[2];
        uint64_t size = align_to((stride ? stride : 1) * nrec, k.bytes);
        uint64_t off = align_to((uint64_t)ioff, k.bytes) + align_to(soff, k.bytes);
        for (unsigned i = 0; i < ndw; i++) {
            uint64_t o = off + 4u * i;
            if (o >= size) {
                data[i] = 0;
                continue;
            }
            if (rdna4_mem_read(s->mem, (base + o) & ADDR48, b, k.bytes))
                return gpuref_errf(s->err, GPUREF_ERR_FAULT, "memory read failed");
            data[i] = extend(b, &k);
        }
    }
    unsigned d = p->dst;
    if (d == RDNA4_NULL || !rdna4_sdst_ok(s, d, ndw))
        return GPUREF_OK;
    if (!s->smem_defer) {                         /* smem_defer=0: visible at issue */
        for (unsigned i = 0; i < ndw; i++)
            rdna4_write_sreg(s, rr, d + i, data[i], 0);
        return GPUREF_OK;
    }
    /* KMcnt += 1 for a single-DWORD fetch, 2 for more (guide L3964-3965).  A full
     * counter (5 bits) or record bound makes the oldest loads return first. */
    unsigned cnt = ndw > 1 ? 2u : 1u;
    if (s->vmreg > RDNA4_VM_MAXREG)     /* a block load outstanding completes first, so */
        rdna4_vm_drain(s, rr, RDNA4_CNT_ALL, 0);   /* a drain fits one record (D40) */
    while (s->nkm && (s->kmcnt + cnt > RDNA4_KM_MAX || s->kmdw + ndw > RDNA4_KM_MAXDW))
        drain_one(s, rr);
    rdna4_kmload *q = &s->km[s->nkm++];
    q->tag = rr->seq;
    q->dst = (uint8_t)d;
    q->ndw = (uint8_t)ndw;
    q->cnt = (uint8_t)cnt;
    s->kmcnt += cnt;
    s->kmdw += ndw;
    for (unsigned i = 0; i < ndw; i++) {
        q->data[i] = data[i];
        record_tagged(rr, d + i, data[i], GPUREF_REGW_PENDING, rr->seq);
    }
    return GPUREF_OK;
}

/* S_WAIT_KMCNT: wait until KMcnt <= SIMM16[4:0] (digest §4.4, guide L2141) */
RDNA4_EXEC(s_wait_kmcnt)
{
    rdna4_km_drain(s, rr, p->imm & 0x1fu);
    return GPUREF_OK;
}

/* S_WAIT_IDLE, and S_WAITCNT which is S_WAIT_IDLE (digest §4.4): every counter 0 */
RDNA4_EXEC(s_wait_idle)
{
    (void)p;
    rdna4_km_drain(s, rr, 0);
    rdna4_vm_drain(s, rr, RDNA4_CNT_ALL, 0);
    return GPUREF_OK;
}
