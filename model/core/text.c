/* text.c - numbers, line scanning with located errors, the name index and
 * label tables, the string builder and whole-file reading shared by the
 * ISAs' assemblers, disassemblers and generators, the core and the command
 * (text.h; model/core/README.md "Shared pieces for ISA models"). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"

/* ------------------------------------------------------------- numbers */

int gpuref_num_scan(const char *s, size_t n, unsigned flags, uint64_t *mag, int *neg)
{
    if (!s || !mag)
        return -1;
    const char *e = s + n;
    int ng = 0;
    if (s < e && ((*s == '-' && (flags & GPUREF_NUM_MINUS)) ||
                  (*s == '+' && (flags & GPUREF_NUM_PLUS)))) {
        ng = *s == '-';
        s++;
    }
    unsigned base = flags & GPUREF_NUM_HEX ? 16 : 10;
    if (e - s >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
    } else if (e - s >= 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B') &&
               (flags & GPUREF_NUM_BIN)) {
        base = 2;
        s += 2;
    }
    if (s == e)
        return -1;
    uint64_t r = 0;
    for (; s < e; s++) {
        unsigned d;
        if (*s >= '0' && *s <= '9')
            d = (unsigned)(*s - '0');
        else if (*s >= 'a' && *s <= 'f')
            d = (unsigned)(*s - 'a' + 10);
        else if (*s >= 'A' && *s <= 'F')
            d = (unsigned)(*s - 'A' + 10);
        else
            return -1;
        if (d >= base || r > (UINT64_MAX - d) / base)
            return -1;
        r = r * base + d;
    }
    *mag = r;
    if (neg)
        *neg = ng;
    return 0;
}

int gpuref_parse_u64(const char *s, uint64_t *v)
{
    return s && v ? gpuref_num_scan(s, strlen(s), 0, v, NULL) : -1;
}

int gpuref_num_u64(const char *s, size_t n, unsigned flags, uint64_t max, uint64_t *v)
{
    uint64_t m;
    int neg = 0;
    if (gpuref_num_scan(s, n, flags & ~(unsigned)GPUREF_NUM_MINUS, &m, &neg) || m > max)
        return -1;
    *v = m;
    return 0;
}

int gpuref_num_i64(const char *s, size_t n, unsigned flags, int64_t *v)
{
    uint64_t m;
    int neg = 0;
    if (gpuref_num_scan(s, n, flags, &m, &neg))
        return -1;
    if (neg && m > (uint64_t)INT64_MAX + 1)
        return -1;
    *v = neg ? (int64_t)(0 - m) : (int64_t)m;
    return 0;
}

int gpuref_num_word32(const char *s, size_t n, unsigned flags, uint32_t *v)
{
    uint64_t m;
    int neg = 0;
    if (gpuref_num_scan(s, n, flags | GPUREF_NUM_MINUS, &m, &neg) ||
        m > (neg ? 0x80000000ull : 0xffffffffull))
        return -1;
    *v = neg ? (uint32_t)(0u - (uint32_t)m) : (uint32_t)m;
    return 0;
}

int gpuref_is_ident(const char *s)
{
    if (!gpuref_ident_start(*s))
        return 0;
    for (; *s; s++)
        if (!gpuref_ident_char(*s))
            return 0;
    return 1;
}

/* ------------------------------------------------------------- lexing */

void gpuref_lex_init(gpuref_lex *lx, const char *text)
{
    memset(lx, 0, sizeof *lx);
    lx->next = text ? text : "";
}

int gpuref_lex_line(gpuref_lex *lx)
{
    const char *p = lx->next;
    if (!*p)
        return 0;
    const char *le = p;
    while (*le && *le != '\n')
        le++;
    const char *ce = p;
    while (ce < le && !gpuref_lex_is_comment(ce, le))
        ce++;
    lx->ls = p;
    lx->le = le;
    lx->ce = ce;
    lx->line++;
    lx->next = *le ? le + 1 : le;
    return 1;
}

unsigned gpuref_lex_col(const gpuref_lex *lx, const char *p)
{
    return p && lx->ls && p >= lx->ls ? (unsigned)(p - lx->ls) + 1 : 0;
}

const char *gpuref_lex_skip(const char *p, const char *e)
{
    while (p < e && gpuref_is_blank(*p))
        p++;
    return p;
}

const char *gpuref_lex_ident(const char *p, const char *e, const char *extra, int digit_first)
{
    const char *q = p;
    while (q < e && (gpuref_ident_char(*q) || (extra && *q && strchr(extra, *q))))
        q++;
    if (q > p && !digit_first && gpuref_is_digit(*p))
        return p;
    return q;
}

int gpuref_lex_verrf(const gpuref_lex *lx, gpuref_diag *d, int status, const char *at,
                     const char *fmt, va_list ap)
{
    if (d) {
        char msg[GPUREF_ERRLEN];
        vsnprintf(msg, sizeof msg, fmt, ap);
        gpuref_diagf(d, status, lx->line, gpuref_lex_col(lx, at), "%s", msg);
    }
    return status;
}

int gpuref_lex_errf(const gpuref_lex *lx, gpuref_diag *d, int status, const char *at,
                    const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    status = gpuref_lex_verrf(lx, d, status, at, fmt, ap);
    va_end(ap);
    return status;
}

/* ------------------------------------------------------- growing arrays */

int gpuref_grow(void **p, size_t *cap, size_t n, size_t sz, size_t first)
{
    if (n < *cap)
        return 0;
    size_t nc = *cap ? *cap * 2 : first;
    void *q = nc <= SIZE_MAX / sz ? realloc(*p, nc * sz) : NULL;
    if (!q)
        return -1;
    *p = q;
    *cap = nc;
    return 0;
}

/* --------------------------------------------------------- name index */

static uint64_t fnv(const char *s, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
    return h;
}

int gpuref_ht_grow(gpuref_htab *h, size_t n, const char *(*key)(const void *, size_t),
                   const void *ctx)
{
    size_t cap = h->cap ? h->cap : 64;
    while (cap < 2 * (n + 1))
        cap *= 2;
    if (cap == h->cap)
        return 0;
    size_t *s = calloc(cap, sizeof *s);
    if (!s)
        return -1;
    for (size_t i = 0; i < h->cap; i++) {
        if (!h->slot[i])
            continue;
        const char *k = key(ctx, h->slot[i] - 1);
        size_t j = (size_t)fnv(k, strlen(k)) & (cap - 1);
        while (s[j])
            j = (j + 1) & (cap - 1);
        s[j] = h->slot[i];
    }
    free(h->slot);
    h->slot = s;
    h->cap = cap;
    return 0;
}

long gpuref_ht_find(const gpuref_htab *h, const char *k, const char *(*key)(const void *, size_t),
                    const void *ctx, size_t *ins)
{
    if (!h->cap)
        return -1;
    size_t j = (size_t)fnv(k, strlen(k)) & (h->cap - 1);
    while (h->slot[j]) {
        if (strcmp(key(ctx, h->slot[j] - 1), k) == 0)
            return (long)(h->slot[j] - 1);
        j = (j + 1) & (h->cap - 1);
    }
    if (ins)
        *ins = j;
    return -1;
}

void gpuref_ht_free(gpuref_htab *h)
{
    free(h->slot);
    h->slot = NULL;
    h->cap = 0;
}

/* ------------------------------------------------------------- labels */

static const char *label_key(const void *ctx, size_t i)
{
    return ((const gpuref_labels *)ctx)->v[i].name;
}

long gpuref_labels_add(gpuref_labels *t, const char *name, size_t len, uint64_t value)
{
    char *nm = gpuref_dupn(name, len);
    size_t ins = 0;
    if (!nm)
        return GPUREF_ERR_NOMEM;
    if (gpuref_ht_grow(&t->ht, t->n + 1, label_key, t)) {
        free(nm);
        return GPUREF_ERR_NOMEM;
    }
    if (gpuref_ht_find(&t->ht, nm, label_key, t, &ins) >= 0) {
        free(nm);
        return GPUREF_ERR_ARG;
    }
    if (gpuref_grow((void **)&t->v, &t->cap, t->n, sizeof *t->v, 64)) {
        free(nm);
        return GPUREF_ERR_NOMEM;
    }
    t->v[t->n] = (gpuref_label){ .name = nm, .value = value };
    t->ht.slot[ins] = t->n + 1;
    return (long)t->n++;
}

long gpuref_labels_find(const gpuref_labels *t, const char *name)
{
    return gpuref_ht_find(&t->ht, name, label_key, t, NULL);
}

void gpuref_labels_free(gpuref_labels *t)
{
    for (size_t i = 0; i < t->n; i++)
        free(t->v[i].name);
    free(t->v);
    gpuref_ht_free(&t->ht);
    memset(t, 0, sizeof *t);
}

/* ------------------------------------------------------ string builder */

void gpuref_sb_fixed(gpuref_strbuf *b, char *buf, size_t len)
{
    *b = (gpuref_strbuf){ .s = buf, .cap = len, .fixed = 1 };
    if (len)
        buf[0] = '\0';
}

int gpuref_sb_need(gpuref_strbuf *b, size_t k)
{
    if (b->oom)
        return -1;
    if (b->n + k + 1 <= b->cap)
        return 0;
    if (b->fixed)
        return -1;
    size_t nc = b->cap ? b->cap : 4096;
    while (nc < b->n + k + 1)
        nc *= 2;
    char *p = realloc(b->s, nc);
    if (!p) {
        b->oom = 1;
        return -1;
    }
    b->s = p;
    b->cap = nc;
    return 0;
}

void gpuref_sb_put(gpuref_strbuf *b, const char *s, size_t k)
{
    if (b->fixed) {
        if (b->n >= b->cap)
            return;
        size_t room = b->cap - b->n - 1, c = k < room ? k : room;
        if (c)
            memcpy(b->s + b->n, s, c);
        b->s[b->n + c] = '\0';
        b->n = b->n + k >= b->cap ? b->cap : b->n + k;
        return;
    }
    if (gpuref_sb_need(b, k))
        return;
    if (k)
        memcpy(b->s + b->n, s, k);
    b->n += k;
    b->s[b->n] = '\0';
}

void gpuref_sb_str(gpuref_strbuf *b, const char *s)
{
    gpuref_sb_put(b, s, strlen(s));
}

char *gpuref_put_u(char *p, uint64_t v)
{
    char t[20];
    unsigned n = 0;
    do
        t[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    while (n)
        *p++ = t[--n];
    return p;
}

char *gpuref_put_x(char *p, uint64_t v)
{
    static const char hx[] = "0123456789abcdef";
    unsigned sh = 60;
    while (sh && !(v >> sh))
        sh -= 4;
    for (;; sh -= 4) {
        *p++ = hx[(v >> sh) & 0xf];
        if (!sh)
            break;
    }
    return p;
}

/* Does fmt use only %s %u %d %x %c and %% (no flags, widths, lengths)? */
static int fmt_plain(const char *f)
{
    for (; *f; f++)
        if (*f == '%') {
            f++;
            if (*f != 's' && *f != 'u' && *f != 'd' && *f != 'x' && *f != 'c' && *f != '%')
                return 0;
        }
    return 1;
}

static void sb_vprintf_slow(gpuref_strbuf *b, const char *fmt, va_list ap)
{
    if (b->fixed) {
        int n = vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
        if (n < 0)
            return;
        b->n = b->n + (size_t)n >= b->cap ? b->cap : b->n + (size_t)n;
        return;
    }
    va_list aq;
    va_copy(aq, ap);
    int k = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    if (k < 0 || gpuref_sb_need(b, (size_t)k))
        return;
    vsnprintf(b->s + b->n, (size_t)k + 1, fmt, ap);
    b->n += (size_t)k;
}

void gpuref_sb_printf(gpuref_strbuf *b, const char *fmt, ...)
{
    if (b->oom || (b->fixed && b->n >= b->cap))
        return;
    va_list ap;
    va_start(ap, fmt);
    if (!fmt_plain(fmt)) {
        sb_vprintf_slow(b, fmt, ap);
        va_end(ap);
        return;
    }
    /* n: the length of the whole text; a fixed buffer keeps what fits */
    size_t pos = b->n, n = 0;
#define SB_PUT(ch)                                                                 \
    do {                                                                           \
        char c_ = (char)(ch);                  /* evaluated once, also when cut */ \
        if (pos + n + 1 < b->cap || (!b->fixed && !gpuref_sb_need(b, n + 1)))      \
            b->s[pos + n] = c_;                                                    \
        n++;                                                                       \
    } while (0)
    for (const char *f = fmt; *f; f++) {
        if (*f != '%') {
            SB_PUT(*f);
            continue;
        }
        char t[12];
        unsigned k = 0, u, base = 10;
        const char *str;
        switch (*++f) {
        case 's':
            str = va_arg(ap, const char *);
            for (str = str ? str : "(null)"; *str; str++)
                SB_PUT(*str);
            continue;
        case 'c':
            SB_PUT(va_arg(ap, int));
            continue;
        case '%':
            SB_PUT('%');
            continue;
        case 'd': {
            int v = va_arg(ap, int);
            if (v < 0)
                SB_PUT('-');
            u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
            break;
        }
        case 'x':
            base = 16;
            u = va_arg(ap, unsigned);
            break;
        default:
            u = va_arg(ap, unsigned);
            break;
        }
        do
            t[k++] = "0123456789abcdef"[u % base];
        while ((u /= base) != 0);
        while (k)
            SB_PUT(t[--k]);
    }
#undef SB_PUT
    va_end(ap);
    if (b->fixed) {
        b->s[pos + n < b->cap ? pos + n : b->cap - 1] = '\0';
        b->n = pos + n >= b->cap ? b->cap : pos + n;
    } else if (!gpuref_sb_need(b, n)) {
        b->n = pos + n;
        b->s[b->n] = '\0';
    }
}

void gpuref_sb_free(gpuref_strbuf *b)
{
    if (!b->fixed)
        free(b->s);
    *b = (gpuref_strbuf)GPUREF_STRBUF_INIT;
}

/* ------------------------------------------------------------- files */

int gpuref_read_file(const char *path, size_t max, char **text, size_t *len)
{
    *text = NULL;
    int in = path == NULL;
    FILE *f = in ? stdin : gpuref_fopen_read(path);
    if (!f)
        return errno ? errno : EIO;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    int err = buf ? 0 : ENOMEM;
    while (!err) {
        if (cap - n < 2) {
            char *nb = cap <= SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;
            if (!nb) {
                err = ENOMEM;
                break;
            }
            buf = nb;
            cap *= 2;
        }
        size_t k = fread(buf + n, 1, cap - n - 1, f);
        n += k;
        if (max && n > max)
            err = EFBIG;
        else if (k == 0) {
            if (ferror(f))
                err = errno ? errno : EIO;
            break;
        }
    }
    if (!in)
        fclose(f);
    if (err) {
        free(buf);
        return err;
    }
    buf[n] = '\0';
    *text = buf;
    if (len)
        *len = n;
    return 0;
}

int gpuref_read_file_diag(const char *path, size_t max, char **text, size_t *len,
                          gpuref_diag *d)
{
    int e = gpuref_read_file(path, max, text, len);
    if (e)
        return gpuref_diagf(d, GPUREF_ERR_IO, 0, 0,
                            "%s: cannot read: %s", path, strerror(e));
    return GPUREF_OK;
}
