/* state.c - RDNA4 wave state, configuration, program loading and stepping.
 * The gpuref_isa for "rdna4" is defined at the end of this file. */
#include <stdlib.h>
#include <string.h>

#include "rdna4.h"

static const gpuref_regfile_info r4_files[R4_NFILES] = {
    [R4_FILE_S]     = { "s", 106, 32, 1 },
    [R4_FILE_VCC]   = { "vcc", 2, 32, 1 },
    [R4_FILE_TTMP]  = { "ttmp", 16, 32, 1 },
    [R4_FILE_M0]    = { "m0", 1, 32, 1 },
    [R4_FILE_EXEC]  = { "exec", 2, 32, 1 },
    [R4_FILE_SCC]   = { "scc", 1, 1, 1 },
    [R4_FILE_PC]    = { "pc", 1, 64, 1 },
    [R4_FILE_HWREG] = { "hwreg", R4_NHWREG, 32, 1 },
    [R4_FILE_V]     = { "v", 256, 32, 64 },
    /* read-only view of the configuration, so that a bench can configure its
     * DUT from a model: 0 sgprs, 1 tba[31:0], 2 tba[47:32],
     * 3 private_base << 16 | shared_base, 4 dvgpr */
    [R4_FILE_CFG]   = { "cfg", 6, 32, 1 },
};

static const char *const r4_spaces[] = { "mem" };

#define PC_MASK 0x0000fffffffffffcull   /* 48-bit PC, two LSBs forced to zero (L665) */

/* -------------------------------------------------------------- config */

static int parse_bool(const char *v, unsigned *out)
{
    if (strcmp(v, "0") == 0 || strcmp(v, "1") == 0) {
        *out = (unsigned)(v[0] - '0');
        return 0;
    }
    return -1;
}

static int r4_init(void *vst, const char *config, char *err)
{
    r4_state *s = vst;
    s->mem = &s->mem_own;
    s->wave64 = 0;
    s->nsgprs = 106;
    s->mode0 = 0x000000f0;     /* RNE, all denormals kept: digest §7 B10 suggestion */
    s->status0 = 0;
    s->tba = s->tma = s->scratch_base = 0;
    s->shared_base = s->private_base = 0;
    s->dvgpr = 0;
    s->smem_defer = 1;
    unsigned priv = 0, trap_en = 0;
    size_t pos = 0;
    char key[32], val[64];
    int r;
    while ((r = gpuref_config_next(config, &pos, key, sizeof key, val, sizeof val)) > 0) {
        uint64_t v = 0;
        int bad = 0;
        if (strcmp(key, "wave") == 0) {
            bad = gpuref_parse_u64(val, &v) || (v != 32 && v != 64);
            s->wave64 = v == 64;
        } else if (strcmp(key, "sgprs") == 0) {
            bad = gpuref_parse_u64(val, &v) || v < 1 || v > 106;
            s->nsgprs = (unsigned)v;
        } else if (strcmp(key, "mode") == 0) {
            bad = gpuref_parse_u64(val, &v) || v > 0xffffffffu;
            s->mode0 = (uint32_t)v;
        } else if (strcmp(key, "priv") == 0) {
            bad = parse_bool(val, &priv);
        } else if (strcmp(key, "trap_en") == 0) {
            bad = parse_bool(val, &trap_en);
        } else if (strcmp(key, "tba") == 0) {
            bad = gpuref_parse_u64(val, &v) || (v & ~PC_MASK);
            s->tba = v;
        } else if (strcmp(key, "tma") == 0) {
            bad = gpuref_parse_u64(val, &v) || v >> 48;
            s->tma = v;
        } else if (strcmp(key, "shared_base") == 0) {
            bad = gpuref_parse_u64(val, &v) || v > 0xffff;
            s->shared_base = (uint32_t)v;
        } else if (strcmp(key, "private_base") == 0) {
            bad = gpuref_parse_u64(val, &v) || v > 0xffff;
            s->private_base = (uint32_t)v;
        } else if (strcmp(key, "scratch_base") == 0) {
            bad = gpuref_parse_u64(val, &v) || (v & 0xff) || v >> 48;
            s->scratch_base = v;
        } else if (strcmp(key, "dvgpr") == 0) {
            bad = parse_bool(val, &s->dvgpr);
        } else if (strcmp(key, "smem_defer") == 0) {
            bad = parse_bool(val, &s->smem_defer);
        } else {
            return gpuref_errf(err, GPUREF_ERR_CONFIG,
                               "rdna4: unknown config key '%s' (known: wave, sgprs, mode, priv, "
                               "trap_en, tba, tma, shared_base, private_base, scratch_base, "
                               "dvgpr, smem_defer)", key);
        }
        if (bad)
            return gpuref_errf(err, GPUREF_ERR_CONFIG, "rdna4: bad value '%s' for config key '%s'",
                               val, key);
    }
    if (r < 0)
        return gpuref_errf(err, GPUREF_ERR_CONFIG, "rdna4: malformed config '%s'", config);
    s->status0 = R4_STATUS_VALID | (s->wave64 ? R4_STATUS_WAVE64 : 0) |
                 (priv ? R4_STATUS_PRIV : 0) | (trap_en ? R4_STATUS_TRAP_EN : 0);
    char msg[128];
    if (fp_policy_init(&s->fp, "rdna4", msg, sizeof msg))
        return gpuref_errf(err, GPUREF_ERR_CONFIG, "rdna4: float policy: %s", msg);
    s->fp_valid = 0;
    s->vgpr = calloc(256u * 64u, sizeof *s->vgpr);
    if (!s->vgpr || r4_mem_init(s->mem))
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "rdna4: out of memory");
    return GPUREF_OK;
}

static void r4_fini(void *vst)
{
    r4_state *s = vst;
    free(s->vgpr);
    free(s->code);
    free(s->pre);
    r4_mem_fini(&s->mem_own);
}

static int r4_reset(void *vst, char *err)
{
    r4_state *s = vst;
    (void)err;
    memset(&s->a, 0, sizeof s->a);
    s->nkm = s->kmcnt = s->kmdw = 0;
    s->a.sreg[R4_EXEC_LO] = 0xffffffffu;
    s->a.sreg[R4_EXEC_HI] = s->wave64 ? 0xffffffffu : 0;
    s->a.pc = s->base & PC_MASK;
    s->a.hwreg[R4_HW_MODE] = s->mode0;
    s->a.hwreg[R4_HW_STATUS] = s->status0;
    s->a.hwreg[R4_HW_STATE_PRIV] = s->scratch_base ? R4_SPRIV_SCRATCH_EN : 0;
    s->a.hwreg[R4_HW_SCRATCH_BASE_LO] = (uint32_t)s->scratch_base;
    s->a.hwreg[R4_HW_SCRATCH_BASE_HI] = (uint32_t)(s->scratch_base >> 32);
    memset(s->vgpr, 0, 256u * 64u * sizeof *s->vgpr);
    r4_update_fin(s);
    return GPUREF_OK;
}

/* ------------------------------------------------------ state helpers */

static int execz(const r4_state *s)
{
    return s->wave64 ? (s->a.sreg[R4_EXEC_LO] | s->a.sreg[R4_EXEC_HI]) == 0
                     : s->a.sreg[R4_EXEC_LO] == 0;
}

static int vccz(const r4_state *s)
{
    return s->wave64 ? (s->a.sreg[R4_VCC_LO] | s->a.sreg[R4_VCC_HI]) == 0
                     : s->a.sreg[R4_VCC_LO] == 0;
}

/* Hardware register value as S_GETREG sees it: derived bits filled in. */
uint32_t r4_read_hwreg(const r4_state *s, unsigned id)
{
    uint32_t v = s->a.hwreg[id & 63];
    if (id == R4_HW_STATUS) {
        v &= ~(R4_STATUS_EXECZ | R4_STATUS_VCCZ | R4_STATUS_WAVE64);
        v |= (execz(s) ? R4_STATUS_EXECZ : 0) | (vccz(s) ? R4_STATUS_VCCZ : 0) |
             (s->wave64 ? R4_STATUS_WAVE64 : 0);
    } else if (id == R4_HW_STATE_PRIV) {
        v = (v & ~R4_SPRIV_SCC) | (s->a.scc ? R4_SPRIV_SCC : 0);
    }
    return v;
}

void r4_write_hwreg(r4_state *s, gpuref_retire *rr, unsigned id, uint32_t v)
{
    id &= 63;
    if (id == R4_HW_STATE_PRIV) {
        uint32_t scc = (v & R4_SPRIV_SCC) ? 1u : 0u;
        if (scc != s->a.scc)
            r4_write_scc(s, rr, scc, 0);
    }
    s->a.hwreg[id] = v;
    r4_update_fin(s);
    r4_record(rr, R4_FILE_HWREG, id, 0xffffffffu, r4_read_hwreg(s, id), 0);
}

/* Can the n registers from code be written?  Out-of-range SGPRs (>= sgprs) and TTMPs
 * outside the trap handler are not written, and SCC is then not updated either
 * (guide §3.3.1.3 L791-797, §6.2 L2377). */
int r4_sdst_ok(const r4_state *s, unsigned code, unsigned n)
{
    for (unsigned c = code; c < code + n; c++) {
        if (c < 106) {
            if (c >= s->nsgprs)
                return 0;
        } else if (c >= R4_TTMP0 && c < R4_NULL) {
            if (!(s->a.hwreg[R4_HW_STATUS] & R4_STATUS_PRIV))
                return 0;
        } else if (c > 127) {
            return 0;
        }
    }
    /* one operand may not span regions: {s0-s105, vcc}, {ttmp}, {others} (L784-790) */
    if (n > 1) {
        unsigned e = code + n - 1;
        int r0 = code < R4_TTMP0 ? 0 : code < R4_NULL ? 1 : 2;
        int r1 = e < R4_TTMP0 ? 0 : e < R4_NULL ? 1 : 2;
        if (r0 != r1)
            return 0;
    }
    return 1;
}

/* The model register file and index of scalar operand code 0-127 (not NULL). */
int r4_sreg_file(unsigned code, unsigned *index)
{
    if (code < 106) { *index = code; return R4_FILE_S; }
    if (code < R4_TTMP0) { *index = code - R4_VCC_LO; return R4_FILE_VCC; }
    if (code < R4_NULL) { *index = code - R4_TTMP0; return R4_FILE_TTMP; }
    if (code == R4_M0) { *index = 0; return R4_FILE_M0; }
    *index = code - R4_EXEC_LO;
    return R4_FILE_EXEC;
}

int r4_write_sreg(r4_state *s, gpuref_retire *rr, unsigned code, uint32_t v, uint32_t flags)
{
    if (code == R4_NULL)
        return 1;
    s->a.sreg[code] = v;
    if (code < 106)
        r4_record(rr, R4_FILE_S, code, 0xffffffffu, v, flags);
    else if (code < R4_TTMP0)
        r4_record(rr, R4_FILE_VCC, code - R4_VCC_LO, 0xffffffffu, v, flags);
    else if (code < R4_NULL)
        r4_record(rr, R4_FILE_TTMP, code - R4_TTMP0, 0xffffffffu, v, flags);
    else if (code == R4_M0)
        r4_record(rr, R4_FILE_M0, 0, 0xffffffffu, v, flags);
    else
        r4_record(rr, R4_FILE_EXEC, code - R4_EXEC_LO, 0xffffffffu, v, flags);
    return 1;
}


/* Memory aperture constants 235-238 (guide §6.10 L2571-2602). */
uint64_t r4_aperture(const r4_state *s, unsigned code)
{
    uint64_t b = (uint64_t)(code <= 236 ? s->shared_base : s->private_base) << 48;
    return (code == 236 || code == 238) ? b | 0xffffffffull : b;
}

/* ---------------------------------------------------------- registers */

static int r4_reg_get(void *vst, int file, unsigned idx, unsigned lane, uint64_t *v, char *err)
{
    r4_state *s = vst;
    switch (file) {
    case R4_FILE_S:
        if (idx >= s->nsgprs)
            return gpuref_errf(err, GPUREF_ERR_RANGE, "s%u is not allocated (sgprs=%u)", idx,
                               s->nsgprs);
        *v = s->a.sreg[idx];
        break;
    case R4_FILE_VCC:   *v = s->a.sreg[R4_VCC_LO + idx]; break;
    case R4_FILE_TTMP:  *v = s->a.sreg[R4_TTMP0 + idx]; break;
    case R4_FILE_M0:    *v = s->a.sreg[R4_M0]; break;
    case R4_FILE_EXEC:  *v = s->a.sreg[R4_EXEC_LO + idx]; break;
    case R4_FILE_SCC:   *v = s->a.scc; break;
    case R4_FILE_PC:    *v = s->a.pc; break;
    case R4_FILE_HWREG: *v = r4_read_hwreg(s, idx); break;
    case R4_FILE_V:     *v = s->vgpr[idx * 64u + lane]; break;
    case R4_FILE_CFG: {
        const uint64_t cfg[6] = { s->nsgprs, (uint32_t)s->tba, (uint32_t)(s->tba >> 32),
                                  ((uint64_t)(s->private_base & 0xffffu) << 16) |
                                      (s->shared_base & 0xffffu),
                                  s->dvgpr, s->smem_defer };
        *v = cfg[idx % 6];
        break;
    }
    default:
        return gpuref_errf(err, GPUREF_ERR_RANGE, "no register file %d", file);
    }
    return GPUREF_OK;
}

static int r4_reg_set(void *vst, int file, unsigned idx, unsigned lane, uint64_t v, char *err)
{
    r4_state *s = vst;
    uint32_t v32 = (uint32_t)v;
    switch (file) {
    case R4_FILE_S:
        if (idx >= s->nsgprs)
            return gpuref_errf(err, GPUREF_ERR_RANGE, "s%u is not allocated (sgprs=%u)", idx,
                               s->nsgprs);
        s->a.sreg[idx] = v32;
        break;
    case R4_FILE_VCC:  s->a.sreg[R4_VCC_LO + idx] = v32; break;
    case R4_FILE_TTMP: s->a.sreg[R4_TTMP0 + idx] = v32; break;
    case R4_FILE_M0:   s->a.sreg[R4_M0] = v32; break;
    case R4_FILE_EXEC: s->a.sreg[R4_EXEC_LO + idx] = v32; break;
    case R4_FILE_SCC:  s->a.scc = v32 & 1u; break;
    case R4_FILE_CFG:
        return gpuref_errf(err, GPUREF_ERR_RANGE, "cfg%u is read-only: set it with the config", idx);
    case R4_FILE_PC:
        if (v & ~PC_MASK)
            return gpuref_errf(err, GPUREF_ERR_RANGE,
                               "pc 0x%llx: must be a 4-byte aligned 48-bit address",
                               (unsigned long long)v);
        s->a.pc = v;
        break;
    case R4_FILE_HWREG:
        if (idx == R4_HW_STATE_PRIV)
            s->a.scc = (v32 & R4_SPRIV_SCC) ? 1u : 0u;
        s->a.hwreg[idx] = v32;
        break;
    case R4_FILE_V: s->vgpr[idx * 64u + lane] = v32; break;
    default:
        return gpuref_errf(err, GPUREF_ERR_RANGE, "no register file %d", file);
    }
    r4_update_fin(s);
    return GPUREF_OK;
}

static int r4_mem_rw(void *vst, int space, uint64_t addr, void *buf, size_t len, int wr,
                     char *err)
{
    r4_state *s = vst;
    (void)space;
    int st = wr ? r4_mem_write(s->mem, addr, buf, len) : r4_mem_read(s->mem, addr, buf, len);
    if (st == GPUREF_ERR_RANGE)
        return gpuref_errf(err, st, "mem: 0x%llx+%zu is outside the 48-bit address space",
                           (unsigned long long)addr, len);
    if (st)
        return gpuref_errf(err, st, "mem: out of memory");
    return GPUREF_OK;
}

/* ------------------------------------------------------------ program */

static int r4_load(void *vst, uint64_t base, const uint32_t *words, size_t n, char *err)
{
    r4_state *s = vst;
    if (base & ~PC_MASK)
        return gpuref_errf(err, GPUREF_ERR_ARG,
                           "program base 0x%llx: must be a 4-byte aligned 48-bit address",
                           (unsigned long long)base);
    if (n > (size_t)1 << 28 || (n && base + 4 * (uint64_t)n - 1 > 0xffffffffffffull))
        return gpuref_errf(err, GPUREF_ERR_ARG, "program does not fit the address space");
    /* one zero word after the program: r4_step reads a second word unconditionally */
    uint32_t *code = malloc((n + 1) * sizeof *code);
    r4_pre *pre = calloc(n ? n : 1, sizeof *pre);
    if (!code || !pre) {
        free(code);
        free(pre);
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    }
    if (n)
        memcpy(code, words, n * sizeof *code);
    code[n] = 0;
    free(s->code);
    free(s->pre);
    s->code = code;
    s->pre = pre;
    s->ncode = n;
    s->base = base;
    s->a.pc = base;
    s->a.ended = 0;
    r4_update_fin(s);
    return GPUREF_OK;
}

/* Resolve a scalar source operand code of a given type. */
static void resolve_src(const r4_state *s, r4_src *o, unsigned code, int type, uint32_t lit)
{
    uint64_t k = 0;
    o->code = (uint8_t)code;
    if (code < 128) {
        if (r4_type_is64(type))
            o->kind = code == R4_NULL ? R4S_CONST : R4S_REG64;
        else
            o->kind = R4S_REG;
    } else if (r4_inline_value(code, type, &k)) {
        o->kind = R4S_CONST;
    } else if (code == R4_SCC_SRC) {
        o->kind = R4S_SCC;
    } else if (code >= 235 && code <= 238) {
        /* aperture constants: 64-bit values (L2589); a 32-bit operand reads bits 31:0 */
        o->kind = R4S_CONST;
        k = r4_aperture(s, code);
        if (!r4_type_is64(type))
            k = (uint32_t)k;
    } else {
        o->kind = R4S_CONST;
        k = r4_literal_value(lit, type);
    }
    o->k[0] = (uint32_t)k;
    o->k[1] = (uint32_t)(k >> 32);
    /* the registers read (rdna4.h r4_src): a 64-bit pair is based at the even code
     * below its code, and its low half is the register named */
    o->lo = o->kind == R4S_REG || o->kind == R4S_REG64 ? o->code : R4_NULL;
    o->hi = o->kind == R4S_REG64 ? (uint8_t)((o->code & 126) + 1) : R4_NULL;
}

static int predecode(r4_state *s, size_t idx, char *err)
{
    r4_insn in;
    int st = r4_decode(s->code + idx, s->ncode - idx, &in, err);
    if (st)
        return st;
    r4_pre *p = &s->pre[idx];
    const r4_row *r = &r4_rows[in.row];
    memset(p, 0, sizeof *p);
    p->s[0].hi = p->s[1].hi = R4_NULL;   /* a source left unresolved reads as register 0 */
    p->row = in.row;
    p->nwords = in.nwords;
    int ns = 0;
    for (int i = 0; i < R4_MAXOPD; i++) {
        const r4_opd *o = &r->o[i];
        switch (o->kind) {
        case R4K_SDST:
            p->dst = (uint8_t)in.f[R4FLD_SDST];
            break;
        case R4K_SDSTSRC:
            resolve_src(s, &p->s[0], in.f[R4FLD_SDST], R4T_B32, 0);
            ns = 1;
            break;
        case R4K_SSRC:
            if (ns < 2)
                resolve_src(s, &p->s[ns++], in.f[o->fld], o->type, in.lit);
            break;
        case R4K_SM_SDATA:
            p->dst = (uint8_t)in.f[R4FLD_SDATA];
            break;
        default:
            break;
        }
    }
    if (in.fmt == R4_FMT_SOPK || in.fmt == R4_FMT_SOPP)
        p->imm = in.f[R4FLD_SIMM16];
    if (in.fmt == R4_FMT_SOP1 && r->o[1].kind == R4K_MSGRTN)
        p->imm = in.f[R4FLD_SSRC0];
    if ((r->flags & R4_LIT) && in.fmt == R4_FMT_SOPK)
        p->aux[3] = in.lit;                  /* s_setreg_imm32_b32 (no sources) */
    else if (r->flags & R4_LIT)
        p->imm = in.lit;                     /* s_fmaak_f32 / s_fmamk_f32: K */
    if (in.fmt == R4_FMT_SOPK && (in.row == R4_ROW_SOPK_s_addk_co_i32 ||
                                  in.row == R4_ROW_SOPK_s_mulk_i32)) {
        resolve_src(s, &p->s[0], in.f[R4FLD_SDST], R4T_B32, 0);
    }
    if (in.fmt == R4_FMT_SMEM) {
        p->aux[0] = in.f[R4FLD_SBASE] * 2u;
        p->aux[1] = in.f[R4FLD_SOFFSET];
        p->aux[2] = in.f[R4FLD_IOFFSET];
        p->aux[3] = in.f[R4FLD_SDATA];
    }
    r4_exec_fn fn = r4_exec_of(in.row);
    p->exec = fn ? fn : r4_exec_unimpl;
    return GPUREF_OK;
}

/* Fetch: the record's fetch fields from the predecoded slot p of code index idx,
 * then a jump to the exec function, which executes and retires (R4_EXEC in
 * rdna4.h). */
static inline int fetch_exec(r4_state *s, const r4_pre *p, size_t idx, gpuref_retire *rr,
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

/* The cold paths of r4_step, out of line so that its hot path saves no registers:
 * a pc outside the program, and the first execution of an instruction (predecode;
 * a failure leaves the slot empty). */
static __attribute__((noinline)) int step_cold(r4_state *s, size_t idx, gpuref_retire *rr,
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

static int r4_step(void *vst, gpuref_retire *rr, char *err)
{
    r4_state *s = vst;
    uint64_t idx = (s->a.pc - s->base) >> 2;    /* pc < base wraps: beyond any program */
    if (__builtin_expect(idx >= s->ncode || !s->pre[idx].exec, 0))
        return step_cold(s, idx, rr, err);
    return fetch_exec(s, &s->pre[idx], idx, rr, err);
}

static int r4_mem_next_hook(const void *vst, int space, uint64_t from, uint64_t *addr,
                            uint64_t *len)
{
    (void)space;
    return r4_mem_next(((const r4_state *)vst)->mem, from, addr, len);
}

/* A scalar operand code as a register of the model's files (README "Register
 * files"): 0-105 s, 106-107 vcc, 108-123 ttmp, 125 m0, 126-127 exec; -1 for
 * the rest (null, constants). */
static int r4_code_reg(unsigned code, unsigned *index)
{
    if (code <= 105) { *index = code; return R4_FILE_S; }
    if (code <= 107) { *index = code - 106; return R4_FILE_VCC; }
    if (code >= 108 && code <= 123) { *index = code - 108; return R4_FILE_TTMP; }
    if (code == R4_M0) { *index = 0; return R4_FILE_M0; }
    if (code == R4_EXEC_LO || code == R4_EXEC_HI) { *index = code - R4_EXEC_LO; return R4_FILE_EXEC; }
    return -1;
}

static void r4_src_rec(const r4_state *s, gpuref_retire *out, unsigned code)
{
    unsigned idx = 0;
    int f = code < 128 ? r4_code_reg(code, &idx) : -1;
    if (f < 0)
        return;
    gpuref_regw *w = gpuref_retire_regw(out, f, idx, 0xffffffffu);
    if (w) {
        w->lanes = 1;
        w->value[0] = s->a.sreg[code];
    }
}

/* The source registers of the instruction at pc, with their values (for
 * mismatch reports): SSRC0/SSRC1 of the scalar ALU formats, SCC where read,
 * SBASE/SOFFSET of SMEM. */
static int r4_sources(void *vst, gpuref_retire *out)
{
    r4_state *s = vst;
    uint64_t idx = (s->a.pc - s->base) >> 2;
    char err[GPUREF_ERRLEN];
    if (idx >= s->ncode)
        return 0;
    if (!s->pre[idx].exec && predecode(s, idx, err) != GPUREF_OK) {
        memset(&s->pre[idx], 0, sizeof s->pre[idx]);
        return 0;
    }
    const r4_pre *p = &s->pre[idx];
    unsigned fmt = r4_rows[p->row].fmt;
    if (fmt == R4_FMT_SMEM) {
        r4_src_rec(s, out, p->aux[0] & 0x7fu);
        r4_src_rec(s, out, (p->aux[0] & 0x7fu) + 1);
        if (p->aux[1] < 124)
            r4_src_rec(s, out, p->aux[1]);
    } else if (fmt <= R4_FMT_SOPC) {
        for (unsigned k = 0; k < 2; k++) {
            const r4_src *o = &p->s[k];
            if (o->kind == R4S_REG || o->kind == R4S_REG64) {
                r4_src_rec(s, out, o->code);
                if (o->kind == R4S_REG64)
                    r4_src_rec(s, out, o->code + 1u);
            } else if (o->kind == R4S_SCC) {
                gpuref_regw *w = gpuref_retire_regw(out, R4_FILE_SCC, 0, 1);
                if (w) {
                    w->lanes = 1;
                    w->value[0] = s->a.scc;
                }
            }
        }
    }
    return out->nregw;
}

/* waves=N: wave st uses the memory of wave 0 (owner). */
static int r4_share(void *vst, void *owner, char *err)
{
    (void)err;
    ((r4_state *)vst)->mem = ((r4_state *)owner)->mem;
    return GPUREF_OK;
}

static int r4_finished(const void *vst)
{
    return ((const r4_state *)vst)->fin;
}

static const char *r4_opcode_name(unsigned opcode)
{
    return opcode < R4_NROWS ? r4_rows[opcode].name : NULL;
}

const gpuref_isa gpuref_isa_rdna4 = {
    .name = "rdna4",
    .title = "AMD RDNA4 (gfx12) scalar and vector pipeline, per wave",
    .nfiles = R4_NFILES,
    .files = r4_files,
    .nspaces = 1,
    .spaces = r4_spaces,
    .state_size = sizeof(r4_state),
    .init = r4_init,
    .fini = r4_fini,
    .reset = r4_reset,
    .reg_get = r4_reg_get,
    .reg_set = r4_reg_set,
    .mem_rw = r4_mem_rw,
    .mem_next = r4_mem_next_hook,
    .load = r4_load,
    .step = r4_step,
    .finished = r4_finished,
    .share = r4_share,
    .sources = r4_sources,
    .decode = r4_isa_decode,
    .disasm = r4_isa_disasm,
    .assemble = r4_isa_assemble,
    .nopcodes = R4_NROWS,
    .opcode_name = r4_opcode_name,
    .cov = &gpuref_rdna4_cov,   /* rdna4_cov.c */
    .gen = &gpuref_rdna4_gen,   /* rdna4_gen.c */
};
