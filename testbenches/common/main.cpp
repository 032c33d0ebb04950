// main.cpp - the C++ main shared by every lockstep bench (Verilator needs one).
// Runs each test of each vector file in a fresh simulation context, driving the
// clock; the SV bench talks to the checker over DPI.  Prints one line per
// test and closes with "N passed, N failed"; exit status 1 if any failed.
#include <chrono>
#include <fstream>
#include <map>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif
#include "gpuref_check.h"
#include "gpuref_cov.h"
#include "bench.h"   // per ISA: VTOP, VTOP_ISA and the model header
#ifndef VTOP_TB_OPTS
#define VTOP_TB_OPTS ""   // the bench options (+tb_NAME) a bench takes, NAMEs space-separated
#endif

// $finish ends one test; the bench, not Verilator, reports how it went.
void vl_finish(const char *, int, const char *) { Verilated::threadContextp()->gotFinish(true); }

// "name # reason" lines; blank lines and lines starting with # are comments.
static bool load_skips(const char *path, std::map<std::string, std::string> &skips)
{
    std::ifstream f(path);
    if (!f) return false;
    std::string line;
    while (std::getline(f, line)) {
        size_t h = line.find('#');
        std::string name = line.substr(0, h), why = h == std::string::npos ? "" : line.substr(h + 1);
        name.erase(0, name.find_first_not_of(" \t"));
        name.erase(name.find_last_not_of(" \t") + 1);
        why.erase(0, why.find_first_not_of(" \t"));
        if (!name.empty()) skips[name] = why.empty() ? "listed in the skip file" : why;
    }
    return true;
}

static void usage(const char *prog)
{
    std::printf(
        "usage: %s [--out DIR] [--test NAME] [--max-cycles N] [-q] [--first-fail] [+trace] FILE.yaml...\n"
        "  Runs every test of the vector files on the RTL and the gpuref model in\n"
        "  lockstep, comparing the retire records of every instruction.\n"
        "  --out DIR      report root (default build/cosim/ISA): DIR/FILE/TEST/ holds\n"
        "                 mismatch.txt/.json, waivers.log and wave.fst of a test\n"
        "  --test NAME    run only the test of that name\n"
        "  --max-cycles N give up a test after N clock cycles (default 64 per step + 100000)\n"
        "  -q             print failures and the summary only\n"
        "  --first-fail   stop at the first failing test: the tests after it (in this\n"
        "                 and the later files) do not run; a line 'STOP FILE:TEST'\n"
        "                 names it (the mutation runs of scripts/mutate.py use it)\n"
        "  --skip FILE    tests the RTL cannot run yet, one per line: NAME # reason\n"
        "                 (VECTORS.yaml:NAME for the test of one file only, or\n"
        "                 file:VECTORS.yaml for a whole file);\n"
        "                 they are reported as SKIP with the reason and counted apart\n"
        "  --cov FILE     write coverage.dat: functional bins of the model and, in a\n"
        "                 bench built with --coverage, the RTL's line/toggle points\n"
        "  +trace         write an FST wave of each test to its report folder\n"
        "  +tb_NAME       a bench option (rdna4: +tb_vm_ooo, vector loads return out of order)\n"
        "Exit status: 0 all passed, 1 a test failed, 2 usage error, 3 bad input file.\n",
        prog);
}

int main(int argc, char **argv)
{
    // one report layout however a bench is started: OUT/<file>/<test>/, with
    // OUT = build/cosim/<isa> by default (make cosim, make test, regress.py's
    // RUN/reports/<isa> alike)
    std::string out = std::string("build/cosim/") + VTOP_ISA, only, covfile;
    std::map<std::string, std::string> skips;
    bool trace = false, quiet = false, first_fail = false;
    unsigned long long max_cycles = 0;
    std::vector<std::string> files;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "-h" || a == "--help") { usage(argv[0]); return 0; }
        else if (a == "--out" && i + 1 < argc) out = argv[++i];
        else if (a == "--test" && i + 1 < argc) only = argv[++i];
        else if (a == "--max-cycles" && i + 1 < argc) max_cycles = std::strtoull(argv[++i], nullptr, 0);
        else if (a == "-q") quiet = true;
        else if (a == "--first-fail") first_fail = true;
        else if (a == "--cov" && i + 1 < argc) covfile = argv[++i];
        else if (a == "--skip" && i + 1 < argc) {
            if (!load_skips(argv[++i], skips)) {
                std::fprintf(stderr, "%s: cannot read skip list %s\n", argv[0], argv[i]);
                return 3;
            }
        }
        else if (a == "+trace") trace = true;
        else if (a.rfind("+tb_", 0) == 0) {   // a bench option, read by the bench ($test$plusargs)
            if (std::string(" " VTOP_TB_OPTS " ").find(" " + a.substr(4) + " ") == std::string::npos) {
                std::fprintf(stderr, "%s: unknown bench option '%s' (the %s bench takes:%s%s)\n", argv[0],
                             a.c_str(), VTOP_ISA, *VTOP_TB_OPTS ? " +tb_" : " none", VTOP_TB_OPTS);
                return 2;
            }
        }
#ifdef GPUREF_MUT_BENCH
        else if (a.rfind("+gpuref_mutant=", 0) == 0) ;   // read by the RTL ($value$plusargs)
#endif
        else if (!a.empty() && (a[0] == '-' || a[0] == '+')) {
            std::fprintf(stderr, "%s: unknown option '%s' (see --help)\n", argv[0], a.c_str());
            return 2;
        } else files.push_back(a);
    }
    if (files.empty()) { usage(argv[0]); return 2; }

    gpuref_cov *cov = nullptr;
    gpuref_covdat *covdat = nullptr;
    if (!covfile.empty()) {
        gpuref_diag d{};
        covdat = gpuref_covdat_new();
        if (gpuref_cov_create(VTOP_ISA, &cov, &d) != GPUREF_OK)
            std::fprintf(stderr, "%s: no functional coverage: %s\n", argv[0], d.msg);
    }
    unsigned passed = 0, failed = 0, skipped = 0;
    unsigned long long retired = 0;
    double model_secs = 0;
    int bad_input = 0;
    auto t0 = std::chrono::steady_clock::now();
    bool stop = false;   // --first-fail: a test failed, run no more
    for (const std::string &file : files) {
        if (stop) break;
        char err[512] = "";
        std::string base = file.substr(file.find_last_of('/') + 1);
        base = base.substr(0, base.rfind('.'));
        gpuref_chk *chk = gpuref_chk_open(VTOP_ISA, file.c_str(), (out + "/" + base).c_str(),
                                          err, sizeof err);
        if (!chk) {
            std::printf("ERROR %s\n", err);
            bad_input = 1;
            failed++;
            continue;
        }
        gpuref_chk_set_current(chk);
        gpuref_chk_set_cov(chk, cov);
        for (int t = 0; t < gpuref_chk_ntests(chk) && !stop; t++) {
            int setup_failed = gpuref_chk_begin(chk, t);
            if (!only.empty() && only != gpuref_chk_test_name(chk)) continue;
            std::string fname = file.substr(file.find_last_of('/') + 1);
            auto sk = skips.find(fname + ":" + gpuref_chk_test_name(chk));
            if (sk == skips.end()) sk = skips.find(gpuref_chk_test_name(chk));
            if (sk == skips.end()) sk = skips.find("file:" + fname);
            if (sk != skips.end() && only.empty()) {
                skipped++;
                if (!quiet) std::printf("SKIP %s: %s\n", gpuref_chk_test_name(chk), sk->second.c_str());
                continue;
            }
            if (!setup_failed) {
                auto ctx = std::make_unique<VerilatedContext>();
                ctx->randReset(0);          // the DUT starts from zero, as the model does
                ctx->fatalOnError(false);
                ctx->commandArgs(argc, argv);   // +tb_* bench options; in the mutant bench
                                                // +gpuref_mutant=NAME selects the mutant
                if (trace) ctx->traceEverOn(true);
                auto top = std::make_unique<VTOP>(ctx.get(), "TOP");
#if VM_TRACE
                std::unique_ptr<VerilatedFstC> tfp;
                if (trace) {
                    tfp = std::make_unique<VerilatedFstC>();
                    top->trace(tfp.get(), 99);
                    std::string dir = gpuref_chk_test_dir(chk);
                    std::system(("mkdir -p '" + dir + "'").c_str());
                    tfp->open((dir + "/wave.fst").c_str());
                }
#endif
                unsigned long long limit = max_cycles ? max_cycles
                                                      : 64ULL * gpuref_chk_max_steps(chk) + 100000ULL;
                unsigned long long cyc = 0;
                top->clk = 0;
                while (!ctx->gotFinish() && cyc < limit) {
                    top->clk = !top->clk;
                    top->eval();
#if VM_TRACE
                    if (tfp) tfp->dump(ctx->time());
#endif
                    ctx->timeInc(5);
                    if (top->clk) cyc++;
                }
                if (!ctx->gotFinish())
                    gpuref_chk_dut_stop(chk, 0, 0, 0, 1);
                top->final();
#if VM_COVERAGE
                if (covdat) {   // this test's RTL points, merged by key into covdat
                    std::string tmp = out + "/.rtlcov.dat";
                    std::system(("mkdir -p '" + out + "'").c_str());
                    ctx->coveragep()->write(tmp.c_str());
                    gpuref_diag d{};
                    gpuref_covdat_read(covdat, tmp.c_str(), &d);
                    std::remove(tmp.c_str());
                }
#endif
#if VM_TRACE
                if (tfp) tfp->close();
#endif
            }
            int bad = gpuref_chk_end(chk);
            retired += gpuref_chk_steps(chk);
            if (bad) {
                failed++;
                std::printf("FAIL %s: %s\n", gpuref_chk_test_name(chk), gpuref_chk_result(chk));
                if (gpuref_chk_test_dir(chk)[0])
                    std::printf("     report: %s/mismatch.txt\n", gpuref_chk_test_dir(chk));
                if (first_fail) {
                    std::printf("STOP %s:%s (--first-fail: no later test runs)\n", file.c_str(),
                                gpuref_chk_test_name(chk));
                    stop = true;
                }
            } else {
                passed++;
                if (!quiet)
                    std::printf("PASS %s (%llu steps%s)\n", gpuref_chk_test_name(chk),
                                (unsigned long long)gpuref_chk_steps(chk),
                                gpuref_chk_waivers(chk) ? ", waivers logged" : "");
            }
            std::fflush(stdout);
        }
        model_secs += gpuref_chk_model_seconds(chk);
        gpuref_chk_close(chk);
    }
    if (covdat) {
        gpuref_diag d{};
        if (cov) gpuref_covdat_add_cov(covdat, cov);
        if (gpuref_covdat_write(covdat, covfile.c_str(), 0, &d) != GPUREF_OK)
            std::fprintf(stderr, "%s: %s\n", argv[0], d.msg);
        gpuref_covdat_free(covdat);
        gpuref_cov_destroy(cov);
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("cosim %s: tests=%u retired=%llu seconds=%.2f model_seconds=%.4f\n", VTOP_ISA,
                passed + failed, retired, secs, model_secs);
    if (skipped)
        std::printf("%u passed, %u failed, %u skipped\n", passed, failed, skipped);
    else
        std::printf("%u passed, %u failed\n", passed, failed);
    return failed ? (bad_input && passed == 0 ? 3 : 1) : 0;
}
