/* trans_h16.c - the fp16 transcendentals of rtl/nvfp/nvfp_trans.sv (README
 * R10): for each of RCP, RSQ, EXP2 and LOG2 and every one of the 65536 fp16
 * operands, model/fp's fp16 function under the nvfp policy (what
 * model/nvfp computes for an H destination) against the route the RTL
 * takes: the operand's fp32 image, the fp32 function (fp32_trans, correctly
 * rounded, as model/fp's), rounded to fp16.  Prints every operand where the
 * two differ and one summary line; the RTL corrects exactly the operands
 * listed in `expected` below, so the exit status is 0 when the differences
 * are those and no others.
 *   cc -std=c11 -Imodel/fp -Imodel/include trans_h16.c build/lib/libgpuref.a -lm */
#include <stdio.h>
#include "fp.h"

typedef int (*fn1)(fp_fmt, uint64_t, const fp_policy *, unsigned, uint64_t *, unsigned *);

/* nvfp_trans.sv EXP2_H_ARG / EXP2_H_RES: fp16 0x11c5 -> 0x3c01 */
static const struct { int op; uint32_t h, r; } expected[] = { { 2, 0x11c5, 0x3c01 } };

int main(void)
{
    fp_policy p;
    char msg[256];
    if (fp_policy_init(&p, "nvfp", msg, sizeof msg) != GPUREF_OK) {
        fprintf(stderr, "trans_h16: %s\n", msg);
        return 2;
    }
    const fn1 f[4] = { fp_rcp, fp_rsq, fp_exp2, fp_log2 };
    const char *name[4] = { "rcp", "rsq", "exp2", "log2" };
    unsigned diff = 0, unexpected = 0, seen = 0;
    for (int k = 0; k < 4; k++)
        for (uint32_t h = 0; h < 65536; h++) {
            uint64_t r16 = 0, a32 = 0, r32 = 0, rh = 0;
            if (f[k](FP_F16, h, &p, 0, &r16, NULL) || fp_convert(FP_F32, FP_F16, h, &p, 0, &a32, NULL) ||
                f[k](FP_F32, a32, &p, 0, &r32, NULL) || fp_convert(FP_F16, FP_F32, r32, &p, 0, &rh, NULL)) {
                fprintf(stderr, "trans_h16: %s 0x%04x: model/fp call failed\n", name[k], h);
                return 2;
            }
            if (rh == r16)
                continue;
            diff++;
            int known = 0;
            for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++)
                if (expected[i].op == k && expected[i].h == h && expected[i].r == r16)
                    known = 1, seen++;
            unexpected += !known;
            printf("%s 0x%04x: fp16 0x%04x, through fp32 0x%08x -> 0x%04x%s\n", name[k], h, (unsigned)r16,
                   (unsigned)r32, (unsigned)rh, known ? " (corrected in nvfp_trans.sv)" : "  UNEXPECTED");
        }
    printf("%u operands, %u differences, %u unexpected\n", 4u * 65536u, diff, unexpected);
    return unexpected || seen != sizeof expected / sizeof expected[0];
}
