/* fp_drv.c - policies, knob mapping, operand generators and model calls for
 * the rtl/common/fp unit benches.  Plain C11, built with gcc (never by
 * verilator), linked with model/fp into the bench.  See fp_drv.h. */
#include <stdio.h>
#include <string.h>
#include "fp.h"
#include "fp_drv.h"

/* ------------------------------------------------------------------ rng */

static uint64_t rng_s = 0x9e3779b97f4a7c15ull;

static uint64_t rng(void)                    /* xorshift64* */
{
    rng_s ^= rng_s >> 12;
    rng_s ^= rng_s << 25;
    rng_s ^= rng_s >> 27;
    return rng_s * 0x2545f4914f6cdd1dull;
}
static unsigned rn(unsigned n) { return (unsigned)((rng() >> 16) % n); }

/* --------------------------------------------------------------- units */

static const char *const unit_names[FPD_NUNITS] = {
    "add", "mul", "fma", "cmp", "minmax", "f2i", "i2f", "h2f", "f2h", "trans",
    "add64", "mul64", "cmp64", "d2f", "fma64", "dsr64" };
static const char *const unit_modules[FPD_NUNITS] = {
    "fp32_add", "fp32_mul", "fp32_fma", "fp32_cmp", "fp32_minmax",
    "fp32_to_int", "fp32_from_int", "fp16_to_fp32", "fp32_to_fp16", "fp32_trans",
    "fp64_add", "fp64_mul", "fp64_cmp", "fp64_to_fp32", "fp64_fma", "fp64_dsr" };

const char *fpd_unit_name(int u) { return (unsigned)u < FPD_NUNITS ? unit_names[u] : "?"; }
const char *fpd_unit_module(int u) { return (unsigned)u < FPD_NUNITS ? unit_modules[u] : "?"; }
int fpd_is64(int u)
{
    return u == FPD_ADD64 || u == FPD_MUL64 || u == FPD_CMP64 || u == FPD_D2F || u == FPD_FMA64 ||
           u == FPD_DSR64;
}

int fpd_arity(int u)
{
    switch (u) {
    case FPD_FMA: case FPD_FMA64: return 3;
    case FPD_ADD: case FPD_MUL: case FPD_CMP: case FPD_MINMAX:
    case FPD_ADD64: case FPD_MUL64: case FPD_CMP64: case FPD_DSR64: return 2;
    default: return 1;
    }
}

/* ------------------------------------------------------------- policies */

#define MAXPOL 128
static fp_policy pool[MAXPOL];
static char pool_names[MAXPOL][24];
static int npool, nfixed;

static void all_fmt(uint8_t *arr, uint8_t v)
{
    for (int f = 0; f < FP_NFMT; f++) arr[f] = v;
}

static void base_ieee(fp_policy *p)
{
    memset(p, 0, sizeof *p);
    all_fmt(p->denorm_in, FP_DENORM_KEEP);
    all_fmt(p->denorm_out, FP_DENORM_KEEP);
    all_fmt(p->round, FP_RNE);
    all_fmt(p->overflow, FP_OVF_IEEE);
    p->tininess = FP_TINY_AFTER;
    p->nan_prop = FP_NANP_SNAN_FIRST;
    p->nan_quiet = FP_NANQ_QUIET;
    p->nan_inf = FP_NANINF_OFF;
    p->zero_wins = FP_ZW_OFF;
    p->zero_wins_sign = FP_ZWS_POS;
    p->zero_cmp = FP_ZCMP_EQUAL;
    p->zero_minmax = FP_ZMM_NEG_LESS;
    p->clamp_nan = FP_CLNAN_ZERO;
    p->clamp_negzero = FP_CLZ_POS;
    p->int_nan = FP_INAN_ZERO;
    p->int_ovf = FP_IOVF_SAT;
    p->denorm_exc = FP_DEXC_UNFLUSHED;
    p->fma_nan = FP_FMAN_PROPAGATE;
    p->default_nan[FP_F16] = 0x7e00;
    p->default_nan[FP_BF16] = 0x7fc0;
    p->default_nan[FP_F32] = 0x7fc00000;
    p->default_nan[FP_F64] = 0x7ff8000000000000ull;
    p->default_nan[FP_E4M3] = 0x7f;
    p->default_nan[FP_E5M2] = 0x7e;
}

static fp_policy *add_pol(const char *name)
{
    fp_policy *p = &pool[npool];
    snprintf(pool_names[npool], sizeof pool_names[0], "%s", name);
    base_ieee(p);
    p->name = pool_names[npool];
    npool++;
    return p;
}

static void fixed_policies(void)
{
    fp_policy *p;
    add_pol("ieee");
    p = add_pol("rtz-before");
    all_fmt(p->round, FP_RTZ);
    p->tininess = FP_TINY_BEFORE;
    p->nan_prop = FP_NANP_FIRST;
    p->zero_minmax = FP_ZMM_FIRST;
    p->default_nan[FP_F32] = 0xffc00000;
    p->default_nan[FP_F16] = 0xfe00;
    p->int_nan = FP_INAN_MIN;
    p->fma_nan = FP_FMAN_PROP_INVALID;
    p->denorm_exc = FP_DEXC_ALWAYS;
    p = add_pol("rup-keepnan");
    all_fmt(p->round, FP_RUP);
    p->nan_quiet = FP_NANQ_KEEP;
    p->nan_prop = FP_NANP_FIRST;
    p->zero_cmp = FP_ZCMP_NEG_LESS;
    p->zero_minmax = FP_ZMM_SECOND;
    p->int_nan = FP_INAN_MAX;
    p->int_ovf = FP_IOVF_WRAP;
    p = add_pol("rdn-dnan");
    all_fmt(p->round, FP_RDN);
    p->nan_prop = FP_NANP_DEFAULT;
    p->fma_nan = FP_FMAN_DEFAULT_INVALID;
    p->clamp_nan = FP_CLNAN_KEEP;
    p->clamp_negzero = FP_CLZ_KEEP;
    p->default_nan[FP_F32] = 0x7fffffff;
    p->default_nan[FP_F16] = 0x7fff;
    p = add_pol("rna");
    all_fmt(p->round, FP_RNA);
    p->tininess = FP_TINY_BEFORE;
    p = add_pol("ftz-daz-before");
    all_fmt(p->denorm_in, FP_DENORM_FLUSH);
    all_fmt(p->denorm_out, FP_DENORM_FLUSH);
    p->tininess = FP_TINY_BEFORE;
    p->denorm_exc = FP_DEXC_ALWAYS;
    p = add_pol("ftz-after-rdn");
    all_fmt(p->denorm_out, FP_DENORM_FLUSH);
    all_fmt(p->round, FP_RDN);
    p = add_pol("daz-rup");
    all_fmt(p->denorm_in, FP_DENORM_FLUSH);
    all_fmt(p->round, FP_RUP);
    p = add_pol("ovf-sat");
    all_fmt(p->overflow, FP_OVF_SAT);
    p->int_ovf = FP_IOVF_WRAP;
    p = add_pol("dx9-zero-wins");
    all_fmt(p->denorm_in, FP_DENORM_FLUSH);
    all_fmt(p->denorm_out, FP_DENORM_FLUSH);
    p->zero_wins = FP_ZW_ON;
    p->zero_wins_sign = FP_ZWS_XOR;
    p->nan_prop = FP_NANP_DEFAULT;
    p->default_nan[FP_F32] = 0x7fffffff;
    p = add_pol("nan-as-inf");
    p->nan_inf = FP_NANINF_ON;
    p->zero_wins = FP_ZW_ON;
    p->default_nan[FP_F32] = 0xffc00000;
}

#ifdef FPD_HAVE_ISA_POLICIES
static void isa_policies(void)
{
    static const char *const names[] = { "r700", "rdna4", "usc", "nv50", "nvfp", "x86_sse" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const fp_policy *q = fp_policy_find(names[i]);
        if (!q || npool >= MAXPOL) continue;
        pool[npool] = *q;
        snprintf(pool_names[npool], sizeof pool_names[0], "isa-%s", names[i]);
        pool[npool].name = pool_names[npool];
        npool++;
    }
}
#endif

static uint64_t random_nan(fp_fmt f)
{
    unsigned bits = fp_fmt_bits(f), mb = f == FP_F16 ? 10 : f == FP_BF16 ? 7 : f == FP_F32 ? 23
                  : f == FP_F64 ? 52 : f == FP_E4M3 ? 3 : 2;
    if (f == FP_E4M3) return rn(2) ? 0xff : 0x7f;
    uint64_t emask = ((((uint64_t)1 << (bits - 1 - mb)) - 1) << mb);
    uint64_t m = rng() & (((uint64_t)1 << mb) - 1);
    if (rn(2)) m |= (uint64_t)1 << (mb - 1);            /* mostly quiet */
    if (m == 0) m = 1;
    uint64_t s = rn(2) ? (uint64_t)1 << (bits - 1) : 0;
    return s | emask | m;
}

static void random_policy(fp_policy *p)
{
    for (int f = 0; f < FP_NFMT; f++) {
        p->denorm_in[f] = (uint8_t)(1 + rn(2));
        p->denorm_out[f] = (uint8_t)(1 + rn(2));
        p->round[f] = (uint8_t)(1 + rn(5));
        p->overflow[f] = (uint8_t)(1 + rn(2));
        p->default_nan[f] = random_nan((fp_fmt)f);
    }
    p->tininess = (uint8_t)(1 + rn(2));
    p->nan_prop = (uint8_t)(1 + rn(3));
    p->nan_quiet = (uint8_t)(1 + rn(2));
    p->nan_inf = (uint8_t)(rn(5) ? FP_NANINF_OFF : FP_NANINF_ON);
    p->zero_wins = (uint8_t)(1 + rn(2));
    p->zero_wins_sign = (uint8_t)(1 + rn(2));
    p->zero_cmp = (uint8_t)(1 + rn(2));
    p->zero_minmax = (uint8_t)(1 + rn(4));
    p->clamp_nan = (uint8_t)(1 + rn(2));
    p->clamp_negzero = (uint8_t)(1 + rn(2));
    p->int_nan = (uint8_t)(1 + rn(3));
    p->int_ovf = (uint8_t)(1 + rn(2));
    p->denorm_exc = (uint8_t)(1 + rn(2));
    p->fma_nan = (uint8_t)(1 + rn(3));
}

int fpd_init(uint64_t seed, int nrandom, char *msg, size_t msglen)
{
    rng_s = seed * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull;
    if (rng_s == 0) rng_s = 1;
    npool = 0;
    fixed_policies();
#ifdef FPD_HAVE_ISA_POLICIES
    isa_policies();
#endif
    nfixed = npool;
    for (int i = 0; i < nrandom && npool < MAXPOL; i++) {
        fp_policy *p = add_pol("");
        snprintf(pool_names[npool - 1], sizeof pool_names[0], "random-%d", i);
        random_policy(p);
    }
    /* every policy is checked and sealed (model/fp uses sealed policies only) */
    for (int i = 0; i < npool; i++) {
        char m[160];
        if (fp_policy_seal(&pool[i], m, sizeof m) != GPUREF_OK) {
            if (msg && msglen) snprintf(msg, msglen, "policy %s rejected: %s", pool_names[i], m);
            return -1;
        }
    }
    return 0;
}

int fpd_npolicies(void) { return npool; }
int fpd_nfixed(void) { return nfixed; }
const char *fpd_policy_name(int pol) { return (unsigned)pol < (unsigned)npool ? pool_names[pol] : "?"; }

/* ----------------------------------------------------------- knob mapping
 * The effective knobs of model/fp (policy, then the FP_F_* overrides, as
 * documented in fp.h) written as the RTL port encodings. */

static fp_fmt src_fmt(int u) { return u == FPD_H2F ? FP_F16 : fpd_is64(u) ? FP_F64 : FP_F32; }
static fp_fmt dst_fmt(int u)
{
    return u == FPD_F2H ? FP_F16 : (fpd_is64(u) && u != FPD_D2F) ? FP_F64 : FP_F32;
}

static uint8_t rtl_rm(unsigned m)
{
    switch (m) {
    case FP_RTZ: return 1;
    case FP_RUP: return 2;
    case FP_RDN: return 3;
    case FP_RNA: return 4;
    default:     return 0;                     /* FP_RNE */
    }
}

void fpd_knobs_of(const fpd_vec *v, fpd_knobs *k)
{
    const fp_policy *p = &pool[v->pol];
    const unsigned fl = v->flags;
    const fp_fmt src = src_fmt(v->unit), dst = dst_fmt(v->unit);
    /* fp_to_int rounds with the source format's knob */
    const fp_fmt rfmt = v->unit == FPD_F2I ? src : dst;
    memset(k, 0, sizeof *k);
    k->rm = rtl_rm(FP_F_RND(fl) ? FP_F_RND(fl) : p->round[rfmt]);
    k->daz = (fl & FP_F_FLUSH_IN) ? 1 : (fl & FP_F_KEEP_IN) ? 0 : p->denorm_in[src] == FP_DENORM_FLUSH;
    k->ftz = (fl & FP_F_FLUSH_OUT) ? 1 : (fl & FP_F_KEEP_OUT) ? 0 : p->denorm_out[dst] == FP_DENORM_FLUSH;
    k->ovf_sat = (fl & FP_F_OVF_SAT) ? 1 : (fl & FP_F_OVF_IEEE) ? 0 : p->overflow[dst] == FP_OVF_SAT;
    k->tiny_after = p->tininess == FP_TINY_AFTER;
    k->nan_prop = p->nan_prop == FP_NANP_FIRST ? 0 : p->nan_prop == FP_NANP_SNAN_FIRST ? 1 : 2;
    k->nan_keep = p->nan_quiet == FP_NANQ_KEEP;
    k->nan_inf = p->nan_inf == FP_NANINF_ON;
    k->dnan = (uint32_t)p->default_nan[FP_F32];
    k->dnan16 = (uint16_t)p->default_nan[FP_F16];
    k->dnan64 = p->default_nan[FP_F64];
    k->dexc_always = p->denorm_exc == FP_DEXC_ALWAYS;
    k->zero_wins = (fl & FP_F_ZERO_WINS) || p->zero_wins == FP_ZW_ON;
    k->zw_sign_xor = p->zero_wins_sign == FP_ZWS_XOR;
    k->zw_pass_c = (fl & FP_F_ZW_PASS_C) != 0;
    k->fma_nan = p->fma_nan == FP_FMAN_PROPAGATE ? 0 : p->fma_nan == FP_FMAN_PROP_INVALID ? 1 : 2;
    k->clamp = (fl & FP_F_CLAMP) != 0;
    k->clamp_nan_keep = p->clamp_nan == FP_CLNAN_KEEP;
    k->clamp_negzero_keep = p->clamp_negzero == FP_CLZ_KEEP;
    k->zero_negless = p->zero_cmp == FP_ZCMP_NEG_LESS;
    k->zero_minmax = p->zero_minmax == FP_ZMM_NEG_LESS ? 0 : p->zero_minmax == FP_ZMM_FIRST ? 1
                   : p->zero_minmax == FP_ZMM_SECOND ? 2 : 3;
    k->int_nan = p->int_nan == FP_INAN_ZERO ? 0 : p->int_nan == FP_INAN_MIN ? 1 : 2;
    k->int_wrap = p->int_ovf == FP_IOVF_WRAP;
}

int fpd_policy_ok(int u, int pol)
{
    if (u != FPD_TRANS) return 1;
    const fp_policy *p = &pool[pol];
    return p->overflow[FP_F32] == FP_OVF_IEEE && p->nan_inf == FP_NANINF_OFF;   /* every rounding (rm) */
}

/* ------------------------------------------------------------ the model */

int fpd_model(const fpd_vec *v, fpd_out *o)
{
    const fp_policy *p = &pool[v->pol];
    uint64_t r = 0;
    unsigned exc = 0;
    int st;
    switch (v->unit) {
    case FPD_ADD: case FPD_ADD64: {
        fp_fmt f = v->unit == FPD_ADD64 ? FP_F64 : FP_F32;
        st = (v->ctl & 1) ? fp_sub(f, v->a, v->b, p, v->flags, &r, &exc)
                          : fp_add(f, v->a, v->b, p, v->flags, &r, &exc);
        break;
    }
    case FPD_MUL: case FPD_MUL64:
        st = fp_mul(v->unit == FPD_MUL64 ? FP_F64 : FP_F32, v->a, v->b, p, v->flags, &r, &exc);
        break;
    case FPD_D2F:
        st = fp_convert(FP_F32, FP_F64, v->a, p, v->flags, &r, &exc);
        break;
    case FPD_FMA: case FPD_FMA64:
        st = fp_fma(v->unit == FPD_FMA64 ? FP_F64 : FP_F32, v->a, v->b, v->c, p, v->flags, &r, &exc);
        break;
    case FPD_CMP: case FPD_CMP64: {
        fp_rel rel = FP_REL_UN;
        int res = 0;
        unsigned e2 = 0;
        fp_fmt f = v->unit == FPD_CMP64 ? FP_F64 : FP_F32;
        st = fp_compare(f, v->a, v->b, p, v->flags, &rel, &exc);
        if (st == 0) st = fp_cmp(f, (fp_pred)(v->ctl & 0xf), v->a, v->b, p, v->flags, &res, &e2);
        if (st == 0 && e2 != exc) st = -100;   /* the two model entry points disagree */
        r = (uint64_t)(res & 1) | ((uint64_t)rel << 1);
        break;
    }
    case FPD_MINMAX: {
        fp_minmax kind = (fp_minmax)(v->ctl & 7);
        st = (v->ctl & 8) ? fp_max(FP_F32, kind, v->a, v->b, p, v->flags, &r, &exc)
                          : fp_min(FP_F32, kind, v->a, v->b, p, v->flags, &r, &exc);
        break;
    }
    case FPD_F2I:
        st = fp_to_int((v->ctl & 1) ? FP_I32 : FP_U32, FP_F32, v->a, p, v->flags, &r, &exc);
        break;
    case FPD_I2F:
        st = fp_from_int(FP_F32, (v->ctl & 1) ? FP_I32 : FP_U32, v->a, p, v->flags, &r, &exc);
        break;
    case FPD_H2F:
        st = fp_convert(FP_F32, FP_F16, v->a & 0xffff, p, v->flags, &r, &exc);
        break;
    case FPD_F2H:
        st = fp_convert(FP_F16, FP_F32, v->a, p, v->flags, &r, &exc);
        break;
    case FPD_DSR64:
        switch (v->ctl & 3) {
        case 0: st = fp_div(FP_F64, v->a, v->b, p, v->flags, &r, &exc); break;
        case 1: st = fp_sqrt(FP_F64, v->a, p, v->flags, &r, &exc); break;
        case 2: st = fp_rsq(FP_F64, v->a, p, v->flags, &r, &exc); break;
        default: st = fp_rcp(FP_F64, v->a, p, v->flags, &r, &exc); break;
        }
        break;
    case FPD_TRANS:                           /* result only: the unit reports no flags */
        switch (v->ctl) {
        case 0: st = fp_rcp(FP_F32, v->a, p, v->flags, &r, &exc); break;
        case 1: st = fp_rsq(FP_F32, v->a, p, v->flags, &r, &exc); break;
        case 2: st = fp_sqrt(FP_F32, v->a, p, v->flags, &r, &exc); break;
        case 3: st = fp_exp2(FP_F32, v->a, p, v->flags, &r, &exc); break;
        case 4: st = fp_log2(FP_F32, v->a, p, v->flags, &r, &exc); break;
        case 5: st = fp_sin(FP_F32, v->a, p, v->flags | FP_F_TURNS, &r, &exc); break;
        case 6: st = fp_cos(FP_F32, v->a, p, v->flags | FP_F_TURNS, &r, &exc); break;
        case 7: st = fp_sin(FP_F32, v->a, p, v->flags, &r, &exc); break;     /* radians */
        default: st = fp_cos(FP_F32, v->a, p, v->flags, &r, &exc); break;
        }
        exc = 0;
        break;
    default:
        st = GPUREF_ERR_ARG;
        break;
    }
    o->r = fpd_is64(v->unit) && v->unit != FPD_D2F && v->unit != FPD_CMP64 ? r : (uint32_t)r;
    o->exc = exc;
    return st;
}

/* ------------------------------------------------------- special values */

static const uint32_t sp_f32[] = {
    0x00000000, 0x80000000,                         /* +-0 */
    0x00000001, 0x80000001,                         /* smallest subnormal */
    0x007fffff, 0x807fffff,                         /* largest subnormal */
    0x00400000, 0x00000003,                         /* mid / odd subnormals */
    0x00800000, 0x80800000, 0x00800001, 0x00ffffff, /* smallest normal and around */
    0x3f800000, 0xbf800000, 0x3f800001, 0x3f7fffff, 0xbf800001, /* 1.0, 1.0+-ulp */
    0x3f000000, 0x3fc00000, 0x40000000, 0xc0400000, /* 0.5, 1.5, 2, -3 */
    0x7f7fffff, 0xff7fffff, 0x7f7ffffe, 0x7f000000, /* max finite, 2^127 */
    0x7f800000, 0xff800000,                         /* +-Inf */
    0x7fc00000, 0xffc00000, 0x7fc12345, 0xffffffff, /* quiet NaNs, payloads */
    0x7fa00001, 0xff812345, 0x7f800001, 0x7fbfffff, /* signaling NaNs */
};

/* extra float specials for the conversions */
static const uint32_t sp_f2i[] = {
    0x4effffff, 0x4f000000, 0x4f000001, 0xcf000000, 0xcf000001, /* around 2^31 */
    0x4f7fffff, 0x4f800000, 0x4f800001,             /* around 2^32 */
    0x3f000001, 0x3effffff, 0xbf000000, 0x3fe00000, 0x40200000, /* halves */
    0x4b7fffff, 0x4b800000, 0x4b000001, 0xcb400001, /* 2^23..2^24 */
    0x3e800000, 0x3e7fffff, 0xbe800001,             /* 1/4 boundary */
    0x5f000000, 0x7effffff,                         /* huge */
};
static const uint32_t sp_f2h[] = {
    0x477fe000, 0x477fefff, 0x477ff000, 0x477fffff, 0x47800000, 0xc77ff000, /* 65504..65536 */
    0x38800000, 0x387fffff, 0x387fe000, 0x387ff000, 0x38800001, /* f16 min normal */
    0x33800000, 0x33000000, 0x33000001, 0x32ffffff, 0xb3800000, 0x33c00000, /* f16 min subnormal */
    0x3f801000, 0x3f802000, 0x3f803000, 0x3f801001, /* ties at f16 precision */
    0x7f802000, 0x7fc02000, 0xff801fff,             /* NaN payloads lost / kept */
};
static const uint32_t sp_int[] = {
    0x00000000, 0x00000001, 0xffffffff, 0x7fffffff, 0x80000000, 0x80000001,
    0x00ffffff, 0x01000000, 0x01000001, 0x01000002, 0x01000003, 0x02000003,
    0xfeffffff, 0xff000001, 0x7fffff80, 0x7fffffc0, 0x7fffffbf, 0xffffff80,
    0x00000002, 0x12345678, 0x87654321, 0xfffffffe, 0x7ffffffe,
};
/* extra float specials for the transcendentals */
static const uint32_t sp_trans[] = {
    0x43000000, 0x42fe0000, 0x42ffffff, 0x43000001, /* exp2: 128, 127, just below/above 128 */
    0xc2fc0000, 0xc2fc0001, 0xc2fbffff, 0xc3150000, /* -126 and around, -149 */
    0xc3160000, 0xc3158000, 0x43800000, 0xc3800000, /* -150, -149.5, +-256 */
    0x3e800000, 0xbe800000, 0x3f400000, 0x40a00000, /* quarter turns: 1/4, -1/4, 3/4, 5 */
    0x3e800001, 0x3effffff, 0xbf000001, 0x4b7fffff, /* near quarter turns, 2^24-1 */
    0x33800000, 0x337fffff, 0xb3800001, 0x33000000, /* sin: around 2^-24 */
    0x3f7ffffe, 0x3f800002, 0x3f3504f3, 0x3fb504f3, /* log2 near 1, sqrt(1/2), sqrt(2) */
    0x40800000, 0x3e800000, 0x00800000, 0x7f000000, /* powers of two (and of four) */
    0x4b800001, 0x4c000001, 0x3a83126f, 0x42c80000, /* large turns, 0.001, 100 */
};
/* radian operands near multiples of pi/2 (the hardest reductions of binary32:
 * 16367173 * 2^72 is within 2^-29.86 quarter turns of one, the closest of all
 * binary32 values >= 1, by an exhaustive search), pi/2, pi, 2 pi, their
 * neighbours, and large exponents */
static const uint32_t sp_rad[] = {
    0x6f79be45, 0xef79be45, 0x6f79be44, 0x6f79be46, /* 16367173 * 2^72 and neighbours */
    0x3fc90fdb, 0x3fc90fda, 0x40490fdb, 0x40490fda, /* pi/2, pi (rounded up / down) */
    0x40c90fdb, 0x40c90fda, 0x4096cbe4, 0x4116cbe4, /* 2 pi, 3 pi/2, 3 pi */
    0x7f7fffff, 0xff7fffff, 0x7f000000, 0x5f800000, /* max, 2^127, 2^64 */
    0x4b800000, 0x4c000000, 0x3f000000, 0x3effffff, /* 2^24, 2^25, 1/2 and below */
    0x33800000, 0x337fffff, 0x32000000, 0x00800000, /* around 2^-24, 2^-27, min normal */
};
static const uint32_t sp_f16[] = {
    0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0400, 0x8400, 0x3c00, 0x3c01,
    0x3bff, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7e01, 0x7c01, 0x7dff, 0xfd55,
};

/* binary64 specials (fp64 units) */
static const uint64_t sp_f64[] = {
    0x0000000000000000ull, 0x8000000000000000ull,                       /* +-0 */
    0x0000000000000001ull, 0x800fffffffffffffull, 0x0008000000000000ull, /* denormals */
    0x0010000000000000ull, 0x8010000000000001ull, 0x001fffffffffffffull, /* smallest normals */
    0x3ff0000000000000ull, 0xbff0000000000000ull, 0x3ff0000000000001ull, /* 1.0, 1.0+ulp */
    0x3fefffffffffffffull, 0x3fe0000000000000ull, 0x4000000000000000ull, /* 1.0-ulp, 0.5, 2 */
    0xc008000000000000ull, 0x3fb999999999999aull, 0x4340000000000000ull, /* -3, 0.1, 2^53 */
    0x7fefffffffffffffull, 0xffefffffffffffffull, 0x7fe0000000000000ull, /* max finite, 2^1023 */
    0x47efffffe0000000ull, 0x47efffffefffffffull, 0x47effffff0000000ull, /* f32 max and its rounding edge */
    0x3810000000000000ull, 0x380fffffffffffffull, 0x381ffffff0000000ull, /* f32 min normal and around */
    0x3ff0000010000000ull, 0x3ff0000030000000ull, 0x3ff0000010000001ull, /* f32 ties */
    0x7ff0000000000000ull, 0xfff0000000000000ull,                       /* +-Inf */
    0x7ff8000000000000ull, 0xfff8000000000000ull, 0x7ff8000000012345ull, /* quiet NaNs */
    0x7ff0000000000001ull, 0xfff4000000000000ull, 0x7ff0000020000000ull, /* signaling NaNs */
};

/* extra binary64 specials for fp64_dsr: powers of four (exact RSQ), perfect
 * squares, 3, 10, the largest denormal, values whose quotients or roots
 * land on the underflow / overflow edges */
static const uint64_t sp_dsr64[] = {
    0x4010000000000000ull, 0x3fd0000000000000ull, 0x0000000000000004ull, /* 4, 1/4, 2^-1072 */
    0x4022000000000000ull, 0x4008000000000000ull, 0x4024000000000000ull, /* 9, 3, 10 */
    0x000fffffffffffffull, 0x0000000000000002ull, 0x3ca0000000000000ull, /* largest denormal, 2^-1073, 2^-53 */
    0x43f0000000000000ull, 0x3c30000000000000ull, 0x7fdfffffffffffffull, /* 2^64, 2^-60, max / 2 */
};

#define N_(a) (sizeof(a) / sizeof((a)[0]))
#define NF32 N_(sp_f32)

size_t fpd_nspecial(int u)
{
    switch (u) {
    case FPD_F2I: return NF32 + N_(sp_f2i);
    case FPD_F2H: return NF32 + N_(sp_f2h);
    case FPD_I2F: return N_(sp_int);
    case FPD_H2F: return 65536;               /* exhaustive */
    case FPD_TRANS: return NF32 + N_(sp_trans) + N_(sp_rad);
    case FPD_ADD64: case FPD_MUL64: case FPD_CMP64: case FPD_D2F: case FPD_FMA64: return N_(sp_f64);
    case FPD_DSR64: return N_(sp_f64) + N_(sp_dsr64);
    default:      return NF32;
    }
}

uint64_t fpd_special(int u, size_t i)
{
    switch (u) {
    case FPD_F2I: return i < NF32 ? sp_f32[i] : sp_f2i[(i - NF32) % N_(sp_f2i)];
    case FPD_F2H: return i < NF32 ? sp_f32[i] : sp_f2h[(i - NF32) % N_(sp_f2h)];
    case FPD_I2F: return sp_int[i % N_(sp_int)];
    case FPD_H2F: return (uint32_t)(i & 0xffff);
    case FPD_TRANS: return i < NF32 ? sp_f32[i]
                         : i < NF32 + N_(sp_trans) ? sp_trans[i - NF32]
                         : sp_rad[(i - NF32 - N_(sp_trans)) % N_(sp_rad)];
    case FPD_ADD64: case FPD_MUL64: case FPD_CMP64: case FPD_D2F: case FPD_FMA64:
        return sp_f64[i % N_(sp_f64)];
    case FPD_DSR64: return i < N_(sp_f64) ? sp_f64[i] : sp_dsr64[(i - N_(sp_f64)) % N_(sp_dsr64)];
    default:      return sp_f32[i % NF32];
    }
}

/* Known answers for fp32_trans: { op, operand, the correctly rounded result }.
 * The results are the exact values (sin(2 pi x), cos(2 pi x) for the turns)
 * rounded to nearest even, computed with mpmath at 300 bits, independently
 * of model/fp; operands and results are normal, so every round-to-nearest
 * policy gives them.  Both the unit and the model must produce them. */
static const struct { unsigned op; uint32_t a, r; } kat_trans[] = {
    { 0, 0x40400000, 0x3eaaaaab },  /* rcp(3.0) = 0.333333333333 */
    { 0, 0xc0e00000, 0xbe124925 },  /* rcp(-7.0) = -0.142857142857 */
    { 0, 0x3dcccccd, 0x41200000 },  /* rcp(0.100000001) = 9.99999985099 */
    { 1, 0x40000000, 0x3f3504f3 },  /* rsq(2.0) = 0.707106781187 */
    { 1, 0x40400000, 0x3f13cd3a },  /* rsq(3.0) = 0.57735026919 */
    { 1, 0x3e4ccccd, 0x400f1bbd },  /* rsq(0.200000003) = 2.23606796084 */
    { 2, 0x40000000, 0x3fb504f3 },  /* sqrt(2.0) = 1.41421356237 */
    { 2, 0x40a00000, 0x400f1bbd },  /* sqrt(5.0) = 2.2360679775 */
    { 2, 0x3dcccccd, 0x3ea1e89b },  /* sqrt(0.100000001) = 0.316227768373 */
    { 3, 0xbf000000, 0x3f3504f3 },  /* exp2(-0.5) = 0.707106781187 */
    { 3, 0x3f000000, 0x3fb504f3 },  /* exp2(0.5) = 1.41421356237 */
    { 3, 0xc2cb3333, 0x0ca8e5ae },  /* exp2(-101.599998) = 2.60227326466e-31 */
    { 3, 0x3dcccccd, 0x3f892fdf },  /* exp2(0.100000001) = 1.07177346364 */
    { 3, 0xc1a40000, 0x353504f3 },  /* exp2(-20.5) = 6.74349576174e-7 */
    { 4, 0x40400000, 0x3fcae00d },  /* log2(3.0) = 1.58496250072 */
    { 4, 0x3dcccccd, 0xc0549a78 },  /* log2(0.100000001) = -3.32192807339 */
    { 4, 0x3f800001, 0x3438aa3a },  /* log2(1.00000012) = 1.71982640612e-7 */
    { 4, 0x3f7fffff, 0xb3b8aa3c },  /* log2(0.99999994) = -8.59913279941e-8 */
    { 4, 0x4b189680, 0x41ba0729 },  /* log2(10000000.0) = 23.2534966642 */
    { 5, 0x3e000000, 0x3f3504f3 },  /* sin(0.125) = 0.707106781187 */
    { 5, 0xbe000000, 0xbf3504f3 },  /* sin(-0.125) = -0.707106781187 */
    { 5, 0x3dcccccd, 0x3f167918 },  /* sin(0.100000001) = 0.587785259867 */
    { 5, 0x30800000, 0x31c90fdb },  /* sin(9.31322575e-10) = 5.85167231707e-9 */
    { 5, 0x3f4ccccd, 0xbf737870 },  /* sin(0.800000012) = -0.951056493149 */
    { 5, 0x40e20000, 0x3ec3ef15 },  /* sin(7.0625) = 0.382683432365 */
    { 6, 0x3e000000, 0x3f3504f3 },  /* cos(0.125) = 0.707106781187 */
    { 6, 0x3ec00000, 0xbf3504f3 },  /* cos(0.375) = -0.707106781187 */
    { 6, 0x3dcccccd, 0x3f4f1bbd },  /* cos(0.100000001) = 0.809016988872 */
    { 6, 0xbf4ccccd, 0x3e9e377c },  /* cos(-0.800000012) = 0.30901706561 */
    { 6, 0x44fa0666, 0x3e9e5db8 },  /* cos(2000.19995) = 0.309308760312 */
    /* op 7 sin, 8 cos in radians (rad = 1), the exact values rounded to
     * nearest even (mpmath, 400 bits): 1.0, (float)pi and (float)pi/2 (the
     * residue of pi), 16367173 * 2^72 (the binary32 value closest to a
     * multiple of pi/2), 100, 2^-30 (sin x = x - x^3/6 rounds to x), FLT_MAX */
    { 7, 0x3f800000, 0x3f576aa4 },  /* sin(1.0) = 0.841470984808 */
    { 8, 0x3f800000, 0x3f0a5140 },  /* cos(1.0) = 0.540302305868 */
    { 7, 0x40490fdb, 0xb3bbbd2e },  /* sin(3.14159274101) = -8.74227800037e-8 */
    { 8, 0x3fc90fdb, 0xb33bbd2e },  /* cos(1.57079637051) = -4.37113900019e-8 */
    { 7, 0x6f79be45, 0x3f800000 },  /* sin(7.72917891945e+28) = 1.0 - 1.3e-18 */
    { 8, 0x6f79be45, 0xb0ddeea9 },  /* cos(7.72917891945e+28) = -1.61476979825e-9 */
    { 7, 0x42c80000, 0xbf01a12e },  /* sin(100.0) = -0.50636564111 */
    { 8, 0xc2c80000, 0x3f5cc0ee },  /* cos(-100.0) = 0.862318872288 */
    { 7, 0x30800000, 0x30800000 },  /* sin(9.31322574615e-10) = 9.31322574615e-10 */
    { 7, 0x7f7fffff, 0xbf0599b3 },  /* sin(3.40282346639e+38) = -0.521876523334 */
};

/* Known answers for the fp64 units under the ieee policy (round to nearest
 * even, denormals kept): { unit, ctl, a, b, result }, worked by hand from
 * the binary64 encodings (0.1 = 0x3FB999999999999A, 0.2 = 0x3FC999999999999A,
 * 0.1 + 0.2 = 0.1 * 3 = 0x3FD3333333333334, the well-known 0.30000000000000004;
 * ties at half an ulp go to the even significand) and checked against the
 * host's IEEE double arithmetic (gcc, -ffp-contract=off), not model/fp.
 * fp64_cmp gives res | rel << 1 (rel 0 LT, 1 EQ, 3 UN) for predicate ctl. */
static const struct { int unit; unsigned ctl; uint64_t a, b, r; } kat_64[] = {
    { FPD_ADD64, 0, 0x3fb999999999999aull, 0x3fc999999999999aull, 0x3fd3333333333334ull }, /* 0.1 + 0.2 */
    { FPD_ADD64, 0, 0x3ff0000000000000ull, 0x3ca0000000000000ull, 0x3ff0000000000000ull }, /* 1 + 2^-53: tie, even */
    { FPD_ADD64, 0, 0x3ff0000000000001ull, 0x3ca0000000000000ull, 0x3ff0000000000002ull }, /* odd + half ulp: up */
    { FPD_ADD64, 0, 0x4340000000000000ull, 0x3ff0000000000000ull, 0x4340000000000000ull }, /* 2^53 + 1: tie, even */
    { FPD_ADD64, 1, 0x3ff0000000000000ull, 0x3fefffffffffffffull, 0x3ca0000000000000ull }, /* 1 - (1 - 2^-53) */
    { FPD_MUL64, 0, 0x3fb999999999999aull, 0x4008000000000000ull, 0x3fd3333333333334ull }, /* 0.1 * 3 */
    { FPD_MUL64, 0, 0x3ff0000000000001ull, 0x3ff0000000000001ull, 0x3ff0000000000002ull }, /* (1+2^-52)^2 */
    { FPD_MUL64, 0, 0x0010000000000000ull, 0x3fe0000000000000ull, 0x0008000000000000ull }, /* 2^-1022 / 2: denormal */
    { FPD_MUL64, 0, 0x7fefffffffffffffull, 0x4000000000000000ull, 0x7ff0000000000000ull }, /* max * 2: +inf */
    { FPD_D2F,   0, 0x3fb999999999999aull, 0, 0x3dcccccdull },                            /* (float)0.1 */
    { FPD_D2F,   0, 0x3fd5555555555555ull, 0, 0x3eaaaaabull },                            /* (float)(1/3) */
    { FPD_D2F,   0, 0x47f0000000000000ull, 0, 0x7f800000ull },                            /* 2^128: +inf */
    { FPD_D2F,   0, 0x3ff0000010000000ull, 0, 0x3f800000ull },                            /* 1 + 2^-24: tie, even */
    { FPD_D2F,   0, 0x3ff0000030000000ull, 0, 0x3f800002ull },                            /* 1 + 3*2^-24: tie, even */
    { FPD_CMP64, 1, 0x3fb999999999999aull, 0x3fd3333333333334ull, 0x1 },                   /* 0.1 < 0.3...: LT */
    { FPD_CMP64, 2, 0x8000000000000000ull, 0x0000000000000000ull, 0x3 },                   /* -0 == +0: EQ */
    { FPD_CMP64, 1, 0x7ff8000000000000ull, 0x3ff0000000000000ull, 0x6 },                   /* NaN < 1: UN, false */
};

/* Known answers for fp64_fma under the ieee policy: { a, b, c, a*b+c rounded
 * once }, worked by hand on the integer significands (0.1 = 3602879701896397
 * * 2^-55, so 0.1 * 10 = (2^55 + 2) * 2^-55 exactly; 1/3 = 6004799503160661
 * * 2^-54, so 3 * (1/3) = (2^54 - 1) * 2^-54) and checked against the host's
 * fma() from <math.h>, not model/fp.  An unfused multiply-add gives 0 for the
 * first two. */
static const struct { uint64_t a, b, c, r; } kat_fma64[] = {
    { 0x3fb999999999999aull, 0x4024000000000000ull, 0xbff0000000000000ull, 0x3c90000000000000ull }, /* 0.1*10-1 = 2^-54 */
    { 0x4008000000000000ull, 0x3fd5555555555555ull, 0xbff0000000000000ull, 0xbc90000000000000ull }, /* 3*(1/3)-1 = -2^-54 */
    { 0x3ff0000000000001ull, 0x3ff0000000000001ull, 0xbff0000000000000ull, 0x3cc0000000000000ull }, /* 2^-51(1+2^-53): tie, even */
    { 0x3ff0000000000000ull, 0x3ff0000000000000ull, 0x3ca0000000000000ull, 0x3ff0000000000000ull }, /* 1 + 2^-53: tie, even */
    { 0x3ff0000000000000ull, 0x3ff0000000000000ull, 0x3ca0000000000001ull, 0x3ff0000000000001ull }, /* 1 + 2^-53 + 2^-105: up */
    { 0x7fefffffffffffffull, 0x4000000000000000ull, 0xffefffffffffffffull, 0x7fefffffffffffffull }, /* 2 max - max: no overflow */
    { 0x0010000000000000ull, 0x3fe0000000000000ull, 0x0000000000000000ull, 0x0008000000000000ull }, /* 2^-1022 / 2 + 0: denormal */
};

/* Known answers for fp64_dsr under the ieee policy: { op, a, b, result }.
 * The quotients are the host's IEEE double division (gcc,
 * -ffp-contract=off: 1/3, 2/3, 1/10, -1/7, 1/0.1 = 10 after rounding); the
 * roots are the exact values rounded to nearest even with mpmath at 400 bits
 * (1/sqrt(2) is sqrt(2)/2, so it has the mantissa of sqrt(2), 0x6A09E667F3BCD,
 * where the host's 1/sqrt(2.0), rounded twice, gives ...BCC); none from
 * model/fp. */
static const struct { unsigned op; uint64_t a, b, r; } kat_dsr64[] = {
    { 0, 0x3ff0000000000000ull, 0x4008000000000000ull, 0x3fd5555555555555ull }, /* 1 / 3 */
    { 0, 0x4000000000000000ull, 0x4008000000000000ull, 0x3fe5555555555555ull }, /* 2 / 3 */
    { 0, 0x3ff0000000000000ull, 0x4024000000000000ull, 0x3fb999999999999aull }, /* 1 / 10 = 0.1 */
    { 0, 0x0010000000000000ull, 0x4000000000000000ull, 0x0008000000000000ull }, /* 2^-1022 / 2: denormal */
    { 0, 0x4000000000000000ull, 0x0000000000000000ull, 0x7ff0000000000000ull }, /* 2 / 0 = +inf */
    { 3, 0xc01c000000000000ull, 0, 0xbfc2492492492492ull },                     /* rcp(-7) */
    { 3, 0x3fb999999999999aull, 0, 0x4024000000000000ull },                     /* rcp(0.1) = 10 */
    { 1, 0x4000000000000000ull, 0, 0x3ff6a09e667f3bcdull },                     /* sqrt(2) */
    { 1, 0x4008000000000000ull, 0, 0x3ffbb67ae8584caaull },                     /* sqrt(3) */
    { 1, 0x3fb999999999999aull, 0, 0x3fd43d136248490full },                     /* sqrt(0.1) */
    { 1, 0x0000000000000001ull, 0, 0x1e60000000000000ull },                     /* sqrt(2^-1074) = 2^-537 */
    { 1, 0x4022000000000000ull, 0, 0x4008000000000000ull },                     /* sqrt(9) = 3 */
    { 2, 0x4000000000000000ull, 0, 0x3fe6a09e667f3bcdull },                     /* rsq(2) */
    { 2, 0x4008000000000000ull, 0, 0x3fe279a74590331cull },                     /* rsq(3) */
    { 2, 0x3fb999999999999aull, 0, 0x40094c583ada5b52ull },                     /* rsq(0.1) */
    { 2, 0x7fefffffffffffffull, 0, 0x1ff0000000000000ull },                     /* rsq(max) */
    { 2, 0x0000000000000001ull, 0, 0x6180000000000000ull },                     /* rsq(2^-1074) = 2^537 */
    { 2, 0x4010000000000000ull, 0, 0x3fe0000000000000ull },                     /* rsq(4) = 1/2 */
};

size_t fpd_nkat(int u)
{
    size_t n = 0;
    if (u == FPD_TRANS) return N_(kat_trans);
    if (u == FPD_DSR64) return N_(kat_dsr64);
    if (u == FPD_FMA64) return N_(kat_fma64);
    for (size_t i = 0; i < N_(kat_64); i++) n += kat_64[i].unit == u;
    return n;
}

uint64_t fpd_kat(int u, size_t i, fpd_vec *v)
{
    memset(v, 0, sizeof *v);
    v->unit = u;
    v->pol = 0;                                      /* ieee: round to nearest even */
    if (u == FPD_DSR64) {
        v->ctl = kat_dsr64[i].op;
        v->a = kat_dsr64[i].a;
        v->b = kat_dsr64[i].b;
        return kat_dsr64[i].r;
    }
    if (u == FPD_FMA64) {
        v->a = kat_fma64[i].a;
        v->b = kat_fma64[i].b;
        v->c = kat_fma64[i].c;
        return kat_fma64[i].r;
    }
    if (u != FPD_TRANS) {
        for (size_t k = 0; k < N_(kat_64); k++) {
            if (kat_64[k].unit != u) continue;
            if (i-- == 0) {
                v->ctl = kat_64[k].ctl;
                v->a = kat_64[k].a;
                v->b = kat_64[k].b;
                return kat_64[k].r;
            }
        }
        return 0;
    }
    v->ctl = kat_trans[i].op;
    v->a = kat_trans[i].a;
    return kat_trans[i].r;
}

/* ------------------------------------------------------ random operands */

static uint32_t mant(void)
{
    uint32_t r = (uint32_t)rng() & 0x7fffff;
    switch (rn(10)) {
    case 0: return 0;
    case 1: return 0x7fffff;
    case 2: return (uint32_t)1 << rn(23);
    case 3: return r & 0xff;                       /* low bits only */
    case 4: return r & 0x7f8000;                   /* high bits only */
    case 5: return 0x7fffff ^ ((uint32_t)1 << rn(23));
    case 6: return r & ~(uint32_t)0x1fff;          /* f16-exact fraction */
    case 7: return (r & ~(uint32_t)0x1fff) | 0x1000; /* f16 tie */
    default: return r;
    }
}

static const uint8_t edge_exp[] = {
    0, 0, 1, 2, 3, 0x17, 0x18, 0x19, 0x66, 0x67, 0x68, 0x70, 0x71, 0x72, 0x7d, 0x7e, 0x7f,
    0x80, 0x81, 0x8d, 0x8e, 0x8f, 0x96, 0x97, 0x98, 0x9d, 0x9e, 0x9f, 0xbe, 0xbf,
    0xe6, 0xe7, 0xe8, 0xfc, 0xfd, 0xfe, 0xfe, 0xff };

static uint32_t pack(unsigned s, unsigned e, uint32_t m)
{
    return ((uint32_t)s << 31) | ((uint32_t)(e & 0xff) << 23) | (m & 0x7fffff);
}

static uint32_t gen_f32(void)
{
    unsigned k = rn(16);
    if (k < 3) return sp_f32[rn(NF32)];
    if (k < 9) return pack(rn(2), edge_exp[rn(N_(edge_exp))], mant());
    if (k < 13) return (uint32_t)rng();
    return pack(rn(2), 0x70 + rn(0x20), mant());
}

static unsigned clampe(int e) { return e < 0 ? 0 : e > 255 ? 255 : (unsigned)e; }

static uint32_t perturb(uint32_t x)
{
    switch (rn(4)) {
    case 0: return x;
    case 1: return x ^ (uint32_t)rn(16);
    case 2: return x + (uint32_t)rn(5) - 2;
    default: return x ^ ((uint32_t)1 << rn(23));
    }
}

static uint32_t gen_f2i(void)
{
    if (rn(4) == 0) return gen_f32();
    unsigned e = 0x7c + rn(0xa2 - 0x7c);              /* 1/8 .. 2^35 */
    uint32_t m = mant();
    int ip = (int)e - 127;                           /* integer bits of the fraction */
    if (ip >= 0 && ip < 23 && rn(2)) {               /* exact half or near */
        uint32_t half = (uint32_t)1 << (22 - ip);
        m = (m & ~((half << 1) - 1)) | half;
        if (rn(3) == 0) m = perturb(m) & 0x7fffff;
    }
    return pack(rn(2), e, m);
}

static uint32_t gen_f2h(void)
{
    if (rn(4) == 0) return gen_f32();
    if (rn(8) == 0) return sp_f2h[rn(N_(sp_f2h))];
    unsigned e = 0x62 + rn(0x90 - 0x62);              /* f16 subnormals .. overflow */
    uint32_t m = mant();
    if (rn(3) == 0) {                                /* tie / near tie at f16 precision */
        int sh = e >= 0x71 ? 13 : 13 + (0x71 - (int)e);
        if (sh < 23) {
            uint32_t half = (uint32_t)1 << (sh - 1);
            m = (m & ~((half << 1) - 1)) | half;
            if (rn(2)) m = perturb(m) & 0x7fffff;
        }
    }
    return pack(rn(2), e, m);
}

/* transcendental operands: each op's interesting range most of the time */
static uint32_t gen_trans(unsigned op)
{
    unsigned k = rn(8);
    if (k == 0) return gen_f32();
    if (k == 1) return sp_trans[rn(N_(sp_trans))];
    switch (op) {
    case 3:                                          /* exp2: |x| < 256, many near 0 */
        return pack(rn(2), k < 4 ? 0x60 + rn(0x27) : 0x76 + rn(0x11), mant());
    case 4:                                          /* log2: positive, near 1 too */
        if (k < 4) return perturb(0x3f800000u) ^ (rn(2) ? 0 : 0x00000100u);
        return pack(0, 1 + rn(254), (uint32_t)rng());
    case 5: case 6:                                  /* turns: tiny .. 2^24 */
        return pack(rn(2), k < 3 ? 0x50 + rn(0x30) : 0x70 + rn(0x28), (uint32_t)rng());
    case 7: case 8:                                  /* radians: tiny .. 2^128, near pi/2 multiples */
        if (k == 2) return perturb(sp_rad[rn(N_(sp_rad))]);
        return pack(rn(2), k < 4 ? 0x50 + rn(0x30) : 0x70 + rn(0x8f), (uint32_t)rng());
    default:
        return pack(rn(2), 1 + rn(254), k < 4 ? mant() : (uint32_t)rng());
    }
}

static uint32_t gen_int(void)
{
    switch (rn(6)) {
    case 0: return sp_int[rn(N_(sp_int))];
    case 1: return (uint32_t)rng();
    case 2: {                                        /* near 2^k, with ties */
        unsigned k = 23 + rn(9);
        uint32_t v = ((uint32_t)1 << k) + (uint32_t)rn(64) - 32;
        if (rn(2)) v |= (uint32_t)1 << (k - 24);
        return rn(2) ? (uint32_t)0 - v : v;
    }
    default: {
        unsigned bits = 1 + rn(32);
        uint32_t v = (uint32_t)rng() & (bits == 32 ? 0xffffffffu : (((uint32_t)1 << bits) - 1));
        return rn(3) == 0 ? (uint32_t)0 - v : v;
    }
    }
}

/* binary64 operands: specials, edge exponents, neighbours of the f32 range */
static uint64_t gen_f64(void)
{
    static const uint16_t ex[] = { 0, 0, 1, 2, 0x34, 0x35, 0x36, 0x368, 0x369, 0x36a, 0x380, 0x381,
                                   0x3fe, 0x3ff, 0x400, 0x47e, 0x47f, 0x480, 0x7fd, 0x7fe, 0x7ff };
    uint64_t m = rng() & 0xfffffffffffffull;
    switch (rn(8)) {
    case 0: m = 0; break;
    case 1: m = 0xfffffffffffffull; break;
    case 2: m = (uint64_t)1 << rn(52); break;
    case 3: m &= ~0x1fffffffull; if (rn(2)) m |= 0x10000000ull; break;   /* f32-exact, f32 tie */
    default: break;
    }
    unsigned k = rn(16);
    uint64_t s = (uint64_t)rn(2) << 63;
    if (k < 3) return sp_f64[rn(N_(sp_f64))];
    if (k < 9) return s | (uint64_t)ex[rn(N_(ex))] << 52 | m;
    if (k < 12) return rng();
    return s | (uint64_t)(0x3c0 + rn(0x80)) << 52 | m;
}

static uint64_t perturb64(uint64_t x)
{
    switch (rn(4)) {
    case 0: return x;
    case 1: return x ^ (uint64_t)rn(16);
    case 2: return x + (uint64_t)rn(5) - 2;
    default: return x ^ ((uint64_t)1 << rn(52));
    }
}

/* flags a unit reacts to (the rest are left out: fp__begin rejects
 * nothing valid, but irrelevant flags would only dilute the mix) */
static unsigned rand_flags(int u)
{
    unsigned f = 0;
    if (rn(3) == 0) return 0;
    int rnd_ok = u == FPD_ADD || u == FPD_MUL || u == FPD_FMA || u == FPD_F2I || u == FPD_I2F || u == FPD_F2H ||
                 u == FPD_ADD64 || u == FPD_MUL64 || u == FPD_D2F || u == FPD_FMA64 || u == FPD_DSR64;
    int out_ok = u == FPD_ADD || u == FPD_MUL || u == FPD_FMA || u == FPD_F2H || u == FPD_H2F || u == FPD_I2F ||
                 u == FPD_ADD64 || u == FPD_MUL64 || u == FPD_D2F || u == FPD_FMA64 || u == FPD_DSR64;
    int clamp_ok = u != FPD_CMP && u != FPD_F2I && u != FPD_CMP64;
    if (rnd_ok && rn(2)) f |= FP_F_RND(1 + rn(5));
    if (u != FPD_I2F) {
        unsigned x = rn(4);
        if (x == 1) f |= FP_F_FLUSH_IN;
        if (x == 2) f |= FP_F_KEEP_IN;
    }
    if (out_ok) {
        unsigned x = rn(4);
        if (x == 1) f |= FP_F_FLUSH_OUT;
        if (x == 2) f |= FP_F_KEEP_OUT;
        x = rn(4);
        if (x == 1) f |= FP_F_OVF_SAT;
        if (x == 2) f |= FP_F_OVF_IEEE;
    }
    if (clamp_ok && rn(3) == 0) f |= FP_F_CLAMP;
    if ((u == FPD_MUL || u == FPD_FMA || u == FPD_MUL64 || u == FPD_FMA64) && rn(3) == 0) f |= FP_F_ZERO_WINS;
    if ((u == FPD_FMA || u == FPD_FMA64) && rn(3) == 0) f |= FP_F_ZW_PASS_C;
    if ((u == FPD_CMP || u == FPD_CMP64) && rn(2)) f |= FP_F_SIGNALING;
    return f;
}

static const fp_policy *ieee_pol(void) { return &pool[0]; }

/* b such that the binary64 product a * b lies near the underflow or the
 * overflow edge */
static void edge_b64(fpd_vec *v)
{
    int ea = (int)((v->a >> 52) & 0x7ff);
    int t = rn(2) ? (int)rn(60) - 54 : 2040 + (int)rn(12);
    int e2 = t - ea + 1023;
    e2 = e2 < 0 ? 0 : e2 > 0x7ff ? 0x7ff : e2;
    v->b = (uint64_t)rn(2) << 63 | (uint64_t)e2 << 52 | (rng() & 0xfffffffffffffull);
}

void fpd_random(int u, fpd_vec *v)
{
    memset(v, 0, sizeof *v);
    v->unit = u;
    v->pol = (int)rn((unsigned)npool);
    v->flags = rand_flags(u);
    switch (u) {
    case FPD_ADD:
        v->ctl = rn(2);
        v->a = gen_f32();
        v->b = gen_f32();
        if (rn(4) == 0) {                            /* cancellation, near exponents */
            unsigned e = (v->a >> 23) & 0xff;
            v->b = pack(rn(2), clampe((int)e + (int)rn(7) - 3), rn(2) ? perturb(v->a) : mant());
        }
        break;
    case FPD_MUL:
        v->a = gen_f32();
        v->b = gen_f32();
        if (rn(4) == 0) {                            /* product near the underflow / overflow edges */
            int ea = (int)((v->a >> 23) & 0xff);
            int target = rn(2) ? (int)rn(30) - 24 : 250 + (int)rn(8);
            v->b = pack(rn(2), clampe(target - ea + 127), mant());
        }
        break;
    case FPD_FMA:
        v->a = gen_f32();
        v->b = gen_f32();
        v->c = gen_f32();
        if (rn(3) == 0) {                            /* c near -(a*b): deep cancellation */
            uint64_t pr = 0;
            unsigned ex = 0;
            fp_mul(FP_F32, v->a, v->b, ieee_pol(), 0, &pr, &ex);
            uint32_t c = (uint32_t)pr ^ (rn(4) ? 0x80000000u : 0);
            if (rn(2)) c = perturb(c);
            if (rn(4) == 0) c = pack(c >> 31, clampe((int)((c >> 23) & 0xff) - 20 - (int)rn(40)), c);
            v->c = c;
        } else if (rn(4) == 0) {                     /* product near the underflow edge */
            int ea = (int)((v->a >> 23) & 0xff);
            v->b = pack(rn(2), clampe((int)rn(30) - 24 - ea + 127), mant());
        }
        break;
    case FPD_CMP:
        v->ctl = rn(16);
        if (v->flags & FP_F_SIGNALING) v->ctl |= 0x10;
        v->a = gen_f32();
        v->b = rn(4) == 0 ? (rn(2) ? v->a : perturb(v->a)) : gen_f32();
        break;
    case FPD_MINMAX:
        v->ctl = rn(7) | (rn(2) << 3);
        v->a = gen_f32();
        v->b = rn(6) == 0 ? (v->a ^ 0x80000000u) : gen_f32();
        break;
    case FPD_F2I:
        v->ctl = rn(2);
        v->a = gen_f2i();
        break;
    case FPD_I2F:
        v->ctl = rn(2);
        v->a = gen_int();
        break;
    case FPD_H2F:
        v->a = rn(4) == 0 ? sp_f16[rn(N_(sp_f16))] : ((uint32_t)rng() & 0xffff);
        break;
    case FPD_F2H:
        v->a = gen_f2h();
        break;
    case FPD_ADD64:
        v->ctl = rn(2);
        v->a = gen_f64();
        v->b = gen_f64();
        if (rn(4) == 0) {                            /* cancellation, near exponents */
            unsigned e = (unsigned)(v->a >> 52) & 0x7ff;
            int e2 = (int)e + (int)rn(7) - 3;
            e2 = e2 < 0 ? 0 : e2 > 0x7ff ? 0x7ff : e2;
            v->b = (uint64_t)rn(2) << 63 | (uint64_t)e2 << 52 | ((rn(2) ? perturb64(v->a) : rng()) & 0xfffffffffffffull);
        }
        break;
    case FPD_MUL64:
        v->a = gen_f64();
        v->b = gen_f64();
        if (rn(4) == 0)
            edge_b64(v);
        break;
    case FPD_CMP64:
        v->ctl = rn(16);
        if (v->flags & FP_F_SIGNALING) v->ctl |= 0x10;
        v->a = gen_f64();
        v->b = rn(4) == 0 ? (rn(2) ? v->a : perturb64(v->a)) : gen_f64();
        break;
    case FPD_D2F:
        v->a = gen_f64();
        break;
    case FPD_FMA64:
        v->a = gen_f64();
        v->b = gen_f64();
        v->c = gen_f64();
        if (rn(3) == 0) {                            /* c near -(a*b): deep cancellation */
            uint64_t pr = 0, c;
            unsigned ex = 0;
            fp_mul(FP_F64, v->a, v->b, ieee_pol(), 0, &pr, &ex);
            c = pr ^ (rn(4) ? 0x8000000000000000ull : 0);
            if (rn(2)) c = perturb64(c);
            if (rn(4) == 0) {                        /* c far below the product */
                int e = (int)((c >> 52) & 0x7ff) - 50 - (int)rn(80);
                e = e < 0 ? 0 : e;
                c = (c & 0x800fffffffffffffull) | (uint64_t)e << 52;
            }
            v->c = c;
        } else if (rn(4) == 0) {
            edge_b64(v);
        }
        break;
    case FPD_DSR64:
        v->ctl = rn(4);
        v->a = gen_f64();
        v->b = gen_f64();
        switch (rn(8)) {
        case 0:                                      /* quotient near the underflow / overflow edges */
            if (v->ctl == 0) {
                int ea = (int)((v->a >> 52) & 0x7ff);
                int t = rn(2) ? (int)rn(60) - 54 : 2040 + (int)rn(12);
                int e2 = ea - t + 1023;
                e2 = e2 < 0 ? 0 : e2 > 0x7ff ? 0x7ff : e2;
                v->b = (uint64_t)rn(2) << 63 | (uint64_t)e2 << 52 | (rng() & 0xfffffffffffffull);
            }
            break;
        case 1: {                                    /* exact: a = b * k, a = x * x */
            uint64_t pr = 0, x;                      /* x, b with <= 25 significant bits */
            unsigned ex = 0;
            x = (v->b & 0xfff0000000000000ull) | (rng() & 0x000ffffff0000000ull);
            if (v->ctl == 0)
                v->b = (gen_f64() & 0xfff0000000000000ull) | (rng() & 0x000ffffff0000000ull);
            else
                v->b = x;
            fp_mul(FP_F64, v->b, x, ieee_pol(), 0, &pr, &ex);
            v->a = pr;
            break;
        }
        case 2:                                      /* positive roots */
            v->a &= ~0x8000000000000000ull;
            break;
        case 3:                                      /* 1.0 and its neighbours, powers of two */
            v->a = perturb64(rn(2) ? 0x3ff0000000000000ull : (uint64_t)rn(0x7ff) << 52);
            if (rn(2)) v->b = perturb64(v->a);
            break;
        default:
            break;
        }
        break;
    case FPD_TRANS:
        while (!fpd_policy_ok(u, v->pol)) v->pol = (int)rn((unsigned)npool);
        v->flags = 0;
        v->ctl = rn(9);
        v->a = gen_trans(v->ctl);
        break;
    default:
        break;
    }
}

void fpd_random_flags(fpd_vec *v)
{
    v->flags = v->unit == FPD_TRANS ? 0 : rand_flags(v->unit);
    if (v->unit == FPD_CMP || v->unit == FPD_CMP64) {
        if (rn(2)) v->flags |= FP_F_SIGNALING;
        v->ctl = (v->ctl & 0xf) | ((v->flags & FP_F_SIGNALING) ? 0x10u : 0u);
    }
}

/* ------------------------------------------------------ directed variants */

int fpd_nvariants(int u)
{
    switch (u) {
    case FPD_ADD: case FPD_ADD64: return 2;  /* add, sub */
    case FPD_CMP: case FPD_CMP64: return 32; /* 16 predicates x quiet/signaling */
    case FPD_MINMAX: return 14;              /* 7 kinds x min/max */
    case FPD_F2I: case FPD_I2F: return 2;    /* unsigned, signed */
    case FPD_TRANS: return 9;                /* rcp rsq sqrt exp2 log2 sin cos, sin cos in radians */
    case FPD_DSR64: return 4;                /* div sqrt rsq rcp */
    default: return 1;
    }
}

int fpd_variant_arity(int u, int i)
{
    if (u == FPD_DSR64 && i != 0) return 1;   /* sqrt, rsq, rcp read a only */
    return fpd_arity(u);
}

void fpd_variant(int u, int i, fpd_vec *v)
{
    v->unit = u;
    v->flags = 0;
    v->ctl = 0;
    switch (u) {
    case FPD_ADD: case FPD_ADD64: v->ctl = (unsigned)i & 1; break;
    case FPD_CMP: case FPD_CMP64:
        v->ctl = (unsigned)i & 0x1f;
        if (i & 0x10) v->flags = FP_F_SIGNALING;
        break;
    case FPD_MINMAX: v->ctl = ((unsigned)i % 7) | ((unsigned)(i / 7) << 3); break;
    case FPD_F2I: case FPD_I2F: v->ctl = (unsigned)i & 1; break;
    case FPD_TRANS: case FPD_DSR64: v->ctl = (unsigned)i; break;
    default: break;
    }
}

/* ------------------------------------------------------------ messages */

void fpd_describe(const fpd_vec *v, char *buf, size_t len)
{
    char ctl[48] = "";
    static const char *const kinds[8] = { "ieee2008", "ieee2019", "ieee2019num", "dx10",
                                          "legacy_ge", "legacy_gt", "legacy_first", "?" };
    switch (v->unit) {
    case FPD_ADD: case FPD_ADD64: snprintf(ctl, sizeof ctl, " op=%s", (v->ctl & 1) ? "sub" : "add"); break;
    case FPD_CMP: case FPD_CMP64: snprintf(ctl, sizeof ctl, " pred=0x%x%s", v->ctl & 0xf, (v->ctl & 0x10) ? " signaling" : ""); break;
    case FPD_MINMAX: snprintf(ctl, sizeof ctl, " op=%s kind=%s", (v->ctl & 8) ? "max" : "min", kinds[v->ctl & 7]); break;
    case FPD_F2I: case FPD_I2F: snprintf(ctl, sizeof ctl, " int=%s", (v->ctl & 1) ? "i32" : "u32"); break;
    case FPD_DSR64: {
        static const char *const ops[4] = { "div", "sqrt", "rsq", "rcp" };
        snprintf(ctl, sizeof ctl, " op=%s", ops[v->ctl & 3]);
        break;
    }
    case FPD_TRANS: {
        static const char *const ops[9] = { "rcp", "rsq", "sqrt", "exp2", "log2", "sin", "cos",
                                            "sin_rad", "cos_rad" };
        snprintf(ctl, sizeof ctl, " op=%s", ops[v->ctl % 9]);
        break;
    }
    default: break;
    }
    const int w = fpd_is64(v->unit) ? 16 : 8;
    int n = snprintf(buf, len, "%s policy=%s flags=0x%04x%s a=0x%0*llx", fpd_unit_module(v->unit),
                     fpd_policy_name(v->pol), v->flags, ctl, w, (unsigned long long)v->a);
    if (n > 0 && (size_t)n < len && fpd_arity(v->unit) >= 2 && !(v->unit == FPD_DSR64 && (v->ctl & 3)))
        n += snprintf(buf + n, len - (size_t)n, " b=0x%0*llx", w, (unsigned long long)v->b);
    if (n > 0 && (size_t)n < len && fpd_arity(v->unit) >= 3)
        snprintf(buf + n, len - (size_t)n, " c=0x%0*llx", w, (unsigned long long)v->c);
}

void fpd_describe_out(int u, const fpd_out *o, char *buf, size_t len)
{
    static const char *const en[6] = { "invalid", "divbyzero", "overflow", "underflow", "inexact", "denormal" };
    char names[80] = "";
    size_t at = 0;
    for (int i = 0; i < 6; i++) {
        if (!(o->exc & (1u << i))) continue;
        int n = snprintf(names + at, sizeof names - at, "%s%s", at ? "," : "", en[i]);
        if (n > 0) at += (size_t)n;
    }
    if (u == FPD_CMP || u == FPD_CMP64) {
        static const char *const rels[4] = { "lt", "eq", "gt", "un" };
        snprintf(buf, len, "res=%u rel=%s exc=0x%02x(%s)", (unsigned)(o->r & 1), rels[(o->r >> 1) & 3], o->exc, names);
    } else if (u == FPD_F2H) {
        snprintf(buf, len, "r=0x%04x exc=0x%02x(%s)", (unsigned)(o->r & 0xffff), o->exc, names);
    } else if (u == FPD_ADD64 || u == FPD_MUL64 || u == FPD_FMA64 || u == FPD_DSR64) {
        snprintf(buf, len, "r=0x%016llx exc=0x%02x(%s)", (unsigned long long)o->r, o->exc, names);
    } else {
        snprintf(buf, len, "r=0x%08x exc=0x%02x(%s)", (unsigned)o->r, o->exc, names);
    }
}
