/* test_rdna4_valu.c - directed checks of the RDNA4 vector ALU retire record and
 * its refusals (the values of the operations: vectors/rdna4/directed/valu_*.yaml).
 *
 * Every expected value is worked out by hand from the chapter 16 pseudocode of
 * shared/specs/rdna4-isa.md and the EXEC rules of §3.2.2 (L2835-2837): a VGPR write
 * lists the lanes written (= EXEC), a lane mask is one 32-bit write per SGPR with
 * lanes = 1.  Ends with one line "N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna4_test.h"

int main(void)
{
    gpuref_retire rr;
    gpuref_model *m;
    if (!rdna4_test_begin())
        return tu_finish();

    /* wave32, EXEC = 0x5: v1 = v0 + 1 in lanes 0 and 2 only */
    tu_test("vgpr write lanes = EXEC (wave32)");
    m = load(NULL, "v_add_nc_u32 v1, 1, v0\n");
    if (m) {
        setv(m, "exec", 0, 0, 0x5);
        for (unsigned l = 0; l < 4; l++)
            setv(m, "v", 0, l, 10 + l);
        int st = gpuref_step(m, &rr);
        const gpuref_regw *w = find(&rr, m, "v", 1, ANY_FLAGS);
        tu_check(st == GPUREF_OK && rr.nregw == 1 && w, "st %d nregw %u", st, rr.nregw);
        if (w) {
            tu_check(w->lanes == 0x5 && w->bits == 0xffffffffu, "lanes 0x%llx bits 0x%llx",
                     (unsigned long long)w->lanes, (unsigned long long)w->bits);
            tu_check(w->value[0] == 11 && w->value[2] == 13, "values %llu %llu",
                     (unsigned long long)w->value[0], (unsigned long long)w->value[2]);
        }
        tu_check(rr.exec_mask == 0x5, "exec_mask 0x%llx", (unsigned long long)rr.exec_mask);
        tu_check(getv(m, "v", 1, 1) == 0 && getv(m, "v", 1, 3) == 0, "inactive lanes written");
        gpuref_model_destroy(m);
    }

    /* wave64, EXEC = lane 63 and lane 0: the record's lane mask reaches bit 63 */
    tu_test("vgpr write lanes = EXEC (wave64, lane 63)");
    m = load("wave=64", ".wave64\nv_not_b32 v2, v0\n");
    if (m) {
        setv(m, "exec", 0, 0, 0x1);
        setv(m, "exec", 1, 0, 0x80000000u);
        setv(m, "v", 0, 63, 0x0000ffffu);
        int st = gpuref_step(m, &rr);
        const gpuref_regw *w = find(&rr, m, "v", 2, ANY_FLAGS);
        tu_check(st == GPUREF_OK && w && w->lanes == 0x8000000000000001ull &&
                 w->value[63] == 0xffff0000u && w->value[0] == 0xffffffffu,
                 "st %d lanes 0x%llx", st, w ? (unsigned long long)w->lanes : 0ull);
        gpuref_model_destroy(m);
    }

    /* EXEC = 0: no VGPR write in the record; a compare still writes VCC (0) */
    tu_test("EXEC == 0: no VGPR entry, VCC written");
    m = load(NULL, "v_mov_b32 v1, 7\nv_cmp_eq_u32 vcc_lo, 0, v0\n");
    if (m) {
        setv(m, "exec", 0, 0, 0);
        setv(m, "vcc", 0, 0, 0xffffffffu);
        int st = gpuref_step(m, &rr);
        tu_check(st == GPUREF_OK && rr.nregw == 0, "mov: st %d nregw %u", st, rr.nregw);
        st = gpuref_step(m, &rr);
        const gpuref_regw *w = find(&rr, m, "vcc", 0, ANY_FLAGS);
        tu_check(st == GPUREF_OK && w && w->lanes == 1 && w->value[0] == 0 &&
                 !find(&rr, m, "vcc", 1, ANY_FLAGS), "cmp: st %d", st);
        gpuref_model_destroy(m);
    }

    /* wave64 compare: both halves of VCC written, one entry each */
    tu_test("wave64 compare writes vcc_lo and vcc_hi");
    m = load("wave=64", ".wave64\nv_cmp_gt_u32 vcc, 5, v0\n");
    if (m) {
        /* v0 = 0 in every lane: 5 > 0 in every active lane = EXEC (all ones at reset) */
        int st = gpuref_step(m, &rr);
        const gpuref_regw *lo = find(&rr, m, "vcc", 0, ANY_FLAGS), *hi = find(&rr, m, "vcc", 1, ANY_FLAGS);
        tu_check(st == GPUREF_OK && lo && hi && lo->value[0] == 0xffffffffu &&
                 hi->value[0] == 0xffffffffu, "st %d", st);
        gpuref_model_destroy(m);
    }

    /* DPP16 (README A13/A14): v_mov_b32_dpp v1, v0 row_shr:1 with bound_ctrl:0 in
     * wave32, EXEC = 0xf: lane 0's source (lane -1) is outside its row, so lane 0 is
     * not written; lanes 1-3 read lanes 0-2 (10, 11, 12).  The record's lanes are the
     * lanes written (0xe), its exec_mask still EXEC (0xf). */
    tu_test("DPP16 write lanes = EXEC less the lanes bound_ctrl disables");
    m = load(NULL, "v_mov_b32_dpp v1, v0 row_shr:1 row_mask:0xf bank_mask:0xf\n"
                   "v_cmp_eq_u32 vcc_lo, v0, v0 row_shr:1 row_mask:0xf bank_mask:0xf\n");
    if (m) {
        setv(m, "exec", 0, 0, 0xf);
        setv(m, "vcc", 0, 0, 0xffffffffu);
        for (unsigned l = 0; l < 4; l++)
            setv(m, "v", 0, l, 10 + l);
        setv(m, "v", 1, 0, 0xcafef00du);
        int st = gpuref_step(m, &rr);
        const gpuref_regw *w = find(&rr, m, "v", 1, ANY_FLAGS);
        tu_check(st == GPUREF_OK && w && w->lanes == 0xe && rr.exec_mask == 0xf &&
                 w->value[1] == 10 && w->value[3] == 12 && getv(m, "v", 1, 0) == 0xcafef00du,
                 "st %d lanes 0x%llx", st, w ? (unsigned long long)w->lanes : 0ull);
        /* the compare: lane 0 disabled -> its VCC bit 0 (§7.9.1 L3467); lanes 1-3
         * compare v0[l-1] with v0[l]: 10 != 11 etc., all false -> VCC = 0 */
        st = gpuref_step(m, &rr);
        w = find(&rr, m, "vcc", 0, ANY_FLAGS);
        tu_check(st == GPUREF_OK && w && w->value[0] == 0, "cmp: st %d", st);
        gpuref_model_destroy(m);
    }

    /* CLAMP where LLVM 22 has no operand (README V55): V_LSHL_ADD_U32 with CLAMP is a
     * located assembler error and its word (0xd6460000 | CLAMP 0x8000, sources v1, v2,
     * v3: 0x103 << 18 | 0x102 << 9 | 0x101) a decode error; the assembler points at
     * `clamp` (column 30), as llvm-mc does */
    tu_test("CLAMP without an operand: assembler and decode errors");
    {
        uint32_t *out = NULL, w[2] = { 0xd6468000u, 0x040e0501u };
        size_t n = 0;
        char buf[256];
        unsigned nw = 0;
        gpuref_diag d = { 0, 0, 0, "" };
        int st = gpuref_assemble(isa, "s_nop 0\nv_lshl_add_u32 v1, v0, 1, v0 clamp\n", 0, &out, &n, &d);
        tu_check(st != GPUREF_OK && d.line == 2 && d.col == 30 &&
                 strstr(d.msg, "illegal v_lshl_add_u32: CLAMP"), "asm: st %d %u:%u %s", st, d.line,
                 d.col, d.msg);
        gpuref_free(out);
        st = gpuref_disasm(isa, w, 2, 0, buf, sizeof buf, &nw, &d);
        tu_check(st == GPUREF_ERR_DECODE && strstr(d.msg, "CLAMP"), "decode: st %d %s", st, d.msg);
    }

    /* a 16-bit result writes its half only (README V5): the record's bits are that half,
     * the value the whole VGPR; v_add_nc_u16 v1.h, v0.l, v0.h: 0x0003 + 0x0004 = 7 */
    tu_test("16-bit write: bits = the half, other half kept");
    m = load(NULL, "v_add_nc_u16 v1.h, v0.l, v0.h\nv_mov_b16 v2.l, v0.h\n");
    if (m) {
        setv(m, "exec", 0, 0, 0x1);
        setv(m, "v", 0, 0, 0x00040003);
        setv(m, "v", 1, 0, 0xcafef00d);
        setv(m, "v", 2, 0, 0x12345678);
        int st = gpuref_step(m, &rr);
        const gpuref_regw *w = find(&rr, m, "v", 1, ANY_FLAGS);
        tu_check(st == GPUREF_OK && w && w->bits == 0xffff0000u && w->lanes == 1 &&
                 w->value[0] == 0x0007f00du && getv(m, "v", 1, 0) == 0x0007f00du,
                 "st %d bits %llx value %llx", st, w ? (unsigned long long)w->bits : 0ull,
                 w ? (unsigned long long)w->value[0] : 0ull);
        st = gpuref_step(m, &rr);   /* VOP1, source half by bit 7: v2.l = v0.h = 4 */
        w = find(&rr, m, "v", 2, ANY_FLAGS);
        tu_check(st == GPUREF_OK && w && w->bits == 0x0000ffffu && w->value[0] == 0x12340004u,
                 "vop1: st %d value %llx", st, w ? (unsigned long long)w->value[0] : 0ull);
        gpuref_model_destroy(m);
    }

    /* a 64-bit result writes a VGPR pair: two records; 1 << 33 = 0x2_00000000 */
    tu_test("64-bit write: two VGPRs recorded");
    m = load(NULL, "v_lshlrev_b64 v[4:5], 33, 1\n");
    if (m) {
        setv(m, "exec", 0, 0, 0x1);
        int st = gpuref_step(m, &rr);
        const gpuref_regw *lo = find(&rr, m, "v", 4, ANY_FLAGS), *hi = find(&rr, m, "v", 5, ANY_FLAGS);
        tu_check(st == GPUREF_OK && lo && hi && lo->value[0] == 0 && hi->value[0] == 2 &&
                 lo->lanes == 1 && hi->lanes == 1, "st %d", st);
        gpuref_model_destroy(m);
    }

    /* V_QSAD_PK_U16_U8 with CLAMP (README V5, V55): each 16-bit field saturates.  S0 all
     * 0xff bytes, S1 = 0: every window's SAD is 4 * 255 = 0x3fc; S2 fields 0x0001, 0xfff0,
     * 0xfff0, 0: 0x3fd, 0x103ec -> 0xffff, 0xffff, 0x3fc */
    tu_test("QSAD with clamp saturates each field");
    m = load(NULL, "v_qsad_pk_u16_u8 v[4:5], v[0:1], v2, v[6:7] clamp\n");
    if (m) {
        setv(m, "exec", 0, 0, 0x1);
        setv(m, "v", 0, 0, 0xffffffffu);
        setv(m, "v", 1, 0, 0xffffffffu);
        setv(m, "v", 2, 0, 0);
        setv(m, "v", 6, 0, 0xfff00001u);
        setv(m, "v", 7, 0, 0x0000fff0u);
        int st = gpuref_step(m, &rr);
        tu_check(st == GPUREF_OK && getv(m, "v", 4, 0) == 0xffff03fdu &&
                 getv(m, "v", 5, 0) == 0x03fcffffu, "st %d '%s' %08llx %08llx", st,
                 gpuref_model_error(m), (unsigned long long)getv(m, "v", 4, 0),
                 (unsigned long long)getv(m, "v", 5, 0));
        gpuref_model_destroy(m);
    }

    /* VOPD (README Q2-Q3): a pair whose SRC0s share a VGPR bank (v1, v5: 1 % 4 = 5 % 4)
     * is illegal: the decoder rejects the words (0xc9080501 0x00020d05: llvm-mc's
     * encoding of the legal pair below with SRCY0 = v5 (0x105) and VSRCY1 = v6; its
     * assembler refuses that text), the
     * assembler gives a located error at the Y half; VOPD in wave64 (L3279) is an
     * assembler error, and a VOPD word executed by a wave64 fails, state unchanged */
    tu_test("VOPD bank conflict: decode and assembler errors");
    {
        uint32_t w[2] = { 0xc9080501u, 0x00020d05u };
        char buf[256];
        unsigned nw = 0;
        gpuref_diag d = { 0, 0, 0, "" };
        int st = gpuref_disasm(isa, w, 2, 0, buf, sizeof buf, &nw, &d);
        tu_check(st == GPUREF_ERR_DECODE && strstr(d.msg, "src0"), "illegal pair decoded: st %d %s",
                 st, d.msg);
        uint32_t *out = NULL;
        size_t n = 0;
        st = gpuref_assemble(isa, "v_dual_add_f32 v0, v1, v2 :: v_dual_add_f32 v3, v5, v6\n", 0,
                             &out, &n, &d);
        tu_check(st != GPUREF_OK && d.line == 1 && d.col == 30 && strstr(d.msg, "src0"),
                 "st %d %u:%u %s", st, d.line, d.col, d.msg);
        gpuref_free(out);
        out = NULL;
        st = gpuref_assemble(isa, ".wave64\nv_dual_add_f32 v0, v1, v2 :: v_dual_add_f32 v3, v4, v7\n",
                             0, &out, &n, &d);
        tu_check(st != GPUREF_OK && d.line == 2 && strstr(d.msg, "wave32"), "st %d %u:%u %s", st,
                 d.line, d.col, d.msg);
        gpuref_free(out);
    }
    tu_test("VOPD in wave64 fails, state unchanged");
    m = load(NULL, "v_dual_add_f32 v0, v1, v2 :: v_dual_add_f32 v3, v4, v7\n");
    if (m) {
        gpuref_model_destroy(m);
        gpuref_diag d = { 0, 0, 0, "" };
        uint32_t w[2] = { 0xc9080501u, 0x00020f04u };   /* the pair above (llvm-mc words) */
        if (gpuref_model_create("rdna4", "wave=64", &m, &d) == GPUREF_OK &&
            gpuref_program_load(m, 0, w, 2) == GPUREF_OK) {
            setv(m, "v", 0, 0, 0x12345678u);
            int st = gpuref_step(m, &rr);
            tu_check(st == GPUREF_ERR_DECODE && strstr(gpuref_model_error(m), "wave32") &&
                     getv(m, "pc", 0, 0) == 0 && getv(m, "v", 0, 0) == 0x12345678u,
                     "st %d '%s'", st, gpuref_model_error(m));
        }
        if (m)
            gpuref_model_destroy(m);
    }
    /* VOPD retire record: one write per destination, lanes = EXEC (0x6): v0 = v1 + v2
     * = 1.0 + 2.0 = 3.0 (0x40400000), v3 = v4 + v7 = 5 + 7 */
    tu_test("VOPD retire record: both destinations, lanes = EXEC");
    m = load(NULL, "v_dual_add_f32 v0, v1, v2 :: v_dual_add_nc_u32 v3, v4, v7\n");
    if (m) {
        setv(m, "exec", 0, 0, 0x6);
        for (unsigned l = 0; l < 4; l++) {
            setv(m, "v", 1, l, 0x3f800000u);
            setv(m, "v", 2, l, 0x40000000u);
            setv(m, "v", 4, l, 5);
            setv(m, "v", 7, l, 7);
        }
        int st = gpuref_step(m, &rr);
        const gpuref_regw *x = find(&rr, m, "v", 0, ANY_FLAGS), *y = find(&rr, m, "v", 3, ANY_FLAGS);
        tu_check(st == GPUREF_OK && rr.nregw == 2 && x && y && x->lanes == 0x6 && y->lanes == 0x6 &&
                 x->value[1] == 0x40400000u && y->value[2] == 12 && getv(m, "v", 0, 0) == 0,
                 "st %d nregw %u", st, rr.nregw);
        gpuref_model_destroy(m);
    }
    /* V_FMA_MIXHI_F16 writes bits 31:16 only: 1.0 * 1.0 + 0 = 1.0 -> 0x3c00 in the high
     * half, the low half kept */
    tu_test("FMA_MIXHI writes the high half");
    m = load(NULL, "v_fma_mixhi_f16 v5, v1, v1, 0\n");
    if (m) {
        setv(m, "exec", 0, 0, 0x1);
        setv(m, "v", 1, 0, 0x3f800000u);
        setv(m, "v", 5, 0, 0xdeadbeefu);
        int st = gpuref_step(m, &rr);
        const gpuref_regw *w = find(&rr, m, "v", 5, ANY_FLAGS);
        tu_check(st == GPUREF_OK && w && w->bits == 0xffff0000u && w->value[0] == 0x3c00beefu,
                 "st %d", st);
        gpuref_model_destroy(m);
    }
    /* V_S_RCP_F32 (§7.10): EXEC ignored, one SGPR write in the record, no VGPR; the
     * exec_mask is EXEC.  1/4.0 = 0.25 = 0x3e800000 */
    tu_test("pseudo-scalar: SGPR written with EXEC == 0");
    m = load(NULL, "v_s_rcp_f32 s7, s2\nv_s_sqrt_f16 s8, s3\n");
    if (m) {
        setv(m, "exec", 0, 0, 0);
        setv(m, "s", 2, 0, 0x40800000u);
        setv(m, "s", 3, 0, 0xabcd4400u);   /* F16 [15:0] = 4.0: sqrt = 2.0 = 0x4000 */
        setv(m, "s", 8, 0, 0xffffffffu);
        int st = gpuref_step(m, &rr);
        const gpuref_regw *w = find(&rr, m, "s", 7, ANY_FLAGS);
        tu_check(st == GPUREF_OK && rr.nregw == 1 && w && w->lanes == 1 &&
                 w->value[0] == 0x3e800000u && rr.exec_mask == 0, "st %d nregw %u", st, rr.nregw);
        st = gpuref_step(m, &rr);
        w = find(&rr, m, "s", 8, ANY_FLAGS);
        tu_check(st == GPUREF_OK && w && w->value[0] == 0x00004000u,
                 "F16 result zero-extended: st %d 0x%llx", st, w ? (unsigned long long)w->value[0] : 0ull);
        gpuref_model_destroy(m);
    }

    /* V_RCP_IFLAG_F32 of +0: +inf, and only EXCP_FLAG_USER bit 6 (integer divide by
     * zero, L13348), not the float DIV_BY_ZERO bit 2; V_RCP_F32 of +0 sets bit 2 */
    tu_test("RCP_IFLAG raises the integer divide-by-zero flag only");
    m = load(NULL, "v_rcp_iflag_f32 v1, v0\nv_rcp_f32 v2, v0\n");
    if (m) {
        setv(m, "exec", 0, 0, 0x1);
        int st = gpuref_step(m, &rr);
        tu_check(st == GPUREF_OK && getv(m, "v", 1, 0) == 0x7f800000u &&
                 getv(m, "hwreg", 18, 0) == 0x40u, "st %d flags 0x%llx", st,
                 (unsigned long long)getv(m, "hwreg", 18, 0));
        st = gpuref_step(m, &rr);
        tu_check(st == GPUREF_OK && getv(m, "hwreg", 18, 0) == 0x44u, "rcp: flags 0x%llx",
                 (unsigned long long)getv(m, "hwreg", 18, 0));
        gpuref_model_destroy(m);
    }

    /* V_CVT_U16_F16 of 1.5 -> 1: INEXACT (bit 5) only with CLAMP (L13815) */
    tu_test("CVT_U16_F16 reports INEXACT only with CLAMP");
    m = load(NULL, "v_cvt_u16_f16 v1.l, v0.l\nv_cvt_u16_f16_e64 v2.l, v0.l clamp\n");
    if (m) {
        setv(m, "exec", 0, 0, 0x1);
        setv(m, "v", 0, 0, 0x3e00u);
        int st = gpuref_step(m, &rr);
        tu_check(st == GPUREF_OK && (getv(m, "v", 1, 0) & 0xffffu) == 1 &&
                 getv(m, "hwreg", 18, 0) == 0, "st %d flags 0x%llx", st,
                 (unsigned long long)getv(m, "hwreg", 18, 0));
        st = gpuref_step(m, &rr);
        tu_check(st == GPUREF_OK && (getv(m, "v", 2, 0) & 0xffffu) == 1 &&
                 getv(m, "hwreg", 18, 0) == 0x20u, "clamp: flags 0x%llx",
                 (unsigned long long)getv(m, "hwreg", 18, 0));
        gpuref_model_destroy(m);
    }
    return tu_finish();
}
