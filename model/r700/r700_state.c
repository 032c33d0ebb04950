/* r700_state.c - configuration, reset, register files, memory, program
 * loading (with predecoding) and the gpuref_isa object of the R700 model. */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "r700.h"

static const gpuref_regfile_info r700_files[R700_NFILES] = {
    [R700_F_R]      = { "R", R700_NGPR * 4, 32, R700_LANES },     /* index = gpr*4 + chan */
    [R700_F_PV]     = { "PV", 4, 32, R700_LANES },
    [R700_F_PS]     = { "PS", 1, 32, R700_LANES },
    [R700_F_AR]     = { "AR", 4, 9, R700_LANES },
    [R700_F_PRED]   = { "pred", 1, 1, R700_LANES },
    [R700_F_AL]     = { "aL", 1, 32, 1 },
    [R700_F_ACTIVE] = { "active", 1, 64, 1 },
    [R700_F_VALID]  = { "valid", 1, 64, 1 },
    [R700_F_C]      = { "C", R700_NCFILE * 4, 32, 1 },           /* index = const*4 + chan */
    [R700_F_I]      = { "I", R700_NICONST * 3, 32, 1 },          /* index = const*3 + (trip, init, inc) */
    [R700_F_B]      = { "B", 1, 32, 1 },
    [R700_F_PC]     = { "pc", 1, 32, 1 },
    [R700_F_DEPTH]  = { "depth", 1, 8, 1 },
    [R700_F_PSTATE] = { "pstate", 1, 2, R700_LANES },
    [R700_F_RES]    = { "RES", R700_NRES * R700_RES_FIELDS, 32, 1 },  /* index = res*8 + field */
    [R700_F_SEM]    = { "SEM", R700_NSEM, 7, 1 },                     /* semantic table: a GPR */
    /* read-only view of the configuration knobs, so that a bench can configure
     * its DUT from a model: cfg0 stack_size, 1 gprs, 2 temps, 3 prefer_trans,
     * 4 sub_guide, 5 shift_mask, 6 flt_to_int_rne, 7 sin_radians, 8 lanes (R700_CFG_*) */
    [R700_F_CFG]    = { "cfg", R700_NCFG, 32, 1 },
};
static const char *const r700_res_field[R700_RES_FIELDS] = {
    "base", "stride", "size", "fmt", "width", "height", "depth", "levels",
};

static const char *const r700_spaces[R700_NSPACES] = {
    "cb0", "cb1", "cb2", "cb3", "cb4", "cb5", "cb6", "cb7", "cb8", "cb9", "cb10", "cb11",
    "cb12", "cb13", "cb14", "cb15", "export", "mem", "stream0", "stream1", "stream2", "stream3",
    "scratch", "reduction", "ring", "lds",
};
static const char *const r700_slot_names[5] = { "x", "y", "z", "w", "t" };
static const char *const r700_kind_names[3] = { "cf", "alu group", "fetch" };
static const char *const r700_stream_names[3] = { "cf", "alu clause", "fetch clause" };

/* ------------------------------------------------------------ config */
static const gpuref_cfg_key r700_keys[] = {
    { "lanes", offsetof(r700_config, lanes), 16, 64, 64, 1 },
    { "gprs", offsetof(r700_config, gprs), 1, 128, 124, 0 },
    { "temps", offsetof(r700_config, temps), 0, 4, 4, 0 },
    { "stack_size", offsetof(r700_config, stack_size), 1, R700_MAXSTACK, 32, 0 },
    { "prefer_trans", offsetof(r700_config, prefer_trans), 0, 1, 0, 0 },
    { "sub_guide", offsetof(r700_config, sub_guide), 0, 1, 0, 0 },
    { "shift_mask", offsetof(r700_config, shift_mask), 0, 1, 0, 0 },
    { "flt_to_int_rne", offsetof(r700_config, flt_to_int_rne), 0, 1, 0, 0 },
    { "sin_radians", offsetof(r700_config, sin_radians), 0, 1, 0, 0 },
    { "fast", offsetof(r700_config, fast), 0, 1, 1, 0 },
};
#define R700_NKEYS (sizeof r700_keys / sizeof r700_keys[0])

static int r700_config_parse(r700_config *cfg, const char *config, char *err)
{
    int rc = gpuref_config_keys("r700", r700_keys, R700_NKEYS, cfg, config, err);
    if (rc != GPUREF_OK)
        return rc;
    if (cfg->gprs + cfg->temps > 128)
        return gpuref_errf(err, GPUREF_ERR_CONFIG, "r700: gprs %u + temps %u exceed 128 (L541)",
                           cfg->gprs, cfg->temps);
    return GPUREF_OK;
}

static void r700_fini(void *vs)
{
    r700_state *s = vs;
    free(s->own.cb);
    free(s->own.exp);
    free(s->own.mem);
    free(s->own.lds);
    s->own.lds = NULL;
    for (unsigned b = 0; b < R700_NBUF; b++) {
        free(s->own.buf[b]);
        s->own.buf[b] = NULL;
    }
    free(s->fd);
    free(s->fdst);
    s->fd = NULL;
    s->fdst = NULL;
    s->own.mem = NULL;
    free(s->words);
    free(s->cfd);
    free(s->cfst);
    free(s->grp);
    free(s->grpst);
    free(s->fgrp);
    s->fgrp = NULL;
    s->own.cb = s->own.exp = NULL;
    s->words = NULL;
    s->cfd = NULL;
    s->cfst = NULL;
    s->grp = NULL;
    s->grpst = NULL;
}

static int r700_init(void *vs, const char *config, char *err)
{
    r700_state *s = vs;
    char msg[GPUREF_ERRLEN];
    if (fp_policy_init(&s->fp, "r700", msg, sizeof msg) != GPUREF_OK)
        return gpuref_errf(err, GPUREF_ERR_CONFIG, "r700: float policy: %s", msg);
    int st = r700_config_parse(&s->cfg, config, err);
    if (st)
        return st;
    s->own.cb = calloc(R700_NCB, R700_CB_BYTES);
    s->own.exp = calloc(1, R700_EXP_BYTES);
    s->own.mem = calloc(1, R700_MEM_BYTES);
    int nomem = 0;
    for (unsigned b = 0; b < R700_NBUF; b++)
        nomem |= !(s->own.buf[b] = calloc(1, R700_BUF_BYTES));
    s->own.lds = calloc(1, R700_LDS_BYTES);
    if (!s->own.cb || !s->own.exp || !s->own.mem || !s->own.lds || nomem)
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    s->mem = &s->own;
    return GPUREF_OK;
}

static uint64_t lane_mask(const r700_state *s)
{
    return s->cfg.lanes >= 64 ? ~0ull : (1ull << s->cfg.lanes) - 1;
}

static void r700_start(r700_state *s)
{
    s->pc = s->base;
    s->finished = 0;
    s->in_clause = 0;
    s->sp = 0;
    s->call_depth = 0;
    s->al = 0;
    s->loop_count = 0;
    s->loop_inc = 0;
    for (unsigned l = 0; l < R700_LANES; l++)
        s->pst[l] = l < s->cfg.lanes ? R700_PS_ACTIVE : R700_PS_BRANCH;
}

static int r700_reset(void *vs, char *err)
{
    r700_state *s = vs;
    (void)err;
    memset(s->gpr, 0, sizeof s->gpr);
    memset(s->pv, 0, sizeof s->pv);
    memset(s->ps, 0, sizeof s->ps);
    memset(s->ar, 0, sizeof s->ar);
    memset(s->pred, 0, sizeof s->pred);
    memset(s->cfile, 0, sizeof s->cfile);
    memset(s->iconst, 0, sizeof s->iconst);
    s->bconst = 0;
    s->valid = lane_mask(s);
    if (s->mem == &s->own) {
        memset(s->own.cb, 0, (size_t)R700_NCB * R700_CB_BYTES);
        memset(s->own.exp, 0, R700_EXP_BYTES);
        memset(s->own.mem, 0, R700_MEM_BYTES);
        for (unsigned b = 0; b < R700_NBUF; b++)
            memset(s->own.buf[b], 0, R700_BUF_BYTES);
        memset(s->own.lds, 0, R700_LDS_BYTES);
    }
    memset(s->res, 0, sizeof s->res);
    memset(s->sem, 0, sizeof s->sem);
    r700_start(s);
    return GPUREF_OK;
}

uint64_t r700_active_mask(const r700_state *s)
{
    uint64_t m = 0;
    for (unsigned l = 0; l < s->cfg.lanes; l++)
        if (s->pst[l] == R700_PS_ACTIVE)
            m |= 1ull << l;
    return m;
}

/* ------------------------------------------------------ register files */
static int r700_reg_get(void *vs, int file, unsigned i, unsigned lane, uint64_t *v, char *err)
{
    r700_state *s = vs;
    (void)err;
    switch (file) {
    case R700_F_R:      *v = s->gpr[i >> 2][i & 3][lane]; break;
    case R700_F_PV:     *v = s->pv[i][lane]; break;
    case R700_F_PS:     *v = s->ps[lane]; break;
    case R700_F_AR:     *v = (uint16_t)s->ar[i][lane] & 0x1ffu; break;
    case R700_F_PRED:   *v = s->pred[lane]; break;
    case R700_F_AL:     *v = s->al; break;
    case R700_F_ACTIVE: *v = r700_active_mask(s); break;
    case R700_F_VALID:  *v = s->valid; break;
    case R700_F_C:      *v = s->cfile[i >> 2][i & 3]; break;
    case R700_F_I:      *v = s->iconst[i / 3][i % 3]; break;
    case R700_F_B:      *v = s->bconst; break;
    case R700_F_PC:     *v = s->pc; break;
    case R700_F_DEPTH:  *v = s->sp; break;
    case R700_F_PSTATE: *v = s->pst[lane]; break;
    case R700_F_RES:    *v = s->res[i / R700_RES_FIELDS][i % R700_RES_FIELDS]; break;
    case R700_F_SEM:    *v = s->sem[i]; break;
    case R700_F_CFG: {
        const unsigned k[R700_NCFG] = {
            [R700_CFG_STACK_SIZE] = s->cfg.stack_size,     [R700_CFG_GPRS] = s->cfg.gprs,
            [R700_CFG_TEMPS] = s->cfg.temps,               [R700_CFG_PREFER_TRANS] = s->cfg.prefer_trans,
            [R700_CFG_SUB_GUIDE] = s->cfg.sub_guide,       [R700_CFG_SHIFT_MASK] = s->cfg.shift_mask,
            [R700_CFG_FLT_TO_INT_RNE] = s->cfg.flt_to_int_rne,
            [R700_CFG_SIN_RADIANS] = s->cfg.sin_radians,  [R700_CFG_LANES] = s->cfg.lanes,
        };
        *v = k[i % R700_NCFG];
        break;
    }
    default:            return GPUREF_ERR_RANGE;
    }
    return GPUREF_OK;
}

static int r700_reg_set(void *vs, int file, unsigned i, unsigned lane, uint64_t v, char *err)
{
    r700_state *s = vs;
    switch (file) {
    case R700_F_R:      s->gpr[i >> 2][i & 3][lane] = (uint32_t)v; break;
    case R700_F_PV:     s->pv[i][lane] = (uint32_t)v; break;
    case R700_F_PS:     s->ps[lane] = (uint32_t)v; break;
    case R700_F_AR:     s->ar[i][lane] = (int16_t)((v & 0x100) ? (int)(v & 0x1ff) - 512 : (int)(v & 0xff)); break;
    case R700_F_PRED:   s->pred[lane] = (uint8_t)(v & 1); break;
    case R700_F_AL:     s->al = (uint32_t)v; break;
    case R700_F_ACTIVE:
        for (unsigned l = 0; l < s->cfg.lanes; l++)
            s->pst[l] = (v >> l & 1) ? R700_PS_ACTIVE : R700_PS_BRANCH;
        break;
    case R700_F_VALID:  s->valid = v & lane_mask(s); break;
    case R700_F_C:      s->cfile[i >> 2][i & 3] = (uint32_t)v; break;
    case R700_F_I:      s->iconst[i / 3][i % 3] = (uint32_t)v; break;
    case R700_F_B:      s->bconst = (uint32_t)v; break;
    case R700_F_PC:     s->pc = (uint32_t)v; s->finished = 0; s->in_clause = 0; break;
    case R700_F_PSTATE: s->pst[lane] = (uint8_t)(v & 3); break;
    case R700_F_RES:    s->res[i / R700_RES_FIELDS][i % R700_RES_FIELDS] = (uint32_t)v; break;
    case R700_F_SEM:    s->sem[i] = (uint8_t)(v & 127); break;
    case R700_F_CFG:
        return gpuref_errf(err, GPUREF_ERR_RANGE, "r700: cfg%u is read-only: set it with the config", i);
    default:
        return gpuref_errf(err, GPUREF_ERR_RANGE, "r700: %s is read-only", r700_files[file].name);
    }
    return GPUREF_OK;
}

/* "R3.x" / "T3.X" (GPR 3 element x), "PV.y", "C5.w", "I2.1", "AR.x" */
static int r700_reg_name(int file, unsigned i, char *buf, size_t len)
{
    static const char *const ch = "xyzw";
    switch (file) {
    case R700_F_R: snprintf(buf, len, "R%u.%c", i >> 2, ch[i & 3]); break;
    case R700_F_C: snprintf(buf, len, "C%u.%c", i >> 2, ch[i & 3]); break;
    case R700_F_PV: snprintf(buf, len, "PV.%c", ch[i & 3]); break;
    case R700_F_AR: snprintf(buf, len, "AR.%c", ch[i & 3]); break;
    case R700_F_I: snprintf(buf, len, "I%u.%u", i / 3, i % 3); break;
    case R700_F_RES:
        snprintf(buf, len, "RES%u.%s", i / R700_RES_FIELDS, r700_res_field[i % R700_RES_FIELDS]);
        break;
    case R700_F_SEM: snprintf(buf, len, "SEM%u", i); break;
    case R700_F_CFG: snprintf(buf, len, "cfg%u", i); break;
    default:
        if (file < 0 || file >= R700_NFILES)
            snprintf(buf, len, "?");
        else
            snprintf(buf, len, "%s", r700_files[file].name);
    }
    return GPUREF_OK;
}

static int chan_of(char c)
{
    switch (c) {
    case 'x': case 'X': return 0;
    case 'y': case 'Y': return 1;
    case 'z': case 'Z': return 2;
    case 'w': case 'W': return 3;
    default: return -1;
    }
}

static int r700_reg_parse(const char *name, int *file, unsigned *index)
{
    size_t n = strlen(name);
    if (strncmp(name, "cfg", 3) == 0 && n == 4 && name[3] >= '0' && name[3] < '0' + R700_NCFG) {
        *file = R700_F_CFG;
        *index = (unsigned)(name[3] - '0');
        return GPUREF_OK;
    }
    if (strncmp(name, "RES", 3) == 0 || strncmp(name, "SEM", 3) == 0) {
        const char *p = name + 3;
        unsigned v = 0, nd = 0;
        while (*p >= '0' && *p <= '9' && nd < 4) {
            v = v * 10 + (unsigned)(*p++ - '0');
            nd++;
        }
        if (!nd || (nd > 1 && name[3] == '0'))
            return GPUREF_ERR_RANGE;
        if (name[0] == 'S') {
            if (*p || v >= R700_NSEM)
                return GPUREF_ERR_RANGE;
            *file = R700_F_SEM;
            *index = v;
            return GPUREF_OK;
        }
        if (*p != '.' || v >= R700_NRES)
            return GPUREF_ERR_RANGE;
        for (unsigned k = 0; k < R700_RES_FIELDS; k++)
            if (strcmp(p + 1, r700_res_field[k]) == 0) {
                *file = R700_F_RES;
                *index = v * R700_RES_FIELDS + k;
                return GPUREF_OK;
            }
        return GPUREF_ERR_RANGE;
    }
    if ((name[0] == 'R' || name[0] == 'T' || name[0] == 'C' || name[0] == 'I') && n >= 4) {
        const char *p = name + 1;
        unsigned v = 0, nd = 0;
        while (*p >= '0' && *p <= '9' && nd < 4) {
            v = v * 10 + (unsigned)(*p++ - '0');
            nd++;
        }
        if (!nd || *p != '.' || p[2] != 0 || (nd > 1 && name[1] == '0'))
            return GPUREF_ERR_RANGE;
        if (name[0] == 'I') {
            if (v >= R700_NICONST || p[1] < '0' || p[1] > '2')
                return GPUREF_ERR_RANGE;
            *file = R700_F_I;
            *index = v * 3 + (unsigned)(p[1] - '0');
            return GPUREF_OK;
        }
        int c = chan_of(p[1]);
        if (c < 0 || v >= (name[0] == 'C' ? R700_NCFILE : R700_NGPR))
            return GPUREF_ERR_RANGE;
        *file = name[0] == 'C' ? R700_F_C : R700_F_R;
        *index = v * 4 + (unsigned)c;
        return GPUREF_OK;
    }
    if ((strncmp(name, "PV.", 3) == 0 || strncmp(name, "AR.", 3) == 0) && n == 4 && chan_of(name[3]) >= 0) {
        *file = name[0] == 'P' ? R700_F_PV : R700_F_AR;
        *index = (unsigned)chan_of(name[3]);
        return GPUREF_OK;
    }
    for (int f = 0; f < R700_NFILES; f++)
        if (r700_files[f].count == 1 && strcmp(name, r700_files[f].name) == 0) {
            *file = f;
            *index = 0;
            return GPUREF_OK;
        }
    return GPUREF_ERR_RANGE;
}

/* ------------------------------------------------------------- memory */
uint8_t *r700_space(const r700_state *s, int space, uint64_t *size)
{
    if (space < R700_NCB) {
        *size = R700_CB_BYTES;
        return s->mem->cb + (size_t)space * R700_CB_BYTES;
    }
    if (space == R700_SPACE_EXP) {
        *size = R700_EXP_BYTES;
        return s->mem->exp;
    }
    if (space == R700_SPACE_MEM) {
        *size = R700_MEM_BYTES;
        return s->mem->mem;
    }
    if (space == R700_SPACE_LDS) {
        *size = R700_LDS_BYTES;
        return s->mem->lds;
    }
    *size = R700_BUF_BYTES;
    return s->mem->buf[space - R700_SPACE_BUF0];
}

static int r700_mem_rw(void *vs, int space, uint64_t addr, void *buf, size_t len, int write,
                       char *err)
{
    r700_state *s = vs;
    if (space < 0 || space >= R700_NSPACES)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "no memory space %d", space);
    uint64_t size;
    uint8_t *base = r700_space(s, space, &size);
    if (addr > size || len > size - addr)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "%s[0x%llx..+0x%zx] is outside the space "
                           "(0x%llx bytes)", r700_spaces[space], (unsigned long long)addr, len,
                           (unsigned long long)size);
    if (write)
        memcpy(base + addr, buf, len);
    else
        memcpy(buf, base + addr, len);
    return GPUREF_OK;
}

/* ------------------------------------------------------------ program */
/* the words at w (avail of them) as view v: a CF instruction, an ALU group
 * with its legality check, or a fetch instruction */
static int decode_view(const r700_config *cfg, unsigned v, const uint32_t *w, size_t avail,
                       r700_cf *c, r700_group *g, r700_fetch *f, char *why)
{
    int st;
    switch (v) {
    case R700_VIEW_CF:
        return r700_decode_cf(w, avail, c, why);
    case R700_VIEW_GROUP:
        st = r700_decode_group(w, avail, cfg, g, why);
        return st ? st : r700_group_check(g, why);
    default:
        return r700_decode_fetch(w, avail, f, why);
    }
}

int r700_view_error(const r700_state *s, unsigned view, uint32_t pc, char *err)
{
    static const char *const what[3] = { "CF", "group", "fetch" };
    size_t wi = (pc - s->base) / 4;
    r700_cf c;
    r700_group g;
    r700_fetch f;
    char why[GPUREF_ERRLEN];
    int st = decode_view(&s->cfg, view, s->words + wi, s->nwords - wi, &c, &g, &f, why);
    return gpuref_errf(err, st ? st : GPUREF_ERR_DECODE, "%s at 0x%x: %s", what[view], pc, why);
}

/* Predecode at load (as NV50): every even word is decoded once as a CF
 * instruction and once as the start of an ALU group; a word that does not
 * decode keeps its error, reported only if it is executed. */
static int r700_load(void *vs, uint64_t base, const uint32_t *words, size_t n, char *err)
{
    r700_state *s = vs;
    if (base & 7 || base > R700_CODE_MAX || n > (R700_CODE_MAX - base) / 4)
        return gpuref_errf(err, GPUREF_ERR_RANGE, "program at 0x%llx (%zu words) does not fit the "
                           "code space or is not 8-byte aligned", (unsigned long long)base, n);
    size_t np = n / 2 + 1;
    uint32_t *w = malloc((n ? n : 1) * sizeof *w);
    r700_cf *cfd = malloc(np * sizeof *cfd);
    int16_t *cfst = malloc(np * sizeof *cfst);
    r700_group *grp = malloc(np * sizeof *grp);
    int16_t *grpst = malloc(np * sizeof *grpst);
    r700_fgroup *fgrp = malloc(np * sizeof *fgrp);
    r700_fetch *fd = malloc(np * sizeof *fd);
    int16_t *fdst = malloc(np * sizeof *fdst);
    if (!w || !cfd || !cfst || !grp || !grpst || !fgrp || !fd || !fdst) {
        free(w); free(cfd); free(cfst); free(grp); free(grpst); free(fgrp); free(fd); free(fdst);
        return gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    }
    if (n)
        memcpy(w, words, n * sizeof *w);
    char why[GPUREF_ERRLEN];
    for (size_t i = 0; i < np; i++) {
        size_t at = 2 * i, avail = at < n ? n - at : 0;
        const uint32_t *wp = w + (at < n ? at : 0);
        cfst[i] = (int16_t)decode_view(&s->cfg, R700_VIEW_CF, wp, avail, &cfd[i], NULL, NULL, why);
        grpst[i] = (int16_t)decode_view(&s->cfg, R700_VIEW_GROUP, wp, avail, NULL, &grp[i], NULL, why);
        r700_fast_prep(&s->cfg, &grp[i], grpst[i], &fgrp[i]);
        fdst[i] = (int16_t)decode_view(&s->cfg, R700_VIEW_FETCH, wp, avail, NULL, NULL, &fd[i], why);
    }
    free(s->words); free(s->cfd); free(s->cfst); free(s->grp); free(s->grpst); free(s->fgrp);
    free(s->fd); free(s->fdst);
    s->fgrp = fgrp;
    s->fd = fd;
    s->fdst = fdst;
    s->words = w;
    s->cfd = cfd;
    s->cfst = cfst;
    s->grp = grp;
    s->grpst = grpst;
    s->nwords = n;
    s->base = (uint32_t)base;
    r700_start(s);
    return GPUREF_OK;
}

static int r700_share(void *vs, void *owner, char *err)
{
    (void)err;
    ((r700_state *)vs)->mem = ((r700_state *)owner)->mem;
    return GPUREF_OK;
}

static int r700_wave_id(void *vs, unsigned wave, char *err)
{
    (void)err;
    ((r700_state *)vs)->wave = wave;
    return GPUREF_OK;
}

static int r700_finished(const void *vs)
{
    return ((const r700_state *)vs)->finished;
}

static const char *r700_opcode_name(unsigned op)
{
    if (op < R700_NALU)
        return r700_alu_rows[op].name;
    if (op < R700_NALU + R700_NCF)
        return r700_cf_rows[op - R700_NALU].name;
    if (op < R700_NOPS)
        return r700_fetch_rows[op - R700_NALU - R700_NCF].name;
    return NULL;
}

const gpuref_isa gpuref_isa_r700 = {
    .name = "r700",
    .title = "AMD R700 (RV770) VLIW5: CF program, ALU clauses of x,y,z,w,t groups",
    .nfiles = R700_NFILES,
    .files = r700_files,
    .nspaces = R700_NSPACES,
    .spaces = r700_spaces,
    .state_size = sizeof(r700_state),
    .init = r700_init,
    .fini = r700_fini,
    .reset = r700_reset,
    .reg_get = r700_reg_get,
    .reg_set = r700_reg_set,
    .mem_rw = r700_mem_rw,
    .load = r700_load,
    .step = r700_step,
    .finished = r700_finished,
    .share = r700_share,
    .wave_id = r700_wave_id,
    .decode_unit = r700_isa_decode_unit,
    .disasm_unit = r700_isa_disasm_unit,
    .assemble = r700_isa_assemble,
    .nopcodes = R700_NOPS,
    .opcode_name = r700_opcode_name,
    .reg_name = r700_reg_name,
    .reg_parse = r700_reg_parse,
    .slot_names = r700_slot_names,
    .nslot_names = 5,
    .kind_names = r700_kind_names,
    .nkind_names = 3,
    .stream_names = r700_stream_names,
    .nstream_names = 3,
    .cov = &gpuref_r700_cov,
    .gen = &gpuref_r700_gen,
};
