/* fp_small.c - the unsigned 11-bit and 10-bit floats of packed formats
 * (fp.h "Unsigned small floats"; RDNA4 README decision D34).
 *
 * Layout: [mbits+4 : mbits] exponent (bias 15), [mbits-1 : 0] mantissa, no sign:
 * the layout Vulkan calls "unsigned 11-bit/10-bit floating-point" (B10G11R11_UFLOAT)
 * and Mesa maps to AMD's 10_11_11_FLOAT.  Pure functions on bit patterns. */
#include "fp.h"

uint32_t fp_ufsmall_to_f32(uint32_t v, unsigned mbits)
{
    uint32_t e = (v >> mbits) & 31u, m = v & ((1u << mbits) - 1u);
    if (e == 31)
        return m ? 0x7fc00000u | (m << (23 - mbits)) : 0x7f800000u;
    if (e == 0) {
        if (!m)
            return 0;
        /* denormal m * 2^(-14 - mbits): normalize (exact in F32) */
        int k = 31 - __builtin_clz(m);            /* leading one at bit k */
        uint32_t fe = (uint32_t)(127 - 14 - (int)mbits + k);
        return (fe << 23) | ((m << (23 - k)) & 0x7fffffu);
    }
    return ((e - 15u + 127u) << 23) | (m << (23 - mbits));
}

uint32_t fp_ufsmall_to_f16(uint32_t v, unsigned mbits)
{
    /* same exponent field and bias as F16: the mantissa widens; a NaN is quieted */
    uint32_t e = (v >> mbits) & 31u, m = v & ((1u << mbits) - 1u);
    uint32_t h = (e << 10) | (m << (10 - mbits));
    return e == 31 && m ? h | 0x200u : h;
}

uint32_t fp_f32_to_ufsmall(uint32_t f, unsigned mbits)
{
    uint32_t E = (f >> 23) & 0xffu, man = f & 0x7fffffu;
    uint32_t inf = 31u << mbits;
    if (E == 0xff) {
        if (!man)
            return f >> 31 ? 0 : inf;
        return inf | (1u << (mbits - 1)) | (man >> (23 - mbits));
    }
    if (f >> 31 || E == 0)          /* negative (and -0): 0; F32 denormals: far below
                                       half the smallest denormal 2^(-14-mbits) */
        return 0;
    int k = (int)E - 127;                          /* value in [2^k, 2^(k+1)) */
    uint32_t sig = (1u << 23) | man;               /* value = sig * 2^(k - 23) */
    int q = (k < -14 ? -14 : k) - (int)mbits;       /* exponent of the result's ulp */
    int shift = q - (k - 23);                      /* >= 23 - mbits > 0 */
    uint32_t n;
    if (shift > 24) {
        n = 0;                                     /* below half an ulp */
    } else {
        n = sig >> shift;
        uint32_t rem = sig & ((1u << shift) - 1u), half = 1u << (shift - 1);
        if (rem > half || (rem == half && (n & 1u)))
            n++;
    }
    /* denormal range: the encoding is n (n == 2^mbits is the smallest normal);
     * normal: ((k + 14) << mbits) + n carries into the exponent when n rounds up
     * to 2^(mbits+1) */
    uint32_t enc = k < -14 ? n : ((uint32_t)(k + 14) << mbits) + n;
    return enc >= inf ? inf : enc;
}
