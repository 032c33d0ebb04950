/* test_deferred.c - deferred write-backs through the lockstep checker, on
 * RDNA4's SMEM loads (model/rdna4/README.md "Deferred SMEM loads"): the load's
 * unit announces its destination (PENDING), the data become visible at
 * s_wait_kmcnt (DEFERRED, tagged with the load's sequence number), and the DUT
 * reports the write-back whenever its memory returns it.  The DUT here is a
 * second model instance whose units are fed to the checker; the write-back is
 * reported by hand.  Expected values by hand: the load reads the DWORD at
 * s[2:3] + 8 = 0x1008, which holds 0xdeadbeef. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gpuref.h"
#include "gpuref_check.h"
#include "gpuref_vectors.h"
#include "testutil.h"

/* each hand-worked check is a test of its own (tu_group) */
#define check(ok, what) tu_check((ok), "%s", (what))

/* units: 0 the load (s0 pending), 1-3 independent moves, 4 the wait (s0
 * visible), 5 the end */
static const char *const vec_text =
    "isa: rdna4\n"
    "tests:\n"
    "  - name: deferred\n"
    "    init:\n"
    "      regs: {s0: \"0x11111111\", s2: \"0x00001000\", s3: \"0x00000000\"}\n"
    "      mem:\n"
    "        - {space: mem, addr: \"0x1000\", words: [\"0x0\", \"0x0\", \"0xdeadbeef\"]}\n"
    "    program: |\n"
    "      s_load_b32 s0, s[2:3], 0x8\n"
    "      s_mov_b32 s4, 1\n"
    "      s_mov_b32 s5, 2\n"
    "      s_mov_b32 s6, 3\n"
    "      s_wait_kmcnt 0\n"
    "      s_endpgm\n"
    "    expect:\n"
    "      regs: {s0: \"0xdeadbeef\", s4: \"0x00000001\"}\n";

/* A USC task whose only group issues a load the end of the task completes
 * (model/usc/README.md D39): r3 gets the DWORD at r1 = 0x100, 0x12345678. */
static const char *const usc_text =
    "isa: usc\n"
    "tests:\n"
    "  - name: end_of_task\n"
    "    config: \"instances=16\"\n"
    "    init:\n"
    "      regs: {r1: \"0x00000100\"}\n"
    "      mem:\n"
    "        - {space: mem, addr: \"0x100\", words: [\"0x12345678\"]}\n"
    "    program: |\n"
    "      0 : s0=r1 s3=r3\n"
    "          ld s3, drc0, 1, s0\n"
    "    expect:\n"
    "      regs: {\"r3[0:15]\": \"0x12345678\"}\n";

/* The DUT: a model set up from the same test (gpuref_vec_setup). */
static gpuref_model *dut_model_of(const char *text)
{
    gpuref_vec_file *vf = NULL;
    gpuref_model *m = NULL;
    gpuref_diag d = { 0 };
    if (gpuref_vec_load_string("dut.yaml", text, strlen(text), &vf, &d) != GPUREF_OK ||
        gpuref_vec_setup(vf, &vf->tests[0], &m, &d) != GPUREF_OK)
        tu_check(0, "DUT model: %s", d.msg);
    gpuref_vec_free(vf);
    return m;
}

static gpuref_model *dut_model(void)
{
    return dut_model_of(vec_text);
}

/* The USC task: its one unit, then (report) the write-back of r3 in all 16
 * instances with val, then the DUT's end. */
static int run_usc(gpuref_chk *c, int report, uint64_t val)
{
    gpuref_model *dut = dut_model_of(usc_text);
    gpuref_retire *rr = calloc(1, sizeof *rr);
    int stop = !dut || !rr || gpuref_step(dut, rr) != GPUREF_OK;
    if (!stop) {
        gpuref_chk_dut_record(c, rr);
        stop = gpuref_chk_dut_end(c);
    }
    uint64_t vals[16];
    for (unsigned l = 0; l < 16; l++)
        vals[l] = val;
    if (!stop && report)
        stop = gpuref_chk_dut_writeback(c, 0, 0, "r", 3, 0xffffffffu, 0xffff, vals, 16);
    if (!stop)
        stop = gpuref_chk_dut_stop(c, 1, 0, 0, 0);
    free(rr);
    gpuref_model_destroy(dut);
    return stop | gpuref_chk_end(c);
}

/* Feed the units; after unit `wb_after` (-1: never; -2 - u: before unit u,
 * in its retire cycle) report the write-back of s0 with `val` and `tag`.
 * Returns what the checker said (0 ok, 1 failed). */
static int run(gpuref_chk *c, int wb_after, uint64_t val, uint64_t tag)
{
    gpuref_model *dut = dut_model();
    gpuref_retire *rr = calloc(1, sizeof *rr);
    int stop = 0;
    for (int u = 0; u < 6 && !stop && dut && rr; u++) {
        if (wb_after == -2 - u)
            stop = gpuref_chk_dut_writeback(c, 0, tag, "s", 0, 0xffffffffu, 1, &val, 1);
        if (stop)
            break;
        if (gpuref_step(dut, rr) != GPUREF_OK) {
            stop = 2;
            break;
        }
        gpuref_chk_dut_record(c, rr);      /* write-backs are reported on their own */
        stop = gpuref_chk_dut_end(c);
        if (!stop && u == wb_after)
            stop = gpuref_chk_dut_writeback(c, 0, tag, "s", 0, 0xffffffffu, 1, &val, 1);
    }
    if (!stop)
        stop = gpuref_chk_dut_stop(c, 1, 0, 0, 0);
    free(rr);
    gpuref_model_destroy(dut);
    return stop | gpuref_chk_end(c);
}

int main(void)
{
    tu_group("deferred write-backs through the checker");
    char dir[] = "/tmp/gpuref_deferred_XXXXXX";
    if (!mkdtemp(dir)) {
        printf("FAIL: mkdtemp\n");
        return 1;
    }
    char vec[256], out[256], err[256] = "";
    snprintf(vec, sizeof vec, "%s/v.yaml", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    FILE *f = fopen(vec, "w");
    if (!f) {
        printf("FAIL: write vector\n");
        return 1;
    }
    fputs(vec_text, f);
    fclose(f);
    gpuref_chk *c = gpuref_chk_open("rdna4", vec, out, err, sizeof err);
    check(c != NULL, err);
    if (!c)
        return 1;

    /* the data return two units after the load, before the wait: passes */
    check(gpuref_chk_begin(c, 0) == 0, "begin 1");
    check(run(c, 2, 0xdeadbeefu, 0) == 0, "write-back reported before the wait: pass");
    check(gpuref_chk_result(c)[0] == 0, gpuref_chk_result(c));

    /* the same with GPUREF_TAG_ANY (the oldest outstanding load of s0) */
    check(gpuref_chk_begin(c, 0) == 0, "begin 2");
    check(run(c, 1, 0xdeadbeefu, GPUREF_TAG_ANY) == 0, "write-back with GPUREF_TAG_ANY: pass");

    /* a wrong value: named as the write-back of the load at pc 0 */
    check(gpuref_chk_begin(c, 0) == 0, "begin 3");
    check(run(c, 2, 0xdeadbeeeu, 0) != 0, "wrong write-back value: fail");
    check(strstr(gpuref_chk_result(c), "write-back of the load at pc=0x0") != NULL,
          gpuref_chk_result(c));

    /* the wait retires before the DUT reported the write-back (it comes after
     * unit 4, the wait): the checker names the missing write-back */
    check(gpuref_chk_begin(c, 0) == 0, "begin 4");
    check(run(c, 4, 0xdeadbeefu, 0) != 0, "wait before the write-back: fail");
    check(strstr(gpuref_chk_result(c), "the DUT has not reported it") != NULL,
          gpuref_chk_result(c));

    /* a write-back tagged with a unit that issued no load (unit 1) */
    check(gpuref_chk_begin(c, 0) == 0, "begin 5");
    check(run(c, 2, 0xdeadbeefu, 1) != 0, "write-back with the wrong tag: fail");
    check(strstr(gpuref_chk_result(c), "which issued no load of it") != NULL,
          gpuref_chk_result(c));

    /* the write-back in the load's own retire cycle, before its unit (the
     * monitor reports write-backs before the unit retiring in the cycle):
     * held until unit 0 announces the load, then taken at the wait */
    check(gpuref_chk_begin(c, 0) == 0, "begin 6");
    check(run(c, -2, 0xdeadbeefu, 0) == 0, "write-back before its issuing unit: pass");
    check(gpuref_chk_result(c)[0] == 0, gpuref_chk_result(c));

    /* the same for unit 1, which issues no load: named when unit 1 retires */
    check(gpuref_chk_begin(c, 0) == 0, "begin 7");
    check(run(c, -3, 0xdeadbeefu, 1) != 0, "early write-back of a unit without a load: fail");
    check(strstr(gpuref_chk_result(c), "for unit 1 of wave 0, which issued no load of it") != NULL,
          gpuref_chk_result(c));

    /* a write-back before unit 1 tagged with unit 2 (not the next unit): at once */
    check(gpuref_chk_begin(c, 0) == 0, "begin 8");
    check(run(c, -3, 0xdeadbeefu, 2) != 0, "write-back tagged with a later unit: fail");
    check(strstr(gpuref_chk_result(c), "for unit 2 of wave 0, which issued no load of it") != NULL,
          gpuref_chk_result(c));

    gpuref_chk_close(c);

    /* the end of the task completes a load its last unit issued: the DUT
     * reports the write-back after that unit, before it ends */
    snprintf(vec, sizeof vec, "%s/u.yaml", dir);
    f = fopen(vec, "w");
    if (!f) {
        printf("FAIL: write vector\n");
        return 1;
    }
    fputs(usc_text, f);
    fclose(f);
    c = gpuref_chk_open("usc", vec, out, err, sizeof err);
    check(c != NULL, err);
    if (!c)
        return 1;
    check(gpuref_chk_begin(c, 0) == 0, "usc begin 1");
    check(run_usc(c, 1, 0x12345678u) == 0, "end-of-task write-back reported before the end: pass");
    check(gpuref_chk_result(c)[0] == 0, gpuref_chk_result(c));
    check(gpuref_chk_begin(c, 0) == 0, "usc begin 2");
    check(run_usc(c, 0, 0) != 0, "end-of-task write-back never reported: fail");
    check(strstr(gpuref_chk_result(c), "is visible at the end of the task, the DUT has not reported it") != NULL,
          gpuref_chk_result(c));
    check(gpuref_chk_begin(c, 0) == 0, "usc begin 3");
    check(run_usc(c, 1, 0x12345679u) != 0, "end-of-task write-back with a wrong value: fail");
    check(strstr(gpuref_chk_result(c), "write-back of the load at pc=0x0") != NULL, gpuref_chk_result(c));
    gpuref_chk_close(c);

    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        printf("note: could not remove %s\n", dir);
    return tu_finish();
}
