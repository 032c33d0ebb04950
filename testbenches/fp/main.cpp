// main.cpp - lockstep unit benches for rtl/common/fp against model/fp.
//
// Every unit is combinational but fp32_trans and fp64_dsr (started, then
// clocked until done): the bench sets the operand, control and knob
// ports of tb_fp_units, calls eval() and compares the unit's outputs with
// model/fp (through fp_drv.c) bit for bit, result and exception flags.
//
// Per unit: (0) known answers worked by hand (fp32_trans, the fp64 units), (1) the special-value cross product under every named policy and
// every sub-operation variant (f16 -> f32: all 65536 inputs), once with no
// per-instruction flags and once with random ones, then (2) N
// random vectors (random policy from the pool, random per-instruction flags,
// operands biased to edge exponents).  Prints one line per unit and returns
// non-zero on any mismatch.
//
//   Vtb_fp_units [-n N] [--seed S] [--unit NAME]... [--max-report K] [-v]
//   env: GPUREF_FP_RTL_N (default 100000), GPUREF_FP_SEED (default 1)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "Vtb_fp_units.h"
#include "verilated.h"
#include "fp_drv.h"

namespace {

struct Bench {
    Vtb_fp_units *t;
    int max_report = 5;
    bool verbose = false;
    unsigned long long checked = 0, failed = 0, model_err = 0;

    void drive(const fpd_vec &v) {
        fpd_knobs k;
        fpd_knobs_of(&v, &k);
        t->rm = k.rm;
        t->daz = k.daz;
        t->ftz = k.ftz;
        t->tiny_after = k.tiny_after;
        t->ovf_sat = k.ovf_sat;
        t->nan_prop = k.nan_prop;
        t->nan_keep = k.nan_keep;
        t->nan_inf = k.nan_inf;
        t->dnan = k.dnan;
        t->dnan16 = k.dnan16;
        t->dnan64 = k.dnan64;
        t->dexc_always = k.dexc_always;
        t->zero_wins = k.zero_wins;
        t->zw_sign_xor = k.zw_sign_xor;
        t->zw_pass_c = k.zw_pass_c;
        t->fma_nan = k.fma_nan;
        t->clamp = k.clamp;
        t->clamp_nan_keep = k.clamp_nan_keep;
        t->clamp_negzero_keep = k.clamp_negzero_keep;
        t->zero_negless = k.zero_negless;
        t->zero_minmax = k.zero_minmax;
        t->int_nan = k.int_nan;
        t->int_wrap = k.int_wrap;
        t->add_sub = v.ctl & 1;
        t->cmp_pred = v.ctl & 0xf;
        t->cmp_signaling = (v.ctl >> 4) & 1;
        t->mm_kind = v.ctl & 7;
        t->mm_is_max = (v.ctl >> 3) & 1;
        t->cvt_signed = v.ctl & 1;
        t->a = v.a;
        t->b = v.b;
        t->c = v.c;
        t->eval();
        if (v.unit == FPD_TRANS) {              // multi-cycle: start, clock until done
            t->tr_op = v.ctl >= 7 ? v.ctl - 2 : v.ctl;    // 7, 8: sin, cos in radians
            t->tr_rad = v.ctl >= 7;
            t->tr_start = 1;
            tick();
            t->tr_start = 0;
            for (int i = 0; i < 400 && !t->tr_done; i++) tick();
        }
        if (v.unit == FPD_DSR64) {              // multi-cycle: start, clock until done
            t->dsr_op = v.ctl & 3;
            t->dsr_start = 1;
            tick();
            t->dsr_start = 0;
            for (int i = 0; i < 100 && !t->dsr_done; i++) tick();
        }
    }

    void tick() {
        t->clk = 0;
        t->eval();
        t->clk = 1;
        t->eval();
    }

    fpd_out dut(int unit) const {
        fpd_out o{0, 0};
        switch (unit) {
        case FPD_ADD: o.r = t->add_r; o.exc = t->add_x; break;
        case FPD_MUL: o.r = t->mul_r; o.exc = t->mul_x; break;
        case FPD_FMA: o.r = t->fma_r; o.exc = t->fma_x; break;
        case FPD_CMP: o.r = (t->cmp_res & 1u) | ((unsigned)t->cmp_rel << 1); o.exc = t->cmp_x; break;
        case FPD_MINMAX: o.r = t->mm_r; o.exc = t->mm_x; break;
        case FPD_F2I: o.r = t->f2i_r; o.exc = t->f2i_x; break;
        case FPD_I2F: o.r = t->i2f_r; o.exc = t->i2f_x; break;
        case FPD_H2F: o.r = t->h2f_r; o.exc = t->h2f_x; break;
        case FPD_F2H: o.r = t->f2h_r; o.exc = t->f2h_x; break;
        case FPD_TRANS: o.r = t->tr_done ? t->tr_r : ~t->tr_r; o.exc = 0; break;
        case FPD_ADD64: o.r = t->add64_r; o.exc = t->add64_x; break;
        case FPD_MUL64: o.r = t->mul64_r; o.exc = t->mul64_x; break;
        case FPD_CMP64: o.r = (t->cmp64_res & 1u) | ((unsigned)t->cmp64_rel << 1); o.exc = t->cmp64_x; break;
        case FPD_D2F: o.r = t->d2f_r; o.exc = t->d2f_x; break;
        case FPD_FMA64: o.r = t->fma64_r; o.exc = t->fma64_x; break;
        case FPD_DSR64: o.r = t->dsr_done ? t->dsr_r : ~t->dsr_r; o.exc = t->dsr_x; break;
        default: break;
        }
        return o;
    }

    // one vector through RTL and model; true if they agree
    bool check(const fpd_vec &v, const char *phase) {
        drive(v);
        fpd_out d = dut(v.unit), m{0, 0};
        int st = fpd_model(&v, &m);
        checked++;
        bool ok = st == 0 && d.r == m.r && d.exc == m.exc;
        if (ok) return true;
        failed++;
        if (st != 0) model_err++;
        if (failed <= (unsigned long long)max_report) {
            char vb[256], db[128], mb[128];
            fpd_describe(&v, vb, sizeof vb);
            fpd_describe_out(v.unit, &d, db, sizeof db);
            fpd_describe_out(v.unit, &m, mb, sizeof mb);
            if (st != 0)
                std::printf("  MISMATCH [%s] %s: model returned status %d\n", phase, vb, st);
            else
                std::printf("  MISMATCH [%s] %s: DUT %s MODEL %s\n", phase, vb, db, mb);
        }
        return false;
    }
};

unsigned long long env_ull(const char *name, unsigned long long dflt) {
    const char *s = std::getenv(name);
    if (!s || !*s) return dflt;
    char *end = nullptr;
    unsigned long long v = std::strtoull(s, &end, 0);
    if (*end) {
        std::fprintf(stderr, "%s: not a number: '%s'\n", name, s);
        std::exit(2);
    }
    return v;
}

}  // namespace

int main(int argc, char **argv) {
    unsigned long long n = env_ull("GPUREF_FP_RTL_N", 100000);
    unsigned long long seed = env_ull("GPUREF_FP_SEED", 1);
    int max_report = 5, nrandom_pol = 48;
    bool verbose = false;
    std::vector<std::string> only;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto next = [&](void) -> const char * {
            if (i + 1 >= argc) { std::fprintf(stderr, "%s needs a value\n", a.c_str()); std::exit(2); }
            return argv[++i];
        };
        if (a == "-n") n = std::strtoull(next(), nullptr, 0);
        else if (a == "--seed") seed = std::strtoull(next(), nullptr, 0);
        else if (a == "--unit") only.push_back(next());
        else if (a == "--max-report") max_report = std::atoi(next());
        else if (a == "-v") verbose = true;
        else if (a.rfind("+verilator", 0) == 0) continue;
        else { std::fprintf(stderr, "unknown argument '%s'\n", a.c_str()); return 2; }
    }

    char msg[256] = "";
    if (fpd_init(seed, nrandom_pol, msg, sizeof msg) != 0) {
        std::printf("fp units: cannot set up policies: %s\n", msg);
        return 2;
    }
    const auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    const auto top = std::make_unique<Vtb_fp_units>(ctx.get(), "TOP");
    top->rst_n = 0;                              // reset the multi-cycle units
    top->clk = 0;
    top->eval();
    top->rst_n = 1;
    top->eval();

    std::printf("fp units: seed %llu, %llu random vectors per unit, %d policies (%d named)\n",
                seed, n, fpd_npolicies(), fpd_nfixed());
    if (verbose)
        for (int p = 0; p < fpd_npolicies(); p++) std::printf("  policy %d: %s\n", p, fpd_policy_name(p));

    int units_pass = 0, units_fail = 0;
    for (int u = 0; u < FPD_NUNITS; u++) {
        if (!only.empty()) {
            bool want = false;
            for (auto &s : only) want |= (s == fpd_unit_name(u) || s == fpd_unit_module(u));
            if (!want) continue;
        }
        Bench b;
        b.t = top.get();
        b.max_report = max_report;
        b.verbose = verbose;

        // (0) known answers: the unit and the model against values worked
        // independently (fp_drv.c kat_trans)
        for (size_t i = 0; i < fpd_nkat(u); i++) {
            fpd_vec v;
            const uint64_t want = fpd_kat(u, i, &v);
            fpd_out m{0, 0};
            b.drive(v);
            const fpd_out d = b.dut(u);
            const int st = fpd_model(&v, &m);
            b.checked++;
            if (st == 0 && d.r == want && m.r == want) continue;
            b.failed++;
            if (b.failed <= (unsigned long long)max_report) {
                char vb[256];
                fpd_describe(&v, vb, sizeof vb);
                std::printf("  MISMATCH [known answer] %s: DUT r=0x%llx MODEL r=0x%llx (status %d) EXPECTED 0x%llx\n",
                            vb, (unsigned long long)d.r, (unsigned long long)m.r, st, (unsigned long long)want);
            }
        }
        // (1) special-value cross product x named policies x variants
        const size_t ns = fpd_nspecial(u);
        const int ar = fpd_arity(u);
        for (int p = 0; p < fpd_nfixed(); p++) {
            if (!fpd_policy_ok(u, p)) continue;
            for (int var = 0; var < fpd_nvariants(u); var++) {
                const int var_ar = fpd_variant_arity(u, var);
                const size_t tuples = var_ar == 1 ? ns : var_ar == 2 ? ns * ns : ns * ns * ns;
                for (size_t i = 0; i < tuples; i++) {
                    fpd_vec v;
                    std::memset(&v, 0, sizeof v);
                    fpd_variant(u, var, &v);
                    v.pol = p;
                    v.a = fpd_special(u, i % ns);
                    if (ar >= 2) v.b = fpd_special(u, (i / ns) % ns);
                    if (ar >= 3) v.c = fpd_special(u, i / ns / ns);
                    b.check(v, "special");
                    fpd_random_flags(&v);              // the same tuple under random flags
                    b.check(v, "special+flags");
                }
            }
        }
        const unsigned long long directed = b.checked;
        // (2) random vectors
        for (unsigned long long i = 0; i < n; i++) {
            fpd_vec v;
            fpd_random(u, &v);
            b.check(v, "random");
        }
        const bool ok = b.failed == 0;
        std::printf("%-14s %s  %llu vectors (%llu special, %llu random), %llu mismatches%s\n",
                    fpd_unit_module(u), ok ? "PASS" : "FAIL", b.checked, directed, b.checked - directed,
                    b.failed, b.model_err ? " (incl. model errors)" : "");
        std::fflush(stdout);
        (ok ? units_pass : units_fail)++;
    }
    top->final();
    std::printf("fp units: %d units passed, %d units failed\n", units_pass, units_fail);
    return units_fail ? 1 : 0;
}
