/* vec_load.c - the schema of the vector files (vectors/README.md): one
 * test's YAML nodes become a gpuref_vec_test, every key checked, every
 * register, memory space and program resolved against a scratch model of the
 * test's ISA and config, and a trial setup run, so that the first problem of
 * any kind is the one reported.  The file's own keys (isa, comment, seed)
 * are checked here too; vec_read.c walks the file and hands over the nodes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vec_priv.h"

typedef gpuref_vx_loader loader;
typedef gpuref_vx_keydef keydef;

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
    gpuref_vx_vdiag(c->d, c->path, status, loc_of(n), fmt, ap);
    va_end(ap);
    return status;
}

static yaml_node_t *node(loader *c, int id) { return yaml_document_get_node(c->doc, id); }

const char *gpuref_vx_kind(const yaml_node_t *n)
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

/* A scalar without embedded NUL characters; *text (when not NULL) its text. */
static int want_scalar(loader *c, const yaml_node_t *n, const char *what, const char *want,
                       const char **text)
{
    if (!n || n->type != YAML_SCALAR_NODE)
        return err_at(c, n, GPUREF_ERR_PARSE, "%s: expected %s, found %s", what, want,
                      gpuref_vx_kind(n));
    if (strlen(sval(n)) != n->data.scalar.length)
        return err_at(c, n, GPUREF_ERR_PARSE, "%s: NUL character in a string", what);
    if (text)
        *text = sval(n);
    return GPUREF_OK;
}

static int get_str(loader *c, const yaml_node_t *n, const char *what, char **out)
{
    int rc = want_scalar(c, n, what, "a string", NULL);
    if (rc)
        return rc;
    *out = gpuref_dupn(sval(n), n->data.scalar.length);
    return *out ? GPUREF_OK : err_at(c, n, GPUREF_ERR_NOMEM, "out of memory");
}

static int get_hex(loader *c, const yaml_node_t *n, const char *what, uint64_t *out)
{
    const char *s = NULL;
    int rc = want_scalar(c, n, what, "a hex value (\"0x...\")", &s);
    if (rc || gpuref_vec_parse_hex(s, out) == 0)
        return rc;
    char b[64];
    int hexdigits = s[0] == '0' && s[1] == 'x' && s[2];
    for (const char *p = s + 2; hexdigits && *p; p++)
        hexdigits = gpuref_vx_hexval(*p) >= 0;
    if (hexdigits)
        return err_at(c, n, GPUREF_ERR_RANGE, "%s: hex value '%s' is wider than 64 bits", what,
                      gpuref_vx_show(s, b, sizeof b));
    int dec = *s != '\0';
    for (const char *p = s; dec && *p; p++)
        dec = gpuref_vx_is_digit(*p);
    return err_at(c, n, GPUREF_ERR_PARSE, "%s: expected a hex value (\"0x...\"), found %s'%s'",
                  what, dec ? "decimal " : "", gpuref_vx_show(s, b, sizeof b));
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
    const char *s = NULL;
    int rc = want_scalar(c, n, what, "a decimal integer", &s);
    if (rc)
        return rc;
    if (n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return err_at(c, n, GPUREF_ERR_PARSE,
                      "%s: expected a plain decimal integer, found a quoted string", what);
    if (!*s)
        return err_at(c, n, GPUREF_ERR_PARSE, "%s: expected a decimal integer, found nothing",
                      what);
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        return err_at(c, n, GPUREF_ERR_PARSE, "%s: expected a decimal integer, found hex '%s'",
                      what, gpuref_vx_show(s, b, sizeof b));
    uint64_t v = 0;
    for (const char *p = s; *p; p++) {
        if (!gpuref_vx_is_digit(*p))
            return err_at(c, n, GPUREF_ERR_PARSE,
                          "%s: expected a non-negative decimal integer, found '%s'", what,
                          gpuref_vx_show(s, b, sizeof b));
        unsigned dg = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - dg) / 10)
            return err_at(c, n, GPUREF_ERR_RANGE, "%s: integer '%s' out of range", what,
                          gpuref_vx_show(s, b, sizeof b));
        v = v * 10 + dg;
    }
    if (s[0] == '0' && s[1])
        return err_at(c, n, GPUREF_ERR_PARSE,
                      "%s: decimal integer '%s' has a leading zero", what,
                      gpuref_vx_show(s, b, sizeof b));
    *out = v;
    return GPUREF_OK;
}

/* Check a mapping against its allowed keys; vals[i]/keys[i] get the nodes of
 * defs[i] or NULL. */
static int get_map(loader *c, const yaml_node_t *n, const char *what, const keydef *defs,
                   size_t nd, yaml_node_t **vals, yaml_node_t **keys)
{
    char b[64];
    for (size_t i = 0; i < nd; i++)
        vals[i] = keys[i] = NULL;
    if (!n || n->type != YAML_MAPPING_NODE)
        return err_at(c, n, GPUREF_ERR_PARSE, "%s: expected a mapping, found %s", what,
                      gpuref_vx_kind(n));
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(c, p->key), *v = node(c, p->value);
        if (!k || k->type != YAML_SCALAR_NODE)
            return err_at(c, k, GPUREF_ERR_PARSE, "%s: keys must be strings, found %s", what,
                          gpuref_vx_kind(k));
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
                          gpuref_vx_show(sval(k), b, sizeof b), what, allowed);
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

/* The items of collection n, which must be of `type` ("what: expected want,
 * found ..." otherwise): *nout of them, *out a zeroed array of as many
 * elements of `size` bytes (NULL for none). */
static int get_items(loader *c, const yaml_node_t *n, yaml_node_type_t type, const char *what,
                     const char *want, size_t size, void **out, size_t *nout)
{
    *out = NULL;
    *nout = 0;
    if (!n || n->type != type)
        return err_at(c, n, GPUREF_ERR_PARSE, "%s: expected %s, found %s", what, want,
                      gpuref_vx_kind(n));
    size_t k = type == YAML_MAPPING_NODE ? map_len(n) : seq_len(n);
    if (k == 0)
        return GPUREF_OK;
    if (!(*out = calloc(k, size)))
        return err_at(c, n, GPUREF_ERR_NOMEM, "out of memory");
    *nout = k;
    return GPUREF_OK;
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
    void *items;
    size_t np;
    int rc = get_items(c, n, YAML_MAPPING_NODE, what, "a mapping of registers",
                       sizeof(gpuref_vec_regval), &items, &np);
    gpuref_vec_regval *rv = items;
    *out = rv;
    *nout = np;
    if (rc || np == 0)
        return rc;
    gpuref_vx_names seen = { 0 };
    for (size_t i = 0; i < np && !rc; i++) {
        yaml_node_pair_t *p = &n->data.mapping.pairs.start[i];
        yaml_node_t *k = node(c, p->key), *v = node(c, p->value);
        gpuref_vec_regval *r = &rv[i];
        if ((rc = want_scalar(c, k, what, "a register name as key", NULL)))
            break;
        if (!(r->key = gpuref_dupn(sval(k), k->data.scalar.length))) {
            rc = err_at(c, k, GPUREF_ERR_NOMEM, "out of memory");
            break;
        }
        r->loc = loc_of(k);
        r->vloc = loc_of(v);
        unsigned prev = 0;
        int added = gpuref_vx_names_add(&seen, r->key, r->loc.line, &prev);
        if (added < 0) {
            rc = err_at(c, k, GPUREF_ERR_NOMEM, "out of memory");
            break;
        }
        if (added == 0) {
            rc = err_at(c, k, GPUREF_ERR_PARSE, "%s: duplicate register '%s' (first at line %u)",
                        what, gpuref_vx_show(r->key, b, sizeof b), prev);
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
                            "lane once", what, gpuref_vx_show(r->key, b, sizeof b),
                            gpuref_vx_show(rv[j].key, b2, sizeof b2), rv[j].loc.line);
                break;
            }
        }
        if (rc)
            break;
        gpuref_vx_reg_name(&r->reg, rn, sizeof rn);
        char of[80];
        snprintf(of, sizeof of, "register %s", rn);
        size_t nsel = (size_t)r->reg.lane_hi - r->reg.lane_lo + 1;
        if (v && v->type == YAML_SEQUENCE_NODE) {
            size_t nv = seq_len(v);
            if (nv != nsel) {
                if (r->reg.lane_sel)
                    rc = err_at(c, v, GPUREF_ERR_RANGE,
                                "%s: %s: expected %zu values (lanes %u..%u), found %zu", what,
                                gpuref_vx_show(r->key, b, sizeof b), nsel, r->reg.lane_lo,
                                r->reg.lane_hi, nv);
                else
                    rc = err_at(c, v, GPUREF_ERR_RANGE,
                                "%s: %s: expected %zu values (one per lane), found %zu", what,
                                gpuref_vx_show(r->key, b, sizeof b), nsel, nv);
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
                        gpuref_vx_show(r->key, b, sizeof b), gpuref_vx_kind(v));
        }
    }
    gpuref_vx_names_free(&seen);
    return rc;
}

static int get_words(loader *c, const yaml_node_t *n, const char *what, uint32_t **out,
                     size_t *nout)
{
    void *items;
    size_t nw;
    if (n && n->type == YAML_SEQUENCE_NODE && seq_len(n) == 0)
        return err_at(c, n, GPUREF_ERR_PARSE, "%s: empty list (at least one word)", what);
    int rc = get_items(c, n, YAML_SEQUENCE_NODE, what, "a list of hex words", sizeof(uint32_t),
                       &items, &nw);
    uint32_t *w = items;
    *out = w;
    *nout = nw;
    if (rc)
        return rc;
    for (size_t i = 0; i < nw; i++) {
        uint64_t v;
        if ((rc = get_hexw(c, node(c, n->data.sequence.items.start[i]), what, 32, "word", &v)))
            return rc;
        w[i] = (uint32_t)v;
    }
    return GPUREF_OK;
}

static const keydef mem_keys[] = { { "space", 1 }, { "addr", 1 }, { "words", 1 } };

/* A list of memory blocks; each is checked against the scratch model by a
 * trial read (expect) - init blocks are written by the trial setup. */
static int get_mem(loader *c, const yaml_node_t *n, const char *what, int init,
                   gpuref_vec_mem **out, size_t *nout)
{
    char b[64];
    void *items;
    size_t nb;
    int rc = get_items(c, n, YAML_SEQUENCE_NODE, what, "a list of memory blocks",
                       sizeof(gpuref_vec_mem), &items, &nb);
    gpuref_vec_mem *mm = items;
    *out = mm;
    *nout = nb;
    if (rc)
        return rc;
    for (size_t i = 0; i < nb; i++) {
        yaml_node_t *it = node(c, n->data.sequence.items.start[i]), *v[3], *k[3];
        gpuref_vec_mem *mb = &mm[i];
        rc = get_map(c, it, what, mem_keys, 3, v, k);
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
                          what, gpuref_vx_show(mb->space_name, b, sizeof b), spaces);
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
        return gpuref_vx_diag(c->d, c->path, rc, l, "program: %s",
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
                gpuref_vx_reg_name(r, rn, sizeof rn);
                return gpuref_vx_diag(c->d, c->path, GPUREF_ERR_RANGE, rv->loc,
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
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || gpuref_vx_is_digit(*s) ||
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
    void *items;
    size_t ne;
    int rc = get_items(c, n, YAML_SEQUENCE_NODE, "expect.trace", "a list",
                       sizeof(gpuref_vec_trace), &items, &ne);
    t->trace = items;
    t->ntrace = ne;
    if (rc)
        return rc;
    for (size_t i = 0; i < ne; i++) {
        yaml_node_t *it = node(c, n->data.sequence.items.start[i]), *v[4], *k[4];
        gpuref_vec_trace *e = &t->trace[i];
        rc = get_map(c, it, "trace entry", trace_keys, 4, v, k);
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

int gpuref_vx_get_test(loader *c, gpuref_vec_test *t, const yaml_node_t *n)
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
                      gpuref_vx_show(t->name, b, sizeof b));
    if (v[TK_COMMENT] && (rc = get_str(c, v[TK_COMMENT], "comment", &t->comment)))
        return rc;
    t->config_loc = v[TK_CONFIG] ? loc_of(v[TK_CONFIG]) : t->loc;
    if (v[TK_CONFIG]) {
        if ((rc = get_str(c, v[TK_CONFIG], "config", &t->config)))
            return rc;
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
                              "config: key '%s' given twice", gpuref_vx_show(key, b, sizeof b));
            break;
        }
    }
    if ((rc = scratch_for(c, t->config, v[TK_CONFIG] ? v[TK_CONFIG] : n)))
        return rc;
    t->base_loc = v[TK_BASE] ? loc_of(v[TK_BASE]) : t->loc;
    if (v[TK_BASE] && (rc = get_hex(c, v[TK_BASE], "base", &t->base)))
        return rc;
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
        return gpuref_vx_diag(c->d, c->path, GPUREF_ERR_RANGE, t->trace[t->ntrace - 1].loc,
                              "trace: step %llu is not below steps (%llu)",
                              (unsigned long long)t->trace[t->ntrace - 1].step,
                              (unsigned long long)t->steps);
    /* trial setup on the scratch model */
    return gpuref_vx_apply(t, c->m, c->d);
}

const keydef gpuref_vx_file_keys[GPUREF_VX_NKEYS] = {
    [GPUREF_VX_ISA] = { "isa", 1 },     [GPUREF_VX_COMMENT] = { "comment", 0 },
    [GPUREF_VX_SEED] = { "seed", 0 },   [GPUREF_VX_TESTS] = { "tests", 1 },
};

int gpuref_vx_get_root(loader *c, const yaml_node_t *n)
{
    yaml_node_t *v[GPUREF_VX_NKEYS], *k[GPUREF_VX_NKEYS];
    return get_map(c, n, "the file", gpuref_vx_file_keys, GPUREF_VX_NKEYS, v, k);
}

int gpuref_vx_get_header(loader *c, gpuref_vec_file *f, int key, const yaml_node_t *n)
{
    char b[64];
    int rc = GPUREF_OK;
    if (key == GPUREF_VX_ISA) {
        char *isa = NULL;
        rc = get_str(c, n, "isa", &isa);
        if (!rc && !gpuref_isa_find(isa))
            rc = err_at(c, n, GPUREF_ERR_CONFIG, "unknown ISA '%s' (known: %s)",
                        gpuref_vx_show(isa, b, sizeof b), gpuref_isa_list());
        if (rc) {
            free(isa);
            return rc;
        }
        free(f->isa);
        f->isa = isa;
        c->isa = isa;
    } else if (key == GPUREF_VX_COMMENT) {
        free(f->comment);
        f->comment = NULL;
        rc = get_str(c, n, "comment", &f->comment);
    } else if (key == GPUREF_VX_SEED) {
        if (!(rc = get_uint(c, n, "seed", &f->seed)))
            f->has_seed = 1;
    }
    return rc;
}

gpuref_vec_loc gpuref_vx_offset_loc(const loader *c, size_t off)
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
