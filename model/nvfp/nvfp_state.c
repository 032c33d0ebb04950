/* nvfp_state.c - configuration, reset, register files (the R/H/I views of
 * the chunks, format tags, condition codes, kill, p[], c[], texture
 * descriptors), the "tex" memory, program loading with predecoding, and the
 * gpuref_isa object of the NVFP model. */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "nvfp.h"

static const gpuref_regfile_info nvfp_files[NVFP_NFILES] = {
    [NVFP_F_R]    = { "R", NVFP_NCHUNK * 4, 32, NVFP_LANES },  /* index = chunk*4 + word */
    [NVFP_F_H]    = { "H", NVFP_NH * 4, 16, NVFP_LANES },      /* index = reg*4 + comp */
    [NVFP_F_I]    = { "I", NVFP_NI * 4, 16, NVFP_LANES },      /* s12, sign-extended to 16 */
    [NVFP_F_FMT]  = { "fmt", NVFP_NCHUNK, 2, NVFP_LANES },     /* 0 fp32, 1 fp16, 2 s12 */
    [NVFP_F_CC]   = { "CC", 4, 2, NVFP_LANES },                /* 0 EQ, 1 LT, 2 GT */
    [NVFP_F_KILL] = { "kill", 1, 1, NVFP_LANES },
    [NVFP_F_P]    = { "p", NVFP_NP * 4, 32, NVFP_LANES },
    [NVFP_F_C]    = { "c", NVFP_NC * 4, 32, 1 },
    [NVFP_F_TEX]  = { "tex", NVFP_NTEX * 4, 32, 1 },           /* base, width, height, mode */
    [NVFP_F_PC]   = { "pc", 1, 32, 1 },
    /* read-only view of the configuration, so that a bench can configure its
     * DUT from a model: cfg0 frc_clamp, cfg1 kil_stop (NVFP_CFG_*) */
    [NVFP_F_CFG]  = { "cfg", NVFP_NCFG, 32, 1 },
};
static const char *const nvfp_spaces[1] = { "tex" };

static const gpuref_cfg_key nvfp_keys[] = {
    { "frc_clamp", offsetof(nvfp_config, frc_clamp), 0, 1, 1, 0 },
    { "kil_stop", offsetof(nvfp_config, kil_stop), 0, 1, 0, 0 },
};
#define NVFP_NKEYS (sizeof nvfp_keys / sizeof nvfp_keys[0])

static int nvfp_init(void *vs, const char *config, char *err)
{
    nvfp_state *s = vs;
    char msg[GPUREF_ERRLEN];
    if (fp_policy_init(&s->fp, "nvfp", msg, sizeof msg) != GPUREF_OK)
        return gpuref_errf(err, GPUREF_ERR_CONFIG, "nvfp: float policy: %s", msg);
    s->fast = nvfp_fast_policy(&s->fp);
    int rc = gpuref_config_keys("nvfp", nvfp_keys, NVFP_NKEYS, &s->cfg, config, err);
    if (rc != GPUREF_OK)
        return rc;
    /* the space, then the bounds of what was written (reset clears only that) */
    s->own = calloc(1, NVFP_TEX_BYTES + 2 * sizeof(uint32_t));
    if (!s->own)
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    s->mem = s->own;
    s->dirty = (uint32_t *)(void *)(s->own + NVFP_TEX_BYTES);
    return GPUREF_OK;
}

static void nvfp_fini(void *vs)
{
    nvfp_state *s = vs;
    free(s->own);
    free(s->words);
    free(s->dec);
    free(s->decst);
    free(s->fk);
    s->own = s->mem = NULL;
    s->dirty = NULL;
    s->words = NULL;
    s->dec = NULL;
    s->decst = NULL;
    s->fk = NULL;
}

static void nvfp_start(nvfp_state *s)
{
    s->pc = s->base;
    s->finished = s->nwords == 0;
}

static int nvfp_reset(void *vs, char *err)
{
    nvfp_state *s = vs;
    (void)err;
    /* p[21], p[33]: the register file starts as (0,0,0,0); p[27]: the
     * condition codes start "equal to 0" (EQ) */
    memset(s->reg, 0, sizeof s->reg);
    memset(s->fmt, 0, sizeof s->fmt);
    memset(s->cc, NVFP_CC_EQ, sizeof s->cc);
    memset(s->kill, 0, sizeof s->kill);
    memset(s->p, 0, sizeof s->p);
    memset(s->c, 0, sizeof s->c);
    memset(s->tex, 0, sizeof s->tex);
    if (s->mem == s->own && s->dirty[1] > s->dirty[0]) {   /* only what was written */
        memset(s->own + s->dirty[0], 0, s->dirty[1] - s->dirty[0]);
        s->dirty[0] = s->dirty[1] = 0;
    }
    nvfp_start(s);
    return GPUREF_OK;
}

static int nvfp_reg_get(void *vs, int file, unsigned i, unsigned l, uint64_t *v, char *err)
{
    nvfp_state *s = vs;
    (void)err;
    switch (file) {
    case NVFP_F_R:    *v = s->reg[i >> 2][i & 3][l]; break;
    case NVFP_F_H:
    case NVFP_F_I: {
        unsigned r = i >> 2, j = i & 3;
        uint32_t w = s->reg[r >> 1][(r & 1) * 2 + (j >> 1)][l];
        *v = (j & 1) ? w >> 16 : w & 0xffff;
        break;
    }
    case NVFP_F_FMT:  *v = s->fmt[i][l]; break;
    case NVFP_F_CC:   *v = s->cc[i][l]; break;
    case NVFP_F_KILL: *v = s->kill[l]; break;
    case NVFP_F_P:    *v = s->p[i >> 2][i & 3][l]; break;
    case NVFP_F_C:    *v = s->c[i >> 2][i & 3]; break;
    case NVFP_F_TEX:  *v = s->tex[i >> 2][i & 3]; break;
    case NVFP_F_PC:   *v = s->pc; break;
    case NVFP_F_CFG:  *v = i % NVFP_NCFG == NVFP_CFG_FRC_CLAMP ? s->cfg.frc_clamp : s->cfg.kil_stop; break;
    default:          return GPUREF_ERR_RANGE;
    }
    return GPUREF_OK;
}

static int nvfp_reg_set(void *vs, int file, unsigned i, unsigned l, uint64_t v, char *err)
{
    nvfp_state *s = vs;
    switch (file) {
    case NVFP_F_R:
        s->reg[i >> 2][i & 3][l] = (uint32_t)v;
        s->fmt[i >> 2][l] = NVFP_PR_R;
        break;
    case NVFP_F_H:
    case NVFP_F_I: {
        unsigned r = i >> 2, j = i & 3;
        uint32_t *w = &s->reg[r >> 1][(r & 1) * 2 + (j >> 1)][l];
        uint32_t h = (uint32_t)v & 0xffff;
        if (file == NVFP_F_I)   /* s12 in 16 bits: keep the value's sign extension canonical */
            h = (uint32_t)(uint16_t)(int16_t)((int16_t)(h << 4) >> 4);
        *w = (j & 1) ? (*w & 0xffff) | h << 16 : (*w & 0xffff0000u) | h;
        s->fmt[r >> 1][l] = file == NVFP_F_H ? NVFP_PR_H : NVFP_PR_I;
        break;
    }
    case NVFP_F_FMT:
        if (v > NVFP_PR_I)
            return gpuref_errf(err, GPUREF_ERR_RANGE, "nvfp: fmt%u = %llu (0 fp32, 1 fp16, 2 s12)", i,
                               (unsigned long long)v);
        s->fmt[i][l] = (uint8_t)v;
        break;
    case NVFP_F_CC:
        if (v > NVFP_CC_GT)
            return gpuref_errf(err, GPUREF_ERR_RANGE, "nvfp: CC = %llu (0 EQ, 1 LT, 2 GT)",
                               (unsigned long long)v);
        s->cc[i][l] = (uint8_t)v;
        break;
    case NVFP_F_KILL: s->kill[l] = (uint8_t)(v & 1); break;
    case NVFP_F_P:    s->p[i >> 2][i & 3][l] = (uint32_t)v; break;
    case NVFP_F_C:    s->c[i >> 2][i & 3] = (uint32_t)v; break;
    case NVFP_F_TEX:  s->tex[i >> 2][i & 3] = (uint32_t)v; break;
    case NVFP_F_PC:   s->pc = (uint32_t)v; s->finished = 0; break;
    case NVFP_F_CFG:
        return gpuref_errf(err, GPUREF_ERR_RANGE, "nvfp: cfg%u is read-only: set it with the config", i);
    default:
        return gpuref_errf(err, GPUREF_ERR_RANGE, "nvfp: no register file %d", file);
    }
    return GPUREF_OK;
}

/* R3.x, H5.w, I2.y, CC.z, p3.x, c5.y, tex3.base/.width/.height/.mode */
static const char *const tex_fields[4] = { "base", "width", "height", "mode" };

static int nvfp_reg_name(int file, unsigned i, char *buf, size_t len)
{
    static const char ch[] = "xyzw";
    switch (file) {
    case NVFP_F_R: case NVFP_F_H: case NVFP_F_I: case NVFP_F_P: case NVFP_F_C:
        snprintf(buf, len, "%s%u.%c", nvfp_files[file].name, i >> 2, ch[i & 3]);
        break;
    case NVFP_F_CC: snprintf(buf, len, "CC.%c", ch[i & 3]); break;
    case NVFP_F_FMT: snprintf(buf, len, "fmt%u", i); break;
    case NVFP_F_TEX: snprintf(buf, len, "tex%u.%s", i >> 2, tex_fields[i & 3]); break;
    case NVFP_F_CFG: snprintf(buf, len, "cfg%u", i); break;
    default:
        snprintf(buf, len, "%s", file >= 0 && file < NVFP_NFILES ? nvfp_files[file].name : "?");
    }
    return GPUREF_OK;
}

static int chan_of(const char *p)
{
    if (p[0] == 0 || p[1] != 0)
        return -1;
    switch (p[0]) {
    case 'x': return 0;
    case 'y': return 1;
    case 'z': return 2;
    case 'w': return 3;
    default: return -1;
    }
}

/* a decimal register number without leading zeros at p, up to '.' */
static int reg_num(const char **pp, unsigned lim, unsigned *v)
{
    const char *p = *pp;
    unsigned n = 0, nd = 0;
    while (*p >= '0' && *p <= '9' && nd < 3) {
        n = n * 10 + (unsigned)(*p++ - '0');
        nd++;
    }
    if (!nd || (nd > 1 && (*pp)[0] == '0') || n >= lim)
        return -1;
    *v = n;
    *pp = p;
    return 0;
}

static int nvfp_reg_parse(const char *name, int *file, unsigned *index)
{
    static const struct { const char *pre; int file; unsigned lim; } vf[] = {
        { "R", NVFP_F_R, NVFP_NCHUNK }, { "H", NVFP_F_H, NVFP_NH }, { "I", NVFP_F_I, NVFP_NI },
        { "p", NVFP_F_P, NVFP_NP }, { "c", NVFP_F_C, NVFP_NC },
    };
    unsigned v;
    for (unsigned k = 0; k < 5; k++) {
        const char *p = name + strlen(vf[k].pre);
        if (strncmp(name, vf[k].pre, strlen(vf[k].pre)) || !(*p >= '0' && *p <= '9'))
            continue;
        int c;
        if (reg_num(&p, vf[k].lim, &v) || *p != '.' || (c = chan_of(p + 1)) < 0)
            return GPUREF_ERR_RANGE;
        *file = vf[k].file;
        *index = v * 4 + (unsigned)c;
        return GPUREF_OK;
    }
    if (!strncmp(name, "CC.", 3) && chan_of(name + 3) >= 0) {
        *file = NVFP_F_CC;
        *index = (unsigned)chan_of(name + 3);
        return GPUREF_OK;
    }
    if (!strncmp(name, "fmt", 3)) {
        const char *p = name + 3;
        if (reg_num(&p, NVFP_NCHUNK, &v) || *p)
            return GPUREF_ERR_RANGE;
        *file = NVFP_F_FMT;
        *index = v;
        return GPUREF_OK;
    }
    if (!strncmp(name, "tex", 3)) {
        const char *p = name + 3;
        if (reg_num(&p, NVFP_NTEX, &v) || *p != '.')
            return GPUREF_ERR_RANGE;
        for (unsigned f = 0; f < 4; f++)
            if (!strcmp(p + 1, tex_fields[f])) {
                *file = NVFP_F_TEX;
                *index = v * 4 + f;
                return GPUREF_OK;
            }
        return GPUREF_ERR_RANGE;
    }
    if (!strncmp(name, "cfg", 3)) {
        const char *p = name + 3;
        if (reg_num(&p, NVFP_NCFG, &v) || *p)
            return GPUREF_ERR_RANGE;
        *file = NVFP_F_CFG;
        *index = v;
        return GPUREF_OK;
    }
    if (!strcmp(name, "kill") || !strcmp(name, "pc")) {
        *file = name[0] == 'k' ? NVFP_F_KILL : NVFP_F_PC;
        *index = 0;
        return GPUREF_OK;
    }
    return GPUREF_ERR_RANGE;
}

static int nvfp_mem_rw(void *vs, int space, uint64_t addr, void *buf, size_t len, int write, char *err)
{
    nvfp_state *s = vs;
    if (space != 0)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "no memory space %d", space);
    if (addr > NVFP_TEX_BYTES || len > NVFP_TEX_BYTES - addr)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "tex[0x%llx..+0x%zx] is outside the space (0x%x bytes)",
                           (unsigned long long)addr, len, NVFP_TEX_BYTES);
    if (!write) {
        memcpy(buf, s->mem + addr, len);
        return GPUREF_OK;
    }
    if (!len)
        return GPUREF_OK;
    memcpy(s->mem + addr, buf, len);
    uint32_t *d = s->dirty;      /* widen the written range */
    if (d[1] <= d[0]) {
        d[0] = (uint32_t)addr;
        d[1] = (uint32_t)(addr + len);
    } else {
        if (addr < d[0]) d[0] = (uint32_t)addr;
        if (addr + len > d[1]) d[1] = (uint32_t)(addr + len);
    }
    return GPUREF_OK;
}

/* Predecode at load (as every ISA): each instruction is decoded once; one
 * that does not decode (a truncated last instruction, an instruction past
 * the 128 of the instruction storage, Table 2) keeps its error, reported
 * only if executed. */
static int nvfp_load(void *vs, uint64_t base, const uint32_t *words, size_t n, char *err)
{
    nvfp_state *s = vs;
    if (base & 15 || base > 0xffff)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "nvfp: program base 0x%llx is not 16-byte aligned "
                           "below 0x10000", (unsigned long long)base);
    if (n > (size_t)1 << 24)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "nvfp: program of %zu words is too large", n);
    size_t ni = (n + NVFP_WORDS - 1) / NVFP_WORDS;
    uint32_t *w = malloc((n ? n : 1) * sizeof *w);
    nvfp_insn *dec = malloc((ni ? ni : 1) * sizeof *dec);
    int16_t *decst = malloc((ni ? ni : 1) * sizeof *decst);
    uint8_t *fk = malloc(ni ? ni : 1);
    if (!w || !dec || !decst || !fk) {
        free(w); free(dec); free(decst); free(fk);
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    }
    if (n)
        memcpy(w, words, n * sizeof *w);
    for (size_t i = 0; i < ni; i++) {
        char why[GPUREF_ERRLEN];
        size_t avail = n - i * NVFP_WORDS < NVFP_WORDS ? n - i * NVFP_WORDS : NVFP_WORDS;
        decst[i] = i >= NVFP_MAXINSN ? (int16_t)GPUREF_ERR_RANGE
                                     : (int16_t)nvfp_decode_insn(w + i * NVFP_WORDS, avail, &dec[i], why);
        fk[i] = decst[i] ? 0 : nvfp_fast_kind(&dec[i]);
    }
    free(s->words); free(s->dec); free(s->decst); free(s->fk);
    s->words = w;
    s->dec = dec;
    s->decst = decst;
    s->fk = fk;
    s->nwords = n;
    s->base = (uint32_t)base;
    nvfp_start(s);
    return GPUREF_OK;
}

static int nvfp_share(void *vs, void *owner, char *err)
{
    (void)err;
    ((nvfp_state *)vs)->mem = ((nvfp_state *)owner)->mem;
    ((nvfp_state *)vs)->dirty = ((nvfp_state *)owner)->dirty;
    return GPUREF_OK;
}

static int nvfp_finished(const void *vs)
{
    return ((const nvfp_state *)vs)->finished;
}

static const char *nvfp_opcode_name(unsigned op)
{
    return op < NVFP_NOPS ? nvfp_rows[op].name : NULL;
}

const gpuref_isa gpuref_isa_nvfp = {
    .name = "nvfp",
    .title = "NVIDIA patent 7,136,070 programmable pixel processor (per 2x2 quad)",
    .nfiles = NVFP_NFILES,
    .files = nvfp_files,
    .nspaces = 1,
    .spaces = nvfp_spaces,
    .state_size = sizeof(nvfp_state),
    .init = nvfp_init,
    .fini = nvfp_fini,
    .reset = nvfp_reset,
    .reg_get = nvfp_reg_get,
    .reg_set = nvfp_reg_set,
    .mem_rw = nvfp_mem_rw,
    .load = nvfp_load,
    .step = nvfp_step,
    .finished = nvfp_finished,
    .share = nvfp_share,
    .decode = nvfp_isa_decode,
    .disasm = nvfp_isa_disasm,
    .assemble = nvfp_isa_assemble,
    .nopcodes = NVFP_NOPS,
    .opcode_name = nvfp_opcode_name,
    .reg_name = nvfp_reg_name,
    .reg_parse = nvfp_reg_parse,
    .cov = &gpuref_nvfp_cov,
    .gen = &gpuref_nvfp_gen,
};
