/* fdiv_vec.c - operand pairs and model/fp's fp_div (policy nvfp) for the
 * unit bench of rtl/nvfp/nvfp_fdiv.sv (tb_fdiv.sv, run by fdiv_check.sh):
 * one line "a b a/b" in hex per pair; a quarter special values, tiny and
 * huge exponents (underflow, flush, overflow), near-equal significands. */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include "fp.h"
static uint64_t s = 88172645463325252ull;
static uint32_t rnd(void) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return (uint32_t)s; }
static uint32_t val(void) {
    static const uint32_t sp[] = { 0, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x00000001u, 0x807fffffu,
        0x00800000u, 0x3f800000u, 0xbf800000u, 0x7f7fffffu, 0x00800001u, 0x3f7fffffu, 0x3f800001u, 0x40000000u, 0x7fa00000u };
    unsigned k = rnd() % 8;
    if (k == 0) return sp[rnd() % 16];
    if (k == 1) return (rnd() & 0x807fffffu) | ((uint32_t)(rnd() % 3) << 23); /* tiny exponents */
    if (k == 2) return (rnd() & 0x807fffffu) | ((uint32_t)(252 + rnd() % 3) << 23);   /* huge */
    return rnd();
}
int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 200000;
    fp_policy p = fp_policy_nvfp; char m[200];
    if (fp_policy_seal(&p, m, sizeof m)) { printf("seal: %s\n", m); return 1; }
    for (int i = 0; i < n; i++) {
        uint32_t a = val(), b = val(); uint64_t r = 0;
        if (i % 4 == 0) { /* near-equal significands, exponent pairs that underflow / overflow */
            b = (a & 0x807fffffu) ^ (rnd() & 3); b |= (uint32_t)(1 + rnd() % 254) << 23;
        }
        fp_div(FP_F32, a, b, &p, 0, &r, NULL);
        printf("%08x %08x %08x\n", a, b, (uint32_t)r);
    }
    return 0;
}
