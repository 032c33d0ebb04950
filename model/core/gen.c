/* gen.c - the constrained-random generator, ISA-neutral part: options, the
 * instruction mix (--mix YAML), targeting of coverage holes, the vector-file
 * text (vectors/README.md schema) and --record.  The ISA's gen hook
 * (isa.h gpuref_isa_gen) makes each program and its initial state. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <errno.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "gpuref_vectors.h"
#include "model_priv.h"

/* ------------------------------------------------------------ buffers */

/* `sep`, then "0x" and exactly `digits` hex digits, quoted: "0x0000abcd",
 * written in place (the generator prints every value of every lane). */
static void sb_hex_sep(gpuref_strbuf *b, const char *sep, size_t sl, uint64_t v, unsigned digits)
{
    static const char hx[] = "0123456789abcdef";
    if (digits == 0 || digits > 16)
        digits = 16;
    if (gpuref_sb_need(b, sl + digits + 4))
        return;
    char *t = b->s + b->n;
    memcpy(t, sep, sl);
    t += sl;
    t[0] = '"';
    t[1] = '0';
    t[2] = 'x';
    for (unsigned i = 0; i < digits; i++)
        t[3 + i] = hx[(v >> (4 * (digits - 1 - i))) & 0xf];
    t[3 + digits] = '"';
    t[4 + digits] = '\0';
    b->n += sl + digits + 4;
}

static void sb_hex(gpuref_strbuf *b, uint64_t v, unsigned digits) { sb_hex_sep(b, "", 0, v, digits); }

struct gpuref_genout {
    struct gpuref_gen *gen;
    gpuref_strbuf prog, regs, mem;
};

/* --------------------------------------------------------- the generator */

struct gpuref_gen {
    const gpuref_isa *isa;
    gpuref_gen_opts   o;
    char             *prefix, *command;
    unsigned         *weights;
    void             *priv;
    gpuref_cov       *tcov;       /* targeting: bins and counts of the given coverage */
    uint32_t         *holes;
    size_t            nholes;
    uint64_t          ninsns, ntargeted;
};

void gpuref_gen_opts_default(gpuref_gen_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->count = 10;
    o->length = 100;
    o->special_pct = 25;
    o->target_pct = 50;
    o->prefix = "rand_";
}

static char *dupstr(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p)
        memcpy(p, s, n);
    return p;
}

void gpuref_gen_destroy(gpuref_gen *g)
{
    if (!g)
        return;
    if (g->priv && g->isa->gen->fini)
        g->isa->gen->fini(g->priv);
    gpuref_cov_destroy(g->tcov);
    free(g->holes);
    free(g->weights);
    free(g->prefix);
    free(g->command);
    free(g);
}

static int valid_prefix(const char *s)
{
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              *s == '_' || *s == '.' || *s == '-'))
            return 0;
    return 1;
}

int gpuref_gen_create(const char *isa_name, const gpuref_gen_opts *o, gpuref_gen **out,
                      gpuref_diag *d)
{
    if (!out || !o)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    *out = NULL;
    const gpuref_isa *isa = gpuref_isa_lookup(isa_name, d);
    if (!isa)
        return GPUREF_ERR_CONFIG;
    if (!isa->gen || !isa->gen->test || !isa->gen->nitems)
        return gpuref_diagf(d, GPUREF_ERR_UNIMPL, 0, 0,
                            "%s: the random generator is not available for this ISA yet",
                            isa->name);
    if (o->count == 0 || o->length == 0 || o->count > 10000000u || o->length > 100000u)
        return gpuref_diagf(d, GPUREF_ERR_CONFIG, 0, 0,
                            "count must be 1..10000000 and length 1..100000");
    if (o->special_pct > 100 || o->target_pct > 100)
        return gpuref_diagf(d, GPUREF_ERR_CONFIG, 0, 0, "percentages must be 0..100");
    const char *prefix = o->prefix ? o->prefix : "rand_";
    if (!valid_prefix(prefix) || strlen(prefix) > 64)
        return gpuref_diagf(d, GPUREF_ERR_CONFIG, 0, 0,
                            "test name prefix '%s': use [A-Za-z0-9_.-], at most 64", prefix);
    gpuref_gen *g = calloc(1, sizeof *g);
    if (!g)
        return gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
    g->isa = isa;
    g->o = *o;
    g->prefix = dupstr(prefix);
    g->command = dupstr(o->command);
    g->weights = calloc(isa->gen->nitems, sizeof *g->weights);
    if (!g->prefix || (o->command && !g->command) || !g->weights) {
        gpuref_gen_destroy(g);
        return gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
    }
    g->o.prefix = g->prefix;
    g->o.command = g->command;
    for (unsigned i = 0; i < isa->gen->nitems; i++)
        g->weights[i] = isa->gen->items[i].weight;
    char err[GPUREF_ERRLEN] = "";
    if (isa->gen->init) {
        int rc = isa->gen->init(&g->priv, err);
        if (rc) {
            gpuref_gen_destroy(g);
            return gpuref_diagf(d, rc, 0, 0, "%s", err[0] ? err : gpuref_status_name(rc));
        }
    }
    *out = g;
    return GPUREF_OK;
}

uint64_t gpuref_gen_instructions(const gpuref_gen *g) { return g ? g->ninsns : 0; }
uint64_t gpuref_gen_targeted(const gpuref_gen *g) { return g ? g->ntargeted : 0; }

unsigned gpuref_gen_item_count(const gpuref_isa *isa)
{
    return isa && isa->gen ? isa->gen->nitems : 0;
}

const char *gpuref_gen_item_name(const gpuref_isa *isa, unsigned i)
{
    return i < gpuref_gen_item_count(isa) ? isa->gen->items[i].name : NULL;
}

const char *gpuref_gen_item_groups(const gpuref_isa *isa, unsigned i)
{
    return i < gpuref_gen_item_count(isa) ? isa->gen->items[i].groups : NULL;
}

unsigned gpuref_gen_item_weight(const gpuref_gen *g, unsigned i)
{
    return g && i < g->isa->gen->nitems ? g->weights[i] : 0;
}

/* ------------------------------------------------------------------ mix */

/* Does mix key k select item it: its name, one of its groups, or a glob
 * over its name? */
static int mix_match(const char *k, const gpuref_gen_item *it)
{
    if (strcmp(k, it->name) == 0)
        return 1;
    size_t kl = strlen(k);
    for (const char *g = it->groups; g && *g;) {
        while (*g == ' ')
            g++;
        size_t gl = strcspn(g, " ");
        if (gl == kl && strncmp(g, k, kl) == 0)
            return 1;
        g += gl;
    }
    return strpbrk(k, "*?[") != NULL && fnmatch(k, it->name, 0) == 0;
}

static int mix_err(gpuref_diag *d, const char *name, const yaml_node_t *n, const char *fmt,
                   const char *arg)
{
    char msg[200];
    snprintf(msg, sizeof msg, fmt, arg);
    unsigned line = n ? (unsigned)n->start_mark.line + 1 : 0;
    unsigned col = n ? (unsigned)n->start_mark.column + 1 : 0;
    return gpuref_diagf(d, GPUREF_ERR_PARSE, line, col, "%s:%u:%u: %s", name, line, col, msg);
}

int gpuref_gen_mix_string(gpuref_gen *g, const char *name, const char *text, size_t len,
                          gpuref_diag *d)
{
    if (!g || !text)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    if (!name)
        name = "<mix>";
    yaml_parser_t p;
    yaml_document_t doc;
    if (!yaml_parser_initialize(&p))
        return gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
    yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
    if (!yaml_parser_load(&p, &doc)) {
        int rc = gpuref_diagf(d, GPUREF_ERR_PARSE, (unsigned)p.problem_mark.line + 1,
                              (unsigned)p.problem_mark.column + 1, "%s:%u:%u: %s", name,
                              (unsigned)p.problem_mark.line + 1,
                              (unsigned)p.problem_mark.column + 1,
                              p.problem ? p.problem : "malformed YAML");
        yaml_parser_delete(&p);
        return rc;
    }
    const gpuref_isa_gen *ig = g->isa->gen;
    unsigned *w = malloc(ig->nitems * sizeof *w);
    int rc = GPUREF_OK;
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (!w) {
        rc = gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
        goto done;
    }
    memcpy(w, g->weights, ig->nitems * sizeof *w);
    if (!root || root->type != YAML_MAPPING_NODE) {
        rc = mix_err(d, name, root, "%s", "expected a mapping of name: weight");
        goto done;
    }
    for (yaml_node_pair_t *pr = root->data.mapping.pairs.start;
         pr < root->data.mapping.pairs.top; pr++) {
        yaml_node_t *k = yaml_document_get_node(&doc, pr->key);
        yaml_node_t *v = yaml_document_get_node(&doc, pr->value);
        if (!k || k->type != YAML_SCALAR_NODE) {
            rc = mix_err(d, name, k, "%s", "expected a name");
            goto done;
        }
        const char *ks = (const char *)k->data.scalar.value;
        for (yaml_node_pair_t *q = root->data.mapping.pairs.start; q < pr; q++) {
            yaml_node_t *k2 = yaml_document_get_node(&doc, q->key);
            if (k2 && k2->type == YAML_SCALAR_NODE &&
                strcmp((const char *)k2->data.scalar.value, ks) == 0) {
                rc = mix_err(d, name, k, "duplicate name '%s'", ks);
                goto done;
            }
        }
        if (!v || v->type != YAML_SCALAR_NODE || v->data.scalar.style != YAML_PLAIN_SCALAR_STYLE) {
            rc = mix_err(d, name, v ? v : k, "%s: expected a plain decimal weight", ks);
            goto done;
        }
        const char *vs = (const char *)v->data.scalar.value;
        uint64_t wt = 0;
        size_t vl = strlen(vs);
        if (vl > 7 || strspn(vs, "0123456789") != vl ||      /* decimal digits only */
            gpuref_num_u64(vs, vl, 0, 1000000, &wt)) {
            rc = mix_err(d, name, v, "weight '%s': expected a decimal integer 0..1000000", vs);
            goto done;
        }
        unsigned hits = 0;
        for (unsigned i = 0; i < ig->nitems; i++)
            if (mix_match(ks, &ig->items[i])) {
                w[i] = (unsigned)wt;
                hits++;
            }
        if (!hits) {
            rc = mix_err(d, name, k, "'%s' is no item, group or glob of items (gpuref gen "
                         "--list-mix shows them)", ks);
            goto done;
        }
    }
    {
        uint64_t sum = 0;
        for (unsigned i = 0; i < ig->nitems; i++)
            sum += w[i];
        if (sum == 0) {
            rc = mix_err(d, name, root, "%s", "every weight is 0: nothing to generate");
            goto done;
        }
    }
    memcpy(g->weights, w, ig->nitems * sizeof *w);
done:
    free(w);
    yaml_document_delete(&doc);
    yaml_parser_delete(&p);
    return rc;
}

#define MIX_MAX_BYTES (1u << 20)    /* a mix file is a page of weights */

int gpuref_gen_mix_file(gpuref_gen *g, const char *path, gpuref_diag *d)
{
    if (!g || !path)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    char *text;
    size_t n = 0;
    int rc = gpuref_read_file_diag(path, MIX_MAX_BYTES, &text, &n, d);
    if (rc)
        return rc;
    rc = gpuref_gen_mix_string(g, path, text, n, d);
    free(text);
    return rc;
}

/* ------------------------------------------------------------ targeting */

int gpuref_gen_target(gpuref_gen *g, const gpuref_cov *cov, gpuref_diag *d)
{
    if (!g || !cov)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    if (gpuref_cov_isa(cov) != g->isa)
        return gpuref_diagf(d, GPUREF_ERR_CONFIG, 0, 0, "coverage of ISA %s, generator for %s",
                            gpuref_isa_name(gpuref_cov_isa(cov)), g->isa->name);
    if (g->isa->gen->no_target)
        return gpuref_diagf(d, GPUREF_ERR_UNIMPL, 0, 0,
                            "unimplemented: %s generator: --target (aiming at coverage holes)",
                            g->isa->name);
    gpuref_cov *c = NULL;
    int rc = gpuref_cov_create(g->isa->name, &c, d);
    if (rc)
        return rc;
    size_t n = gpuref_cov_nbins(c), k = 0;
    uint32_t *h = malloc((n ? n : 1) * sizeof *h);
    if (!h || gpuref_cov_add(c, cov) != GPUREF_OK) {
        free(h);
        gpuref_cov_destroy(c);
        return gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
    }
    for (size_t i = 0; i < n; i++)
        if (!gpuref_cov_count(c, i) && !gpuref_cov_excluded(cov, i))
            h[k++] = (uint32_t)i;
    gpuref_cov_destroy(g->tcov);
    free(g->holes);
    g->tcov = c;
    g->holes = h;
    g->nholes = k;
    return GPUREF_OK;
}

const gpuref_cov_bin *gpuref_gx_target(gpuref_genctx *x)
{
    gpuref_gen *g = x->out->gen;
    if (!g->nholes || !gpuref_rng_chance(&x->rng, g->o.target_pct))
        return NULL;
    return gpuref_cov_bin_at(g->tcov, g->holes[gpuref_rng_below(&x->rng, (uint32_t)g->nholes)]);
}

void gpuref_gx_aimed(gpuref_genctx *x, int ok)
{
    if (ok)
        x->ntargeted++;
}

uint64_t gpuref_gx_draw(gpuref_rng *r, uint64_t sum)
{
    return sum <= 0xffffffffu ? gpuref_rng_below(r, (uint32_t)sum) : gpuref_rng_next(r) % sum;
}

int gpuref_gx_cum_find(const uint64_t *cum, const uint16_t *idx, unsigned n, uint64_t x)
{
    unsigned lo = 0, hi = n - 1;
    while (lo < hi) {
        unsigned mid = (lo + hi) / 2;
        if (cum[mid] > x)
            hi = mid;
        else
            lo = mid + 1;
    }
    return idx[lo];
}

int gpuref_gx_pick(gpuref_rng *r, const unsigned *w, unsigned n)
{
    uint64_t sum = 0;
    for (unsigned i = 0; i < n; i++)
        sum += w[i];
    if (!sum)
        return -1;
    uint64_t x = gpuref_gx_draw(r, sum);
    for (unsigned i = 0; i < n; i++) {
        if (x < w[i])
            return (int)i;
        x -= w[i];
    }
    return (int)n - 1;
}

/* ------------------------------------------------------ weighted tables */

void gpuref_wtab_build(gpuref_wtab *t, uint64_t *cum, uint16_t *idx, const unsigned *w,
                       unsigned n)
{
    t->cum = cum;
    t->idx = idx;
    t->sum = 0;
    t->n = 0;
    for (unsigned i = 0; i < n; i++)
        if (w[i]) {
            t->sum += w[i];
            t->cum[t->n] = t->sum;
            t->idx[t->n++] = (uint16_t)i;
        }
}

int gpuref_wtab_find(const gpuref_wtab *t, uint64_t x)
{
    return gpuref_gx_cum_find(t->cum, t->idx, t->n, x);
}

int gpuref_wtab_pick(const gpuref_wtab *t, gpuref_rng *r)
{
    return t->sum ? gpuref_wtab_find(t, gpuref_gx_draw(r, t->sum)) : -1;
}

/* ---------------------------------------------------- value-class examples */

/* The integer classes of one member at the all-ones mask m: 1 with *v set,
 * else 0. */
static int vc_edge(unsigned vc, uint64_t m, uint64_t *v)
{
    uint64_t sb = (m >> 1) + 1;
    switch (vc) {
    case GPUREF_VC_ZERO:   *v = 0;      return 1;
    case GPUREF_VC_ONE:    *v = 1;      return 1;
    case GPUREF_VC_MINUS1: *v = m;      return 1;
    case GPUREF_VC_IMIN:   *v = sb;     return 1;
    case GPUREF_VC_IMAX:   *v = sb - 1; return 1;
    default:               return 0;
    }
}

uint32_t gpuref_vc_example_int(gpuref_rng *r, unsigned vc, unsigned bits)
{
    uint32_t m = bits >= 32 ? 0xffffffffu : (1u << bits) - 1, sb = (m >> 1) + 1;
    uint64_t e;
    if (vc_edge(vc, m, &e))
        return (uint32_t)e;
    if (vc == GPUREF_VC_POW2)
        return bits > 2 ? 1u << (1 + gpuref_rng_below(r, bits - 2)) : 2;
    for (int i = 0; i < 64; i++) {
        uint32_t v = (uint32_t)gpuref_rng_next(r) & m;
        if (gpuref_vc_int(v, bits) == vc)
            return v;
    }
    return vc == GPUREF_VC_NEG ? sb | 3 : 3;
}

uint64_t gpuref_vc_example_int64(gpuref_rng *r, unsigned vc)
{
    uint64_t m = ~0ull, sb = 1ull << 63, v;
    if (vc_edge(vc, m, &v))
        return v;
    switch (vc) {
    case GPUREF_VC_POW2: return 1ull << (1 + gpuref_rng_below(r, 62));
    case GPUREF_VC_NEG:  v = gpuref_rng_next(r) | sb; return v == m ? v - 2 : v;
    default:             return (gpuref_rng_next(r) & (sb - 1)) | 3;
    }
}

uint32_t gpuref_vc_example_float(gpuref_rng *r, unsigned vc, unsigned bits)
{
    unsigned mb = bits == 16 ? 10 : 23, eb = bits == 16 ? 5 : 8;
    uint32_t sign = 1u << (mb + eb), inf = ((1u << eb) - 1) << mb, quiet = 1u << (mb - 1);
    uint32_t man = (uint32_t)gpuref_rng_next(r) & ((1u << mb) - 1), pay = man & (quiet - 1), v;
    switch (vc) {
    case GPUREF_VC_FPZERO: return 0;
    case GPUREF_VC_FNZERO: return sign;
    case GPUREF_VC_FPDEN:  return man ? man : 1;
    case GPUREF_VC_FNDEN:  return sign | (man ? man : 1);
    case GPUREF_VC_FPINF:  return inf;
    case GPUREF_VC_FNINF:  return sign | inf;
    case GPUREF_VC_QNAN:   return inf | quiet | pay;
    case GPUREF_VC_SNAN:   return inf | (pay ? pay : 1);
    default:               /* a normal: a random biased exponent 1..max-1 */
        v = (1u + gpuref_rng_below(r, (1u << eb) - 2)) << mb | man;
        return vc == GPUREF_VC_FNNORM ? v | sign : v;
    }
}

uint32_t gpuref_vc_draw_float(gpuref_rng *r, unsigned vc, unsigned bits)
{
    for (int i = 0; i < 256; i++) {
        uint32_t v = (uint32_t)gpuref_rng_value(r, bits, 60);
        if (gpuref_vc_float(v, bits) == vc)
            return v;
    }
    return 0;
}

/* ------------------------------------------------------------ test text */

int gpuref_gx_knob(gpuref_genctx *x, unsigned item, const char *key, const char *value)
{
    unsigned w = x->weights[item];
    if (!w || !gpuref_rng_chance(&x->rng, w > 100 ? 100 : w))
        return 0;
    size_t n = strlen(x->config);
    snprintf(x->config + n, sizeof x->config - n, "%s%s=%s", n ? "," : "", key, value);
    return 1;
}

void gpuref_gx_line(gpuref_genctx *x, const char *s, size_t n)
{
    gpuref_strbuf *b = &x->out->prog;
    if (gpuref_sb_need(b, n + 7))
        return;
    char *t = b->s + b->n;
    memcpy(t, "      ", 6);
    memcpy(t + 6, s, n);
    t[6 + n] = '\n';
    t[7 + n] = '\0';
    b->n += n + 7;
}

static void put_values(gpuref_strbuf *b, unsigned digits, const uint64_t *v, unsigned n)
{
    unsigned same = 1;
    for (unsigned i = 1; i < n && same; i++)
        same = v[i] == v[0];
    if (n == 1 || same) {
        sb_hex(b, v[0], digits);
        return;
    }
    for (unsigned i = 0; i < n; i++)
        sb_hex_sep(b, i ? ", " : "[", i ? 2 : 1, v[i], digits);
    gpuref_sb_put(b, "]", 1);
}

void gpuref_gx_reg(gpuref_genctx *x, const char *key, unsigned digits, const uint64_t *v,
                   unsigned n)
{
    gpuref_strbuf *b = &x->out->regs;
    gpuref_sb_str(b, "        ");
    gpuref_sb_str(b, key);
    gpuref_sb_put(b, ": ", 2);
    put_values(b, digits, v, n);
    gpuref_sb_put(b, "\n", 1);
}

void gpuref_gx_mem(gpuref_genctx *x, const char *space, uint64_t addr, const uint32_t *w,
                   size_t n)
{
    gpuref_strbuf *b = &x->out->mem;
    unsigned digits = 1;
    while (digits < 16 && (addr >> (4 * digits)))
        digits++;
    gpuref_sb_printf(b, "        - space: %s\n          addr: ", space);
    sb_hex(b, addr, digits);
    gpuref_sb_str(b, "\n          words: [");
    for (size_t i = 0; i < n; i++)
        sb_hex_sep(b, !i ? "" : (i % 8) ? ", " : ",\n                  ", !i ? 0 : (i % 8) ? 2 : 20,
                   w[i], 8);
    gpuref_sb_str(b, "]\n");
}

/* The test without its expect section. */
static void put_test(gpuref_strbuf *f, const gpuref_gen *g, const gpuref_genctx *x)
{
    gpuref_sb_printf(f, "  - name: %s%u\n", g->prefix, x->index);
    gpuref_sb_printf(f, "    comment: \"seed %llu test %u: %u instructions", (unsigned long long)g->o.seed,
              x->index, x->ninsns);
    if (x->ntargeted)
        gpuref_sb_printf(f, ", %u aimed at coverage holes", x->ntargeted);
    gpuref_sb_str(f, "\"\n");
    if (x->config[0])
        gpuref_sb_printf(f, "    config: \"%s\"\n", x->config);
    if (x->max_steps)
        gpuref_sb_printf(f, "    max_steps: %llu\n", (unsigned long long)x->max_steps);
    if (x->out->regs.n || x->out->mem.n) {
        gpuref_sb_str(f, "    init:\n");
        if (x->out->regs.n) {
            gpuref_sb_str(f, "      regs:\n");
            gpuref_sb_put(f, x->out->regs.s, x->out->regs.n);
        }
        if (x->out->mem.n) {
            gpuref_sb_str(f, "      mem:\n");
            gpuref_sb_put(f, x->out->mem.s, x->out->mem.n);
        }
    }
    gpuref_sb_str(f, "    program: |\n");
    gpuref_sb_put(f, x->out->prog.s ? x->out->prog.s : "", x->out->prog.n);
}

static const char placeholder[] =
    "    expect:   # values are checked in lockstep; this only anchors the run\n"
    "      trace: [{step: 0, pc: \"0x0\"}]\n";

/* --record: run the test on the model, append expectations of every
 * register it wrote (all files but pc and cfg) and the number of units. */
static int record(gpuref_strbuf *f, const gpuref_gen *g, const gpuref_genctx *x, gpuref_diag *d)
{
    gpuref_strbuf t = GPUREF_STRBUF_INIT;
    gpuref_sb_printf(&t, "isa: %s\ntests:\n", g->isa->name);
    put_test(&t, g, x);
    gpuref_sb_str(&t, placeholder);
    if (t.oom) {
        free(t.s);
        return gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
    }
    gpuref_vec_file *vf = NULL;
    gpuref_model *m = NULL;
    gpuref_retire *rr = malloc(sizeof *rr);
    size_t *first = calloc(g->isa->nfiles + 1, sizeof *first);  /* file fi's first in wr */
    for (unsigned fi = 0; first && fi < g->isa->nfiles; fi++)
        first[fi + 1] = first[fi] + g->isa->files[fi].count;
    uint8_t *wr = first ? calloc(first[g->isa->nfiles] + 1, 1) : NULL;  /* written (file, index) */
    int rc = rr && wr ? gpuref_vec_load_string("generated", t.s, t.n, &vf, d)
                      : gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
    if (rc == GPUREF_OK)
        rc = gpuref_vec_setup(vf, &vf->tests[0], &m, d);
    uint64_t steps = 0;
    while (rc == GPUREF_OK && !gpuref_finished(m)) {
        if (steps >= vf->tests[0].max_steps) {
            rc = gpuref_diagf(d, GPUREF_ERR_LIMIT, 0, 0, "%s%u: step limit %llu reached",
                              g->prefix, x->index, (unsigned long long)steps);
            break;
        }
        if ((rc = gpuref_step_next(m, rr)) != GPUREF_OK) {     /* the waves in turn */
            gpuref_diagf(d, rc, 0, 0, "%s%u: %s", g->prefix, x->index, gpuref_model_error(m));
            break;
        }
        steps++;
        for (unsigned i = 0; i < rr->nregw && i < GPUREF_MAX_REGW; i++) {
            const gpuref_regw *w = &rr->regw[i];
            if (w->file >= 0 && (unsigned)w->file < g->isa->nfiles &&
                w->index < g->isa->files[w->file].count)
                wr[first[w->file] + w->index] = 1;
        }
    }
    if (rc == GPUREF_OK) {
        put_test(f, g, x);
        gpuref_sb_printf(f, "    expect:   # recorded from the model\n      steps: %llu\n",
                  (unsigned long long)steps);
        int any = 0;
        uint64_t v[GPUREF_MAX_LANES];
        for (unsigned fi = 0; fi < g->isa->nfiles && rc == GPUREF_OK; fi++) {
            const gpuref_regfile_info *inf = &g->isa->files[fi];
            if (!strcmp(inf->name, "pc") || !strcmp(inf->name, "cfg"))
                continue;                    /* the end pc, the configuration */
            for (unsigned r = 0; r < inf->count * m->nwaves; r++) {
                unsigned wv = r / inf->count, ri = r % inf->count;   /* waves=N: each wave's */
                if (!wr[first[fi] + ri])
                    continue;
                unsigned nl = inf->lanes > GPUREF_MAX_LANES ? GPUREF_MAX_LANES : inf->lanes;
                gpuref_wave_select(m, wv);
                for (unsigned l = 0; l < nl && rc == GPUREF_OK; l++)
                    rc = gpuref_reg_get(m, (int)fi, ri, l, &v[l]);
                if (rc)
                    break;
                if (!any)
                    gpuref_sb_str(f, "      regs:\n");
                any = 1;
                char key[48];                    /* the loader's spelling (R3.x, s5, mask) */
                gpuref_isa_reg_name(g->isa, (int)fi, ri, key, sizeof key);
                if (m->nwaves > 1)
                    gpuref_sb_printf(f, "        w%u:%s: ", wv, key);
                else
                    gpuref_sb_printf(f, "        %s: ", key);
                put_values(f, (inf->width + 3) / 4, v, nl);
                gpuref_sb_put(f, "\n", 1);
            }
        }
        if (rc)
            gpuref_diagf(d, rc, 0, 0, "%s", gpuref_model_error(m));
    }
    gpuref_model_destroy(m);
    gpuref_vec_free(vf);
    free(rr);
    free(wr);
    free(first);
    free(t.s);
    return rc;
}

int gpuref_gen_file(gpuref_gen *g, char **text, size_t *len, gpuref_diag *d)
{
    if (!g || !text)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    *text = NULL;
    if (len)
        *len = 0;
    gpuref_strbuf f = GPUREF_STRBUF_INIT;
    struct gpuref_genout out = { .gen = g };
    gpuref_genctx x;
    char err[GPUREF_ERRLEN];
    int rc = GPUREF_OK;
    if (g->command) {                     /* one comment line, whatever the arguments */
        gpuref_sb_str(&f, "# generated by: ");
        for (const char *c = g->command; *c; c++)
            gpuref_sb_put(&f, (unsigned char)*c < 0x20 ? "?" : c, 1);
        gpuref_sb_put(&f, "\n", 1);
    }
    gpuref_sb_printf(&f, "# gpuref %s random programs with random initial state.%s\n", GPUREF_VERSION,
              g->o.record ? "" : "  No expected values:\n# they are checked in lockstep "
              "against the model (gpuref gen --record stores them).");
    gpuref_sb_printf(&f, "isa: %s\ncomment: \"gpuref gen: seed %llu, %u tests x %u instructions%s\"\n"
              "seed: %llu\ntests:\n", g->isa->name, (unsigned long long)g->o.seed, g->o.count,
              g->o.length, g->nholes ? ", aimed at coverage holes" : "",
              (unsigned long long)g->o.seed);
    for (unsigned k = 0; k < g->o.count && rc == GPUREF_OK; k++) {
        memset(&x, 0, sizeof x);
        gpuref_rng_seed_stream(&x.rng, g->o.seed, k);
        x.opts = &g->o;
        x.weights = g->weights;
        x.priv = g->priv;
        x.index = k;
        x.out = &out;
        out.prog.n = out.regs.n = out.mem.n = 0;
        err[0] = '\0';
        rc = g->isa->gen->test(&x, err);
        if (rc) {
            gpuref_diagf(d, rc, 0, 0, "%s%u: %s", g->prefix, k, err[0] ? err : "generation failed");
            break;
        }
        if (out.prog.oom || out.regs.oom || out.mem.oom) {
            rc = gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
            break;
        }
        if (g->o.record) {
            rc = record(&f, g, &x, d);
        } else {
            put_test(&f, g, &x);
            gpuref_sb_str(&f, placeholder);
        }
        g->ninsns += x.ninsns;
        g->ntargeted += x.ntargeted;
    }
    free(out.prog.s);
    free(out.regs.s);
    free(out.mem.s);
    if (rc == GPUREF_OK && f.oom)
        rc = gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
    if (rc) {
        free(f.s);
        return rc;
    }
    *text = f.s;
    if (len)
        *len = f.n;
    return GPUREF_OK;
}
