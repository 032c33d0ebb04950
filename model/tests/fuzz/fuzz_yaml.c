/* fuzz_yaml.c - load arbitrary text as a vector file (any ISA) and run every
 * test it loads under a step bound.  A file is loaded or rejected with one
 * located line; a loaded test sets up and runs to a verdict. */
#include <string.h>

#include "fuzz.h"
#include "gpuref_vectors.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static gpuref_vec_result res;
    gpuref_vec_file *f = NULL;
    gpuref_diag d;
    memset(&d, 0, sizeof d);
    int rc = gpuref_vec_load_string("fuzz.yaml", (const char *)data, size, &f, &d);
    if (rc != GPUREF_OK) {
        if (f)
            fuzz_fail("a rejected file came with a result");
        if (!d.msg[0] || !memchr(d.msg, '\0', sizeof d.msg))
            fuzz_fail("rejected without a message (%d)", rc);
        if (strncmp(d.msg, "fuzz.yaml", 9) != 0)
            fuzz_fail("message not located: %s", d.msg);
        return 0;
    }
    if (!f || f->ntests == 0)
        fuzz_fail("a loaded file without tests");
    gpuref_vec_run_opts o;
    memset(&o, 0, sizeof o);
    o.max_steps = FUZZ_MAX_STEPS;
    for (size_t i = 0; i < f->ntests && i < 8; i++) {
        rc = gpuref_vec_run_test(f, &f->tests[i], &o, &res);
        if (rc != GPUREF_OK && !res.report[0])
            fuzz_fail("test %zu: setup failed (%d) without a message", i, rc);
    }
    gpuref_vec_free(f);
    return 0;
}
