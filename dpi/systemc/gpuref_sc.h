// gpuref_sc.h - SystemC wrapper of a gpuref model: one unit retires per
// rising clock edge while `step` is high.  The retire record of the last unit
// is available through last(); the model itself through model().
#ifndef GPUREF_SC_H
#define GPUREF_SC_H

#include <systemc.h>

#include "gpuref.h"

SC_MODULE(gpuref_sc_model) {
    sc_in<bool> clk;
    sc_in<bool> step;            // retire one unit at each rising edge while high
    sc_out<bool> retired;        // high for the cycle after a unit retired
    sc_out<sc_uint<64> > pc;     // byte address of the last retired unit
    sc_out<bool> finished;       // the program has ended
    sc_out<bool> error;          // the last step failed: see error_message()

    SC_HAS_PROCESS(gpuref_sc_model);
    // Takes ownership of m (created by the caller, e.g. with gpuref_vec_setup).
    gpuref_sc_model(sc_module_name name, gpuref_model *m);
    ~gpuref_sc_model() override;
    // Replace the model (the old one is destroyed): the next test, same module.
    void attach(gpuref_model *m);
    bool is_finished() const { return fin_; }
    bool has_error() const { return err_; }
    int status() const { return status_; }   // of the failing step (GPUREF_OK if none)

    gpuref_model *model() { return m_; }
    const gpuref_retire &last() const { return *rr_; }
    const char *error_message() const { return gpuref_model_error(m_); }
    uint64_t steps() const { return steps_; }

private:
    void on_clock();
    gpuref_model *m_;
    gpuref_retire *rr_;
    uint64_t steps_ = 0;
    bool fin_ = false, err_ = false;
    int status_ = GPUREF_OK;
};

#endif
