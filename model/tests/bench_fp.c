/* bench_fp.c - throughput of fp32 add/mul/fma: gpuref fp core against the
 * host FPU, on normal operands with an RNE policy.
 *   scalar  fp32_add/fp32_mul/fp32_fma, one call per value (inline fast
 *           path; the policy seal is checked on every call)
 *   lanes   fp32_add_n/..., one call per 64 values (a wave: the seal is
 *           checked once per call; on x86-64 blocks of lanes on the host FPU,
 *           see fp_lanes.c), without and with per-lane exception words
 *   host    scalar float ops (fmaf for fma), operands read through a volatile
 *           pointer so the loop stays one operation at a time
 *   host-v  the same loops without volatile, as the compiler vectorizes them
 *           at the same flags (fmaf stays a libm call at these flags)
 * All sides use the same operand arrays and are compiled with the same flags
 * (the project's -O2, baseline x86-64: no -march); the host results are
 * checked bit for bit against ours after every host run.  Times are thread
 * CPU time (robust to other load on the machine), median of 5 runs, the
 * sides interleaved.  Not a test: prints rates and ratios, asserts nothing
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

/* Every timed loop is its own function with its loops aligned to 64 bytes:
 * on this machine's core a scalar host loop runs at 1.2 or 1.8 cycles per
 * element depending on where it falls in the fetch window, which would
 * otherwise move the host figures with unrelated code changes. */
#if defined(__GNUC__) && !defined(__clang__)
#define TIMED __attribute__((noinline, optimize("align-loops=64")))
#else
#define TIMED __attribute__((noinline))
#endif

static unsigned EXC[LEN];

TIMED static double run_lanes(int op, const fp_policy *p, long reps, int with_exc)
{
    int bad = 0;
    unsigned *e = with_exc ? EXC : NULL;
    double t0 = now();
    for (long k = 0; k < reps; k++) {
        for (int i = 0; i < LEN; i += 64) {
            switch (op) {
            case OP_ADD: bad |= fp32_add_n(64, A + i, B + i, p, 0, R + i, e ? e + i : NULL); break;
            case OP_MUL: bad |= fp32_mul_n(64, A + i, B + i, p, 0, R + i, e ? e + i : NULL); break;
            default:     bad |= fp32_fma_n(64, A + i, B + i, C + i, p, 0, R + i, e ? e + i : NULL); break;
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

TIMED static double run_host(int op, long reps)
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

/* the same loops as the compiler vectorizes them (no volatile); the barrier
 * makes every repetition load the operands and store the results */
TIMED static double run_host_simd(int op, long reps)
{
    double t0 = now();
    for (long k = 0; k < reps; k++) {
        switch (op) {
        case OP_ADD: for (int i = 0; i < LEN; i++) FR[i] = FA[i] + FB[i]; break;
        case OP_MUL: for (int i = 0; i < LEN; i++) FR[i] = FA[i] * FB[i]; break;
        default:     for (int i = 0; i < LEN; i++) FR[i] = fmaf(FA[i], FB[i], FC[i]); break;
        }
        __asm__ __volatile__("" ::: "memory");
    }
    return now() - t0;
}

/* the host results (FR) are the lanes results (R) bit for bit */
static int check(const char *name, const char *side)
{
    for (int i = 0; i < LEN; i++) {
        uint32_t hb;
        memcpy(&hb, &FR[i], 4);
        if (hb != R[i]) { fprintf(stderr, "bench_fp: %s %s mismatch at %d\n", name, side, i); return 0; }
    }
    memset(FR, 0, sizeof FR);                       /* the next host run must write them again */
    return 1;
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
    printf("%-4s %13s %13s %13s %13s %14s %13s %13s\n", "op", "scalar Mop/s", "lanes Mop/s", "host Mop/s",
           "host-v Mop/s", "scalar / host", "lanes / host", "lanes / host-v");
    for (int op = 0; op < 3; op++) {
        double to[5], tl[5], th[5], tv[5];
        for (int k = 0; k < 5; k++) {
            to[k] = run_ours(op, &pol, reps);
            tl[k] = run_lanes(op, &pol, reps, 0);
            th[k] = run_host(op, reps);
            if (!check(names[op], "host")) return 1;
            tv[k] = run_host_simd(op, reps);
            if (!check(names[op], "host-v")) return 1;
        }
        qsort(to, 5, sizeof to[0], cmp_double);
        qsort(tl, 5, sizeof tl[0], cmp_double);
        qsort(th, 5, sizeof th[0], cmp_double);
        qsort(tv, 5, sizeof tv[0], cmp_double);
        double n = (double)reps * LEN;
        printf("%-4s %13.1f %13.1f %13.1f %13.1f %14.2fx %12.2fx %13.2fx\n", names[op], n / to[2] / 1e6,
               n / tl[2] / 1e6, n / th[2] / 1e6, n / tv[2] / 1e6, to[2] / th[2], tl[2] / th[2], tl[2] / tv[2]);
    }
    /* lanes with per-lane exception words (inexact computed exactly) */
    printf("lanes with per-lane exception words:");
    for (int op = 0; op < 3; op++) {
        double te[5];
        for (int k = 0; k < 5; k++) te[k] = run_lanes(op, &pol, reps, 1);
        qsort(te, 5, sizeof te[0], cmp_double);
        printf(" %s %.1f Mop/s%s", names[op], (double)reps * LEN / te[2] / 1e6, op < 2 ? "," : "\n");
    }
#if defined(__x86_64__)
    /* the block width fp_lanes.c picks on this CPU (same run-time test) */
    printf("lanes on this CPU: add/mul 4-lane SSE2 blocks, fma %s\n",
           __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? "8-lane AVX2+FMA blocks"
                                                                          : "integer path (no AVX2+FMA)");
#endif
    return 0;
}
