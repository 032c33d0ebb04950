/* test_nvfp_retire.c - the NVFP retire record and model contract, worked
 * by hand (model/nvfp/README.md "Retire record"):
 *   - an fp32 write lists the chunk's words (file R, index chunk*4+word)
 *     with the pixels written, the format tag (file fmt) and, with 'c',
 *     the CC components; an fp16 write lists the 32-bit words it changed;
 *   - a conditional writemask lists only the pixels written;
 *   - KIL lists the kill flag of the pixels it killed;
 *   - a step that faults (a texel outside the tex space) leaves the state
 *     as it was; a bad config is rejected with the key named;
 *   - register names parse and print back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuref.h"
#include "../nvfp/nvfp.h"
#include "testutil.h"

static gpuref_model *model(const char *cfg, const char *prog)
{
    gpuref_model *m = NULL;
    gpuref_diag d = { 0, 0, 0, "" };
    if (gpuref_model_create("nvfp", cfg, &m, &d))
        return NULL;
    uint32_t *w = NULL;
    size_t n = 0;
    if (gpuref_assemble(gpuref_model_isa(m), prog, 0, &w, &n, &d) || gpuref_program_load(m, 0, w, n)) {
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

static gpuref_retire rr;

static void fp32_write(void)
{
    tu_test("MOVc R2.xz, R1: words 8 and 10, fmt2, CC.x and CC.z, four pixels");
    gpuref_model *m = model(NULL, "MOVc R2.xz, R1;");
    tu_check(m != NULL, "model");
    if (!m)
        return;
    gpuref_reg_set(m, NVFP_F_R, 4, 0, 0xbf800000u);   /* R1.x pixel 0 = -1 */
    tu_check(gpuref_step(m, &rr) == 0, "step: %s", gpuref_model_error(m));
    const gpuref_regw *x = find(&rr, NVFP_F_R, 8), *z = find(&rr, NVFP_F_R, 10);
    tu_check(x && x->lanes == 0xf && x->value[0] == 0xbf800000u && x->value[1] == 0, "R2.x");
    tu_check(z && z->lanes == 0xf && z->value[2] == 0, "R2.z");
    tu_check(!find(&rr, NVFP_F_R, 9) && !find(&rr, NVFP_F_R, 11), "R2.y, R2.w not listed");
    const gpuref_regw *f = find(&rr, NVFP_F_FMT, 2);
    tu_check(f && f->lanes == 0xf && f->value[3] == 0, "fmt2 = fp32");
    const gpuref_regw *cx = find(&rr, NVFP_F_CC, 0), *cz = find(&rr, NVFP_F_CC, 2);
    tu_check(cx && cx->value[0] == NVFP_CC_LT && cx->value[1] == NVFP_CC_EQ, "CC.x: LT, EQ");
    tu_check(cz && cz->lanes == 0xf && !find(&rr, NVFP_F_CC, 1), "CC.z listed, CC.y not");
    tu_check(rr.nwords == 4 && rr.pc == 0 && rr.next_pc == 16 && (rr.flags & GPUREF_RETIRE_END),
             "words, pc, next pc, END");
    gpuref_model_destroy(m);
}

static void fp16_write(void)
{
    tu_test("MOV H3.w(GT.x), c[0]: word 7 of chunk 1, pixels with CC.x GT only");
    gpuref_model *m = model(NULL, "MOV H3.w(GT.x), c[0].x;");
    tu_check(m != NULL, "model");
    if (!m)
        return;
    gpuref_reg_set(m, NVFP_F_C, 0, 0, 0x40000000u);           /* c0.x = 2 */
    gpuref_reg_set(m, NVFP_F_CC, 0, 1, NVFP_CC_GT);
    gpuref_reg_set(m, NVFP_F_CC, 0, 3, NVFP_CC_GT);
    tu_check(gpuref_step(m, &rr) == 0, "step: %s", gpuref_model_error(m));
    const gpuref_regw *w = find(&rr, NVFP_F_R, 7);            /* chunk 1 word 3: H3.z | H3.w << 16 */
    tu_check(w && w->lanes == 0xa && w->value[1] == 0x40000000u, "R1.w pixels 1, 3 = 0x40000000");
    tu_check(w && w->bits == 0xffff0000u, "H3.w writes bits 31:16 of R1.w only");
    const gpuref_regw *f = find(&rr, NVFP_F_FMT, 1);
    tu_check(f && f->lanes == 0xa && f->value[1] == NVFP_PR_H, "fmt1 = fp16 for pixels 1, 3");
    tu_check(rr.nregw == 2, "two writes (%u)", rr.nregw);
    gpuref_model_destroy(m);
}

static void kil_record(void)
{
    tu_test("KIL LT.x lists kill for the pixels killed");
    gpuref_model *m = model(NULL, "KIL LT.x;");
    tu_check(m != NULL, "model");
    if (!m)
        return;
    gpuref_reg_set(m, NVFP_F_CC, 0, 2, NVFP_CC_LT);
    tu_check(gpuref_step(m, &rr) == 0, "step");
    const gpuref_regw *k = find(&rr, NVFP_F_KILL, 0);
    tu_check(k && k->lanes == 0x4 && k->value[2] == 1 && rr.nregw == 1, "kill pixel 2");
    gpuref_model_destroy(m);
}

static void fault_keeps_state(void)
{
    tu_test("a texel outside the tex space faults and changes nothing");
    gpuref_model *m = model(NULL, "MOV R1, c[0];\nTEX R1, c[0], TEX0;");
    tu_check(m != NULL, "model");
    if (!m)
        return;
    gpuref_reg_set(m, NVFP_F_C, 0, 0, 0x3f800000u);          /* u = 1 */
    gpuref_reg_set(m, NVFP_F_TEX, 0, 0, 0xfffff0u);          /* base near the end */
    gpuref_reg_set(m, NVFP_F_TEX, 1, 0, 4);
    gpuref_reg_set(m, NVFP_F_TEX, 2, 0, 1);
    gpuref_reg_set(m, NVFP_F_TEX, 3, 0, 1);
    tu_check(gpuref_step(m, &rr) == 0, "MOV");
    int st = gpuref_step(m, &rr);
    tu_check(st == GPUREF_ERR_FAULT && strstr(gpuref_model_error(m), "outside the tex space"), "TEX faults: %d %s",
             st, gpuref_model_error(m));
    uint64_t v = 0, pc = 0;
    gpuref_reg_get(m, NVFP_F_R, 4, 0, &v);
    gpuref_reg_get(m, NVFP_F_PC, 0, 0, &pc);
    tu_check(v == 0x3f800000u && pc == 16, "R1.x and pc unchanged (%llx, %llx)", (unsigned long long)v,
             (unsigned long long)pc);
    gpuref_model_destroy(m);
}

static void config_and_names(void)
{
    tu_group("config and names");
    gpuref_model *m = NULL;
    gpuref_diag d = { 0, 0, 0, "" };
    tu_check(gpuref_model_create("nvfp", "frc_clamp=2", &m, &d) == GPUREF_ERR_CONFIG &&
             strstr(d.msg, "frc_clamp"), "frc_clamp=2 rejected: %s", d.msg);
    tu_check(gpuref_model_create("nvfp", "lanes=4", &m, &d) == GPUREF_ERR_CONFIG &&
             strstr(d.msg, "unknown config key 'lanes'"), "unknown key: %s", d.msg);
    tu_check(gpuref_model_create("nvfp", "kil_stop=1", &m, &d) == 0, "kil_stop=1: %s", d.msg);
    if (!m)
        return;
    static const char *const names[] = { "R0.x", "R7.w", "H15.w", "I7.y", "fmt7", "CC.z", "kill",
                                         "p11.w", "c31.x", "tex15.mode", "tex0.base", "pc" };
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
        int f = -1;
        unsigned idx = 0;
        char back[64] = "";
        int st = gpuref_reg_parse(m, names[i], &f, &idx);
        if (!st)
            gpuref_reg_name(m, f, idx, back, sizeof back);
        tu_check(st == 0 && !strcmp(back, names[i]), "%s parses and prints back (%s)", names[i], back);
    }
    static const char *const bad[] = { "R8.x", "H16.x", "I8.x", "R1", "R01.x", "CC.q", "p12.x",
                                       "c32.x", "tex16.base", "tex1.foo", "fmt8" };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int f;
        unsigned idx;
        tu_check(gpuref_reg_parse(m, bad[i], &f, &idx) != 0, "%s rejected", bad[i]);
    }
    gpuref_model_destroy(m);
}

int main(void)
{
    fp32_write();
    fp16_write();
    kil_record();
    fault_keeps_state();
    config_and_names();
    return tu_finish();
}
