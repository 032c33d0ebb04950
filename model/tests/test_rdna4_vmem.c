/* test_rdna4_vmem.c - directed checks of the RDNA4 vector-memory retire record
 * (model/rdna4/README.md "Vector memory"): loads announced as PENDING VGPR writes
 * and completed as DEFERRED writes by the wait, with the load's tag, lanes and
 * bits; stores as one memory write per lane; the record bounds; MEMVIOL; the
 * refusals with the state unchanged.  The values of the operations are in
 * vectors/rdna4/directed/vmem_*.yaml.  Every expected value is worked out by hand
 * (comments).  Ends with one line "N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna4_test.h"

static void put32(gpuref_model *m, uint64_t a, uint32_t v)
{
    gpuref_mem_write(m, 0, a, &v, 4);
}

int main(void)
{
    gpuref_retire rr;
    gpuref_model *m;
    if (!rdna4_test_begin())
        return tu_finish();

    /* wave32, EXEC = 0x5: a b64 load into v[4:5] from 0x1000 + 8*lane.  The load's
     * record: v4 and v5 PENDING, tag = seq 0, lanes 0x5, bits all; nothing visible.
     * The wait (seq 1): v4, v5 DEFERRED with tag 0 and the words. */
    tu_test("load: PENDING at issue, DEFERRED at the wait (wave32, EXEC 0x5)");
    m = load(NULL, "global_load_b64 v[4:5], v[2:3], off\ns_wait_loadcnt 0\ns_endpgm\n");
    if (m) {
        setv(m, "exec", 0, 0, 0x5);
        for (unsigned l = 0; l < 4; l++) {
            setv(m, "v", 2, l, 0x1000 + 8 * l);
            setv(m, "v", 4, l, 0x77);
            put32(m, 0x1000 + 8 * l, 0xa0 + l);
            put32(m, 0x1004 + 8 * l, 0xb0 + l);
        }
        int st = gpuref_step(m, &rr);
        const gpuref_regw *w4 = find(&rr, m, "v", 4, GPUREF_REGW_PENDING);
        const gpuref_regw *w5 = find(&rr, m, "v", 5, GPUREF_REGW_PENDING);
        tu_check(st == GPUREF_OK && rr.nregw == 2 && rr.nmemw == 0, "st %d nregw %u", st, rr.nregw);
        tu_check(w4 && w4->lanes == 0x5 && w4->bits == 0xffffffffu && w4->tag == 0 &&
                 w4->value[0] == 0xa0 && w4->value[2] == 0xa2, "v4 pending");
        tu_check(w5 && w5->lanes == 0x5 && w5->value[0] == 0xb0 && w5->value[2] == 0xb2, "v5 pending");
        tu_check(getv(m, "v", 4, 0) == 0x77, "v4 lane 0 still old before the wait");
        st = gpuref_step(m, &rr);
        w4 = find(&rr, m, "v", 4, GPUREF_REGW_DEFERRED);
        w5 = find(&rr, m, "v", 5, GPUREF_REGW_DEFERRED);
        tu_check(st == GPUREF_OK && rr.seq == 1 && rr.nregw == 2, "wait record");
        tu_check(w4 && w4->tag == 0 && w4->lanes == 0x5 && w4->value[2] == 0xa2, "v4 deferred");
        tu_check(w5 && w5->tag == 0 && w5->value[0] == 0xb0, "v5 deferred");
        tu_check(getv(m, "v", 4, 2) == 0xa2 && getv(m, "v", 4, 1) == 0x77 &&
                 getv(m, "v", 5, 2) == 0xb2, "values after the wait (lane 1 inactive)");
        gpuref_model_destroy(m);
    }

    /* D16_HI: bits = 0xffff0000; the deferred value keeps the low half the register
     * holds at the wait (0x1234 written by v_mov while outstanding): 0xbeef1234. */
    tu_test("D16_HI load: bits 31:16, merged at the wait");
    m = load(NULL, "global_load_d16_hi_b16 v4, v[2:3], off\nv_mov_b32 v4, 0x1234\n"
                   "s_wait_loadcnt 0\ns_endpgm\n");
    if (m) {
        setv(m, "exec", 0, 0, 0x1);
        setv(m, "v", 2, 0, 0x2000);
        put32(m, 0x2000, 0xbeef);
        int st = gpuref_step(m, &rr);
        const gpuref_regw *w = find(&rr, m, "v", 4, GPUREF_REGW_PENDING);
        tu_check(st == GPUREF_OK && w && w->bits == 0xffff0000u && w->lanes == 1, "pending bits");
        gpuref_step(m, &rr);
        st = gpuref_step(m, &rr);
        w = find(&rr, m, "v", 4, GPUREF_REGW_DEFERRED);
        tu_check(st == GPUREF_OK && w && w->value[0] == 0xbeef1234u && w->bits == 0xffff0000u,
                 "deferred value 0x%llx", w ? (unsigned long long)w->value[0] : 0ull);
        gpuref_model_destroy(m);
    }

    /* wave64, EXEC = lanes 33 and 62: a b32 store writes two memory writes, one per
     * lane, 4 bytes at 0x3000 + 4*lane, data = v6. */
    tu_test("store: one memory write per active lane (wave64)");
    m = load("wave=64", ".wave64\nglobal_store_b32 v[2:3], v6, off\ns_endpgm\n");
    if (m) {
        setv(m, "exec", 0, 0, 0);
        setv(m, "exec", 1, 0, (1u << 1) | (1u << 30));
        for (unsigned l = 0; l < 64; l++) {
            setv(m, "v", 2, l, 0x3000 + 4 * l);
            setv(m, "v", 6, l, 0x11110000u + l);
        }
        int st = gpuref_step(m, &rr);
        tu_check(st == GPUREF_OK && rr.nmemw == 2 && rr.nregw == 0, "st %d nmemw %u", st, rr.nmemw);
        int ok = rr.nmemw == 2;
        for (unsigned i = 0; ok && i < 2; i++) {
            const gpuref_memw *mw = &rr.memw[i];
            unsigned l = mw->lane;
            uint32_t d;
            memcpy(&d, mw->data, 4);
            ok = (l == 33 || l == 62) && mw->addr == 0x3000u + 4 * l && mw->size == 4 &&
                 d == 0x11110000u + l;
        }
        tu_check(ok, "memory writes of lanes 33 and 62");
        gpuref_model_destroy(m);
    }

    /* 15 b32 loads: the 15th finds 14 VGPRs outstanding (RDNA4_VM_MAXREG) and completes
     * the oldest (v10, tag 0) in its own record, before its own PENDING write. */
    tu_test("record bound: the 15th outstanding VGPR completes the oldest load");
    {
        char prog[1024] = "";
        for (unsigned i = 0; i < 15; i++)
            snprintf(prog + strlen(prog), sizeof prog - strlen(prog),
                     "global_load_b32 v%u, v[2:3], off\n", 10 + i);
        strcat(prog, "s_endpgm\n");
        m = load(NULL, prog);
    }
    if (m) {
        setv(m, "exec", 0, 0, 0x1);
        setv(m, "v", 2, 0, 0x1000);
        put32(m, 0x1000, 0x5a5a);
        int st = GPUREF_OK;
        for (unsigned i = 0; i < 14 && st == GPUREF_OK; i++)
            st = gpuref_step(m, &rr);
        tu_check(st == GPUREF_OK && rr.nregw == 1, "14th load: only its PENDING write");
        st = gpuref_step(m, &rr);
        const gpuref_regw *d = find(&rr, m, "v", 10, GPUREF_REGW_DEFERRED);
        tu_check(st == GPUREF_OK && rr.nregw == 2 && d && d->tag == 0 && d->value[0] == 0x5a5a &&
                 find(&rr, m, "v", 24, GPUREF_REGW_PENDING), "15th load drains v10");
        st = gpuref_step(m, &rr);   /* s_endpgm: the other 14 complete */
        tu_check(st == GPUREF_OK && (rr.flags & GPUREF_RETIRE_END) && rr.nregw == 14,
                 "s_endpgm completes 14, nregw %u", rr.nregw);
        gpuref_model_destroy(m);
    }

    /* align_mode=1: b32 at 0x1002 -> MEMVIOL: EXCP_FLAG_PRIV = 0xc0000010 (bit 4,
     * first source 3 = VMEM), TRAP | END, no VGPR announced. */
    tu_test("MEMVIOL record");
    m = load("align_mode=1", "global_load_b32 v4, v[2:3], off\ns_endpgm\n");
    if (m) {
        setv(m, "exec", 0, 0, 0x1);
        setv(m, "v", 2, 0, 0x1002);
        int st = gpuref_step(m, &rr);
        const gpuref_regw *h = find(&rr, m, "hwreg", 17, 0);
        tu_check(st == GPUREF_OK && (rr.flags & GPUREF_RETIRE_TRAP) && (rr.flags & GPUREF_RETIRE_END),
                 "flags 0x%x", rr.flags);
        tu_check(h && h->value[0] == 0xc0000010u && !find(&rr, m, "v", 4, GPUREF_REGW_PENDING),
                 "EXCP_FLAG_PRIV write, no load");
        gpuref_model_destroy(m);
    }

    /* wave64 SCRATCH b128 store, 64 lanes: 4 elements per lane = 256 writes > 128:
     * refused, nothing written, pc unchanged. */
    tu_test("scratch store beyond the record: refused, state unchanged");
    m = load("wave=64,scratch_base=0x10000", ".wave64\nscratch_store_b128 v1, v[4:7], off\ns_endpgm\n");
    if (m) {
        int st = gpuref_step(m, &rr);
        char msg[256];
        snprintf(msg, sizeof msg, "%s", gpuref_model_error(m));   /* the next call clears it */
        uint32_t z = 0xffffffffu;
        gpuref_mem_read(m, 0, 0x10000, &z, 4);
        tu_check(st == GPUREF_ERR_UNIMPL && strstr(msg, "scratch_store_b128"), "st %d: %s", st, msg);
        tu_check(z == 0 && getv(m, "pc", 0, 0) == 0, "memory and pc unchanged");
        gpuref_model_destroy(m);
    }

    /* a negative scratch offset in lane 1 (v1 = -4): GPUREF_ERR_FAULT, nothing issued */
    tu_test("negative scratch offset: fault, state unchanged");
    m = load("scratch_base=0x10000", "scratch_load_b32 v4, v1, off\ns_wait_loadcnt 0\ns_endpgm\n");
    if (m) {
        setv(m, "exec", 0, 0, 0x3);
        setv(m, "v", 1, 1, 0xfffffffcu);
        int st = gpuref_step(m, &rr);
        tu_check(st == GPUREF_ERR_FAULT && strstr(gpuref_model_error(m), "lane 1"), "st %d: %s", st,
                 gpuref_model_error(m));
        tu_check(getv(m, "pc", 0, 0) == 0, "pc unchanged");
        gpuref_model_destroy(m);
    }

    /* waves=2 share one LDS: wave 0 stores 0x1234 at LDS 0x40, wave 1 loads it (the
     * store retires first); the DS load's record announces v5 PENDING (tag 0 of wave
     * 1), s_wait_dscnt lists it DEFERRED.  A DS store's record has one `lds` (space
     * 1) memory write. */
    tu_test("waves=2 share the LDS; DS records");
    m = load("waves=2", "ds_store_b32 v1, v2\nds_load_b32 v5, v1\ns_wait_dscnt 0\ns_endpgm\n");
    if (m) {
        for (unsigned wv = 0; wv < 2; wv++) {
            gpuref_wave_select(m, wv);
            setv(m, "exec", 0, 0, 0x1);
            setv(m, "v", 1, 0, 0x40);
            setv(m, "v", 2, 0, wv ? 0x5678 : 0x1234);
        }
        int st = gpuref_step_wave(m, 0, &rr);            /* wave 0: store 0x1234 */
        tu_check(st == GPUREF_OK && rr.nmemw == 1 && rr.memw[0].space == 1 &&
                 rr.memw[0].addr == 0x40 && rr.memw[0].data[0] == 0x34 && rr.memw[0].data[1] == 0x12,
                 "wave 0 store record");
        gpuref_retire r2;
        st = gpuref_step_wave(m, 1, &r2);                /* wave 1: store 0x5678 */
        st |= gpuref_step_wave(m, 0, &rr);               /* wave 0: load */
        st |= gpuref_step_wave(m, 0, &rr);               /* wave 0: wait */
        const gpuref_regw *d = find(&rr, m, "v", 5, GPUREF_REGW_DEFERRED);
        tu_check(st == GPUREF_OK && d && d->value[0] == 0x5678 && d->tag == 1,
                 "wave 0 sees wave 1's store (0x5678), tag 1");
        gpuref_model_destroy(m);
    }

    /* ds_swizzle_b32 (SWAP(1): xor 1) with EXEC = 0x3: no memory write; v1 PENDING on
     * DScnt with lanes 0x3 and the swapped values (lane 0 <- lane 1 = 0xb1, lane 1 <-
     * lane 0 = 0xb0); s_wait_loadcnt 0 leaves it outstanding (other counter), the
     * s_wait_dscnt 0 lists it DEFERRED with tag 0. */
    tu_test("ds_swizzle: PENDING on DScnt, not completed by the LOADcnt wait");
    m = load(NULL, "ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,1)\ns_wait_loadcnt 0\n"
                   "s_wait_dscnt 0\ns_endpgm\n");
    if (m) {
        setv(m, "exec", 0, 0, 0x3);
        setv(m, "v", 2, 0, 0xb0);
        setv(m, "v", 2, 1, 0xb1);
        int st = gpuref_step(m, &rr);
        const gpuref_regw *w = find(&rr, m, "v", 1, GPUREF_REGW_PENDING);
        tu_check(st == GPUREF_OK && rr.nmemw == 0 && rr.nregw == 1 && w && w->lanes == 0x3 &&
                 w->tag == 0 && w->value[0] == 0xb1 && w->value[1] == 0xb0, "pending swap");
        st = gpuref_step(m, &rr);
        tu_check(st == GPUREF_OK && rr.nregw == 0, "s_wait_loadcnt completes nothing (%u writes)",
                 rr.nregw);
        st = gpuref_step(m, &rr);
        w = find(&rr, m, "v", 1, GPUREF_REGW_DEFERRED);
        tu_check(st == GPUREF_OK && w && w->tag == 0 && w->value[0] == 0xb1, "deferred at the DScnt wait");
        gpuref_model_destroy(m);
    }

    /* flat_atomic_add_u32 with return, lane 0 global (0x4000: 5 + 1), lane 1 in the LDS
     * aperture (shared_base 1: LDS 0x10: 7 + 1): memory writes in space 0 (lane 0, 6)
     * and space 1 (lane 1, 8); two PENDING writes of v10 with one tag: lanes 0x1 (LOADcnt)
     * and 0x2 (DScnt); s_wait_loadcnt 0 completes only lane 0's. */
    tu_test("flat atomic: global and LDS lanes, one PENDING entry per counter");
    m = load("shared_base=1,private_base=2",
             "flat_atomic_add_u32 v10, v[2:3], v4 th:TH_ATOMIC_RETURN\ns_wait_loadcnt 0\n"
             "s_wait_dscnt 0\ns_endpgm\n");
    if (m) {
        setv(m, "exec", 0, 0, 0x3);
        setv(m, "v", 2, 0, 0x4000);
        setv(m, "v", 2, 1, 0x10);
        setv(m, "v", 3, 1, 0x10000);
        setv(m, "v", 4, 0, 1);
        setv(m, "v", 4, 1, 1);
        put32(m, 0x4000, 5);
        uint32_t seven = 7;
        gpuref_mem_write(m, 1, 0x10, &seven, 4);
        int st = gpuref_step(m, &rr);
        unsigned pend = 0, lanes = 0;
        for (unsigned i = 0; i < rr.nregw; i++)
            if (rr.regw[i].flags == GPUREF_REGW_PENDING && rr.regw[i].index == 10) {
                pend++;
                lanes |= (unsigned)rr.regw[i].lanes;
            }
        int mw_ok = rr.nmemw == 2;
        for (unsigned i = 0; mw_ok && i < 2; i++) {
            const gpuref_memw *mw = &rr.memw[i];
            mw_ok = mw->lane == 0 ? mw->space == 0 && mw->addr == 0x4000 && mw->data[0] == 6
                                  : mw->lane == 1 && mw->space == 1 && mw->addr == 0x10 && mw->data[0] == 8;
        }
        tu_check(st == GPUREF_OK && pend == 2 && lanes == 0x3, "two PENDING entries (%u), lanes 0x%x",
                 pend, lanes);
        tu_check(mw_ok, "memory writes: global lane 0, LDS lane 1 (%u)", rr.nmemw);
        st = gpuref_step(m, &rr);
        const gpuref_regw *w = find(&rr, m, "v", 10, GPUREF_REGW_DEFERRED);
        tu_check(st == GPUREF_OK && rr.nregw == 1 && w && w->lanes == 0x1 && w->value[0] == 5,
                 "LOADcnt wait: lane 0 returns 5");
        st = gpuref_step(m, &rr);
        w = find(&rr, m, "v", 10, GPUREF_REGW_DEFERRED);
        tu_check(st == GPUREF_OK && w && w->lanes == 0x2 && w->value[1] == 7, "DScnt wait: lane 1 returns 7");
        gpuref_model_destroy(m);
    }

    /* buffer_store_b64 through a raw V# (base 0x6000, num_records 0xc, format 22, OOB 3)
     * with OFFEN {0, 8}: lane 0 writes 8 bytes at 0x6000; lane 1's first DWORD (8 + 4 <=
     * 0xc) is in range, its second (0xc + 4 > 0xc) is not: one 4-byte write at 0x6008;
     * 2 writes in all. */
    tu_test("buffer store: per-DWORD range check in the memory writes");
    m = load(NULL, "buffer_store_b64 v[4:5], v0, s[8:11], null offen\ns_endpgm\n");
    if (m) {
        setv(m, "exec", 0, 0, 0x3);
        setv(m, "s", 8, 0, 0x6000);
        setv(m, "s", 9, 0, 0);
        setv(m, "s", 10, 0, 0xc);
        setv(m, "s", 11, 0, 0x30016fac);
        setv(m, "v", 0, 0, 0);
        setv(m, "v", 0, 1, 8);
        for (unsigned l = 0; l < 2; l++) {
            setv(m, "v", 4, l, 0xa0 + l);
            setv(m, "v", 5, l, 0xb0 + l);
        }
        int st = gpuref_step(m, &rr);
        int ok = st == GPUREF_OK && rr.nmemw == 2 && rr.memw[0].lane == 0 && rr.memw[0].addr == 0x6000 &&
                 rr.memw[0].size == 8 && rr.memw[0].data[0] == 0xa0 && rr.memw[0].data[4] == 0xb0 &&
                 rr.memw[1].lane == 1 && rr.memw[1].addr == 0x6008 && rr.memw[1].size == 4 &&
                 rr.memw[1].data[0] == 0xa1;
        tu_check(ok, "st %d nmemw %u", st, rr.nmemw);
        gpuref_model_destroy(m);
    }

    /* buffer_atomic_add_u32 with return, OFFEN {0, 0x10} and num_records 0x10: lane 0 adds
     * 2 to 0x7000 (9 -> 11, one memory write); lane 1 is out of range (0x10 + 4 > 0x10):
     * no write, returns 0; VDATA v4 PENDING with lanes 0x3 and values 9, 0. */
    tu_test("buffer atomic: VDATA PENDING, out-of-range lane without a memory write");
    m = load(NULL, "buffer_atomic_add_u32 v4, v0, s[8:11], null offen th:TH_ATOMIC_RETURN\n"
                   "s_wait_loadcnt 0\ns_endpgm\n");
    if (m) {
        setv(m, "exec", 0, 0, 0x3);
        setv(m, "s", 8, 0, 0x7000);
        setv(m, "s", 9, 0, 0);
        setv(m, "s", 10, 0, 0x10);
        setv(m, "s", 11, 0, 0x30016fac);
        setv(m, "v", 0, 0, 0);
        setv(m, "v", 0, 1, 0x10);
        setv(m, "v", 4, 0, 2);
        setv(m, "v", 4, 1, 2);
        put32(m, 0x7000, 9);
        int st = gpuref_step(m, &rr);
        const gpuref_regw *w = find(&rr, m, "v", 4, GPUREF_REGW_PENDING);
        tu_check(st == GPUREF_OK && rr.nmemw == 1 && rr.memw[0].lane == 0 && rr.memw[0].data[0] == 11,
                 "one memory write (%u)", rr.nmemw);
        tu_check(w && w->lanes == 0x3 && w->value[0] == 9 && w->value[1] == 0, "pending returns");
        gpuref_model_destroy(m);
    }

    /* ds_append (M0 = 0x20) with EXEC = 0xc: one LDS write (space 1) by the first active
     * lane (2) of 0 + 2 = 2; v1 PENDING with lanes 0xc, both 0. */
    tu_test("ds_append: one LDS write by the first active lane");
    m = load(NULL, "ds_append v1\ns_wait_dscnt 0\ns_endpgm\n");
    if (m) {
        setv(m, "exec", 0, 0, 0xc);
        setv(m, "m0", 0, 0, 0x20);
        int st = gpuref_step(m, &rr);
        const gpuref_regw *w = find(&rr, m, "v", 1, GPUREF_REGW_PENDING);
        tu_check(st == GPUREF_OK && rr.nmemw == 1 && rr.memw[0].space == 1 && rr.memw[0].lane == 2 &&
                 rr.memw[0].addr == 0x20 && rr.memw[0].data[0] == 2, "LDS write");
        tu_check(w && w->lanes == 0xc && w->value[2] == 0 && w->value[3] == 0, "pending pre-op values");
        gpuref_model_destroy(m);
    }

    /* TFE on a buffer load (README D36): by default no status DWORD (no NACK): only
     * the data VGPR is PENDING; with tfe_status=1 the status VGPR follows it in the
     * same entry, all 32 bits, while the D16 data keep their 16-bit mask.  V#: raw,
     * base 0x1000, num_records 0x100, format 11 (16_UINT); memory 0xbeef at 0x1000. */
    for (int knob = 0; knob < 2; knob++) {
        tu_test("buffer_load_d16_format_x with TFE, tfe_status=%d", knob);
        m = load(knob ? "tfe_status=1" : NULL,
                 "buffer_load_d16_format_x v[0:1], off, s[8:11], null tfe\ns_wait_loadcnt 0\ns_endpgm\n");
        if (!m)
            continue;
        setv(m, "s", 8, 0, 0x1000);
        setv(m, "s", 10, 0, 0x100);
        setv(m, "s", 11, 0, 0x3000bfac);
        setv(m, "exec", 0, 0, 1);
        setv(m, "v", 0, 0, 0x12345678);
        setv(m, "v", 1, 0, 0x9abcdef0);
        put32(m, 0x1000, 0x0000beef);
        int st = gpuref_step(m, &rr);
        const gpuref_regw *w0 = find(&rr, m, "v", 0, GPUREF_REGW_PENDING);
        const gpuref_regw *w1 = find(&rr, m, "v", 1, GPUREF_REGW_PENDING);
        tu_check(st == GPUREF_OK && w0 && w0->bits == 0xffffu && w0->value[0] == 0x1234beef,
                 "data PENDING, 16 bits");
        if (knob)
            tu_check(w1 && w1->bits == 0xffffffffu && w1->lanes == 1 && w1->value[0] == 0,
                     "status PENDING, 32 bits, 0");
        else
            tu_check(!w1, "no status write");
        st = gpuref_step(m, &rr);
        tu_check(st == GPUREF_OK && getv(m, "v", 0, 0) == 0x1234beef &&
                 getv(m, "v", 1, 0) == (knob ? 0u : 0x9abcdef0u), "after the wait");
        gpuref_model_destroy(m);
    }

    tu_test("fmt_int_wrap and tfe_status take booleans");
    {
        gpuref_diag d = { 0, 0, 0, "" };
        gpuref_model *bad = NULL;
        int st = gpuref_model_create("rdna4", "fmt_int_wrap=2", &bad, &d);
        tu_check(st == GPUREF_ERR_CONFIG && strstr(d.msg, "fmt_int_wrap"), "st %d: %s", st, d.msg);
        if (bad)
            gpuref_model_destroy(bad);
        bad = NULL;
        st = gpuref_model_create("rdna4", "tfe_status=x", &bad, &d);
        tu_check(st == GPUREF_ERR_CONFIG && strstr(d.msg, "tfe_status"), "st %d: %s", st, d.msg);
        if (bad)
            gpuref_model_destroy(bad);
    }

    /* bad config values */
    tu_test("align_mode config range");
    {
        gpuref_diag d = { 0, 0, 0, "" };
        gpuref_model *bad = NULL;
        int st = gpuref_model_create("rdna4", "align_mode=4", &bad, &d);
        tu_check(st == GPUREF_ERR_CONFIG && strstr(d.msg, "align_mode"), "st %d: %s", st, d.msg);
        if (bad)
            gpuref_model_destroy(bad);
        bad = NULL;
        st = gpuref_model_create("rdna4", "lds_size=1000", &bad, &d);   /* not 1 KiB granular */
        tu_check(st == GPUREF_ERR_CONFIG && strstr(d.msg, "lds_size"), "st %d: %s", st, d.msg);
        if (bad)
            gpuref_model_destroy(bad);
    }
    /* Barriers over waves=2 (README D38): a wave at S_BARRIER_WAIT before every wave
     * signalled does not retire: gpuref_step_wave returns GPUREF_ERR_BLOCKED, its pc
     * and retired count unchanged; once wave 1 signals, wave 0's wait retires (seq 2:
     * its third unit) and moves to pc 0x8. */
    tu_test("barrier: a waiting wave is blocked, then retires after the last signal");
    m = load("waves=2", "s_barrier_signal -1\ns_barrier_wait -1\ns_endpgm\n");
    if (m) {
        int st = gpuref_step_wave(m, 0, &rr);                 /* w0 signal (1 of 2) */
        tu_check(st == GPUREF_OK && rr.wave == 0 && rr.seq == 0, "signal st %d", st);
        st = gpuref_step_wave(m, 0, &rr);                     /* w0 wait: blocked */
        tu_check(st == GPUREF_ERR_BLOCKED && gpuref_wave_retired(m, 0) == 1 &&
                 strstr(gpuref_model_error(m), "at pc 0x4 s_barrier_wait -1 (1 of 2"),
                 "st %d: %s", st, gpuref_model_error(m));
        tu_check(getv(m, "pc", 0, 0) == 0x4, "pc unchanged at the wait");
        tu_check(strcmp(gpuref_status_name(GPUREF_ERR_BLOCKED), "wave blocked") == 0, "status name");
        st = gpuref_step_wave(m, 1, &rr);                     /* w1 signal: complete */
        tu_check(st == GPUREF_OK && rr.wave == 1, "w1 signal st %d", st);
        st = gpuref_step_wave(m, 0, &rr);
        tu_check(st == GPUREF_OK && rr.seq == 1 && rr.pc == 0x4 && rr.next_pc == 0x8,
                 "w0 wait retires: st %d seq %llu", st, (unsigned long long)rr.seq);
        /* the round robin passes over a waiting wave: gpuref_run finishes both */
        uint64_t n = 0;
        st = gpuref_run(m, 100, &n);
        tu_check(st == GPUREF_OK && n == 3 && gpuref_finished(m), "run st %d n %llu", st,
                 (unsigned long long)n);
        gpuref_model_destroy(m);
    }

    /* Every wave waits: gpuref_run stops with GPUREF_ERR_BLOCKED and one line naming
     * each wave and its pc (both at 0x4: wave 1 never signals, it waits at once). */
    tu_test("barrier: a deadlock stops the run with one located line");
    m = load("waves=2", "s_cmp_eq_u32 s0, 0\ns_cbranch_scc0 w\ns_barrier_signal -1\n"
                        "w:\ns_barrier_wait -1\ns_endpgm\n");
    if (m) {
        gpuref_wave_select(m, 1);
        setv(m, "s", 0, 0, 1);
        uint64_t n = 0;
        int st = gpuref_run(m, 100, &n);
        const char *e = gpuref_model_error(m);
        tu_check(st == GPUREF_ERR_BLOCKED && n == 5 && !strchr(e, '\n') &&
                 strstr(e, "deadlock: every wave waits:") && strstr(e, "wave 0 at pc 0xc") &&
                 strstr(e, "wave 1 at pc 0xc"), "st %d n %llu: %s", st, (unsigned long long)n, e);
        gpuref_model_destroy(m);
    }

    /* Every lane of a wave32 in one 4 KiB page (v2 = 0x4000 + 16*lane, EXEC all
     * ones): a b32 store of v6 = 0x11110000 + lane writes lane l's 4 bytes at
     * 0x4000 + 16l (record: lane l, size 4, mask 0xf, data 00 00 11 11 with byte 0 =
     * l, the other 12 bytes 0); a b8 store at offset 4 writes byte l at
     * 0x4004 + 16l (size 1, mask 0x1, data[0] = l, rest 0); a b128 store of v8..v11
     * = 0x80000000 + l, 0x90000000 + l, 0xa0000000 + l, 0xb0000000 + l writes those
     * four DWORDs (size 16, mask 0xffff).  Then a b64 load from the same addresses
     * gives v12 = 0x80000000 + l, v13 = 0x90000000 + l; eight b128 loads of them into
     * v[20:23], each waited for, v20..v23 = those four DWORDs; and a b32 load from the
     * page 0x9000 nothing wrote gives v14 = 0 (was 0x55), whatever earlier loads
     * left in the model's row store. */
    tu_test("every lane in one page: store records, memory, loads (wave32)");
    {
        static char prog[4096];
        strcpy(prog, "global_store_b32 v[2:3], v6, off\nglobal_store_b8 v[2:3], v6, off offset:4\n"
                     "global_store_b128 v[2:3], v[8:11], off\nglobal_load_b64 v[12:13], v[2:3], off\n");
        for (unsigned i = 0; i < 8; i++)
            strcat(prog, "global_load_b128 v[20:23], v[2:3], off\ns_wait_loadcnt 0\n");
        strcat(prog, "global_load_b32 v14, v[15:16], off\ns_wait_loadcnt 0\ns_endpgm\n");
        m = load(NULL, prog);
    }
    if (m) {
        for (unsigned l = 0; l < 32; l++) {
            setv(m, "v", 2, l, 0x4000 + 16 * l);
            setv(m, "v", 6, l, 0x11110000u + l);
            for (unsigned r = 0; r < 4; r++)
                setv(m, "v", 8 + r, l, 0x80000000u + 0x10000000u * r + l);
            setv(m, "v", 14, l, 0x55);
            setv(m, "v", 15, l, 0x9000 + 4 * l);
        }
        static const unsigned size[3] = { 4, 1, 16 }, off[3] = { 0, 4, 0 };
        for (unsigned k = 0; k < 3; k++) {
            int st = gpuref_step(m, &rr);
            int ok = st == GPUREF_OK && rr.nmemw == 32;
            for (unsigned i = 0; ok && i < 32; i++) {
                const gpuref_memw *mw = &rr.memw[i];
                uint8_t want[16] = { 0 };
                uint32_t dw[4] = { 0x11110000u + i, 0, 0, 0 };
                if (k == 2)
                    for (unsigned r = 0; r < 4; r++)
                        dw[r] = 0x80000000u + 0x10000000u * r + i;
                for (unsigned b = 0; b < size[k]; b++)
                    want[b] = (uint8_t)(dw[b / 4] >> (8 * (b % 4)));
                ok = mw->lane == i && mw->space == 0 && mw->addr == 0x4000u + 16 * i + off[k] &&
                     mw->size == size[k] && mw->mask == (size[k] == 16 ? 0xffffu : (1u << size[k]) - 1u) &&
                     memcmp(mw->data, want, 16) == 0;
            }
            tu_check(ok, "store %u (b%u): st %d, %u records as the lanes' writes", k, 8 * size[k], st,
                     rr.nmemw);
        }
        uint32_t mem[4] = { 0, 0, 0, 0 };
        gpuref_mem_read(m, 0, 0x4000 + 16 * 5, mem, 16);
        tu_check(mem[0] == 0x80000005u && mem[1] == 0x90000005u && mem[2] == 0xa0000005u &&
                 mem[3] == 0xb0000005u, "memory of lane 5: %08x %08x", mem[0], mem[3]);
        int st = GPUREF_OK;
        for (unsigned i = 0; i < 19 && st == GPUREF_OK; i++)
            st = gpuref_step(m, &rr);
        int ok = st == GPUREF_OK;
        for (unsigned l = 0; ok && l < 32; l++) {
            ok = getv(m, "v", 12, l) == 0x80000000u + l && getv(m, "v", 13, l) == 0x90000000u + l &&
                 getv(m, "v", 14, l) == 0;
            for (unsigned r = 0; ok && r < 4; r++)
                ok = getv(m, "v", 20 + r, l) == 0x80000000u + 0x10000000u * r + l;
        }
        tu_check(ok, "loads: st %d, v12 lane 31 0x%llx, v14 lane 0 0x%llx", st,
                 (unsigned long long)getv(m, "v", 12, 31), (unsigned long long)getv(m, "v", 14, 0));
        gpuref_model_destroy(m);
    }

    /* The data of an outstanding load stay its own while other loads come and go:
     * ds_store_b32 puts 0xabcd at LDS[0x40]; one DS load (completed at once) goes
     * first, then the b64 global load of 0x11112222 / 0x33334444 into v[4:5] (seq 3),
     * then 40 DS loads of LDS[0x40] into v6, each completed by its s_wait_dscnt 0
     * while the global load stays outstanding (their rows pass the global load's
     * and wrap around the model's row store).  At s_wait_loadcnt 0: v4, v5 DEFERRED
     * with tag 3 and the loaded words; v6 = 0xabcd; v4 kept 0x77 until then. */
    tu_test("queue: an outstanding load keeps its data while 40 others complete");
    {
        static char prog[4096];
        strcpy(prog, "ds_store_b32 v7, v8\nds_load_b32 v6, v7\ns_wait_dscnt 0\n"
                     "global_load_b64 v[4:5], v[2:3], off\n");
        for (unsigned i = 0; i < 40; i++)
            strcat(prog, "ds_load_b32 v6, v7\ns_wait_dscnt 0\n");
        strcat(prog, "s_wait_loadcnt 0\ns_endpgm\n");
        m = load(NULL, prog);
    }
    if (m) {
        setv(m, "exec", 0, 0, 0x1);
        setv(m, "v", 2, 0, 0x1000);
        setv(m, "v", 4, 0, 0x77);
        setv(m, "v", 7, 0, 0x40);
        setv(m, "v", 8, 0, 0xabcd);
        put32(m, 0x1000, 0x11112222u);
        put32(m, 0x1004, 0x33334444u);
        int st = GPUREF_OK;
        for (unsigned i = 0; i < 4 + 80 && st == GPUREF_OK; i++)
            st = gpuref_step(m, &rr);
        tu_check(st == GPUREF_OK && getv(m, "v", 4, 0) == 0x77 && getv(m, "v", 6, 0) == 0xabcd,
                 "st %d: before the wait v4 0x%llx v6 0x%llx", st,
                 (unsigned long long)getv(m, "v", 4, 0), (unsigned long long)getv(m, "v", 6, 0));
        st = gpuref_step(m, &rr);
        const gpuref_regw *w4 = find(&rr, m, "v", 4, GPUREF_REGW_DEFERRED);
        const gpuref_regw *w5 = find(&rr, m, "v", 5, GPUREF_REGW_DEFERRED);
        tu_check(st == GPUREF_OK && w4 && w5 && w4->tag == 3 && w5->tag == 3 &&
                 w4->value[0] == 0x11112222u && w5->value[0] == 0x33334444u,
                 "the wait's DEFERRED writes (st %d)", st);
        tu_check(getv(m, "v", 4, 0) == 0x11112222u && getv(m, "v", 5, 0) == 0x33334444u,
                 "v4 0x%llx v5 0x%llx after the wait", (unsigned long long)getv(m, "v", 4, 0),
                 (unsigned long long)getv(m, "v", 5, 0));
        gpuref_model_destroy(m);
    }

    /* A deadlock of more waves than one line holds: the line names the first waves
     * whole and ends with their count, never a message cut mid-word.  64 waves all
     * wait at pc 0x0 at once (none signals): "...; ... (64 waves wait)". */
    tu_test("barrier: a deadlock of 64 waves ends with their count");
    m = load("waves=64", "s_barrier_wait -1\ns_endpgm\n");
    if (m) {
        uint64_t n = 0;
        int st = gpuref_run(m, 100, &n);
        const char *e = gpuref_model_error(m);
        size_t el = strlen(e), tl = strlen("; ... (64 waves wait)");
        tu_check(st == GPUREF_ERR_BLOCKED && n == 0 && !strchr(e, '\n') &&
                 strstr(e, "deadlock: every wave waits: wave 0 at pc 0x0 s_barrier_wait -1 "
                           "(0 of 64 waves signalled); wave 1 ") &&
                 el > tl && strcmp(e + el - tl, "; ... (64 waves wait)") == 0 &&
                 strstr(e, "signalled); ... (64"), "st %d n %llu: %s", st, (unsigned long long)n, e);
        gpuref_model_destroy(m);
    }

    /* A program load launches the work-group again: signal counts from before are
     * gone (L2054 "When a work-group is launched, all signalCounts are set to zero"):
     * wave 0 signalled once before the load; after it, its one signal is 1 of 2 and
     * its wait blocks (with the old count kept it would have completed). */
    tu_test("barrier: a program load starts with no signals");
    m = load("waves=2", "s_barrier_signal -1\ns_barrier_wait -1\ns_endpgm\n");
    if (m) {
        uint32_t *w = NULL;
        size_t n = 0;
        gpuref_diag d = { 0, 0, 0, "" };
        int st = gpuref_step_wave(m, 0, &rr);
        if (gpuref_assemble(isa, "s_barrier_signal -1\ns_barrier_wait -1\ns_endpgm\n", 0, &w, &n,
                            &d) == GPUREF_OK)
            st |= gpuref_program_load(m, 0, w, n);
        gpuref_free(w);
        st |= gpuref_step_wave(m, 0, &rr);
        int st2 = gpuref_step_wave(m, 0, &rr);
        tu_check(st == GPUREF_OK && st2 == GPUREF_ERR_BLOCKED &&
                 strstr(gpuref_model_error(m), "(1 of 2"), "st %d st2 %d: %s", st, st2,
                 gpuref_model_error(m));
        gpuref_model_destroy(m);
    }

    /* One wave (no work-group): every barrier instruction is S_NOP (L2033). */
    tu_test("barrier: one wave never waits");
    m = load(NULL, "s_barrier_wait -1\ns_barrier_wait 3\ns_endpgm\n");
    if (m) {
        uint64_t n = 0;
        int st = gpuref_run(m, 10, &n);
        tu_check(st == GPUREF_OK && n == 3, "st %d n %llu", st, (unsigned long long)n);
        gpuref_model_destroy(m);
    }
    return tu_finish();
}
