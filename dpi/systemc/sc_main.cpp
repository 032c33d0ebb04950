// sc_main.cpp - test of the SystemC wrapper: every test of the given vector
// files runs through gpuref_sc_model under a SystemC clock; the outcome must
// equal the test's expectations (the same check `gpuref run` makes).
#include <cstdio>
#include <string>

#include "gpuref_sc.h"
#include "gpuref_vectors.h"

struct bench {
    sc_clock clk{"clk", 10, SC_NS};
    sc_signal<bool> step{"step"}, retired{"retired"}, finished{"finished"}, error{"error"};
    sc_signal<sc_uint<64> > pc{"pc"};
    gpuref_sc_model dut{"model", nullptr};
    bench()
    {
        dut.clk(clk);
        dut.step(step);
        dut.retired(retired);
        dut.pc(pc);
        dut.finished(finished);
        dut.error(error);
        step.write(true);
    }
};

static int run_one(bench &b, const gpuref_vec_file *f, const gpuref_vec_test *t, std::string &why)
{
    gpuref_model *m = nullptr;
    gpuref_diag d{};
    if (gpuref_vec_setup(f, t, &m, &d) != GPUREF_OK) {
        why = d.msg;
        return 1;
    }
    b.dut.attach(m);
    while (!b.dut.is_finished() && !b.dut.has_error() && b.dut.steps() < t->max_steps)
        sc_start(10, SC_NS);
    int run_status = GPUREF_OK;
    std::string msg;
    if (b.dut.has_error()) {
        msg = b.dut.error_message();
        run_status = b.dut.status();
    } else if (!b.dut.is_finished()) {
        run_status = GPUREF_ERR_LIMIT;
        msg = "step limit reached";
    }
    char rep[1024] = "";
    int nfail = gpuref_vec_check_final(t, b.dut.model(), run_status, msg.c_str(), b.dut.steps(), rep,
                                       sizeof rep);
    why = rep;
    return nfail > 0;
}

int sc_main(int argc, char **argv)
{
    unsigned passed = 0, failed = 0;
    bench b;
    for (int i = 1; i < argc; i++) {
        gpuref_vec_file *f = nullptr;
        gpuref_diag d{};
        if (gpuref_vec_load(argv[i], &f, &d) != GPUREF_OK) {
            std::printf("ERROR %s\n", d.msg);
            failed++;
            continue;
        }
        for (size_t k = 0; k < f->ntests; k++) {
            std::string why;
            if (run_one(b, f, &f->tests[k], why)) {
                failed++;
                std::printf("FAIL %s: %s\n", f->tests[k].name, why.c_str());
            } else {
                passed++;
            }
        }
        gpuref_vec_free(f);
    }
    std::printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
