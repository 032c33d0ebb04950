/* rdna4_state.c - RDNA4 wave state: configuration, reset, register files,
 * memory, program loading, waves.  The step is in rdna4_step.c; the
 * gpuref_isa for "rdna4" is defined at the end of this file. */
#include <stdlib.h>
#include <string.h>

#include "rdna4.h"

static const gpuref_regfile_info rdna4_files[RDNA4_NFILES] = {
    [RDNA4_FILE_S]     = { "s", 106, 32, 1 },
    [RDNA4_FILE_VCC]   = { "vcc", 2, 32, 1 },
    [RDNA4_FILE_TTMP]  = { "ttmp", 16, 32, 1 },
    [RDNA4_FILE_M0]    = { "m0", 1, 32, 1 },
    [RDNA4_FILE_EXEC]  = { "exec", 2, 32, 1 },
    [RDNA4_FILE_SCC]   = { "scc", 1, 1, 1 },
    [RDNA4_FILE_PC]    = { "pc", 1, 64, 1 },
    [RDNA4_FILE_HWREG] = { "hwreg", RDNA4_NHWREG, 32, 1 },
    [RDNA4_FILE_V]     = { "v", 256, 32, 64 },
    /* read-only view of the configuration, so that a bench can configure its
     * DUT from a model: 0 sgprs, 1 tba[31:0], 2 tba[47:32],
     * 3 private_base << 16 | shared_base, 4 dvgpr, 5 smem_defer */
    [RDNA4_FILE_CFG]   = { "cfg", 14, 32, 1 },
};

/* 0 the memory, 1 the LDS of the work-group (lds_size bytes, shared by the waves) */
static const char *const rdna4_spaces[] = { "mem", "lds" };

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

static int rdna4_init(void *vst, const char *config, char *err)
{
    rdna4_state *s = vst;
    s->mem = &s->mem_own;
    s->wave64 = 0;
    s->nsgprs = 106;
    s->mode0 = 0x000000f0;     /* RNE, all denormals kept: digest §7 B10 suggestion */
    s->status0 = 0;
    s->tba = s->tma = s->scratch_base = 0;
    s->shared_base = s->private_base = 0;
    s->dvgpr = 0;
    s->smem_defer = 1;
    s->align_mode = 3;         /* UNALIGNED, as Linux amdgpu programs SH_MEM_CONFIG (README D17) */
    s->lds_size = 65536;       /* 64 KiB, the most one work-group can allocate (§12 L5645) */
    s->dpp_fi_oor = 0;         /* DPP16 out-of-row source: bound_ctrl decides (README A14) */
    s->wmma_acc = 0;           /* WMMA float sums: one F32 rounding per K step (README V51) */
    s->qsad_clamp = 0;         /* QSAD/MQSAD_PK CLAMP saturates each field (README V55) */
    s->fmt_int_wrap = 0;       /* format conversions saturate integers (README D30, D35) */
    s->tfe_status = 0;         /* TFE: no status DWORD without a NACK (README D36) */
    s->gs_max_wave_id = 0xffffffffu;   /* VGT_GS_MAX_WAVE_ID: no wrap (README D37) */
    s->vwen = ~0ull;
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
        } else if (strcmp(key, "lds_size") == 0) {
            bad = gpuref_parse_u64(val, &v) || v > 65536 || (v & 1023);
            s->lds_size = (unsigned)v;
        } else if (strcmp(key, "align_mode") == 0) {
            bad = gpuref_parse_u64(val, &v) || v > 3;
            s->align_mode = (unsigned)v;
        } else if (strcmp(key, "dpp_fi_oor") == 0) {
            bad = parse_bool(val, &s->dpp_fi_oor);
        } else if (strcmp(key, "wmma_acc") == 0) {
            bad = parse_bool(val, &s->wmma_acc);
        } else if (strcmp(key, "qsad_clamp") == 0) {
            bad = parse_bool(val, &s->qsad_clamp);
        } else if (strcmp(key, "fmt_int_wrap") == 0) {
            bad = parse_bool(val, &s->fmt_int_wrap);
        } else if (strcmp(key, "tfe_status") == 0) {
            bad = parse_bool(val, &s->tfe_status);
        } else if (strcmp(key, "gs_max_wave_id") == 0) {
            bad = gpuref_parse_u64(val, &v) || v > 0xffffffffu;
            s->gs_max_wave_id = (uint32_t)v;
        } else {
            return gpuref_errf(err, GPUREF_ERR_CONFIG,
                               "rdna4: unknown config key '%s' (known: wave, sgprs, mode, priv, "
                               "trap_en, tba, tma, shared_base, private_base, scratch_base, "
                               "dvgpr, smem_defer, align_mode, lds_size, dpp_fi_oor, fmt_int_wrap, "
                               "tfe_status, gs_max_wave_id, wmma_acc, qsad_clamp)", key);
        }
        if (bad)
            return gpuref_errf(err, GPUREF_ERR_CONFIG, "rdna4: bad value '%s' for config key '%s'",
                               val, key);
    }
    if (r < 0)
        return gpuref_errf(err, GPUREF_ERR_CONFIG, "rdna4: malformed config '%s'", config);
    s->status0 = RDNA4_STATUS_VALID | (s->wave64 ? RDNA4_STATUS_WAVE64 : 0) |
                 (priv ? RDNA4_STATUS_PRIV : 0) | (trap_en ? RDNA4_STATUS_TRAP_EN : 0);
    char msg[128];
    if (fp_policy_init(&s->fp, "rdna4", msg, sizeof msg))
        return gpuref_errf(err, GPUREF_ERR_CONFIG, "rdna4: float policy: %s", msg);
    s->fp_valid = 0;
    s->wg = &s->wg_own;          /* one wave: no work-group (README D38) */
    s->wg_own.nwaves = 1;
    s->vgpr = calloc(256u * 64u, sizeof *s->vgpr);
    s->lds_own = calloc(s->lds_size ? s->lds_size : 1, 1);
    s->lds = s->lds_own;
    if (!s->vgpr || !s->lds_own || rdna4_mem_init(s->mem))
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "rdna4: out of memory");
    return GPUREF_OK;
}

static void rdna4_fini(void *vst)
{
    rdna4_state *s = vst;
    free(s->vgpr);
    free(s->lds_own);
    free(s->code);
    free(s->pre);
    free(s->vpre);
    rdna4_mem_fini(&s->mem_own);
}

/* Barriers (README D38): a reset or a program load launches the work-group: the
 * owner's (wave 0's, first) clears the signal counts and the ended waves; every
 * wave starts with no barrier complete. */
static void wg_launch(rdna4_state *s)
{
    uint64_t bit = 1ull << s->wave_idx;
    if (s->wg == &s->wg_own) {
        memset(s->wg_own.signal, 0, sizeof s->wg_own.signal);
        memset(s->wg_own.complete, 0, sizeof s->wg_own.complete);
    } else {
        for (unsigned b = 0; b < 3; b++)
            s->wg->complete[b] &= ~bit;
    }
    rdna4_wg_fin(s);    /* the wave's ended bit follows its state (after rdna4_update_fin) */
}

static int rdna4_reset(void *vst, char *err)
{
    rdna4_state *s = vst;
    (void)err;
    memset(&s->a, 0, sizeof s->a);
    s->nkm = s->kmcnt = s->kmdw = 0;
    s->nvm = s->vmreg = s->vmtail = 0;
    s->vmrows = 0;
    s->vmcnt[0] = s->vmcnt[1] = s->vmcnt[2] = 0;
    s->a.sreg[RDNA4_EXEC_LO] = 0xffffffffu;
    s->a.sreg[RDNA4_EXEC_HI] = s->wave64 ? 0xffffffffu : 0;
    s->a.pc = s->base & PC_MASK;
    s->a.hwreg[RDNA4_HW_MODE] = s->mode0;
    s->a.hwreg[RDNA4_HW_STATUS] = s->status0;
    s->a.hwreg[RDNA4_HW_STATE_PRIV] = s->scratch_base ? RDNA4_SPRIV_SCRATCH_EN : 0;
    s->a.hwreg[RDNA4_HW_SCRATCH_BASE_LO] = (uint32_t)s->scratch_base;
    s->a.hwreg[RDNA4_HW_SCRATCH_BASE_HI] = (uint32_t)(s->scratch_base >> 32);
    memset(s->vgpr, 0, 256u * 64u * sizeof *s->vgpr);
    rdna4_update_fin(s);
    wg_launch(s);
    return GPUREF_OK;
}

/* ------------------------------------------------------ state helpers */

static int execz(const rdna4_state *s)
{
    return s->wave64 ? (s->a.sreg[RDNA4_EXEC_LO] | s->a.sreg[RDNA4_EXEC_HI]) == 0
                     : s->a.sreg[RDNA4_EXEC_LO] == 0;
}

static int vccz(const rdna4_state *s)
{
    return s->wave64 ? (s->a.sreg[RDNA4_VCC_LO] | s->a.sreg[RDNA4_VCC_HI]) == 0
                     : s->a.sreg[RDNA4_VCC_LO] == 0;
}

/* Hardware register value as S_GETREG sees it: derived bits filled in. */
uint32_t rdna4_read_hwreg(const rdna4_state *s, unsigned id)
{
    uint32_t v = s->a.hwreg[id & 63];
    if (id == RDNA4_HW_STATUS) {
        v &= ~(RDNA4_STATUS_EXECZ | RDNA4_STATUS_VCCZ | RDNA4_STATUS_WAVE64);
        v |= (execz(s) ? RDNA4_STATUS_EXECZ : 0) | (vccz(s) ? RDNA4_STATUS_VCCZ : 0) |
             (s->wave64 ? RDNA4_STATUS_WAVE64 : 0);
        /* the work-group's state (README D38): IN_WG, TRAP_BARRIER_COMPLETE */
        v &= ~(RDNA4_STATUS_IN_WG | RDNA4_STATUS_TRAP_BARRIER_COMPLETE);
        if (s->wg->nwaves > 1)
            v |= RDNA4_STATUS_IN_WG |
                 ((s->wg->complete[2] >> s->wave_idx & 1) ? RDNA4_STATUS_TRAP_BARRIER_COMPLETE : 0);
    } else if (id == RDNA4_HW_STATE_PRIV) {
        v = (v & ~(RDNA4_SPRIV_SCC | RDNA4_SPRIV_BARRIER_COMPLETE)) |
            (s->a.scc ? RDNA4_SPRIV_SCC : 0) |
            ((s->wg->complete[1] >> s->wave_idx & 1) ? RDNA4_SPRIV_BARRIER_COMPLETE : 0);
    }
    return v;
}

void rdna4_write_hwreg(rdna4_state *s, gpuref_retire *rr, unsigned id, uint32_t v)
{
    id &= 63;
    if (id == RDNA4_HW_STATE_PRIV) {
        uint32_t scc = (v & RDNA4_SPRIV_SCC) ? 1u : 0u;
        if (scc != s->a.scc)
            rdna4_write_scc(s, rr, scc, 0);
    }
    s->a.hwreg[id] = v;
    rdna4_update_fin(s);
    rdna4_record(rr, RDNA4_FILE_HWREG, id, 0xffffffffu, rdna4_read_hwreg(s, id), 0);
}

/* Can the n registers from code be written?  Out-of-range SGPRs (>= sgprs) and TTMPs
 * outside the trap handler are not written, and SCC is then not updated either
 * (guide §3.3.1.3 L791-797, §6.2 L2377). */
int rdna4_sdst_ok(const rdna4_state *s, unsigned code, unsigned n)
{
    for (unsigned c = code; c < code + n; c++) {
        if (c < 106) {
            if (c >= s->nsgprs)
                return 0;
        } else if (c >= RDNA4_TTMP0 && c < RDNA4_NULL) {
            if (!(s->a.hwreg[RDNA4_HW_STATUS] & RDNA4_STATUS_PRIV))
                return 0;
        } else if (c > 127) {
            return 0;
        }
    }
    /* one operand may not span regions: {s0-s105, vcc}, {ttmp}, {others} (L784-790) */
    if (n > 1) {
        unsigned e = code + n - 1;
        int r0 = code < RDNA4_TTMP0 ? 0 : code < RDNA4_NULL ? 1 : 2;
        int r1 = e < RDNA4_TTMP0 ? 0 : e < RDNA4_NULL ? 1 : 2;
        if (r0 != r1)
            return 0;
    }
    return 1;
}

/* The model register file and index of scalar operand code 0-127 (not NULL). */
int rdna4_sreg_file(unsigned code, unsigned *index)
{
    if (code < 106) { *index = code; return RDNA4_FILE_S; }
    if (code < RDNA4_TTMP0) { *index = code - RDNA4_VCC_LO; return RDNA4_FILE_VCC; }
    if (code < RDNA4_NULL) { *index = code - RDNA4_TTMP0; return RDNA4_FILE_TTMP; }
    if (code == RDNA4_M0) { *index = 0; return RDNA4_FILE_M0; }
    *index = code - RDNA4_EXEC_LO;
    return RDNA4_FILE_EXEC;
}

int rdna4_write_sreg(rdna4_state *s, gpuref_retire *rr, unsigned code, uint32_t v, uint32_t flags)
{
    if (code == RDNA4_NULL)
        return 1;
    s->a.sreg[code] = v;
    unsigned idx;
    int f = rdna4_sreg_file(code, &idx);
    rdna4_record(rr, f, idx, 0xffffffffu, v, flags);
    return 1;
}


/* Memory aperture constants 235-238 (guide §6.10 L2571-2602). */
uint64_t rdna4_aperture(const rdna4_state *s, unsigned code)
{
    uint64_t b = (uint64_t)(code <= 236 ? s->shared_base : s->private_base) << 48;
    return (code == 236 || code == 238) ? b | 0xffffffffull : b;
}

/* ---------------------------------------------------------- registers */

static int rdna4_reg_get(void *vst, int file, unsigned idx, unsigned lane, uint64_t *v, char *err)
{
    rdna4_state *s = vst;
    switch (file) {
    case RDNA4_FILE_S:
        if (idx >= s->nsgprs)
            return gpuref_errf(err, GPUREF_ERR_RANGE, "s%u is not allocated (sgprs=%u)", idx,
                               s->nsgprs);
        *v = s->a.sreg[idx];
        break;
    case RDNA4_FILE_VCC:   *v = s->a.sreg[RDNA4_VCC_LO + idx]; break;
    case RDNA4_FILE_TTMP:  *v = s->a.sreg[RDNA4_TTMP0 + idx]; break;
    case RDNA4_FILE_M0:    *v = s->a.sreg[RDNA4_M0]; break;
    case RDNA4_FILE_EXEC:  *v = s->a.sreg[RDNA4_EXEC_LO + idx]; break;
    case RDNA4_FILE_SCC:   *v = s->a.scc; break;
    case RDNA4_FILE_PC:    *v = s->a.pc; break;
    case RDNA4_FILE_HWREG: *v = rdna4_read_hwreg(s, idx); break;
    case RDNA4_FILE_V:     *v = s->vgpr[idx * 64u + lane]; break;
    case RDNA4_FILE_CFG: {
        const uint64_t cfg[14] = { s->nsgprs, (uint32_t)s->tba, (uint32_t)(s->tba >> 32),
                                   ((uint64_t)(s->private_base & 0xffffu) << 16) |
                                       (s->shared_base & 0xffffu),
                                   s->dvgpr, s->smem_defer, s->dpp_fi_oor, s->lds_size,
                                   s->qsad_clamp, s->align_mode, s->tfe_status,
                                   s->fmt_int_wrap, s->gs_max_wave_id, s->wmma_acc };
        *v = cfg[idx % 14];
        break;
    }
    default:
        return gpuref_errf(err, GPUREF_ERR_RANGE, "no register file %d", file);
    }
    return GPUREF_OK;
}

static int rdna4_reg_set(void *vst, int file, unsigned idx, unsigned lane, uint64_t v, char *err)
{
    rdna4_state *s = vst;
    uint32_t v32 = (uint32_t)v;
    switch (file) {
    case RDNA4_FILE_S:
        if (idx >= s->nsgprs)
            return gpuref_errf(err, GPUREF_ERR_RANGE, "s%u is not allocated (sgprs=%u)", idx,
                               s->nsgprs);
        s->a.sreg[idx] = v32;
        break;
    case RDNA4_FILE_VCC:  s->a.sreg[RDNA4_VCC_LO + idx] = v32; break;
    case RDNA4_FILE_TTMP: s->a.sreg[RDNA4_TTMP0 + idx] = v32; break;
    case RDNA4_FILE_M0:   s->a.sreg[RDNA4_M0] = v32; break;
    case RDNA4_FILE_EXEC: s->a.sreg[RDNA4_EXEC_LO + idx] = v32; break;
    case RDNA4_FILE_SCC:  s->a.scc = v32 & 1u; break;
    case RDNA4_FILE_CFG:
        return gpuref_errf(err, GPUREF_ERR_RANGE, "cfg%u is read-only: set it with the config", idx);
    case RDNA4_FILE_PC:
        if (v & ~PC_MASK)
            return gpuref_errf(err, GPUREF_ERR_RANGE,
                               "pc 0x%llx: must be a 4-byte aligned 48-bit address",
                               (unsigned long long)v);
        s->a.pc = v;
        break;
    case RDNA4_FILE_HWREG:
        if (idx == RDNA4_HW_STATE_PRIV)
            s->a.scc = (v32 & RDNA4_SPRIV_SCC) ? 1u : 0u;
        s->a.hwreg[idx] = v32;
        break;
    case RDNA4_FILE_V: s->vgpr[idx * 64u + lane] = v32; break;
    default:
        return gpuref_errf(err, GPUREF_ERR_RANGE, "no register file %d", file);
    }
    rdna4_update_fin(s);
    return GPUREF_OK;
}

static int rdna4_mem_rw(void *vst, int space, uint64_t addr, void *buf, size_t len, int wr,
                     char *err)
{
    rdna4_state *s = vst;
    if (space == 1) {                       /* LDS */
        if (addr > s->lds_size || len > s->lds_size - addr)
            return gpuref_errf(err, GPUREF_ERR_RANGE, "lds: 0x%llx+%zu is outside the %u bytes "
                               "of LDS (lds_size)", (unsigned long long)addr, len, s->lds_size);
        if (wr)
            memcpy(s->lds + addr, buf, len);
        else
            memcpy(buf, s->lds + addr, len);
        return GPUREF_OK;
    }
    int st = wr ? rdna4_mem_write(s->mem, addr, buf, len) : rdna4_mem_read(s->mem, addr, buf, len);
    if (st == GPUREF_ERR_RANGE)
        return gpuref_errf(err, st, "mem: 0x%llx+%zu is outside the 48-bit address space",
                           (unsigned long long)addr, len);
    if (st)
        return gpuref_errf(err, st, "mem: out of memory");
    return GPUREF_OK;
}

/* ------------------------------------------------------------ program */

static int rdna4_load(void *vst, uint64_t base, const uint32_t *words, size_t n, char *err)
{
    rdna4_state *s = vst;
    if (base & ~PC_MASK)
        return gpuref_errf(err, GPUREF_ERR_ARG,
                           "program base 0x%llx: must be a 4-byte aligned 48-bit address",
                           (unsigned long long)base);
    if (n > (size_t)1 << 28 || (n && base + 4 * (uint64_t)n - 1 > 0xffffffffffffull))
        return gpuref_errf(err, GPUREF_ERR_ARG, "program does not fit the address space");
    /* one zero word after the program: rdna4_step reads a second word unconditionally */
    uint32_t *code = malloc((n + 1) * sizeof *code);
    rdna4_pre *pre = calloc(n ? n : 1, sizeof *pre);
    rdna4_vpre *vpre = calloc(n ? n : 1, sizeof *vpre);
    if (!code || !pre || !vpre) {
        free(code);
        free(pre);
        free(vpre);
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    }
    if (n)
        memcpy(code, words, n * sizeof *code);
    code[n] = 0;
    free(s->code);
    free(s->pre);
    free(s->vpre);
    s->code = code;
    s->pre = pre;
    s->vpre = vpre;
    s->ncode = n;
    s->base = base;
    for (size_t i = 0; i < n; i++)     /* predecode every DWORD as a possible start */
        rdna4_predecode(s, i);
    s->a.pc = base;
    s->a.ended = 0;
    rdna4_update_fin(s);
    wg_launch(s);
    return GPUREF_OK;
}

static int rdna4_mem_next_hook(const void *vst, int space, uint64_t from, uint64_t *addr,
                            uint64_t *len)
{
    const rdna4_state *s = vst;
    if (space == 1) {                       /* LDS: the next 256-byte block holding a non-zero byte */
        for (uint64_t b = from & ~255ull; b < s->lds_size; b += 256)
            for (unsigned i = 0; i < 256; i++)
                if (s->lds[b + i]) {
                    *addr = b > from ? b : from;
                    *len = b + 256 - *addr;
                    return 1;
                }
        return 0;
    }
    return rdna4_mem_next(s->mem, from, addr, len);
}

/* waves=N: wave st uses the memory of wave 0 (owner). */
static int rdna4_share(void *vst, void *owner, char *err)
{
    rdna4_state *s = vst, *o = owner;
    if (s->lds_size != o->lds_size)
        return gpuref_errf(err, GPUREF_ERR_CONFIG, "rdna4: waves of one work-group share one LDS");
    s->mem = o->mem;
    s->lds = o->lds;
    s->wg = o->wg;             /* one work-group: its barrier unit (README D38) */
    s->wg->nwaves++;
    return GPUREF_OK;
}

/* waves=N: the wave's number in the work-group (its bit in the barrier unit). */
static int rdna4_wave_id(void *vst, unsigned wave, char *err)
{
    (void)err;
    ((rdna4_state *)vst)->wave_idx = wave;
    return GPUREF_OK;
}

static int rdna4_finished(const void *vst)
{
    return ((const rdna4_state *)vst)->fin;
}

static const char *rdna4_opcode_name(unsigned opcode)
{
    return opcode < RDNA4_NROWS ? rdna4_rows[opcode].name : NULL;
}

const gpuref_isa gpuref_isa_rdna4 = {
    .name = "rdna4",
    .title = "AMD RDNA4 (gfx12) scalar and vector pipeline, per wave",
    .nfiles = RDNA4_NFILES,
    .files = rdna4_files,
    .nspaces = 2,
    .spaces = rdna4_spaces,
    .state_size = sizeof(rdna4_state),
    .init = rdna4_init,
    .fini = rdna4_fini,
    .reset = rdna4_reset,
    .reg_get = rdna4_reg_get,
    .reg_set = rdna4_reg_set,
    .mem_rw = rdna4_mem_rw,
    .mem_next = rdna4_mem_next_hook,
    .load = rdna4_load,
    .step = rdna4_step,
    .finished = rdna4_finished,
    .share = rdna4_share,
    .wave_id = rdna4_wave_id,
    .sources = rdna4_sources,
    .decode = rdna4_isa_decode,
    .disasm = rdna4_isa_disasm,
    .assemble = rdna4_isa_assemble,
    .nopcodes = RDNA4_NROWS,
    .opcode_name = rdna4_opcode_name,
    .cov = &gpuref_rdna4_cov,   /* rdna4_cov.c */
    .gen = &gpuref_rdna4_gen,   /* rdna4_gen.c */
};
