/* bits.h - bit counting and reversal on 32-bit words, shared by the ISAs'
 * bit instructions (branch-free: without -mpopcnt __builtin_popcount is a
 * library call, and there is no bit-reverse builtin). */
#ifndef GPUREF_BITS_H
#define GPUREF_BITS_H

#include <stdint.h>

/* the number of set bits of x */
static inline uint32_t bits_pop32(uint32_t x)
{
    x = x - (x >> 1 & 0x55555555u);
    x = (x & 0x33333333u) + (x >> 2 & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}

/* x with bit i moved to bit 31 - i */
static inline uint32_t bits_rev32(uint32_t x)
{
    x = (x >> 1 & 0x55555555u) | (x & 0x55555555u) << 1;
    x = (x >> 2 & 0x33333333u) | (x & 0x33333333u) << 2;
    x = (x >> 4 & 0x0f0f0f0fu) | (x & 0x0f0f0f0fu) << 4;
    x = (x >> 8 & 0x00ff00ffu) | (x & 0x00ff00ffu) << 8;
    return x >> 16 | x << 16;
}

#endif /* GPUREF_BITS_H */
