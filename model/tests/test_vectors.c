/* test_vectors.c - the YAML vector loader, register keys, setup and checks.
 *
 *   build/tests/test_vectors [DATA_DIR]     (default: model/tests/data, or
 *                                            $GPUREF_TEST_DATA)
 *
 * Malformed fixtures (data/bad_*.yaml) must be rejected with the expected
 * file:line:col and a key phrase, in one line.  Expected values of the runs
 * are worked by hand from model/nv50/README.md (32-bit wrap-around add,
 * `threads` config, exit semantics, 8-byte long instructions). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gpuref_vectors.h"
#include "testutil.h"


static char datadir[512];

static const char *data(const char *name)
{
    static char path[1024];
    snprintf(path, sizeof path, "%s/%s", datadir, name);
    return path;
}

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* ------------------------------------------------------ malformed files */

typedef struct bad_case {
    const char *file;
    unsigned line, col;
    int status;
    const char *phrase;
} bad_case;

static const bad_case bad[] = {
    { "bad_syntax.yaml", 5, 5, GPUREF_ERR_PARSE, "did not find expected ',' or ']'" },
    { "bad_tab.yaml", 3, 1, GPUREF_ERR_PARSE, "cannot start any token" },
    { "bad_utf8.yaml", 2, 15, GPUREF_ERR_PARSE, "invalid leading UTF-8 octet" },
    { "bad_empty.yaml", 1, 1, GPUREF_ERR_PARSE, "empty file" },
    { "bad_two_docs.yaml", 6, 1, GPUREF_ERR_PARSE, "second YAML document" },
    { "bad_unknown_key_top.yaml", 2, 1, GPUREF_ERR_PARSE, "unknown key 'seeds'" },
    { "bad_unknown_key_test.yaml", 7, 5, GPUREF_ERR_PARSE, "unknown key 'word' in test" },
    { "bad_missing_isa.yaml", 2, 1, GPUREF_ERR_PARSE, "missing required key 'isa'" },
    { "bad_missing_expect.yaml", 3, 5, GPUREF_ERR_PARSE, "missing required key 'expect'" },
    { "bad_mem_missing_key.yaml", 7, 11, GPUREF_ERR_PARSE, "missing required key 'addr'" },
    { "bad_empty_tests.yaml", 2, 8, GPUREF_ERR_PARSE, "tests: empty list" },
    { "bad_unknown_isa.yaml", 1, 6, GPUREF_ERR_CONFIG, "unknown ISA 'nv99' (known: " },
    { "bad_decimal_value.yaml", 7, 13, GPUREF_ERR_PARSE, "found decimal '5'" },
    { "bad_hex_digits.yaml", 7, 13, GPUREF_ERR_PARSE, "expected a hex value" },
    { "bad_wide64.yaml", 4, 11, GPUREF_ERR_RANGE, "wider than 64 bits" },
    { "bad_quoted_count.yaml", 6, 14, GPUREF_ERR_PARSE, "expected a plain decimal integer" },
    { "bad_hex_count.yaml", 4, 16, GPUREF_ERR_PARSE, "found hex '0x10'" },
    { "bad_negative.yaml", 2, 7, GPUREF_ERR_PARSE, "non-negative decimal integer" },
    { "bad_dup_test.yaml", 9, 5, GPUREF_ERR_PARSE, "duplicate test name 'same' (first at line 3)" },
    { "bad_dup_key.yaml", 6, 5, GPUREF_ERR_PARSE, "duplicate key 'name'" },
    { "bad_dup_reg.yaml", 9, 9, GPUREF_ERR_PARSE, "duplicate register 'r1' (first at line 7)" },
    { "bad_both_program_words.yaml", 6, 5, GPUREF_ERR_PARSE, "either program or words" },
    { "bad_no_program.yaml", 3, 5, GPUREF_ERR_PARSE, "missing program or words" },
    { "bad_too_wide.yaml", 7, 13, GPUREF_ERR_RANGE, "does not fit 4-bit register c1" },
    { "bad_lane_count.yaml", 7, 13, GPUREF_ERR_RANGE, "expected 32 values (one per lane)" },
    { "bad_lane_range.yaml", 7, 9, GPUREF_ERR_RANGE, "lane 32 out of range" },
    { "bad_reg_index.yaml", 7, 9, GPUREF_ERR_RANGE, "register r128 out of range" },
    { "bad_reg_name.yaml", 7, 9, GPUREF_ERR_RANGE, "unknown register file 'q'" },
    { "bad_single_index.yaml", 7, 9, GPUREF_ERR_PARSE, "'mask' is a single register" },
    { "bad_regs_value_type.yaml", 7, 13, GPUREF_ERR_PARSE, "found a mapping" },
    { "bad_type_tests.yaml", 3, 3, GPUREF_ERR_PARSE, "tests: expected a list" },
    { "bad_type_init.yaml", 5, 11, GPUREF_ERR_PARSE, "init: expected a mapping, found a list" },
    { "bad_key_type.yaml", 5, 7, GPUREF_ERR_PARSE, "keys must be strings" },
    { "bad_alias_loop.yaml", 2, 8, GPUREF_ERR_PARSE, "expected a mapping, found a list" },
    { "bad_test_name.yaml", 3, 11, GPUREF_ERR_PARSE, "not a valid test name" },
    { "bad_asm.yaml", 12, 0, GPUREF_ERR_ASM, "program:" },
    { "bad_no_expectation.yaml", 5, 13, GPUREF_ERR_PARSE, "at least one expectation" },
    { "bad_empty_words.yaml", 4, 12, GPUREF_ERR_PARSE, "empty list" },
    { "bad_wide_word.yaml", 4, 20, GPUREF_ERR_RANGE, "does not fit 32-bit word" },
    { "bad_mem_space.yaml", 7, 18, GPUREF_ERR_RANGE, "unknown memory space 'g' (spaces: c0," },
    { "bad_trace_order.yaml", 8, 18, GPUREF_ERR_PARSE, "must be greater than the previous" },
    { "bad_trace_beyond.yaml", 9, 11, GPUREF_ERR_RANGE, "step 2 is not below steps (2)" },
    { "bad_config.yaml", 4, 13, GPUREF_ERR_CONFIG, "config: " },
    { "bad_folded.yaml", 4, 14, GPUREF_ERR_PARSE, "literal block" },
    { "bad_nul.yaml", 2, 10, GPUREF_ERR_PARSE, "NUL character" },
    { "bad_wave_range.yaml", 8, 9, GPUREF_ERR_RANGE, "wave 2 out of range in 'w2:s1'" },
    { "bad_wave_default.yaml", 7, 9, GPUREF_ERR_RANGE, "the config has 1 wave: w0..w0" },
    { "bad_wave_prefix.yaml", 8, 9, GPUREF_ERR_PARSE, "bad wave prefix in 'w01:s1'" },
    { "bad_wave_overlap.yaml", 9, 9, GPUREF_ERR_PARSE, "w1:r1[3] overlaps r1 (line 8)" },
    { "bad_trace_wave.yaml", 9, 17, GPUREF_ERR_RANGE, "trace: wave 2 out of range" },
    { "bad_trace_wave_order.yaml", 9, 18, GPUREF_ERR_PARSE, "order entries by step, then wave" },
};

static void test_bad_files(void)
{
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const bad_case *b = &bad[i];
        const char *path = data(b->file);
        gpuref_vec_file *f = (gpuref_vec_file *)1;
        gpuref_diag d = { 0, 0, 0, "" };
        int rc = gpuref_vec_load(path, &f, &d);
        tu_check(rc != GPUREF_OK && f == NULL, "%s: loaded (rc %d)", b->file, rc);
        if (rc == GPUREF_OK) {
            gpuref_vec_free(f);
            continue;
        }
        char prefix[1100];
        if (b->col)
            snprintf(prefix, sizeof prefix, "%s:%u:%u: ", path, b->line, b->col);
        else
            snprintf(prefix, sizeof prefix, "%s:%u:", path, b->line);
        tu_check(rc == b->status && d.status == rc, "%s: status %d, expected %d (%s)", b->file, rc,
              b->status, d.msg);
        tu_check(d.line == b->line && (b->col == 0 || d.col == b->col),
              "%s: at %u:%u, expected %u:%u (%s)", b->file, d.line, d.col, b->line, b->col,
              d.msg);
        tu_check(strncmp(d.msg, prefix, strlen(prefix)) == 0, "%s: message '%s' does not start '%s'",
              b->file, d.msg, prefix);
        tu_check(strstr(d.msg, b->phrase) != NULL, "%s: message '%s' lacks '%s'", b->file, d.msg,
              b->phrase);
        tu_check(strchr(d.msg, '\n') == NULL, "%s: message is not one line", b->file);
    }
    /* unreadable */
    gpuref_vec_file *f = NULL;
    gpuref_diag d = { 0, 0, 0, "" };
    int rc = gpuref_vec_load(data("no_such_file.yaml"), &f, &d);
    tu_check(rc == GPUREF_ERR_IO && !f && strstr(d.msg, "cannot open"), "missing file: %d %s", rc,
          d.msg);
    rc = gpuref_vec_load(datadir, &f, &d);
    tu_check(rc == GPUREF_ERR_IO && !f, "directory: %d %s", rc, d.msg);
    rc = gpuref_vec_load(NULL, &f, &d);
    tu_check(rc == GPUREF_ERR_ARG, "NULL path: %d", rc);
}

/* --------------------------------------------------------- valid file */

static void test_valid_file(void)
{
    gpuref_vec_file *f = NULL;
    gpuref_diag d = { 0, 0, 0, "" };
    int rc = gpuref_vec_load(data("valid.yaml"), &f, &d);
    tu_check(rc == GPUREF_OK && f, "valid.yaml: %s", d.msg);
    if (!f)
        return;
    tu_check(strcmp(f->isa, "nv50") == 0, "isa %s", f->isa);
    tu_check(f->comment && strcmp(f->comment, "loader fixture") == 0, "file comment");
    tu_check(f->has_seed && f->seed == 12345, "seed");
    tu_check(f->ntests == 2, "ntests %zu", f->ntests);
    if (f->ntests != 2) {
        gpuref_vec_free(f);
        return;
    }
    const gpuref_vec_test *t = &f->tests[0];
    tu_check(strcmp(t->name, "full.form-1") == 0, "name %s", t->name);
    tu_check(gpuref_vec_find_test(f, "program_text") == &f->tests[1], "find_test");
    tu_check(gpuref_vec_find_test(f, "nope") == NULL, "find_test missing");
    tu_check(t->loc.line == 6 && t->loc.col == 5, "test loc %u:%u", t->loc.line, t->loc.col);
    tu_check(t->comment && strcmp(t->comment, "every key") == 0, "comment");
    tu_check(t->config && strcmp(t->config, "threads=32") == 0, "config");
    tu_check(t->config_loc.line == 8 && t->config_loc.col == 13, "config loc");
    tu_check(t->base == 0x100 && t->max_steps == 50, "base/max_steps");
    tu_check(t->ninit_regs == 6, "ninit_regs %zu", t->ninit_regs);
    if (t->ninit_regs == 6) {
        const gpuref_vec_regval *r = t->init_regs;
        tu_check(strcmp(r[0].key, "r1") == 0 && r[0].nvalues == 1 && r[0].values[0] == 0xffffffffu &&
                  r[0].reg.lane_lo == 0 && r[0].reg.lane_hi == 31 && !r[0].reg.lane_sel,
              "r1 all lanes");
        tu_check(r[0].loc.line == 13 && r[0].loc.col == 9 && r[0].vloc.line == 13 &&
                  r[0].vloc.col == 13, "r1 loc %u:%u value %u:%u", r[0].loc.line, r[0].loc.col,
              r[0].vloc.line, r[0].vloc.col);
        tu_check(r[1].reg.index == 2 && r[1].reg.lane_lo == 3 && r[1].reg.lane_hi == 3 &&
                  r[1].reg.lane_sel && r[1].values[0] == 1, "r2[3]");
        tu_check(r[2].reg.index == 4 && r[2].reg.lane_lo == 0 && r[2].reg.lane_hi == 3 &&
                  r[2].values[0] == 5, "r4[0:3]");
        tu_check(r[3].nvalues == 32 && r[3].values[0] == 0 && r[3].values[31] == 0x1f &&
                  gpuref_vec_regval_lane(&r[3], 17) == 0x11, "r5 per-lane list");
        tu_check(r[4].nvalues == 2 && gpuref_vec_regval_lane(&r[4], 8) == 0xa &&
                  gpuref_vec_regval_lane(&r[4], 9) == 0xb, "r6[8:9] list");
        tu_check(strcmp(r[5].reg.name, "c") == 0 && r[5].reg.index == 1 && r[5].reg.width == 4 &&
                  r[5].values[0] == 0xf, "c1 unquoted hex");
    }
    tu_check(t->ninit_mem == 1 && t->init_mem[0].space >= 0 &&
              strcmp(t->init_mem[0].space_name, "c0") == 0 && t->init_mem[0].addr == 0x10 &&
              t->init_mem[0].nwords == 2 && t->init_mem[0].words[1] == 0xffffffffu,
          "init.mem");
    tu_check(t->program == NULL && t->nwords == 3 && t->words[2] == 0xdeadbeefu, "words");
    tu_check(t->words_loc.line == 26 && t->words_loc.col == 12, "words loc %u:%u",
          t->words_loc.line, t->words_loc.col);
    tu_check(t->nexp_regs == 3, "nexp_regs");
    if (t->nexp_regs == 3) {
        tu_check(strcmp(t->exp_regs[1].reg.name, "c") == 0 && t->exp_regs[1].reg.index == 0 &&
                  t->exp_regs[1].reg.lane_lo == 0 && t->exp_regs[1].reg.lane_hi == 0,
              "c0[0]");
        tu_check(strcmp(t->exp_regs[2].reg.name, "mask") == 0 && t->exp_regs[2].reg.lanes == 1 &&
                  t->exp_regs[2].reg.count == 1, "mask");
    }
    tu_check(t->nexp_mem == 1 && t->exp_mem[0].nwords == 2 && t->exp_mem[0].words[0] == 1,
          "expect.mem");
    tu_check(t->has_steps && t->steps == 3 && t->steps_loc.line == 34, "steps");
    tu_check(t->error && strcmp(t->error, "unimplemented") == 0 && t->error_loc.line == 35,
          "error");
    tu_check(t->ntrace == 2, "ntrace");
    if (t->ntrace == 2) {
        tu_check(t->trace[0].step == 0 && t->trace[0].has_pc && t->trace[0].pc == 0x100 &&
                  t->trace[0].nregs == 0 && t->trace[0].loc.line == 37 &&
                  t->trace[0].loc.col == 11, "trace 0");
        tu_check(t->trace[1].step == 2 && !t->trace[1].has_pc && t->trace[1].nregs == 2 &&
                  strcmp(t->trace[1].regs[1].reg.name, "pc") == 0 &&
                  t->trace[1].regs[1].values[0] == 0x118, "trace 1");
    }
    const gpuref_vec_test *p = &f->tests[1];
    tu_check(p->program && strstr(p->program, "exit nop") && p->nwords > 0, "program text");
    tu_check(p->program_loc.line == 43 && p->program_loc.col == 7, "program loc %u:%u",
          p->program_loc.line, p->program_loc.col);
    tu_check(p->max_steps == GPUREF_VEC_DEFAULT_MAX_STEPS && p->base == 0 && !p->config,
          "defaults");
    uint32_t *w = NULL;
    size_t nw = 0;
    rc = gpuref_vec_program(f, p, &w, &nw, &d);
    tu_check(rc == GPUREF_OK && nw == p->nwords && memcmp(w, p->words, nw * 4) == 0,
          "vec_program copy");
    free(w);

    /* setup applies program, init.mem, init.regs */
    gpuref_model *m = NULL;
    rc = gpuref_vec_setup(f, t, &m, &d);
    tu_check(rc == GPUREF_OK && m, "setup: %s", d.msg);
    if (m) {
        uint64_t v = 0;
        int fr = gpuref_regfile_lookup(m, "r"), fc = gpuref_regfile_lookup(m, "c");
        int fpc = gpuref_regfile_lookup(m, "pc");
        gpuref_reg_get(m, fr, 1, 31, &v);
        tu_check(v == 0xffffffffu, "setup r1 lane 31 = %llx", (unsigned long long)v);
        gpuref_reg_get(m, fr, 2, 3, &v);
        tu_check(v == 1, "setup r2 lane 3");
        gpuref_reg_get(m, fr, 2, 2, &v);
        tu_check(v == 0, "setup r2 lane 2 untouched");
        gpuref_reg_get(m, fr, 4, 3, &v);
        tu_check(v == 5, "setup r4 lane 3");
        gpuref_reg_get(m, fr, 4, 4, &v);
        tu_check(v == 0, "setup r4 lane 4 untouched");
        gpuref_reg_get(m, fr, 5, 30, &v);
        tu_check(v == 0x1e, "setup r5 lane 30");
        gpuref_reg_get(m, fc, 1, 0, &v);
        tu_check(v == 0xf, "setup c1");
        gpuref_reg_get(m, fpc, 0, 0, &v);
        tu_check(v == 0x100, "setup pc = base (%llx)", (unsigned long long)v);
        uint8_t b[8] = { 0 };
        gpuref_mem_read(m, gpuref_mem_lookup(m, "c0"), 0x10, b, 8);
        tu_check(b[0] == 1 && b[1] == 0 && b[4] == 0xff && b[7] == 0xff, "setup mem LE");
        gpuref_model_destroy(m);
    }
    gpuref_vec_free(f);
}

/* ------------------------------------------------------- register keys */

static void test_parse_reg(void)
{
    gpuref_model *m = NULL;
    gpuref_diag d = { 0, 0, 0, "" };
    int rc = gpuref_model_create("nv50", NULL, &m, &d);
    tu_check(rc == GPUREF_OK, "model_create: %s", d.msg);
    if (!m)
        return;
    gpuref_vec_reg r;
    char buf[64];
    static const struct {
        const char *key;
        int ok;
        const char *canon;
        unsigned lo, hi;
    } cases[] = {
        { "r3", 1, "r3", 0, 31 },        { "r127", 1, "r127", 0, 31 },
        { "c0[5]", 1, "c0[5]", 5, 5 },   { "r4[0:15]", 1, "r4[0:15]", 0, 15 },
        { "mask", 1, "mask", 0, 0 },     { "mask[0]", 1, "mask[0]", 0, 0 },
        { "sr1", 1, "sr1", 0, 31 },      { "a7[31]", 1, "a7[31]", 31, 31 },
        { "r128", 0, NULL, 0, 0 },       { "r", 0, NULL, 0, 0 },
        { "r03", 0, NULL, 0, 0 },        { "r3[32]", 0, NULL, 0, 0 },
        { "r3[5:4]", 0, NULL, 0, 0 },    { "r3[1", 0, NULL, 0, 0 },
        { "r3[1]x", 0, NULL, 0, 0 },     { "r3[]", 0, NULL, 0, 0 },
        { "r3[-1]", 0, NULL, 0, 0 },     { "r3[01]", 0, NULL, 0, 0 },
        { "mask0", 0, NULL, 0, 0 },      { "mask[1]", 0, NULL, 0, 0 },
        { "", 0, NULL, 0, 0 },           { "[0]", 0, NULL, 0, 0 },
        { "x5", 0, NULL, 0, 0 },         { "r 3", 0, NULL, 0, 0 },
        { "r3[0:31] ", 0, NULL, 0, 0 },  { "r99999999999", 0, NULL, 0, 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        d.msg[0] = '\0';
        rc = gpuref_vec_parse_reg(m, cases[i].key, &r, &d);
        if (cases[i].ok) {
            tu_check(rc == GPUREF_OK, "parse_reg '%s': %s", cases[i].key, d.msg);
            if (rc)
                continue;
            gpuref_vec_format_reg(&r, buf, sizeof buf);
            tu_check(strcmp(buf, cases[i].canon) == 0 && r.lane_lo == cases[i].lo &&
                      r.lane_hi == cases[i].hi, "parse_reg '%s' -> '%s' %u:%u", cases[i].key,
                  buf, r.lane_lo, r.lane_hi);
        } else {
            tu_check(rc != GPUREF_OK && d.msg[0], "parse_reg '%s' accepted", cases[i].key);
        }
    }
    rc = gpuref_vec_parse_reg(m, "c2", &r, &d);
    tu_check(rc == GPUREF_OK && r.width == 4 && r.count == 4 && r.lanes == 32 && r.index == 2,
          "c2 info");

    uint64_t v;
    tu_check(gpuref_vec_parse_hex("0x0", &v) == 0 && v == 0, "hex 0x0");
    tu_check(gpuref_vec_parse_hex("0xDEADbeef", &v) == 0 && v == 0xdeadbeefu, "hex mixed case");
    tu_check(gpuref_vec_parse_hex("0x0000000000000000ffffffffffffffff", &v) == 0 && v == ~0ull,
          "hex leading zeros");
    tu_check(gpuref_vec_parse_hex("0x10000000000000000", &v) != 0, "hex 65 bits");
    tu_check(gpuref_vec_parse_hex("0X10", &v) != 0, "hex 0X");
    tu_check(gpuref_vec_parse_hex("10", &v) != 0, "hex without 0x");
    tu_check(gpuref_vec_parse_hex("0x", &v) != 0, "hex empty");
    tu_check(gpuref_vec_parse_hex("0x1 ", &v) != 0, "hex trailing blank");
    tu_check(gpuref_vec_parse_hex("-0x1", &v) != 0, "hex negative");
    gpuref_model_destroy(m);
}

/* ----------------------------------------------------------- running */

static gpuref_vec_file *load_str(const char *name, const char *text)
{
    gpuref_vec_file *f = NULL;
    gpuref_diag d = { 0, 0, 0, "" };
    int rc = gpuref_vec_load_string(name, text, strlen(text), &f, &d);
    tu_check(rc == GPUREF_OK, "%s: %s", name, d.msg);
    return f;
}

/* threads=4: lanes 0..3 execute.  r1 = 0xffffffff, r2 lane 3 = 1:
 * r3 = r1 + r2 = 0xffffffff (lanes 0..2), 0x00000000 (lane 3, wraps), lanes 4..31
 * are not written (0).  add (short, padded to long for the 8-byte aligned mov
 * immediate) at 0x0, mov at 0x8, exit at 0x10: 3 steps.  exit: exited = 0xf. */
static const char run_yaml[] =
    "isa: nv50\n"
    "tests:\n"
    "  - name: pass\n"
    "    config: \"threads=4\"\n"
    "    init:\n"
    "      regs: {r1: \"0xffffffff\", \"r2[3]\": \"0x1\"}\n"
    "    program: |\n"
    "      add b32 $r3 $r1 $r2\n"
    "      mov b32 $r4 0xdeadbeef\n"
    "      exit nop\n"
    "    expect:\n"
    "      regs:\n"
    "        r3[0:2]: \"0xffffffff\"\n"
    "        r3[3]: \"0x0\"\n"
    "        r3[4:31]: \"0x0\"\n"
    "        r4[0:3]: \"0xdeadbeef\"\n"
    "        mask: \"0x0\"\n"
    "        exited: \"0xf\"\n"
    "      steps: 3\n"
    "      trace:\n"
    "        - {step: 0, pc: \"0x0\", regs: {\"r3[3]\": \"0x0\", \"r3[0]\": \"0xffffffff\"}}\n"
    "        - {step: 1, pc: \"0x8\", regs: {\"r4[0]\": \"0xdeadbeef\"}}\n"
    "        - {step: 2, pc: \"0x10\"}\n"
    "  - name: fail\n"                                   /* line 24 */
    "    config: \"threads=4\"\n"
    "    init:\n"
    "      regs: {r1: \"0xffffffff\", \"r2[3]\": \"0x1\"}\n"
    "    program: |\n"
    "      add b32 $r3 $r1 $r2\n"
    "      mov b32 $r4 0xdeadbeef\n"
    "      exit nop\n"
    "    expect:\n"
    "      regs:\n"
    "        r3[3]: \"0x1\"\n"                            /* line 34 */
    "      steps: 4\n"
    "      trace:\n"
    "        - {step: 1, pc: \"0xc\"}\n"                  /* line 37 */
    "        - {step: 3, regs: {mask: \"0x0\"}}\n"
    "  - name: limit\n"
    "    max_steps: 5\n"
    "    program: |\n"
    "      top: bra top\n"
    "    expect: {error: \"step limit\", steps: 5}\n"
    "  - name: limit_wrong_text\n"
    "    max_steps: 3\n"
    "    program: |\n"
    "      bra 0x0\n"
    "    expect: {error: \"no such text\"}\n"
    "  - name: no_error\n"
    "    program: |\n"
    "      exit nop\n"
    "    expect: {error: \"anything\"}\n"
    "  - name: unexpected_limit\n"
    "    max_steps: 2\n"
    "    program: |\n"
    "      bra 0x0\n"
    "    expect: {steps: 2}\n";

typedef struct step_log {
    unsigned n;
    uint64_t pcs[8];
} step_log;

static void on_step(void *ctx, const gpuref_vec_test *t, gpuref_model *m, const gpuref_retire *rr)
{
    (void)t;
    (void)m;
    step_log *l = ctx;
    if (l->n < 8)
        l->pcs[l->n] = rr->pc;
    l->n++;
}

/* Wave prefixes, and keys through the ISA's register names. */
static void test_wave_keys(void)
{
    gpuref_model *m = NULL;
    gpuref_diag d = { 0, 0, 0, "" };
    int rc = gpuref_model_create("nv50", "waves=3", &m, &d);
    tu_check(rc == GPUREF_OK, "model_create waves=3: %s", d.msg);
    if (!m)
        return;
    gpuref_vec_reg r;
    char buf[64];
    static const struct {
        const char *key;
        int ok, wave;
        const char *canon;
    } cases[] = {
        { "w0:r3", 1, 0, "w0:r3" },            { "w2:r4[0:15]", 1, 2, "w2:r4[0:15]" },
        { "w1:mask", 1, 1, "w1:mask" },         { "r3", 1, -1, "r3" },
        { "w3:r3", 0, 0, NULL },                { "w01:r3", 0, 0, NULL },
        { "w:r3", 0, 0, NULL },                 { "w1r3", 0, 0, NULL },
        { "w1:", 0, 0, NULL },                  { "w1:w1:r3", 0, 0, NULL },
        { "w99999999999:r3", 0, 0, NULL },      { "w1:r3[0", 0, 0, NULL },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        d.msg[0] = '\0';
        rc = gpuref_vec_parse_reg(m, cases[i].key, &r, &d);
        if (cases[i].ok) {
            tu_check(rc == GPUREF_OK && r.wave == cases[i].wave, "parse_reg '%s': %s (wave %d)",
                  cases[i].key, d.msg, r.wave);
            if (rc)
                continue;
            gpuref_vec_format_reg(&r, buf, sizeof buf);
            tu_check(strcmp(buf, cases[i].canon) == 0, "parse_reg '%s' -> '%s'", cases[i].key, buf);
        } else {
            tu_check(rc != GPUREF_OK && d.msg[0], "parse_reg '%s' accepted", cases[i].key);
        }
    }
    gpuref_model_destroy(m);

    /* every register of every file, named by the ISA, is a valid key of the
     * same register (the loader parses what gpuref_reg_name prints) */
    static const char *isas[] = { "nv50", "rdna4" };
    for (size_t k = 0; k < sizeof isas / sizeof isas[0]; k++) {
        m = NULL;
        if (gpuref_model_create(isas[k], NULL, &m, &d) != GPUREF_OK || !m) {
            tu_check(0, "model_create %s: %s", isas[k], d.msg);
            continue;
        }
        unsigned bad = 0, n = 0;
        for (int f = 0; f < gpuref_regfile_count(m); f++) {
            gpuref_regfile_info fi;
            if (gpuref_regfile_get_info(m, f, &fi) != GPUREF_OK)
                continue;
            for (unsigned i = 0; i < fi.count; i++, n++) {
                char name[48];
                gpuref_reg_name(m, f, i, name, sizeof name);
                if (gpuref_vec_parse_reg(m, name, &r, &d) != GPUREF_OK || r.file != f ||
                    r.index != i || strcmp(r.rname, name) != 0) {
                    if (bad++ < 3)
                        tu_check(0, "%s: key '%s' (file %d index %u): %s", isas[k], name, f, i,
                              d.msg);
                }
            }
        }
        tu_check(bad == 0 && n > 0, "%s: %u of %u register names are not keys", isas[k], bad, n);
        gpuref_model_destroy(m);
    }
}

/* Two NV50 warps from different registers.  add b32 wraps mod 2^32
 * (model/nv50/README.md); warps step round robin from warp 0. */
static const char waves_yaml[] =
    "isa: nv50\n"
    "tests:\n"
    "  - name: pass\n"
    "    config: \"waves=2\"\n"
    "    init:\n"
    "      regs:\n"
    "        w0:r1: \"0x00000010\"\n"
    "        w1:r1: \"0xfffffffe\"\n"
    "        r2: \"0x00000003\"\n"
    "    program: |\n"
    "      add b32 $r3 $r1 $r2\n"
    "      exit nop\n"
    "    expect:\n"
    "      regs:\n"
    "        w0:r3: \"0x00000013\"\n"
    "        w1:r3: \"0x00000001\"\n"
    "      steps: 4\n"
    "      trace:\n"
    "        - {step: 0, wave: 1, regs: {r3: \"0x00000001\"}}\n"
    "  - name: fail\n"
    "    config: \"waves=2\"\n"
    "    init:\n"
    "      regs:\n"
    "        w1:r1: \"0x00000001\"\n"
    "    program: |\n"
    "      add b32 $r3 $r1 $r1\n"
    "      exit nop\n"
    "    expect:\n"
    "      regs:\n"
    "        r3: \"0x00000002\"\n"
    "      trace:\n"
    "        - {step: 0, wave: 1, regs: {r3: \"0x00000003\"}}\n"
    "        - {step: 5, wave: 1, pc: \"0x0\"}\n";

static void test_waves_run(void)
{
    gpuref_vec_file *f = load_str("waves.yaml", waves_yaml);
    if (!f)
        return;
    gpuref_vec_result *res = malloc(sizeof *res);
    if (!res) {
        gpuref_vec_free(f);
        return;
    }
    int rc = gpuref_vec_run_test(f, gpuref_vec_find_test(f, "pass"), NULL, res);
    tu_check(rc == GPUREF_OK && res->nfail == 0 && res->steps == 4, "waves pass: %d %d\n%s", rc,
          res->nfail, res->report);
    rc = gpuref_vec_run_test(f, gpuref_vec_find_test(f, "fail"), NULL, res);
    /* r3 without a prefix is checked on each warp: warp 0 has 0 + 0 = 0 */
    tu_check(rc == GPUREF_OK && res->nfail == 3, "waves fail: nfail %d\n%s", res->nfail,
          res->report);
    tu_check(strstr(res->report, "fail: w0:r3 lane 0: expected 0x00000002, actual 0x00000000") &&
              !strstr(res->report, "w1:r3 lane"),
          "waves fail: every-wave report\n%s", res->report);
    tu_check(strstr(res->report, "fail: wave 1 step 0: r3 lane 0: expected 0x00000003, actual "
                              "0x00000002") != NULL, "waves fail: trace report\n%s", res->report);
    tu_check(strstr(res->report, "trace wave 1 step 5: never retired (2 steps of that wave)") !=
              NULL, "waves fail: trace beyond\n%s", res->report);
    free(res);
    gpuref_vec_free(f);
}

static void test_run(void)
{
    gpuref_vec_file *f = load_str("run.yaml", run_yaml);
    if (!f)
        return;
    gpuref_vec_result *res = malloc(sizeof *res);
    if (!res) {
        gpuref_vec_free(f);
        return;
    }
    step_log log = { 0, { 0 } };
    gpuref_vec_run_opts o = { 0, on_step, &log };

    int rc = gpuref_vec_run_test(f, gpuref_vec_find_test(f, "pass"), &o, res);
    tu_check(rc == GPUREF_OK && res->nfail == 0 && res->run_status == GPUREF_OK &&
              res->steps == 3, "pass: rc %d nfail %d steps %llu\n%s", rc, res->nfail,
          (unsigned long long)res->steps, res->report);
    tu_check(log.n == 3 && log.pcs[0] == 0 && log.pcs[1] == 8 && log.pcs[2] == 0x10,
          "on_step calls %u", log.n);

    rc = gpuref_vec_run_test(f, gpuref_vec_find_test(f, "fail"), NULL, res);
    tu_check(rc == GPUREF_OK && res->nfail == 4, "fail: nfail %d\n%s", res->nfail, res->report);
    tu_check(strstr(res->report, "fail: step 1: pc: expected 0xc, actual 0x8 (run.yaml:37:11)") !=
              NULL, "fail: pc report\n%s", res->report);
    tu_check(strstr(res->report,
                 "fail: r3 lane 3: expected 0x00000001, actual 0x00000000 (run.yaml:34:9)") !=
              NULL, "fail: register report\n%s", res->report);
    tu_check(strstr(res->report, "steps: expected 4, actual 3") != NULL, "fail: steps report");
    tu_check(strstr(res->report, "trace step 3: never retired") != NULL, "fail: trace beyond");

    rc = gpuref_vec_run_test(f, gpuref_vec_find_test(f, "limit"), NULL, res);
    tu_check(rc == GPUREF_OK && res->nfail == 0 && res->run_status == GPUREF_ERR_LIMIT &&
              res->steps == 5, "limit: %d %d\n%s", res->nfail, res->run_status, res->report);

    gpuref_vec_run_opts o3 = { 3, NULL, NULL };
    rc = gpuref_vec_run_test(f, gpuref_vec_find_test(f, "limit"), &o3, res);
    tu_check(rc == GPUREF_OK && res->nfail == 1 && res->steps == 3 &&
              strstr(res->report, "steps: expected 5, actual 3"),
          "limit with max_steps override\n%s", res->report);

    rc = gpuref_vec_run_test(f, gpuref_vec_find_test(f, "limit_wrong_text"), NULL, res);
    tu_check(rc == GPUREF_OK && res->nfail == 1 &&
              strstr(res->report, "expected an error containing 'no such text', actual"),
          "limit_wrong_text\n%s", res->report);

    rc = gpuref_vec_run_test(f, gpuref_vec_find_test(f, "no_error"), NULL, res);
    tu_check(rc == GPUREF_OK && res->nfail == 1 && strstr(res->report, "ended after 1 steps"),
          "no_error\n%s", res->report);

    rc = gpuref_vec_run_test(f, gpuref_vec_find_test(f, "unexpected_limit"), NULL, res);
    tu_check(rc == GPUREF_OK && res->nfail == 1 && strstr(res->report, "the run stopped after 2"),
          "unexpected_limit\n%s", res->report);

    /* the checks one by one, as a lockstep bench calls them */
    const gpuref_vec_test *t = gpuref_vec_find_test(f, "pass");
    gpuref_model *m = NULL;
    gpuref_diag d = { 0, 0, 0, "" };
    gpuref_retire *rr = malloc(sizeof *rr);
    char rep[256];
    if (rr && gpuref_vec_setup(f, t, &m, &d) == GPUREF_OK) {
        int fails = 0;
        uint64_t n = 0;
        while (!gpuref_finished(m) && n < 10 && gpuref_step(m, rr) == GPUREF_OK) {
            fails += gpuref_vec_check_step(t, m, rr, rep, sizeof rep);
            n++;
        }
        fails += gpuref_vec_check_final(t, m, GPUREF_OK, NULL, n, rep, sizeof rep);
        tu_check(fails == 0 && rep[0] == '\0', "manual pass: %d %s", fails, rep);
        fails = gpuref_vec_check_final(t, m, GPUREF_OK, NULL, 4, rep, 40);
        tu_check(fails == 1 && strlen(rep) == 39, "report truncated to its buffer: '%s'", rep);
        rr->seq = 1;
        rr->pc = 0x10;
        fails = gpuref_vec_check_step(t, m, rr, rep, sizeof rep);
        tu_check(fails == 1 &&
                  strstr(rep, "pass: step 1: pc: expected 0x8, actual 0x10 (run.yaml:22:"),
              "check_step pc: %s", rep);
        rr->seq = 5;
        tu_check(gpuref_vec_check_step(t, m, rr, rep, sizeof rep) == 0 && !rep[0], "no entry");
        gpuref_model_destroy(m);
    } else {
        tu_check(0, "setup for manual checks: %s", d.msg);
    }
    free(rr);

    /* words: the same program given as machine words assembles to the same run */
    char *yaml = malloc(4096);
    const gpuref_vec_test *tp = gpuref_vec_find_test(f, "pass");
    if (yaml && tp) {
        size_t o2 = (size_t)snprintf(yaml, 4096,
                                     "isa: nv50\ntests:\n  - name: words\n    config: "
                                     "\"threads=4\"\n    words: [");
        for (size_t i = 0; i < tp->nwords; i++)
            o2 += (size_t)snprintf(yaml + o2, 4096 - o2, "%s\"0x%08x\"", i ? ", " : "",
                                   (unsigned)tp->words[i]);
        snprintf(yaml + o2, 4096 - o2,
                 "]\n    expect:\n      regs: {\"r4[3]\": \"0xdeadbeef\", \"r4[4]\": \"0x0\"}\n"
                 "      steps: 3\n");
        gpuref_vec_file *fw = load_str("words.yaml", yaml);
        if (fw) {
            rc = gpuref_vec_run_test(fw, &fw->tests[0], NULL, res);
            tu_check(rc == GPUREF_OK && res->nfail == 0, "words run\n%s", res->report);
            gpuref_vec_free(fw);
        }
    }
    free(yaml);
    free(res);
    gpuref_vec_free(f);
}

/* ------------------------------------------------ anchors and aliases */

/* Load text from a file through both entry points (whole file, and the
 * stream `gpuref run` uses); *ntests = tests the stream gave. */
static int load_both(const char *text, gpuref_diag *dw, gpuref_diag *ds, size_t *ntests)
{
    char path[] = "/tmp/gpuref_test_alias_XXXXXX";
    int fd = mkstemp(path), rcw = -1, rcs = -1;
    FILE *fp = fd >= 0 ? fdopen(fd, "wb") : NULL;
    *ntests = 0;
    if (!fp)
        return -1;
    fputs(text, fp);
    fclose(fp);
    gpuref_vec_file *f = NULL;
    rcw = gpuref_vec_load(path, &f, dw);
    gpuref_vec_free(f);
    gpuref_vec_stream *st = NULL;
    rcs = gpuref_vec_open(path, &st, ds);
    if (rcs == GPUREF_OK) {
        const gpuref_vec_test *t = NULL;
        int r;
        while ((r = gpuref_vec_next(st, &t, ds)) == 1)
            (*ntests)++;
        if (r < 0)
            rcs = GPUREF_ERR_PARSE;
    }
    gpuref_vec_close(st);
    remove(path);
    return rcw == rcs ? rcw : -2;
}

/* YAML anchors (1.1 section 3.2.2.2 / libyaml's loader): an alias may name an
 * anchor defined anywhere earlier in the document, also on a top-level key's
 * value outside `tests`; a second anchor of the same name, and an alias with no
 * anchor before it, are errors at that line.  Whole-file and streamed loading
 * agree (the stream once failed on the first case and accepted the others). */
static void test_anchors(void)
{
    gpuref_diag dw = { 0, 0, 0, "" }, ds = dw;
    size_t n = 0;
    tu_test("alias of a top-level value inside a test");
    int rc = load_both("isa: nv50\n"
                       "comment: &c \"x\"\n"
                       "tests:\n"
                       "  - name: a\n"
                       "    comment: *c\n"
                       "    program: \"exit nop\"\n"
                       "    expect: {steps: 1}\n", &dw, &ds, &n);
    tu_check(rc == GPUREF_OK && n == 1, "rc %d, %zu tests: %s / %s", rc, n, dw.msg, ds.msg);

    tu_test("duplicate anchor: line of the second one");
    rc = load_both("isa: nv50\n"
                   "tests:\n"
                   "  - name: a\n"
                   "    comment: &a \"x\"\n"
                   "    program: &a \"exit nop\"\n"              /* line 5 */
                   "    expect: {steps: 1}\n", &dw, &ds, &n);
    tu_check(rc == GPUREF_ERR_PARSE && dw.line == 5 && ds.line == 5 &&
             strstr(dw.msg, "duplicate anchor") && strstr(ds.msg, "duplicate anchor"),
             "rc %d: %u %s / %u %s", rc, dw.line, dw.msg, ds.line, ds.msg);

    tu_test("undefined alias: its line");
    rc = load_both("isa: nv50\n"
                   "tests:\n"
                   "  - name: a\n"
                   "    program: \"exit nop\"\n"
                   "    expect: {steps: *u}\n", &dw, &ds, &n);  /* line 5 */
    tu_check(rc == GPUREF_ERR_PARSE && dw.line == 5 && ds.line == 5 &&
             strstr(dw.msg, "undefined alias") && strstr(ds.msg, "undefined alias"),
             "rc %d: %u %s / %u %s", rc, dw.line, dw.msg, ds.line, ds.msg);
}

/* ------------------------------------------------------- never crash */

static int one_line_diag(const gpuref_diag *d, const char *name)
{
    return strncmp(d->msg, name, strlen(name)) == 0 && d->msg[strlen(name)] == ':' &&
           strchr(d->msg, '\n') == NULL;
}

static void test_robustness(void)
{
    gpuref_vec_file *f = NULL;
    gpuref_diag d = { 0, 0, 0, "" };
    /* every prefix of a valid file: loads or fails with one line, never crashes */
    size_t n = strlen(run_yaml);
    unsigned bad_msgs = 0, loaded = 0;
    for (size_t k = 0; k <= n; k += 3) {
        f = NULL;
        int rc = gpuref_vec_load_string("cut.yaml", run_yaml, k, &f, &d);
        if (rc == GPUREF_OK)
            loaded++;
        else if (!one_line_diag(&d, "cut.yaml"))
            bad_msgs++;
        gpuref_vec_free(f);
    }
    tu_check(bad_msgs == 0 && loaded > 0, "prefixes: %u bad messages, %u loaded", bad_msgs, loaded);

    /* random byte changes (fixed seed) */
    char *buf = malloc(n + 1);
    uint64_t x = 0x9e3779b97f4a7c15ull;
    bad_msgs = 0;
    for (unsigned it = 0; buf && it < 400; it++) {
        memcpy(buf, run_yaml, n + 1);
        for (unsigned j = 0; j < 1 + it % 4; j++) {
            tu_xorshift(&x);
            static const char pool[] = "{}[]:,-#&*!|>'\"%@`\n \t0xZ\\";
            size_t pos = (size_t)(x % n);
            buf[pos] = (x >> 32) & 1 ? pool[(x >> 40) % (sizeof pool - 1)] : (char)(x >> 48);
        }
        f = NULL;
        int rc = gpuref_vec_load_string("mut.yaml", buf, n, &f, &d);
        if (rc != GPUREF_OK && !one_line_diag(&d, "mut.yaml"))
            bad_msgs++;
        gpuref_vec_free(f);
    }
    free(buf);
    tu_check(bad_msgs == 0, "mutations: %u bad messages", bad_msgs);

    /* deep nesting */
    size_t depth = 100000;
    char *deep = malloc(2 * depth + 32);
    if (deep) {
        size_t o = 0;
        o += (size_t)sprintf(deep, "isa: nv50\ntests: ");
        for (size_t i = 0; i < depth; i++)
            deep[o++] = '[';
        for (size_t i = 0; i < depth; i++)
            deep[o++] = ']';
        deep[o] = '\0';
        f = NULL;
        int rc = gpuref_vec_load_string("deep.yaml", deep, o, &f, &d);
        tu_check(rc == GPUREF_ERR_PARSE && !f && d.line == 2 && strstr(d.msg, "nested deeper"),
              "deep nesting: %s", d.msg);
        free(deep);
    }
    /* moderately deep nesting goes to libyaml and is rejected by the schema */
    deep = malloc(2 * 900 + 32);
    if (deep) {
        size_t o = (size_t)sprintf(deep, "isa: nv50\ntests: ");
        for (size_t i = 0; i < 900; i++)
            deep[o++] = '[';
        for (size_t i = 0; i < 900; i++)
            deep[o++] = ']';
        f = NULL;
        int rc = gpuref_vec_load_string("deep.yaml", deep, o, &f, &d);
        tu_check(rc == GPUREF_ERR_PARSE && !f &&
                  strstr(d.msg, "deep.yaml:2:9: test: expected a mapping"),
              "900 levels: %s", d.msg);
        free(deep);
    }
    /* text with an embedded NUL byte and empty input */
    static const char nul[] = "isa: nv50\0tests: []\n";
    int rc = gpuref_vec_load_string("nul.yaml", nul, sizeof nul - 1, &f, &d);
    tu_check(rc != GPUREF_OK && !f, "embedded NUL: %s", d.msg);
    rc = gpuref_vec_load_string("empty.yaml", "", 0, &f, &d);
    tu_check(rc == GPUREF_ERR_PARSE && strstr(d.msg, "empty file"), "empty input: %s", d.msg);
    rc = gpuref_vec_load_string("x", NULL, 5, &f, &d);
    tu_check(rc == GPUREF_ERR_ARG, "NULL text");
}

int main(int argc, char **argv)
{
    const char *env = getenv("GPUREF_TEST_DATA");
    if (argc > 1)
        snprintf(datadir, sizeof datadir, "%s", argv[1]);
    else if (env && *env)
        snprintf(datadir, sizeof datadir, "%s", env);
    else if (is_dir("model/tests/data"))
        snprintf(datadir, sizeof datadir, "model/tests/data");
    else {
        /* next to this source file */
        snprintf(datadir, sizeof datadir, "%s", __FILE__);
        char *slash = strrchr(datadir, '/');
        if (slash)
            snprintf(slash + 1, sizeof datadir - (size_t)(slash + 1 - datadir), "data");
        else
            snprintf(datadir, sizeof datadir, "data");
    }
    if (!is_dir(datadir)) {
        tu_test("fixtures");
        tu_check(0, "no fixture folder '%s' (give it as the argument)", datadir);
        return tu_finish();
    }
    tu_group("bad files");
    test_bad_files();
    tu_group("valid file");
    test_valid_file();
    tu_group("parse reg");
    test_parse_reg();
    tu_group("run");
    test_run();
    tu_group("wave keys");
    test_wave_keys();
    tu_group("waves run");
    test_waves_run();
    tu_group("anchors");
    test_anchors();
    tu_group("robustness");
    test_robustness();
    return tu_finish();
}
