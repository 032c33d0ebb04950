/* nv50_state.c - configuration, reset, register files, memory, program
 * loading (with predecoding) and the gpuref_isa object of the NV50 model. */
#include <stdlib.h>
#include <string.h>

#include "nv50.h"

static const gpuref_regfile_info nv50_files[NV50_NFILES] = {
    [NV50_F_R]      = { "r", NV50_NGPR, 32, NV50_LANES },
    [NV50_F_C]      = { "c", 4, 4, NV50_LANES },
    [NV50_F_A]      = { "a", 8, 16, NV50_LANES },
    [NV50_F_SR]     = { "sr", 9, 32, NV50_LANES },
    [NV50_F_O]      = { "o", NV50_NOUT, 32, NV50_LANES },
    [NV50_F_PC]     = { "pc", 1, 32, 1 },
    [NV50_F_MASK]   = { "mask", 1, 32, 1 },
    [NV50_F_EXITED] = { "exited", 1, 32, 1 },
    [NV50_F_DEPTH]  = { "depth", 1, 8, 1 },
    [NV50_F_CFG]    = { "cfg", 3, 32, 1 },   /* gprs, stack_depth, float mode (Float on G80) */
};

static const char *const nv50_spaces[17] = {
    "c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "c11", "c12", "c13",
    "c14", "c15", "s",
};

/* ------------------------------------------------------------ config */

static const struct nv50_key {
    const char *name;
    size_t      off;
    uint64_t    min, max, def;
} nv50_keys[] = {
    { "threads", offsetof(nv50_config, threads), 1, 32, 32 },
    { "gprs", offsetof(nv50_config, gprs), 1, 128, 128 },
    { "stack_depth", offsetof(nv50_config, stack_depth), 1, NV50_MAXSTACK, 16 },
    { "warp_id", offsetof(nv50_config, warp_id), 0, 255, 0 },
    { "mp_id", offsetof(nv50_config, mp_id), 0, 15, 0 },
    { "tpc_id", offsetof(nv50_config, tpc_id), 0, 15, 0 },
    { "vstride", offsetof(nv50_config, vstride), 0, 0xffffffffu, 0x20 },
    { "strict", offsetof(nv50_config, strict), 0, 1, 0 },     /* D36 */
    { "zero_wins", offsetof(nv50_config, zero_wins), 0, 1, 0 },
};

/* chipset=NAME: README "Float on G80" (envytools hwtest g80_fp: fmul sat from
 * chipset 0xa0 = G200 on; the other float rules are common to G80-G200). */
static const char *const nv50_chips[] = { "g80", "g84", "g92", "g200" };

static int nv50_chipset_key(nv50_config *cfg, const char *val, char *err)
{
    for (unsigned c = 0; c < sizeof nv50_chips / sizeof nv50_chips[0]; c++)
        if (strcmp(val, nv50_chips[c]) == 0) {
            cfg->chipset = c;
            cfg->fmul_sat = c >= NV50_CHIP_G200;
            return GPUREF_OK;
        }
    return gpuref_errf(err, GPUREF_ERR_CONFIG, "nv50: bad value '%s' for chipset (g80, g84, g92, g200)",
                       val);
}
#define NV50_NKEYS (sizeof nv50_keys / sizeof nv50_keys[0])

/* fadd_fmul_rm=down|reserved: README "Float on G80", G-RND. */
static int nv50_rm_key(nv50_config *cfg, const char *val, char *err)
{
    if (strcmp(val, "down") == 0 || strcmp(val, "reserved") == 0) {
        cfg->rm_reserved = strcmp(val, "reserved") == 0;
        return GPUREF_OK;
    }
    return gpuref_errf(err, GPUREF_ERR_CONFIG, "nv50: bad value '%s' for fadd_fmul_rm (down, "
                       "reserved)", val);
}

static int nv50_config_parse(nv50_config *cfg, const char *config, char *err)
{
    for (size_t k = 0; k < NV50_NKEYS; k++)
        *(unsigned *)((char *)cfg + nv50_keys[k].off) = (unsigned)nv50_keys[k].def;
    size_t pos = 0;
    char key[32], val[64];
    int r;
    cfg->chipset = NV50_CHIP_G80;
    cfg->fmul_sat = 0;
    cfg->rm_reserved = 0;
    while ((r = gpuref_config_next(config, &pos, key, sizeof key, val, sizeof val)) > 0) {
        size_t k;
        if (strcmp(key, "chipset") == 0) {
            int st = nv50_chipset_key(cfg, val, err);
            if (st)
                return st;
            continue;
        }
        if (strcmp(key, "fadd_fmul_rm") == 0) {
            int st = nv50_rm_key(cfg, val, err);
            if (st)
                return st;
            continue;
        }
        for (k = 0; k < NV50_NKEYS && strcmp(key, nv50_keys[k].name); k++)
            ;
        if (k == NV50_NKEYS)
            return gpuref_errf(err, GPUREF_ERR_CONFIG, "nv50: unknown config key '%s' (keys: "
                               "threads, gprs, stack_depth, warp_id, mp_id, tpc_id, vstride, strict, "
                               "zero_wins, chipset, fadd_fmul_rm)", key);
        uint64_t v;
        if (gpuref_parse_u64(val, &v) || v < nv50_keys[k].min || v > nv50_keys[k].max)
            return gpuref_errf(err, GPUREF_ERR_CONFIG, "nv50: bad value '%s' for %s (%llu..%llu)",
                               val, key, (unsigned long long)nv50_keys[k].min,
                               (unsigned long long)nv50_keys[k].max);
        *(unsigned *)((char *)cfg + nv50_keys[k].off) = (unsigned)v;
    }
    if (r < 0)
        return gpuref_errf(err, GPUREF_ERR_CONFIG, "nv50: malformed config '%s' (key=value,...)",
                           config);
    return GPUREF_OK;
}

static int nv50_init(void *vs, const char *config, char *err)
{
    nv50_state *s = vs;
    char msg[GPUREF_ERRLEN];
    s->mem = &s->own;
    if (fp_policy_init(&s->fp, "nv50", msg, sizeof msg) != GPUREF_OK)   /* nv50_exec_float.c */
        return gpuref_errf(err, GPUREF_ERR_CONFIG, "nv50: float policy: %s", msg);
    return nv50_config_parse(&s->cfg, config, err);
}

static void nv50_fini(void *vs)
{
    nv50_state *s = vs;
    free(s->words);
    free(s->prog);
    s->words = NULL;
    s->prog = NULL;
}

static uint32_t nv50_thread_mask(const nv50_state *s)
{
    return s->cfg.threads >= 32 ? 0xffffffffu : (1u << s->cfg.threads) - 1;
}

/* The control state a program starts with. */
static void nv50_start(nv50_state *s)
{
    s->pc = s->base;
    s->mask = nv50_thread_mask(s);
    s->exited = 0;
    s->depth = 0;
    s->finished = 0;
}

static int nv50_reset(void *vs, char *err)
{
    nv50_state *s = vs;
    (void)err;
    memset(s->r, 0, sizeof s->r);
    memset(s->o, 0, sizeof s->o);
    memset(s->sr, 0, sizeof s->sr);
    memset(s->a, 0, sizeof s->a);
    memset(s->c, 0, sizeof s->c);
    for (unsigned l = 0; l < NV50_LANES; l++) {   /* D9, isa.rst "Registers" */
        s->sr[0][l] = l | s->cfg.warp_id << 8 | s->cfg.mp_id << 16 | s->cfg.tpc_id << 20;
        s->sr[3][l] = s->cfg.vstride;
    }
    s->clock = 0;
    nv50_start(s);
    return GPUREF_OK;
}

/* ------------------------------------------------------ register files */

static int nv50_reg_get(void *vs, int file, unsigned idx, unsigned lane, uint64_t *v, char *err)
{
    nv50_state *s = vs;
    (void)err;
    switch (file) {
    case NV50_F_R:      *v = idx < s->cfg.gprs ? s->r[idx][lane] : 0; break;
    case NV50_F_C:      *v = s->c[idx][lane]; break;
    case NV50_F_A:      *v = (idx >= 1 && idx <= 4) ? s->a[idx][lane] : 0; break;
    case NV50_F_SR:     *v = idx == 1 ? (uint32_t)s->clock : s->sr[idx][lane]; break;
    case NV50_F_O:      *v = s->o[idx][lane]; break;
    case NV50_F_PC:     *v = s->pc; break;
    case NV50_F_MASK:   *v = s->mask; break;
    case NV50_F_EXITED: *v = s->exited; break;
    case NV50_F_DEPTH:  *v = s->depth; break;
    case NV50_F_CFG:
        *v = idx == 0 ? s->cfg.gprs : idx == 1 ? s->cfg.stack_depth
                                               : (s->cfg.fmul_sat | s->cfg.zero_wins << 1 |
                                                  s->cfg.rm_reserved << 2);
        break;
    default:            return GPUREF_ERR_RANGE;
    }
    return GPUREF_OK;
}

static int nv50_reg_set(void *vs, int file, unsigned idx, unsigned lane, uint64_t v, char *err)
{
    nv50_state *s = vs;
    switch (file) {
    case NV50_F_R:
        if (idx < s->cfg.gprs)   /* registers at or above gprs drop writes */
            s->r[idx][lane] = (uint32_t)v;
        return GPUREF_OK;
    case NV50_F_C: s->c[idx][lane] = (uint32_t)v; return GPUREF_OK;
    case NV50_F_A:
        if (idx >= 1 && idx <= 4)
            s->a[idx][lane] = (uint16_t)v;
        else if (v)
            return gpuref_errf(err, GPUREF_ERR_RANGE, "$a%u always reads 0 (D6, D11)", idx);
        return GPUREF_OK;
    case NV50_F_SR:
        if (idx == 1)
            return gpuref_errf(err, GPUREF_ERR_RANGE, "$clock counts retired units (D8)");
        s->sr[idx][lane] = (uint32_t)v;
        return GPUREF_OK;
    case NV50_F_O: s->o[idx][lane] = (uint32_t)v; return GPUREF_OK;
    case NV50_F_PC: s->pc = (uint32_t)v; s->finished = 0; return GPUREF_OK;
    case NV50_F_MASK: s->mask = (uint32_t)v; return GPUREF_OK;
    case NV50_F_EXITED: s->exited = (uint32_t)v; return GPUREF_OK;
    case NV50_F_DEPTH:
        if (v > s->depth)
            return gpuref_errf(err, GPUREF_ERR_RANGE, "depth can only be lowered (pop entries)");
        s->depth = (unsigned)v;
        return GPUREF_OK;
    default:
        return gpuref_errf(err, GPUREF_ERR_RANGE, "cfg is read-only (set it with the config)");
    }
}

/* ------------------------------------------------------------- memory */

static int nv50_mem_rw(void *vs, int space, uint64_t addr, void *buf, size_t len, int write,
                       char *err)
{
    nv50_state *s = vs;
    uint8_t *base = space < NV50_NCBANK ? s->mem->cmem[space] : s->mem->smem;
    uint64_t size = space < NV50_NCBANK ? NV50_CBANK : NV50_SMEM;
    if (space < 0 || space > NV50_NCBANK)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "no memory space %d", space);
    if (addr > size || len > size - addr)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "%s[0x%llx..+0x%zx] is outside the space "
                           "(0x%llx bytes)", nv50_spaces[space], (unsigned long long)addr, len,
                           (unsigned long long)size);
    if (write)
        memcpy(base + addr, buf, len);
    else
        memcpy(buf, base + addr, len);
    return GPUREF_OK;
}

/* ------------------------------------------------------------ program */

static nv50_acc nv50_acc_of(const nv50_config *cfg, const nv50_opnd *o)
{
    nv50_acc a = { NV50_ACC_SLOW, 0 };
    switch (o->kind) {
    case NV50_O_NONE:
    case NV50_O_DISCARD:
        a.how = NV50_ACC_NONE;
        break;
    case NV50_O_REG:
    case NV50_O_HALF:   /* registers at or above gprs read as 0, drop writes */
        a.how = o->reg >= cfg->gprs ? NV50_ACC_NONE
                : o->kind == NV50_O_REG ? NV50_ACC_ROW : o->hi ? NV50_ACC_HI : NV50_ACC_LO;
        a.reg = a.how == NV50_ACC_NONE ? 0 : o->reg;
        break;
    case NV50_O_IMM:
        a.how = NV50_ACC_IMM;
        break;
    default:
        break;
    }
    return a;
}

int nv50_decode_cfg(const nv50_config *cfg, const uint32_t *w, size_t avail, nv50_insn *in,
                    char *err)
{
    int rc = nv50_decode_ex(w, avail, (int)cfg->strict, in, err);
    if (rc == GPUREF_OK && cfg->rm_reserved && in->rnd == 1 &&
        (in->op == NV50_OP_fadd_l || in->op == NV50_OP_fmul_l))
        return gpuref_errf(err, GPUREF_ERR_DECODE, "illegal encoding 0x%08x 0x%08x: rounding rm "
                           "of %s is reserved (config fadd_fmul_rm=reserved)", w[0], w[1],
                           nv50_rows[in->op].name);
    return rc;
}

void nv50_predecode(const nv50_config *cfg, const uint32_t *w, size_t avail, uint32_t pc,
                    nv50_pinsn *p)
{
    char why[GPUREF_ERRLEN];
    memset(p, 0, sizeof *p);
    p->status = (int16_t)nv50_decode_cfg(cfg, w, avail, &p->in, why);
    p->exec = nv50_x_unimpl;
    if (p->status != GPUREF_OK) {
        p->flags = NV50_PF_BAD;
        return;
    }
    const nv50_insn *in = &p->in;
    const nv50_row *row = &nv50_rows[in->op];
    p->exec = row->exec;
    p->nwords = in->nwords;
    p->words[0] = w[0];
    p->words[1] = in->nwords == 2 ? w[1] : 0;
    if (in->nwords == 2 && (pc & 7))           /* D33 */
        p->flags |= NV50_PF_BAD;
    if ((row->flags & NV50_RF_CTL) || in->modifier != NV50_MOD_NONE)
        p->flags |= NV50_PF_FLOW;
    if (in->pred != 0xf && !(row->flags & NV50_RF_NOPRED))
        p->flags |= NV50_PF_PRED;
    for (unsigned i = 0; i < 4; i++) {
        const nv50_opnd *o = &in->src[i];
        p->src[i] = nv50_acc_of(cfg, o);
        if ((o->kind == NV50_O_SHARED || o->kind == NV50_O_CONST) && o->postinc)
            p->flags |= NV50_PF_POSTINC;
    }
    p->dst = nv50_acc_of(cfg, &in->dst);
}

static int nv50_load(void *vs, uint64_t base, const uint32_t *words, size_t n, char *err)
{
    nv50_state *s = vs;
    if (base & 3 || base > NV50_CODE_MAX || n > (NV50_CODE_MAX - base) / 4)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "program at 0x%llx (%zu words) does not fit "
                           "the 24-bit code space or is not 4-byte aligned",
                           (unsigned long long)base, n);
    uint32_t *w = malloc((n ? n : 1) * sizeof *w);
    nv50_pinsn *p = malloc((n ? n : 1) * sizeof *p);
    if (!w || !p) {
        free(w);
        free(p);
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    }
    if (n)
        memcpy(w, words, n * sizeof *w);
    for (size_t i = 0; i < n; i++)     /* predecode every word as a possible start */
        nv50_predecode(&s->cfg, &w[i], n - i, (uint32_t)base + 4u * (uint32_t)i, &p[i]);
    nv50_fini(s);
    s->words = w;
    s->prog = p;
    s->nwords = n;
    s->base = (uint32_t)base;
    nv50_start(s);
    return GPUREF_OK;
}

/* The registers the instruction at pc reads, with their values (for mismatch
 * reports): its $r sources (whole, or the 16-bit half), and the $c of its
 * predicate or condition operand.  Memory and special operands are left out. */
static int nv50_sources(void *vs, gpuref_retire *out)
{
    nv50_state *s = vs;
    if (s->pc < s->base || (s->pc - s->base) / 4 >= s->nwords || !s->prog)
        return 0;
    const nv50_pinsn *p = &s->prog[(s->pc - s->base) / 4];
    if (p->status != GPUREF_OK)
        return 0;
    for (unsigned k = 0; k < 4; k++) {
        const nv50_acc *a = &p->src[k];
        if (a->how != NV50_ACC_ROW && a->how != NV50_ACC_LO && a->how != NV50_ACC_HI)
            continue;
        gpuref_regw *w = gpuref_retire_regw(out, NV50_F_R, a->reg, 0xffffffffu);
        if (!w)
            break;
        w->lanes = nv50_thread_mask(s);
        for (unsigned l = 0; l < NV50_LANES; l++)
            w->value[l] = s->r[a->reg][l];
    }
    if ((p->flags & NV50_PF_PRED) && p->in.csrc < 4) {
        gpuref_regw *w = gpuref_retire_regw(out, NV50_F_C, p->in.csrc, 0xf);
        if (w) {
            w->lanes = nv50_thread_mask(s);
            for (unsigned l = 0; l < NV50_LANES; l++)
                w->value[l] = s->c[p->in.csrc][l];
        }
    }
    return out->nregw;
}

/* waves=N: wave st uses the memory of wave 0 (owner); its warp id in
 * $physid is the configured warp_id plus the wave number. */
static int nv50_share(void *vs, void *owner, char *err)
{
    (void)err;
    ((nv50_state *)vs)->mem = ((nv50_state *)owner)->mem;
    return GPUREF_OK;
}

static int nv50_wave_id(void *vs, unsigned wave, char *err)
{
    nv50_state *s = vs;
    if (s->cfg.warp_id + wave > 255)
        return gpuref_errf(err, GPUREF_ERR_CONFIG, "nv50: warp_id %u + wave %u exceeds 255",
                           s->cfg.warp_id, wave);
    s->cfg.warp_id += wave;
    return GPUREF_OK;
}

static int nv50_finished(const void *vs)
{
    return ((const nv50_state *)vs)->finished;
}

static const char *nv50_opcode_name(unsigned op)
{
    return op < NV50_NOPS ? nv50_rows[op].name : NULL;
}

const gpuref_isa gpuref_isa_nv50 = {
    .name = "nv50",
    .title = "NVIDIA Tesla (G80/NV50) shader ops, per warp",
    .nfiles = NV50_NFILES,
    .files = nv50_files,
    .nspaces = 17,
    .spaces = nv50_spaces,
    .state_size = sizeof(nv50_state),
    .init = nv50_init,
    .fini = nv50_fini,
    .reset = nv50_reset,
    .reg_get = nv50_reg_get,
    .reg_set = nv50_reg_set,
    .mem_rw = nv50_mem_rw,
    .mem_next = NULL,
    .load = nv50_load,
    .step = nv50_step,
    .finished = nv50_finished,
    .share = nv50_share,
    .wave_id = nv50_wave_id,
    .sources = nv50_sources,
    .decode = nv50_isa_decode,
    .disasm = nv50_isa_disasm,
    .assemble = nv50_isa_assemble,
    .nopcodes = NV50_NOPS,
    .opcode_name = nv50_opcode_name,
    /* verification hooks (isa.h): functional coverage and the random generator */
    .cov = &gpuref_nv50_cov,   /* nv50_cov.c */
    .gen = &gpuref_nv50_gen,   /* nv50_gen.c */
};
