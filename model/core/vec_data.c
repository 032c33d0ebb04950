/* vec_data.c - the test objects of the vector files: located messages, hex
 * values, register keys, sets of names, freeing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vec_priv.h"

/* ------------------------------------------------------------ messages */

const char *gpuref_vx_show(const char *s, char *buf, size_t len)
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
int gpuref_vx_vdiag(gpuref_diag *d, const char *path, int status, gpuref_vec_loc loc,
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

int gpuref_vx_diag(gpuref_diag *d, const char *path, int status, gpuref_vec_loc loc,
                   const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gpuref_vx_vdiag(d, path, status, loc, fmt, ap);
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
        int h = gpuref_vx_hexval(*s);
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
    if (!gpuref_vx_is_digit(*s))
        return -1;
    if (s[0] == '0' && gpuref_vx_is_digit(s[1]))
        return -1;                       /* no leading zeros */
    unsigned long v = 0;
    for (; gpuref_vx_is_digit(*s); s++) {
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
    if (key[0] == 'w' && gpuref_vx_is_digit(key[1])) {     /* "wN:" names a wave */
        const char *p = key + 1;
        unsigned w;
        if (parse_dec(&p, &w) == 0 && *p == ':') {
            int nw = gpuref_wave_count(m);
            if (nw < 1)
                nw = 1;
            if (w >= (unsigned)nw)
                return gpuref_diagf(d, GPUREF_ERR_RANGE, 0, 0,
                                    "wave %u out of range in '%s' (the config has %d wave%s: "
                                    "w0..w%d; set waves=N)", w,
                                    gpuref_vx_show(full, buf, sizeof buf), nw,
                                    nw == 1 ? "" : "s", nw - 1);
            out->wave = (int)w;
            key = p + 1;
        } else {
            const char *colon = strchr(key, ':'), *br = strchr(key, '[');
            if (colon && (!br || colon < br))
                return gpuref_diagf(d, GPUREF_ERR_PARSE, 0, 0,
                                    "bad wave prefix in '%s' (write wN: with N decimal, no "
                                    "leading zeros)", gpuref_vx_show(full, buf, sizeof buf));
        }
    }
    const char *sel = strchr(key, '[');
    size_t nlen = sel ? (size_t)(sel - key) : strlen(key);
    char name[40];
    if (nlen == 0 || nlen >= sizeof name)
        return gpuref_diagf(d, GPUREF_ERR_PARSE, 0, 0, "bad register '%s'",
                            gpuref_vx_show(full, buf, sizeof buf));
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
        if (fi.count == 1 && strncmp(name, fi.name, fl) == 0 && gpuref_vx_is_digit(name[fl]))
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
        while (i > 0 && gpuref_vx_is_digit(name[i - 1]))
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
                                lo, hi, gpuref_vx_show(full, buf, sizeof buf));
        if (hi >= fi.lanes)
            return gpuref_diagf(d, GPUREF_ERR_RANGE, 0, 0,
                                "lane %u out of range for '%s' (lanes 0..%u)", hi,
                                gpuref_vx_show(full, buf, sizeof buf), fi.lanes - 1);
        out->lane_lo = lo;
        out->lane_hi = hi;
        out->lane_sel = 1;
    }
    return GPUREF_OK;
bad_sel:
    return gpuref_diagf(d, GPUREF_ERR_PARSE, 0, 0,
                        "bad lane selector in '%s' (write [n] or [lo:hi], decimal)",
                        gpuref_vx_show(full, buf, sizeof buf));
}

void gpuref_vx_reg_name(const gpuref_vec_reg *r, char *buf, size_t len)
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
    gpuref_vx_reg_name(r, n, sizeof n);
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

void gpuref_vx_test_free(gpuref_vec_test *t)
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
        gpuref_vx_test_free(&f->tests[i]);
    free(f->tests);
    free(f->path);
    free(f->isa);
    free(f->comment);
    free(f);
}


/* -------------------------------------------------------- sets of names */

static const char *names_key(const void *ctx, size_t i)
{
    return ((const gpuref_vx_names *)ctx)->name[i];
}

int gpuref_vx_names_add(gpuref_vx_names *s, const char *name, unsigned line, unsigned *prev)
{
    size_t ins = 0;
    long i = gpuref_ht_find(&s->ht, name, names_key, s, NULL);
    if (i >= 0) {
        *prev = s->line[i];
        return 0;
    }
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        char **nn = realloc(s->name, cap * sizeof *nn);
        if (nn)
            s->name = nn;
        unsigned *nl = nn ? realloc(s->line, cap * sizeof *nl) : NULL;
        if (!nl)
            return GPUREF_ERR_NOMEM;
        s->line = nl;
        s->cap = cap;
    }
    if (gpuref_ht_grow(&s->ht, s->n + 1, names_key, s) ||
        !(s->name[s->n] = gpuref_dupn(name, strlen(name))))
        return GPUREF_ERR_NOMEM;
    gpuref_ht_find(&s->ht, name, names_key, s, &ins);
    s->ht.slot[ins] = s->n + 1;
    s->line[s->n++] = line;
    return 1;
}

void gpuref_vx_names_free(gpuref_vx_names *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->name[i]);
    free(s->name);
    free(s->line);
    gpuref_ht_free(&s->ht);
    memset(s, 0, sizeof *s);
}
const gpuref_vec_test *gpuref_vec_find_test(const gpuref_vec_file *f, const char *name)
{
    for (size_t i = 0; f && name && i < f->ntests; i++)
        if (strcmp(f->tests[i].name, name) == 0)
            return &f->tests[i];
    return NULL;
}

