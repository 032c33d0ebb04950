/* cov.c - functional coverage, ISA-neutral part: the bin table an ISA defines,
 * counts, sampling dispatch, exclusions, value classes, and coverage.dat
 * (Verilator's format: "# SystemC::Coverage-3", then one line per point
 * `C '<key>' <count>` where the key is \001<k>\002<v> pairs).
 *
 * Our points: f = "gpuref/<isa>.bins" (the bin listing), l = bin index + 1,
 * n = 0, page = "v_user/gpuref_<isa>", o = the bin name, h = "gpuref.<isa>".
 * verilator_coverage merges them with RTL points by key like its own. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <errno.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model_priv.h"

/* ------------------------------------------------------------- names */

static const char *const cat_names[GPUREF_COV_NCAT] = {
    "op", "opnd", "mod", "in", "out", "flag", "mask", "isa",
};
static const char *const vc_names[GPUREF_VC_N] = {
    "zero", "one", "minus1", "imin", "imax", "pow2", "pos", "neg",
    "fpzero", "fnzero", "fpden", "fnden", "fpnorm", "fnnorm", "fpinf", "fninf", "qnan", "snan",
    "carry0", "carry1",
};
static const char *const opk_names[GPUREF_OPK_N] = {
    "reg", "half", "const", "shared", "imm", "literal", "out", "discard", "addr", "flags",
    "special",
};
static const char *const mp_names[GPUREF_MP_N] = { "none", "one", "partial", "all" };

const char *gpuref_cov_cat_name(unsigned c) { return c < GPUREF_COV_NCAT ? cat_names[c] : NULL; }
const char *gpuref_vc_name(unsigned v) { return v < GPUREF_VC_N ? vc_names[v] : NULL; }
const char *gpuref_opk_name(unsigned k) { return k < GPUREF_OPK_N ? opk_names[k] : NULL; }
const char *gpuref_mp_name(unsigned m) { return m < GPUREF_MP_N ? mp_names[m] : NULL; }

unsigned gpuref_vc_int(uint64_t v, unsigned bits)
{
    if (bits == 0 || bits > 64)
        bits = 64;
    uint64_t m = bits == 64 ? ~0ull : (1ull << bits) - 1, sb = 1ull << (bits - 1);
    v &= m;
    if ((v & (v - 1)) == 0)
        return v == 0 ? GPUREF_VC_ZERO : v == 1 ? GPUREF_VC_ONE
               : v == sb ? GPUREF_VC_IMIN : GPUREF_VC_POW2;
    if (v == m)
        return GPUREF_VC_MINUS1;
    if (v == sb - 1)
        return GPUREF_VC_IMAX;
    return (v & sb) ? GPUREF_VC_NEG : GPUREF_VC_POS;
}

unsigned gpuref_vc_float(uint64_t v, unsigned bits)
{
    unsigned eb = bits == 16 ? 5 : bits == 64 ? 11 : 8, mb = bits - 1 - eb;
    uint64_t man = v & ((1ull << mb) - 1), ex = (v >> mb) & ((1ull << eb) - 1);
    int neg = (int)((v >> (bits - 1)) & 1);
    if (ex == (1ull << eb) - 1) {
        if (man == 0)
            return neg ? GPUREF_VC_FNINF : GPUREF_VC_FPINF;
        return (man >> (mb - 1)) & 1 ? GPUREF_VC_QNAN : GPUREF_VC_SNAN;
    }
    if (ex == 0)
        return man == 0 ? (neg ? GPUREF_VC_FNZERO : GPUREF_VC_FPZERO)
                        : (neg ? GPUREF_VC_FNDEN : GPUREF_VC_FPDEN);
    return neg ? GPUREF_VC_FNNORM : GPUREF_VC_FPNORM;
}

/* ------------------------------------------------------- hash of names */

/* ------------------------------------------------------------ the cov */


struct gpuref_cov {
    const gpuref_isa *isa;
    size_t          nbins, cap;
    gpuref_cov_bin *bins;
    uint64_t       *counts;
    char          **reason;      /* exclusion reasons (NULL: not excluded) */
    uint8_t        *excl;        /* 1 = excluded (for the sampler) */
    int             exact;
    gpuref_htab            names;
    void           *priv;        /* the ISA sampler's state */
    int             defining;
};

/* Tell the sampler that counts or exclusions changed. */
static void resync(gpuref_cov *c)
{
    if (c->isa->cov->resync)
        c->isa->cov->resync(c->priv, c->counts, c->excl, c->exact);
}

void gpuref_cov_set_exact(gpuref_cov *c, int exact)
{
    if (c) {
        c->exact = exact != 0;
        resync(c);
    }
}

static const char *bin_key(const void *ctx, size_t i)
{
    return ((const gpuref_cov *)ctx)->bins[i].name;
}

long gpuref_cov_def(gpuref_cov *c, unsigned cat, int opcode, int slot, unsigned value,
                    unsigned aux, const char *fmt, ...)
{
    char name[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(name, sizeof name, fmt, ap);
    va_end(ap);
    if (!c || !c->defining || n < 0 || (size_t)n >= sizeof name || cat >= GPUREF_COV_NCAT)
        return GPUREF_ERR_ARG;
    if (gpuref_grow((void **)&c->bins, &c->cap, c->nbins, sizeof *c->bins, 1024))
        return GPUREF_ERR_NOMEM;
    if (gpuref_ht_grow(&c->names, c->nbins + 1, bin_key, c))
        return GPUREF_ERR_NOMEM;
    size_t ins = 0;
    if (gpuref_ht_find(&c->names, name, bin_key, c, &ins) >= 0)
        return GPUREF_ERR_ARG;                       /* duplicate name */
    char *s = malloc((size_t)n + 1);
    if (!s)
        return GPUREF_ERR_NOMEM;
    memcpy(s, name, (size_t)n + 1);
    c->bins[c->nbins] = (gpuref_cov_bin){ .name = s, .cat = (uint8_t)cat, .slot = (int8_t)slot,
                                          .opcode = (int16_t)opcode, .value = (uint16_t)value,
                                          .aux = (uint16_t)aux };
    c->names.slot[ins] = c->nbins + 1;
    return (long)c->nbins++;
}

void gpuref_cov_destroy(gpuref_cov *c)
{
    if (!c)
        return;
    if (c->priv && c->isa->cov->fini)
        c->isa->cov->fini(c->priv);
    for (size_t i = 0; i < c->nbins; i++) {
        free((char *)c->bins[i].name);
        if (c->reason)
            free(c->reason[i]);
    }
    free(c->bins);
    free(c->counts);
    free(c->reason);
    free(c->excl);
    free(c->names.slot);
    free(c);
}

int gpuref_cov_create(const char *isa_name, gpuref_cov **out, gpuref_diag *d)
{
    if (!out)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "no output pointer");
    *out = NULL;
    const gpuref_isa *isa = gpuref_isa_lookup(isa_name, d);
    if (!isa)
        return GPUREF_ERR_CONFIG;
    if (!isa->cov || !isa->cov->init || !isa->cov->sample)
        return gpuref_diagf(d, GPUREF_ERR_UNIMPL, 0, 0,
                            "%s: functional coverage is not available for this ISA yet",
                            isa->name);
    gpuref_cov *c = calloc(1, sizeof *c);
    if (!c)
        return gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
    c->isa = isa;
    c->defining = 1;
    char err[GPUREF_ERRLEN] = "";
    int rc = isa->cov->init(c, &c->priv, err);
    c->defining = 0;
    if (rc == GPUREF_OK && c->nbins == 0)
        rc = gpuref_errf(err, GPUREF_ERR_CONFIG, "%s: no coverage bins", isa->name);
    if (rc == GPUREF_OK) {
        c->counts = calloc(c->nbins + GPUREF_COV_SPARE, sizeof *c->counts);
        c->reason = calloc(c->nbins, sizeof *c->reason);
        c->excl = calloc(c->nbins, 1);
        if (!c->counts || !c->reason || !c->excl)
            rc = gpuref_errf(err, GPUREF_ERR_NOMEM, "out of memory");
    }
    if (rc != GPUREF_OK) {
        gpuref_diagf(d, rc, 0, 0, "%s", err[0] ? err : gpuref_status_name(rc));
        gpuref_cov_destroy(c);
        return rc;
    }
    resync(c);
    *out = c;
    return GPUREF_OK;
}

const gpuref_isa *gpuref_cov_isa(const gpuref_cov *c) { return c ? c->isa : NULL; }
size_t gpuref_cov_nbins(const gpuref_cov *c) { return c ? c->nbins : 0; }

const gpuref_cov_bin *gpuref_cov_bin_at(const gpuref_cov *c, size_t i)
{
    return c && i < c->nbins ? &c->bins[i] : NULL;
}

long gpuref_cov_find(const gpuref_cov *c, const char *name)
{
    return c && name ? gpuref_ht_find(&c->names, name, bin_key, c, NULL) : -1;
}

uint64_t gpuref_cov_count(const gpuref_cov *c, size_t i)
{
    return c && i < c->nbins ? c->counts[i] : 0;
}

void gpuref_cov_clear(gpuref_cov *c)
{
    if (c) {
        memset(c->counts, 0, c->nbins * sizeof *c->counts);
        resync(c);
    }
}

/* Counts saturate at UINT64_MAX when added: a hit bin never wraps to a hole. */
static uint64_t sat_add(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

int gpuref_cov_add(gpuref_cov *dst, const gpuref_cov *src)
{
    if (!dst || !src || dst->isa != src->isa || dst->nbins != src->nbins)
        return GPUREF_ERR_ARG;
    for (size_t i = 0; i < dst->nbins; i++)
        dst->counts[i] = sat_add(dst->counts[i], src->counts[i]);
    resync(dst);
    return GPUREF_OK;
}

const char *gpuref_cov_excluded(const gpuref_cov *c, size_t i)
{
    return c && i < c->nbins ? c->reason[i] : NULL;
}

/* ------------------------------------------------------------ counting */

int gpuref_cov_begin(gpuref_cov *c, gpuref_model *m)
{
    if (!c || !m)
        return GPUREF_ERR_ARG;
    if (m->isa != c->isa)
        return GPUREF_ERR_CONFIG;
    if (c->isa->cov->begin)
        c->isa->cov->begin(c->priv, m->st);
    return GPUREF_OK;
}

int gpuref_cov_sample(gpuref_cov *c, gpuref_model *m, const gpuref_retire *rr)
{
    if (!c || !m || !rr)
        return GPUREF_ERR_ARG;
    if (m->isa != c->isa)
        return GPUREF_ERR_CONFIG;
    c->isa->cov->sample(c->priv, rr->wave < m->nwaves ? m->wst[rr->wave] : m->st, rr,
                        c->counts);
    return GPUREF_OK;
}

void gpuref_cov_totals_get(const gpuref_cov *c, gpuref_cov_totals *t)
{
    memset(t, 0, sizeof *t);
    if (!c)
        return;
    t->bins = c->nbins;
    for (size_t i = 0; i < c->nbins; i++) {
        if (c->reason[i]) {
            t->excluded++;
            continue;
        }
        unsigned k = c->bins[i].cat;
        t->cat_bins[k]++;
        if (c->counts[i]) {
            t->hit++;
            t->cat_hit[k]++;
        }
    }
}

/* ---------------------------------------------------------- exclusions */

static int is_blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }

/* s for a message: bytes outside printable ASCII as \xNN, cut to fit. */
static const char *printable(const char *s, char *buf, size_t len)
{
    size_t o = 0;
    for (; *s && o + 5 < len; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch >= 0x20 && ch < 0x7f)
            buf[o++] = (char)ch;
        else
            o += (size_t)snprintf(buf + o, len - o, "\\x%02x", ch);
    }
    buf[o] = '\0';
    return buf;
}

int gpuref_cov_exclude_string(gpuref_cov *c, const char *name, const char *text,
                              gpuref_diag *d)
{
    if (!c || !text)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    if (!name)
        name = "<exclusions>";
    unsigned line = 0;
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        const char *q = p, *end = p + len, *ls = p;
        line++;
        p = e ? e + 1 : p + len;
        while (q < end && is_blank(*q))
            q++;
        if (q == end || *q == '#')
            continue;                               /* blank or comment line */
        const char *hash = memchr(q, '#', (size_t)(end - q));
        const char *pe = hash ? hash : end;
        while (pe > q && is_blank(pe[-1]))
            pe--;
        char pat[256], pb[160];
        size_t plen = (size_t)(pe - q);
        if (plen >= sizeof pat)
            return gpuref_diagf(d, GPUREF_ERR_PARSE, line, 1, "%s:%u: exclusion too long",
                                name, line);
        memcpy(pat, q, plen);
        pat[plen] = '\0';
        for (size_t i = 0; i < plen; i++)
            if (is_blank(pat[i]))
                return gpuref_diagf(d, GPUREF_ERR_PARSE, line, (unsigned)(q - ls + 1),
                                    "%s:%u: one bin name or glob per line, then '# reason' "
                                    "(found '%s')", name, line, printable(pat, pb, sizeof pb));
        const char *r = hash ? hash + 1 : end;
        while (r < end && is_blank(*r))
            r++;
        const char *re = end;
        while (re > r && is_blank(re[-1]))
            re--;
        if (!hash || re == r)
            return gpuref_diagf(d, GPUREF_ERR_PARSE, line, 1,
                                "%s:%u: exclusion '%s' has no reason (write '%s  # why')",
                                name, line, printable(pat, pb, sizeof pb), pb);
        size_t hits = 0;
        for (size_t i = 0; i < c->nbins; i++) {
            if (fnmatch(pat, c->bins[i].name, 0) != 0)
                continue;
            hits++;
            if (c->reason[i])
                continue;                           /* the first matching line wins */
            if (!(c->reason[i] = gpuref_dupn(r, (size_t)(re - r))))
                return gpuref_diagf(d, GPUREF_ERR_NOMEM, line, 1, "out of memory");
            c->excl[i] = 1;
        }
        if (!hits)
            return gpuref_diagf(d, GPUREF_ERR_PARSE, line, 1,
                                "%s:%u: exclusion '%s' matches no %s bin", name, line,
                                printable(pat, pb, sizeof pb), c->isa->name);
    }
    resync(c);
    return GPUREF_OK;
}

int gpuref_cov_exclude_file(gpuref_cov *c, const char *path, gpuref_diag *d)
{
    if (!c || !path)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    char *text;
    int rc = gpuref_read_file_diag(path, 0, &text, NULL, d);
    if (rc)
        return rc;
    rc = gpuref_cov_exclude_string(c, path, text, d);
    free(text);
    return rc;
}

/* ------------------------------------------------------- coverage.dat */

typedef struct point {
    char    *key;         /* the raw key (between the quotes) */
    uint64_t count;
    char    *isa;         /* functional point: its ISA; NULL for RTL points */
    char    *name;        /* functional point: bin name */
    char     type[32];    /* RTL point: page type ("v_line") */
} point;

struct gpuref_covdat {
    size_t n, cap;
    point *p;
    gpuref_htab   keys;
};

static const char *pt_key(const void *ctx, size_t i)
{
    return ((const gpuref_covdat *)ctx)->p[i].key;
}

gpuref_covdat *gpuref_covdat_new(void) { return calloc(1, sizeof(gpuref_covdat)); }

void gpuref_covdat_free(gpuref_covdat *cd)
{
    if (!cd)
        return;
    for (size_t i = 0; i < cd->n; i++) {
        free(cd->p[i].key);
        free(cd->p[i].isa);
        free(cd->p[i].name);
    }
    free(cd->p);
    free(cd->keys.slot);
    free(cd);
}

/* Verilator's escaping of key values (verilated_cov.cpp dequote): every byte
 * that is not printable, '%' and '"' become %XX. */
static size_t esc(char *out, size_t cap, const char *s)
{
    size_t n = 0;
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch < 0x20 || ch > 0x7e || ch == '%' || ch == '"') {
            if (n + 3 < cap)
                snprintf(out + n, cap - n, "%%%02X", ch);
            n += 3;
        } else {
            if (n + 1 < cap)
                out[n] = (char)ch;
            n++;
        }
    }
    if (cap)
        out[n < cap ? n : cap - 1] = '\0';
    return n;
}

static int hexv(char ch)
{
    return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
           : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

static char *unesc(const char *s, size_t n)
{
    char *o = malloc(n + 1);
    size_t k = 0;
    if (!o)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '%' && i + 2 < n && hexv(s[i + 1]) >= 0 && hexv(s[i + 2]) >= 0) {
            o[k++] = (char)(hexv(s[i + 1]) * 16 + hexv(s[i + 2]));
            i += 2;
        } else {
            o[k++] = s[i];
        }
    }
    o[k] = '\0';
    return o;
}

/* The value of key k ("page", "o", ...) in a raw point key; NULL if absent. */
static const char *key_field(const char *key, const char *k, size_t *len)
{
    size_t kl = strlen(k);
    for (const char *p = strchr(key, '\001'); p; p = strchr(p + 1, '\001')) {
        if (strncmp(p + 1, k, kl) == 0 && p[1 + kl] == '\002') {
            const char *v = p + 2 + kl, *e = strchr(v, '\001');
            *len = e ? (size_t)(e - v) : strlen(v);
            return v;
        }
    }
    return NULL;
}

#define GPUREF_PAGE "v_user/gpuref_"

/* Add count to the point with this key (taking ownership of key). */
static int cd_add(gpuref_covdat *cd, char *key, uint64_t count)
{
    size_t ins = 0;
    long i = gpuref_ht_find(&cd->keys, key, pt_key, cd, &ins);
    if (i >= 0) {
        free(key);
        cd->p[i].count = sat_add(cd->p[i].count, count);
        return GPUREF_OK;
    }
    if (gpuref_grow((void **)&cd->p, &cd->cap, cd->n, sizeof *cd->p, 1024)) {
        free(key);
        return GPUREF_ERR_NOMEM;
    }
    point *pt = &cd->p[cd->n];
    memset(pt, 0, sizeof *pt);
    pt->key = key;
    pt->count = count;
    size_t pl = 0, ol = 0;
    const char *page = key_field(key, "page", &pl);
    const char *o = key_field(key, "o", &ol);
    if (page && pl > strlen(GPUREF_PAGE) && strncmp(page, GPUREF_PAGE, strlen(GPUREF_PAGE)) == 0
        && o) {
        pt->isa = unesc(page + strlen(GPUREF_PAGE), pl - strlen(GPUREF_PAGE));
        pt->name = unesc(o, ol);
        if (!pt->isa || !pt->name) {
            free(pt->isa);
            free(pt->name);
            free(key);
            return GPUREF_ERR_NOMEM;
        }
    } else {
        size_t tl = 0;
        if (page) {
            const char *sl = memchr(page, '/', pl);
            tl = sl ? (size_t)(sl - page) : pl;
        }
        if (tl >= sizeof pt->type)
            tl = sizeof pt->type - 1;
        memcpy(pt->type, page ? page : "", tl);
        pt->type[tl] = '\0';
        if (!page)
            strcpy(pt->type, "other");
    }
    cd->n++;
    if (gpuref_ht_grow(&cd->keys, cd->n, pt_key, cd)) {
        cd->n--;
        free(pt->isa);
        free(pt->name);
        free(key);
        return GPUREF_ERR_NOMEM;
    }
    gpuref_ht_find(&cd->keys, key, pt_key, cd, &ins);
    cd->keys.slot[ins] = cd->n;
    return GPUREF_OK;
}

int gpuref_covdat_read_string(gpuref_covdat *cd, const char *name, const char *text, size_t len,
                              gpuref_diag *d)
{
    if (!cd || !text)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    if (!name)
        name = "<coverage>";
    unsigned line = 0;
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *e = memchr(p, '\n', (size_t)(end - p));
        const char *le = e ? e : end;
        line++;
        const char *q = p;
        p = e ? e + 1 : end;
        if (le > q && le[-1] == '\r')
            le--;
        if (q == le || *q == '#')
            continue;
        if (le - q < 6 || strncmp(q, "C '", 3) != 0)
            return gpuref_diagf(d, GPUREF_ERR_PARSE, line, 1,
                                "%s:%u: not a coverage point (expected \"C '<key>' <count>\")",
                                name, line);
        /* the key ends at the last quote; the count follows */
        const char *qe = le - 1;
        while (qe > q + 2 && *qe != '\'')
            qe--;
        if (qe <= q + 2)
            return gpuref_diagf(d, GPUREF_ERR_PARSE, line, 3, "%s:%u: unterminated key", name,
                                line);
        const char *c = qe + 1;
        if (c >= le || *c != ' ')
            return gpuref_diagf(d, GPUREF_ERR_PARSE, line, (unsigned)(c - q + 1),
                                "%s:%u: missing count after the key", name, line);
        while (c < le && *c == ' ')
            c++;
        uint64_t count = 0;
        const char *c0 = c;
        for (; c < le && *c >= '0' && *c <= '9'; c++) {
            unsigned dg = (unsigned)(*c - '0');
            if (count > (UINT64_MAX - dg) / 10)
                return gpuref_diagf(d, GPUREF_ERR_PARSE, line, (unsigned)(c0 - q + 1),
                                    "%s:%u: count too large", name, line);
            count = count * 10 + dg;
        }
        if (c == c0 || c != le)
            return gpuref_diagf(d, GPUREF_ERR_PARSE, line, (unsigned)(c0 - q + 1),
                                "%s:%u: bad count", name, line);
        char *key = gpuref_dupn(q + 3, (size_t)(qe - (q + 3)));
        if (!key || memchr(key, '\0', (size_t)(qe - (q + 3))) != NULL) {
            free(key);
            return gpuref_diagf(d, key ? GPUREF_ERR_PARSE : GPUREF_ERR_NOMEM, line, 1,
                                "%s:%u: %s", name, line, key ? "NUL byte in key" : "out of memory");
        }
        int rc = cd_add(cd, key, count);
        if (rc)
            return gpuref_diagf(d, rc, line, 1, "%s:%u: out of memory", name, line);
    }
    return GPUREF_OK;
}

int gpuref_covdat_read(gpuref_covdat *cd, const char *path, gpuref_diag *d)
{
    if (!cd || !path)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    size_t len = 0;
    char *text;
    int rc = gpuref_read_file_diag(path, 0, &text, &len, d);
    if (rc)
        return rc;
    rc = gpuref_covdat_read_string(cd, path, text, len, d);
    free(text);
    return rc;
}

/* The key of bin i of c. */
static char *bin_point_key(const gpuref_cov *c, size_t i)
{
    char en[768], ei[96];
    esc(en, sizeof en, c->bins[i].name);
    esc(ei, sizeof ei, c->isa->name);
    size_t n = strlen(en) + 3 * strlen(ei) + 96;
    char *k = malloc(n);
    if (k)
        snprintf(k, n, "\001f\002gpuref/%s.bins\001l\002%zu\001n\0020\001page\002" GPUREF_PAGE
                 "%s\001o\002%s\001h\002gpuref.%s", ei, i + 1, ei, en, ei);
    return k;
}

int gpuref_covdat_add_cov(gpuref_covdat *cd, const gpuref_cov *c)
{
    if (!cd || !c)
        return GPUREF_ERR_ARG;
    for (size_t i = 0; i < c->nbins; i++) {
        char *k = bin_point_key(c, i);
        if (!k)
            return GPUREF_ERR_NOMEM;
        int rc = cd_add(cd, k, c->counts[i]);
        if (rc)
            return rc;
    }
    return GPUREF_OK;
}

static int cmp_pt(const void *a, const void *b)
{
    return strcmp((*(const point *const *)a)->key, (*(const point *const *)b)->key);
}

typedef struct points { const point *const *v; size_t n; } points;

static int fill_points(FILE *f, void *ctx)
{
    const points *p = ctx;
    if (fputs("# SystemC::Coverage-3\n", f) < 0)
        return -1;
    for (size_t i = 0; i < p->n; i++)
        if (fprintf(f, "C '%s' %llu\n", p->v[i]->key, (unsigned long long)p->v[i]->count) < 0)
            return -1;
    return 0;
}

/* Write through a temporary file in the same folder, renamed when complete. */
static int write_points(const char *path, const point *const *v, size_t n, gpuref_diag *d)
{
    points p = { v, n };
    int e = gpuref_write_atomic(path, fill_points, &p);
    return e ? gpuref_diagf(d, e == ENOMEM ? GPUREF_ERR_NOMEM : GPUREF_ERR_IO, 0, 0,
                            "%s: cannot write: %s", path, strerror(e))
             : GPUREF_OK;
}

int gpuref_covdat_write(const gpuref_covdat *cd, const char *path, int rtl_only, gpuref_diag *d)
{
    if (!cd || !path)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    const point **v = malloc((cd->n ? cd->n : 1) * sizeof *v);
    if (!v)
        return gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
    size_t n = 0;
    for (size_t i = 0; i < cd->n; i++)
        if (!rtl_only || !cd->p[i].isa)
            v[n++] = &cd->p[i];
    qsort(v, n, sizeof *v, cmp_pt);
    int rc = write_points(path, v, n, d);
    free(v);
    return rc;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The distinct ISA names, sorted (a malloc'ed array of borrowed strings). */
static const char **cd_isas(const gpuref_covdat *cd, size_t *n)
{
    const char **v = malloc((cd->n ? cd->n : 1) * sizeof *v);
    size_t k = 0;
    if (!v)
        return NULL;
    for (size_t i = 0; i < cd->n; i++)
        if (cd->p[i].isa)
            v[k++] = cd->p[i].isa;
    qsort(v, k, sizeof *v, cmp_str);
    size_t u = 0;
    for (size_t i = 0; i < k; i++)
        if (u == 0 || strcmp(v[u - 1], v[i]) != 0)
            v[u++] = v[i];
    *n = u;
    return v;
}

size_t gpuref_covdat_nisas(const gpuref_covdat *cd)
{
    size_t n = 0;
    if (!cd)
        return 0;
    const char **v = cd_isas(cd, &n);
    free(v);
    return v ? n : 0;
}

const char *gpuref_covdat_isa(const gpuref_covdat *cd, size_t i)
{
    size_t n = 0;
    if (!cd)
        return NULL;
    const char **v = cd_isas(cd, &n);
    const char *r = v && i < n ? v[i] : NULL;
    free(v);
    return r;
}

int gpuref_covdat_to_cov(const gpuref_covdat *cd, gpuref_cov *c, size_t *unknown)
{
    if (unknown)
        *unknown = 0;
    if (!cd || !c)
        return GPUREF_ERR_ARG;
    for (size_t i = 0; i < cd->n; i++) {
        const point *pt = &cd->p[i];
        if (!pt->isa || strcmp(pt->isa, c->isa->name) != 0)
            continue;
        long b = gpuref_cov_find(c, pt->name);
        if (b < 0) {
            if (unknown)
                (*unknown)++;
            continue;
        }
        c->counts[b] = sat_add(c->counts[b], pt->count);
    }
    resync(c);
    return GPUREF_OK;
}

size_t gpuref_covdat_rtl_summary(const gpuref_covdat *cd, gpuref_covdat_rtl *out, size_t max)
{
    size_t nt = 0;
    if (!cd)
        return 0;
    gpuref_covdat_rtl t[16];
    for (size_t i = 0; i < cd->n; i++) {
        const point *pt = &cd->p[i];
        if (pt->isa)
            continue;
        size_t k;
        for (k = 0; k < nt && strcmp(t[k].type, pt->type) != 0; k++)
            ;
        if (k == nt) {
            if (nt == sizeof t / sizeof t[0])
                continue;
            memset(&t[nt], 0, sizeof t[nt]);
            memcpy(t[nt].type, pt->type, sizeof t[nt].type);
            nt++;
        }
        t[k].points++;
        t[k].hit += pt->count != 0;
    }
    for (size_t a = 1; a < nt; a++)              /* sort by type */
        for (size_t b = a; b > 0 && strcmp(t[b - 1].type, t[b].type) > 0; b--) {
            gpuref_covdat_rtl x = t[b];
            t[b] = t[b - 1];
            t[b - 1] = x;
        }
    for (size_t k = 0; k < nt && k < max && out; k++)
        out[k] = t[k];
    return nt;
}

size_t gpuref_covdat_npoints(const gpuref_covdat *cd) { return cd ? cd->n : 0; }

int gpuref_covdat_point(const gpuref_covdat *cd, size_t i, char *file, size_t flen,
                        unsigned *line, char *type, size_t tlen, uint64_t *count)
{
    if (!cd || i >= cd->n)
        return GPUREF_ERR_RANGE;
    const point *pt = &cd->p[i];
    size_t n = 0;
    if (file && flen) {
        const char *f = key_field(pt->key, "f", &n);
        char *u = f ? unesc(f, n) : NULL;
        snprintf(file, flen, "%s", u ? u : "");
        free(u);
    }
    if (line) {
        const char *l = key_field(pt->key, "l", &n);
        unsigned v = 0;
        for (size_t k = 0; l && k < n && l[k] >= '0' && l[k] <= '9' && v < 100000000u; k++)
            v = v * 10 + (unsigned)(l[k] - '0');
        *line = v;
    }
    if (type && tlen)
        snprintf(type, tlen, "%s", pt->isa ? "v_user" : pt->type);
    if (count)
        *count = pt->count;
    return pt->isa ? 0 : 1;
}

int gpuref_cov_write(const gpuref_cov *c, const char *path, gpuref_diag *d)
{
    if (!c || !path)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    gpuref_covdat *cd = gpuref_covdat_new();
    if (!cd || gpuref_covdat_add_cov(cd, c) != GPUREF_OK) {
        gpuref_covdat_free(cd);
        return gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
    }
    int rc = gpuref_covdat_write(cd, path, 0, d);
    gpuref_covdat_free(cd);
    return rc;
}

int gpuref_cov_read(gpuref_cov *c, const char *path, size_t *unknown, gpuref_diag *d)
{
    if (!c || !path)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    gpuref_covdat *cd = gpuref_covdat_new();
    if (!cd)
        return gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
    int rc = gpuref_covdat_read(cd, path, d);
    if (rc == GPUREF_OK && gpuref_covdat_nisas(cd)) {
        /* functional points, but none of this ISA: another ISA's file */
        size_t i, n = gpuref_covdat_nisas(cd);
        for (i = 0; i < n && strcmp(gpuref_covdat_isa(cd, i), c->isa->name) != 0; i++)
            ;
        if (i == n)
            rc = gpuref_diagf(d, GPUREF_ERR_CONFIG, 0, 0, "%s: no coverage points of ISA %s (it has %s%s)",
                              path, c->isa->name, gpuref_covdat_isa(cd, 0), n > 1 ? " and others" : "");
    }
    if (rc == GPUREF_OK)
        rc = gpuref_covdat_to_cov(cd, c, unknown);
    gpuref_covdat_free(cd);
    return rc;
}

char *gpuref_cov_listing(const gpuref_cov *c)
{
    if (!c)
        return NULL;
    gpuref_strbuf b = GPUREF_STRBUF_INIT;
    gpuref_sb_need(&b, 0);
    for (size_t i = 0; i < c->nbins; i++) {
        if (c->reason[i])
            gpuref_sb_printf(&b, "%-56s # excluded: %s\n", c->bins[i].name, c->reason[i]);
        else
            gpuref_sb_printf(&b, "%s\n", c->bins[i].name);
    }
    if (b.oom) {
        gpuref_sb_free(&b);
        return NULL;
    }
    return b.s;
}
