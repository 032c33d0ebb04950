// gpuref_sc.cpp - the SystemC wrapper: no semantics of its own, it calls
// gpuref_step() on the clock and publishes the outcome on its ports.
#include "gpuref_sc.h"

#include <cstdlib>

gpuref_sc_model::gpuref_sc_model(sc_module_name name, gpuref_model *m)
    : sc_module(name), m_(nullptr), rr_(static_cast<gpuref_retire *>(std::calloc(1, sizeof(gpuref_retire))))
{
    attach(m);
    SC_METHOD(on_clock);
    sensitive << clk.pos();
    dont_initialize();
}

gpuref_sc_model::~gpuref_sc_model()
{
    std::free(rr_);
    gpuref_model_destroy(m_);
}

void gpuref_sc_model::attach(gpuref_model *m)
{
    gpuref_model_destroy(m_);
    m_ = m;
    steps_ = 0;
    err_ = false;
    status_ = GPUREF_OK;
    fin_ = m_ ? gpuref_finished(m_) != 0 : true;
}

void gpuref_sc_model::on_clock()
{
    bool ret = false;
    if (m_ && step.read() && !fin_ && !err_) {
        // several waves (config waves=N): the next unfinished wave in turn
        status_ = gpuref_step_next(m_, rr_);
        if (status_ != GPUREF_OK) {
            err_ = true;
        } else {
            steps_++;
            ret = true;
            pc.write(rr_->pc);
            fin_ = gpuref_finished(m_) != 0;
        }
    }
    retired.write(ret);
    finished.write(fin_);
    error.write(err_);
}
