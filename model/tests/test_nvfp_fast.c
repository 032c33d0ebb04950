/* test_nvfp_fast.c - the fp32 paths of the pixel processor (nvfp_fast.h)
 * are bit-identical to model/fp under the nvfp policy:
 *
 *  1. nvfp_fast_policy accepts the nvfp policy and refuses policies where a
 *     knob the paths rely on differs (IEEE denormals, NaN not read as
 *     infinity, a rounding mode other than RNE, no zero-wins, an unsealed
 *     policy);
 *  2. every pair (and for MAD every triple) of the special-value table
 *     (+-0, denormals, smallest normal, 1.0 +- ulp, max finite, +-Inf,
 *     quiet and signaling NaNs with payloads) plus results at the edges of
 *     the normal range: add, sub, mul, compare and the unfused MAD (D6)
 *     against fp_add, fp_sub, fp_mul, fp_compare and fp_mad;
 *  3. random operands biased to edge exponents and special values
 *     (GPUREF_FP_N per operation, 1e6 by default).
 */
#include <string.h>

#include "../nvfp/nvfp.h"
#include "../fp/fp_testutil.h"
#include "testutil.h"

static fp_policy P;

static uint32_t g_add(uint32_t a, uint32_t b)
{
    uint64_t r = 0;
    fp_add(FP_F32, a, b, &P, 0, &r, NULL);
    return (uint32_t)r;
}

static uint32_t g_sub(uint32_t a, uint32_t b)
{
    uint64_t r = 0;
    fp_sub(FP_F32, a, b, &P, 0, &r, NULL);
    return (uint32_t)r;
}

static uint32_t g_mul(uint32_t a, uint32_t b)
{
    uint64_t r = 0;
    fp_mul(FP_F32, a, b, &P, 0, &r, NULL);
    return (uint32_t)r;
}

static uint32_t g_mad(uint32_t a, uint32_t b, uint32_t c)
{
    uint64_t r = 0;
    fp_mad(FP_F32, a, b, c, &P, 0, &r, NULL);
    return (uint32_t)r;
}

static int g_less(uint32_t a, uint32_t b)
{
    fp_rel rel = FP_REL_UN;
    fp_compare(FP_F32, a, b, &P, 0, &rel, NULL);
    return rel == FP_REL_LT;
}

static void pair(uint32_t a, uint32_t b)
{
    uint32_t x, y;
    x = nvfp_f32_add(&P, a, b), y = g_add(a, b);
    tu_check(x == y, "add 0x%08x 0x%08x: fast 0x%08x generic 0x%08x", a, b, x, y);
    x = nvfp_f32_add(&P, a, b ^ 0x80000000u), y = g_sub(a, b);
    tu_check(x == y, "sub 0x%08x 0x%08x: fast 0x%08x generic 0x%08x", a, b, x, y);
    x = nvfp_f32_mul(&P, a, b), y = g_mul(a, b);
    tu_check(x == y, "mul 0x%08x 0x%08x: fast 0x%08x generic 0x%08x", a, b, x, y);
    int l = nvfp_f32_less(a, b), m = g_less(a, b);
    tu_check(l == m, "less 0x%08x 0x%08x: fast %d generic %d", a, b, l, m);
}

static void triple(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t x = nvfp_f32_add(&P, nvfp_f32_mul(&P, a, b), c), y = g_mad(a, b, c);
    tu_check(x == y, "mad 0x%08x 0x%08x 0x%08x: fast 0x%08x generic 0x%08x", a, b, c, x, y);
}

int main(void)
{
    P = tu_policy("nvfp");

    tu_test("policy: nvfp accepted, others refused");
    tu_check(nvfp_fast_policy(&P) == 1, "nvfp policy accepted");
    static const char *const other[] = { "usc", "rdna4", "x86_sse" };
    for (unsigned i = 0; i < 3; i++) {
        fp_policy q = tu_policy(other[i]);
        tu_check(nvfp_fast_policy(&q) == 0, "%s policy refused", other[i]);
    }
    fp_policy q = P;
    q.round[FP_F32] = FP_RTZ;
    tu_check(fp_policy_seal(&q, NULL, 0) == GPUREF_OK && nvfp_fast_policy(&q) == 0, "RTZ refused");
    q = P;
    q.nan_inf = FP_NANINF_OFF;
    tu_check(fp_policy_seal(&q, NULL, 0) == GPUREF_OK && nvfp_fast_policy(&q) == 0, "NaN kept refused");
    q = P;
    q.zero_wins = FP_ZW_OFF;
    tu_check(fp_policy_seal(&q, NULL, 0) == GPUREF_OK && nvfp_fast_policy(&q) == 0, "no zero-wins refused");
    q = P;
    q.denorm_in[FP_F32] = FP_DENORM_KEEP;
    tu_check(fp_policy_seal(&q, NULL, 0) == GPUREF_OK && nvfp_fast_policy(&q) == 0, "denormals kept refused");
    q = P;
    q.denorm_out[FP_F32] = FP_DENORM_KEEP;
    tu_check(fp_policy_seal(&q, NULL, 0) == GPUREF_OK && nvfp_fast_policy(&q) == 0, "denormal results refused");
    q = P;
    q.zero_wins_sign = FP_ZWS_XOR;    /* changed after sealing: not sealed any more */
    tu_check(nvfp_fast_policy(&q) == 0, "unsealed refused");

    /* the special table and values whose results leave the normal range */
    uint64_t sp[64];
    int n = tu_specials(FP_F32, sp);
    static const uint32_t edge[] = {
        0x00800001u, 0x00ffffffu, 0x01000000u, 0x1f800000u, 0x20000000u,  /* products near 2^-126 */
        0x5f800000u, 0x60000000u, 0x7f000000u, 0x7effffffu, 0x3f000000u,  /* near overflow, 0.5 */
        0x1f7fffffu, 0x1f000000u, 0x5f7fffffu, 0x5fffffffu, 0x3f7fffffu,  /* with the above: exponent sums 125, 126, 381, 382 */
    };
    for (unsigned i = 0; i < sizeof edge / sizeof edge[0]; i++) {
        sp[n++] = edge[i];
        sp[n++] = edge[i] | 0x80000000u;
    }
    tu_test("specials: add sub mul less over every pair (%d values)", n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            pair((uint32_t)sp[i], (uint32_t)sp[j]);
    tu_test("specials: mad over every triple (%d values)", n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < n; k++)
                triple((uint32_t)sp[i], (uint32_t)sp[j], (uint32_t)sp[k]);

    long cnt = tu_count(1000000);
    tu_test("random: add sub mul less (%ld pairs)", cnt);
    for (long i = 0; i < cnt; i++)
        pair((uint32_t)tu_operand(FP_F32), (uint32_t)tu_operand(FP_F32));
    tu_test("random: mad (%ld triples)", cnt);
    for (long i = 0; i < cnt; i++)
        triple((uint32_t)tu_operand(FP_F32), (uint32_t)tu_operand(FP_F32), (uint32_t)tu_operand(FP_F32));
    return tu_finish();
}
