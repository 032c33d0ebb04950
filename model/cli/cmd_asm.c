/* cmd_asm.c - `gpuref asm`: assembly text to machine words. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "isa.h"

const char cmd_asm_help[] =
    "usage: gpuref asm --isa ISA [OPTIONS] [FILE|-]\n"
    "\n"
    "Assemble a program (FILE, or stdin when FILE is '-' or not given) and print\n"
    "its machine words, one 32-bit word per line as 8 hex digits (the format\n"
    "$readmemh reads).  Errors are reported as 'file:line:col: problem'.\n"
    "With -o the words are written to a temporary file that is renamed to OUT\n"
    "only when everything succeeded: an error never leaves a partial OUT.\n"
    "\n"
    "options:\n"
    "  --isa ISA          the instruction set (required)\n"
    "  -o, --output OUT   write the words to OUT instead of stdout\n"
    "  --base ADDR        byte address the program is placed at (default 0)\n"
    "  --yaml             print a YAML flow list instead: [\"0x...\", ...]\n"
    "                     (for the words: key of a vector file)\n"
    "  -h, --help         this help\n"
    "\n"
    "examples:\n"
    "  gpuref asm --isa nv50 prog.s -o prog.hex\n"
    "  echo 'mov b32 $r1 0x3' | gpuref asm --isa nv50 --yaml\n"
    "  gpuref asm --isa nv50 prog.s | gpuref disasm --isa nv50\n";

static int write_words(FILE *f, const uint32_t *w, size_t n, int yaml)
{
    if (yaml) {
        fputc('[', f);
        for (size_t i = 0; i < n; i++)
            fprintf(f, "%s\"0x%08x\"", i ? ", " : "", (unsigned)w[i]);
        fputs("]\n", f);
    } else {
        for (size_t i = 0; i < n; i++)
            fprintf(f, "%08x\n", (unsigned)w[i]);
    }
    return ferror(f) ? -1 : 0;
}

typedef struct words { const uint32_t *w; size_t n; int yaml; } words;

static int fill_words(FILE *f, void *ctx)
{
    const words *x = ctx;
    return write_words(f, x->w, x->n, x->yaml);
}

/* Write via OUT.XXXXXX in the same folder and rename: never a partial OUT. */
static int write_output(const char *out, const uint32_t *w, size_t n, int yaml)
{
    words x = { w, n, yaml };
    int e = gpuref_write_atomic(out, fill_words, &x);
    return e ? cli_error("asm", CLI_INPUT, "%s: cannot write: %s", out, strerror(e)) : CLI_OK;
}

int cmd_asm(int argc, char **argv)
{
    cli_args a;
    const char *arg, *val, *isa_name = NULL, *in = NULL, *out = NULL;
    uint64_t base = 0;
    int kind, rc = CLI_OK, yaml = 0;
    cli_args_init(&a, argc, argv);
    while (rc == CLI_OK && (kind = cli_next(&a, &arg)) != CLI_END) {
        if (kind == CLI_POS) {
            if (in)
                rc = cli_usage("asm", "one input file only ('%s' and '%s')", in, arg);
            in = arg;
        } else if (cli_is(&a, NULL, "--isa")) {
            if (!(rc = cli_value(&a, &val)))
                isa_name = val;
        } else if (cli_is(&a, "-o", "--output")) {
            if (!(rc = cli_value(&a, &val)))
                out = val;
        } else if (cli_is(&a, NULL, "--base")) {
            if (!(rc = cli_value(&a, &val)) && gpuref_parse_u64(val, &base) != 0)
                rc = cli_usage("asm", "--base: expected a number, got '%s'", val);
        } else if (cli_is(&a, NULL, "--yaml")) {
            if (!(rc = cli_flag(&a)))
                yaml = 1;
        } else {
            rc = cli_usage("asm", "unknown option '%s'", arg);
        }
    }
    if (rc)
        return rc;
    if (!isa_name)
        return cli_usage("asm", "--isa is required (known: %s)", gpuref_isa_list());
    if (out && strcmp(out, "-") == 0)
        out = NULL;
    const gpuref_isa *isa = cli_isa("asm", isa_name);
    if (!isa)
        return CLI_INPUT;
    if (!in)
        in = "-";
    const char *name = strcmp(in, "-") == 0 ? "<stdin>" : in;
    size_t len = 0;
    char *text = cli_read_file(in, &len);
    if (!text)
        return cli_error("asm", CLI_INPUT, "%s: %s", name, strerror(errno));
    if (memchr(text, '\0', len)) {
        free(text);
        return cli_error("asm", CLI_INPUT, "%s: not a text file (NUL byte)", name);
    }
    uint32_t *w = NULL;
    size_t n = 0;
    gpuref_diag d = { 0, 0, 0, "" };
    int st = gpuref_assemble(isa, text, base, &w, &n, &d);
    free(text);
    if (st != GPUREF_OK) {
        gpuref_free(w);
        if (d.line && d.col)
            fprintf(stderr, "%s:%u:%u: %s\n", name, d.line, d.col, d.msg[0] ? d.msg : "assembly error");
        else if (d.line)
            fprintf(stderr, "%s:%u: %s\n", name, d.line, d.msg[0] ? d.msg : "assembly error");
        else
            fprintf(stderr, "%s: %s\n", name, d.msg[0] ? d.msg : "assembly error");
        return CLI_INPUT;
    }
    if (out)
        rc = write_output(out, w, n, yaml);
    else if (write_words(stdout, w, n, yaml) != 0)
        rc = cli_error("asm", CLI_INPUT, "error writing the output");
    gpuref_free(w);
    return rc;
}
