/* vectors.c - the strict YAML test-vector loader (vectors/README.md), model
 * setup from a test, and checking of a test's expectations.
 *
 * Loading is two things at once, test by test in file order: the YAML
 * document (libyaml's document API) is walked against the schema, and every
 * test is resolved against a scratch model of its ISA and config (register
 * keys, widths, lane counts, memory spaces, program assembly, and a trial
 * setup), so the first problem of any kind is the one reported. */
#define _DEFAULT_SOURCE             /* madvise (Linux, BSD): give back mapped pages */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <yaml.h>

#include "gpuref_vectors.h"
#include "isa.h"

#define MAX_FILE_BYTES ((size_t)256 << 20)
/* libyaml's scanner takes time quadratic in the nesting of flow collections
 * (100000 levels: 20 s); the schema needs 4.  Deeper files are refused
 * before parsing. */
#define MAX_FLOW_DEPTH 1000

/* ------------------------------------------------------------ helpers */

static int is_digit(char ch) { return ch >= '0' && ch <= '9'; }

static int hexval(char ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

/* A user string made safe and short for a message. */
static const char *show(const char *s, char *buf, size_t len)
{
    size_t o = 0, max = len - 4;   /* len >= 8 */
    for (; *s && o < max; s++)
        buf[o++] = ((unsigned char)*s < 0x20 || (unsigned char)*s == 0x7f) ? '?' : *s;
    if (*s) {
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    buf[o] = '\0';
    return buf;
}

/* Message with a location prefix "path:line:col: ". */
static int vdiag(gpuref_diag *d, const char *path, int status, gpuref_vec_loc loc,
                 const char *fmt, va_list ap)
{
    if (!d)
        return status;
    char msg[sizeof d->msg];
    int n = vsnprintf(msg, sizeof msg, fmt, ap);
    d->status = status;
    d->line = loc.line;
    d->col = loc.line ? loc.col : 0;
    char full[sizeof msg + 64];
    if (loc.line && loc.col)
        n = snprintf(full, sizeof full, "%s:%u:%u: %s", path, loc.line, loc.col, msg);
    else if (loc.line)
        n = snprintf(full, sizeof full, "%s:%u: %s", path, loc.line, msg);
    else
        n = snprintf(full, sizeof full, "%s: %s", path, msg);
    size_t k = strlen(full);
    if (k >= sizeof d->msg)
        k = sizeof d->msg - 1;
    memcpy(d->msg, full, k);
    d->msg[k] = '\0';
    (void)n;
    return status;
}

static int diag_at(gpuref_diag *d, const char *path, int status, gpuref_vec_loc loc,
                   const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static int diag_at(gpuref_diag *d, const char *path, int status, gpuref_vec_loc loc,
                   const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(d, path, status, loc, fmt, ap);
    va_end(ap);
    return status;
}

int gpuref_vec_parse_hex(const char *s, uint64_t *v)
{
    if (!s || s[0] != '0' || s[1] != 'x' || !s[2])
        return -1;
    uint64_t r = 0;
    unsigned sig = 0;
    for (s += 2; *s; s++) {
        int h = hexval(*s);
        if (h < 0)
            return -1;
        if (sig || h) {
            if (++sig > 16)
                return -1;
        }
        r = r << 4 | (uint64_t)h;
    }
    if (v)
        *v = r;
    return 0;
}

/* -------------------------------------------------------- register keys */

static int parse_dec(const char **p, unsigned *out)
{
    const char *s = *p;
    if (!is_digit(*s))
        return -1;
    if (s[0] == '0' && is_digit(s[1]))
        return -1;                       /* no leading zeros */
    unsigned long v = 0;
    for (; is_digit(*s); s++) {
        v = v * 10 + (unsigned long)(*s - '0');
        if (v > 0xffffffUL)
            return -1;
    }
    *out = (unsigned)v;
    *p = s;
    return 0;
}

static void file_list(const gpuref_model *m, char *buf, size_t len)
{
    size_t o = 0;
    int n = gpuref_regfile_count(m);
    buf[0] = '\0';
    for (int i = 0; i < n && o + 1 < len; i++) {
        gpuref_regfile_info fi;
        if (gpuref_regfile_get_info(m, i, &fi) != GPUREF_OK)
            continue;
        int k = snprintf(buf + o, len - o, "%s%s", o ? ", " : "", fi.name);
        if (k < 0)
            break;
        o += (size_t)k;
    }
}

int gpuref_vec_parse_reg(const gpuref_model *m, const char *key, gpuref_vec_reg *out,
                         gpuref_diag *d)
{
    char buf[64], files[160];
    if (!m || !key || !out)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    memset(out, 0, sizeof *out);
    out->wave = GPUREF_VEC_WAVE_ALL;
    const char *full = key;
    if (key[0] == 'w' && is_digit(key[1])) {     /* "wN:" names a wave */
        const char *p = key + 1;
        unsigned w;
        if (parse_dec(&p, &w) == 0 && *p == ':') {
            int nw = gpuref_wave_count(m);
            if (nw < 1)
                nw = 1;
            if (w >= (unsigned)nw)
                return gpuref_diagf(d, GPUREF_ERR_RANGE, 0, 0,
                                    "wave %u out of range in '%s' (the config has %d wave%s: "
                                    "w0..w%d; set waves=N)", w, show(full, buf, sizeof buf), nw,
                                    nw == 1 ? "" : "s", nw - 1);
            out->wave = (int)w;
            key = p + 1;
        } else {
            const char *colon = strchr(key, ':'), *br = strchr(key, '[');
            if (colon && (!br || colon < br))
                return gpuref_diagf(d, GPUREF_ERR_PARSE, 0, 0,
                                    "bad wave prefix in '%s' (write wN: with N decimal, no "
                                    "leading zeros)", show(full, buf, sizeof buf));
        }
    }
    const char *sel = strchr(key, '[');
    size_t nlen = sel ? (size_t)(sel - key) : strlen(key);
    char name[40];
    if (nlen == 0 || nlen >= sizeof name)
        return gpuref_diagf(d, GPUREF_ERR_PARSE, 0, 0, "bad register '%s'",
                            show(full, buf, sizeof buf));
    memcpy(name, key, nlen);
    name[nlen] = '\0';
    gpuref_regfile_info fi;
    unsigned index = 0;
    int f = -1;
    if (gpuref_reg_parse(m, name, &f, &index) == GPUREF_OK && f >= 0 &&
        gpuref_regfile_get_info(m, f, &fi) == GPUREF_OK && index < fi.count) {
        /* the ISA's own spelling; the default one writes single registers
         * without an index */
        size_t fl = strlen(fi.name);
        if (fi.count == 1 && strncmp(name, fi.name, fl) == 0 && is_digit(name[fl]))
            return gpuref_diagf(d, GPUREF_ERR_PARSE, 0, 0,
                                "'%s' is a single register: write it without an index", fi.name);
    } else if ((f = gpuref_regfile_lookup(m, name)) >= 0) {
        /* messages for the default spelling <file><index> */
        if (gpuref_regfile_get_info(m, f, &fi) != GPUREF_OK)
            return gpuref_diagf(d, GPUREF_ERR_RANGE, 0, 0, "bad register file");
        return gpuref_diagf(d, GPUREF_ERR_PARSE, 0, 0,
                            "register '%s' needs an index (%s0..%s%u)", name, name, name,
                            fi.count ? fi.count - 1 : 0);
    } else {
        size_t i = nlen;
        while (i > 0 && is_digit(name[i - 1]))
            i--;
        const char *digits = name + i;
        if (i == nlen || i == 0) {
            file_list(m, files, sizeof files);
            return gpuref_diagf(d, GPUREF_ERR_RANGE, 0, 0,
                                "unknown register '%s' (register files: %s)", name, files);
        }
        if (parse_dec(&digits, &index) != 0 || *digits)
            return gpuref_diagf(d, GPUREF_ERR_PARSE, 0, 0,
                                "bad register index in '%s' (decimal, no leading zeros)", name);
        name[i] = '\0';
        f = gpuref_regfile_lookup(m, name);
        if (f < 0 || gpuref_regfile_get_info(m, f, &fi) != GPUREF_OK) {
            file_list(m, files, sizeof files);
            return gpuref_diagf(d, GPUREF_ERR_RANGE, 0, 0,
                                "unknown register file '%s' (register files: %s)", name, files);
        }
        if (fi.count == 1)
            return gpuref_diagf(d, GPUREF_ERR_PARSE, 0, 0,
                                "'%s' is a single register: write it without an index", name);
        if (index >= fi.count)
            return gpuref_diagf(d, GPUREF_ERR_RANGE, 0, 0,
                                "register %s%u out of range (%s0..%s%u)", name, index, name,
                                name, fi.count - 1);
        return gpuref_diagf(d, GPUREF_ERR_RANGE, 0, 0, "unknown register '%s%u'", name, index);
    }
    gpuref_reg_name(m, f, index, out->rname, sizeof out->rname);
    if (fi.lanes == 0 || fi.width == 0 || fi.width > 64)
        return gpuref_diagf(d, GPUREF_ERR_RANGE, 0, 0, "register file '%s' is not usable",
                            fi.name);
    out->file = f;
    out->name = fi.name;
    out->index = index;
    out->count = fi.count;
    out->width = fi.width;
    out->lanes = fi.lanes;
    out->lane_lo = 0;
    out->lane_hi = fi.lanes - 1;
    if (sel) {
        const char *p = sel + 1;
        unsigned lo, hi;
        if (parse_dec(&p, &lo) != 0)
            goto bad_sel;
        hi = lo;
        if (*p == ':') {
            p++;
            if (parse_dec(&p, &hi) != 0)
                goto bad_sel;
        }
        if (p[0] != ']' || p[1] != '\0')
            goto bad_sel;
        if (lo > hi)
            return gpuref_diagf(d, GPUREF_ERR_PARSE, 0, 0,
                                "empty lane range [%u:%u] in '%s' (write [lo:hi] with lo <= hi)",
                                lo, hi, show(full, buf, sizeof buf));
        if (hi >= fi.lanes)
            return gpuref_diagf(d, GPUREF_ERR_RANGE, 0, 0,
                                "lane %u out of range for '%s' (lanes 0..%u)", hi,
                                show(full, buf, sizeof buf), fi.lanes - 1);
        out->lane_lo = lo;
        out->lane_hi = hi;
        out->lane_sel = 1;
    }
    return GPUREF_OK;
bad_sel:
    return gpuref_diagf(d, GPUREF_ERR_PARSE, 0, 0,
                        "bad lane selector in '%s' (write [n] or [lo:hi], decimal)",
                        show(full, buf, sizeof buf));
}

/* "r4" or "mask": the register without lanes, as the ISA names it; "w1:r4"
 * with a wave prefix. */
static void reg_name(const gpuref_vec_reg *r, char *buf, size_t len)
{
    char w[16] = "";
    if (r->wave >= 0)
        snprintf(w, sizeof w, "w%d:", r->wave);
    if (r->rname[0])
        snprintf(buf, len, "%s%s", w, r->rname);
    else if (r->count == 1)
        snprintf(buf, len, "%s", r->name);
    else
        snprintf(buf, len, "%s%u", r->name, r->index);
}

int gpuref_vec_format_reg(const gpuref_vec_reg *r, char *buf, size_t len)
{
    if (!r || !r->name || !buf || !len)
        return GPUREF_ERR_ARG;
    char n[64];
    reg_name(r, n, sizeof n);
    if (!r->lane_sel)
        snprintf(buf, len, "%s", n);
    else if (r->lane_lo == r->lane_hi)
        snprintf(buf, len, "%s[%u]", n, r->lane_lo);
    else
        snprintf(buf, len, "%s[%u:%u]", n, r->lane_lo, r->lane_hi);
    return GPUREF_OK;
}

uint64_t gpuref_vec_regval_lane(const gpuref_vec_regval *rv, unsigned lane)
{
    if (!rv || !rv->values || rv->nvalues == 0)
        return 0;
    if (rv->nvalues == 1)
        return rv->values[0];
    if (lane < rv->reg.lane_lo || lane - rv->reg.lane_lo >= rv->nvalues)
        return 0;
    return rv->values[lane - rv->reg.lane_lo];
}

/* ------------------------------------------------------------- freeing */

static void free_regvals(gpuref_vec_regval *rv, size_t n)
{
    for (size_t i = 0; rv && i < n; i++) {
        free(rv[i].key);
        free(rv[i].values);
    }
    free(rv);
}

static void free_mems(gpuref_vec_mem *mm, size_t n)
{
    for (size_t i = 0; mm && i < n; i++) {
        free(mm[i].space_name);
        free(mm[i].words);
    }
    free(mm);
}

static void free_test(gpuref_vec_test *t)
{
    free(t->name);
    free(t->comment);
    free(t->config);
    free_regvals(t->init_regs, t->ninit_regs);
    free_mems(t->init_mem, t->ninit_mem);
    free(t->program);
    free(t->words);
    free_regvals(t->exp_regs, t->nexp_regs);
    free_mems(t->exp_mem, t->nexp_mem);
    free(t->error);
    for (size_t i = 0; t->trace && i < t->ntrace; i++)
        free_regvals(t->trace[i].regs, t->trace[i].nregs);
    free(t->trace);
}

void gpuref_vec_free(gpuref_vec_file *f)
{
    if (!f)
        return;
    for (size_t i = 0; f->tests && i < f->ntests; i++)
        free_test(&f->tests[i]);
    free(f->tests);
    free(f->path);
    free(f->isa);
    free(f->comment);
    free(f);
}

/* ------------------------------------------------------ set of strings */

typedef struct strset {
    size_t cap, n;
    const char **key;
    unsigned *line;
} strset;

static uint64_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* 1: added, 0: already there (*prev = its line), <0: out of memory. */
static int strset_add(strset *s, const char *key, unsigned line, unsigned *prev)
{
    if (2 * (s->n + 1) > s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        const char **k = calloc(cap, sizeof *k);
        unsigned *l = calloc(cap, sizeof *l);
        if (!k || !l) {
            free(k);
            free(l);
            return GPUREF_ERR_NOMEM;
        }
        for (size_t i = 0; i < s->cap; i++) {
            if (!s->key[i])
                continue;
            size_t j = (size_t)hash_str(s->key[i]) & (cap - 1);
            while (k[j])
                j = (j + 1) & (cap - 1);
            k[j] = s->key[i];
            l[j] = s->line[i];
        }
        free(s->key);
        free(s->line);
        s->key = k;
        s->line = l;
        s->cap = cap;
    }
    size_t j = (size_t)hash_str(key) & (s->cap - 1);
    while (s->key[j]) {
        if (strcmp(s->key[j], key) == 0) {
            *prev = s->line[j];
            return 0;
        }
        j = (j + 1) & (s->cap - 1);
    }
    s->key[j] = key;
    s->line[j] = line;
    s->n++;
    return 1;
}

static void strset_free(strset *s)
{
    free(s->key);
    free(s->line);
    s->key = NULL;
    s->line = NULL;
    s->cap = s->n = 0;
}

/* -------------------------------------------------------- the loader */

typedef struct loader {
    const char *path;
    const char *text;
    size_t len;
    yaml_document_t *doc;
    gpuref_diag *d;
    const char *isa;
    gpuref_model *m;            /* scratch model of the current config */
    char *mcfg;                 /* its config (NULL: defaults) */
    int trace_wave1;            /* while reading a trace entry's regs: its wave + 1, else 0 */
    unsigned cur_line;          /* line_indent's cursor: line cur_line starts */
    size_t cur_off;             /* at byte cur_off (cur_line 0: not set) */
} loader;

static gpuref_vec_loc loc_of(const yaml_node_t *n)
{
    gpuref_vec_loc l = { 0, 0 };
    if (n) {
        l.line = (unsigned)n->start_mark.line + 1;
        l.col = (unsigned)n->start_mark.column + 1;
    }
    return l;
}

static int err_at(loader *c, const yaml_node_t *n, int status, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int err_at(loader *c, const yaml_node_t *n, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(c->d, c->path, status, loc_of(n), fmt, ap);
    va_end(ap);
    return status;
}

static yaml_node_t *node(loader *c, int id) { return yaml_document_get_node(c->doc, id); }

static const char *kind(const yaml_node_t *n)
{
    if (!n)
        return "nothing";
    switch (n->type) {
    case YAML_SCALAR_NODE:   return "a scalar";
    case YAML_SEQUENCE_NODE: return "a list";
    case YAML_MAPPING_NODE:  return "a mapping";
    default:                 return "nothing";
    }
}

static const char *sval(const yaml_node_t *n) { return (const char *)n->data.scalar.value; }

/* A scalar without embedded NUL characters. */
static int want_scalar(loader *c, const yaml_node_t *n, const char *what, const char *want)
{
    if (!n || n->type != YAML_SCALAR_NODE)
        return err_at(c, n, GPUREF_ERR_PARSE, "%s: expected %s, found %s", what, want, kind(n));
    if (strlen(sval(n)) != n->data.scalar.length)
        return err_at(c, n, GPUREF_ERR_PARSE, "%s: NUL character in a string", what);
    return GPUREF_OK;
}

static int get_str(loader *c, const yaml_node_t *n, const char *what, char **out)
{
    int rc = want_scalar(c, n, what, "a string");
    if (rc)
        return rc;
    *out = gpuref_dupn(sval(n), n->data.scalar.length);
    return *out ? GPUREF_OK : err_at(c, n, GPUREF_ERR_NOMEM, "out of memory");
}

static int get_hex(loader *c, const yaml_node_t *n, const char *what, uint64_t *out)
{
    char b[64];
    int rc = want_scalar(c, n, what, "a hex value (\"0x...\")");
    if (rc)
        return rc;
    const char *s = sval(n);
    if (gpuref_vec_parse_hex(s, out) == 0)
        return GPUREF_OK;
    int hexdigits = s[0] == '0' && s[1] == 'x' && s[2];
    for (const char *p = s + 2; hexdigits && *p; p++)
        hexdigits = hexval(*p) >= 0;
    if (hexdigits)
        return err_at(c, n, GPUREF_ERR_RANGE, "%s: hex value '%s' is wider than 64 bits", what,
                      show(s, b, sizeof b));
    int dec = *s != '\0';
    for (const char *p = s; dec && *p; p++)
        dec = is_digit(*p);
    return err_at(c, n, GPUREF_ERR_PARSE, "%s: expected a hex value (\"0x...\"), found %s'%s'",
                  what, dec ? "decimal " : "", show(s, b, sizeof b));
}

/* A hex value that fits `width` bits. */
static int get_hexw(loader *c, const yaml_node_t *n, const char *what, unsigned width,
                    const char *of, uint64_t *out)
{
    int rc = get_hex(c, n, what, out);
    if (rc)
        return rc;
    if (width < 64 && (*out >> width) != 0)
        return err_at(c, n, GPUREF_ERR_RANGE, "%s: value 0x%llx does not fit %u-bit %s", what,
                      (unsigned long long)*out, width, of);
    return GPUREF_OK;
}

static int get_uint(loader *c, const yaml_node_t *n, const char *what, uint64_t *out)
{
    char b[64];
    int rc = want_scalar(c, n, what, "a decimal integer");
    if (rc)
        return rc;
    const char *s = sval(n);
    if (n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return err_at(c, n, GPUREF_ERR_PARSE,
                      "%s: expected a plain decimal integer, found a quoted string", what);
    if (!*s)
        return err_at(c, n, GPUREF_ERR_PARSE, "%s: expected a decimal integer, found nothing",
                      what);
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        return err_at(c, n, GPUREF_ERR_PARSE, "%s: expected a decimal integer, found hex '%s'",
                      what, show(s, b, sizeof b));
    uint64_t v = 0;
    for (const char *p = s; *p; p++) {
        if (!is_digit(*p))
            return err_at(c, n, GPUREF_ERR_PARSE,
                          "%s: expected a non-negative decimal integer, found '%s'", what,
                          show(s, b, sizeof b));
        unsigned dg = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - dg) / 10)
            return err_at(c, n, GPUREF_ERR_RANGE, "%s: integer '%s' out of range", what,
                          show(s, b, sizeof b));
        v = v * 10 + dg;
    }
    if (s[0] == '0' && s[1])
        return err_at(c, n, GPUREF_ERR_PARSE,
                      "%s: decimal integer '%s' has a leading zero", what, show(s, b, sizeof b));
    *out = v;
    return GPUREF_OK;
}

typedef struct keydef {
    const char *name;
    int required;
} keydef;

/* Check a mapping against its allowed keys; vals[i]/keys[i] get the nodes of
 * defs[i] or NULL. */
static int get_map(loader *c, const yaml_node_t *n, const char *what, const keydef *defs,
                   size_t nd, yaml_node_t **vals, yaml_node_t **keys)
{
    char b[64];
    for (size_t i = 0; i < nd; i++)
        vals[i] = keys[i] = NULL;
    if (!n || n->type != YAML_MAPPING_NODE)
        return err_at(c, n, GPUREF_ERR_PARSE, "%s: expected a mapping, found %s", what, kind(n));
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(c, p->key), *v = node(c, p->value);
        if (!k || k->type != YAML_SCALAR_NODE)
            return err_at(c, k, GPUREF_ERR_PARSE, "%s: keys must be strings, found %s", what,
                          kind(k));
        size_t i;
        for (i = 0; i < nd; i++)
            if (strlen(defs[i].name) == k->data.scalar.length &&
                memcmp(defs[i].name, sval(k), k->data.scalar.length) == 0)
                break;
        if (i == nd) {
            char allowed[200];
            size_t o = 0;
            allowed[0] = '\0';
            for (size_t j = 0; j < nd && o < sizeof allowed; j++) {
                int w = snprintf(allowed + o, sizeof allowed - o, "%s%s", j ? ", " : "",
                                 defs[j].name);
                if (w < 0)
                    break;
                o += (size_t)w;
            }
            return err_at(c, k, GPUREF_ERR_PARSE, "unknown key '%s' in %s (allowed: %s)",
                          show(sval(k), b, sizeof b), what, allowed);
        }
        if (keys[i])
            return err_at(c, k, GPUREF_ERR_PARSE, "duplicate key '%s' in %s (first at line %u)",
                          defs[i].name, what, loc_of(keys[i]).line);
        keys[i] = k;
        vals[i] = v;
    }
    for (size_t i = 0; i < nd; i++)
        if (defs[i].required && !keys[i])
            return err_at(c, n, GPUREF_ERR_PARSE, "%s: missing required key '%s'", what,
                          defs[i].name);
    return GPUREF_OK;
}

static size_t seq_len(const yaml_node_t *n)
{
    return (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
}

static size_t map_len(const yaml_node_t *n)
{
    return (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
}

/* The scratch model of `config` (reused while the config stays the same). */
static int scratch_for(loader *c, const char *config, const yaml_node_t *at)
{
    if (c->m && ((!config && !c->mcfg) || (config && c->mcfg && strcmp(config, c->mcfg) == 0)))
        return GPUREF_OK;
    gpuref_model_destroy(c->m);
    c->m = NULL;
    free(c->mcfg);
    c->mcfg = NULL;
    gpuref_diag md = { 0, 0, 0, "" };
    int rc = gpuref_model_create(c->isa, config, &c->m, &md);
    if (rc)
        return err_at(c, at, rc, "config: %s", md.msg[0] ? md.msg : gpuref_status_name(rc));
    if (config && !(c->mcfg = gpuref_dupn(config, strlen(config))))
        return err_at(c, at, GPUREF_ERR_NOMEM, "out of memory");
    return GPUREF_OK;
}

/* Waves of two keys (-1: every wave) that meet. */
static int wave_overlap(int a, int b) { return a < 0 || b < 0 || a == b; }

/* A mapping register key -> value or list of per-lane values. */
static int get_regs(loader *c, const yaml_node_t *n, const char *what,
                    gpuref_vec_regval **out, size_t *nout)
{
    char b[64], rn[64];
    if (!n || n->type != YAML_MAPPING_NODE)
        return err_at(c, n, GPUREF_ERR_PARSE, "%s: expected a mapping of registers, found %s",
                      what, kind(n));
    size_t np = map_len(n);
    if (np == 0)
        return GPUREF_OK;
    gpuref_vec_regval *rv = calloc(np, sizeof *rv);
    if (!rv)
        return err_at(c, n, GPUREF_ERR_NOMEM, "out of memory");
    *out = rv;
    *nout = np;
    strset seen = { 0, 0, NULL, NULL };
    int rc = GPUREF_OK;
    for (size_t i = 0; i < np && !rc; i++) {
        yaml_node_pair_t *p = &n->data.mapping.pairs.start[i];
        yaml_node_t *k = node(c, p->key), *v = node(c, p->value);
        gpuref_vec_regval *r = &rv[i];
        if ((rc = want_scalar(c, k, what, "a register name as key")))
            break;
        if (!(r->key = gpuref_dupn(sval(k), k->data.scalar.length))) {
            rc = err_at(c, k, GPUREF_ERR_NOMEM, "out of memory");
            break;
        }
        r->loc = loc_of(k);
        r->vloc = loc_of(v);
        unsigned prev = 0;
        int added = strset_add(&seen, r->key, r->loc.line, &prev);
        if (added < 0) {
            rc = err_at(c, k, GPUREF_ERR_NOMEM, "out of memory");
            break;
        }
        if (added == 0) {
            rc = err_at(c, k, GPUREF_ERR_PARSE, "%s: duplicate register '%s' (first at line %u)",
                        what, show(r->key, b, sizeof b), prev);
            break;
        }
        gpuref_diag pd = { 0, 0, 0, "" };
        int st = gpuref_vec_parse_reg(c->m, r->key, &r->reg, &pd);
        if (st) {
            rc = err_at(c, k, st, "%s: %s", what, pd.msg);
            break;
        }
        for (size_t j = 0; j < i; j++) {         /* each lane of a register once */
            const gpuref_vec_reg *o = &rv[j].reg;
            if (o->file == r->reg.file && o->index == r->reg.index &&
                wave_overlap(o->wave < 0 ? c->trace_wave1 - 1 : o->wave,
                             r->reg.wave < 0 ? c->trace_wave1 - 1 : r->reg.wave) &&
                o->lane_lo <= r->reg.lane_hi && r->reg.lane_lo <= o->lane_hi) {
                char b2[64];
                rc = err_at(c, k, GPUREF_ERR_PARSE, "%s: %s overlaps %s (line %u): give each "
                            "lane once", what, show(r->key, b, sizeof b),
                            show(rv[j].key, b2, sizeof b2), rv[j].loc.line);
                break;
            }
        }
        if (rc)
            break;
        reg_name(&r->reg, rn, sizeof rn);
        char of[80];
        snprintf(of, sizeof of, "register %s", rn);
        size_t nsel = (size_t)r->reg.lane_hi - r->reg.lane_lo + 1;
        if (v && v->type == YAML_SEQUENCE_NODE) {
            size_t nv = seq_len(v);
            if (nv != nsel) {
                if (r->reg.lane_sel)
                    rc = err_at(c, v, GPUREF_ERR_RANGE,
                                "%s: %s: expected %zu values (lanes %u..%u), found %zu", what,
                                show(r->key, b, sizeof b), nsel, r->reg.lane_lo,
                                r->reg.lane_hi, nv);
                else
                    rc = err_at(c, v, GPUREF_ERR_RANGE,
                                "%s: %s: expected %zu values (one per lane), found %zu", what,
                                show(r->key, b, sizeof b), nsel, nv);
                break;
            }
            if (!(r->values = calloc(nv, sizeof *r->values))) {
                rc = err_at(c, v, GPUREF_ERR_NOMEM, "out of memory");
                break;
            }
            r->nvalues = nv;
            for (size_t j = 0; j < nv && !rc; j++)
                rc = get_hexw(c, node(c, v->data.sequence.items.start[j]), what, r->reg.width,
                              of, &r->values[j]);
        } else if (v && v->type == YAML_SCALAR_NODE) {
            if (!(r->values = calloc(1, sizeof *r->values))) {
                rc = err_at(c, v, GPUREF_ERR_NOMEM, "out of memory");
                break;
            }
            r->nvalues = 1;
            rc = get_hexw(c, v, what, r->reg.width, of, &r->values[0]);
        } else {
            rc = err_at(c, v, GPUREF_ERR_PARSE,
                        "%s: %s: expected a hex value or a list of them, found %s", what,
                        show(r->key, b, sizeof b), kind(v));
        }
    }
    strset_free(&seen);
    return rc;
}

static int get_words(loader *c, const yaml_node_t *n, const char *what, uint32_t **out,
                     size_t *nout)
{
    if (!n || n->type != YAML_SEQUENCE_NODE)
        return err_at(c, n, GPUREF_ERR_PARSE, "%s: expected a list of hex words, found %s", what,
                      kind(n));
    size_t nw = seq_len(n);
    if (nw == 0)
        return err_at(c, n, GPUREF_ERR_PARSE, "%s: empty list (at least one word)", what);
    uint32_t *w = calloc(nw, sizeof *w);
    if (!w)
        return err_at(c, n, GPUREF_ERR_NOMEM, "out of memory");
    *out = w;
    *nout = nw;
    for (size_t i = 0; i < nw; i++) {
        uint64_t v;
        int rc = get_hexw(c, node(c, n->data.sequence.items.start[i]), what, 32, "word", &v);
        if (rc)
            return rc;
        w[i] = (uint32_t)v;
    }
    return GPUREF_OK;
}

static uint8_t *words_to_bytes(const uint32_t *w, size_t n)
{
    uint8_t *b = malloc(n ? n * 4 : 1);
    for (size_t i = 0; b && i < n; i++) {
        b[4 * i + 0] = (uint8_t)(w[i]);
        b[4 * i + 1] = (uint8_t)(w[i] >> 8);
        b[4 * i + 2] = (uint8_t)(w[i] >> 16);
        b[4 * i + 3] = (uint8_t)(w[i] >> 24);
    }
    return b;
}

static const keydef mem_keys[] = { { "space", 1 }, { "addr", 1 }, { "words", 1 } };

/* A list of memory blocks; each is checked against the scratch model by a
 * trial read (expect) - init blocks are written by the trial setup. */
static int get_mem(loader *c, const yaml_node_t *n, const char *what, int init,
                   gpuref_vec_mem **out, size_t *nout)
{
    char b[64];
    if (!n || n->type != YAML_SEQUENCE_NODE)
        return err_at(c, n, GPUREF_ERR_PARSE, "%s: expected a list of memory blocks, found %s",
                      what, kind(n));
    size_t nb = seq_len(n);
    if (nb == 0)
        return GPUREF_OK;
    gpuref_vec_mem *mm = calloc(nb, sizeof *mm);
    if (!mm)
        return err_at(c, n, GPUREF_ERR_NOMEM, "out of memory");
    *out = mm;
    *nout = nb;
    for (size_t i = 0; i < nb; i++) {
        yaml_node_t *it = node(c, n->data.sequence.items.start[i]), *v[3], *k[3];
        gpuref_vec_mem *mb = &mm[i];
        int rc = get_map(c, it, what, mem_keys, 3, v, k);
        if (!rc)
            rc = get_str(c, v[0], "space", &mb->space_name);
        if (rc)
            return rc;
        mb->loc = loc_of(it);
        mb->space = gpuref_mem_lookup(c->m, mb->space_name);
        if (mb->space < 0) {
            char spaces[200];
            size_t o = 0;
            spaces[0] = '\0';
            for (int s = 0; s < gpuref_mem_count(c->m) && o < sizeof spaces; s++) {
                int w = snprintf(spaces + o, sizeof spaces - o, "%s%s", s ? ", " : "",
                                 gpuref_mem_name(c->m, s));
                if (w < 0)
                    break;
                o += (size_t)w;
            }
            return err_at(c, v[0], GPUREF_ERR_RANGE, "%s: unknown memory space '%s' (spaces: %s)",
                          what, show(mb->space_name, b, sizeof b), spaces);
        }
        if ((rc = get_hex(c, v[1], "addr", &mb->addr)) ||
            (rc = get_words(c, v[2], "words", &mb->words, &mb->nwords)))
            return rc;
        if (!init) {
            uint8_t *buf = malloc(mb->nwords * 4);
            if (!buf)
                return err_at(c, it, GPUREF_ERR_NOMEM, "out of memory");
            rc = gpuref_mem_read(c->m, mb->space, mb->addr, buf, mb->nwords * 4);
            free(buf);
            if (rc)
                return err_at(c, v[1], rc, "%s: %s", what, gpuref_model_error(c->m));
        }
    }
    return GPUREF_OK;
}

/* Is text[i] a line break (\n, \r\n counted at its \n, lone \r), as libyaml counts? */
static int is_break(const loader *c, size_t i)
{
    return c->text[i] == '\n' ||
           (c->text[i] == '\r' && (i + 1 >= c->len || c->text[i + 1] != '\n'));
}

/* Leading spaces of 1-based line `line` of the raw text.  A cursor (line,
 * offset) moves forward from the last line asked for (tests come in file
 * order), back to the start otherwise: no table of every line. */
static unsigned line_indent(loader *c, unsigned line)
{
    if (line == 0)
        return 0;
    if (line < c->cur_line || c->cur_line == 0) {
        c->cur_line = 1;
        c->cur_off = 0;
    }
    size_t i = c->cur_off;
    for (; c->cur_line < line && i < c->len; i++)
        if (is_break(c, i)) {
            c->cur_line++;
            c->cur_off = i + 1;
        }
    if (c->cur_line < line)
        return 0;
    unsigned n = 0;
    for (i = c->cur_off; i < c->len && c->text[i] == ' '; i++)
        n++;
    return n;
}

/* Leading spaces of 1-based line `line` of a program text. */
static unsigned text_indent(const char *s, unsigned line)
{
    for (unsigned l = 1; l < line && *s; s++)
        if (*s == '\n')
            l++;
    unsigned n = 0;
    while (s[n] == ' ')
        n++;
    return n;
}

static int get_program(loader *c, gpuref_vec_test *t, const yaml_node_t *n)
{
    int rc = get_str(c, n, "program", &t->program);
    if (rc)
        return rc;
    t->words_loc = loc_of(n);
    t->program_loc = t->words_loc;
    if (n->data.scalar.style == YAML_FOLDED_SCALAR_STYLE)
        return err_at(c, n, GPUREF_ERR_PARSE,
                      "program: use a literal block (|), a folded one (>) joins the lines");
    int literal = n->data.scalar.style == YAML_LITERAL_SCALAR_STYLE;
    if (literal) {          /* the text starts on the line after the '|' */
        t->program_loc.line++;
        t->program_loc.col = line_indent(c, t->program_loc.line) + 1;
    }
    const gpuref_isa *isa = gpuref_isa_find(c->isa);
    uint32_t *w = NULL;
    size_t nw = 0;
    gpuref_diag ad = { 0, 0, 0, "" };
    rc = gpuref_assemble(isa, t->program, t->base, &w, &nw, &ad);
    if (rc) {
        gpuref_free(w);
        gpuref_vec_loc l = t->program_loc;
        if (literal && ad.line > 0) {
            l.line = t->program_loc.line + ad.line - 1;
            unsigned fi = line_indent(c, l.line), ti = text_indent(t->program, ad.line);
            unsigned block = fi >= ti ? fi - ti : 0;
            l.col = ad.col > 0 ? block + ad.col : fi + 1;
        }
        return diag_at(c->d, c->path, rc, l, "program: %s",
                       ad.msg[0] ? ad.msg : gpuref_status_name(rc));
    }
    if (nw == 0) {
        gpuref_free(w);
        return err_at(c, n, GPUREF_ERR_ASM, "program: no instructions");
    }
    t->words = malloc(nw * sizeof *t->words);
    if (!t->words) {
        gpuref_free(w);
        return err_at(c, n, GPUREF_ERR_NOMEM, "out of memory");
    }
    memcpy(t->words, w, nw * sizeof *w);
    t->nwords = nw;
    gpuref_free(w);
    return GPUREF_OK;
}

/* Program, init.mem, init.regs on model m: the setup of test t. */
static int apply(const gpuref_vec_test *t, gpuref_model *m, gpuref_diag *d)
{
    char rn[64];
    int rc = gpuref_program_load(m, t->base, t->words, t->nwords);
    if (rc)
        return diag_at(d, t->path, rc, t->words_loc, "program: %s", gpuref_model_error(m));
    for (size_t i = 0; i < t->ninit_mem; i++) {
        const gpuref_vec_mem *mb = &t->init_mem[i];
        uint8_t *b = words_to_bytes(mb->words, mb->nwords);
        if (!b)
            return diag_at(d, t->path, GPUREF_ERR_NOMEM, mb->loc, "out of memory");
        rc = gpuref_mem_write(m, mb->space, mb->addr, b, mb->nwords * 4);
        free(b);
        if (rc)
            return diag_at(d, t->path, rc, mb->loc, "init.mem: %s", gpuref_model_error(m));
    }
    int nw = gpuref_wave_count(m);
    for (size_t i = 0; i < t->ninit_regs; i++) {
        const gpuref_vec_regval *rv = &t->init_regs[i];
        /* no wave prefix: every wave starts with the value */
        int w0 = rv->reg.wave < 0 ? 0 : rv->reg.wave, w1 = rv->reg.wave < 0 ? nw - 1 : w0;
        for (int w = w0; w <= w1; w++) {
            if ((rc = gpuref_wave_select(m, (unsigned)w))) {
                reg_name(&rv->reg, rn, sizeof rn);
                return diag_at(d, t->path, rc, rv->loc, "init.regs: %s: wave %d: %s", rn, w,
                               gpuref_model_error(m));
            }
            for (unsigned l = rv->reg.lane_lo; l <= rv->reg.lane_hi; l++) {
                rc = gpuref_reg_set(m, rv->reg.file, rv->reg.index, l,
                                    gpuref_vec_regval_lane(rv, l));
                if (rc) {
                    char why[GPUREF_ERRLEN];
                    snprintf(why, sizeof why, "%s", gpuref_model_error(m));
                    reg_name(&rv->reg, rn, sizeof rn);
                    gpuref_wave_select(m, 0);
                    return diag_at(d, t->path, rc, rv->loc, "init.regs: %s lane %u: %s", rn, l,
                                   why);
                }
            }
        }
    }
    gpuref_wave_select(m, 0);
    return GPUREF_OK;
}

/* Every lane that init.regs sets must hold what is written: a register the
 * model of this config drops writes to (NV50 r at or above gprs, read-only
 * registers) is an error at load, not a surprise at run time.  Probed on the
 * scratch model with two different values, then restored. */
static int check_writable(loader *c, const gpuref_vec_test *t)
{
    char rn[64];
    for (size_t i = 0; i < t->ninit_regs; i++) {
        const gpuref_vec_regval *rv = &t->init_regs[i];
        const gpuref_vec_reg *r = &rv->reg;
        gpuref_wave_select(c->m, r->wave < 0 ? 0 : (unsigned)r->wave);
        for (unsigned l = r->lane_lo; l <= r->lane_hi; l++) {
            uint64_t old = 0, a = 0, b = 0;
            uint64_t mask = r->width >= 64 ? ~0ull : (1ull << r->width) - 1;
            if (gpuref_reg_get(c->m, r->file, r->index, l, &old) ||
                gpuref_reg_set(c->m, r->file, r->index, l, old ^ mask) ||
                gpuref_reg_get(c->m, r->file, r->index, l, &a) ||
                gpuref_reg_set(c->m, r->file, r->index, l, old) ||
                gpuref_reg_get(c->m, r->file, r->index, l, &b))
                continue;                   /* refused writes are reported by apply */
            if (a == b) {
                gpuref_wave_select(c->m, 0);
                reg_name(r, rn, sizeof rn);
                return diag_at(c->d, c->path, GPUREF_ERR_RANGE, rv->loc,
                               "init.regs: %s lane %u: the model of this config ignores "
                               "writes to it (out of range for the config, or read-only)",
                               rn, l);
            }
        }
    }
    gpuref_wave_select(c->m, 0);
    return GPUREF_OK;
}

static int valid_name(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || is_digit(*s) ||
              *s == '_' || *s == '.' || *s == '-'))
            return 0;
    return 1;
}

enum { TK_NAME, TK_COMMENT, TK_CONFIG, TK_BASE, TK_MAX, TK_INIT, TK_PROGRAM, TK_WORDS,
       TK_EXPECT, TK_N };
static const keydef test_keys[TK_N] = {
    [TK_NAME] = { "name", 1 },      [TK_COMMENT] = { "comment", 0 },
    [TK_CONFIG] = { "config", 0 },  [TK_BASE] = { "base", 0 },
    [TK_MAX] = { "max_steps", 0 },  [TK_INIT] = { "init", 0 },
    [TK_PROGRAM] = { "program", 0 }, [TK_WORDS] = { "words", 0 },
    [TK_EXPECT] = { "expect", 1 },
};
static const keydef init_keys[] = { { "regs", 0 }, { "mem", 0 } };
enum { EK_REGS, EK_MEM, EK_STEPS, EK_ERROR, EK_TRACE, EK_N };
static const keydef expect_keys[EK_N] = {
    [EK_REGS] = { "regs", 0 },   [EK_MEM] = { "mem", 0 },     [EK_STEPS] = { "steps", 0 },
    [EK_ERROR] = { "error", 0 }, [EK_TRACE] = { "trace", 0 },
};
static const keydef trace_keys[] = { { "step", 1 }, { "pc", 0 }, { "regs", 0 },
                                     { "wave", 0 } };

static int get_trace(loader *c, gpuref_vec_test *t, const yaml_node_t *n)
{
    if (!n || n->type != YAML_SEQUENCE_NODE)
        return err_at(c, n, GPUREF_ERR_PARSE, "expect.trace: expected a list, found %s", kind(n));
    size_t ne = seq_len(n);
    if (ne == 0)
        return GPUREF_OK;
    if (!(t->trace = calloc(ne, sizeof *t->trace)))
        return err_at(c, n, GPUREF_ERR_NOMEM, "out of memory");
    t->ntrace = ne;
    for (size_t i = 0; i < ne; i++) {
        yaml_node_t *it = node(c, n->data.sequence.items.start[i]), *v[4], *k[4];
        gpuref_vec_trace *e = &t->trace[i];
        int rc = get_map(c, it, "trace entry", trace_keys, 4, v, k);
        if (!rc)
            rc = get_uint(c, v[0], "step", &e->step);
        if (rc)
            return rc;
        e->loc = loc_of(it);
        if (v[3]) {
            uint64_t w = 0;
            int nw = gpuref_wave_count(c->m);
            if ((rc = get_uint(c, v[3], "wave", &w)))
                return rc;
            if (w >= (uint64_t)(nw < 1 ? 1 : nw))
                return err_at(c, v[3], GPUREF_ERR_RANGE,
                              "trace: wave %llu out of range (the config has %d wave%s; set "
                              "waves=N)", (unsigned long long)w, nw, nw == 1 ? "" : "s");
            e->wave = (unsigned)w;
        }
        if (i > 0 && (e->step < t->trace[i - 1].step ||
                      (e->step == t->trace[i - 1].step && e->wave <= t->trace[i - 1].wave))) {
            if (e->wave == 0 && t->trace[i - 1].wave == 0)
                return err_at(c, v[0], GPUREF_ERR_PARSE,
                              "trace: step %llu must be greater than the previous entry's %llu",
                              (unsigned long long)e->step,
                              (unsigned long long)t->trace[i - 1].step);
            return err_at(c, v[0], GPUREF_ERR_PARSE,
                          "trace: (step %llu, wave %u) must come after the previous entry's "
                          "(step %llu, wave %u): order entries by step, then wave",
                          (unsigned long long)e->step, e->wave,
                          (unsigned long long)t->trace[i - 1].step, t->trace[i - 1].wave);
        }
        if (!v[1] && !v[2])
            return err_at(c, it, GPUREF_ERR_PARSE, "trace entry: needs pc or regs");
        if (v[1]) {
            e->has_pc = 1;
            if ((rc = get_hex(c, v[1], "pc", &e->pc)))
                return rc;
        }
        c->trace_wave1 = (int)e->wave + 1;
        if (v[2])
            rc = get_regs(c, v[2], "trace regs", &e->regs, &e->nregs);
        c->trace_wave1 = 0;
        if (rc)
            return rc;
    }
    return GPUREF_OK;
}

static int get_test(loader *c, gpuref_vec_test *t, const yaml_node_t *n)
{
    char b[64];
    yaml_node_t *v[TK_N], *k[TK_N];
    int rc = get_map(c, n, "test", test_keys, TK_N, v, k);
    if (rc)
        return rc;
    t->loc = loc_of(n);
    if ((rc = get_str(c, v[TK_NAME], "name", &t->name)))
        return rc;
    if (!valid_name(t->name))
        return err_at(c, v[TK_NAME], GPUREF_ERR_PARSE,
                      "name: '%s' is not a valid test name ([A-Za-z0-9_.-]+)",
                      show(t->name, b, sizeof b));
    if (v[TK_COMMENT] && (rc = get_str(c, v[TK_COMMENT], "comment", &t->comment)))
        return rc;
    t->config_loc = t->loc;
    if (v[TK_CONFIG]) {
        if ((rc = get_str(c, v[TK_CONFIG], "config", &t->config)))
            return rc;
        t->config_loc = loc_of(v[TK_CONFIG]);
        /* a key given twice (gpuref_config_next refuses it, leaving the key
         * read): say which; a malformed text is left to the model's message */
        size_t pos = 0;
        char key[64], val[128];
        for (;;) {
            key[0] = '\0';
            int r = gpuref_config_next(t->config, &pos, key, sizeof key, val, sizeof val);
            if (r > 0)
                continue;
            if (r < 0 && key[0])
                return err_at(c, v[TK_CONFIG], GPUREF_ERR_CONFIG,
                              "config: key '%s' given twice", show(key, b, sizeof b));
            break;
        }
    }
    if ((rc = scratch_for(c, t->config, v[TK_CONFIG] ? v[TK_CONFIG] : n)))
        return rc;
    t->base_loc = t->loc;
    if (v[TK_BASE]) {
        if ((rc = get_hex(c, v[TK_BASE], "base", &t->base)))
            return rc;
        t->base_loc = loc_of(v[TK_BASE]);
    }
    t->max_steps = GPUREF_VEC_DEFAULT_MAX_STEPS;
    if (v[TK_MAX]) {
        if ((rc = get_uint(c, v[TK_MAX], "max_steps", &t->max_steps)))
            return rc;
        if (t->max_steps == 0 || t->max_steps > GPUREF_VEC_MAX_STEPS_LIMIT)
            return err_at(c, v[TK_MAX], GPUREF_ERR_RANGE, "max_steps: %llu out of range (1..%llu)",
                          (unsigned long long)t->max_steps,
                          (unsigned long long)GPUREF_VEC_MAX_STEPS_LIMIT);
    }
    if (v[TK_INIT]) {
        yaml_node_t *iv[2], *ik[2];
        if ((rc = get_map(c, v[TK_INIT], "init", init_keys, 2, iv, ik)))
            return rc;
        if (iv[0] && (rc = get_regs(c, iv[0], "init.regs", &t->init_regs, &t->ninit_regs)))
            return rc;
        if (iv[1] && (rc = get_mem(c, iv[1], "init.mem", 1, &t->init_mem, &t->ninit_mem)))
            return rc;
        if ((rc = check_writable(c, t)))
            return rc;
    }
    if (v[TK_PROGRAM] && v[TK_WORDS]) {
        const yaml_node_t *second =
            loc_of(k[TK_PROGRAM]).line > loc_of(k[TK_WORDS]).line ? k[TK_PROGRAM] : k[TK_WORDS];
        return err_at(c, second, GPUREF_ERR_PARSE,
                      "test '%s': give either program or words, not both", t->name);
    }
    if (!v[TK_PROGRAM] && !v[TK_WORDS])
        return err_at(c, n, GPUREF_ERR_PARSE, "test '%s': missing program or words", t->name);
    if (v[TK_PROGRAM]) {
        if ((rc = get_program(c, t, v[TK_PROGRAM])))
            return rc;
    } else {
        if ((rc = get_words(c, v[TK_WORDS], "words", &t->words, &t->nwords)))
            return rc;
        t->words_loc = loc_of(v[TK_WORDS]);
    }

    yaml_node_t *ev[EK_N], *ek[EK_N];
    if ((rc = get_map(c, v[TK_EXPECT], "expect", expect_keys, EK_N, ev, ek)))
        return rc;
    if (ev[EK_REGS] && (rc = get_regs(c, ev[EK_REGS], "expect.regs", &t->exp_regs,
                                      &t->nexp_regs)))
        return rc;
    if (ev[EK_MEM] && (rc = get_mem(c, ev[EK_MEM], "expect.mem", 0, &t->exp_mem, &t->nexp_mem)))
        return rc;
    if (ev[EK_STEPS]) {
        if ((rc = get_uint(c, ev[EK_STEPS], "steps", &t->steps)))
            return rc;
        t->has_steps = 1;
        t->steps_loc = loc_of(ev[EK_STEPS]);
    }
    if (ev[EK_ERROR]) {
        if ((rc = get_str(c, ev[EK_ERROR], "error", &t->error)))
            return rc;
        if (!t->error[0])
            return err_at(c, ev[EK_ERROR], GPUREF_ERR_PARSE,
                          "error: give the text the error message must contain");
        t->error_loc = loc_of(ev[EK_ERROR]);
    }
    if (ev[EK_TRACE] && (rc = get_trace(c, t, ev[EK_TRACE])))
        return rc;
    if (t->nexp_regs + t->nexp_mem + t->ntrace == 0 && !t->has_steps && !t->error)
        return err_at(c, v[TK_EXPECT], GPUREF_ERR_PARSE,
                      "expect: needs at least one expectation (regs, mem, steps, error, trace)");
    if (t->has_steps && t->ntrace && t->trace[t->ntrace - 1].step >= t->steps)
        return diag_at(c->d, c->path, GPUREF_ERR_RANGE, t->trace[t->ntrace - 1].loc,
                       "trace: step %llu is not below steps (%llu)",
                       (unsigned long long)t->trace[t->ntrace - 1].step,
                       (unsigned long long)t->steps);
    /* trial setup on the scratch model */
    return apply(t, c->m, c->d);
}

enum { FK_ISA, FK_COMMENT, FK_SEED, FK_TESTS, FK_N };
static const keydef file_keys[FK_N] = {
    [FK_ISA] = { "isa", 1 }, [FK_COMMENT] = { "comment", 0 }, [FK_SEED] = { "seed", 0 },
    [FK_TESTS] = { "tests", 1 },
};

static int get_file(loader *c, gpuref_vec_file *f, const yaml_node_t *root)
{
    char b[64];
    yaml_node_t *v[FK_N], *k[FK_N];
    int rc = get_map(c, root, "the file", file_keys, FK_N, v, k);
    if (rc)
        return rc;
    if ((rc = get_str(c, v[FK_ISA], "isa", &f->isa)))
        return rc;
    if (!gpuref_isa_find(f->isa))
        return err_at(c, v[FK_ISA], GPUREF_ERR_CONFIG, "unknown ISA '%s' (known: %s)",
                      show(f->isa, b, sizeof b), gpuref_isa_list());
    c->isa = f->isa;
    if (v[FK_COMMENT] && (rc = get_str(c, v[FK_COMMENT], "comment", &f->comment)))
        return rc;
    if (v[FK_SEED]) {
        if ((rc = get_uint(c, v[FK_SEED], "seed", &f->seed)))
            return rc;
        f->has_seed = 1;
    }
    const yaml_node_t *tn = v[FK_TESTS];
    if (tn->type != YAML_SEQUENCE_NODE)
        return err_at(c, tn, GPUREF_ERR_PARSE, "tests: expected a list of tests, found %s",
                      kind(tn));
    size_t nt = seq_len(tn);
    if (nt == 0)
        return err_at(c, tn, GPUREF_ERR_PARSE, "tests: empty list (at least one test)");
    if (!(f->tests = calloc(nt, sizeof *f->tests)))
        return err_at(c, tn, GPUREF_ERR_NOMEM, "out of memory");
    f->ntests = nt;
    strset names = { 0, 0, NULL, NULL };
    for (size_t i = 0; i < nt && !rc; i++) {
        gpuref_vec_test *t = &f->tests[i];
        t->path = f->path;
        yaml_node_t *tv = node(c, tn->data.sequence.items.start[i]);
        if ((rc = get_test(c, t, tv)))
            break;
        unsigned prev = 0;
        int added = strset_add(&names, t->name, t->loc.line, &prev);
        if (added < 0)
            rc = err_at(c, tv, GPUREF_ERR_NOMEM, "out of memory");
        else if (added == 0)
            rc = err_at(c, tv, GPUREF_ERR_PARSE, "duplicate test name '%s' (first at line %u)",
                        t->name, prev);
    }
    strset_free(&names);
    return rc;
}

/* Line/col (1-based) of a byte offset of the raw text. */
static gpuref_vec_loc offset_loc(const loader *c, size_t off)
{
    gpuref_vec_loc l = { 1, 1 };
    for (size_t i = 0; i < off && i < c->len; i++) {
        if (is_break(c, i)) {
            l.line++;
            l.col = 1;
        } else if (((unsigned char)c->text[i] & 0xc0) != 0x80) {
            l.col++;
        }
    }
    return l;
}

/* Refuse absurd flow nesting ('[' '{' outside comments) before libyaml sees
 * it.  Quotes are not tracked: that can only undercount. */
static int check_flow_depth(loader *c)
{
    unsigned depth = 0;
    char prev = '\n';
    for (size_t i = 0; i < c->len; i++) {
        char ch = c->text[i];
        if (ch == '#' && (prev == ' ' || prev == '\t' || prev == '\n' || prev == '\r')) {
            while (i + 1 < c->len && c->text[i + 1] != '\n' && c->text[i + 1] != '\r')
                i++;
            prev = '\n';
            continue;
        }
        if (ch == '[' || ch == '{') {
            if (++depth > MAX_FLOW_DEPTH)
                return diag_at(c->d, c->path, GPUREF_ERR_PARSE, offset_loc(c, i),
                               "YAML: collections nested deeper than %d levels",
                               MAX_FLOW_DEPTH);
        } else if ((ch == ']' || ch == '}') && depth > 0) {
            depth--;
        }
        prev = ch;
    }
    return GPUREF_OK;
}

static int yaml_problem(loader *c, const yaml_parser_t *p)
{
    if (p->error == YAML_MEMORY_ERROR)
        return diag_at(c->d, c->path, GPUREF_ERR_NOMEM, (gpuref_vec_loc){ 0, 0 },
                       "out of memory while reading YAML");
    const char *problem = p->problem ? p->problem : "unknown problem";
    if (p->error == YAML_READER_ERROR) {
        gpuref_vec_loc l = offset_loc(c, p->problem_offset);
        if (p->problem_value != -1)
            return diag_at(c->d, c->path, GPUREF_ERR_PARSE, l, "YAML: %s (#%x)", problem,
                           (unsigned)p->problem_value);
        return diag_at(c->d, c->path, GPUREF_ERR_PARSE, l, "YAML: %s", problem);
    }
    gpuref_vec_loc l = { (unsigned)p->problem_mark.line + 1,
                         (unsigned)p->problem_mark.column + 1 };
    if (p->context)
        return diag_at(c->d, c->path, GPUREF_ERR_PARSE, l, "YAML: %s %s started at line %u",
                       problem, p->context, (unsigned)p->context_mark.line + 1);
    return diag_at(c->d, c->path, GPUREF_ERR_PARSE, l, "YAML: %s", problem);
}

int gpuref_vec_load_string(const char *name, const char *text, size_t len,
                           gpuref_vec_file **out, gpuref_diag *d)
{
    if (!name)
        name = "<string>";
    if (!out || (!text && len))
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "%s: bad argument", name);
    *out = NULL;
    if (!text)
        text = "";
    loader c;
    memset(&c, 0, sizeof c);
    c.path = name;
    c.text = text;
    c.len = len;
    c.d = d;

    gpuref_vec_file *f = calloc(1, sizeof *f);
    if (!f || !(f->path = gpuref_dupn(name, strlen(name)))) {
        free(f);
        return diag_at(d, name, GPUREF_ERR_NOMEM, (gpuref_vec_loc){ 0, 0 }, "out of memory");
    }
    c.path = f->path;

    int rc = check_flow_depth(&c);
    if (rc) {
        gpuref_vec_free(f);
        return rc;
    }
    yaml_parser_t parser;
    yaml_document_t doc;
    if (!yaml_parser_initialize(&parser)) {
        gpuref_vec_free(f);
        return diag_at(d, name, GPUREF_ERR_NOMEM, (gpuref_vec_loc){ 0, 0 }, "out of memory");
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    if (!yaml_parser_load(&parser, &doc)) {  /* the loader deletes doc on failure */
        rc = yaml_problem(&c, &parser);
    } else {
        c.doc = &doc;
        yaml_node_t *root = yaml_document_get_root_node(&doc);
        if (!root) {
            rc = diag_at(d, c.path, GPUREF_ERR_PARSE, (gpuref_vec_loc){ 1, 1 },
                         "empty file: expected a mapping with 'isa' and 'tests'");
        } else {
            yaml_document_t doc2;
            if (!yaml_parser_load(&parser, &doc2)) {
                rc = yaml_problem(&c, &parser);
            } else {
                yaml_node_t *r2 = yaml_document_get_root_node(&doc2);
                rc = r2 ? diag_at(d, c.path, GPUREF_ERR_PARSE,
                                  (gpuref_vec_loc){ (unsigned)doc2.start_mark.line + 1,
                                                    (unsigned)doc2.start_mark.column + 1 },
                                  "a second YAML document: one document per file")
                        : GPUREF_OK;
                yaml_document_delete(&doc2);
            }
            if (rc == GPUREF_OK)
                rc = get_file(&c, f, root);
        }
        yaml_document_delete(&doc);
    }
    yaml_parser_delete(&parser);
    gpuref_model_destroy(c.m);
    free(c.mcfg);
    if (rc != GPUREF_OK) {
        gpuref_vec_free(f);
        return rc;
    }
    *out = f;
    if (d) {
        d->status = GPUREF_OK;
        d->line = d->col = 0;
        d->msg[0] = '\0';
    }
    return GPUREF_OK;
}

int gpuref_vec_load(const char *path, gpuref_vec_file **out, gpuref_diag *d)
{
    if (out)
        *out = NULL;
    if (!path || !out)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    const gpuref_vec_loc none = { 0, 0 };
    FILE *fp = gpuref_fopen_read(path);
    if (!fp)
        return diag_at(d, path, GPUREF_ERR_IO, none, "cannot open: %s", strerror(errno));
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    int rc = GPUREF_OK;
    while (buf) {
        if (n == cap) {
            if (cap >= MAX_FILE_BYTES) {
                rc = diag_at(d, path, GPUREF_ERR_IO, none, "file larger than %zu MiB",
                             MAX_FILE_BYTES >> 20);
                break;
            }
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
        size_t k = fread(buf + n, 1, cap - n, fp);
        n += k;
        if (k == 0) {
            if (ferror(fp))
                rc = diag_at(d, path, GPUREF_ERR_IO, none, "cannot read: %s", strerror(errno));
            break;
        }
    }
    fclose(fp);
    if (!buf)
        return diag_at(d, path, GPUREF_ERR_NOMEM, none, "out of memory");
    if (rc == GPUREF_OK)
        rc = gpuref_vec_load_string(path, buf, n, out, d);
    free(buf);
    return rc;
}

/* ------------------------------------------------------------ streaming
 * gpuref_vec_open checks the whole file as gpuref_vec_load does (same errors,
 * same order: YAML syntax anywhere, the file's keys, isa, comment, seed, the
 * shape of tests, then each test in order) holding one test at a time;
 * gpuref_vec_next then parses the file again and hands out its tests one by
 * one.  The file is mapped, and the pages behind the current test are given
 * back, so memory is bounded by the largest test (plus the test names, kept
 * to find duplicates), not by the file.  Each test becomes a small libyaml
 * document built from parser events, so every check is the loader's own. */

typedef struct anchor_ent {
    char *name;
    int   id;
} anchor_ent;

typedef struct builder {
    yaml_document_t doc;
    anchor_ent     *a;
    size_t          n, cap;
    struct builder *keep;        /* anchored nodes of earlier tests (or NULL) */
} builder;

static void builder_init(builder *b, builder *keep)
{
    memset(b, 0, sizeof *b);
    yaml_document_initialize(&b->doc, NULL, NULL, NULL, 1, 1);
    b->keep = keep;
}

static int add_anchor(builder *b, const char *name, int id)
{
    if (b->n == b->cap) {
        size_t nc = b->cap ? 2 * b->cap : 8;
        anchor_ent *na = realloc(b->a, nc * sizeof *na);
        if (!na)
            return -1;
        b->a = na;
        b->cap = nc;
    }
    if (!(b->a[b->n].name = gpuref_dupn(name, strlen(name))))
        return -1;
    b->a[b->n++].id = id;
    return 0;
}

/* Copy node id of document from (and its children) into document to. */
static int copy_node(yaml_document_t *from, int id, yaml_document_t *to, unsigned depth)
{
    yaml_node_t *n = yaml_document_get_node(from, id);
    if (!n || depth > 2 * MAX_FLOW_DEPTH)
        return 0;
    int nid = 0;
    if (n->type == YAML_SCALAR_NODE)
        nid = yaml_document_add_scalar(to, n->tag, n->data.scalar.value,
                                       (int)n->data.scalar.length, n->data.scalar.style);
    else if (n->type == YAML_SEQUENCE_NODE)
        nid = yaml_document_add_sequence(to, n->tag, n->data.sequence.style);
    else if (n->type == YAML_MAPPING_NODE)
        nid = yaml_document_add_mapping(to, n->tag, n->data.mapping.style);
    if (!nid)
        return 0;
    yaml_node_t *m = yaml_document_get_node(to, nid);
    m->start_mark = n->start_mark;
    m->end_mark = n->end_mark;
    if (n->type == YAML_SEQUENCE_NODE) {
        for (size_t i = 0; i < (size_t)(n->data.sequence.items.top - n->data.sequence.items.start); i++) {
            int c = copy_node(from, yaml_document_get_node(from, id)->data.sequence.items.start[i],
                              to, depth + 1);
            if (!c || !yaml_document_append_sequence_item(to, nid, c))
                return 0;
        }
    } else if (n->type == YAML_MAPPING_NODE) {
        size_t np = (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
        for (size_t i = 0; i < np; i++) {
            yaml_node_pair_t pr = yaml_document_get_node(from, id)->data.mapping.pairs.start[i];
            int kc = copy_node(from, pr.key, to, depth + 1);
            int vc = kc ? copy_node(from, pr.value, to, depth + 1) : 0;
            if (!vc || !yaml_document_append_mapping_pair(to, nid, kc, vc))
                return 0;
        }
    }
    return nid;
}

/* Keep the anchored nodes of b (a test done) for aliases in later tests. */
static int keep_anchors(builder *b)
{
    for (size_t i = 0; b->keep && i < b->n; i++) {
        int id = copy_node(&b->doc, b->a[i].id, &b->keep->doc, 0);
        if (!id || add_anchor(b->keep, b->a[i].name, id))
            return -1;
    }
    return 0;
}

static void builder_free(builder *b)
{
    for (size_t i = 0; i < b->n; i++)
        free(b->a[i].name);
    free(b->a);
    yaml_document_delete(&b->doc);
    memset(b, 0, sizeof *b);
}

static gpuref_vec_loc mark_loc(yaml_mark_t m)
{
    gpuref_vec_loc l = { (unsigned)m.line + 1, (unsigned)m.column + 1 };
    return l;
}

static int ev_next(loader *c, yaml_parser_t *p, yaml_event_t *ev)
{
    if (!yaml_parser_parse(p, ev)) {
        memset(ev, 0, sizeof *ev);
        return yaml_problem(c, p);
    }
    return GPUREF_OK;
}

/* Consume the rest of the node that starts with *ev (deleted here). */
static int skip_node(loader *c, yaml_parser_t *p, yaml_event_t *ev)
{
    int depth = ev->type == YAML_SEQUENCE_START_EVENT || ev->type == YAML_MAPPING_START_EVENT;
    yaml_event_delete(ev);
    while (depth > 0) {
        yaml_event_t e;
        int rc = ev_next(c, p, &e);
        if (rc)
            return rc;
        if (e.type == YAML_SEQUENCE_START_EVENT || e.type == YAML_MAPPING_START_EVENT)
            depth++;
        else if (e.type == YAML_SEQUENCE_END_EVENT || e.type == YAML_MAPPING_END_EVENT)
            depth--;
        yaml_event_delete(&e);
    }
    return GPUREF_OK;
}

/* Add the node that starts with *ev (deleted here) and its children to b;
 * *id = its node id. */
static int build_node(loader *c, yaml_parser_t *p, yaml_event_t *ev, builder *b, int *id,
                      unsigned depth)
{
    int nid = 0, rc = GPUREF_OK;
    yaml_char_t *anchor = NULL;
    yaml_event_type_t type = ev->type;
    *id = 0;
    if (depth > 2 * MAX_FLOW_DEPTH) {
        rc = diag_at(c->d, c->path, GPUREF_ERR_PARSE, mark_loc(ev->start_mark),
                     "YAML: collections nested deeper than %d levels", 2 * MAX_FLOW_DEPTH);
        yaml_event_delete(ev);
        return rc;
    }
    switch (type) {
    case YAML_ALIAS_EVENT:
        for (size_t i = b->n; i-- > 0;)
            if (strcmp(b->a[i].name, (const char *)ev->data.alias.anchor) == 0) {
                nid = b->a[i].id;
                break;
            }
        for (size_t i = b->keep ? b->keep->n : 0; !nid && i-- > 0;)
            if (strcmp(b->keep->a[i].name, (const char *)ev->data.alias.anchor) == 0) {
                nid = copy_node(&b->keep->doc, b->keep->a[i].id, &b->doc, 0);
                if (!nid) {
                    yaml_event_delete(ev);
                    return diag_at(c->d, c->path, GPUREF_ERR_NOMEM, (gpuref_vec_loc){ 0, 0 },
                                   "out of memory");
                }
            }
        if (!nid)
            rc = diag_at(c->d, c->path, GPUREF_ERR_PARSE, mark_loc(ev->start_mark),
                         "YAML: found undefined alias");
        yaml_event_delete(ev);
        *id = nid;
        return rc;
    case YAML_SCALAR_EVENT:
        nid = yaml_document_add_scalar(&b->doc, ev->data.scalar.tag, ev->data.scalar.value,
                                       (int)ev->data.scalar.length, ev->data.scalar.style);
        anchor = ev->data.scalar.anchor;
        break;
    case YAML_SEQUENCE_START_EVENT:
        nid = yaml_document_add_sequence(&b->doc, ev->data.sequence_start.tag,
                                         ev->data.sequence_start.style);
        anchor = ev->data.sequence_start.anchor;
        break;
    case YAML_MAPPING_START_EVENT:
        nid = yaml_document_add_mapping(&b->doc, ev->data.mapping_start.tag,
                                        ev->data.mapping_start.style);
        anchor = ev->data.mapping_start.anchor;
        break;
    default:
        rc = diag_at(c->d, c->path, GPUREF_ERR_PARSE, mark_loc(ev->start_mark),
                     "YAML: unexpected event");
        yaml_event_delete(ev);
        return rc;
    }
    if (!nid) {
        yaml_event_delete(ev);
        return diag_at(c->d, c->path, GPUREF_ERR_NOMEM, mark_loc(ev->start_mark), "out of memory");
    }
    yaml_node_t *n = yaml_document_get_node(&b->doc, nid);
    n->start_mark = ev->start_mark;
    n->end_mark = ev->end_mark;
    if (anchor && add_anchor(b, (const char *)anchor, nid)) {
        yaml_event_delete(ev);
        return diag_at(c->d, c->path, GPUREF_ERR_NOMEM, (gpuref_vec_loc){ 0, 0 },
                       "out of memory");
    }
    yaml_event_delete(ev);
    while (type != YAML_SCALAR_EVENT) {
        yaml_event_t e;
        if ((rc = ev_next(c, p, &e)))
            return rc;
        if (e.type == YAML_SEQUENCE_END_EVENT || e.type == YAML_MAPPING_END_EVENT) {
            yaml_document_get_node(&b->doc, nid)->end_mark = e.end_mark;
            yaml_event_delete(&e);
            break;
        }
        int kid = 0, vid = 0;
        if ((rc = build_node(c, p, &e, b, &kid, depth + 1)))
            return rc;
        if (type == YAML_SEQUENCE_START_EVENT) {
            if (!yaml_document_append_sequence_item(&b->doc, nid, kid))
                return diag_at(c->d, c->path, GPUREF_ERR_NOMEM, (gpuref_vec_loc){ 0, 0 },
                               "out of memory");
            continue;
        }
        if ((rc = ev_next(c, p, &e)) || (rc = build_node(c, p, &e, b, &vid, depth + 1)))
            return rc;
        if (!yaml_document_append_mapping_pair(&b->doc, nid, kid, vid))
            return diag_at(c->d, c->path, GPUREF_ERR_NOMEM, (gpuref_vec_loc){ 0, 0 },
                           "out of memory");
    }
    *id = nid;
    return GPUREF_OK;
}

struct gpuref_vec_stream {
    loader          c;
    gpuref_diag     dd;          /* the loader's diagnostics */
    gpuref_vec_file f;           /* path, isa, comment, seed, ntests; tests NULL */
    char           *text;        /* the file: mapped, or read (not mappable) */
    size_t          len;
    int             mapped;
    size_t          released;    /* pages below this offset given back */
    yaml_parser_t   p;
    int             live;        /* p initialised */
    int             in_tests;    /* inside the tests list */
    int             done;
    gpuref_vec_test t;           /* the current test */
    builder         keep;        /* anchored nodes, for aliases in later tests */
};

/* Give back the mapped pages wholly before byte offset off. */
static void stream_release(gpuref_vec_stream *s, size_t off)
{
#ifdef MADV_DONTNEED
    if (!s->mapped)
        return;
    long pg = sysconf(_SC_PAGESIZE);
    if (pg <= 0)
        return;
    size_t upto = off / (size_t)pg * (size_t)pg;
    if (upto > s->released + ((size_t)4 << 20)) {     /* in steps of 4 MiB or more */
        madvise(s->text + s->released, upto - s->released, MADV_DONTNEED);
        s->released = upto;
    }
#else
    (void)s;
    (void)off;
#endif
}

static int stream_parser(gpuref_vec_stream *s)
{
    if (s->live)
        yaml_parser_delete(&s->p);
    s->live = 0;
    if (!yaml_parser_initialize(&s->p))
        return diag_at(s->c.d, s->c.path, GPUREF_ERR_NOMEM, (gpuref_vec_loc){ 0, 0 },
                       "out of memory");
    s->live = 1;
    yaml_parser_set_input_string(&s->p, (const unsigned char *)s->text, s->len);
    s->c.cur_line = 0;
    builder_free(&s->keep);
    builder_init(&s->keep, NULL);
    return GPUREF_OK;
}

/* Build the test whose first event is *ev into s->t and check it. */
static int stream_test(gpuref_vec_stream *s, yaml_event_t *ev, int *yaml_err)
{
    builder b;
    int id = 0;
    *yaml_err = 0;
    size_t at = ev->start_mark.index;
    free_test(&s->t);
    memset(&s->t, 0, sizeof s->t);
    s->t.path = s->f.path;
    builder_init(&b, &s->keep);
    int rc = build_node(&s->c, &s->p, ev, &b, &id, 1);
    *yaml_err = rc != GPUREF_OK;
    if (rc == GPUREF_OK && keep_anchors(&b))
        rc = diag_at(s->c.d, s->c.path, GPUREF_ERR_NOMEM, (gpuref_vec_loc){ 0, 0 },
                     "out of memory");
    if (rc == GPUREF_OK) {
        s->c.doc = &b.doc;
        rc = get_test(&s->c, &s->t, yaml_document_get_node(&b.doc, id));
        s->c.doc = NULL;
    }
    builder_free(&b);
    stream_release(s, at);
    return rc;
}

enum { ER_MAP, ER_ISA, ER_COMMENT, ER_SEED, ER_TESTS, ER_TEST, ER_N };

typedef struct checker {
    gpuref_diag err[ER_N];
    int         has[ER_N];
    char      **names;           /* test names seen (owned) */
    size_t      nnames;
    strset      set;
} checker;

static void keep_err(checker *k, int which, const gpuref_diag *d)
{
    if (!k->has[which]) {
        k->err[which] = *d;
        k->has[which] = 1;
    }
}

/* One test of the check pass: checked, its name unique. */
static int check_test(gpuref_vec_stream *s, checker *k, yaml_event_t *ev, int *yaml_err)
{
    gpuref_vec_loc at = mark_loc(ev->start_mark);
    int rc = stream_test(s, ev, yaml_err);
    if (rc)
        return rc;
    char *nm = gpuref_dupn(s->t.name, strlen(s->t.name));
    char **nn = nm ? realloc(k->names, (k->nnames + 1) * sizeof *nn) : NULL;
    if (!nn) {
        free(nm);
        return diag_at(s->c.d, s->c.path, GPUREF_ERR_NOMEM, at, "out of memory");
    }
    k->names = nn;
    k->names[k->nnames++] = nm;
    unsigned prev = 0;
    int added = strset_add(&k->set, nm, s->t.loc.line, &prev);
    if (added < 0)
        return diag_at(s->c.d, s->c.path, GPUREF_ERR_NOMEM, at, "out of memory");
    if (added == 0)
        return diag_at(s->c.d, s->c.path, GPUREF_ERR_PARSE, at,
                       "duplicate test name '%s' (first at line %u)", nm, prev);
    return GPUREF_OK;
}

/* A top-level value (not tests) into a one-node document, checked as
 * get_file does; the first failure of its kind is kept. */
static int check_value(gpuref_vec_stream *s, checker *k, int key, yaml_event_t *ev)
{
    char b2[64];
    builder b;
    int id = 0;
    builder_init(&b, &s->keep);
    int rc = build_node(&s->c, &s->p, ev, &b, &id, 1);
    if (!rc && keep_anchors(&b))
        rc = diag_at(s->c.d, s->c.path, GPUREF_ERR_NOMEM, (gpuref_vec_loc){ 0, 0 },
                     "out of memory");
    if (rc) {
        builder_free(&b);
        return rc;                  /* YAML problems stop at once */
    }
    s->c.doc = &b.doc;
    yaml_node_t *n = yaml_document_get_node(&b.doc, id);
    gpuref_diag *d = s->c.d;
    int st = GPUREF_OK;
    if (key == FK_ISA) {
        char *isa = NULL;
        st = get_str(&s->c, n, "isa", &isa);
        if (!st && !gpuref_isa_find(isa))
            st = err_at(&s->c, n, GPUREF_ERR_CONFIG, "unknown ISA '%s' (known: %s)",
                        show(isa, b2, sizeof b2), gpuref_isa_list());
        if (!st) {
            free(s->f.isa);
            s->f.isa = isa;
            s->c.isa = isa;
        } else {
            free(isa);
            keep_err(k, ER_ISA, d);
        }
    } else if (key == FK_COMMENT) {
        free(s->f.comment);
        s->f.comment = NULL;
        if ((st = get_str(&s->c, n, "comment", &s->f.comment)))
            keep_err(k, ER_COMMENT, d);
    } else if (key == FK_SEED) {
        if ((st = get_uint(&s->c, n, "seed", &s->f.seed)))
            keep_err(k, ER_SEED, d);
        else
            s->f.has_seed = 1;
    }
    s->c.doc = NULL;
    builder_free(&b);
    return GPUREF_OK;
}

/* An anchor on the tests list itself: an alias to it inside a test is that
 * list, which no test can be; an empty list with its position stands for it. */
static int tests_anchor(gpuref_vec_stream *s, const yaml_event_t *e)
{
    if (!e->data.sequence_start.anchor)
        return 0;
    int id = yaml_document_add_sequence(&s->keep.doc, NULL, e->data.sequence_start.style);
    if (!id)
        return -1;
    yaml_document_get_node(&s->keep.doc, id)->start_mark = e->start_mark;
    return add_anchor(&s->keep, (const char *)e->data.sequence_start.anchor, id);
}

/* Skip events to the first item of the tests list (RUN pass); 1 when found. */
static int seek_tests(gpuref_vec_stream *s)
{
    yaml_event_t e;
    int rc;
    for (int i = 0; i < 3; i++) {       /* stream start, document start, mapping start */
        if ((rc = ev_next(&s->c, &s->p, &e)))
            return rc;
        yaml_event_delete(&e);
    }
    for (;;) {
        if ((rc = ev_next(&s->c, &s->p, &e)))
            return rc;
        if (e.type != YAML_SCALAR_EVENT) {
            yaml_event_delete(&e);
            return 0;
        }
        int is_tests = strcmp((const char *)e.data.scalar.value, "tests") == 0;
        yaml_event_delete(&e);
        if ((rc = ev_next(&s->c, &s->p, &e)))
            return rc;
        if (is_tests) {
            rc = e.type == YAML_SEQUENCE_START_EVENT && tests_anchor(s, &e)
                 ? diag_at(s->c.d, s->c.path, GPUREF_ERR_NOMEM, (gpuref_vec_loc){ 0, 0 },
                           "out of memory") : 1;
            yaml_event_delete(&e);
            return rc;
        }
        if ((rc = skip_node(&s->c, &s->p, &e)))
            return rc;
    }
}

/* The check pass: everything gpuref_vec_load checks, in its order. */
static int stream_check(gpuref_vec_stream *s)
{
    checker k;
    memset(&k, 0, sizeof k);
    yaml_event_t e;
    int rc, tests_before_isa = 0;
    size_t ntests = 0;
    gpuref_vec_loc root = { 1, 1 };
    gpuref_vec_loc seen[FK_N];
    memset(seen, 0, sizeof seen);
    if ((rc = stream_parser(s)) || (rc = ev_next(&s->c, &s->p, &e)))
        goto out;
    yaml_event_delete(&e);                              /* stream start */
    if ((rc = ev_next(&s->c, &s->p, &e)))
        goto out;
    if (e.type == YAML_STREAM_END_EVENT) {
        yaml_event_delete(&e);
        rc = diag_at(s->c.d, s->c.path, GPUREF_ERR_PARSE, (gpuref_vec_loc){ 1, 1 },
                     "empty file: expected a mapping with 'isa' and 'tests'");
        goto out;
    }
    yaml_event_delete(&e);                              /* document start */
    if ((rc = ev_next(&s->c, &s->p, &e)))
        goto out;
    int root_map = e.type == YAML_MAPPING_START_EVENT;
    if (!root_map) {                                    /* get_map says what it is */
        builder b;
        int id = 0;
        builder_init(&b, NULL);
        rc = build_node(&s->c, &s->p, &e, &b, &id, 1);
        if (!rc) {
            yaml_node_t *v[FK_N], *kk[FK_N];
            gpuref_diag *save = s->c.d;
            s->c.d = &k.err[ER_MAP];
            s->c.doc = &b.doc;
            get_map(&s->c, yaml_document_get_node(&b.doc, id), "the file", file_keys, FK_N, v,
                    kk);
            s->c.doc = NULL;
            s->c.d = save;
            k.has[ER_MAP] = 1;
        }
        builder_free(&b);
        if (rc)
            goto out;
    } else {
        root = mark_loc(e.start_mark);
        yaml_event_delete(&e);
    }
    while (root_map) {
        if ((rc = ev_next(&s->c, &s->p, &e)))
            goto out;
        if (e.type == YAML_MAPPING_END_EVENT) {
            yaml_event_delete(&e);
            break;
        }
        int key = -1;
        gpuref_vec_loc kl = mark_loc(e.start_mark);
        if (e.type != YAML_SCALAR_EVENT) {
            if (!k.has[ER_MAP]) {
                diag_at(&k.err[ER_MAP], s->c.path, GPUREF_ERR_PARSE, kl,
                        "the file: keys must be strings, found %s",
                        e.type == YAML_SEQUENCE_START_EVENT ? "a list"
                        : e.type == YAML_MAPPING_START_EVENT ? "a mapping" : "nothing");
                k.has[ER_MAP] = 1;
            }
            if ((rc = skip_node(&s->c, &s->p, &e)))
                goto out;
        } else {
            const char *kn = (const char *)e.data.scalar.value;
            size_t klen = e.data.scalar.length;
            for (int i = 0; i < FK_N; i++)
                if (strlen(file_keys[i].name) == klen && memcmp(file_keys[i].name, kn, klen) == 0)
                    key = i;
            if (key < 0 && !k.has[ER_MAP]) {
                char b2[64];
                diag_at(&k.err[ER_MAP], s->c.path, GPUREF_ERR_PARSE, kl,
                        "unknown key '%s' in the file (allowed: isa, comment, seed, tests)",
                        show(kn, b2, sizeof b2));
                k.has[ER_MAP] = 1;
            } else if (key >= 0 && seen[key].line && !k.has[ER_MAP]) {
                diag_at(&k.err[ER_MAP], s->c.path, GPUREF_ERR_PARSE, kl,
                        "duplicate key '%s' in the file (first at line %u)", file_keys[key].name,
                        seen[key].line);
                k.has[ER_MAP] = 1;
            }
            if (key >= 0 && seen[key].line)
                key = -2;                               /* a duplicate: not used */
            else if (key >= 0)
                seen[key] = kl;
            yaml_event_delete(&e);
        }
        if ((rc = ev_next(&s->c, &s->p, &e)))
            goto out;
        if (key < 0 || k.has[ER_MAP]) {
            if ((rc = skip_node(&s->c, &s->p, &e)))
                goto out;
        } else if (key != FK_TESTS) {
            if ((rc = check_value(s, &k, key, &e)))
                goto out;
        } else if (e.type != YAML_SEQUENCE_START_EVENT) {
            builder b;
            int id = 0;
            builder_init(&b, &s->keep);
            if (!(rc = build_node(&s->c, &s->p, &e, &b, &id, 1)))
                diag_at(&k.err[ER_TESTS], s->c.path, GPUREF_ERR_PARSE,
                        mark_loc(yaml_document_get_node(&b.doc, id)->start_mark),
                        "tests: expected a list of tests, found %s",
                        kind(yaml_document_get_node(&b.doc, id)));
            k.has[ER_TESTS] = !rc;
            builder_free(&b);
            if (rc)
                goto out;
        } else {
            gpuref_vec_loc tl = mark_loc(e.start_mark);
            if (tests_anchor(s, &e)) {
                yaml_event_delete(&e);
                rc = diag_at(s->c.d, s->c.path, GPUREF_ERR_NOMEM, tl, "out of memory");
                goto out;
            }
            yaml_event_delete(&e);
            tests_before_isa = !s->c.isa;
            for (;;) {
                if ((rc = ev_next(&s->c, &s->p, &e)))
                    goto out;
                if (e.type == YAML_SEQUENCE_END_EVENT) {
                    yaml_event_delete(&e);
                    break;
                }
                ntests++;
                if (tests_before_isa || k.has[ER_TEST] || k.has[ER_MAP] || k.has[ER_ISA] ||
                    k.has[ER_COMMENT] || k.has[ER_SEED]) {
                    if ((rc = skip_node(&s->c, &s->p, &e)))
                        goto out;
                    continue;
                }
                gpuref_diag td = { 0, 0, 0, "" };
                gpuref_diag *save = s->c.d;
                s->c.d = &td;
                int yerr = 0;
                int trc = check_test(s, &k, &e, &yerr);
                s->c.d = save;
                if (trc == GPUREF_ERR_NOMEM || yerr) {   /* YAML problems: at once */
                    *s->c.d = td;
                    rc = trc;
                    goto out;
                }
                if (trc)
                    keep_err(&k, ER_TEST, &td);
            }
            if (ntests == 0) {
                diag_at(&k.err[ER_TESTS], s->c.path, GPUREF_ERR_PARSE, tl,
                        "tests: empty list (at least one test)");
                k.has[ER_TESTS] = 1;
            }
        }
    }
    if ((rc = ev_next(&s->c, &s->p, &e)))               /* document end */
        goto out;
    yaml_event_delete(&e);
    if ((rc = ev_next(&s->c, &s->p, &e)))
        goto out;
    if (e.type == YAML_DOCUMENT_START_EVENT) {          /* a second document */
        gpuref_vec_loc dl = mark_loc(e.start_mark);
        yaml_event_delete(&e);
        if ((rc = ev_next(&s->c, &s->p, &e)))
            goto out;
        int node = e.type != YAML_DOCUMENT_END_EVENT;
        if ((rc = skip_node(&s->c, &s->p, &e)))
            goto out;
        if (node && !(rc = ev_next(&s->c, &s->p, &e)))  /* its end: problems in it first */
            yaml_event_delete(&e);
        if (rc)
            goto out;
        if (node) {
            rc = diag_at(s->c.d, s->c.path, GPUREF_ERR_PARSE, dl,
                         "a second YAML document: one document per file");
            goto out;
        }
    } else {
        yaml_event_delete(&e);
    }
    for (int i = 0; i < FK_N && !k.has[ER_MAP]; i++)
        if (file_keys[i].required && !seen[i].line) {
            diag_at(&k.err[ER_MAP], s->c.path, GPUREF_ERR_PARSE, root,
                    "the file: missing required key '%s'", file_keys[i].name);
            k.has[ER_MAP] = 1;
        }
    for (int i = 0; i < ER_N; i++)
        if (k.has[i]) {
            *s->c.d = k.err[i];
            rc = k.err[i].status ? k.err[i].status : GPUREF_ERR_PARSE;
            goto out;
        }
    s->f.ntests = ntests;
    if (tests_before_isa) {                             /* now that the ISA is known */
        if ((rc = stream_parser(s)) || (rc = seek_tests(s)) < 0)
            goto out;
        for (;;) {
            if ((rc = ev_next(&s->c, &s->p, &e)))
                goto out;
            if (e.type == YAML_SEQUENCE_END_EVENT) {
                yaml_event_delete(&e);
                break;
            }
            int yerr = 0;
            if ((rc = check_test(s, &k, &e, &yerr)))
                goto out;
        }
    }
    rc = GPUREF_OK;
out:
    free_test(&s->t);
    memset(&s->t, 0, sizeof s->t);
    for (size_t i = 0; i < k.nnames; i++)
        free(k.names[i]);
    free(k.names);
    strset_free(&k.set);
    return rc;
}

void gpuref_vec_close(gpuref_vec_stream *s)
{
    if (!s)
        return;
    if (s->live)
        yaml_parser_delete(&s->p);
    free_test(&s->t);
    builder_free(&s->keep);
    gpuref_model_destroy(s->c.m);
    free(s->c.mcfg);
    if (s->mapped)
        munmap(s->text, s->len ? s->len : 1);
    else
        free(s->text);
    free(s->f.path);
    free(s->f.isa);
    free(s->f.comment);
    free(s);
}

int gpuref_vec_open(const char *path, gpuref_vec_stream **out, gpuref_diag *d)
{
    if (out)
        *out = NULL;
    if (!path || !out)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    const gpuref_vec_loc none = { 0, 0 };
    gpuref_vec_stream *s = calloc(1, sizeof *s);
    if (!s || !(s->f.path = gpuref_dupn(path, strlen(path)))) {
        free(s);
        return diag_at(d, path, GPUREF_ERR_NOMEM, none, "out of memory");
    }
    s->c.path = s->f.path;
    s->c.d = d ? d : &s->dd;
    FILE *fp = gpuref_fopen_read(path);
    if (!fp) {
        int rc = diag_at(s->c.d, path, GPUREF_ERR_IO, none, "cannot open: %s", strerror(errno));
        gpuref_vec_close(s);
        return rc;
    }
    struct stat st;
    if (fstat(fileno(fp), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
        (uint64_t)st.st_size < (uint64_t)SIZE_MAX) {
        void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fileno(fp), 0);
        if (m != MAP_FAILED) {
            s->text = m;
            s->len = (size_t)st.st_size;
            s->mapped = 1;
        }
    }
    fclose(fp);
    if (!s->mapped) {                   /* a pipe, an empty file: read it whole */
        size_t n = 0;
        FILE *f2 = gpuref_fopen_read(path);
        char *buf = NULL;
        size_t cap = 0;
        int rc = GPUREF_OK;
        while (f2) {
            if (n + 4096 > cap) {
                if (cap >= MAX_FILE_BYTES) {
                    rc = diag_at(s->c.d, path, GPUREF_ERR_IO, none, "file larger than %zu MiB",
                                 MAX_FILE_BYTES >> 20);
                    break;
                }
                char *nb = realloc(buf, cap ? 2 * cap : 65536);
                if (!nb) {
                    rc = diag_at(s->c.d, path, GPUREF_ERR_NOMEM, none, "out of memory");
                    break;
                }
                buf = nb;
                cap = cap ? 2 * cap : 65536;
            }
            size_t k = fread(buf + n, 1, cap - n, f2);
            n += k;
            if (k == 0) {
                if (ferror(f2))
                    rc = diag_at(s->c.d, path, GPUREF_ERR_IO, none, "cannot read: %s",
                                 strerror(errno));
                break;
            }
        }
        if (!f2)
            rc = diag_at(s->c.d, path, GPUREF_ERR_IO, none, "cannot open: %s", strerror(errno));
        else
            fclose(f2);
        s->text = buf ? buf : calloc(1, 1);
        s->len = n;
        if (!rc && !s->text)
            rc = diag_at(s->c.d, path, GPUREF_ERR_NOMEM, none, "out of memory");
        if (rc) {
            gpuref_vec_close(s);
            return rc;
        }
    }
    s->c.text = s->text;
    s->c.len = s->len;
    int rc = check_flow_depth(&s->c);
    stream_release(s, s->len);
    s->released = 0;
    if (!rc)
        rc = stream_check(s);
    stream_release(s, s->len);
    s->released = 0;
    if (!rc)
        rc = stream_parser(s);
    if (!rc) {
        rc = seek_tests(s);
        rc = rc == 1 ? GPUREF_OK : rc ? rc : GPUREF_ERR_PARSE;
    }
    if (rc) {
        gpuref_vec_close(s);
        return rc;
    }
    s->in_tests = 1;
    *out = s;
    if (d) {
        d->status = GPUREF_OK;
        d->line = d->col = 0;
        d->msg[0] = '\0';
    }
    return GPUREF_OK;
}

const gpuref_vec_file *gpuref_vec_stream_file(const gpuref_vec_stream *s)
{
    return s ? &s->f : NULL;
}

int gpuref_vec_next(gpuref_vec_stream *s, const gpuref_vec_test **t, gpuref_diag *d)
{
    if (t)
        *t = NULL;
    if (!s || !t)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    if (s->done)
        return 0;
    s->c.d = d ? d : &s->dd;
    yaml_event_t e;
    int rc = ev_next(&s->c, &s->p, &e);
    if (rc)
        return rc;
    if (e.type == YAML_SEQUENCE_END_EVENT) {
        yaml_event_delete(&e);
        free_test(&s->t);
        memset(&s->t, 0, sizeof s->t);
        s->done = 1;
        return 0;
    }
    int yerr = 0;
    if ((rc = stream_test(s, &e, &yerr)))
        return rc;
    *t = &s->t;
    return 1;
}

const gpuref_vec_test *gpuref_vec_find_test(const gpuref_vec_file *f, const char *name)
{
    for (size_t i = 0; f && name && i < f->ntests; i++)
        if (strcmp(f->tests[i].name, name) == 0)
            return &f->tests[i];
    return NULL;
}

/* ------------------------------------------------------- setup, checks */

int gpuref_vec_setup(const gpuref_vec_file *f, const gpuref_vec_test *t, gpuref_model **m,
                     gpuref_diag *d)
{
    if (m)
        *m = NULL;
    if (!f || !t || !m)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    gpuref_diag md = { 0, 0, 0, "" };
    gpuref_model *mm = NULL;
    int rc = gpuref_model_create(f->isa, t->config, &mm, &md);
    if (rc)
        return diag_at(d, t->path, rc, t->config_loc, "config: %s",
                       md.msg[0] ? md.msg : gpuref_status_name(rc));
    if ((rc = apply(t, mm, d))) {
        gpuref_model_destroy(mm);
        return rc;
    }
    *m = mm;
    return GPUREF_OK;
}

int gpuref_vec_program(const gpuref_vec_file *f, const gpuref_vec_test *t, uint32_t **words,
                       size_t *nwords, gpuref_diag *d)
{
    if (words)
        *words = NULL;
    if (nwords)
        *nwords = 0;
    if (!f || !t || !words || !nwords)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    uint32_t *w = malloc(t->nwords ? t->nwords * sizeof *w : 1);
    if (!w)
        return gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
    if (t->nwords)
        memcpy(w, t->words, t->nwords * sizeof *w);
    *words = w;
    *nwords = t->nwords;
    return GPUREF_OK;
}

/* The failure report: lines "test: what (path:line:col)". */
typedef struct report {
    char *buf;
    size_t len, pos;
    int full;
} report;

static void rep_init(report *r, char *buf, size_t len)
{
    r->buf = len ? buf : NULL;
    r->len = buf ? len : 0;
    r->pos = 0;
    r->full = 0;
    if (r->buf)
        r->buf[0] = '\0';
}

static void rep_add(report *r, const gpuref_vec_test *t, gpuref_vec_loc loc, const char *fmt,
                    ...) __attribute__((format(printf, 4, 5)));
static void rep_add(report *r, const gpuref_vec_test *t, gpuref_vec_loc loc, const char *fmt,
                    ...)
{
    if (!r->buf || r->full)
        return;
    char what[512], line[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (loc.line)
        n = snprintf(line, sizeof line, "%s%s: %s (%s:%u:%u)", r->pos ? "\n" : "", t->name, what,
                     t->path, loc.line, loc.col);
    else
        n = snprintf(line, sizeof line, "%s%s: %s", r->pos ? "\n" : "", t->name, what);
    if (n < 0)
        return;
    size_t k = strlen(line);
    if (r->pos + k >= r->len) {
        k = r->len - 1 - r->pos;
        r->full = 1;
    }
    memcpy(r->buf + r->pos, line, k);
    r->pos += k;
    r->buf[r->pos] = '\0';
}

static int hexw(unsigned width) { return width >= 64 ? 16 : width ? (int)(width + 3) / 4 : 1; }

#define MAX_LANES_SHOWN 4

static int check_regval(report *r, const gpuref_vec_test *t, gpuref_model *m,
                        const gpuref_vec_regval *e, const char *prefix, int wave)
{
    int fails = 0;
    char rn[64];
    if (wave >= 0) {
        char n0[48];
        reg_name(&e->reg, n0, sizeof n0);
        snprintf(rn, sizeof rn, "w%d:%s", wave, n0);
    } else {
        reg_name(&e->reg, rn, sizeof rn);
    }
    int w = hexw(e->reg.width);
    unsigned bad = 0, shown = 0;
    for (unsigned l = e->reg.lane_lo; l <= e->reg.lane_hi; l++) {
        uint64_t exp = gpuref_vec_regval_lane(e, l), act = 0;
        char lane[24] = "";
        if (e->reg.lanes > 1)
            snprintf(lane, sizeof lane, " lane %u", l);
        if (gpuref_reg_get(m, e->reg.file, e->reg.index, l, &act) != GPUREF_OK) {
            rep_add(r, t, e->loc, "%s%s%s: cannot read: %s", prefix, rn, lane,
                    gpuref_model_error(m));
            bad++;
            shown++;
            break;
        }
        if (act == exp)
            continue;
        if (bad++ < MAX_LANES_SHOWN) {
            shown++;
            rep_add(r, t, e->loc, "%s%s%s: expected 0x%0*llx, actual 0x%0*llx", prefix, rn,
                    lane, w, (unsigned long long)exp, w, (unsigned long long)act);
        }
    }
    if (bad > shown)
        rep_add(r, t, e->loc, "%s%s: %u more lanes differ", prefix, rn, bad - shown);
    if (bad)
        fails++;
    return fails;
}


/* Registers without a wave prefix are checked on wave dflt, or on every
 * wave when dflt < 0. */
static int check_regvals(report *r, const gpuref_vec_test *t, gpuref_model *m,
                         const gpuref_vec_regval *rv, size_t n, const char *prefix, int dflt)
{
    int fails = 0, nw = gpuref_wave_count(m), sel = gpuref_wave_selected(m);
    for (size_t i = 0; i < n; i++) {
        const gpuref_vec_regval *e = &rv[i];
        int wave = e->reg.wave >= 0 ? e->reg.wave : dflt;
        int w0 = wave < 0 ? 0 : wave, w1 = wave < 0 ? nw - 1 : wave;
        for (int wv = w0; wv <= w1; wv++) {
            gpuref_wave_select(m, (unsigned)wv);
            fails += check_regval(r, t, m, e, prefix, nw > 1 && wave < 0 ? wv : -1);
        }
    }
    if (sel >= 0)
        gpuref_wave_select(m, (unsigned)sel);
    return fails;
}

/* One register on the selected wave; wave >= 0 is named in messages. */

static int check_mem(report *r, const gpuref_vec_test *t, gpuref_model *m)
{
    int fails = 0;
    for (size_t i = 0; i < t->nexp_mem; i++) {
        const gpuref_vec_mem *e = &t->exp_mem[i];
        uint8_t *b = malloc(e->nwords * 4);
        if (!b) {
            rep_add(r, t, e->loc, "mem %s: out of memory", e->space_name);
            fails++;
            continue;
        }
        if (gpuref_mem_read(m, e->space, e->addr, b, e->nwords * 4) != GPUREF_OK) {
            rep_add(r, t, e->loc, "mem %s[0x%llx]: cannot read: %s", e->space_name,
                    (unsigned long long)e->addr, gpuref_model_error(m));
            free(b);
            fails++;
            continue;
        }
        unsigned bad = 0;
        for (size_t j = 0; j < e->nwords; j++) {
            uint32_t act = (uint32_t)b[4 * j] | (uint32_t)b[4 * j + 1] << 8 |
                           (uint32_t)b[4 * j + 2] << 16 | (uint32_t)b[4 * j + 3] << 24;
            if (act == e->words[j])
                continue;
            if (bad++ < MAX_LANES_SHOWN)
                rep_add(r, t, e->loc, "mem %s[0x%llx]: expected 0x%08x, actual 0x%08x",
                        e->space_name, (unsigned long long)(e->addr + 4 * j),
                        (unsigned)e->words[j], (unsigned)act);
        }
        if (bad > MAX_LANES_SHOWN)
            rep_add(r, t, e->loc, "mem %s: %u more words differ", e->space_name,
                    bad - MAX_LANES_SHOWN);
        if (bad)
            fails++;
        free(b);
    }
    return fails;
}

static const gpuref_vec_trace *trace_entry(const gpuref_vec_test *t, uint64_t step,
                                           unsigned wave)
{
    size_t lo = 0, hi = t->ntrace;
    while (lo < hi) {                   /* the first entry of that step */
        size_t mid = lo + (hi - lo) / 2;
        if (t->trace[mid].step < step)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (; lo < t->ntrace && t->trace[lo].step == step; lo++)
        if (t->trace[lo].wave == wave)
            return &t->trace[lo];
    return NULL;
}

static int check_step(report *r, const gpuref_vec_test *t, gpuref_model *m,
                      const gpuref_retire *rr)
{
    const gpuref_vec_trace *e = trace_entry(t, rr->seq, rr->wave);
    if (!e)
        return 0;
    int fails = 0;
    char prefix[64];
    if (gpuref_wave_count(m) > 1)
        snprintf(prefix, sizeof prefix, "wave %u step %llu: ", (unsigned)rr->wave,
                 (unsigned long long)rr->seq);
    else
        snprintf(prefix, sizeof prefix, "step %llu: ", (unsigned long long)rr->seq);
    if (e->has_pc && e->pc != rr->pc) {
        rep_add(r, t, e->loc, "%spc: expected 0x%llx, actual 0x%llx", prefix,
                (unsigned long long)e->pc, (unsigned long long)rr->pc);
        fails++;
    }
    return fails + check_regvals(r, t, m, e->regs, e->nregs, prefix, (int)e->wave);
}

int gpuref_vec_check_step(const gpuref_vec_test *t, gpuref_model *m, const gpuref_retire *rr,
                          char *report_buf, size_t len)
{
    report r;
    rep_init(&r, report_buf, len);
    if (!t || !m || !rr)
        return GPUREF_ERR_ARG;
    return check_step(&r, t, m, rr);
}

/* A trace entry of wave w is beyond the run when w retired fewer units than
 * its step (one wave: the run's steps). */
static int check_final(report *r, const gpuref_vec_test *t, gpuref_model *m, int run_status,
                       const char *run_msg, uint64_t steps)
{
    char buf[256];
    int fails = 0;
    const char *msg = run_msg && *run_msg ? run_msg : gpuref_status_name(run_status);
    if (t->error) {
        if (run_status == GPUREF_OK) {
            rep_add(r, t, t->error_loc,
                    "error: expected an error containing '%s', but the program ended after %llu "
                    "steps", show(t->error, buf, sizeof buf), (unsigned long long)steps);
            fails++;
        } else if (!strstr(msg, t->error)) {
            char b2[256];
            rep_add(r, t, t->error_loc, "error: expected an error containing '%s', actual '%s'",
                    show(t->error, buf, sizeof buf), show(msg, b2, sizeof b2));
            fails++;
        }
    } else if (run_status != GPUREF_OK) {
        rep_add(r, t, t->loc, "the run stopped after %llu steps: %s", (unsigned long long)steps,
                msg);
        fails++;
    }
    if (t->has_steps && t->steps != steps) {
        rep_add(r, t, t->steps_loc, "steps: expected %llu, actual %llu",
                (unsigned long long)t->steps, (unsigned long long)steps);
        fails++;
    }
    fails += check_regvals(r, t, m, t->exp_regs, t->nexp_regs, "", GPUREF_VEC_WAVE_ALL);
    fails += check_mem(r, t, m);
    for (size_t i = 0; i < t->ntrace; i++) {
        unsigned w = t->trace[i].wave;
        uint64_t ws = gpuref_wave_count(m) > 1 ? gpuref_wave_retired(m, w) : steps;
        if (t->trace[i].step < ws)
            continue;
        if (gpuref_wave_count(m) > 1)
            rep_add(r, t, t->trace[i].loc,
                    "trace wave %u step %llu: never retired (%llu steps of that wave)", w,
                    (unsigned long long)t->trace[i].step, (unsigned long long)ws);
        else
            rep_add(r, t, t->trace[i].loc, "trace step %llu: never retired (%llu steps in all)",
                    (unsigned long long)t->trace[i].step, (unsigned long long)steps);
        fails++;
    }
    return fails;
}

int gpuref_vec_check_final(const gpuref_vec_test *t, gpuref_model *m, int run_status,
                           const char *run_msg, uint64_t steps, char *report_buf, size_t len)
{
    report r;
    rep_init(&r, report_buf, len);
    if (!t || !m)
        return GPUREF_ERR_ARG;
    return check_final(&r, t, m, run_status, run_msg, steps);
}

int gpuref_vec_run_test(const gpuref_vec_file *f, const gpuref_vec_test *t,
                        const gpuref_vec_run_opts *opts, gpuref_vec_result *res)
{
    if (!res)
        return GPUREF_ERR_ARG;
    memset(res, 0, sizeof *res);
    if (!f || !t) {
        snprintf(res->report, sizeof res->report, "bad argument");
        return res->run_status = GPUREF_ERR_ARG;
    }
    gpuref_diag d = { 0, 0, 0, "" };
    gpuref_model *m = NULL;
    int rc = gpuref_vec_setup(f, t, &m, &d);
    if (rc) {
        snprintf(res->report, sizeof res->report, "%s", d.msg);
        return res->run_status = rc;
    }
    gpuref_retire *rr = malloc(sizeof *rr);
    if (!rr) {
        gpuref_model_destroy(m);
        snprintf(res->report, sizeof res->report, "out of memory");
        return res->run_status = GPUREF_ERR_NOMEM;
    }
    report r;
    rep_init(&r, res->report, sizeof res->report);
    uint64_t max = opts && opts->max_steps ? opts->max_steps : t->max_steps;
    uint64_t steps = 0;
    int st = GPUREF_OK;
    while (!gpuref_finished(m)) {
        if (steps >= max) {
            st = GPUREF_ERR_LIMIT;
            snprintf(res->run_msg, sizeof res->run_msg, "step limit reached (%llu steps)",
                     (unsigned long long)max);
            break;
        }
        st = gpuref_step_next(m, rr);          /* the waves in turn, as gpuref_run */
        if (st != GPUREF_OK) {
            snprintf(res->run_msg, sizeof res->run_msg, "%s", gpuref_model_error(m));
            break;
        }
        steps++;
        if (opts && opts->on_step)
            opts->on_step(opts->ctx, t, m, rr);
        res->nfail += check_step(&r, t, m, rr);
    }
    res->run_status = st;
    res->steps = steps;
    res->nfail += check_final(&r, t, m, st, res->run_msg, steps);
    free(rr);
    gpuref_model_destroy(m);
    return GPUREF_OK;
}
