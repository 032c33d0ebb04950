/* bench_fp.c - throughput of fp32 add/mul/fma: gpuref fp core against the
 * host FPU, on normal operands with an RNE policy.
 *   scalar  fp32_add/fp32_mul/fp32_fma, one call per value (inline fast
 *           path; the policy seal is checked on every call)
 *   lanes   fp32_add_n/..., one call per 64 values (a wave: the seal is
 *           checked once per call)
 *   host    scalar float ops (fmaf for fma), operands read through a volatile
 *           pointer so the loop stays scalar like ours
 * Times are thread CPU time (robust to other load on the machine), median of
 * 5 runs.  Not a test: prints rates and ratios, asserts nothing
 * (ARCHITECTURE.md contract 10).
 *
 *   bench_fp [N_MILLION_OPS]      default 20 (million ops per op and side)
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
#include "fp.h"

#define LEN 4096

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next(void)
{
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return rng;
}

/* normal operands with exponents near 1.0 so results stay normal */
static uint32_t normal_operand(void)
{
    uint32_t r = (uint32_t)next();
    return (r & 0x807fffffu) | ((uint32_t)(112 + next() % 32) << 23);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);   /* CPU time: robust to other load */
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static uint32_t A[LEN], B[LEN], C[LEN], R[LEN];
static float FA[LEN], FB[LEN], FC[LEN], FR[LEN];

enum { OP_ADD, OP_MUL, OP_FMA };

static double run_lanes(int op, const fp_policy *p, long reps)
{
    int bad = 0;
    double t0 = now();
    for (long k = 0; k < reps; k++) {
        for (int i = 0; i < LEN; i += 64) {
            switch (op) {
            case OP_ADD: bad |= fp32_add_n(64, A + i, B + i, p, 0, R + i, NULL); break;
            case OP_MUL: bad |= fp32_mul_n(64, A + i, B + i, p, 0, R + i, NULL); break;
            default:     bad |= fp32_fma_n(64, A + i, B + i, C + i, p, 0, R + i, NULL); break;
            }
        }
    }
    double t = now() - t0;
    if (bad) { fprintf(stderr, "bench_fp: operation failed\n"); exit(1); }
    return t;
}

static double run_ours(int op, const fp_policy *p, long reps)
{
    unsigned exc = 0;
    int bad = 0;
    double t0 = now();
    for (long k = 0; k < reps; k++) {
        switch (op) {
        case OP_ADD: for (int i = 0; i < LEN; i++) bad |= fp32_add(A[i], B[i], p, 0, &R[i], &exc); break;
        case OP_MUL: for (int i = 0; i < LEN; i++) bad |= fp32_mul(A[i], B[i], p, 0, &R[i], &exc); break;
        default:     for (int i = 0; i < LEN; i++) bad |= fp32_fma(A[i], B[i], C[i], p, 0, &R[i], &exc); break;
        }
    }
    double t = now() - t0;
    if (bad) { fprintf(stderr, "bench_fp: operation failed\n"); exit(1); }
    return t;
}

static double run_host(int op, long reps)
{
    volatile const float *va = FA, *vb = FB, *vc = FC;
    double t0 = now();
    for (long k = 0; k < reps; k++) {
        switch (op) {
        case OP_ADD: for (int i = 0; i < LEN; i++) FR[i] = va[i] + vb[i]; break;
        case OP_MUL: for (int i = 0; i < LEN; i++) FR[i] = va[i] * vb[i]; break;
        default:     for (int i = 0; i < LEN; i++) FR[i] = fmaf(va[i], vb[i], vc[i]); break;
        }
    }
    return now() - t0;
}

int main(int argc, char **argv)
{
    double mops = argc > 1 ? atof(argv[1]) : 20.0;
    long reps = (long)(mops * 1e6 / LEN);
    if (reps < 1) reps = 1;
    fp_policy pol;
    if (fp_policy_init(&pol, "x86_sse", NULL, 0)) { fprintf(stderr, "bench_fp: policy\n"); return 1; }
    for (int i = 0; i < LEN; i++) {
        A[i] = normal_operand(); B[i] = normal_operand(); C[i] = normal_operand();
        memcpy(&FA[i], &A[i], 4); memcpy(&FB[i], &B[i], 4); memcpy(&FC[i], &C[i], 4);
    }
    static const char *const names[] = { "add", "mul", "fma" };
    printf("bench_fp: fp32 on normal operands, %ld x %d ops per run, thread CPU time, median of 5 runs\n",
           reps, LEN);
    printf("%-4s %13s %13s %13s %15s %14s\n", "op", "scalar Mop/s", "lanes Mop/s", "host Mop/s",
           "scalar / host", "lanes / host");
    for (int op = 0; op < 3; op++) {
        double to[5], tl[5], th[5];
        for (int k = 0; k < 5; k++) {
            to[k] = run_ours(op, &pol, reps);
            tl[k] = run_lanes(op, &pol, reps);
            th[k] = run_host(op, reps);
        }
        qsort(to, 5, sizeof to[0], cmp_double);
        qsort(tl, 5, sizeof tl[0], cmp_double);
        qsort(th, 5, sizeof th[0], cmp_double);
        double n = (double)reps * LEN;
        /* check the two sides agree on this data (RNE, normal operands) */
        for (int i = 0; i < LEN; i++) {
            uint32_t hb;
            memcpy(&hb, &FR[i], 4);
            if (hb != R[i]) { fprintf(stderr, "bench_fp: %s mismatch at %d\n", names[op], i); return 1; }
        }
        printf("%-4s %13.1f %13.1f %13.1f %14.2fx %13.2fx\n", names[op], n / to[2] / 1e6, n / tl[2] / 1e6,
               n / th[2] / 1e6, to[2] / th[2], tl[2] / th[2]);
    }
    return 0;
}
