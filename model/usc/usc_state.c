/* usc_state.c - configuration, reset, register files, program loading
 * (with predecoding) and the gpuref_isa object of the USC model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "usc.h"

static const gpuref_regfile_info usc_files[USC_NFILES] = {
    [USC_F_R]    = { "r", USC_NR, 32, USC_MAXI },
    [USC_F_VI]   = { "vi", USC_NVI, 32, USC_MAXI },
    [USC_F_CF]   = { "cf", USC_NCF, 32, 1 },
    [USC_F_CFA]  = { "cfa", USC_NCF, 32, 1 },
    [USC_F_SH]   = { "sh", USC_NSH, 32, 1 },
    [USC_F_I]    = { "i", USC_NI, 32, USC_MAXI },
    [USC_F_IDX]  = { "idx", USC_NIDX, 32, USC_MAXI },
    [USC_F_O]    = { "o", USC_NO, 32, USC_MAXI },
    [USC_F_P0]   = { "p0", 1, 1, USC_MAXI },
    [USC_F_PE]   = { "pe", 1, 1, USC_MAXI },
    [USC_F_COUT] = { "cout", 1, 1, USC_MAXI },
    [USC_F_LINK] = { "link", 1, 32, 1 },
    [USC_F_DRC]  = { "drc", 2, 8, 1 },
    [USC_F_PC]   = { "pc", 1, 32, 1 },
    /* read-only: the knobs, cfg0 instances, 1 temps, 2 vins, 3 shared,
     * 4 coeffs, 5 internals, 6 fmad_fused, 7 cvt_f64_int_rne, 8 small_float_sat,
     * 9 sop_fused
     * (USC_CFG_*) */
    [USC_F_CFG]  = { "cfg", USC_NCFG, 32, 1 },
};

static const char *const usc_kind_names[2] = { "main group", "bitwise group" };

static const gpuref_cfg_key usc_keys[] = {
    { "instances", offsetof(usc_config, instances), 16, 32, 32, 1 },
    { "temps", offsetof(usc_config, temps), 1, USC_NR, USC_NR, 0 },
    { "vins", offsetof(usc_config, vins), 0, USC_NVI, USC_NVI, 0 },
    { "shared", offsetof(usc_config, shared), 0, USC_NSH, USC_NSH, 0 },
    { "coeffs", offsetof(usc_config, coeffs), 0, USC_NCF, USC_NCF, 0 },
    { "internals", offsetof(usc_config, internals), 0, USC_NI, USC_NI, 0 },
    { "fmad_fused", offsetof(usc_config, fmad_fused), 0, 1, 1, 0 },
    { "cvt_f64_int_rne", offsetof(usc_config, cvt_f64_int_rne), 0, 1, 0, 0 },
    { "small_float_sat", offsetof(usc_config, small_float_sat), 0, 1, 0, 0 },
    { "sop_fused", offsetof(usc_config, sop_fused), 0, 1, 0, 0 },
};
#define USC_NKEYS (sizeof usc_keys / sizeof usc_keys[0])

static int usc_init(void *vs, const char *config, char *err)
{
    usc_state *s = vs;
    char msg[GPUREF_ERRLEN];
    usc_desc_init();
    if (fp_policy_init(&s->fp, "usc", msg, sizeof msg) != GPUREF_OK)
        return gpuref_errf(err, GPUREF_ERR_CONFIG, "usc: float policy: %s", msg);
    int rc = gpuref_config_keys("usc", usc_keys, USC_NKEYS, &s->cfg, config, err);
    if (rc != GPUREF_OK)
        return rc;
    return GPUREF_OK;
}

static void usc_fini(void *vs)
{
    usc_state *s = vs;
    free(s->words);
    free(s->grp);
    free(s->gix);
    usc_mem_free(&s->mem);
    for (unsigned i = 0; i + 1 < USC_NSPACES; i++) usc_mem_free(&s->port[i]);
    s->words = NULL;
    s->grp = NULL;
    s->gix = NULL;
}

static void usc_start(usc_state *s)
{
    s->pc = s->base;
    s->finished = s->nwords == 0;
}

static int usc_reset(void *vs, char *err)
{
    usc_state *s = vs;
    (void)err;
    memset(s->r, 0, sizeof s->r);
    memset(s->vi, 0, sizeof s->vi);
    memset(s->in, 0, sizeof s->in);
    memset(s->idx, 0, sizeof s->idx);
    memset(s->o, 0, sizeof s->o);
    memset(s->sh, 0, sizeof s->sh);
    memset(s->cf, 0, sizeof s->cf);
    memset(s->cfa, 0, sizeof s->cfa);
    memset(s->p0, 0, sizeof s->p0);
    memset(s->cout, 0, sizeof s->cout);
    for (unsigned l = 0; l < USC_MAXI; l++) s->pe[l] = l < s->cfg.instances;
    s->link = 0;
    s->drc[0] = s->drc[1] = 0;
    s->npend = 0;               /* the memory stays (gpuref_reset) */
    memset(s->itr_rw, 0, sizeof s->itr_rw);
    s->itr_rwset = 0;
    usc_start(s);
    return GPUREF_OK;
}

/* limits of the configured register counts */
static unsigned file_limit(const usc_state *s, int file)
{
    switch (file) {
    case USC_F_R: return s->cfg.temps;
    case USC_F_VI: return s->cfg.vins;
    case USC_F_SH: return s->cfg.shared;
    case USC_F_CF: case USC_F_CFA: return s->cfg.coeffs;
    case USC_F_I: return s->cfg.internals;
    default: return usc_files[file].count;
    }
}

static uint32_t *reg_ptr(usc_state *s, int file, unsigned i, unsigned lane)
{
    switch (file) {
    case USC_F_R:   return &s->r[i][lane];
    case USC_F_VI:  return &s->vi[i][lane];
    case USC_F_CF:  return &s->cf[i];
    case USC_F_CFA: return &s->cfa[i];
    case USC_F_SH:  return &s->sh[i];
    case USC_F_I:   return &s->in[i][lane];
    case USC_F_IDX: return &s->idx[i][lane];
    case USC_F_O:   return &s->o[i][lane];
    case USC_F_LINK: return &s->link;
    case USC_F_DRC: return &s->drc[i];
    case USC_F_PC:  return &s->pc;
    default: return NULL;
    }
}

static int usc_reg_get(void *vs, int file, unsigned i, unsigned lane, uint64_t *v, char *err)
{
    usc_state *s = vs;
    if (file < 0 || file >= USC_NFILES || i >= file_limit(s, file) || lane >= USC_MAXI)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: no register %d:%u (lane %u) in this "
                           "configuration", file, i, lane);
    switch (file) {
    case USC_F_P0:   *v = s->p0[lane]; return GPUREF_OK;
    case USC_F_PE:   *v = s->pe[lane]; return GPUREF_OK;
    case USC_F_COUT: *v = s->cout[lane]; return GPUREF_OK;
    case USC_F_CFG: {
        const unsigned k[USC_NCFG] = {
            [USC_CFG_INSTANCES] = s->cfg.instances, [USC_CFG_TEMPS] = s->cfg.temps,
            [USC_CFG_VINS] = s->cfg.vins,           [USC_CFG_SHARED] = s->cfg.shared,
            [USC_CFG_COEFFS] = s->cfg.coeffs,       [USC_CFG_INTERNALS] = s->cfg.internals,
            [USC_CFG_FMAD_FUSED] = s->cfg.fmad_fused,
            [USC_CFG_CVT_F64_INT_RNE] = s->cfg.cvt_f64_int_rne,
            [USC_CFG_SMALL_FLOAT_SAT] = s->cfg.small_float_sat,
            [USC_CFG_SOP_FUSED] = s->cfg.sop_fused,
        };
        *v = k[i];
        return GPUREF_OK;
    }
    default:         *v = *reg_ptr(s, file, i, lane); return GPUREF_OK;
    }
}

static int usc_reg_set(void *vs, int file, unsigned i, unsigned lane, uint64_t v, char *err)
{
    usc_state *s = vs;
    if (file < 0 || file >= USC_NFILES || i >= file_limit(s, file) || lane >= USC_MAXI)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: no register %d:%u (lane %u) in this "
                           "configuration", file, i, lane);
    switch (file) {
    case USC_F_CFG:
        return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: cfg%u is read-only: set it with the config", i);
    case USC_F_P0:   s->p0[lane] = v & 1; break;
    case USC_F_PE:   s->pe[lane] = v & 1; break;
    case USC_F_COUT: s->cout[lane] = v & 1; break;
    case USC_F_DRC:  s->drc[i] = (uint32_t)(v & 0xff); break;
    case USC_F_PC:   s->pc = (uint32_t)v; s->finished = 0; break;
    default:         *reg_ptr(s, file, i, lane) = (uint32_t)v; break;
    }
    return GPUREF_OK;
}

/* the memory space "mem" (D37), the transaction spaces "atst", "depthf"
 * (D45, D46) and "uvs" (D50), and the data the fixed-function units return,
 * "itr" (the iterator, D47, D48) and "tex" (the texture unit, D49): 32-bit
 * byte addresses */
static const char *const usc_spaces[USC_NSPACES] = { "mem", "atst", "depthf", "uvs", "itr", "tex" };

static int usc_mem_rw(void *vs, int space, uint64_t addr, void *buf, size_t len, int write, char *err)
{
    usc_state *s = vs;
    if (space < 0 || space >= (int)USC_NSPACES)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: no memory space %d (mem, atst, depthf, uvs, "
                           "itr, tex)", space);
    usc_mem *m = space ? &s->port[space - 1] : &s->mem;
    if (addr > 0xffffffffull || len > 0x100000000ull - addr)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "usc: mem 0x%llx (+%zu bytes) beyond the 32-bit "
                           "address space", (unsigned long long)addr, len);
    if (!write) return usc_mem_read(m, (uint32_t)addr, buf, len);
    if (usc_mem_write(m, (uint32_t)addr, buf, len))
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "usc: %s: out of memory", usc_spaces[space]);
    return GPUREF_OK;
}

static int usc_mem_next(const void *vs, int space, uint64_t from, uint64_t *addr, uint64_t *len)
{
    const usc_state *s = vs;
    uint32_t page;
    if (space < 0 || space >= (int)USC_NSPACES) return GPUREF_ERR_RANGE;
    const usc_mem *m = space ? &s->port[space - 1] : &s->mem;
    if (from > 0xffffffffull || !usc_mem_first(m, (uint32_t)(from / USC_PAGE), &page)) return 0;
    uint64_t start = (uint64_t)page * USC_PAGE;
    *addr = start > from ? start : from;
    *len = start + USC_PAGE - *addr;
    return 1;
}

static int usc_load(void *vs, uint64_t base, const uint32_t *words, size_t n, char *err)
{
    usc_state *s = vs;
    if (base & 3 || base > USC_CODE_MAX || n > (USC_CODE_MAX - base) / 4)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "program at 0x%llx (%zu words) does not fit the "
                           "code space or is not 4-byte aligned", (unsigned long long)base, n);
    size_t m = n ? n : 1;
    uint32_t *w = malloc(m * sizeof *w);
    int32_t *gix = malloc(m * sizeof *gix);
    if (!w || !gix) {
        free(w); free(gix);
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    }
    if (n) memcpy(w, words, n * sizeof *w);
    /* predecode every word as a group start; an error status is kept, and
     * the message made again (usc_step) only if that group is executed.
     * The groups that decode are stored densely, in word order, so that a
     * straight run of groups reads them one after the other */
    char why[GPUREF_ERRLEN];
    usc_group one, *g = NULL;
    size_t ng = 0, cap = 0;
    for (size_t i = 0; i < n; i++) {
        int st = usc_decode_group(w + i, n - i, &one, why);   /* group rules included */
        if (st) {
            gix[i] = st;
            continue;
        }
        if (gpuref_grow((void **)&g, &cap, ng, sizeof *g, 64)) {
            free(w); free(gix); free(g);
            return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
        }
        g[ng] = one;
        gix[i] = (int32_t)ng++;
    }
    usc_fini(s);
    s->words = w;
    s->grp = g;
    s->gix = gix;
    s->nwords = n;
    s->base = (uint32_t)base;
    usc_start(s);
    return GPUREF_OK;
}

static int usc_finished(const void *vs)
{
    return ((const usc_state *)vs)->finished;
}

static const char *usc_opcode_name(unsigned op)
{
    return op < USC_NOPS ? usc_rows[op].name : NULL;
}

const gpuref_isa gpuref_isa_usc = {
    .name = "usc",
    .title = "PowerVR USC (Series 6XT): instruction groups of phases 0/1/2 or the bitwise ALU, and a backend slot",
    .nfiles = USC_NFILES,
    .files = usc_files,
    .nspaces = USC_NSPACES,
    .spaces = usc_spaces,
    .state_size = sizeof(usc_state),
    .init = usc_init,
    .fini = usc_fini,
    .reset = usc_reset,
    .reg_get = usc_reg_get,
    .reg_set = usc_reg_set,
    .mem_rw = usc_mem_rw,
    .mem_next = usc_mem_next,
    .load = usc_load,
    .step = usc_step,
    .finished = usc_finished,
    .decode_unit = usc_isa_decode_unit,
    .disasm_unit = usc_isa_disasm_unit,
    .assemble = usc_isa_assemble,
    .nopcodes = USC_NOPS,
    .opcode_name = usc_opcode_name,
    .slot_names = usc_slot_names,
    .nslot_names = USC_NSLOTS,
    .kind_names = usc_kind_names,
    .nkind_names = 2,
    .cov = &gpuref_usc_cov,
    .gen = &gpuref_usc_gen,
};
