/* rdna4_asm.c - RDNA4 assembler for LLVM's AMDGPU gfx12 syntax (what rdna4_disasm.c prints,
 * plus the usual input forms: bare mnemonics without _e32/_e64, labels as branch
 * targets, hwreg()/sendmsg() names, s_waitcnt counters, float literals).
 *
 * Two passes: every line is parsed into fields (sizes are known then), labels get
 * addresses, then branch offsets are resolved and the words encoded.  Errors are
 * one line with line/column through gpuref_diag. */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna4.h"
#include "rdna4_text.h"

#define MAXTOK 24

typedef struct tok {
    const char *s;
    size_t      n;
} tok;

typedef struct actx {
    gpuref_diag *d;
    gpuref_lex   lx;          /* the current line (for located errors) */
    rdna4_insn     *in;
    int          lit_used;
    uint32_t     lit;
    tok          mods[MAXTOK];
    int          used[MAXTOK];
    int          nmods;
    char         label[64];   /* branch target label, resolved in pass 2 */
    const char  *label_at;
    const char  *exp_tgt;     /* export target word */
    size_t       exp_tgt_n;
    uint32_t     t16_mask;    /* VOP3/VINTERP: OPSEL bits named by .l/.h suffixes */
    uint32_t     t16_bits;
    int          opsel_given; /* an op_sel:[...] list was written */
    int          wave64;      /* lane masks are SGPR pairs (.wave64); default wave32 */
    int          wmma64;      /* a WMMA/SWMMAC row in wave64: its VGPR tuples are half as long */
} actx;

/* VGPRs of an operand of `type`: WMMA/SWMMAC tuples in wave64 hold half the wave32
 * registers (the matrices spread over twice the lanes, guide Table 43; llvm-mc 22 with
 * +wavefrontsize64 takes v[0:3] for a wave32 v[0:7]); single registers stay. */
static unsigned vgpr_count(const actx *c, int type)
{
    unsigned n = rdna4_type_dwords(type);
    return c->wmma64 && n > 1 ? n / 2u : n;
}

static int aerr(actx *c, const char *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int aerr(actx *c, const char *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int st = gpuref_lex_verrf(&c->lx, c->d, GPUREF_ERR_ASM, at, fmt, ap);
    va_end(ap);
    return st;
}

static int teq(tok t, const char *s)
{
    return strlen(s) == t.n && strncmp(t.s, s, t.n) == 0;
}

static int tieq(tok t, const char *s)
{
    if (strlen(s) != t.n)
        return 0;
    for (size_t i = 0; i < t.n; i++)
        if (tolower((unsigned char)t.s[i]) != tolower((unsigned char)s[i]))
            return 0;
    return 1;
}

static tok ttrim(tok t)
{
    while (t.n && isspace((unsigned char)*t.s)) {
        t.s++;
        t.n--;
    }
    while (t.n && isspace((unsigned char)t.s[t.n - 1]))
        t.n--;
    return t;
}

static void tcopy(tok t, char *buf, size_t len)
{
    size_t k = t.n < len - 1 ? t.n : len - 1;
    memcpy(buf, t.s, k);
    buf[k] = '\0';
}

/* ------------------------------------------------------------ numbers */

/* [-+]decimal | [-+]0x hex | [-+]0b binary, fully consumed, fewer than 64
 * characters (gpuref_num_i64).  0 on success. */
static int parse_int(tok t, int64_t *v)
{
    t = ttrim(t);
    if (t.n >= 64)
        return -1;
    return gpuref_num_i64(t.s, t.n, GPUREF_NUM_MINUS | GPUREF_NUM_PLUS | GPUREF_NUM_BIN, v);
}

/* A float literal: contains '.' or an exponent, not hex. */
static int parse_float(tok t, double *v)
{
    char b[64];
    t = ttrim(t);
    if (t.n == 0 || t.n >= sizeof b)
        return -1;
    tcopy(t, b, sizeof b);
    if (strchr(b, 'x') || strchr(b, 'X'))
        return -1;
    if (!strchr(b, '.') && !strchr(b, 'e') && !strchr(b, 'E'))
        return -1;
    char *end;
    *v = strtod(b, &end);
    return *end ? -1 : 0;
}

static uint32_t f32_bits(double x)
{
    float f = (float)x;
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* double -> IEEE half, round to nearest even (finite inputs). */
static uint32_t f16_bits(double x)
{
    uint32_t sign = signbit(x) ? 0x8000u : 0;
    double a = fabs(x);
    if (isnan(x))
        return 0x7e00;
    if (a >= 65520.0)
        return sign | 0x7c00u;
    if (a < ldexp(1.0, -24) * 0.5)
        return sign;
    int e;
    double m = frexp(a, &e);     /* a = m * 2^e, m in [0.5, 1) */
    int exp = e - 1;              /* a = (2m) * 2^exp */
    if (exp < -14) {              /* subnormal: units of 2^-24 */
        double q = ldexp(a, 24);
        double r = nearbyint(q);
        return sign | (uint32_t)r;
    }
    double q = ldexp(m * 2.0 - 1.0, 10);
    double r = nearbyint(q);
    uint32_t mant = (uint32_t)r, ex = (uint32_t)(exp + 15);
    if (mant == 1024) {
        mant = 0;
        ex++;
    }
    if (ex >= 31)
        return sign | 0x7c00u;
    return sign | ex << 10 | mant;
}

/* ---------------------------------------------------------- registers */

static int parse_range(tok t, size_t pfx, unsigned *lo, unsigned *hi)
{
    /* t = "<pfx>[a:b]" or "<pfx>[a]" or "<pfx>N" */
    int64_t a, b;
    tok r = { t.s + pfx, t.n - pfx };
    if (r.n && r.s[0] == '[') {
        if (r.s[r.n - 1] != ']')
            return -1;
        tok in = { r.s + 1, r.n - 2 };
        const char *colon = memchr(in.s, ':', in.n);
        if (colon) {
            tok x = { in.s, (size_t)(colon - in.s) }, y = { colon + 1, in.n - (size_t)(colon - in.s) - 1 };
            if (parse_int(x, &a) || parse_int(y, &b))
                return -1;
        } else {
            if (parse_int(in, &a))
                return -1;
            b = a;
        }
    } else {
        if (!r.n || !isdigit((unsigned char)r.s[0]))
            return -1;
        if (parse_int(r, &a))
            return -1;
        b = a;
    }
    if (a < 0 || b < a || b > 100000)
        return -1;
    *lo = (unsigned)a;
    *hi = (unsigned)b;
    return 0;
}

/* Scalar register: 0 ok, 1 not a scalar register, <0 error reported. */
static int parse_sreg(actx *c, tok t, unsigned *code, unsigned *n)
{
    unsigned lo, hi;
    t = ttrim(t);
    static const struct { const char *name; unsigned code, n; } fixed[] = {
        { "vcc_lo", 106, 1 }, { "vcc_hi", 107, 1 }, { "vcc", 106, 2 }, { "null", 124, 0 },
        { "m0", 125, 1 }, { "exec_lo", 126, 1 }, { "exec_hi", 127, 1 }, { "exec", 126, 2 },
    };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (tieq(t, fixed[i].name)) {
            *code = fixed[i].code;
            *n = fixed[i].n;
            return 0;
        }
    if (t.n >= 2 && (t.s[0] == 's' || t.s[0] == 'S') && (isdigit((unsigned char)t.s[1]) || t.s[1] == '[')) {
        if (parse_range(t, 1, &lo, &hi))
            return aerr(c, t.s, "bad scalar register '%.*s'", (int)t.n, t.s);
        /* a range may run past s105 into VCC/TTMP codes (an SMEM destination that is
         * out of range at run time, guide L803); its first register may not */
        if (lo > 105 || hi > lo + 15)
            return aerr(c, t.s, "register s%u out of range (s0-s105)", lo > 105 ? lo : hi);
        *code = lo;
        *n = hi - lo + 1;
        return 0;
    }
    if (t.n >= 5 && strncmp(t.s, "ttmp", 4) == 0) {
        if (parse_range(t, 4, &lo, &hi))
            return aerr(c, t.s, "bad trap register '%.*s'", (int)t.n, t.s);
        if (lo > 15 || hi > lo + 15)
            return aerr(c, t.s, "register ttmp%u out of range (ttmp0-ttmp15)", lo > 15 ? lo : hi);
        *code = RDNA4_TTMP0 + lo;
        *n = hi - lo + 1;
        return 0;
    }
    return 1;
}

static int parse_vreg(actx *c, tok t, unsigned *v, unsigned *n)
{
    unsigned lo, hi;
    t = ttrim(t);
    if (t.n >= 2 && (t.s[0] == 'v' || t.s[0] == 'V') && (isdigit((unsigned char)t.s[1]) || t.s[1] == '[')) {
        if (parse_range(t, 1, &lo, &hi))
            return aerr(c, t.s, "bad vector register '%.*s'", (int)t.n, t.s);
        /* a tuple may run past v255 (out of range at run time); its first VGPR may not */
        if (lo > 255 || hi > lo + 31)
            return aerr(c, t.s, "register v%u out of range (v0-v255)", lo > 255 ? lo : hi);
        *v = lo;
        *n = hi - lo + 1;
        return 0;
    }
    return 1;
}

static const char *reg_text(unsigned code, unsigned n, char *buf, size_t len)
{
    gpuref_strbuf b;
    gpuref_sb_fixed(&b, buf, len);
    rdna4_put_sreg(&b, code, n);
    return buf;
}

/* A scalar destination/register operand of `want` DWORDs. */
static int need_sreg(actx *c, tok t, unsigned want, int smem, unsigned *code)
{
    unsigned n;
    int r = parse_sreg(c, t, code, &n);
    if (r < 0)
        return r;
    if (r > 0)
        return aerr(c, t.s, "expected a scalar register, got '%.*s'", (int)t.n, t.s);
    if (*code == RDNA4_NULL)
        return 0;
    if (n != want)
        return aerr(c, t.s, "expected %u scalar register%s, got '%.*s'", want,
                    want > 1 ? "s" : "", (int)t.n, t.s);
    if (want == 2 && (*code & 1)) {
        char b[32];
        return aerr(c, t.s, "misaligned SGPR pair %s (64-bit operands need an even register)",
                    reg_text(*code, 2, b, sizeof b));
    }
    if (smem && want > 2 && (*code & 3))
        return aerr(c, t.s, "misaligned SGPR range '%.*s' (needs a multiple of 4)", (int)t.n,
                    t.s);
    return 0;
}

/* ------------------------------------------------------------ sources */

static int use_literal(actx *c, const char *at, uint32_t v)
{
    if (c->lit_used && c->lit != v)
        return aerr(c, at, "only one literal constant is allowed per instruction");
    c->lit_used = 1;
    c->lit = v;
    return 0;
}

static const struct { const char *name; unsigned code; } special_src[] = {
    { "src_shared_base", 235 }, { "src_shared_limit", 236 }, { "src_private_base", 237 },
    { "src_private_limit", 238 }, { "shared_base", 235 }, { "shared_limit", 236 },
    { "private_base", 237 }, { "private_limit", 238 }, { "src_scc", 253 }, { "scc", 253 },
};

static int inline_code(uint64_t v, int type, unsigned *code)
{
    uint64_t k;
    for (unsigned cd = 128; cd <= 248; cd++) {
        if (cd > 208 && cd < 240)
            continue;
        if (rdna4_inline_value(cd, type, &k) && k == v) {
            *code = cd;
            return 1;
        }
    }
    return 0;
}

/* A source of `type`: register, constant, literal.  vgpr: VGPRs allowed. */
static int parse_src(actx *c, tok t, int type, int vgpr, unsigned *code)
{
    t = ttrim(t);
    if (t.n == 0)
        return aerr(c, t.s, "missing operand");
    int is64 = rdna4_type_is64(type);
    unsigned n, v;
    int r = parse_sreg(c, t, code, &n);
    if (r < 0)
        return r;
    if (r == 0) {
        unsigned want = is64 ? 2 : 1;
        if (*code == RDNA4_NULL)
            return 0;
        if (type == RDNA4_T_MASK) {
            if (n != (c->wave64 ? 2u : 1u))
                return aerr(c, t.s, "a lane mask is %s in wave%d, got '%.*s'",
                            c->wave64 ? "an SGPR pair (vcc, s[4:5])" : "one SGPR (vcc_lo, s4)",
                            c->wave64 ? 64 : 32, (int)t.n, t.s);
            if (n == 2 && (*code & 1))
                return aerr(c, t.s, "misaligned SGPR pair '%.*s'", (int)t.n, t.s);
            return 0;
        }
        if (n != want)
            return aerr(c, t.s, "expected a %s scalar operand, got '%.*s'",
                        is64 ? "64-bit" : "32-bit", (int)t.n, t.s);
        if (is64 && (*code & 1)) {
            char b[32];
            return aerr(c, t.s, "misaligned SGPR pair %s (64-bit operands need an even register)",
                        reg_text(*code, 2, b, sizeof b));
        }
        return 0;
    }
    if (vgpr) {
        r = parse_vreg(c, t, &v, &n);
        if (r < 0)
            return r;
        if (r == 0) {
            unsigned want = type == RDNA4_T_MASK ? 1 : vgpr_count(c, type);
            if (n != want)
                return aerr(c, t.s, "expected %u VGPR%s, got '%.*s'", want, want > 1 ? "s" : "",
                            (int)t.n, t.s);
            *code = 256 + v;
            return 0;
        }
    }
    for (size_t i = 0; i < sizeof special_src / sizeof special_src[0]; i++)
        if (tieq(t, special_src[i].name)) {
            *code = special_src[i].code;
            return 0;
        }
    int64_t iv;
    double fv;
    if (t.n > 5 && strncmp(t.s, "lit(", 4) == 0 && t.s[t.n - 1] == ')') {
        tok in = { t.s + 4, t.n - 5 };
        if (parse_int(in, &iv))
            return aerr(c, t.s, "bad literal '%.*s'", (int)t.n, t.s);
        if (iv < INT32_MIN || iv > (int64_t)UINT32_MAX)
            return aerr(c, t.s, "literal %.*s does not fit 32 bits", (int)t.n, t.s);
        *code = RDNA4_LIT_SRC;
        return use_literal(c, t.s, (uint32_t)iv);
    }
    if (parse_int(t, &iv) == 0) {
        if (iv >= -16 && iv <= 64) {
            *code = iv >= 0 ? (unsigned)(128 + iv) : (unsigned)(192 - iv);
            return 0;
        }
        if (is64) {
            uint64_t u = (uint64_t)iv;
            if (inline_code(u, type, code))
                return 0;
            *code = RDNA4_LIT_SRC;
            if (type == RDNA4_T_F64) {
                if (iv >= 0 && iv <= (int64_t)UINT32_MAX)
                    return use_literal(c, t.s, (uint32_t)iv);
                if ((u & 0xffffffffu) == 0)
                    return use_literal(c, t.s, (uint32_t)(u >> 32));
                return aerr(c, t.s, "%.*s is not a 32-bit literal for a 64-bit float operand "
                            "(the literal supplies the high half)", (int)t.n, t.s);
            }
            if (type == RDNA4_T_I64 ? (iv < INT32_MIN || iv > (int64_t)UINT32_MAX)
                                : (iv < 0 || iv > (int64_t)UINT32_MAX))
                return aerr(c, t.s, "value %.*s cannot be encoded: a 32-bit literal is %s "
                            "for this 64-bit operand", (int)t.n, t.s,
                            type == RDNA4_T_I64 ? "sign-extended" : "zero-extended");
            return use_literal(c, t.s, (uint32_t)iv);
        }
        if (iv < INT32_MIN || iv > (int64_t)UINT32_MAX)
            return aerr(c, t.s, "value %.*s does not fit 32 bits", (int)t.n, t.s);
        /* the bit pattern of an inline constant is encoded inline (F16: 0x3c00 is
         * 1.0), except for 16-bit integer operands, where LLVM keeps 0x3800 a literal */
        if (type != RDNA4_T_B16 && type != RDNA4_T_BF16 && type != RDNA4_T_BF16P &&
            inline_code((uint32_t)iv, type == RDNA4_T_MASK ? RDNA4_T_B32 : type, code))
            return 0;
        if ((uint32_t)iv >= 0xfffffff0u) {
            *code = 192 + (unsigned)(0u - (uint32_t)iv);
            return 0;
        }
        if ((type == RDNA4_T_F16 || type == RDNA4_T_F16P || type == RDNA4_T_BF16 || type == RDNA4_T_BF16P) && iv >= 0xfff0 &&
            iv <= 0xffff) {
            *code = 192 + (unsigned)(0x10000 - iv);   /* a 16-bit -16..-1 */
            return 0;
        }
        *code = RDNA4_LIT_SRC;
        return use_literal(c, t.s, (uint32_t)iv);
    }
    if (parse_float(t, &fv) == 0) {
        static const double fk[8] = { 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0 };
        for (unsigned i = 0; i < 8; i++)
            if (fv == fk[i]) {
                *code = 240 + i;
                return 0;
            }
        if (fabs(fv - 0.15915494309189532) < 1e-8) {
            *code = 248;
            return 0;
        }
        *code = RDNA4_LIT_SRC;
        switch (type) {
        case RDNA4_T_F16: case RDNA4_T_F16P: case RDNA4_T_B16: return use_literal(c, t.s, f16_bits(fv));
        case RDNA4_T_BF16: case RDNA4_T_BF16P: return use_literal(c, t.s, f32_bits(fv) >> 16);
        case RDNA4_T_F64: {
            uint64_t u;
            memcpy(&u, &fv, 8);
            if (u & 0xffffffffu)
                return aerr(c, t.s, "%.*s needs more than the 32 high bits of a double",
                            (int)t.n, t.s);
            return use_literal(c, t.s, (uint32_t)(u >> 32));
        }
        case RDNA4_T_B64: case RDNA4_T_I64:
            return aerr(c, t.s, "a float literal is not allowed for a 64-bit integer operand");
        default:
            return use_literal(c, t.s, f32_bits(fv));
        }
    }
    return aerr(c, t.s, "bad operand '%.*s'", (int)t.n, t.s);
}

/* A mandatory literal constant (K). */
static int parse_k(actx *c, tok t, int type)
{
    int64_t iv;
    double fv;
    t = ttrim(t);
    if (t.n == 0)
        return aerr(c, t.s, "missing literal constant");
    if (t.n > 5 && strncmp(t.s, "lit(", 4) == 0 && t.s[t.n - 1] == ')') {
        t.s += 4;
        t.n -= 5;
    }
    if (parse_int(t, &iv) == 0) {
        if (iv < INT32_MIN || iv > (int64_t)UINT32_MAX)
            return aerr(c, t.s, "literal %.*s does not fit 32 bits", (int)t.n, t.s);
        return use_literal(c, t.s, (uint32_t)iv);
    }
    if (parse_float(t, &fv) == 0)
        return use_literal(c, t.s, rdna4_type_f16k(type) ? f16_bits(fv) : f32_bits(fv));
    return aerr(c, t.s, "expected a literal constant, got '%.*s'", (int)t.n, t.s);
}

/* ---------------------------------------------------------- modifiers */

static int find_mod(actx *c, const char *name, tok *val)
{
    size_t ln = strlen(name);
    for (int i = 0; i < c->nmods; i++) {
        tok m = c->mods[i];
        if (c->used[i])
            continue;
        if (m.n == ln && strncmp(m.s, name, ln) == 0) {
            c->used[i] = 1;
            val->s = m.s + ln;
            val->n = 0;
            return 1;
        }
        if (m.n > ln && strncmp(m.s, name, ln) == 0 && m.s[ln] == ':') {
            c->used[i] = 1;
            val->s = m.s + ln + 1;
            val->n = m.n - ln - 1;
            return 1;
        }
    }
    return 0;
}

static int mod_int(actx *c, const char *name, int64_t lo, int64_t hi, uint32_t *out, int *found)
{
    tok v;
    *found = 0;
    if (!find_mod(c, name, &v))
        return 0;
    int64_t x;
    *found = 1;
    if (parse_int(v, &x) || x < lo || x > hi)
        return aerr(c, v.s, "bad value for %s (expected %lld..%lld)", name, (long long)lo,
                    (long long)hi);
    *out = (uint32_t)x;
    return 0;
}

/* Where the modifier starting with `prefix` stands in the line (`dflt` if absent):
 * a decode error about CLAMP or OMOD points at it, as llvm-mc does. */
static const char *mod_at(const actx *c, const char *prefix, const char *dflt)
{
    size_t ln = strlen(prefix);
    for (int i = 0; i < c->nmods; i++)
        if (c->mods[i].n >= ln && strncmp(c->mods[i].s, prefix, ln) == 0)
            return c->mods[i].s;
    return dflt;
}

static int mod_flag(actx *c, const char *name)
{
    tok v;
    return find_mod(c, name, &v);
}

/* "name:[a,b,c]" -> bits; returns 1 if present. */
static int mod_bits(actx *c, const char *name, unsigned maxn, uint32_t *out, uint32_t dflt, int *err)
{
    tok v;
    *err = 0;
    if (!find_mod(c, name, &v))
        return 0;
    if (v.n < 2 || v.s[0] != '[' || v.s[v.n - 1] != ']') {
        *err = aerr(c, v.s, "expected %s:[...]", name);
        return 1;
    }
    uint32_t bits = dflt;
    unsigned k = 0;
    const char *p = v.s + 1, *e = v.s + v.n - 1;
    while (p < e) {
        const char *q = p;
        while (q < e && *q != ',')
            q++;
        tok x = { p, (size_t)(q - p) };
        int64_t b;
        if (k >= maxn || parse_int(x, &b) || (b != 0 && b != 1)) {
            *err = aerr(c, p, "bad %s list", name);
            return 1;
        }
        bits = (bits & ~(1u << k)) | ((uint32_t)b << k);
        k++;
        p = q < e ? q + 1 : q;
    }
    *out = bits;
    return 1;
}

static int mod_named(actx *c, const char *name, const char *const *names, unsigned n,
                     uint32_t *out, int *found)
{
    tok v;
    *found = 0;
    if (!find_mod(c, name, &v))
        return 0;
    *found = 1;
    for (unsigned i = 1; i < n; i++)
        if (names[i] && teq(v, names[i])) {
            *out = i;
            return 0;
        }
    int64_t x;
    if (parse_int(v, &x) == 0 && x >= 0 && x < (int64_t)n) {
        *out = (uint32_t)x;
        return 0;
    }
    return aerr(c, v.s, "bad value for %s: '%.*s'", name, (int)v.n, v.s);
}

/* ------------------------------------------------------ SIMM16 forms */

static int simm16_num(actx *c, tok t, uint32_t *out)
{
    int64_t v;
    if (parse_int(t, &v) || v < -32768 || v > 65535)
        return aerr(c, t.s, "expected a 16-bit immediate, got '%.*s'", (int)t.n, t.s);
    *out = (uint32_t)v & 0xffffu;
    return 0;
}

static const struct { const char *name; unsigned id; } hwreg_alias[] = {
    { "HW_REG_MODE", 1 }, { "HW_REG_STATUS", 2 }, { "HW_REG_STATE_PRIV", 4 },
    { "HW_REG_EXCP_FLAG_PRIV", 17 }, { "HW_REG_EXCP_FLAG_USER", 18 },
    { "HW_REG_TRAP_CTRL", 19 }, { "HW_REG_SCRATCH_BASE_LO", 20 },
    { "HW_REG_SCRATCH_BASE_HI", 21 }, { "HW_REG_HW_ID1", 23 }, { "HW_REG_HW_ID2", 24 },
    { "HW_REG_IB_STS2", 28 }, { "HW_REG_GPR_ALLOC", 5 }, { "HW_REG_LDS_ALLOC", 6 },
};

static int parse_hwreg(actx *c, tok t, uint32_t *out)
{
    t = ttrim(t);
    if (t.n > 7 && strncmp(t.s, "hwreg(", 6) == 0 && t.s[t.n - 1] == ')') {
        tok a[3];
        int na = 0;
        const char *p = t.s + 6, *e = t.s + t.n - 1;
        while (p <= e && na < 3) {
            const char *q = p;
            while (q < e && *q != ',')
                q++;
            a[na].s = p;
            a[na].n = (size_t)(q - p);
            a[na] = ttrim(a[na]);
            na++;
            p = q + 1;
            if (q >= e)
                break;
        }
        if (na != 1 && na != 3)
            return aerr(c, t.s, "hwreg() takes a register, or a register, offset and size");
        int64_t id = -1, off = 0, size = 32;
        for (const rdna4_name *h = rdna4_hwreg_names; h->name; h++)
            if (teq(a[0], h->name))
                id = h->v;
        for (size_t i = 0; id < 0 && i < sizeof hwreg_alias / sizeof hwreg_alias[0]; i++)
            if (teq(a[0], hwreg_alias[i].name))
                id = hwreg_alias[i].id;
        if (id < 0 && (parse_int(a[0], &id) || id < 0 || id > 63))
            return aerr(c, a[0].s, "unknown hardware register '%.*s'", (int)a[0].n, a[0].s);
        if (na == 3 && (parse_int(a[1], &off) || off < 0 || off > 31))
            return aerr(c, a[1].s, "hwreg offset must be 0..31");
        if (na == 3 && (parse_int(a[2], &size) || size < 1 || size > 32))
            return aerr(c, a[2].s, "hwreg size must be 1..32");
        *out = (uint32_t)(id | off << 6 | (size - 1) << 11);
        return 0;
    }
    return simm16_num(c, t, out);
}

static int parse_sendmsg(actx *c, tok t, uint32_t *out, unsigned maxv)
{
    t = ttrim(t);
    if (t.n > 9 && strncmp(t.s, "sendmsg(", 8) == 0 && t.s[t.n - 1] == ')') {
        tok a = { t.s + 8, t.n - 9 };
        const char *comma = memchr(a.s, ',', a.n);
        tok rest = { NULL, 0 };
        if (comma) {
            rest.s = comma + 1;
            rest.n = a.n - (size_t)(comma - a.s) - 1;
            a.n = (size_t)(comma - a.s);
        }
        a = ttrim(a);
        int64_t id = -1;
        for (const rdna4_name *m = rdna4_msg_names; m->name; m++)
            if (teq(a, m->name))
                id = m->v;
        if (id < 0 && (parse_int(a, &id) || id < 0 || id > 255))
            return aerr(c, a.s, "unknown message '%.*s'", (int)a.n, a.s);
        if (rest.s) {   /* operation and stream ids: always 0 on gfx12 */
            const char *p = rest.s, *e = rest.s + rest.n;
            while (p < e) {
                const char *q = p;
                while (q < e && *q != ',')
                    q++;
                tok x = { p, (size_t)(q - p) };
                int64_t z;
                if (parse_int(x, &z) || z != 0)
                    return aerr(c, p, "sendmsg operation/stream must be 0 on gfx12");
                p = q + 1;
            }
        }
        *out = (uint32_t)id;
        return 0;
    }
    int64_t v;
    if (parse_int(t, &v) || v < 0 || v > (int64_t)maxv)
        return aerr(c, t.s, "expected sendmsg(...) or a number up to %u", maxv);
    *out = (uint32_t)v;
    return 0;
}

/* "instid0(X) | instskip(Y) | instid1(Z)" or a number */
static int parse_delay(actx *c, tok t, uint32_t *out)
{
    t = ttrim(t);
    if (t.n && isdigit((unsigned char)t.s[0]))
        return simm16_num(c, t, out);
    uint32_t v = 0;
    const char *p = t.s, *e = t.s + t.n;
    while (p < e) {
        const char *q = p;
        while (q < e && *q != '|')
            q++;
        tok f = ttrim((tok){ p, (size_t)(q - p) });
        const char *lp = memchr(f.s, '(', f.n);
        if (!lp || f.s[f.n - 1] != ')')
            return aerr(c, f.s, "bad s_delay_alu field '%.*s'", (int)f.n, f.s);
        tok nm = { f.s, (size_t)(lp - f.s) }, val = { lp + 1, f.n - (size_t)(lp - f.s) - 2 };
        int found = -1;
        if (teq(nm, "instid0") || teq(nm, "instid1")) {
            for (int i = 0; i < 12; i++)
                if (teq(val, rdna4_instid_names[i]))
                    found = i;
            if (found < 0)
                return aerr(c, val.s, "bad instid value '%.*s'", (int)val.n, val.s);
            v |= teq(nm, "instid0") ? (uint32_t)found : (uint32_t)found << 7;
        } else if (teq(nm, "instskip")) {
            for (int i = 0; i < 6; i++)
                if (teq(val, rdna4_instskip_names[i]))
                    found = i;
            if (found < 0)
                return aerr(c, val.s, "bad instskip value '%.*s'", (int)val.n, val.s);
            v |= (uint32_t)found << 4;
        } else {
            return aerr(c, nm.s, "unknown s_delay_alu field '%.*s'", (int)nm.n, nm.s);
        }
        p = q < e ? q + 1 : q;
    }
    *out = v;
    return 0;
}

/* "vmcnt(N) expcnt(N) lgkmcnt(N)" (unnamed counters stay at their maximum) or a number */
static int parse_waitcnt(actx *c, tok t, uint32_t *out)
{
    t = ttrim(t);
    if (t.n && (isdigit((unsigned char)t.s[0]) || t.s[0] == '-'))
        return simm16_num(c, t, out);
    uint32_t vm = 63, exp = 7, lgkm = 63;
    const char *p = t.s, *e = t.s + t.n;
    while (p < e) {
        while (p < e && (isspace((unsigned char)*p) || *p == '&' || *p == ','))
            p++;
        if (p >= e)
            break;
        const char *q = p;
        while (q < e && *q != ')')
            q++;
        if (q >= e)
            return aerr(c, p, "bad s_waitcnt counter");
        tok f = { p, (size_t)(q - p + 1) };
        const char *lp = memchr(f.s, '(', f.n);
        if (!lp)
            return aerr(c, p, "bad s_waitcnt counter");
        tok nm = { f.s, (size_t)(lp - f.s) }, val = { lp + 1, (size_t)(q - lp - 1) };
        int64_t x;
        if (parse_int(val, &x) || x < 0)
            return aerr(c, val.s, "bad counter value");
        if (teq(nm, "vmcnt") && x <= 63)
            vm = (uint32_t)x;
        else if (teq(nm, "expcnt") && x <= 7)
            exp = (uint32_t)x;
        else if (teq(nm, "lgkmcnt") && x <= 63)
            lgkm = (uint32_t)x;
        else
            return aerr(c, nm.s, "bad s_waitcnt counter '%.*s'", (int)f.n, f.s);
        p = q + 1;
    }
    *out = vm << 10 | lgkm << 4 | exp;
    return 0;
}

static int parse_depctr(actx *c, tok t, uint32_t *out)
{
    t = ttrim(t);
    if (t.n && isdigit((unsigned char)t.s[0]))
        return simm16_num(c, t, out);
    uint32_t v = 0;
    for (int i = 0; i < RDNA4_NDEPCTR; i++)
        v |= rdna4_depctr_fields[i].dflt << rdna4_depctr_fields[i].shift;
    const char *p = t.s, *e = t.s + t.n;
    while (p < e) {
        while (p < e && (isspace((unsigned char)*p) || *p == '&' || *p == ','))
            p++;
        if (p >= e)
            break;
        const char *q = p;
        while (q < e && *q != ')')
            q++;
        const char *lp = memchr(p, '(', (size_t)(q - p));
        if (q >= e || !lp)
            return aerr(c, p, "bad s_wait_alu field");
        tok nm = { p, (size_t)(lp - p) }, val = { lp + 1, (size_t)(q - lp - 1) };
        int64_t x;
        int k = -1;
        for (int i = 0; i < RDNA4_NDEPCTR; i++)
            if (teq(nm, rdna4_depctr_fields[i].name))
                k = i;
        if (k < 0)
            return aerr(c, nm.s, "unknown s_wait_alu field '%.*s'", (int)nm.n, nm.s);
        const rdna4_depctr *d = &rdna4_depctr_fields[k];
        if (parse_int(val, &x) || x < 0 || x >= (1 << d->width))
            return aerr(c, val.s, "bad value for %s", d->name);
        v = (v & ~(((1u << d->width) - 1) << d->shift)) | (uint32_t)x << d->shift;
        p = q + 1;
    }
    *out = v;
    return 0;
}

static int parse_version(actx *c, tok t, uint32_t *out)
{
    static const rdna4_name vers[] = { { 0, "UC_VERSION_GFX7" }, { 4, "UC_VERSION_GFX10" },
                                    { 6, "UC_VERSION_GFX11" }, { 9, "UC_VERSION_GFX12" },
                                    { 0, NULL } };
    uint32_t v = 0;
    t = ttrim(t);
    const char *p = t.s, *e = t.s + t.n;
    while (p < e) {
        const char *q = p;
        while (q < e && *q != '|')
            q++;
        tok f = ttrim((tok){ p, (size_t)(q - p) });
        int64_t x;
        int done = 0;
        if (teq(f, "UC_VERSION_MDP_BIT")) {
            v |= 0x8000u;
            done = 1;
        }
        for (const rdna4_name *n = vers; !done && n->name; n++)
            if (teq(f, n->name)) {
                v |= n->v;
                done = 1;
            }
        if (!done) {
            if (parse_int(f, &x) || x < -32768 || x > 65535)
                return aerr(c, f.s, "bad s_version operand '%.*s'", (int)f.n, f.s);
            v |= (uint32_t)x & 0xffffu;
        }
        p = q < e ? q + 1 : q;
    }
    *out = v;
    return 0;
}

/* Branch target: a label (resolved later) or a raw 16-bit offset. */
static int parse_branch(actx *c, tok t, uint32_t *out)
{
    t = ttrim(t);
    int64_t v;
    if (t.n && (isdigit((unsigned char)t.s[0]) || t.s[0] == '-' || t.s[0] == '+')) {
        if (parse_int(t, &v) || v < -32768 || v > 65535)
            return aerr(c, t.s, "branch offset '%.*s' does not fit 16 bits", (int)t.n, t.s);
        *out = (uint32_t)v & 0xffffu;
        return 0;
    }
    if (!t.n || !(isalpha((unsigned char)t.s[0]) || t.s[0] == '_' || t.s[0] == '.'))
        return aerr(c, t.s, "expected a label or an offset");
    if (t.n >= sizeof c->label)
        return aerr(c, t.s, "label too long");
    tcopy(t, c->label, sizeof c->label);
    c->label_at = t.s;
    *out = 0;
    return 0;
}

/* ------------------------------------------------------- operand split */

/* Split "a, b, c mod mod" into comma pieces; spaces inside a piece separate the
 * operand from trailing modifiers. */
static int split_ops(actx *c, tok s, tok *ops, int maxops, int *nops)
{
    int n = 0, depth = 0;
    const char *p = s.s, *e = s.s + s.n, *start = p;
    c->nmods = 0;
    for (; p <= e; p++) {
        char ch = p < e ? *p : ',';
        if (ch == '[' || ch == '(')
            depth++;
        else if (ch == ']' || ch == ')')
            depth--;
        if ((ch == ',' && depth == 0) || p == e) {
            tok piece = ttrim((tok){ start, (size_t)(p - start) });
            /* first word = operand, the rest = modifiers */
            const char *q = piece.s, *pe = piece.s + piece.n;
            int d2 = 0, words = 0;
            const char *ws = q;
            for (; q <= pe; q++) {
                char c2 = q < pe ? *q : ' ';
                if (c2 == '[' || c2 == '(')
                    d2++;
                else if (c2 == ']' || c2 == ')')
                    d2--;
                if (isspace((unsigned char)c2) && d2 == 0) {
                    if (q > ws) {
                        tok w = { ws, (size_t)(q - ws) };
                        int modlike = 0;
                        for (const char *z = ws; z < q; z++) {
                            if (*z == '[' || *z == '(')
                                break;
                            if (*z == ':')
                                modlike = 1;
                        }
                        if (words == 0 && !modlike) {
                            if (n >= maxops)
                                return aerr(c, ws, "too many operands");
                            ops[n++] = w;
                        } else {
                            if (c->nmods >= MAXTOK)
                                return aerr(c, ws, "too many modifiers");
                            c->used[c->nmods] = 0;
                            c->mods[c->nmods++] = w;
                        }
                        words++;
                    }
                    ws = q + 1;
                }
            }
            if (piece.n == 0 && (n > 0 || p < e))
                return aerr(c, start, "empty operand");
            (void)words;
            start = p + 1;
        }
    }
    /* trailing modifiers after the last operand were collected into the last piece */
    *nops = n;
    return 0;
}

static int check_mods_used(actx *c)
{
    for (int i = 0; i < c->nmods; i++)
        if (!c->used[i])
            return aerr(c, c->mods[i].s, "unexpected modifier '%.*s'", (int)c->mods[i].n,
                        c->mods[i].s);
    return 0;
}

/* ---------------------------------------------------- scalar formats */

static int asm_scalar(actx *c, const rdna4_row *r, tok rest, tok *ops, int nops)
{
    rdna4_insn *in = c->in;
    int k = 0;
    for (int i = 0; i < RDNA4_MAXOPD && r->o[i].kind != RDNA4_K_NONE; i++) {
        const rdna4_opd *o = &r->o[i];
        uint32_t *f = &in->f[o->fld];
        unsigned code;
        int st = 0;
        /* kinds that take the whole operand text */
        if (o->kind == RDNA4_K_SIMM_DELAY || o->kind == RDNA4_K_SIMM_WAITCNT ||
            o->kind == RDNA4_K_SIMM_DEPCTR || o->kind == RDNA4_K_SIMM_VER) {
            c->nmods = 0;
            if (o->kind == RDNA4_K_SIMM_DELAY)
                st = parse_delay(c, rest, f);
            else if (o->kind == RDNA4_K_SIMM_WAITCNT)
                st = parse_waitcnt(c, rest, f);
            else if (o->kind == RDNA4_K_SIMM_DEPCTR)
                st = parse_depctr(c, rest, f);
            else
                st = parse_version(c, rest, f);
            return st;
        }
        if (o->kind == RDNA4_K_SIMM_OPT && k >= nops) {
            *f = 0;
            continue;
        }
        if (k >= nops)
            return aerr(c, rest.s + rest.n, o->kind == RDNA4_K_LIT ? "missing literal constant "
                        "(operand %d of %s)" : "missing operand %d of %s", k + 1, r->name);
        tok t = ops[k++];
        switch (o->kind) {
        case RDNA4_K_SDST: case RDNA4_K_SDSTSRC:
            st = need_sreg(c, t, rdna4_type_dwords(o->type), 0, &code);
            *f = code;
            break;
        case RDNA4_K_SSRC:
            st = parse_src(c, t, o->type, 0, &code);
            *f = code;
            break;
        case RDNA4_K_LIT:
            st = parse_k(c, t, o->type);
            break;
        case RDNA4_K_MSGRTN:
            st = parse_sendmsg(c, t, f, 255);
            break;
        case RDNA4_K_SIMM_HEX: case RDNA4_K_SIMM_INL: case RDNA4_K_SIMM_OPT:
            st = simm16_num(c, t, f);
            break;
        case RDNA4_K_SIMM_BR:
            st = parse_branch(c, t, f);
            break;
        case RDNA4_K_SIMM_HWREG:
            st = parse_hwreg(c, t, f);
            break;
        case RDNA4_K_SIMM_MSG:
            st = parse_sendmsg(c, t, f, 65535);
            break;
        default:
            st = aerr(c, t.s, "internal: operand kind %d", o->kind);
            break;
        }
        if (st)
            return st;
    }
    if (k < nops)
        return aerr(c, ops[k].s, "too many operands for %s", r->name);
    return check_mods_used(c);
}

/* ------------------------------------------------------------- SMEM */

static int asm_smem(actx *c, const rdna4_row *r, tok *ops, int nops)
{
    rdna4_insn *in = c->in;
    int k = 0;
    static const char *const ths[4] = { NULL, "TH_LOAD_NT", "TH_LOAD_HT", "TH_LOAD_LU" };
    static const char *const scopes[4] = { NULL, "SCOPE_SE", "SCOPE_DEV", "SCOPE_SYS" };
    in->f[RDNA4_FLD_SOFFSET] = r->o[0].kind == RDNA4_K_NONE ? 0 : RDNA4_NULL;
    for (int i = 0; i < RDNA4_MAXOPD && r->o[i].kind != RDNA4_K_NONE; i++) {
        const rdna4_opd *o = &r->o[i];
        unsigned code, n;
        int64_t v;
        int st = 0;
        if (k >= nops)
            return aerr(c, NULL, "missing operand %d of %s", k + 1, r->name);
        tok t = ttrim(ops[k++]);
        switch (o->kind) {
        case RDNA4_K_SM_SDATA:
            st = need_sreg(c, t, rdna4_type_dwords(o->type), 1, &code);
            if (!st && (code == RDNA4_M0 || code == RDNA4_EXEC_LO || code == RDNA4_EXEC_HI))
                st = aerr(c, t.s, "SMEM cannot load into M0 or EXEC");
            in->f[RDNA4_FLD_SDATA] = code;
            break;
        case RDNA4_K_SM_SBASE:
            st = parse_sreg(c, t, &code, &n);
            if (st > 0)
                st = aerr(c, t.s, "expected an SGPR pair or quad, got '%.*s'", (int)t.n, t.s);
            if (st)
                return st;
            if (code != RDNA4_NULL && n != rdna4_type_dwords(o->type))
                return aerr(c, t.s, "expected %u SGPRs for the %s", rdna4_type_dwords(o->type),
                            o->type == RDNA4_T_X4 ? "buffer resource" : "base address");
            if ((code & 1) || (o->type == RDNA4_T_X4 && code != RDNA4_NULL && (code & 3)))
                return aerr(c, t.s, "misaligned SGPR range '%.*s'", (int)t.n, t.s);
            in->f[RDNA4_FLD_SBASE] = code / 2;
            break;
        case RDNA4_K_SM_OFF: {
            tok off;
            int r2 = parse_sreg(c, t, &code, &n);
            if (r2 < 0)
                return r2;
            if (r2 == 0) {
                in->f[RDNA4_FLD_SOFFSET] = code;
                if (find_mod(c, "offset", &off)) {
                    if (parse_int(off, &v) || v < -(1 << 23) || v >= (1 << 23))
                        return aerr(c, off.s, "offset must be a signed 24-bit value");
                } else {
                    v = 0;
                }
            } else if (parse_int(t, &v) || v < -(1 << 23) || v >= (1 << 23)) {
                return aerr(c, t.s, "expected an SGPR offset or a signed 24-bit offset, got "
                            "'%.*s'", (int)t.n, t.s);
            }
            in->f[RDNA4_FLD_IOFFSET] = (uint32_t)v & 0xffffffu;
            break;
        }
        case RDNA4_K_SM_IOFF:
            if (parse_int(t, &v) || v < -(1 << 23) || v >= (1 << 23))
                return aerr(c, t.s, "expected a signed 24-bit offset");
            in->f[RDNA4_FLD_IOFFSET] = (uint32_t)v & 0xffffffu;
            break;
        case RDNA4_K_SM_SOFF:
            st = parse_sreg(c, t, &code, &n);
            if (st > 0)
                st = aerr(c, t.s, "expected an SGPR, M0 or null");
            in->f[RDNA4_FLD_SOFFSET] = code;
            break;
        case RDNA4_K_SM_LEN:
            if (parse_int(t, &v) || v < 0 || v > 127)
                return aerr(c, t.s, "expected a prefetch length 0..127");
            in->f[RDNA4_FLD_SDATA] = (uint32_t)v;
            break;
        default:
            break;
        }
        if (st)
            return st;
    }
    if (k < nops)
        return aerr(c, ops[k].s, "too many operands for %s", r->name);
    int found;
    uint32_t x = 0;
    tok th;
    if (find_mod(c, "th", &th)) {
        if (teq(th, "TH_LOAD_BYPASS"))
            x = 3;
        else {
            int i;
            for (i = 1; i < 4; i++)
                if (teq(th, ths[i]))
                    break;
            int64_t y;
            if (i < 4)
                x = (uint32_t)i;
            else if (parse_int(th, &y) == 0 && y >= 0 && y < 4)
                x = (uint32_t)y;
            else
                return aerr(c, th.s, "bad th value '%.*s'", (int)th.n, th.s);
        }
        in->f[RDNA4_FLD_TH] = x;
    }
    int st = mod_named(c, "scope", scopes, 4, &x, &found);
    if (st)
        return st;
    if (found)
        in->f[RDNA4_FLD_SCOPE] = x;
    return check_mods_used(c);
}

/* ------------------------------------------------------ vector ALU */

static int src_slot(int fld)
{
    switch (fld) {
    case RDNA4_FLD_SRC0: case RDNA4_FLD_SRCX0: case RDNA4_FLD_SRCY0: return 0;
    case RDNA4_FLD_SRC1: case RDNA4_FLD_VSRC1: case RDNA4_FLD_VSRCX1: case RDNA4_FLD_VSRCY1: return 1;
    case RDNA4_FLD_SRC2: return 2;
    default: return -1;
    }
}

/* Strip "-", "|...|" from a source operand. */
static tok strip_mods(tok t, int *neg, int *abs)
{
    t = ttrim(t);
    *neg = *abs = 0;
    if (t.n > 5 && strncmp(t.s, "neg(", 4) == 0 && t.s[t.n - 1] == ')') {
        *neg = 1;
        t.s += 4;
        t.n -= 5;
    } else if (t.n > 1 && t.s[0] == '-' && (t.s[1] == '|' || isalpha((unsigned char)t.s[1]))) {
        *neg = 1;
        t.s++;
        t.n--;
    }
    if (t.n > 5 && strncmp(t.s, "abs(", 4) == 0 && t.s[t.n - 1] == ')') {
        *abs = 1;
        t.s += 4;
        t.n -= 5;
        return t;
    }
    if (t.n >= 2 && t.s[0] == '|' && t.s[t.n - 1] == '|') {
        *abs = 1;
        t.s++;
        t.n -= 2;
    }
    return t;
}

/* How a 16-bit operand names its VGPR half (see rdna4_disasm.c half16): 0 not a 16-bit
 * VGPR operand, 1 bit 7 of the VGPR number (VOP1/VOP2/VOPC), 2 its OPSEL bit. */
static int half16_of(const rdna4_insn *in, const rdna4_row *r, const rdna4_opd *o)
{
    if (!rdna4_type_is16(o->type))
        return 0;
    if (in->fmt == RDNA4_FMT_VOP1 || in->fmt == RDNA4_FMT_VOP2 || in->fmt == RDNA4_FMT_VOPC)
        return 1;
    if (in->fmt == RDNA4_FMT_VOP3 || in->fmt == RDNA4_FMT_VINTERP)
        return (r->flags & RDNA4_OPSELX) ? 0 : 2;
    return 0;
}

/* Strip a ".l"/".h" suffix from a VGPR token: -1 none, 0 low, 1 high. */
static int half_suffix(tok *t)
{
    if (t->n > 3 && (t->s[0] == 'v' || t->s[0] == 'V') && t->s[t->n - 2] == '.' &&
        (t->s[t->n - 1] == 'l' || t->s[t->n - 1] == 'h')) {
        int h = t->s[t->n - 1] == 'h';
        t->n -= 2;
        return h;
    }
    return -1;
}

/* Apply a half to a parsed VGPR number v of a 16-bit operand in OPSEL slot `slot`. */
static int apply_half(actx *c, tok t, int how, int half, int slot, unsigned *v)
{
    if (how == 1) {
        if (*v > 127)
            return aerr(c, t.s, "16-bit operands of VOP1/VOP2/VOPC name halves of v0-v127 "
                        "(v%u.l / v%u.h); use the _e64 form for v%u", *v & 127, *v & 127, *v);
        if (half == 1)
            *v |= 128u;
    } else if (how == 2 && half >= 0) {
        c->t16_mask |= 1u << slot;
        c->t16_bits |= (uint32_t)half << slot;
    }
    return 0;
}

static int asm_vop_operands(actx *c, const rdna4_row *r, tok *ops, int nops, int *k, int dpp)
{
    rdna4_insn *in = c->in;
    c->wmma64 = c->wave64 && r->fmt == RDNA4_FMT_VOP3P && r->op >= 64 && r->op <= 90;
    for (int i = 0; i < RDNA4_MAXOPD && r->o[i].kind != RDNA4_K_NONE; i++) {
        const rdna4_opd *o = &r->o[i];
        unsigned code, n, v;
        int st = 0, neg, abs, h16 = half16_of(in, r, o), half;
        if (o->kind == RDNA4_K_VCC && (r->fmt == RDNA4_FMT_VOPDX || r->fmt == RDNA4_FMT_VOPDY))
            continue;              /* implicit in V_DUAL_CNDMASK_B32 (LLVM 22 text) */
        if (*k >= nops)
            return aerr(c, NULL, "missing operand %d of %s", *k + 1, r->name);
        tok t = ttrim(ops[(*k)++]);
        switch (o->kind) {
        case RDNA4_K_VDST:
            half = half_suffix(&t);
            if (half >= 0 && !h16)
                return aerr(c, t.s, ".l/.h names a half of a 16-bit operand; %s's destination "
                            "is not one", r->name);
            st = parse_vreg(c, t, &v, &n);
            if (st > 0)
                st = aerr(c, t.s, "expected a VGPR, got '%.*s'", (int)t.n, t.s);
            if (st)
                return st;
            if (n != vgpr_count(c, o->type))
                return aerr(c, t.s, "expected %u VGPRs, got '%.*s'", vgpr_count(c, o->type),
                            (int)t.n, t.s);
            if (h16 && (st = apply_half(c, t, h16, half, 3, &v)))
                return st;
            if (o->fld == RDNA4_FLD_VDSTY) {
                if ((v & 1) == (in->f[RDNA4_FLD_VDSTX] & 1))
                    return aerr(c, t.s, "VOPD destinations must be one even and one odd VGPR");
                in->f[RDNA4_FLD_VDSTY] = v >> 1;
            } else {
                in->f[o->fld] = v;
            }
            break;
        case RDNA4_K_SDSTV: case RDNA4_K_SDST7:
            st = parse_sreg(c, t, &code, &n);
            if (st > 0)
                st = aerr(c, t.s, "expected a scalar destination, got '%.*s'", (int)t.n, t.s);
            if (st)
                return st;
            if (o->type != RDNA4_T_MASK && code != RDNA4_NULL && n != rdna4_type_dwords(o->type))
                return aerr(c, t.s, "expected %u scalar registers", rdna4_type_dwords(o->type));
            if (o->type == RDNA4_T_MASK && code != RDNA4_NULL && n != (c->wave64 ? 2u : 1u))
                return aerr(c, t.s, "a lane mask is %s in wave%d, got '%.*s'",
                            c->wave64 ? "an SGPR pair (vcc, s[4:5])" : "one SGPR (vcc_lo, s4)",
                            c->wave64 ? 64 : 32, (int)t.n, t.s);
            if (n == 2 && (code & 1))
                return aerr(c, t.s, "misaligned SGPR pair '%.*s'", (int)t.n, t.s);
            in->f[o->fld] = code;
            break;
        case RDNA4_K_VCC:
            if (!tieq(t, c->wave64 ? "vcc" : "vcc_lo"))
                return aerr(c, t.s, "expected %s (wave%d), got '%.*s'", c->wave64 ? "vcc" : "vcc_lo",
                            c->wave64 ? 64 : 32, (int)t.n, t.s);
            break;
        case RDNA4_K_LIT:
            st = parse_k(c, t, o->type);
            break;
        case RDNA4_K_VGPR: case RDNA4_K_VSRC: {
            int slot = src_slot(o->fld);
            tok x = strip_mods(t, &neg, &abs);
            half = half_suffix(&x);
            if (half >= 0 && !h16)
                return aerr(c, x.s, ".l/.h names a half of a 16-bit operand; this %s operand "
                            "is not one", r->name);
            if (o->kind == RDNA4_K_VGPR) {
                st = parse_vreg(c, x, &v, &n);
                if (st > 0)
                    st = aerr(c, x.s, "expected a VGPR, got '%.*s'", (int)x.n, x.s);
                if (!st && h16)
                    st = apply_half(c, x, h16, half, slot, &v);
                code = 256 + v;
                if (!st)
                    in->f[o->fld] = v;
            } else if (dpp && o->fld == RDNA4_FLD_SRC0) {
                st = parse_vreg(c, x, &v, &n);
                if (st > 0)
                    st = aerr(c, x.s, "DPP needs a VGPR as the first source");
                if (!st && h16)
                    st = apply_half(c, x, h16, half, 0, &v);
                if (!st)
                    in->dpp_src0 = v;
            } else {
                st = parse_src(c, x, o->type, 1, &code);
                if (!st && half >= 0 && code < 256)
                    st = aerr(c, x.s, ".l/.h only follows a VGPR");
                if (!st && h16 && code >= 256) {
                    v = code - 256;
                    st = apply_half(c, x, h16, half, slot, &v);
                    code = 256 + v;
                }
                const char *why = st ? NULL : rdna4_src_class_error(r, slot, code);
                if (why)
                    st = aerr(c, x.s, "%s: this source %s", r->name, why);
                if (!st)
                    in->f[o->fld] = code;
            }
            if (st)
                return st;
            if (neg || abs) {
                if (slot < 0)
                    return aerr(c, t.s, "modifiers are not allowed here");
                if (in->fmt == RDNA4_FMT_VOP3 || in->fmt == RDNA4_FMT_VOP3SD ||
                    in->fmt == RDNA4_FMT_VINTERP) {
                    if (abs && in->fmt != RDNA4_FMT_VOP3)
                        return aerr(c, t.s, "|abs| is not available in this encoding");
                    in->f[RDNA4_FLD_NEG] |= (uint32_t)neg << slot;
                    if (in->fmt == RDNA4_FMT_VOP3)
                        in->f[RDNA4_FLD_ABS] |= (uint32_t)abs << slot;
                } else if (in->fmt == RDNA4_FMT_VOP3P && strstr(r->name, "_mix")) {
                    /* V_FMA_MIX*: NEG negates, NEG_HI is ABS (L3199, L3205), LLVM's -|v1| */
                    in->f[RDNA4_FLD_NEG] |= (uint32_t)neg << slot;
                    in->f[RDNA4_FLD_NEG_HI] |= (uint32_t)abs << slot;
                } else if (dpp == 1 && slot <= 1) {
                    in->f[slot ? RDNA4_FLD_SRC1_NEG : RDNA4_FLD_SRC0_NEG] = (uint32_t)neg;
                    in->f[slot ? RDNA4_FLD_SRC1_ABS : RDNA4_FLD_SRC0_ABS] = (uint32_t)abs;
                } else {
                    return aerr(c, t.s, "source modifiers need the VOP3 (_e64) or DPP16 form");
                }
            }
            break;
        }
        case RDNA4_K_ATTR: {
            char b[32];
            tcopy(t, b, sizeof b);
            unsigned a;
            char ch;
            if (sscanf(b, "attr%u.%c", &a, &ch) != 2 || a > 63 || !strchr("xyzw", ch))
                return aerr(c, t.s, "expected attrN.{x,y,z,w}");
            in->f[RDNA4_FLD_ATTR] = a;
            in->f[RDNA4_FLD_ATTR_CHAN] = (uint32_t)(strchr("xyzw", ch) - "xyzw");
            break;
        }
        default:
            return aerr(c, t.s, "internal: operand kind %d", o->kind);
        }
    }
    return 0;
}

static int asm_dpp_mods(actx *c, int *dpp)
{
    rdna4_insn *in = c->in;
    tok v;
    int e;
    uint32_t x = 0;
    int found;
    if (find_mod(c, "dpp8", &v)) {
        if (v.n < 2 || v.s[0] != '[' || v.s[v.n - 1] != ']')
            return aerr(c, v.s, "expected dpp8:[a,b,c,d,e,f,g,h]");
        unsigned sel[8], k = 0;
        const char *p = v.s + 1, *end = v.s + v.n - 1;
        while (p < end && k < 8) {
            const char *q = p;
            while (q < end && *q != ',')
                q++;
            int64_t y;
            if (parse_int((tok){ p, (size_t)(q - p) }, &y) || y < 0 || y > 7)
                return aerr(c, p, "dpp8 lane selects are 0..7");
            sel[k++] = (unsigned)y;
            p = q + 1;
        }
        if (k != 8)
            return aerr(c, v.s, "dpp8 needs 8 lane selects");
        for (int i = 0; i < 8; i++)
            in->f[RDNA4_FLD_LANE_SEL0 + i] = sel[i];
        *dpp = mod_flag(c, "fi:1") ? 3 : 2;
        in->f[RDNA4_FLD_SRC0] = *dpp == 3 ? 234 : 233;
        return 0;
    }
    uint32_t ctrl = 0xffffffffu;
    if (find_mod(c, "quad_perm", &v)) {
        unsigned q[4], k = 0;
        const char *p = v.s + 1, *end = v.s + v.n - 1;
        if (v.n < 2 || v.s[0] != '[' || v.s[v.n - 1] != ']')
            return aerr(c, v.s, "expected quad_perm:[a,b,c,d]");
        while (p < end && k < 4) {
            const char *qq = p;
            while (qq < end && *qq != ',')
                qq++;
            int64_t y;
            if (parse_int((tok){ p, (size_t)(qq - p) }, &y) || y < 0 || y > 3)
                return aerr(c, p, "quad_perm selects are 0..3");
            q[k++] = (unsigned)y;
            p = qq + 1;
        }
        if (k != 4)
            return aerr(c, v.s, "quad_perm needs 4 selects");
        ctrl = q[0] | q[1] << 2 | q[2] << 4 | q[3] << 6;
    }
    static const struct { const char *name; unsigned base, lo, hi; } rows[] = {
        { "row_shl", 0x100, 1, 15 }, { "row_shr", 0x110, 1, 15 }, { "row_ror", 0x120, 1, 15 },
        { "row_share", 0x150, 0, 15 }, { "row_xmask", 0x160, 0, 15 },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if ((e = mod_int(c, rows[i].name, rows[i].lo, rows[i].hi, &x, &found)))
            return e;
        if (found) {
            if (ctrl != 0xffffffffu)
                return aerr(c, NULL, "more than one DPP control");
            ctrl = rows[i].base + x;
        }
    }
    if (mod_flag(c, "row_mirror"))
        ctrl = 0x140;
    if (mod_flag(c, "row_half_mirror"))
        ctrl = 0x141;
    if (ctrl == 0xffffffffu)
        return aerr(c, NULL, "DPP form without a DPP control (quad_perm, row_shl, ..., dpp8)");
    *dpp = 1;
    in->f[RDNA4_FLD_SRC0] = 250;
    in->f[RDNA4_FLD_DPP_CTRL] = ctrl;
    in->f[RDNA4_FLD_ROW_MASK] = 0xf;
    in->f[RDNA4_FLD_BANK_MASK] = 0xf;
    if ((e = mod_int(c, "row_mask", 0, 15, &x, &found)))
        return e;
    if (found)
        in->f[RDNA4_FLD_ROW_MASK] = x;
    if ((e = mod_int(c, "bank_mask", 0, 15, &x, &found)))
        return e;
    if (found)
        in->f[RDNA4_FLD_BANK_MASK] = x;
    if ((e = mod_int(c, "bound_ctrl", 0, 1, &x, &found)))
        return e;
    if (found)
        in->f[RDNA4_FLD_BC] = x;
    if ((e = mod_int(c, "fi", 0, 1, &x, &found)))
        return e;
    if (found)
        in->f[RDNA4_FLD_FI] = x;
    return 0;
}

static unsigned nsrc_of(const rdna4_row *r)
{
    unsigned n = 0;
    for (int i = 0; i < RDNA4_MAXOPD; i++)
        if (r->o[i].kind == RDNA4_K_VSRC || r->o[i].kind == RDNA4_K_VGPR) {
            int k = src_slot(r->o[i].fld);
            if (k >= 0 && (unsigned)k + 1 > n)
                n = (unsigned)k + 1;
        }
    return n;
}

static int asm_vop(actx *c, const rdna4_row *r, tok *ops, int nops, int want_dpp)
{
    rdna4_insn *in = c->in;
    int k = 0, st, dpp = 0, e, found, sty;
    uint32_t x = 0;
    c->t16_mask = c->t16_bits = 0;
    c->opsel_given = 0;
    if (want_dpp) {
        /* the DPP controls decide DPP16 vs DPP8 before the operands are read */
        if ((st = asm_dpp_mods(c, &dpp)))
            return st;
    }
    if (in->fmt == RDNA4_FMT_VOP3 && (r->flags & RDNA4_CMPX))
        in->f[RDNA4_FLD_VDST] = RDNA4_EXEC_LO;
    if (r->o[0].kind == RDNA4_K_NONE && nops > 0) {
        /* "v_nop_e64 clamp": the modifiers were read as operands */
        for (int i = nops - 1; i >= 0; i--) {
            if (c->nmods >= MAXTOK)
                return aerr(c, ops[i].s, "too many modifiers");
            memmove(&c->mods[1], &c->mods[0], sizeof(tok) * (size_t)c->nmods);
            memmove(&c->used[1], &c->used[0], sizeof(int) * (size_t)c->nmods);
            c->mods[0] = ops[i];
            c->used[0] = 0;
            c->nmods++;
        }
        nops = 0;
    }
    if ((st = asm_vop_operands(c, r, ops, nops, &k, dpp)))
        return st;
    if (k < nops)
        return aerr(c, ops[k].s, "too many operands for %s", r->name);
    in->dpp = (uint8_t)dpp;
    switch (in->fmt) {
    case RDNA4_FMT_VOP3: case RDNA4_FMT_VOP3SD:
        sty = in->fmt == RDNA4_FMT_VOP3 ? rdna4_opsel_style(r) : 0;
        if (sty == 1 || sty == 2) {
            if ((st = mod_int(c, "byte_sel", 0, 3, &x, &found)))
                return st;
            if (found)
                in->f[RDNA4_FLD_OPSEL] = sty == 1 ? x << 2 : (x >> 1) | (x & 1) << 1;
        } else if (sty == 3 && mod_bits(c, "op_sel", 2, &x, 0, &e)) {
            if (e)
                return e;
            in->f[RDNA4_FLD_OPSEL] = x;
        } else if (in->fmt == RDNA4_FMT_VOP3 && mod_bits(c, "op_sel", 4, &x, 0, &e)) {
            if (e)
                return e;
            /* op_sel:[src0, ..., srcN-1, dst]: the last entry is OPSEL[3] */
            unsigned n = nsrc_of(r);
            uint32_t dst = (x >> n) & 1u;
            x = (x & ((1u << n) - 1u)) | dst << 3;
            in->f[RDNA4_FLD_OPSEL] = x;
            c->opsel_given = 1;
        }
        if (mod_flag(c, "clamp"))
            in->f[RDNA4_FLD_CM] = 1;
        if (mod_flag(c, "mul:2"))
            in->f[RDNA4_FLD_OMOD] = 1;
        else if (mod_flag(c, "mul:4"))
            in->f[RDNA4_FLD_OMOD] = 2;
        else if (mod_flag(c, "div:2"))
            in->f[RDNA4_FLD_OMOD] = 3;
        break;
    case RDNA4_FMT_VOP3P: {
        int mix = strstr(r->name, "_mix") != NULL;   /* op_sel_hi defaults to 0 (F32 sources) */
        uint32_t hi = mix ? 0 : 7;
        tok ik;
        if ((r->flags & RDNA4_OPSELHI1) &&
            find_mod(c, "index_key", &ik)) {
            if (ik.n != 1 || ik.s[0] < '0' || ik.s[0] > '3')
                return aerr(c, ik.s, "index_key is 0-3 (OPSEL[1:0], guide §7.12)");
            in->f[RDNA4_FLD_OPSEL] = (uint32_t)(ik.s[0] - '0');
        }
        if (mod_bits(c, "op_sel", 3, &x, 0, &e)) {
            if (e)
                return e;
            in->f[RDNA4_FLD_OPSEL] = x;
        }
        if (mod_bits(c, "op_sel_hi", 3, &hi, mix ? 0 : 7, &e) && e)
            return e;
        in->f[RDNA4_FLD_OPSEL_HI] = hi & 3;
        in->f[RDNA4_FLD_OPSEL_HI2] = hi >> 2;
        if (!mix && mod_bits(c, "neg_lo", 3, &x, 0, &e)) {
            if (e)
                return e;
            in->f[RDNA4_FLD_NEG] = x;
        }
        if (!mix && mod_bits(c, "neg_hi", 3, &x, 0, &e)) {
            if (e)
                return e;
            in->f[RDNA4_FLD_NEG_HI] = x;
        }
        if (mod_flag(c, "clamp"))
            in->f[RDNA4_FLD_CM] = 1;
        break;
    }
    case RDNA4_FMT_VINTERP:
        if (mod_bits(c, "op_sel", 4, &x, 0, &e)) {
            if (e)
                return e;
            in->f[RDNA4_FLD_OPSEL] = x;
            c->opsel_given = 1;
        }
        if (mod_flag(c, "clamp"))
            in->f[RDNA4_FLD_CM] = 1;
        if ((e = mod_int(c, "wait_exp", 0, 7, &x, &found)))
            return e;
        in->f[RDNA4_FLD_WAITEXP] = found ? x : 0;
        break;
    case RDNA4_FMT_VDSDIR:
        if ((e = mod_int(c, "wait_va_vdst", 0, 15, &x, &found)))
            return e;
        in->f[RDNA4_FLD_WAIT_VA] = found ? x : 0;
        if ((e = mod_int(c, "wait_vm_vsrc", 0, 1, &x, &found)))
            return e;
        in->f[RDNA4_FLD_WAIT_VMVSRC] = found ? x : 0;
        break;
    default:
        break;
    }
    /* .l/.h suffixes of VOP3/VINTERP operands are OPSEL bits; an op_sel list, when
     * also written, must say the same (LLVM: "op_sel operand conflicts with 16-bit
     * operand suffix") */
    if (c->t16_mask) {
        if (c->opsel_given && ((in->f[RDNA4_FLD_OPSEL] ^ c->t16_bits) & c->t16_mask))
            return aerr(c, NULL, "op_sel conflicts with a 16-bit operand suffix (.l/.h)");
        in->f[RDNA4_FLD_OPSEL] = (in->f[RDNA4_FLD_OPSEL] & ~c->t16_mask) | c->t16_bits;
    }
    return check_mods_used(c);
}

/* ------------------------------------------------------------ memory */

static int mem_cache_mods(actx *c, const rdna4_row *r)
{
    int cls = rdna4_row_class(r), found, st;
    uint32_t x = 0;
    const char *const *names = cls == 2 ? rdna4_th_atomic_names : cls == 1 ? rdna4_th_store_names
                                                                     : rdna4_th_load_names;
    tok v;
    if (find_mod(c, "th", &v)) {
        int64_t y;
        found = 0;
        for (unsigned i = 1; i < 8; i++)
            if (names[i] && teq(v, names[i])) {
                x = i;
                found = 1;
            }
        if (!found && cls != 2 && teq(v, cls == 1 ? "TH_STORE_BYPASS" : "TH_LOAD_BYPASS")) {
            x = 3;
            found = 1;
        }
        if (!found && cls == 2 && v.n > 10 && !strncmp(v.s, "TH_ATOMIC_", 10) &&
            parse_int((tok){ v.s + 10, v.n - 10 }, &y) == 0 && y >= 0 && y < 8) {
            x = (uint32_t)y;
            found = 1;
        }
        if (!found && parse_int(v, &y) == 0 && y >= 0 && y < 8) {
            x = (uint32_t)y;
            found = 1;
        }
        if (!found)
            return aerr(c, v.s, "bad value for th: '%.*s'", (int)v.n, v.s);
        c->in->f[RDNA4_FLD_TH] = x;
    }
    if ((st = mod_named(c, "scope", rdna4_scope_names, 4, &x, &found)))
        return st;
    if (found)
        c->in->f[RDNA4_FLD_SCOPE] = x;
    return 0;
}

static int vreg_n(actx *c, tok t, unsigned want, uint32_t *out)
{
    unsigned v, n;
    int st = parse_vreg(c, t, &v, &n);
    if (st > 0)
        return aerr(c, t.s, "expected a VGPR, got '%.*s'", (int)t.n, t.s);
    if (st)
        return st;
    if (want && n != want)
        return aerr(c, t.s, "expected %u VGPR%s, got '%.*s'", want, want > 1 ? "s" : "",
                    (int)t.n, t.s);
    *out = v;
    return 0;
}

/* ds_swizzle_b32 "swizzle(MODE,args)" offsets, as LLVM's parser encodes them. */
static int parse_swizzle(actx *c, tok v, uint32_t *out)
{
    static const char *const modes[] = { "QUAD_PERM", "BITMASK_PERM", "SWAP", "REVERSE",
                                         "BROADCAST", "ROTATE", "FFT" };
    static const int nargs[] = { 4, 1, 1, 1, 2, 2, 1 };
    if (v.n < 9 || strncmp(v.s, "swizzle(", 8) || v.s[v.n - 1] != ')')
        return aerr(c, v.s, "expected a swizzle(...) macro");
    tok a[5];
    int na = 0;
    const char *p = v.s + 8, *e = v.s + v.n - 1, *q = p;
    for (; q <= e; q++)
        if (q == e || *q == ',') {
            if (na == 5)
                return aerr(c, p, "too many swizzle arguments");
            a[na++] = ttrim((tok){ p, (size_t)(q - p) });
            p = q + 1;
        }
    int m;
    for (m = 0; m < 7; m++)
        if (teq(a[0], modes[m]))
            break;
    if (m == 7)
        return aerr(c, a[0].s, "unknown swizzle mode '%.*s'", (int)a[0].n, a[0].s);
    if (na - 1 != nargs[m])
        return aerr(c, v.s, "swizzle(%s) takes %d argument%s", modes[m], nargs[m],
                    nargs[m] > 1 ? "s" : "");
    int64_t x[4] = { 0, 0, 0, 0 };
    if (m == 1) {
        tok t = a[1];
        if (t.n != 7 || t.s[0] != '"' || t.s[6] != '"')
            return aerr(c, t.s, "expected a 5-character bitmask string of 0, 1, p, i");
        unsigned and_m = 0, or_m = 0, xor_m = 0;
        for (int i = 0; i < 5; i++) {
            unsigned bit = 1u << (4 - i);
            switch (t.s[1 + i]) {
            case '0': break;
            case '1': or_m |= bit; break;
            case 'p': and_m |= bit; break;
            case 'i': and_m |= bit; xor_m |= bit; break;
            default:
                return aerr(c, t.s + 1 + i, "bitmask characters are 0, 1, p and i");
            }
        }
        *out = and_m | or_m << 5 | xor_m << 10;
        return 0;
    }
    for (int i = 0; i < nargs[m]; i++)
        if (parse_int(a[1 + i], &x[i]))
            return aerr(c, a[1 + i].s, "expected a number in swizzle(%s)", modes[m]);
    switch (m) {
    case 0:
        for (int i = 0; i < 4; i++)
            if (x[i] < 0 || x[i] > 3)
                return aerr(c, a[1 + i].s, "a QUAD_PERM lane is 0..3");
        *out = 0x8000u | (uint32_t)(x[0] | x[1] << 2 | x[2] << 4 | x[3] << 6);
        return 0;
    case 2:
        if (x[0] < 1 || x[0] > 16 || (x[0] & (x[0] - 1)))
            return aerr(c, a[1].s, "a SWAP group size is 1, 2, 4, 8 or 16");
        *out = 0x1fu | (uint32_t)x[0] << 10;
        return 0;
    case 3:
        if (x[0] < 2 || x[0] > 32 || (x[0] & (x[0] - 1)))
            return aerr(c, a[1].s, "a REVERSE group size is 2, 4, 8, 16 or 32");
        *out = 0x1fu | (uint32_t)(x[0] - 1) << 10;
        return 0;
    case 4:
        if (x[0] < 2 || x[0] > 32 || (x[0] & (x[0] - 1)))
            return aerr(c, a[1].s, "a BROADCAST group size is 2, 4, 8, 16 or 32");
        if (x[1] < 0 || x[1] >= x[0])
            return aerr(c, a[2].s, "the BROADCAST lane must be below the group size");
        *out = (uint32_t)(0x20 - x[0]) | (uint32_t)x[1] << 5;
        return 0;
    case 5:
        if (x[0] < 0 || x[0] > 1)
            return aerr(c, a[1].s, "the ROTATE direction is 0 (left) or 1 (right)");
        if (x[1] < 0 || x[1] > 31)
            return aerr(c, a[2].s, "the ROTATE size is 0..31");
        *out = 0xc000u | (uint32_t)x[0] << 10 | (uint32_t)x[1] << 5;
        return 0;
    default:
        if (x[0] < 0 || x[0] > 31)
            return aerr(c, a[1].s, "the FFT swizzle is 0..31");
        *out = 0xe000u | (uint32_t)x[0];
        return 0;
    }
}

static int asm_ds(actx *c, const rdna4_row *r, tok *ops, int nops)
{
    int k = 0, st, found;
    uint32_t x = 0;
    for (int i = 0; i < RDNA4_MAXOPD && r->o[i].kind != RDNA4_K_NONE; i++) {
        if (k >= nops)
            return aerr(c, NULL, "missing operand %d of %s", k + 1, r->name);
        if ((st = vreg_n(c, ops[k++], rdna4_type_dwords(r->o[i].type), &c->in->f[r->o[i].fld])))
            return st;
    }
    if (k < nops)
        return aerr(c, ops[k].s, "too many operands for %s", r->name);
    if (strstr(r->name, "2addr")) {
        if ((st = mod_int(c, "offset0", 0, 255, &x, &found)))
            return st;
        if (found)
            c->in->f[RDNA4_FLD_OFFSET0] = x;
        if ((st = mod_int(c, "offset1", 0, 255, &x, &found)))
            return st;
        if (found)
            c->in->f[RDNA4_FLD_OFFSET1] = x;
    } else {
        tok v;
        found = 0;
        if (!strcmp(r->name, "ds_swizzle_b32") && find_mod(c, "offset", &v)) {
            if (v.n > 8 && !strncmp(v.s, "swizzle(", 8)) {
                if ((st = parse_swizzle(c, v, &x)))
                    return st;
                found = 1;
            } else {
                int64_t y;
                if (parse_int(v, &y) || y < 0 || y > 65535)
                    return aerr(c, v.s, "expected offset 0..65535 or swizzle(...)");
                x = (uint32_t)y;
                found = 1;
            }
        } else if ((st = mod_int(c, "offset", 0, 65535, &x, &found))) {
            return st;
        }
        if (found) {
            c->in->f[RDNA4_FLD_OFFSET0] = x & 0xff;
            c->in->f[RDNA4_FLD_OFFSET1] = x >> 8;
        }
    }
    return check_mods_used(c);
}

static int asm_buffer(actx *c, const rdna4_row *r, tok *ops, int nops)
{
    rdna4_insn *in = c->in;
    int st, found;
    uint32_t x = 0;
    unsigned code, n;
    if (nops != 4)
        return aerr(c, NULL, "%s takes vdata, vaddr|off, s[rsrc], soffset", r->name);
    if (mod_flag(c, "idxen"))
        in->f[RDNA4_FLD_IDXEN] = 1;
    if (mod_flag(c, "offen"))
        in->f[RDNA4_FLD_OFFEN] = 1;
    if (mod_flag(c, "tfe"))
        in->f[RDNA4_FLD_TFE] = 1;
    in->f[RDNA4_FLD_FORMAT] = 1;                 /* LLVM's default: BUF_FMT_8_UNORM (E2) */
    if (!strncmp(r->name, "tbuffer_", 8)) {
        tok v;
        if (find_mod(c, "format", &v)) {
            int64_t y;
            unsigned i = RDNA4_NBUFFMT;
            if (v.n > 10 && !strncmp(v.s, "[BUF_FMT_", 9) && v.s[v.n - 1] == ']')
                for (i = 0; i < RDNA4_NBUFFMT; i++)
                    if (strlen(rdna4_buf_fmt_names[i]) == v.n - 10 &&
                        !strncmp(v.s + 9, rdna4_buf_fmt_names[i], v.n - 10))
                        break;
            if (i < RDNA4_NBUFFMT)
                in->f[RDNA4_FLD_FORMAT] = i;
            else if (parse_int(v, &y) == 0 && y >= 0 && y <= 127)
                in->f[RDNA4_FLD_FORMAT] = (uint32_t)y;
            else
                return aerr(c, v.s, "bad format '%.*s' (format:[BUF_FMT_...] or 0..127)",
                            (int)v.n, v.s);
        }
    }
    if ((st = mod_int(c, "offset", 0, (1 << 23) - 1, &x, &found)))
        return st;
    if (found)
        in->f[RDNA4_FLD_IOFFSET] = x;
    if ((st = vreg_n(c, ops[0], rdna4_type_dwords(r->o[0].type) + in->f[RDNA4_FLD_TFE],
                     &in->f[RDNA4_FLD_VDATA])))
        return st;
    unsigned na = in->f[RDNA4_FLD_IDXEN] + in->f[RDNA4_FLD_OFFEN];
    if (na == 0) {
        if (!tieq(ttrim(ops[1]), "off"))
            return aerr(c, ops[1].s, "expected 'off' (no idxen/offen)");
    } else if ((st = vreg_n(c, ops[1], na, &in->f[RDNA4_FLD_VADDR]))) {
        return st;
    }
    if ((st = need_sreg(c, ops[2], 4, 1, &code)))
        return st;
    in->f[RDNA4_FLD_RSRC] = code;
    st = parse_sreg(c, ops[3], &code, &n);
    if (st > 0)
        st = aerr(c, ops[3].s, "expected an SGPR, M0 or null as soffset");
    if (st)
        return st;
    in->f[RDNA4_FLD_SOFFSET] = code;
    if ((st = mem_cache_mods(c, r)))
        return st;
    return check_mods_used(c);
}

static int asm_flat(actx *c, const rdna4_row *r, tok *ops, int nops)
{
    rdna4_insn *in = c->in;
    int fmt = in->fmt, st, found, k = 0;
    uint32_t x = 0;
    unsigned code, n;
    if ((st = mem_cache_mods(c, r)))
        return st;
    if ((st = mod_int(c, "offset", -(1 << 23), (1 << 23) - 1, &x, &found)))
        return st;
    if (found)
        in->f[RDNA4_FLD_IOFFSET] = x & 0xffffffu;
    in->f[RDNA4_FLD_SADDR] = RDNA4_NULL;
    if (r->flags & RDNA4_NOADDR) {
        if (nops)
            return aerr(c, ops[0].s, "%s takes no operands", r->name);
        return check_mods_used(c);
    }
    int cls = rdna4_row_class(r);
    int rtn = cls == 2 && (in->f[RDNA4_FLD_TH] & 1);
    const rdna4_opd *dst = NULL, *src = NULL;
    for (int i = 0; i < RDNA4_MAXOPD; i++) {
        if (r->o[i].kind == RDNA4_K_MLOAD || r->o[i].kind == RDNA4_K_MATOMIC)
            dst = &r->o[i];
        if (r->o[i].kind == RDNA4_K_MSTORE)
            src = &r->o[i];
    }
    int need = (dst && (cls == 0 || rtn) ? 1 : 0) + ((r->flags & RDNA4_ADDTID) ? 0 : 1) +
               (src ? 1 : 0) + (fmt != RDNA4_FMT_VFLAT ? 1 : 0);
    if (nops != need)
        return aerr(c, nops ? ops[0].s : NULL, "%s takes %d operands here%s", r->name, need,
                    cls == 2 ? " (the destination is present with th:TH_ATOMIC_RETURN)" : "");
    if (dst && (cls == 0 || rtn))
        if ((st = vreg_n(c, ops[k++], rdna4_type_dwords(dst->type), &in->f[RDNA4_FLD_VDST])))
            return st;
    tok va = ttrim(ops[k]);
    if (!(r->flags & RDNA4_ADDTID))
        k++;
    if (src && (st = vreg_n(c, ops[k++], rdna4_type_dwords(src->type), &in->f[RDNA4_FLD_VSRC])))
        return st;
    if (fmt != RDNA4_FMT_VFLAT) {
        tok sa = ttrim(ops[k++]);
        if (!tieq(sa, "off")) {
            st = parse_sreg(c, sa, &code, &n);
            if (st > 0)
                st = aerr(c, sa.s, "expected an SGPR%s or 'off'", fmt == RDNA4_FMT_VGLOBAL ? " pair" : "");
            if (st)
                return st;
            if (n != (fmt == RDNA4_FMT_VGLOBAL ? 2u : 1u) || (fmt == RDNA4_FMT_VGLOBAL && (code & 1)))
                return aerr(c, sa.s, "bad saddr '%.*s'", (int)sa.n, sa.s);
            in->f[RDNA4_FLD_SADDR] = code;
        }
    }
    if (!(r->flags & RDNA4_ADDTID)) {
        if (fmt == RDNA4_FMT_VSCRATCH) {
            if (tieq(va, "off")) {
                in->f[RDNA4_FLD_SVE] = 0;
            } else {
                in->f[RDNA4_FLD_SVE] = 1;
                if ((st = vreg_n(c, va, 1, &in->f[RDNA4_FLD_VADDR])))
                    return st;
            }
        } else {
            unsigned want = (fmt == RDNA4_FMT_VFLAT || in->f[RDNA4_FLD_SADDR] == RDNA4_NULL) ? 2 : 1;
            if ((st = vreg_n(c, va, want, &in->f[RDNA4_FLD_VADDR])))
                return st;
        }
    }
    return check_mods_used(c);
}

static int asm_image(actx *c, const rdna4_row *r, tok *ops, int nops)
{
    rdna4_insn *in = c->in;
    int smp = in->fmt == RDNA4_FMT_VSAMPLE, st, found;
    uint32_t x = 0;
    unsigned code;
    static const char *const dims[8] = {
        "SQ_RSRC_IMG_1D", "SQ_RSRC_IMG_2D", "SQ_RSRC_IMG_3D", "SQ_RSRC_IMG_CUBE",
        "SQ_RSRC_IMG_1D_ARRAY", "SQ_RSRC_IMG_2D_ARRAY", "SQ_RSRC_IMG_2D_MSAA",
        "SQ_RSRC_IMG_2D_MSAA_ARRAY"
    };
    if (nops != (smp ? 4 : 3))
        return aerr(c, NULL, "%s takes vdata, [vaddr...], s[rsrc]%s", r->name,
                    smp ? ", s[samp]" : "");
    if ((st = mod_int(c, "dmask", 0, 15, &x, &found)))
        return st;
    in->f[RDNA4_FLD_DMASK] = found ? x : 1;
    tok dv;
    if (find_mod(c, "dim", &dv)) {
        int ok = 0;
        for (unsigned i = 0; i < 8; i++)
            if (teq(dv, dims[i])) {
                in->f[RDNA4_FLD_DIM] = i;
                ok = 1;
            }
        if (!ok)
            return aerr(c, dv.s, "bad dim '%.*s'", (int)dv.n, dv.s);
    }
    if (smp && mod_flag(c, "unorm"))
        in->f[RDNA4_FLD_UNRM] = 1;
    if (mod_flag(c, "r128"))
        in->f[RDNA4_FLD_R128] = 1;
    if (mod_flag(c, "a16"))
        in->f[RDNA4_FLD_A16] = 1;
    if (mod_flag(c, "d16"))
        in->f[RDNA4_FLD_D16] = 1;
    if (mod_flag(c, "tfe"))
        in->f[RDNA4_FLD_TFE] = 1;
    if (smp && mod_flag(c, "lwe"))
        in->f[RDNA4_FLD_LWE] = 1;
    if ((st = mem_cache_mods(c, r)))
        return st;
    unsigned nd = rdna4_image_vdata_regs(in);
    if ((st = vreg_n(c, ops[0], nd, &in->f[RDNA4_FLD_VDATA])))
        return st;
    tok a = ttrim(ops[1]);
    if (a.n < 2 || a.s[0] != '[' || a.s[a.n - 1] != ']')
        return aerr(c, a.s, "expected an address list [vA, vB, ...]");
    static const int fld[5] = { RDNA4_FLD_VADDR0, RDNA4_FLD_VADDR1, RDNA4_FLD_VADDR2, RDNA4_FLD_VADDR3,
                                RDNA4_FLD_VADDR4 };
    unsigned na = 0, maxa = smp ? 4 : 5;
    const char *p = a.s + 1, *e = a.s + a.n - 1;
    while (p < e) {
        const char *q = p;
        while (q < e && *q != ',')
            q++;
        if (na >= maxa)
            return aerr(c, p, "too many address registers");
        if ((st = vreg_n(c, (tok){ p, (size_t)(q - p) }, 1, &in->f[fld[na]])))
            return st;
        na++;
        p = q + 1;
    }
    if ((st = need_sreg(c, ops[2], in->f[RDNA4_FLD_R128] ? 4 : 8, 1, &code)))
        return st;
    in->f[RDNA4_FLD_RSRC] = code;
    if (smp) {
        if ((st = need_sreg(c, ops[3], 4, 1, &code)))
            return st;
        in->f[RDNA4_FLD_SAMP] = code;
    }
    return check_mods_used(c);
}

static int asm_export(actx *c, tok tgt, tok *ops, int nops)
{
    rdna4_insn *in = c->in;
    int st;
    if (nops != 4)
        return aerr(c, tgt.s, "export takes a target and four sources (vN or off)");
    char b[32];
    tcopy(tgt, b, sizeof b);
    unsigned t, x;
    if (sscanf(b, "mrt%u", &t) == 1 && strcmp(b, "mrtz") && t <= 7)
        ;
    else if (strcmp(b, "mrtz") == 0)
        t = 8;
    else if (sscanf(b, "pos%u", &x) == 1 && x <= 4)
        t = 12 + x;
    else if (strcmp(b, "prim") == 0)
        t = 20;
    else if (sscanf(b, "dual_src_blend%u", &x) == 1 && x <= 1)
        t = 21 + x;
    else if ((sscanf(b, "invalid_target_%u", &x) == 1 || sscanf(b, "target%u", &x) == 1) &&
             x <= 63)
        t = x;          /* reserved targets: LLVM 22 prints invalid_target_N */
    else
        return aerr(c, tgt.s, "unknown export target '%s'", b);
    in->f[RDNA4_FLD_TARGET] = t;
    tok src[4] = { ops[0], ops[1], ops[2], ops[3] };
    for (int i = 0; i < 4; i++) {
        tok s = ttrim(src[i]);
        if (tieq(s, "off"))
            continue;
        in->f[RDNA4_FLD_EN] |= 1u << i;
        if ((st = vreg_n(c, s, 1, &in->f[rdna4_exp_vsrc[i]])))
            return st;
    }
    if (mod_flag(c, "done"))
        in->f[RDNA4_FLD_DONE] = 1;
    if (mod_flag(c, "row_en"))
        in->f[RDNA4_FLD_ROW] = 1;
    return check_mods_used(c);
}

/* ----------------------------------------------------- mnemonics */

typedef struct nament {
    const char *name;
    unsigned    row;
} nament;

static int nament_cmp(const void *a, const void *b)
{
    const nament *x = a, *y = b;
    int r = strcmp(x->name, y->name);
    return r ? r : (x->row > y->row) - (x->row < y->row);
}

/* rows named `name` (in table order) -> count */
static int rows_named(const nament *tab, size_t n, const char *name, unsigned *rows, int max)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (strcmp(tab[mid].name, name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    int k = 0;
    for (size_t i = lo; i < n && strcmp(tab[i].name, name) == 0 && k < max; i++)
        rows[k++] = tab[i].row;
    return k;
}

static int is_short_vop(int fmt)
{
    return fmt == RDNA4_FMT_VOP1 || fmt == RDNA4_FMT_VOP2 || fmt == RDNA4_FMT_VOPC;
}

static int asm_row(actx *c, unsigned row, int fmt, tok rest, tok *ops, int nops, int dpp)
{
    const rdna4_row *r = &rdna4_rows[row];
    rdna4_insn *in = c->in;
    memset(in, 0, sizeof *in);
    in->row = (uint16_t)row;
    in->fmt = (uint8_t)fmt;
    if (rdna4_fmts[fmt].op_fld)
        in->f[rdna4_fmts[fmt].op_fld] = r->op;
    c->lit_used = 0;
    c->label[0] = '\0';
    for (int i = 0; i < c->nmods; i++)
        c->used[i] = 0;
    int st;
    switch (fmt) {
    case RDNA4_FMT_SOP1: case RDNA4_FMT_SOP2: case RDNA4_FMT_SOPC: case RDNA4_FMT_SOPK: case RDNA4_FMT_SOPP:
        st = asm_scalar(c, r, rest, ops, nops);
        break;
    case RDNA4_FMT_SMEM:
        st = asm_smem(c, r, ops, nops);
        break;
    case RDNA4_FMT_VDS:
        st = asm_ds(c, r, ops, nops);
        break;
    case RDNA4_FMT_VBUFFER:
        st = asm_buffer(c, r, ops, nops);
        break;
    case RDNA4_FMT_VFLAT: case RDNA4_FMT_VGLOBAL: case RDNA4_FMT_VSCRATCH:
        st = asm_flat(c, r, ops, nops);
        break;
    case RDNA4_FMT_VIMAGE: case RDNA4_FMT_VSAMPLE:
        st = asm_image(c, r, ops, nops);
        break;
    case RDNA4_FMT_VEXPORT: {
        /* the target was split off the operands by asm_insn (see c->label_at) */
        tok tgt = { c->exp_tgt, c->exp_tgt_n };
        st = asm_export(c, tgt, ops, nops);
        break;
    }
    default:
        st = asm_vop(c, r, ops, nops, dpp);
        break;
    }
    if (st)
        return st;
    if (c->lit_used) {
        in->has_lit = 1;
        in->lit = c->lit;
    } else if (r->flags & RDNA4_LIT) {
        return aerr(c, rest.s, "%s needs a literal constant", r->name);
    }
    if (in->has_lit && in->dpp)
        return aerr(c, rest.s, "a literal cannot be combined with DPP");
    return 0;
}

#include "rdna4_alias.h"

/* The canonical name of an LLVM alias mnemonic (rdna4_alias.h), or NULL. */
static const char *alias_of(const char *name)
{
    size_t lo = 0, hi = sizeof rdna4_aliases / sizeof rdna4_aliases[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int d = strcmp(name, rdna4_aliases[mid].alias);
        if (d == 0)
            return rdna4_aliases[mid].name;
        if (d < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

/* Parse one instruction (mnemonic + rest) into c->in. */
static int asm_insn(actx *c, const nament *tab, size_t ntab, tok mn, tok rest)
{
    char name[64];
    tok ops[MAXTOK];
    int nops, st;
    c->wmma64 = 0;
    if (mn.n >= sizeof name)
        return aerr(c, mn.s, "unknown mnemonic '%.*s'", (int)mn.n, mn.s);
    for (size_t i = 0; i < mn.n; i++)
        name[i] = (char)tolower((unsigned char)mn.s[i]);
    name[mn.n] = '\0';

    /* VOPD: "v_dual_x ... :: v_dual_y ..." */
    if (strncmp(name, "v_dual_", 7) == 0) {
        const char *sep = NULL;
        for (const char *p = rest.s; p + 1 < rest.s + rest.n; p++)
            if (p[0] == ':' && p[1] == ':') {
                sep = p;
                break;
            }
        if (!sep)
            return aerr(c, rest.s, "VOPD needs two halves separated by '::'");
        tok xr = { rest.s, (size_t)(sep - rest.s) };
        tok yall = ttrim((tok){ sep + 2, rest.n - (size_t)(sep + 2 - rest.s) });
        const char *sp = yall.s;
        while (sp < yall.s + yall.n && !isspace((unsigned char)*sp))
            sp++;
        tok ymn = { yall.s, (size_t)(sp - yall.s) }, yr = { sp, yall.n - (size_t)(sp - yall.s) };
        char yname[64];
        if (ymn.n >= sizeof yname)
            return aerr(c, ymn.s, "unknown VOPD mnemonic");
        tcopy(ymn, yname, sizeof yname);
        unsigned rx = RDNA4_NROWS, ry = RDNA4_NROWS;
        for (unsigned i = 0; i < RDNA4_NROWS; i++) {
            if (rdna4_rows[i].fmt == RDNA4_FMT_VOPDX && strcmp(rdna4_rows[i].name, name) == 0)
                rx = i;
            if (rdna4_rows[i].fmt == RDNA4_FMT_VOPDY && strcmp(rdna4_rows[i].name, yname) == 0)
                ry = i;
        }
        if (rx == RDNA4_NROWS)
            return aerr(c, mn.s, "'%s' is not a VOPD X opcode", name);
        if (ry == RDNA4_NROWS)
            return aerr(c, ymn.s, "'%s' is not a VOPD Y opcode", yname);
        rdna4_insn *in = c->in;
        memset(in, 0, sizeof *in);
        in->fmt = RDNA4_FMT_VOPD;
        in->row = (uint16_t)rx;
        in->rowy = (uint16_t)ry;
        in->f[RDNA4_FLD_OPX] = rdna4_rows[rx].op;
        in->f[RDNA4_FLD_OPY] = rdna4_rows[ry].op;
        c->lit_used = 0;
        int k = 0;
        if ((st = split_ops(c, xr, ops, MAXTOK, &nops)))
            return st;
        if (c->nmods)
            return aerr(c, c->mods[0].s, "unexpected '%.*s'", (int)c->mods[0].n, c->mods[0].s);
        if ((st = asm_vop_operands(c, &rdna4_rows[rx], ops, nops, &k, 0)))
            return st;
        if (k < nops)
            return aerr(c, ops[k].s, "too many operands");
        if ((st = split_ops(c, yr, ops, MAXTOK, &nops)))
            return st;
        if (c->nmods)
            return aerr(c, c->mods[0].s, "unexpected '%.*s'", (int)c->mods[0].n, c->mods[0].s);
        k = 0;
        if ((st = asm_vop_operands(c, &rdna4_rows[ry], ops, nops, &k, 0)))
            return st;
        if (k < nops)
            return aerr(c, ops[k].s, "too many operands");
        if (c->lit_used) {
            in->has_lit = 1;
            in->lit = c->lit;
        } else if ((rdna4_rows[rx].flags | rdna4_rows[ry].flags) & RDNA4_LIT) {
            return aerr(c, rest.s, "VOPD FMAAK/FMAMK needs a literal constant");
        }
        /* bank/port and scalar-value rules (README: decisions Q2), at the Y half */
        int port;
        const char *why = rdna4_vopd_error(in, &port);
        if (why)
            return aerr(c, ymn.s, "illegal VOPD pair: %s", why);
        if (c->wave64)
            return aerr(c, mn.s, "VOPD is legal only in wave32 (guide §7.8 L3279)");
        return 0;
    }

    /* LLVM alias names (s_ff1_i32_b32, buffer_load_dword, ...): the canonical row; an
     * _e32/_e64/_dpp suffix stays */
    {
        static const char *const sfx[] = { "_e64_dpp", "_dpp", "_e32", "_e64", "" };
        size_t ln0 = strlen(name);
        for (size_t k = 0; k < sizeof sfx / sizeof sfx[0]; k++) {
            size_t ls = strlen(sfx[k]);
            if (ln0 <= ls || strcmp(name + ln0 - ls, sfx[k]))
                continue;
            char base[64];
            memcpy(base, name, ln0 - ls);
            base[ln0 - ls] = '\0';
            const char *canon = alias_of(base);
            if (canon && strlen(canon) + ls < sizeof name) {
                snprintf(name, sizeof name, "%s%s", canon, sfx[k]);
                break;
            }
        }
    }
    if (strcmp(name, "export") == 0) {
        tok r2 = ttrim(rest);
        const char *sp = r2.s;
        while (sp < r2.s + r2.n && !isspace((unsigned char)*sp))
            sp++;
        c->exp_tgt = r2.s;
        c->exp_tgt_n = (size_t)(sp - r2.s);
        rest = (tok){ sp, r2.n - (size_t)(sp - r2.s) };
    }
    if ((st = split_ops(c, rest, ops, MAXTOK, &nops)))
        return st;

    /* suffixes */
    int want_dpp = 0, want = 0;           /* want: 0 any, 32 short, 64 VOP3 */
    size_t ln = strlen(name);
    if (ln > 8 && strcmp(name + ln - 8, "_e64_dpp") == 0) {
        name[ln - 8] = '\0';
        want = 64;
        want_dpp = 1;
    } else if (ln > 4 && strcmp(name + ln - 4, "_dpp") == 0) {
        name[ln - 4] = '\0';
        want_dpp = 1;
    } else if (ln > 4 && strcmp(name + ln - 4, "_e32") == 0) {
        name[ln - 4] = '\0';
        want = 32;
    } else if (ln > 4 && strcmp(name + ln - 4, "_e64") == 0) {
        name[ln - 4] = '\0';
        want = 64;
    }
    /* LLVM prints VOPC DPP forms without a suffix: DPP controls select DPP */
    if (!want_dpp)
        for (int i = 0; i < c->nmods; i++) {
            tok m = c->mods[i];
            static const char *const dc[] = { "quad_perm:", "row_shl:", "row_shr:", "row_ror:",
                                              "row_mirror", "row_half_mirror", "row_share:",
                                              "row_xmask:", "dpp8:" };
            for (size_t k = 0; k < sizeof dc / sizeof dc[0]; k++)
                if (m.n >= strlen(dc[k]) && !strncmp(m.s, dc[k], strlen(dc[k])))
                    want_dpp = 1;
        }
    unsigned rows[8];
    int nr = rows_named(tab, ntab, name, rows, 8);
    if (nr == 0)
        return aerr(c, mn.s, "unknown mnemonic '%.*s'", (int)mn.n, mn.s);
    int first_err = 0;
    gpuref_diag saved = { 0, 0, 0, "" };
    for (int phase = 0; phase < 3; phase++) {
        for (int i = 0; i < nr; i++) {
            const rdna4_row *r = &rdna4_rows[rows[i]];
            int fmt = r->fmt;
            if (fmt == RDNA4_FMT_VOPDX || fmt == RDNA4_FMT_VOPDY)
                continue;
            int cls = is_short_vop(fmt) ? 0 : (fmt == RDNA4_FMT_VOP3 || fmt == RDNA4_FMT_VOP3SD) ? 1 : 2;
            /* _e64_dpp also names the DPP form of a VOP3P row (LLVM's text) */
            if (cls != phase || (want == 32 && cls != 0) ||
                (want == 64 && cls != 1 && !(want_dpp && fmt == RDNA4_FMT_VOP3P)))
                continue;
            if (want_dpp && cls == 2 && fmt != RDNA4_FMT_VOP3P)
                continue;
            if (want_dpp && want != 64 && cls == 1)
                continue;
            st = asm_row(c, rows[i], fmt, rest, ops, nops, want_dpp);
            if (!st)
                return 0;
            if (!first_err) {
                if (c->d)
                    saved = *c->d;
                first_err = st;
            }
        }
    }
    if (first_err) {
        if (c->d)
            *c->d = saved;
        return first_err;
    }
    /* no row of the encoding the suffix asks for (v_readfirstlane_b32_e64, v_swap_b32_e64:
     * README: decisions E20) */
    if (want)
        return aerr(c, mn.s, "'%.*s': %s has no %s form", (int)mn.n, mn.s, name,
                    want == 64 ? "VOP3 (_e64)" : "VOP1/VOP2/VOPC (_e32)");
    return aerr(c, mn.s, "'%.*s' has no form matching these operands", (int)mn.n, mn.s);
}

/* ------------------------------------------------------------ driver */

typedef struct pline {
    rdna4_insn  in;
    unsigned line;
    uint64_t addr;
    char     label[64];
    unsigned label_col;
} pline;

/* The mnemonic table: every row, sorted by name (rdna4.h). */
struct rdna4_names {
    nament e[RDNA4_NROWS];
};

rdna4_names *rdna4_names_new(void)
{
    rdna4_names *tab = malloc(sizeof *tab);
    if (!tab)
        return NULL;
    for (unsigned i = 0; i < RDNA4_NROWS; i++) {
        tab->e[i].name = rdna4_rows[i].name;
        tab->e[i].row = i;
    }
    qsort(tab->e, RDNA4_NROWS, sizeof tab->e[0], nament_cmp);
    return tab;
}

void rdna4_names_free(rdna4_names *tab) { free(tab); }

int rdna4_isa_assemble(const char *text, uint64_t base, uint32_t **words, size_t *nwords,
                    gpuref_diag *d)
{
    rdna4_names *tab = rdna4_names_new();
    int st = tab ? rdna4_assemble_with(tab, text, base, words, nwords, d)
                 : gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
    rdna4_names_free(tab);
    return st;
}

int rdna4_assemble_with(const rdna4_names *names, const char *text, uint64_t base,
                        uint32_t **words, size_t *nwords, gpuref_diag *d)
{
    const nament *tab = names->e;
    size_t ntab = RDNA4_NROWS, cap = 64, np = 0;
    pline *pl = malloc(sizeof *pl * cap);
    gpuref_labels labs = { 0 };                /* label name -> address */
    uint32_t *out = NULL;
    int st = 0;
    if (!pl) {
        st = gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
        goto done;
    }
    if (base & 3) {
        st = gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "base address must be 4-byte aligned");
        goto done;
    }

    /* pass 1: every line parsed into fields (sizes known), labels get addresses */
    actx c;
    memset(&c, 0, sizeof c);
    c.d = d;
    uint64_t addr = base;
    for (gpuref_lex_init(&c.lx, text); gpuref_lex_line(&c.lx);) {
        tok t = ttrim((tok){ c.lx.ls, (size_t)(c.lx.ce - c.lx.ls) });
        /* labels: [A-Za-z0-9_.$]+ ':' (not "::"), not starting with a digit */
        for (;;) {
            const char *q = gpuref_lex_ident(t.s, t.s + t.n, "$", 0);
            if (q > t.s && q < t.s + t.n && *q == ':' && !(q + 1 < t.s + t.n && q[1] == ':')) {
                if ((size_t)(q - t.s) >= sizeof pl[0].label) {
                    st = aerr(&c, t.s, "label too long");
                    goto done;
                }
                long k = gpuref_labels_add(&labs, t.s, (size_t)(q - t.s), addr);
                if (k == GPUREF_ERR_ARG) {
                    st = aerr(&c, t.s, "label '%.*s' defined twice", (int)(q - t.s), t.s);
                    goto done;
                }
                if (k < 0) {
                    st = gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
                    goto done;
                }
                t = ttrim((tok){ q + 1, t.n - (size_t)(q + 1 - t.s) });
                continue;
            }
            break;
        }
        if (!t.n)
            continue;
        if (t.s[0] == '.') {          /* .wave32 / .wave64 only (README: wave size) */
            if (tieq(t, ".wave32") || tieq(t, ".wave64")) {
                c.wave64 = tieq(t, ".wave64");
                continue;
            }
            st = aerr(&c, t.s, "unsupported directive '%.*s'", (int)t.n, t.s);
            goto done;
        }
        const char *sp = t.s;
        while (sp < t.s + t.n && !isspace((unsigned char)*sp))
            sp++;
        tok mn = { t.s, (size_t)(sp - t.s) };
        tok rest = { sp, t.n - (size_t)(sp - t.s) };
        if (gpuref_grow((void **)&pl, &cap, np, sizeof *pl, 64)) {
            st = gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
            goto done;
        }
        pline *L = &pl[np];
        c.in = &L->in;
        c.label[0] = '\0';
        c.label_at = NULL;
        st = asm_insn(&c, tab, ntab, mn, rest);
        if (st)
            goto done;
        char err[GPUREF_ERRLEN] = "";
        if ((st = rdna4_encode(&L->in, err))) {
            st = aerr(&c, t.s, "%s", err);
            goto done;
        }
        /* the decoder is the judge of legality: the words must decode back */
        rdna4_insn chk;
        if ((st = rdna4_decode(L->in.w, L->in.nwords, &chk, err)) != 0) {
            const char *at = t.s;
            if (strstr(err, "CLAMP is not supported"))
                at = mod_at(&c, "clamp", at);
            else if (strstr(err, "OMOD scales"))
                at = mod_at(&c, "mul:", mod_at(&c, "div:", at));
            else if (strstr(err, "OMOD/CLAMP"))          /* the FP8/BF8 conversions */
                at = mod_at(&c, "clamp", mod_at(&c, "mul:", mod_at(&c, "div:", at)));
            st = aerr(&c, at, "%s", err);
            goto done;
        }
        L->line = c.lx.line;
        L->addr = addr;
        snprintf(L->label, sizeof L->label, "%s", c.label);
        L->label_col = gpuref_lex_col(&c.lx, c.label_at);
        addr += 4u * L->in.nwords;
        np++;
    }

    /* pass 2: branch offsets to labels, words */
    size_t total = (size_t)((addr - base) / 4);
    out = malloc((total ? total : 1) * sizeof *out);
    if (!out) {
        st = gpuref_diagf(d, GPUREF_ERR_NOMEM, 0, 0, "out of memory");
        goto done;
    }
    size_t k = 0;
    for (size_t i = 0; i < np; i++) {
        pline *L = &pl[i];
        if (L->label[0]) {
            long j = gpuref_labels_find(&labs, L->label);
            if (j < 0) {
                st = gpuref_diagf(d, GPUREF_ERR_ASM, L->line, L->label_col,
                                  "undefined label '%s'", L->label);
                goto done;
            }
            int64_t off = ((int64_t)labs.v[j].value - (int64_t)(L->addr + 4)) / 4;
            if (off < -32768 || off > 32767) {
                st = gpuref_diagf(d, GPUREF_ERR_ASM, L->line, L->label_col,
                                  "branch to '%s' out of range (%lld DWORDs)", L->label,
                                  (long long)off);
                goto done;
            }
            L->in.f[RDNA4_FLD_SIMM16] = (uint32_t)off & 0xffffu;
            char err[GPUREF_ERRLEN];
            if ((st = rdna4_encode(&L->in, err))) {
                st = gpuref_diagf(d, GPUREF_ERR_ASM, L->line, 0, "%s", err);
                goto done;
            }
        }
        for (unsigned w = 0; w < L->in.nwords; w++)
            out[k++] = L->in.w[w];
    }
    *words = out;
    *nwords = k;
    out = NULL;
    st = GPUREF_OK;
done:
    free(out);
    free(pl);
    gpuref_labels_free(&labs);
    return st;
}
