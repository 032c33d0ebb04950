/* test_r700_retire.c - the R700 model on the retire contract (v2): a CF
 * instruction is one unit of kind "cf" in stream 0, an ALU instruction group
 * one unit of kind "alu group" in stream 1 with all its words (instructions
 * and literals); every GPR write carries the slot (x, y, z, w, t) that made
 * it; a failing unit leaves the state as it was; decode_unit names the slots.
 * Values are worked by hand (integer adds, 1.0 + 2.0 = 3.0). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuref.h"
#include "testutil.h"

static gpuref_model *setup(const char *text, const char *config)
{
    gpuref_model *m = NULL;
    gpuref_diag d = { 0, 0, 0, "" };
    uint32_t *w = NULL;
    size_t n = 0;
    if (gpuref_model_create("r700", config, &m, &d))
        return NULL;
    if (gpuref_assemble(gpuref_model_isa(m), text, 0, &w, &n, &d) ||
        gpuref_program_load(m, 0, w, n)) {
        printf("setup: %s\n", d.msg);
        gpuref_free(w);
        gpuref_model_destroy(m);
        return NULL;
    }
    gpuref_free(w);
    return m;
}

static const gpuref_regw *find(const gpuref_retire *rr, int file, unsigned index)
{
    for (unsigned i = 0; i < rr->nregw; i++)
        if (rr->regw[i].file == file && rr->regw[i].index == index)
            return &rr->regw[i];
    return NULL;
}

static void group_record(void)
{
    tu_test("a full group: one unit, five slots, literals, slot-tagged writes");
    gpuref_model *m = setup("ALU KC0[], KC1[]\n"
                            "  ADD_INT T1.X, T0.X, 1\n"
                            "  ADD_INT T1.Y, T0.X, literal.x\n"
                            "  ADD_INT T1.Z, T0.X, literal.y\n"
                            "  ADD_INT T1.W, T0.X, literal.z\n"
                            "  MULLO_INT * T2.X, T0.X, T0.X\n"
                            "LITERALS 2, 3, 4, 5\n"
                            "CF_END\n", "lanes=16");
    tu_check(m != NULL, "model and program");
    if (!m)
        return;
    const gpuref_isa *isa = gpuref_model_isa(m);
    int R = gpuref_regfile_lookup(m, "R");
    for (unsigned l = 0; l < 16; l++)
        gpuref_reg_set(m, R, 0, l, l);                  /* R0.x = lane */
    gpuref_retire *rr = malloc(sizeof *rr);
    tu_check(gpuref_step(m, rr) == GPUREF_OK && rr->kind == 0 && rr->stream == 0 && rr->nwords == 2,
             "the CF_ALU: kind cf, stream cf, 2 words");
    tu_check(strcmp(gpuref_unit_kind_name(isa, rr->kind), "cf") == 0, "kind name cf");
    tu_check(gpuref_step(m, rr) == GPUREF_OK, "the group steps");
    tu_check(rr->kind == 1 && rr->stream == 1, "kind alu group, stream alu clause");
    tu_check(strcmp(gpuref_unit_kind_name(isa, 1), "alu group") == 0 &&
             strcmp(gpuref_stream_name(isa, 1), "alu clause") == 0, "kind and stream names");
    tu_check(rr->nwords == 14, "5 slots x 2 words + 4 literal words = 14 (got %u)", rr->nwords);
    tu_check(rr->exec_mask == 0xffff, "16 lanes executed");
    static const unsigned idx[5] = { 4, 5, 6, 7, 8 };   /* R1.x..R1.w, R2.x */
    static const unsigned add[4] = { 1, 2, 3, 4 };      /* 1, then literal.x..z = 2, 3, 4 */
    for (unsigned u = 0; u < 5; u++) {
        const gpuref_regw *w = find(rr, R, idx[u]);
        tu_check(w != NULL && w->slot == (int)u, "write of slot %s tagged %d", gpuref_slot_name(isa, (int)u),
                 w ? w->slot : -9);
        if (!w)
            continue;
        int ok = w->lanes == 0xffff;
        for (unsigned l = 0; l < 16; l++)
            ok &= w->value[l] == (u < 4 ? l + add[u] : l * l);
        tu_check(ok, "slot %s values", gpuref_slot_name(isa, (int)u));
    }
    tu_check(strcmp(gpuref_slot_name(isa, 4), "t") == 0, "slot 4 is t");
    gpuref_unit_info ui;
    gpuref_diag d = { 0, 0, 0, "" };
    tu_check(gpuref_decode_unit(isa, 1, rr->words, rr->nwords, &ui, &d) == GPUREF_OK && ui.nslots == 5 &&
             ui.nwords == 14 && ui.slot[4].slot == 4 && strcmp(ui.slot[4].mnemonic, "MULLO_INT") == 0,
             "decode_unit: 5 slots, MULLO_INT in t");
    tu_check(gpuref_step(m, rr) == GPUREF_OK && (rr->flags & GPUREF_RETIRE_END), "CF_END ends");
    tu_check(gpuref_step(m, rr) == GPUREF_ERR_DONE, "nothing after the end");
    free(rr);
    gpuref_model_destroy(m);
}

static void failing_unit(void)
{
    tu_test("a failing group leaves the state as it was");
    gpuref_model *m = setup("ALU KC0[], KC1[]\n"
                            "  MOV T1.X, 1.0\n"
                            "  MOV * T1.Y, KC0[3].X\n"      /* kcache set 0 not locked */
                            "CF_END\n", "lanes=16");
    tu_check(m != NULL, "model");
    if (!m)
        return;
    gpuref_retire *rr = malloc(sizeof *rr);
    int R = gpuref_regfile_lookup(m, "R");
    uint64_t v = 0;
    tu_check(gpuref_step(m, rr) == GPUREF_OK, "CF_ALU");
    int st = gpuref_step(m, rr);
    tu_check(st == GPUREF_ERR_FAULT && strstr(gpuref_model_error(m), "not locked"), "located fault: %s",
             gpuref_model_error(m));
    gpuref_reg_get(m, R, 4, 0, &v);
    tu_check(v == 0, "R1.x not written");
    st = gpuref_step(m, rr);
    tu_check(st == GPUREF_ERR_FAULT, "the same group fails again");
    free(rr);
    gpuref_model_destroy(m);
}

static void bad_config(void)
{
    tu_group("config");
    gpuref_model *m = NULL;
    gpuref_diag d = { 0, 0, 0, "" };
    tu_check(gpuref_model_create("r700", "lanes=48", &m, &d) == GPUREF_ERR_CONFIG &&
             strstr(d.msg, "16, 32 or 64"), "lanes=48 rejected: %s", d.msg);
    tu_check(gpuref_model_create("r700", "gprs=128,temps=4", &m, &d) == GPUREF_ERR_CONFIG, "gprs+temps > 128");
    tu_check(gpuref_model_create("r700", "bogus=1", &m, &d) == GPUREF_ERR_CONFIG, "unknown key");
    tu_check(gpuref_model_create("r700", "waves=2,lanes=32", &m, &d) == GPUREF_OK, "waves=2");
    gpuref_model_destroy(m);
}

int main(void)
{
    group_record();
    failing_unit();
    bad_config();
    return tu_finish();
}
