/* test_contract.c - the retire contract, version 2 (model/core/README.md):
 * units of up to 16 words, slots, memory writes compared as a set, deferred
 * write-backs kept out of a unit's comparison, waves over shared memory, ISA
 * names, the ISA list, injection, and the lockstep checker matching units per
 * wave in any order across waves.  Expected values come from the contract's
 * text and, for the RDNA4 programs, from the guide's pseudocode worked by
 * hand (S_MOV_B32: D = S0; S_ADD_CO_U32: D = S0 + S1, SCC = carry out). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gpuref.h"
#include "gpuref_check.h"
#include "testutil.h"


static gpuref_retire *rec(void)
{
    gpuref_retire *r = calloc(1, sizeof *r);
    if (!r) {
        printf("out of memory\n");
        exit(2);
    }
    return r;
}

/* ------------------------------------------------------ record compare */
static void test_units(void)
{
    gpuref_retire *a = rec(), *b = rec();
    gpuref_diff d[8];
    /* a 14-word unit (an R700 group of 5 two-word slots and 4 literals) */
    a->nwords = b->nwords = 14;
    for (unsigned i = 0; i < 14; i++)
        a->words[i] = b->words[i] = 0x1000u + i;
    tu_check(gpuref_retire_compare(a, b, d, 8) == 0, "14-word units equal");
    b->words[13] ^= 1;
    int n = gpuref_retire_compare(a, b, d, 8);
    tu_check(n == 1 && d[0].kind == GPUREF_DIFF_WORDS && d[0].index == 13, "word 13 differs");
    b->words[13] ^= 1;
    /* a 3-word unit against a 14-word one: named as a unit length */
    a->nwords = 3;
    n = gpuref_retire_compare(a, b, d, 8);
    tu_check(n == 1 && d[0].kind == GPUREF_DIFF_NWORDS && d[0].dut == 3 && d[0].model == 14,
          "word count mismatch named");
    char buf[256];
    gpuref_diff_format(NULL, &d[0], buf, sizeof buf);
    tu_check(strstr(buf, "unit length: DUT retired 3 words, MODEL 14") != NULL, "unit length text");
    a->nwords = 14;
    /* a 17-word unit (a USC group with F16SOP.MAD's control words): the record
     * holds its first 16 words; word 16 is not compared (nothing is there) */
    a->nwords = b->nwords = 17;
    for (unsigned i = 0; i < GPUREF_MAX_WORDS; i++)
        a->words[i] = b->words[i] = 0x2000u + i;
    /* the bytes after words[] (regw[0], unused: nregw is 0) differ, and must
     * not be read as a word 16 */
    memset(&a->regw[0], 0x00, sizeof a->regw[0]);
    memset(&b->regw[0], 0x5a, sizeof b->regw[0]);
    n = gpuref_retire_compare(a, b, d, 8);
    tu_check(n == 0, "17-word units equal in their first 16 words: nothing past them compared");
    b->words[15] ^= 1;
    n = gpuref_retire_compare(a, b, d, 8);
    tu_check(n == 1 && d[0].kind == GPUREF_DIFF_WORDS && d[0].index == 15, "17-word unit: word 15 compared");
    b->words[15] ^= 1;
    for (unsigned i = 0; i < 14; i++)
        a->words[i] = b->words[i] = 0x1000u + i;
    a->nwords = b->nwords = 14;
    /* kind and stream */
    b->stream = 1;
    n = gpuref_retire_compare(a, b, d, 8);
    tu_check(n == 1 && d[0].kind == GPUREF_DIFF_KIND, "stream mismatch named");
    b->stream = 0;
    /* waves */
    a->wave = 1;
    n = gpuref_retire_compare(a, b, d, 8);
    tu_check(n == 1 && d[0].kind == GPUREF_DIFF_WAVE, "wave mismatch named");
    a->wave = 0;
    /* slots: same register written by another slot */
    gpuref_regw *w = gpuref_retire_regw_slot(a, 0, 12, 0xffffffffu, 1);
    w->lanes = 1;
    w->value[0] = 7;
    w = gpuref_retire_regw_slot(b, 0, 12, 0xffffffffu, 4);
    w->lanes = 1;
    w->value[0] = 7;
    n = gpuref_retire_compare(a, b, d, 8);
    tu_check(n == 1 && d[0].kind == GPUREF_DIFF_REG_SLOT, "slot mismatch named");
    b->regw[0].slot = 1;
    b->regw[0].value[0] = 8;
    n = gpuref_retire_compare(a, b, d, 8);
    tu_check(n == 1 && d[0].kind == GPUREF_DIFF_REG_VALUE && d[0].slot == 1, "value diff keeps slot");
    b->regw[0].value[0] = 7;
    tu_check(gpuref_retire_compare(a, b, d, 8) == 0, "same slot, same value");
    /* two slots writing different lanes of one register: an entry each */
    w = gpuref_retire_regw_slot(a, 0, 13, 0xffffffffu, 0);
    w->lanes = 1;
    w->value[0] = 5;
    w = gpuref_retire_regw_slot(a, 0, 13, 0xffffffffu, 2);
    tu_check(a->nregw == 3 && a->regw[2].slot == 2, "second slot of a register is its own entry");
    w->lanes = 2;
    w->value[1] = 6;
    w = gpuref_retire_regw_slot(b, 0, 13, 0xffffffffu, 2);
    w->lanes = 2;
    w->value[1] = 6;
    w = gpuref_retire_regw_slot(b, 0, 13, 0xffffffffu, 0);
    w->lanes = 1;
    w->value[0] = 5;
    tu_check(gpuref_retire_compare(a, b, d, 8) == 0, "per-slot entries match by slot, in any order");
    b->regw[1].value[1] = 9;   /* the DUT's slot 2 entry */
    n = gpuref_retire_compare(a, b, d, 8);
    tu_check(n == 1 && d[0].kind == GPUREF_DIFF_REG_VALUE && d[0].slot == 2 && d[0].lane == 1,
             "value diff of the second slot's lane");
    b->regw[1].value[1] = 6;
    /* a (the DUT) without its slot 0 write: missing; b (the model) without it: extra */
    gpuref_regw keep = a->regw[1];
    a->nregw = 2;
    a->regw[1] = a->regw[2];
    n = gpuref_retire_compare(a, b, d, 8);
    tu_check(n == 1 && d[0].kind == GPUREF_DIFF_REG_MISSING && d[0].slot == 0,
             "the model's write by a further slot is missing");
    a->regw[2] = a->regw[1];
    a->regw[1] = keep;
    a->nregw = 3;
    b->nregw = 2;
    n = gpuref_retire_compare(a, b, d, 8);
    tu_check(n == 1 && d[0].kind == GPUREF_DIFF_REG_EXTRA && d[0].slot == 0,
             "the DUT's write by a further slot is extra");
    a->nregw = b->nregw = 1;   /* back to the register 12 entries */
    /* deferred and pending writes are not part of the unit's comparison */
    w = gpuref_retire_regw(b, 0, 20, 0xffffffffu);
    w->flags = GPUREF_REGW_PENDING;
    w->lanes = 1;
    w = gpuref_retire_regw(b, 0, 21, 0xffffffffu);
    w->flags = GPUREF_REGW_DEFERRED;
    w->tag = 3;
    w->lanes = 1;
    tu_check(gpuref_retire_compare(a, b, d, 8) == 0, "pending/deferred writes not compared per unit");
    /* a unit's write to a register with a pending load of it is a new entry */
    w = gpuref_retire_regw(b, 0, 20, 0xffffffffu);
    tu_check(w && w->flags == 0 && b->nregw == 4, "own write apart from the pending one");
    free(a);
    free(b);
}

static void test_memw_set(void)
{
    gpuref_retire *a = rec(), *b = rec();
    gpuref_diff d[8];
    const uint8_t x[4] = { 1, 2, 3, 4 }, y[4] = { 5, 6, 7, 8 };
    gpuref_retire_memw(a, 0, 0x100, 4, 0, x, 0, GPUREF_SLOT_NONE);
    gpuref_retire_memw(a, 0, 0x200, 4, 1, y, 0, GPUREF_SLOT_NONE);
    /* the same writes in the other order */
    gpuref_retire_memw(b, 0, 0x200, 4, 1, y, 0, GPUREF_SLOT_NONE);
    gpuref_retire_memw(b, 0, 0x100, 4, 0, x, 0, GPUREF_SLOT_NONE);
    tu_check(gpuref_retire_compare(a, b, d, 8) == 0, "memory writes in another order: equal");
    /* one wrong byte */
    a->memw[1].data[2] = 0x77;
    int n = gpuref_retire_compare(a, b, d, 8);
    tu_check(n == 1 && d[0].kind == GPUREF_DIFF_MEM_VALUE && d[0].addr == 0x200 &&
              d[0].dut == 0x08770605u && d[0].model == 0x08070605u,
          "wrong byte: a value difference at its address");
    a->memw[1].data[2] = 7;
    /* a byte outside the mask does not count */
    gpuref_retire_memw(a, 0, 0x300, 4, 0, x, 0x5, GPUREF_SLOT_NONE);
    gpuref_retire_memw(b, 0, 0x300, 4, 0, y, 0x5, GPUREF_SLOT_NONE);
    n = gpuref_retire_compare(a, b, d, 8);
    tu_check(n == 1 && d[0].kind == GPUREF_DIFF_MEM_VALUE, "masked bytes compared (1 != 5)");
    b->memw[2].data[0] = 1;
    b->memw[2].data[2] = 3;
    tu_check(gpuref_retire_compare(a, b, d, 8) == 0, "bytes outside the mask ignored");
    /* a different mask is a different write */
    b->memw[2].mask = 0xf;
    n = gpuref_retire_compare(a, b, d, 8);
    tu_check(n == 1, "different byte mask differs");
    b->memw[2].mask = 0x5;
    /* missing and extra */
    gpuref_retire_memw(b, 0, 0x400, 4, 0, x, 0, GPUREF_SLOT_NONE);
    n = gpuref_retire_compare(a, b, d, 8);
    tu_check(n == 1 && d[0].kind == GPUREF_DIFF_MEM_MISSING && d[0].addr == 0x400, "missing write");
    gpuref_retire_memw(a, 0, 0x500, 4, 0, x, 0, GPUREF_SLOT_NONE);
    n = gpuref_retire_compare(a, b, d, 8);
    tu_check(n == 2 && d[1].kind == GPUREF_DIFF_MEM_EXTRA && d[1].addr == 0x500, "extra write");
    free(a);
    free(b);
}

/* ------------------------------------------------------------- waves */
static const char *const prog_text =
    "s_mov_b32 s0, 5\n"
    "s_add_co_u32 s1, s0, s0\n"
    "s_endpgm\n";

static gpuref_model *rdna4(const char *cfg, uint32_t **w, size_t *n)
{
    gpuref_model *m = NULL;
    gpuref_diag d = { 0 };
    if (gpuref_model_create("rdna4", cfg, &m, &d) != GPUREF_OK) {
        tu_check(0, "create rdna4 %s: %s", cfg, d.msg);
        return NULL;
    }
    if (gpuref_assemble(gpuref_model_isa(m), prog_text, 0, w, n, &d) != GPUREF_OK ||
        gpuref_program_load(m, 0, *w, *n) != GPUREF_OK) {
        tu_check(0, "program: %s %s", d.msg, gpuref_model_error(m));
    }
    return m;
}

static uint64_t sgpr(gpuref_model *m, unsigned wave, unsigned i)
{
    uint64_t v = ~0ull;
    gpuref_wave_select(m, wave);
    gpuref_reg_get(m, gpuref_regfile_lookup(m, "s"), i, 0, &v);
    return v;
}

static void test_waves(void)
{
    gpuref_model *m = NULL;
    gpuref_diag d = { 0 };
    tu_check(gpuref_model_create("rdna4", "waves=0", &m, &d) == GPUREF_ERR_CONFIG &&
              strstr(d.msg, "waves=0") != NULL, "waves=0 rejected");
    tu_check(gpuref_model_create("rdna4", "waves=65", &m, &d) == GPUREF_ERR_CONFIG,
          "waves=65 rejected");
    tu_check(gpuref_model_create("rdna4", "waves=2,waves=3", &m, &d) == GPUREF_ERR_CONFIG &&
              strstr(d.msg, "twice") != NULL, "waves twice rejected");
    tu_check(gpuref_model_create("rdna4", "waves=2,bogus=1", &m, &d) == GPUREF_ERR_CONFIG &&
              strstr(d.msg, "bogus") != NULL, "ISA keys still checked beside waves");

    uint32_t *w = NULL;
    size_t n = 0;
    m = rdna4("waves=2,wave=32", &w, &n);
    if (!m)
        return;
    tu_check(gpuref_wave_count(m) == 2, "two waves");
    tu_check(gpuref_wave_select(m, 2) == GPUREF_ERR_RANGE, "wave 2 out of range");
    /* each wave has its own registers */
    gpuref_wave_select(m, 1);
    gpuref_reg_set(m, gpuref_regfile_lookup(m, "s"), 7, 0, 0x1234);
    tu_check(sgpr(m, 0, 7) == 0 && sgpr(m, 1, 7) == 0x1234, "registers per wave");
    /* memory is shared */
    uint32_t v = 0xcafef00d, r = 0;
    gpuref_wave_select(m, 1);
    gpuref_mem_write(m, 0, 0x1000, &v, 4);
    gpuref_wave_select(m, 0);
    gpuref_mem_read(m, 0, 0x1000, &r, 4);
    tu_check(r == 0xcafef00d, "memory shared by the waves");
    /* stepping one wave leaves the other */
    gpuref_retire *rr = rec();
    tu_check(gpuref_step_wave(m, 1, rr) == GPUREF_OK && rr->wave == 1 && rr->seq == 0 &&
              rr->pc == 0, "wave 1 steps first");
    tu_check(sgpr(m, 1, 0) == 5 && sgpr(m, 0, 0) == 0, "s0 = 5 in wave 1 only");
    tu_check(gpuref_step_wave(m, 1, rr) == GPUREF_OK && rr->seq == 1 && rr->pc == 4,
          "wave 1 second unit, seq 1");
    tu_check(gpuref_step_wave(m, 0, rr) == GPUREF_OK && rr->wave == 0 && rr->seq == 0,
          "wave 0 starts at seq 0");
    tu_check(!gpuref_finished(m), "not finished while waves run");
    uint64_t steps = 0;
    tu_check(gpuref_run(m, 100, &steps) == GPUREF_OK && steps == 3, "run finishes both waves");
    tu_check(gpuref_finished(m) && gpuref_wave_finished(m, 0) && gpuref_wave_finished(m, 1),
          "both finished");
    tu_check(sgpr(m, 0, 1) == 10 && sgpr(m, 1, 1) == 10, "s1 = 5 + 5 = 10 in both waves");
    tu_check(gpuref_step_wave(m, 0, rr) == GPUREF_ERR_DONE, "finished wave does not step");
    /* reset restarts every wave */
    tu_check(gpuref_model_reset(m) == GPUREF_OK && !gpuref_wave_finished(m, 1) &&
              gpuref_wave_selected(m) == 0, "reset restarts waves");
    /* injection: a named waiver is required */
    uint8_t b4[4] = { 1, 2, 3, 4 };
    tu_check(gpuref_inject_mem(m, 0, 0x2000, b4, 4, "") == GPUREF_ERR_ARG, "waiver name required");
    tu_check(gpuref_inject_mem(m, 0, 0x2000, b4, 4, "mem_return") == GPUREF_OK, "inject memory");
    tu_check(gpuref_inject_reg(m, 1, gpuref_regfile_lookup(m, "s"), 9, 0, 0x99, "counter") ==
              GPUREF_OK && sgpr(m, 1, 9) == 0x99 && sgpr(m, 0, 9) == 0, "inject a wave's register");
    /* names */
    char buf[64];
    int f = -1;
    unsigned idx = 0;
    gpuref_reg_name(m, gpuref_regfile_lookup(m, "s"), 5, buf, sizeof buf);
    tu_check(strcmp(buf, "s5") == 0, "default register name s5");
    gpuref_reg_name(m, gpuref_regfile_lookup(m, "scc"), 0, buf, sizeof buf);
    tu_check(strcmp(buf, "scc") == 0, "single-register file named by itself");
    tu_check(gpuref_reg_parse(m, "s17", &f, &idx) == GPUREF_OK &&
              f == gpuref_regfile_lookup(m, "s") && idx == 17, "parse s17");
    tu_check(gpuref_reg_parse(m, "s017", &f, &idx) != GPUREF_OK, "leading zero rejected");
    tu_check(gpuref_reg_parse(m, "s9999", &f, &idx) != GPUREF_OK, "index out of range rejected");
    tu_check(gpuref_reg_parse(m, "nosuch3", &f, &idx) != GPUREF_OK, "unknown file rejected");
    tu_check(strcmp(gpuref_slot_name(gpuref_model_isa(m), GPUREF_SLOT_NONE), "") == 0 &&
              strcmp(gpuref_unit_kind_name(gpuref_model_isa(m), 0), "insn") == 0 &&
              strcmp(gpuref_stream_name(gpuref_model_isa(m), 0), "main") == 0,
          "default unit kind and stream names");
    /* the unit description */
    gpuref_unit_info ui;
    tu_check(gpuref_decode_unit(gpuref_model_isa(m), 0, w, n, &ui, &d) == GPUREF_OK &&
              ui.nwords == 1 && ui.nslots == 1 && strcmp(ui.slot[0].mnemonic, "s_mov_b32") == 0,
          "s_mov_b32 s0, 5 is one word, one slot");
    tu_check(gpuref_decode_unit(gpuref_model_isa(m), 1, w, n, &ui, &d) == GPUREF_ERR_ARG,
          "rdna4 has no stream 1");
    free(rr);
    free(w);
    gpuref_model_destroy(m);
    /* nv50 waves: warp ids in $physid */
    tu_check(gpuref_model_create("nv50", "waves=3,warp_id=4", &m, &d) == GPUREF_OK, "nv50 waves=3");
    if (m) {
        uint64_t p0 = 0, p2 = 0;
        int sr = gpuref_regfile_lookup(m, "sr");
        gpuref_wave_select(m, 0);
        gpuref_reg_get(m, sr, 0, 0, &p0);
        gpuref_wave_select(m, 2);
        gpuref_reg_get(m, sr, 0, 0, &p2);
        tu_check((p0 >> 8 & 0xff) == 4 && (p2 >> 8 & 0xff) == 6, "wave w is warp warp_id + w");
        gpuref_model_destroy(m);
    }
    tu_check(strcmp(gpuref_isa_list(), "nv50, rdna4, r700, usc, nvfp") == 0, "ISA list from isas.def");
    /* waves: USC has no share hook (one wave); the others take waves=N */
    tu_check(gpuref_isa_max_waves(gpuref_isa_find("usc")) == 1, "usc runs one wave");
    tu_check(gpuref_isa_max_waves(gpuref_isa_find("rdna4")) == GPUREF_MAX_WAVES, "rdna4 runs several waves");
    tu_check(gpuref_isa_max_waves(NULL) == 0, "max waves of no ISA");
    gpuref_model *m1 = NULL;
    gpuref_diag d1 = { 0 };
    tu_check(gpuref_model_create("usc", "waves=2", &m1, &d1) == GPUREF_ERR_CONFIG && !m1,
             "usc refuses waves=2 as its max_waves says");
}

/* ------------------------------------------- the checker, several waves */
static const char *const vec_text =
    "isa: rdna4\n"
    "tests:\n"
    "  - name: two_waves\n"
    "    config: \"waves=2\"\n"
    "    program: |\n"
    "      s_mov_b32 s0, 5\n"
    "      s_add_co_u32 s1, s0, s0\n"
    "      s_endpgm\n"
    "    expect:\n"
    "      regs:\n"
    "        s1: \"0x0000000a\"\n";

/* Feed the checker the units of a second model (the "DUT"), stepped in the
 * order `order` (wave numbers); bad >= 0 corrupts that unit's first write. */
static int feed(gpuref_chk *c, const int *order, int nu, int bad)
{
    uint32_t *w = NULL;
    size_t n = 0;
    gpuref_model *dut = rdna4("waves=2", &w, &n);
    gpuref_retire *rr = rec();
    int stop = 0;
    for (int u = 0; u < nu && !stop; u++) {
        if (gpuref_step_wave(dut, (unsigned)order[u], rr) != GPUREF_OK) {
            stop = 2;
            break;
        }
        if (u == bad && rr->nregw)
            rr->regw[0].value[0] ^= 0x100;
        gpuref_chk_dut_record(c, rr);
        stop = gpuref_chk_dut_end(c);
    }
    if (!stop)
        gpuref_chk_dut_stop(c, 1, 0, 0, 0);
    free(rr);
    free(w);
    gpuref_model_destroy(dut);
    return stop;
}

static void test_checker_waves(void)
{
    char dir[] = "/tmp/gpuref_contract_XXXXXX";
    if (!mkdtemp(dir)) {
        tu_check(0, "mkdtemp");
        return;
    }
    char vec[256], out[256], rep[400];
    snprintf(vec, sizeof vec, "%s/v.yaml", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    FILE *f = fopen(vec, "w");
    if (!f) {
        tu_check(0, "write vector");
        return;
    }
    fputs(vec_text, f);
    fclose(f);
    char err[256] = "";
    gpuref_chk *c = gpuref_chk_open("rdna4", vec, out, err, sizeof err);
    tu_check(c != NULL, err);
    if (!c)
        return;
    /* interleaved the other way round from the model's round robin */
    const int order[6] = { 1, 1, 0, 1, 0, 0 };
    tu_check(gpuref_chk_begin(c, 0) == 0 && gpuref_chk_waves(c) == 2, "checker: two waves");
    int st = feed(c, order, 6, -1);
    tu_check(st == 0 && gpuref_chk_end(c) == 0 && gpuref_chk_steps(c) == 6,
          "two waves interleaved: every unit matches");
    /* a wrong value in wave 1's second unit */
    tu_check(gpuref_chk_begin(c, 0) == 0, "begin again");
    st = feed(c, order, 6, 1);
    tu_check(st == 1 && gpuref_chk_end(c) == 1, "wrong value in wave 1 caught");
    tu_check(strstr(gpuref_chk_result(c), "wave 1 step 1 pc=0x4") != NULL, gpuref_chk_result(c));
    snprintf(rep, sizeof rep, "%s/two_waves/mismatch.txt", out);
    struct stat sb;
    tu_check(stat(rep, &sb) == 0 && sb.st_size > 0, "mismatch.txt written");
    /* a unit of a wave the test does not have */
    tu_check(gpuref_chk_begin(c, 0) == 0, "begin a third time");
    uint32_t wd = 0;
    gpuref_chk_dut_begin(c, 2, 0, 4, &wd, 1, 0, 1);
    tu_check(gpuref_chk_dut_end(c) == 1 && strstr(gpuref_chk_result(c), "wave 2") != NULL,
          "unknown wave named");
    gpuref_chk_end(c);
    /* a write-back nobody issued */
    tu_check(gpuref_chk_begin(c, 0) == 0, "begin a fourth time");
    uint64_t vals[1] = { 1 };
    tu_check(gpuref_chk_dut_writeback(c, 0, GPUREF_TAG_ANY, "s", 3, 0xffffffffu, 1, vals, 1) == 1 &&
              strstr(gpuref_chk_result(c), "no load of it outstanding") != NULL,
          "write-back without a load caught");
    gpuref_chk_end(c);
    /* the injection log */
    tu_check(gpuref_chk_begin(c, 0) == 0, "begin a fifth time");
    const uint8_t mem4[4] = { 9, 9, 9, 9 };
    tu_check(gpuref_chk_inject_mem(c, "mem_return", "mem", 0x40, mem4, 4) == 0 &&
              gpuref_chk_waivers(c) == 1, "injection logged as a waiver");
    st = feed(c, order, 6, -1);
    tu_check(st == 0 && gpuref_chk_end(c) == 0, "test passes with the injection");
    snprintf(rep, sizeof rep, "%s/two_waves/waivers.log", out);
    f = fopen(rep, "r");
    char line[512] = "";
    int seen = 0, summary = 0;
    while (f && fgets(line, sizeof line, f)) {
        seen |= strstr(line, "[mem_return]") != NULL;
        summary |= strstr(line, "summary: mem_return=1") != NULL;
    }
    if (f)
        fclose(f);
    tu_check(seen && summary, "waivers.log names the waiver and sums it");
    gpuref_chk_close(c);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        printf("note: could not remove %s\n", dir);
}

int main(void)
{
    tu_group("units");
    test_units();
    tu_group("memw set");
    test_memw_set();
    tu_group("waves");
    test_waves();
    tu_group("checker waves");
    test_checker_waves();
    return tu_finish();
}
