/* rng.c - the seeded random-number generator (xoshiro256** seeded through
 * splitmix64) and the special-value table shared by every ISA generator. */
#include <stddef.h>
#include <stdint.h>

#include "gpuref_gen.h"

/* splitmix64 (Steele, Lea, Flood): expands a seed into well-mixed words. */
static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void gpuref_rng_seed(gpuref_rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
    /* splitmix64 never yields four zero words in a row; keep the guard anyway:
     * the all-zero state is the one xoshiro cannot leave. */
    if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3]))
        r->s[0] = 1;
}

void gpuref_rng_seed_stream(gpuref_rng *r, uint64_t seed, uint64_t stream)
{
    uint64_t x = seed ^ 0x6a09e667f3bcc909ull;
    uint64_t a = splitmix64(&x);
    x = stream ^ 0xbb67ae8584caa73bull;
    gpuref_rng_seed(r, a ^ splitmix64(&x));
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t gpuref_rng_next(gpuref_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Lemire's nearly-divisionless method: unbiased, usually one multiply. */
uint32_t gpuref_rng_below(gpuref_rng *r, uint32_t n)
{
    if (n == 0)
        return 0;
    uint64_t m = (gpuref_rng_next(r) >> 32) * (uint64_t)n;
    uint32_t lo = (uint32_t)m;
    if (lo < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while (lo < t) {
            m = (gpuref_rng_next(r) >> 32) * (uint64_t)n;
            lo = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

int gpuref_rng_chance(gpuref_rng *r, unsigned percent)
{
    return percent >= 100 || gpuref_rng_below(r, 100) < percent;
}

/* ------------------------------------------------------ special values */

static const uint16_t special16[] = {
    0x0000, 0x0001, 0xffff, 0x8000, 0x7fff, 0xfffe, 0x8001, 0x0002, 0x00ff, 0xff00,
    /* binary16: -0, smallest/largest denormal, smallest normal, 1, -1, 0.5, 2,
     * 1-ulp, max finite, -max, +-Inf, quiet NaN, signalling NaN */
    0x0001, 0x03ff, 0x8001, 0x83ff, 0x0400, 0x8400, 0x3c00, 0xbc00, 0x3800, 0x4000,
    0x3bff, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01, 0x7dff,
};

static const uint32_t special32[] = {
    /* integer extremes and neighbours */
    0x00000000, 0x00000001, 0xffffffff, 0x80000000, 0x7fffffff, 0xfffffffe, 0x80000001,
    0x7ffffffe, 0x00000002, 0x0000ffff, 0x00010000, 0xffff0000, 0x00008000, 0x00007fff,
    0xffff8000, 0xffff7fff, 0x00800000, 0x007fffff, 0x00ffffff, 0xff800000, 0x01000000,
    /* binary32: smallest/largest denormal (+-), smallest normal (+-), 1, -1, 0.5, 2,
     * 1-ulp, 1+ulp, max finite (+-), +-Inf, quiet NaNs, signalling NaNs */
    0x00000001, 0x007fffff, 0x80000001, 0x807fffff, 0x00800000, 0x80800000, 0x3f800000,
    0xbf800000, 0x3f000000, 0x40000000, 0x3f7fffff, 0x3f800001, 0x7f7fffff, 0xff7fffff,
    0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7fffffff, 0x7f800001, 0x7fbfffff,
    0xff800001,
};

static const uint64_t special64[] = {
    0x0000000000000000ull, 0x0000000000000001ull, 0xffffffffffffffffull,
    0x8000000000000000ull, 0x7fffffffffffffffull, 0x00000000ffffffffull,
    0x0000000100000000ull, 0x0000000080000000ull, 0xffffffff80000000ull,
    0x0000000000000001ull, 0x000fffffffffffffull, 0x8000000000000001ull,
    0x0010000000000000ull, 0x8010000000000000ull, 0x3ff0000000000000ull,
    0xbff0000000000000ull, 0x7fefffffffffffffull, 0x7ff0000000000000ull,
    0xfff0000000000000ull, 0x7ff8000000000000ull, 0x7ff0000000000001ull,
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

size_t gpuref_special_count(unsigned bits)
{
    switch (bits) {
    case 16: return NELEM(special16);
    case 32: return NELEM(special32);
    case 64: return NELEM(special64);
    default: return 0;
    }
}

uint64_t gpuref_special_value(unsigned bits, size_t i)
{
    if (i >= gpuref_special_count(bits))
        return 0;
    return bits == 16 ? special16[i] : bits == 32 ? special32[i] : special64[i];
}

static uint64_t cut(uint64_t v, unsigned bits)
{
    return bits >= 64 ? v : v & ((1ull << bits) - 1);
}

uint64_t gpuref_rng_value(gpuref_rng *r, unsigned bits, unsigned special_pct)
{
    if (bits == 0)
        return 0;
    if (!gpuref_rng_chance(r, special_pct))
        return cut(gpuref_rng_next(r), bits);
    unsigned pick = gpuref_rng_below(r, 8);
    if (pick == 0)                                   /* a power of two */
        return cut(1ull << gpuref_rng_below(r, bits > 64 ? 64 : bits), bits);
    if (pick == 1 && bits >= 32) {                   /* two 16-bit specials */
        uint64_t hi = special16[gpuref_rng_below(r, NELEM(special16))];
        uint64_t lo = special16[gpuref_rng_below(r, NELEM(special16))];
        return cut(hi << 16 | lo, bits);
    }
    if (bits <= 16)
        return cut(special16[gpuref_rng_below(r, NELEM(special16))], bits);
    if (bits <= 32)
        return cut(special32[gpuref_rng_below(r, NELEM(special32))], bits);
    return cut(special64[gpuref_rng_below(r, NELEM(special64))], bits);
}
