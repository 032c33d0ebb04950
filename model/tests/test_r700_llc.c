/* test_r700_llc.c - the R700 decoder against the encodings LLVM's R600
 * backend emits (llc-22 -mtriple=r600 -mcpu=rv770 -show-mc-encoding): every
 * CF instruction, ALU slot and literal line of the listings in
 * model/tests/data/r700/ (or the files given) is decoded and compared
 * with what llc printed: mnemonic, LAST, destination, write mask,
 * UPDATE_PRED / UPDATE_EXECUTE_MASK, every source operand with NEG/ABS,
 * PRED_SEL, bank swizzle, literal values, and the CF fields (ADDR, COUNT,
 * POP_COUNT, kcache locks, export register and swizzle).
 * llc's own names that differ from the guide are mapped (README "Syntax"):
 * LSHL/LSHR/ASHR = *_INT, END_LOOP = LOOP_END, CF_END = NOP with
 * END_OF_PROGRAM, PAD = a zero CF word pair, EXPORT = EXPORT or
 * EXPORT_DONE (llc prints one name for CF_INST 39 and 40), MULHI =
 * MULHI_UINT.
 * Fetch clauses: every TEX_* line (opcode, destination and source GPR
 * with their swizzles, RESOURCE_ID, SAMPLER_ID, COORD_TYPE) and the COUNT of
 * the TEX CF instruction (llc prints COUNT as the field, one less than the
 * instructions).
 * Where llc is wrong: it encodes MOVA_INT with Evergreen's ALU_INST 0xCC
 * (bit 14 of the R700 OP2 field set; R700's MOVA_INT is 24): the decoder
 * must reject that word, and the test checks that it does. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuref.h"
#include "../r700/r700.h"
#include "testutil.h"

static const char *const alias[][2] = {
    { "LSHL", "LSHL_INT" }, { "LSHR", "LSHR_INT" }, { "ASHR", "ASHR_INT" },
    { "END_LOOP", "LOOP_END" }, { "MULHI", "MULHI_UINT" },
};

static const char *canon(const char *n)
{
    for (size_t i = 0; i < sizeof alias / sizeof alias[0]; i++)
        if (strcmp(n, alias[i][0]) == 0)
            return alias[i][1];
    return n;
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && (isspace((unsigned char)s[n - 1]) || s[n - 1] == ','))
        s[--n] = 0;
    size_t k = 0;
    while (isspace((unsigned char)s[k]))
        k++;
    memmove(s, s + k, n - k + 1);
}

/* the operand text as llc prints it */
static void llc_src(const r700_slot *sl, unsigned k, char *b, size_t len)
{
    const r700_src *o = &sl->src[k];
    char t[48];
    static const char *const inl[9] = { "?", "?", "?", "?", "0.0", "1.0", "1", "-1", "0.5" };
    if (o->sel < 128)
        snprintf(t, sizeof t, "T%u.%c", o->sel, "XYZW"[o->chan]);
    else if (o->sel < 192)
        snprintf(t, sizeof t, "KC%u[%u].%c", (o->sel - 128) >> 5, (o->sel - 128) & 31, "XYZW"[o->chan]);
    else if (o->sel >= 256)
        snprintf(t, sizeof t, "C%u.%c", o->sel - 256, "XYZW"[o->chan]);
    else if (o->sel == 253)
        snprintf(t, sizeof t, "literal.%c", "xyzw"[o->chan]);
    else if (o->sel == 254)
        snprintf(t, sizeof t, "PV.%c", "XYZW"[o->chan]);
    else if (o->sel == 255)
        snprintf(t, sizeof t, "PS");
    else
        snprintf(t, sizeof t, "%s", inl[o->sel - 244]);
    snprintf(b, len, o->abs ? "%s|%s|" : "%s%s", o->neg ? "-" : "", t);
}

typedef struct pend {
    uint32_t w[16];
    unsigned n;
    char text[5][200];
    unsigned ntext;
    unsigned line;
    int closed;
} pend;

static void check_group(const char *file, pend *p)
{
    if (!p->ntext)
        return;
    r700_group g;
    char err[GPUREF_ERRLEN];
    tu_test("%s:%u: group of %u", file, p->line, p->ntext);
    if (strncmp(p->text[0], "MOVA_INT", 8) == 0 && ((p->w[1] >> 7) & 0x7ff) == 0xcc) {
        int bad = r700_decode_group(p->w, p->n, NULL, &g, err);
        tu_check(bad == GPUREF_ERR_DECODE && strstr(err, "bit 14"),
                 "llc's Evergreen MOVA_INT (0xCC) is rejected: %s", bad ? err : "accepted");
        p->n = p->ntext = 0;
        p->closed = 0;
        return;
    }
    int st = r700_decode_group(p->w, p->n, NULL, &g, err);
    tu_check(st == 0, "decode: %s", st ? err : "");
    if (!st) {
        st = r700_group_check(&g, err);
        tu_check(st == 0, "legal (read ports): %s", st ? err : "");
        tu_check(g.nslots == p->ntext, "%u slots, llc printed %u", g.nslots, p->ntext);
        tu_check(g.nwords == p->n, "%u words, llc %u", g.nwords, p->n);
    }
    for (unsigned i = 0; !st && i < g.nslots && i < p->ntext; i++) {
        const r700_slot *sl = &g.slot[i];
        const r700_alu_row *r = &r700_alu_rows[sl->row];
        char t[200], *q, name[64];
        snprintf(t, sizeof t, "%s", p->text[i]);
        /* llc's write-mask and predicate-update spellings */
        int upd = 0, uem = 0, masked = 0, psel = 0, bs = -1;
        if ((q = strstr(t, "Pred,PredicateBit"))) { upd = 1; memcpy(q, "PRED_BIT_________", 17); }
        if ((q = strstr(t, "ExecMask,PredicateBit"))) { uem = 1; memcpy(q, "EXEC_PRED_BIT________", 21); }
        if ((q = strstr(t, " (MASKED)"))) { masked = 1; memmove(q, q + 9, strlen(q + 9) + 1); }
        if ((q = strstr(t, ", Pred_sel_one"))) { psel = 3; *q = 0; }
        if ((q = strstr(t, ", Pred_sel_zero"))) { psel = 2; *q = 0; }
        if ((q = strstr(t, "BS:VEC_"))) {
            for (unsigned b = 0; b < 6; b++)
                if (strncmp(q + 3, r700_bs_vec[b], 7) == 0)
                    bs = (int)b;
            *q = 0;
        }
        trim(t);
        char *tok[8];
        unsigned nt = 0;
        char *save = NULL;
        for (char *x = strtok_r(t, ",", &save); x && nt < 8; x = strtok_r(NULL, ",", &save)) {
            trim(x);
            tok[nt++] = x;
        }
        if (nt == 0)
            continue;
        /* first token: "MNEM [*] DST" */
        int star = 0;
        char dst[64] = "";
        if (sscanf(tok[0], "%63s", name) != 1)
            continue;
        char *rest = tok[0] + strlen(name);
        while (*rest == ' ') rest++;
        if (*rest == '*') { star = 1; rest++; while (*rest == ' ') rest++; }
        snprintf(dst, sizeof dst, "%s", rest);
        tu_check(strcmp(canon(name), r->name) == 0, "slot %u: llc %s, decoded %s", i, name, r->name);
        tu_check(star == sl->last, "slot %u %s: LAST llc %d decoded %d", i, name, star, sl->last);
        tu_check(sl->up == upd && sl->uem == uem, "slot %u %s: UP/UEM", i, name);
        tu_check(sl->write == !masked, "slot %u %s: WRITE_MASK llc %d decoded %d", i, name, !masked, sl->write);
        tu_check(sl->pred_sel == psel, "slot %u %s: PRED_SEL llc %d decoded %d", i, name, psel, sl->pred_sel);
        if (bs >= 0)
            tu_check(sl->bank_swizzle == bs, "slot %u %s: BANK_SWIZZLE llc %d decoded %d", i, name, bs,
                     sl->bank_swizzle);
        else
            tu_check(sl->bank_swizzle == 0, "slot %u %s: BANK_SWIZZLE 0 expected", i, name);
        if (!upd && !uem) {
            char want[64];
            if (sl->dst_rel)   /* llc: "T(0 + AR.x).X+" */
                snprintf(want, sizeof want, "T(%u + %s).%c+", sl->dst_gpr,
                         sl->index_mode == 4 ? "AL" : r700_index_mode_name[sl->index_mode],
                         "XYZW"[sl->dst_chan]);
            else
                snprintf(want, sizeof want, "T%u.%c", sl->dst_gpr, "XYZW"[sl->dst_chan]);
            tu_check(strcmp(want, dst) == 0, "slot %u %s: dst llc %s decoded %s", i, name, dst, want);
        }
        tu_check(nt - 1 == r->nsrc, "slot %u %s: %u sources llc, %u row", i, name, nt - 1, r->nsrc);
        for (unsigned k = 0; k + 1 < nt && k < 3; k++) {
            char s[64];
            llc_src(sl, k, s, sizeof s);
            tu_check(strcmp(s, tok[k + 1]) == 0, "slot %u %s src%u: llc %s decoded %s", i, name, k,
                     tok[k + 1], s);
        }
    }
    p->n = 0;
    p->ntext = 0;
    p->closed = 0;
}

static void check_cf(const char *file, unsigned line, const uint32_t *w, char *text)
{
    r700_cf c;
    char err[GPUREF_ERRLEN], name[64];
    tu_test("%s:%u: %s", file, line, text);
    int st = r700_decode_cf(w, 2, &c, err);
    if (sscanf(text, "%63s", name) != 1)
        return;
    if (strcmp(name, "PAD") == 0) {
        tu_check(w[0] == 0 && w[1] == 0, "PAD is a zero word pair");
        return;
    }
    tu_check(st == 0, "decode: %s", st ? err : "");
    if (st)
        return;
    const char *ours = r700_cf_rows[c.row].name;
    if (strcmp(name, "CF_END") == 0) {
        tu_check(c.row == R700_CF_NOP && c.eop, "CF_END: NOP with END_OF_PROGRAM, decoded %s eop %u", ours, c.eop);
        return;
    }
    if (strcmp(name, "EXPORT") == 0)
        tu_check(c.row == R700_CF_EXPORT || c.row == R700_CF_EXPORT_DONE, "EXPORT: decoded %s", ours);
    else
        tu_check(strcmp(canon(name), ours) == 0, "llc %s decoded %s", name, ours);
    const char *at = strchr(text, '@');
    if (c.fmt == R700_FMT_ALU) {
        unsigned cnt, addr;
        tu_check(sscanf(text + strlen(name), " %u, @%u", &cnt, &addr) == 2 && cnt == c.count && addr == c.addr,
                 "ALU count/addr: decoded %u @%u", c.count, c.addr);
        tu_check(strstr(text, "KC0[]") && strstr(text, "KC1[]") && !c.kmode[0] && !c.kmode[1],
                 "kcache locks");
    } else if (c.fmt == R700_FMT_CF) {
        unsigned addr = 0, pop = 0;
        if (at)
            sscanf(at + 1, "%u", &addr);
        const char *pp = strstr(text, "POP:");
        if (pp)
            sscanf(pp + 4, "%u", &pop);
        tu_check(addr == c.addr, "ADDR llc %u decoded %u", addr, c.addr);
        if (c.row == R700_CF_TEX || c.row == R700_CF_VTX || c.row == R700_CF_VTX_TC) {
            unsigned cnt = ~0u;
            sscanf(text + strlen(name), " %u", &cnt);
            tu_check(cnt == c.count, "fetch clause COUNT llc %u decoded %u", cnt, c.count);
        }
        tu_check(pop == c.pop_count, "POP_COUNT llc %u decoded %u", pop, c.pop_count);
    } else {
        char reg[32];
        unsigned g;
        if (sscanf(text + strlen(name), " T%u.%31s", &g, reg) == 2) {
            char sw[5];
            for (unsigned k = 0; k < 4; k++)
                sw[k] = "XYZW01?_"[c.sel[k]];
            sw[4] = 0;
            tu_check(g == c.rw_gpr && strcmp(sw, reg) == 0, "export T%u.%s decoded T%u.%s", g, reg, c.rw_gpr, sw);
        } else {
            tu_check(0, "export operand not read");
        }
    }
}

/* "TEX_SAMPLE T0.XYZW, T1.ZYXW RID:11 SID:5 CT:UNUN" */
static void check_fetch(const char *file, unsigned line, const uint32_t *w, char *text)
{
    r700_fetch f;
    char err[GPUREF_ERRLEN], name[64], ct[8] = "";
    unsigned dg, sg, rid, sid;
    char ds[8], ss[8];
    tu_test("%s:%u: %s", file, line, text);
    int st = r700_decode_fetch(w, 4, &f, err);
    tu_check(st == 0, "decode: %s", st ? err : "");
    if (st)
        return;
    int n = sscanf(text, "%63s T%u.%4[^,], T%u.%4s RID:%u SID:%u CT:%4s", name, &dg, ds, &sg, ss, &rid, &sid, ct);
    tu_check(n == 8, "llc's fetch line read (%d fields)", n);
    if (n != 8)
        return;
    const char *ours = r700_fetch_rows[f.row].name;
    tu_check(strncmp(name, "TEX_", 4) == 0 && strcmp(name + 4, ours) == 0, "llc %s decoded %s", name, ours);
    char dsel[5], ssel[5], cto[5];
    for (unsigned k = 0; k < 4; k++) {
        dsel[k] = "XYZW01?_"[f.dsel[k]];
        ssel[k] = "XYZW01??"[f.ssel[k]];
        cto[k] = (f.ct >> k & 1) ? 'N' : 'U';
    }
    dsel[4] = ssel[4] = cto[4] = 0;
    tu_check(dg == f.dst_gpr && strcmp(ds, dsel) == 0, "destination llc T%u.%s decoded T%u.%s", dg, ds,
             f.dst_gpr, dsel);
    tu_check(sg == f.src_gpr && strcmp(ss, ssel) == 0, "source llc T%u.%s decoded T%u.%s", sg, ss,
             f.src_gpr, ssel);
    tu_check(rid == f.rid && sid == f.sampler, "RID/SID llc %u/%u decoded %u/%u", rid, sid, f.rid,
             f.sampler);
    tu_check(strcmp(ct, cto) == 0, "COORD_TYPE llc %s decoded %s", ct, cto);
    tu_check(!f.dst_rel && !f.src_rel && !f.ofs[0] && !f.ofs[1] && !f.ofs[2] && !f.lod_bias,
             "no relative GPR, offset or LOD bias");
}

static void run_file(const char *path)
{
    FILE *f = fopen(path, "r");
    tu_test("%s: readable", path);
    tu_check(f != NULL, "open %s", path);
    if (!f)
        return;
    char line[1024];
    unsigned ln = 0;
    pend p;
    memset(&p, 0, sizeof p);
    while (fgets(line, sizeof line, f)) {
        ln++;
        char *e = strstr(line, "; encoding: [");
        if (!e)
            continue;
        uint32_t w[4] = { 0, 0, 0, 0 };
        unsigned nb = 0, b;
        char *q = e + 13;
        while (nb < 16 && sscanf(q, "0x%x", &b) == 1) {
            w[nb / 4] |= b << (8 * (nb % 4));
            nb++;
            q = strchr(q, ',');
            if (!q)
                break;
            q++;
        }
        *e = 0;
        char *text = line;
        int slot = strncmp(text, "\t  ", 3) == 0;
        int lit = text[0] == '\t' && (isdigit((unsigned char)text[1]) || text[1] == '-');
        trim(text);
        if (nb == 0)
            continue;                       /* "ALU clause starting at" */
        if (lit) {
            long a, c;
            if (p.n + 2 <= 16) {
                p.w[p.n++] = w[0];
                p.w[p.n++] = w[1];
            }
            tu_test("%s:%u: literal", path, ln);
            tu_check(sscanf(text, "%ld(%*[^)]), %ld", &a, &c) == 2 && (uint32_t)a == w[0] && (uint32_t)c == w[1],
                     "literal values %s", text);
            continue;
        }
        if (slot && (strncmp(text, "TEX_", 4) == 0 || strncmp(text, "VTX_", 4) == 0)) {
            check_group(path, &p);
            check_fetch(path, ln, w, text);
            continue;
        }
        if (slot) {
            if (p.closed)
                check_group(path, &p);
            if (!p.ntext)
                p.line = ln;
            if (p.n + 2 <= 16 && p.ntext < 5) {
                p.w[p.n++] = w[0];
                p.w[p.n++] = w[1];
                snprintf(p.text[p.ntext++], sizeof p.text[0], "%.190s", text);
            }
            if (w[0] >> 31)
                p.closed = 1;
            continue;
        }
        check_group(path, &p);
        check_cf(path, ln, w, text);
    }
    check_group(path, &p);
    fclose(f);
}

int main(int argc, char **argv)
{
    static const char *const def[] = { "model/tests/data/r700/alu_mix.s", "model/tests/data/r700/flow.s",
                                       "model/tests/data/r700/ops.s", "model/tests/data/r700/tex.s" };
    if (argc > 1)
        for (int i = 1; i < argc; i++)
            run_file(argv[i]);
    else
        for (size_t i = 0; i < sizeof def / sizeof def[0]; i++)
            run_file(def[i]);
    return tu_finish();
}
