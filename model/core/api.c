/* api.c - the public API: argument checks, error messages, dispatch to the ISA. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "model_priv.h"

/* the ISA table, from the one list of pipelines (isas.def) */
static const gpuref_isa *const isas[] = {
#define GPUREF_ISA(n) &gpuref_isa_##n,
#include "isas.def"
#undef GPUREF_ISA
};
#define NISAS (sizeof isas / sizeof isas[0])
#define GPUREF_ISA(n) #n ", "
static const char isa_names[] =
#include "isas.def"
    "";
#undef GPUREF_ISA

const gpuref_isa *gpuref_isa_find(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < NISAS; i++)
        if (strcmp(isas[i]->name, name) == 0)
            return isas[i];
    return NULL;
}

const gpuref_isa *gpuref_isa_lookup(const char *name, gpuref_diag *d)
{
    const gpuref_isa *isa = gpuref_isa_find(name);
    if (!isa)
        gpuref_diagf(d, GPUREF_ERR_CONFIG, 0, 0, "unknown ISA '%s' (known: %s)",
                     name ? name : "(null)", gpuref_isa_list());
    return isa;
}

const char *gpuref_isa_name(const gpuref_isa *isa) { return isa ? isa->name : NULL; }

unsigned gpuref_isa_max_waves(const gpuref_isa *isa)
{
    return !isa ? 0 : isa->share ? GPUREF_MAX_WAVES : 1;
}

const char *gpuref_isa_list(void)
{
    /* "nv50, rdna4": the names of isas.def without the last ", " */
    static char list[sizeof isa_names];
    if (!list[0] && sizeof isa_names > 2) {
        memcpy(list, isa_names, sizeof isa_names - 3);
        list[sizeof isa_names - 3] = '\0';
    }
    return list;
}

unsigned gpuref_isa_opcode_count(const gpuref_isa *isa) { return isa ? isa->nopcodes : 0; }

const char *gpuref_isa_opcode_name(const gpuref_isa *isa, unsigned opcode)
{
    if (!isa || opcode >= isa->nopcodes)
        return NULL;
    return isa->opcode_name(opcode);
}

/* Record the outcome of a call on a model: clears the message on success. */
static int done(gpuref_model *m, int st)
{
    if (st == GPUREF_OK)
        m->err[0] = '\0';
    else if (m->err[0] == '\0')
        gpuref_errf(m->err, st, "%s", gpuref_status_name(st));
    return st;
}

static int begin(gpuref_model *m)
{
    if (!m)
        return GPUREF_ERR_ARG;
    m->err[0] = '\0';
    return GPUREF_OK;
}


/* Take the core's own keys (waves=N) out of config; the rest goes to the ISA.
 * out has room for strlen(config) + 1 bytes. */
static int core_config(const char *config, char *out, unsigned *waves, char *err)
{
    size_t o = 0;
    int seen = 0;
    out[0] = '\0';
    *waves = 1;
    if (!config)
        return GPUREF_OK;
    /* split at commas; an item whose key is "waves" is the core's, every other
     * item (well-formed or not) goes to the ISA verbatim, which words its
     * errors itself */
    for (const char *p = config; *p;) {
        const char *e = strchr(p, ',');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        const char *k = p, *ke = p;
        while (k < p + n && *k == ' ')
            k++;
        for (ke = k; ke < p + n && *ke != '=' && *ke != ' '; ke++)
            ;
        const char *eq = ke;
        while (eq < p + n && *eq == ' ')
            eq++;
        if (ke - k == 5 && memcmp(k, "waves", 5) == 0 && eq < p + n && *eq == '=') {
            char val[32];
            const char *v = eq + 1;
            size_t vn = (size_t)(p + n - v);
            while (vn && *v == ' ')
                v++, vn--;
            while (vn && v[vn - 1] == ' ')
                vn--;
            uint64_t w = 0;
            if (vn >= sizeof val)
                vn = sizeof val - 1;
            memcpy(val, v, vn);
            val[vn] = '\0';
            if (seen)
                return gpuref_errf(err, GPUREF_ERR_CONFIG, "config: waves given twice");
            if (gpuref_parse_u64(val, &w) != 0 || w < 1 || w > GPUREF_MAX_WAVES)
                return gpuref_errf(err, GPUREF_ERR_CONFIG,
                                   "config: waves=%s: expected 1..%d", val, GPUREF_MAX_WAVES);
            *waves = (unsigned)w;
            seen = 1;
        } else if (n) {
            if (o)
                out[o++] = ',';
            memcpy(out + o, p, n);
            o += n;
            out[o] = '\0';
        }
        p += n;
        if (*p == ',')
            p++;
    }
    return GPUREF_OK;
}

static void free_waves(gpuref_model *m)
{
    if (!m->wst)
        return;
    /* waves > 0 share wave 0's memory: finish them first */
    for (unsigned w = m->nwaves; w-- > 0;)
        if (m->wst[w]) {
            m->isa->fini(m->wst[w]);
            free(m->wst[w]);
        }
    free(m->wst);
    m->wst = NULL;
}

int gpuref_model_create(const char *isa_name, const char *config, gpuref_model **out,
                        gpuref_diag *d)
{
    if (!out)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "no output pointer");
    *out = NULL;
    const gpuref_isa *isa = gpuref_isa_lookup(isa_name, d);
    if (!isa)
        return GPUREF_ERR_CONFIG;
    gpuref_model *m = calloc(1, sizeof *m);
    char *icfg = malloc(config ? strlen(config) + 1 : 1);
    if (!m || !icfg) {
        free(m);
        free(icfg);
        return gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
    }
    m->isa = isa;
    unsigned nw = 1;
    int rc = core_config(config, icfg, &nw, m->err);
    if (rc == GPUREF_OK && nw > gpuref_isa_max_waves(isa))
        rc = gpuref_errf(m->err, GPUREF_ERR_CONFIG, "config: waves=%u: %s runs one wave only",
                         nw, isa->name);
    if (rc == GPUREF_OK) {
        m->wst = calloc(nw, sizeof *m->wst);
        m->seqs = calloc(nw, sizeof *m->seqs);
        if (!m->wst || !m->seqs)
            rc = gpuref_errf(m->err, GPUREF_ERR_NOMEM, "out of memory");
    }
    for (unsigned w = 0; rc == GPUREF_OK && w < nw; w++) {
        m->wst[w] = calloc(1, isa->state_size);
        if (!m->wst[w]) {
            rc = gpuref_errf(m->err, GPUREF_ERR_NOMEM, "out of memory");
            break;
        }
        m->nwaves = w + 1;
        rc = isa->init(m->wst[w], icfg[0] ? icfg : NULL, m->err);
        if (rc == GPUREF_OK && w > 0)
            rc = isa->share(m->wst[w], m->wst[0], m->err);
        if (rc == GPUREF_OK && isa->wave_id && nw > 1)
            rc = isa->wave_id(m->wst[w], w, m->err);
        if (rc == GPUREF_OK)
            rc = isa->reset(m->wst[w], m->err);
    }
    free(icfg);
    if (rc != GPUREF_OK) {
        gpuref_diagf(d, rc, 0, 0, "%s", m->err[0] ? m->err : gpuref_status_name(rc));
        free_waves(m);
        free(m->seqs);
        free(m);
        return rc;
    }
    m->st = m->wst[0];
    *out = m;
    return GPUREF_OK;
}

void gpuref_model_destroy(gpuref_model *m)
{
    if (!m)
        return;
    free_waves(m);
    free(m->seqs);
    free(m);
}

const gpuref_isa *gpuref_model_isa(const gpuref_model *m) { return m ? m->isa : NULL; }

const char *gpuref_model_error(const gpuref_model *m) { return m ? m->err : "no model"; }

int gpuref_model_reset(gpuref_model *m)
{
    int st = begin(m);
    if (st)
        return st;
    for (unsigned w = 0; w < m->nwaves; w++) {
        m->seqs[w] = 0;
        st = m->isa->reset(m->wst[w], m->err);
        if (st)
            return done(m, st);
    }
    m->seq = 0;
    m->cur = m->next = 0;
    m->st = m->wst[0];
    return done(m, GPUREF_OK);
}

int gpuref_wave_count(const gpuref_model *m) { return m ? (int)m->nwaves : GPUREF_ERR_ARG; }
int gpuref_wave_selected(const gpuref_model *m) { return m ? (int)m->cur : GPUREF_ERR_ARG; }

int gpuref_wave_select(gpuref_model *m, unsigned wave)
{
    int st = begin(m);
    if (st)
        return st;
    if (wave >= m->nwaves)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_RANGE, "wave %u out of range (0..%u)",
                                   wave, m->nwaves - 1));
    gpuref_model_pick(m, wave);
    return done(m, GPUREF_OK);
}

int gpuref_regfile_count(const gpuref_model *m) { return m ? (int)m->isa->nfiles : GPUREF_ERR_ARG; }

int gpuref_regfile_lookup(const gpuref_model *m, const char *name)
{
    if (!m || !name)
        return GPUREF_ERR_ARG;
    for (unsigned i = 0; i < m->isa->nfiles; i++)
        if (strcmp(m->isa->files[i].name, name) == 0)
            return (int)i;
    return GPUREF_ERR_RANGE;
}

int gpuref_regfile_get_info(const gpuref_model *m, int file, gpuref_regfile_info *out)
{
    if (!m || !out)
        return GPUREF_ERR_ARG;
    if (file < 0 || (unsigned)file >= m->isa->nfiles)
        return GPUREF_ERR_RANGE;
    *out = m->isa->files[file];
    return GPUREF_OK;
}

/* Checks shared by reg_get/reg_set; the ISA may refine (e.g. read-only files). */
static int check_reg(gpuref_model *m, int file, unsigned index, unsigned lane)
{
    if (file < 0 || (unsigned)file >= m->isa->nfiles)
        return gpuref_errf(m->err, GPUREF_ERR_RANGE, "no register file %d", file);
    const gpuref_regfile_info *f = &m->isa->files[file];
    if (index >= f->count)
        return gpuref_errf(m->err, GPUREF_ERR_RANGE, "register %s%u out of range (0..%u)",
                           f->name, index, f->count - 1);
    if (lane >= f->lanes)
        return gpuref_errf(m->err, GPUREF_ERR_RANGE, "lane %u out of range for %s (0..%u)",
                           lane, f->name, f->lanes - 1);
    return GPUREF_OK;
}

int gpuref_reg_get(gpuref_model *m, int file, unsigned index, unsigned lane, uint64_t *value)
{
    int st = begin(m);
    if (st)
        return st;
    if (!value)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_ARG, "no value pointer"));
    st = check_reg(m, file, index, lane);
    if (st)
        return done(m, st);
    return done(m, m->isa->reg_get(m->st, file, index, lane, value, m->err));
}

int gpuref_reg_set(gpuref_model *m, int file, unsigned index, unsigned lane, uint64_t value)
{
    int st = begin(m);
    if (st)
        return st;
    st = check_reg(m, file, index, lane);
    if (st)
        return done(m, st);
    unsigned w = m->isa->files[file].width;
    if (w < 64 && (value >> w) != 0)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_RANGE,
                                   "value 0x%llx does not fit %u-bit register %s%u",
                                   (unsigned long long)value, w, m->isa->files[file].name,
                                   index));
    return done(m, m->isa->reg_set(m->st, file, index, lane, value, m->err));
}

int gpuref_mem_lookup(const gpuref_model *m, const char *name)
{
    if (!m || !name)
        return GPUREF_ERR_ARG;
    for (unsigned i = 0; i < m->isa->nspaces; i++)
        if (strcmp(m->isa->spaces[i], name) == 0)
            return (int)i;
    return GPUREF_ERR_RANGE;
}

int gpuref_mem_count(const gpuref_model *m) { return m ? (int)m->isa->nspaces : GPUREF_ERR_ARG; }

const char *gpuref_mem_name(const gpuref_model *m, int space)
{
    if (!m || space < 0 || (unsigned)space >= m->isa->nspaces)
        return NULL;
    return m->isa->spaces[space];
}

static int mem_rw(gpuref_model *m, int space, uint64_t addr, void *buf, size_t len, int wr)
{
    int st = begin(m);
    if (st)
        return st;
    if (!buf && len)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_ARG, "no buffer"));
    if (space < 0 || (unsigned)space >= m->isa->nspaces)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_RANGE, "no memory space %d", space));
    return done(m, m->isa->mem_rw(m->st, space, addr, buf, len, wr, m->err));
}

int gpuref_mem_read(gpuref_model *m, int space, uint64_t addr, void *buf, size_t len)
{
    return mem_rw(m, space, addr, buf, len, 0);
}

int gpuref_mem_write(gpuref_model *m, int space, uint64_t addr, const void *buf, size_t len)
{
    return mem_rw(m, space, addr, (void *)(uintptr_t)buf, len, 1);
}

int gpuref_mem_next(gpuref_model *m, int space, uint64_t from, uint64_t *addr, uint64_t *len)
{
    int st = begin(m);
    if (st)
        return st;
    if (!addr || !len)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_ARG, "bad argument"));
    if (space < 0 || (unsigned)space >= m->isa->nspaces)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_RANGE, "no memory space %d", space));
    if (m->isa->mem_next)
        return m->isa->mem_next(m->st, space, from, addr, len);
    uint8_t probe;
    if (m->isa->mem_rw(m->st, space, from, &probe, 1, 0, m->err) != GPUREF_OK) {
        m->err[0] = '\0';
        return 0;
    }
    *addr = from;
    *len = 4096 - (from % 4096);
    return 1;
}

int gpuref_program_load(gpuref_model *m, uint64_t base, const uint32_t *words, size_t nwords)
{
    int st = begin(m);
    if (st)
        return st;
    if (!words && nwords)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_ARG, "no words"));
    for (unsigned w = 0; w < m->nwaves; w++) {
        st = m->isa->load(m->wst[w], base, words, nwords, m->err);
        if (st)
            return done(m, st);
    }
    return done(m, GPUREF_OK);
}

static int step_one(gpuref_model *m, unsigned w, gpuref_retire *rr)
{
    if (m->isa->finished(m->wst[w]))
        return gpuref_errf(m->err, GPUREF_ERR_DONE, "program finished%s",
                           m->nwaves > 1 ? " (this wave)" : "");
    gpuref_retire_clear(rr);
    uint64_t *seq = w == m->cur ? &m->seq : &m->seqs[w];
    rr->seq = *seq;
    rr->wave = w;
    int st = m->isa->step(m->wst[w], rr, m->err);
    if (st == GPUREF_OK)
        ++*seq;
    return st;
}

int gpuref_step(gpuref_model *m, gpuref_retire *rr)
{
    int st = begin(m);
    if (st)
        return st;
    if (!rr)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_ARG, "no retire record"));
    return done(m, step_one(m, m->cur, rr));
}

int gpuref_step_wave(gpuref_model *m, unsigned wave, gpuref_retire *rr)
{
    int st = begin(m);
    if (st)
        return st;
    if (!rr)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_ARG, "no retire record"));
    if (wave >= m->nwaves)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_RANGE, "wave %u out of range (0..%u)",
                                   wave, m->nwaves - 1));
    return done(m, step_one(m, wave, rr));
}

/* The next unfinished wave in turn (m->next) that does not wait, stepped; its
 * number in *wave.  A wave that waits (GPUREF_ERR_BLOCKED: a barrier) is passed
 * over; when every unfinished wave waits, a deadlock: GPUREF_ERR_BLOCKED with one
 * line naming each wave and the ISA's word for where it waits (its pc); the waves
 * that do not fit in the line are counted at its end ("; ... (64 waves wait)"). */
static int step_next(gpuref_model *m, gpuref_retire *rr, unsigned *wave)
{
    unsigned w = m->next;
    char dead[GPUREF_ERRLEN];
    size_t o = (size_t)snprintf(dead, sizeof dead, "deadlock: every wave waits:");
    int st = GPUREF_ERR_DONE;
    unsigned nblocked = 0, nshown = 0;
    for (unsigned k = 0; k < m->nwaves; k++, w = (w + 1) % m->nwaves) {
        if (m->isa->finished(m->wst[w]))
            continue;
        *wave = w;
        st = step_one(m, w, rr);
        if (st != GPUREF_ERR_BLOCKED) {
            m->next = (w + 1) % m->nwaves;
            break;
        }
        char one[GPUREF_ERRLEN];
        size_t len = (size_t)snprintf(one, sizeof one, "%s wave %u %s", nblocked ? ";" : "",
                                      w, m->err);
        if (nshown == nblocked && o + len + sizeof "; ... (64 waves wait)" <= sizeof dead) {
            memcpy(dead + o, one, len + 1);
            o += len;
            nshown++;
        }
        nblocked++;
    }
    if (st == GPUREF_ERR_DONE)      /* every wave finished: as step_one reports it */
        return step_one(m, *wave = m->next, rr);
    if (st == GPUREF_ERR_BLOCKED) {
        if (nshown < nblocked)      /* the waves that did not fit: counted, not cut */
            snprintf(dead + o, sizeof dead - o, "; ... (%u waves wait)", nblocked);
        snprintf(m->err, sizeof m->err, "%s", dead);
        return st;
    }
    if (st != GPUREF_OK && m->nwaves > 1 && strlen(m->err) + 12 < sizeof m->err) {
        char tmp[GPUREF_ERRLEN];
        snprintf(tmp, sizeof tmp, "wave %u: %s", w, m->err);
        snprintf(m->err, sizeof m->err, "%s", tmp);
    }
    return st;
}

int gpuref_step_next(gpuref_model *m, gpuref_retire *rr)
{
    int st = begin(m);
    if (st)
        return st;
    if (!rr)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_ARG, "no retire record"));
    unsigned w;
    return done(m, step_next(m, rr, &w));
}

uint64_t gpuref_wave_retired(const gpuref_model *m, unsigned wave)
{
    if (!m || wave >= m->nwaves)
        return 0;
    return wave == m->cur ? m->seq : m->seqs[wave];
}

/* Several waves: a unit of each unfinished wave in turn. */
static int run_waves(gpuref_model *m, gpuref_retire *rr, uint64_t max_steps, uint64_t *steps)
{
    uint64_t n = 0;
    int st = GPUREF_OK;
    while (!gpuref_finished(m)) {
        if (n >= max_steps) {
            st = gpuref_errf(m->err, GPUREF_ERR_LIMIT, "step limit %llu reached",
                             (unsigned long long)max_steps);
            break;
        }
        unsigned w;
        if ((st = step_next(m, rr, &w)) != GPUREF_OK)
            break;
        n++;
    }
    if (steps)
        *steps = n;
    return st;
}

int gpuref_run(gpuref_model *m, uint64_t max_steps, uint64_t *steps)
{
    if (!m)
        return GPUREF_ERR_ARG;
    gpuref_retire *rr = malloc(sizeof *rr);
    if (!rr)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_NOMEM, "out of memory"));
    if (m->nwaves > 1) {
        m->err[0] = '\0';
        int st = run_waves(m, rr, max_steps, steps);
        free(rr);
        return done(m, st);
    }
    /* gpuref_step without its per-call checks: the loop makes them once, and
     * keeps the model's fields in locals (the ISA calls cannot see m) */
    int (*const finished)(const void *) = m->isa->finished;
    int (*const step)(void *, gpuref_retire *, char *) = m->isa->step;
    void *const isa_st = m->st;
    char *const err = m->err;
    uint64_t seq = m->seq, n = 0;
    int st = GPUREF_OK;
    err[0] = '\0';
    while (!finished(isa_st)) {
        if (n >= max_steps) {
            st = gpuref_errf(err, GPUREF_ERR_LIMIT, "step limit %llu reached",
                             (unsigned long long)max_steps);
            break;
        }
        /* gpuref_retire_clear: the header, up to the words */
        memset(rr, 0, offsetof(gpuref_retire, words));
        rr->seq = seq;
        st = step(isa_st, rr, err);
        if (st != GPUREF_OK) {
            done(m, st);
            break;
        }
        seq++;
        n++;
    }
    m->seq = seq;
    free(rr);
    if (steps)
        *steps = n;
    return st == GPUREF_OK ? done(m, GPUREF_OK) : st;
}

int gpuref_finished(const gpuref_model *m)
{
    if (!m)
        return 1;
    for (unsigned w = 0; w < m->nwaves; w++)
        if (!m->isa->finished(m->wst[w]))
            return 0;
    return 1;
}

int gpuref_wave_finished(const gpuref_model *m, unsigned wave)
{
    if (!m || wave >= m->nwaves)
        return 1;
    return m->isa->finished(m->wst[wave]);
}

int gpuref_unit_sources(gpuref_model *m, unsigned wave, gpuref_retire *out)
{
    if (!m || !out || wave >= m->nwaves)
        return GPUREF_ERR_ARG;
    gpuref_retire_clear(out);
    if (!m->isa->sources || m->isa->finished(m->wst[wave]))
        return 0;
    out->wave = wave;
    return m->isa->sources(m->wst[wave], out);
}

int gpuref_inject_mem(gpuref_model *m, int space, uint64_t addr, const void *data, size_t len,
                      const char *waiver)
{
    int st = begin(m);
    if (st)
        return st;
    if (!waiver || !*waiver)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_ARG, "injection without a waiver name"));
    return gpuref_mem_write(m, space, addr, data, len);
}

int gpuref_inject_reg(gpuref_model *m, unsigned wave, int file, unsigned index, unsigned lane,
                      uint64_t value, const char *waiver)
{
    int st = begin(m);
    if (st)
        return st;
    if (!waiver || !*waiver)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_ARG, "injection without a waiver name"));
    if (wave >= m->nwaves)
        return done(m, gpuref_errf(m->err, GPUREF_ERR_RANGE, "wave %u out of range (0..%u)",
                                   wave, m->nwaves - 1));
    unsigned keep = m->cur;
    gpuref_model_pick(m, wave);
    st = gpuref_reg_set(m, file, index, lane, value);
    gpuref_model_pick(m, keep);
    return st;
}

/* ------------------------------------------------------------ names */
static const char *name_at(const char *const *names, unsigned n, int i, const char *dflt)
{
    if (!names)
        return i == 0 ? dflt : "?";
    return i >= 0 && (unsigned)i < n && names[i] ? names[i] : "?";
}

const char *gpuref_slot_name(const gpuref_isa *isa, int slot)
{
    if (!isa || slot < 0)
        return "";
    return name_at(isa->slot_names, isa->nslot_names, slot, "?");
}

const char *gpuref_unit_kind_name(const gpuref_isa *isa, unsigned kind)
{
    return isa ? name_at(isa->kind_names, isa->nkind_names, (int)kind, "insn") : "?";
}

const char *gpuref_stream_name(const gpuref_isa *isa, unsigned stream)
{
    return isa ? name_at(isa->stream_names, isa->nstream_names, (int)stream, "main") : "?";
}

int gpuref_isa_reg_name(const gpuref_isa *isa, int file, unsigned index, char *buf, size_t len)
{
    if (!buf || len == 0)
        return GPUREF_ERR_ARG;
    if (!isa || file < 0 || (unsigned)file >= isa->nfiles) {
        snprintf(buf, len, "?");
        return GPUREF_ERR_RANGE;
    }
    if (isa->reg_name)
        return isa->reg_name(file, index, buf, len);
    if (isa->files[file].count == 1)
        snprintf(buf, len, "%s", isa->files[file].name);
    else
        snprintf(buf, len, "%s%u", isa->files[file].name, index);
    return GPUREF_OK;
}

int gpuref_reg_name(const gpuref_model *m, int file, unsigned index, char *buf, size_t len)
{
    return gpuref_isa_reg_name(m ? m->isa : NULL, file, index, buf, len);
}

int gpuref_isa_reg_parse(const gpuref_isa *isa, const char *name, int *file, unsigned *index)
{
    if (!isa || !name || !file || !index)
        return GPUREF_ERR_ARG;
    if (isa->reg_parse)
        return isa->reg_parse(name, file, index);
    /* default: a file name, then a decimal index unless the file has one register */
    int best = -1;
    size_t blen = 0;
    for (unsigned f = 0; f < isa->nfiles; f++) {
        size_t n = strlen(isa->files[f].name);
        if (strncmp(name, isa->files[f].name, n) == 0 && n > blen) {
            const char *rest = name + n;
            if (*rest == '\0' && isa->files[f].count == 1) {
                best = (int)f;
                blen = n;
            } else if (*rest >= '0' && *rest <= '9') {
                best = (int)f;
                blen = n;
            }
        }
    }
    if (best < 0)
        return GPUREF_ERR_RANGE;
    const char *rest = name + blen;
    unsigned long v = 0;
    if (*rest) {
        if (rest[0] == '0' && rest[1])
            return GPUREF_ERR_RANGE;
        for (; *rest; rest++) {
            if (*rest < '0' || *rest > '9' || v > 100000000ul)
                return GPUREF_ERR_RANGE;
            v = v * 10 + (unsigned long)(*rest - '0');
        }
    }
    if (v >= isa->files[best].count)
        return GPUREF_ERR_RANGE;
    *file = best;
    *index = (unsigned)v;
    return GPUREF_OK;
}

int gpuref_reg_parse(const gpuref_model *m, const char *name, int *file, unsigned *index)
{
    return gpuref_isa_reg_parse(m ? m->isa : NULL, name, file, index);
}

int gpuref_decode_unit(const gpuref_isa *isa, unsigned stream, const uint32_t *words,
                       size_t avail, gpuref_unit_info *info, gpuref_diag *d)
{
    char err[GPUREF_ERRLEN] = "";
    if (!isa || !words || !info)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    memset(info, 0, sizeof *info);
    for (unsigned k = 0; k < GPUREF_MAX_SLOTS; k++)
        info->slot[k].slot = GPUREF_SLOT_NONE;
    info->stream = stream;
    int st;
    if (isa->decode_unit) {
        st = isa->decode_unit(stream, words, avail, info, err);
    } else if (stream != 0) {
        st = gpuref_errf(err, GPUREF_ERR_ARG, "%s has one instruction stream (0), not %u",
                         isa->name, stream);
    } else {
        gpuref_insn_info in = { 0 };
        st = isa->decode(words, avail, &in, err);
        info->nwords = in.nwords;
        info->form = in.form;
        info->nslots = 1;
        info->slot[0].opcode = in.opcode;
        info->slot[0].mnemonic = in.mnemonic;
    }
    if (st)
        gpuref_diagf(d, st, 0, 0, "%s", err[0] ? err : gpuref_status_name(st));
    return st;
}

int gpuref_decode(const gpuref_isa *isa, const uint32_t *words, size_t avail,
                  gpuref_insn_info *info, gpuref_diag *d)
{
    if (!info)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    gpuref_unit_info u;
    int st = gpuref_decode_unit(isa, 0, words, avail, &u, d);
    info->nwords = u.nwords;
    info->opcode = u.slot[0].opcode;
    info->mnemonic = u.slot[0].mnemonic;
    info->form = u.form;
    return st;
}

int gpuref_disasm_unit(const gpuref_isa *isa, unsigned stream, const uint32_t *words,
                       size_t avail, uint64_t pc, char *buf, size_t buflen, unsigned *nwords,
                       gpuref_diag *d)
{
    char err[GPUREF_ERRLEN] = "";
    if (!isa || !words || !buf || buflen == 0)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    unsigned nw = 0;
    int st;
    if (isa->disasm_unit)
        st = isa->disasm_unit(stream, words, avail, pc, buf, buflen, &nw, err);
    else if (stream != 0)
        st = gpuref_errf(err, GPUREF_ERR_ARG, "%s has one instruction stream (0), not %u",
                         isa->name, stream);
    else
        st = isa->disasm(words, avail, pc, buf, buflen, &nw, err);
    if (st)
        gpuref_diagf(d, st, 0, 0, "%s", err[0] ? err : gpuref_status_name(st));
    if (nwords)
        *nwords = nw;
    return st;
}

int gpuref_disasm(const gpuref_isa *isa, const uint32_t *words, size_t avail, uint64_t pc,
                  char *buf, size_t buflen, unsigned *nwords, gpuref_diag *d)
{
    return gpuref_disasm_unit(isa, 0, words, avail, pc, buf, buflen, nwords, d);
}

int gpuref_assemble(const gpuref_isa *isa, const char *text, uint64_t base,
                    uint32_t **words, size_t *nwords, gpuref_diag *d)
{
    if (!isa || !text || !words || !nwords)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    *words = NULL;
    *nwords = 0;
    return isa->assemble(text, base, words, nwords, d);
}
