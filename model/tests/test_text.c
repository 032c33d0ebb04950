/* test_text.c - the shared pieces of model/core that the ISA models and the
 * command use (core/text.h, the generator's tables in core/gen.c): numbers,
 * line scanning with located errors, labels, the string builder, file
 * reading, weighted tables and value-class examples.  Expected values are
 * worked by hand from the syntax each piece documents (text.h, isa.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "isa.h"
#include "testutil.h"

/* ------------------------------------------------------------- numbers */

static void test_numbers(void)
{
    uint64_t u;
    int64_t i;
    uint32_t w;
    int neg;

    tu_group("gpuref_parse_u64");
    tu_check(!gpuref_parse_u64("0", &u) && u == 0, "0 is 0");
    tu_check(!gpuref_parse_u64("1234", &u) && u == 1234, "1234 decimal");
    tu_check(!gpuref_parse_u64("0x1F", &u) && u == 31, "0x1F is 31");
    tu_check(!gpuref_parse_u64("0XfF", &u) && u == 255, "0XfF is 255");
    tu_check(!gpuref_parse_u64("18446744073709551615", &u) && u == UINT64_MAX,
             "2^64-1 decimal fits");
    tu_check(gpuref_parse_u64("18446744073709551616", &u) != 0, "2^64 overflows");
    tu_check(!gpuref_parse_u64("0xffffffffffffffff", &u) && u == UINT64_MAX, "16 f's fit");
    tu_check(gpuref_parse_u64("0x10000000000000000", &u) != 0, "17 hex digits overflow");
    tu_check(gpuref_parse_u64("", &u) != 0, "empty text");
    tu_check(gpuref_parse_u64("0x", &u) != 0, "0x without digits");
    tu_check(gpuref_parse_u64("-1", &u) != 0, "no sign");
    tu_check(gpuref_parse_u64("+1", &u) != 0, "no plus");
    tu_check(gpuref_parse_u64("12a", &u) != 0, "a is no decimal digit");
    tu_check(gpuref_parse_u64(" 1", &u) != 0, "no blanks");
    tu_check(gpuref_parse_u64("0b101", &u) != 0, "no binary without the flag");

    tu_group("gpuref_num_scan");
    tu_check(!gpuref_num_scan("-0x10", 5, GPUREF_NUM_MINUS, &u, &neg) && u == 16 && neg,
             "-0x10: 16, negative");
    tu_check(gpuref_num_scan("+5", 2, GPUREF_NUM_MINUS, &u, &neg) != 0, "'+' needs NUM_PLUS");
    tu_check(!gpuref_num_scan("+5", 2, GPUREF_NUM_PLUS, &u, &neg) && u == 5 && !neg, "+5");
    tu_check(gpuref_num_scan("--5", 3, GPUREF_NUM_MINUS, &u, &neg) != 0, "one sign only");
    tu_check(!gpuref_num_scan("0b101", 5, GPUREF_NUM_BIN, &u, NULL) && u == 5, "0b101 is 5");
    tu_check(gpuref_num_scan("0b102", 5, GPUREF_NUM_BIN, &u, NULL) != 0, "2 is no binary digit");
    tu_check(!gpuref_num_scan("ff", 2, GPUREF_NUM_HEX, &u, NULL) && u == 255, "bare hex ff");
    tu_check(!gpuref_num_scan("0b1", 3, GPUREF_NUM_HEX, &u, NULL) && u == 0xb1,
             "bare hex 0b1 is 0xb1 without NUM_BIN");
    tu_check(!gpuref_num_scan("12345", 3, 0, &u, NULL) && u == 123, "only n bytes are read");

    tu_group("gpuref_num_u64, i64, word32");
    tu_check(!gpuref_num_u64("15", 2, 0, 15, &u) && u == 15, "15 <= max 15");
    tu_check(gpuref_num_u64("16", 2, 0, 15, &u) != 0, "16 > max 15");
    tu_check(gpuref_num_u64("-1", 2, GPUREF_NUM_MINUS, 15, &u) != 0, "unsigned: no '-'");
    tu_check(!gpuref_num_i64("-9223372036854775808", 20, GPUREF_NUM_MINUS, &i) &&
             i == INT64_MIN, "INT64_MIN");
    tu_check(gpuref_num_i64("-9223372036854775809", 20, GPUREF_NUM_MINUS, &i) != 0,
             "below INT64_MIN");
    tu_check(!gpuref_num_i64("0xffffffffffffffff", 18, 0, &i) && i == -1,
             "a positive 64-bit pattern keeps its bits: -1");
    tu_check(!gpuref_num_i64("-0b11", 5, GPUREF_NUM_MINUS | GPUREF_NUM_BIN, &i) && i == -3,
             "-0b11 is -3");
    tu_check(!gpuref_num_word32("0xffffffff", 10, 0, &w) && w == 0xffffffffu, "0xffffffff");
    tu_check(gpuref_num_word32("0x100000000", 11, 0, &w) != 0, "2^32 does not fit");
    tu_check(!gpuref_num_word32("-1", 2, 0, &w) && w == 0xffffffffu, "-1 is 0xffffffff");
    tu_check(!gpuref_num_word32("-0x80000000", 11, 0, &w) && w == 0x80000000u,
             "-0x80000000 is 0x80000000");
    tu_check(gpuref_num_word32("-0x80000001", 11, 0, &w) != 0, "below -2^31");
    tu_check(gpuref_num_word32("-", 1, 0, &w) != 0, "a sign alone");
}

/* ------------------------------------------------------------- lexing */

static void test_lex(void)
{
    gpuref_lex lx;
    const char *text = "a: add ; note\n\n  // all comment\nb: x//y\nlast";
    tu_test("lexer: lines, comments, columns");
    gpuref_lex_init(&lx, text);
    tu_check(gpuref_lex_line(&lx) == 1 && lx.line == 1, "line 1");
    tu_check(lx.le - lx.ls == 13 && lx.ce - lx.ls == 7, "line 1: 13 bytes, comment at byte 7");
    tu_check(gpuref_lex_col(&lx, lx.ls + 3) == 4, "column of byte 3 is 4");
    tu_check(gpuref_lex_col(&lx, NULL) == 0, "no pointer: column 0");
    tu_check(gpuref_lex_line(&lx) == 1 && lx.line == 2 && lx.ls == lx.le, "line 2 empty");
    tu_check(gpuref_lex_line(&lx) == 1 && lx.line == 3 && lx.ce - lx.ls == 2,
             "line 3: comment after two blanks");
    tu_check(gpuref_lex_line(&lx) == 1 && lx.line == 4 && lx.ce - lx.ls == 4,
             "line 4: '//' at byte 4");
    tu_check(gpuref_lex_line(&lx) == 1 && lx.line == 5 && lx.le - lx.ls == 4,
             "line 5 without a newline");
    tu_check(gpuref_lex_line(&lx) == 0, "then the end");
    gpuref_lex_init(&lx, "x\n");
    tu_check(gpuref_lex_line(&lx) == 1 && gpuref_lex_line(&lx) == 0,
             "a final newline makes no empty last line");
    gpuref_lex_init(&lx, "");
    tu_check(gpuref_lex_line(&lx) == 0, "an empty text has no line");

    tu_test("lexer: identifiers, blanks, located errors");
    const char *s = "  $lab1.x: 9z";
    const char *e = s + strlen(s);
    const char *p = gpuref_lex_skip(s, e);
    tu_check(p == s + 2, "two blanks skipped");
    tu_check(gpuref_lex_ident(p, e, NULL, 0) == p, "'$' starts no identifier by default");
    tu_check(gpuref_lex_ident(p, e, "$", 0) == s + 9, "with extra '$': \"$lab1.x\"");
    tu_check(gpuref_lex_ident(s + 11, e, NULL, 0) == s + 11, "'9z' starts with a digit");
    tu_check(gpuref_lex_ident(s + 11, e, NULL, 1) == e, "'9z' when digits may start");
    tu_check(gpuref_is_ident("_a.b9") && gpuref_is_ident(".L1"), "_a.b9 and .L1 are names");
    tu_check(!gpuref_is_ident("1a") && !gpuref_is_ident("a-b") && !gpuref_is_ident(""),
             "1a, a-b and the empty text are not");
    gpuref_lex_init(&lx, "one\n  two three\n");
    gpuref_lex_line(&lx);
    gpuref_lex_line(&lx);
    gpuref_diag d = { 0, 0, 0, "" };
    int st = gpuref_lex_errf(&lx, &d, GPUREF_ERR_ASM, lx.ls + 6, "bad '%s'", "three");
    tu_check(st == GPUREF_ERR_ASM && d.status == GPUREF_ERR_ASM, "the status is returned and kept");
    tu_check(d.line == 2 && d.col == 7, "line 2, column 7 (got %u:%u)", d.line, d.col);
    tu_check(strcmp(d.msg, "bad 'three'") == 0, "message: %s", d.msg);
}

/* ------------------------------------------------------------- labels */

static void test_labels(void)
{
    gpuref_labels t = { 0 };
    tu_test("labels: add, duplicates, find");
    tu_check(gpuref_labels_add(&t, "loop:", 4, 0x40) == 0, "first label: index 0");
    tu_check(gpuref_labels_add(&t, "end", 3, 0x80) == 1, "second label: index 1");
    tu_check(gpuref_labels_add(&t, "loopy", 4, 0) == GPUREF_ERR_ARG, "'loop' twice");
    tu_check(gpuref_labels_find(&t, "loop") == 0 && t.v[0].value == 0x40, "loop = 0x40");
    tu_check(gpuref_labels_find(&t, "end") == 1 && t.v[1].value == 0x80, "end = 0x80");
    tu_check(gpuref_labels_find(&t, "lo") == -1 && gpuref_labels_find(&t, "") == -1,
             "unknown names");
    gpuref_labels_free(&t);
    tu_check(t.n == 0 && gpuref_labels_find(&t, "loop") == -1, "freed: empty");

    tu_test("labels: 40000 names, each found with its value");
    char nm[32];
    int ok = 1;
    for (unsigned k = 0; k < 40000 && ok; k++) {
        int n = snprintf(nm, sizeof nm, "L%u", k);
        ok = gpuref_labels_add(&t, nm, (size_t)n, 4ull * k) == (long)k;
    }
    tu_check(ok && t.n == 40000, "40000 added");
    for (unsigned k = 0; k < 40000 && ok; k++) {
        snprintf(nm, sizeof nm, "L%u", k);
        long j = gpuref_labels_find(&t, nm);
        ok = j == (long)k && t.v[j].value == 4ull * k;
    }
    tu_check(ok, "every one found with value 4k");
    gpuref_labels_free(&t);
}

/* Both assemblers resolve 40960 labels: a branch to label Lt assembles to
 * the words of the same branch written with the number the label stands
 * for (nv50: the byte address; rdna4: the SIMM16 DWORD offset from the
 * next instruction, RDNA4 ISA "SOPP" s_branch). */
static void test_asm_labels(void)
{
    enum { N = 40960 };
    gpuref_strbuf a = GPUREF_STRBUF_INIT, b = GPUREF_STRBUF_INIT;
    uint32_t *wa = NULL, *wb = NULL;
    size_t na = 0, nb = 0;
    gpuref_diag d = { 0, 0, 0, "" };

    tu_test("nv50: 40960 labels");
    for (unsigned k = 0; k < N; k++) {
        unsigned t = N - 1 - k;         /* every "bra" is long: 8 bytes */
        gpuref_sb_printf(&a, "L%u: bra L%u\n", k, t);
        gpuref_sb_printf(&b, "bra 0x%x\n", 8 * t);
    }
    const gpuref_isa *nv50 = gpuref_isa_find("nv50");
    int ra = gpuref_assemble(nv50, a.s, 0, &wa, &na, &d);
    tu_check(ra == GPUREF_OK, "labels assemble: %s", d.msg);
    int rb = gpuref_assemble(nv50, b.s, 0, &wb, &nb, &d);
    tu_check(rb == GPUREF_OK, "numbers assemble: %s", d.msg);
    tu_check(ra == rb && na == 2 * N && na == nb && !memcmp(wa, wb, na * sizeof *wa),
             "the same %d words", 2 * N);
    gpuref_free(wa);
    gpuref_free(wb);
    gpuref_sb_free(&a);
    gpuref_sb_free(&b);

    tu_test("rdna4: 40960 labels");
    for (unsigned k = 0; k < N; k++) {
        unsigned t = k ^ 0x3ffu;        /* within 1023 instructions: SIMM16 reaches */
        gpuref_sb_printf(&a, "L%u: s_branch L%u\n", k, t);
        gpuref_sb_printf(&b, "s_branch %u\n", (unsigned)((int)t - (int)k - 1) & 0xffffu);
    }
    const gpuref_isa *rdna4 = gpuref_isa_find("rdna4");
    ra = gpuref_assemble(rdna4, a.s, 0, &wa, &na, &d);
    tu_check(ra == GPUREF_OK, "labels assemble: %s", d.msg);
    rb = gpuref_assemble(rdna4, b.s, 0, &wb, &nb, &d);
    tu_check(rb == GPUREF_OK, "numbers assemble: %s", d.msg);
    tu_check(ra == rb && na == N && na == nb && !memcmp(wa, wb, na * sizeof *wa),
             "the same %d words", N);
    /* L0: s_branch L1023: offset 1023 - 0 - 1 = 0x3fe; SOPP s_branch = 0xbfa00000 | simm16 */
    tu_check(ra == GPUREF_OK && na > 0 && wa[0] == 0xbfa003feu, "first word 0xbfa003fe");
    gpuref_free(wa);
    gpuref_free(wb);
    gpuref_sb_free(&a);
    gpuref_sb_free(&b);

    tu_group("assembler label errors");
    ra = gpuref_assemble(rdna4, "x: s_nop 0\nx: s_nop 0\n", 0, &wa, &na, &d);
    tu_check(ra == GPUREF_ERR_ASM && d.line == 2 && d.col == 1 &&
             !strcmp(d.msg, "label 'x' defined twice"), "rdna4 duplicate: %u:%u %s",
             d.line, d.col, d.msg);
    ra = gpuref_assemble(rdna4, "s_nop 0\n  s_branch nowhere\n", 0, &wa, &na, &d);
    tu_check(ra == GPUREF_ERR_ASM && d.line == 2 && d.col == 12 &&
             !strcmp(d.msg, "undefined label 'nowhere'"), "rdna4 undefined: %u:%u %s",
             d.line, d.col, d.msg);
    ra = gpuref_assemble(nv50, "x: bra x\n x: bra x\n", 0, &wa, &na, &d);
    tu_check(ra == GPUREF_ERR_ASM && d.line == 2 && d.col == 2 &&
             !strcmp(d.msg, "duplicate label 'x'"), "nv50 duplicate: %u:%u %s",
             d.line, d.col, d.msg);
}

/* ------------------------------------------------------ string builder */

static void test_strbuf(void)
{
    tu_test("strbuf: growable");
    gpuref_strbuf b = GPUREF_STRBUF_INIT;
    gpuref_sb_put(&b, "", 0);
    tu_check(b.s && b.n == 0 && b.s[0] == '\0', "an empty append leaves \"\"");
    gpuref_sb_printf(&b, "%s=%u %d %x %c%%", "k", 42u, INT_MIN, 0xbeefu, 'z');
    tu_check(!strcmp(b.s, "k=42 -2147483648 beef z%"), "plain conversions: %s", b.s);
    gpuref_sb_printf(&b, " [%5.2f|%-3s|%08x]", 1.5, "a", 0x1234u);
    tu_check(!strcmp(b.s, "k=42 -2147483648 beef z% [ 1.50|a  |00001234]"),
             "through vsnprintf: %s", b.s);
    size_t n0 = b.n;
    for (unsigned i = 0; i < 3000; i++)
        gpuref_sb_str(&b, "abc");
    tu_check(b.n == n0 + 9000 && strlen(b.s) == b.n && !b.oom, "9000 bytes more, grown");
    gpuref_sb_free(&b);
    tu_check(b.s == NULL && b.n == 0, "freed");

    tu_test("strbuf: fixed buffers cut as snprintf does");
    int same = 1;
    for (size_t len = 1; len <= 24; len++) {
        char x[32], y[32];
        gpuref_strbuf f;
        memset(x, 'X', sizeof x);
        memset(y, 'X', sizeof y);
        gpuref_sb_fixed(&f, x, len);
        gpuref_sb_str(&f, "ab");
        gpuref_sb_printf(&f, " %s %u", "cde", 123u);
        gpuref_sb_printf(&f, "|%4u|", 7u);
        int k = snprintf(y, len, "ab cde 123|   7|");
        /* the text kept, and n = its length, or len once it was cut */
        same &= memcmp(x, y, sizeof x) == 0;
        same &= f.n == ((size_t)k >= len ? len : (size_t)k);
    }
    tu_check(same, "text and length as snprintf into 1..24 bytes");

    tu_test("put_u, put_x");
    char t[40], *e = gpuref_put_u(t, 18446744073709551615ull);
    *e = '\0';
    tu_check(!strcmp(t, "18446744073709551615"), "2^64-1 decimal: %s", t);
    e = gpuref_put_u(t, 0);
    *e = '\0';
    tu_check(!strcmp(t, "0"), "0 decimal");
    e = gpuref_put_x(t, 0x1000000000abcdefull);
    *e = '\0';
    tu_check(!strcmp(t, "1000000000abcdef"), "hex without leading zeros: %s", t);
    e = gpuref_put_x(t, 0);
    *e = '\0';
    tu_check(!strcmp(t, "0"), "0 hex");
}

/* ------------------------------------------------------------- files */

static void test_files(void)
{
    char path[] = "/tmp/gpuref_test_text.XXXXXX";
    int fd = mkstemp(path);
    tu_test("read_file");
    tu_check(fd >= 0, "a temporary file");
    if (fd < 0)
        return;
    static const char body[] = "line 1\nline 2\n";
    tu_check(write(fd, body, sizeof body - 1) == (ssize_t)(sizeof body - 1), "written");
    close(fd);
    char *text = NULL;
    size_t n = 0;
    tu_check(gpuref_read_file(path, 0, &text, &n) == 0 && text && n == 14 &&
             !strcmp(text, body), "whole file, NUL-terminated, 14 bytes");
    free(text);
    tu_check(gpuref_read_file(path, 14, &text, &n) == 0 && n == 14, "max 14: fits");
    free(text);
    tu_check(gpuref_read_file(path, 13, &text, &n) == EFBIG && !text, "max 13: EFBIG");
    tu_check(gpuref_read_file("/tmp", 0, &text, &n) == EISDIR && !text, "a folder: EISDIR");
    unlink(path);
    tu_check(gpuref_read_file(path, 0, &text, &n) == ENOENT, "gone: ENOENT");
    gpuref_diag d = { 0, 0, 0, "" };
    tu_check(gpuref_read_file_diag("/tmp", 0, &text, &n, &d) == GPUREF_ERR_IO &&
             !strcmp(d.msg, "/tmp: cannot read: Is a directory"), "one line: %s", d.msg);
}

/* ------------------------------------------ weighted tables and examples */

static void test_gen_pieces(void)
{
    static const unsigned w[6] = { 0, 3, 0, 5, 0, 0 };
    uint64_t cum[6];
    uint16_t idx[6];
    gpuref_wtab t;
    tu_test("wtab: running sums of the non-zero weights");
    gpuref_wtab_build(&t, cum, idx, w, 6);
    tu_check(t.sum == 8 && t.n == 2 && cum[0] == 3 && cum[1] == 8 && idx[0] == 1 && idx[1] == 3,
             "sum 8, items 1 (..3) and 3 (..8)");
    int ok = 1;
    for (uint64_t x = 0; x < 8; x++)
        ok &= gpuref_wtab_find(&t, x) == (x < 3 ? 1 : 3);
    tu_check(ok, "draws 0-2: item 1, draws 3-7: item 3");
    ok = 1;
    for (uint64_t s = 0; s < 200; s++) {
        gpuref_rng r1, r2;
        gpuref_rng_seed(&r1, s);
        gpuref_rng_seed(&r2, s);
        ok &= gpuref_wtab_pick(&t, &r1) == gpuref_gx_pick(&r2, w, 6);
    }
    tu_check(ok, "pick = gpuref_gx_pick over the whole table, 200 seeds");
    static const unsigned z[3] = { 0, 0, 0 };
    gpuref_wtab_build(&t, cum, idx, z, 3);
    gpuref_rng r;
    gpuref_rng_seed(&r, 1);
    tu_check(t.sum == 0 && gpuref_wtab_pick(&t, &r) == -1, "all weights 0: -1");

    tu_test("value-class examples are of their class");
    ok = 1;
    for (unsigned s = 0; s < 50; s++) {
        gpuref_rng_seed(&r, s);
        static const unsigned bits[3] = { 8, 16, 32 };
        for (unsigned b = 0; b < 3; b++)
            for (unsigned vc = 0; vc < GPUREF_VC_NINT; vc++)
                ok &= gpuref_vc_int(gpuref_vc_example_int(&r, vc, bits[b]), bits[b]) == vc;
        for (unsigned vc = 0; vc < GPUREF_VC_NINT; vc++)
            ok &= gpuref_vc_int(gpuref_vc_example_int64(&r, vc), 64) == vc;
        for (unsigned vc = GPUREF_VC_FPZERO; vc <= GPUREF_VC_SNAN; vc++) {
            ok &= gpuref_vc_float(gpuref_vc_example_float(&r, vc, 32), 32) == vc;
            ok &= gpuref_vc_float(gpuref_vc_example_float(&r, vc, 16), 16) == vc;
        }
    }
    tu_check(ok, "integers at 8/16/32/64 bits, f32 and f16, 50 seeds");
    /* the edge classes exactly: 16 bits: -1 = 0xffff, IMIN = 0x8000, IMAX = 0x7fff */
    tu_check(gpuref_vc_example_int(&r, GPUREF_VC_MINUS1, 16) == 0xffffu &&
             gpuref_vc_example_int(&r, GPUREF_VC_IMIN, 16) == 0x8000u &&
             gpuref_vc_example_int(&r, GPUREF_VC_IMAX, 16) == 0x7fffu, "16-bit edges");
    tu_check(gpuref_vc_example_float(&r, GPUREF_VC_FNINF, 32) == 0xff800000u &&
             gpuref_vc_example_float(&r, GPUREF_VC_FPINF, 16) == 0x7c00u, "-Inf f32, +Inf f16");
    ok = 1;
    for (unsigned s = 0; s < 50; s++) {
        gpuref_rng_seed(&r, s);
        uint32_t v = gpuref_vc_draw_float(&r, GPUREF_VC_FPZERO, 32);
        ok &= v == 0;
        v = gpuref_vc_draw_float(&r, GPUREF_VC_QNAN, 32);
        ok &= v == 0 || gpuref_vc_float(v, 32) == GPUREF_VC_QNAN;
    }
    tu_check(ok, "draw_float: +0 is 0; a drawn QNAN is one (or the fallback 0)");
}

int main(void)
{
    test_numbers();
    test_lex();
    test_labels();
    test_asm_labels();
    test_strbuf();
    test_files();
    test_gen_pieces();
    return tu_finish();
}
