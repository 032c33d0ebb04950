/* cmd_disasm.c - `gpuref disasm`: machine words to assembly text. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

const char cmd_disasm_help[] =
    "usage: gpuref disasm --isa ISA [OPTIONS] [WORD...]\n"
    "       gpuref disasm --isa ISA [OPTIONS] -f FILE\n"
    "\n"
    "Disassemble 32-bit machine words, given as arguments, read from a hex FILE\n"
    "(-f; '-' is stdin), or from stdin when neither is given.  Words are hex, with\n"
    "or without 0x, separated by blanks, newlines or commas; '#' and '//' start a\n"
    "comment that runs to the end of the line.  Prints one instruction per line:\n"
    "\n"
    "  address: words  text\n"
    "\n"
    "An illegal or truncated instruction is reported on stderr; the listing goes\n"
    "on with the next word and the exit status is 3.\n"
    "\n"
    "options:\n"
    "  --isa ISA          the instruction set (required)\n"
    "  -f, --file FILE    read the words from FILE ('-': stdin)\n"
    "  --base ADDR        byte address of the first word (default 0)\n"
    "  -n, --text         print the text only (input for 'gpuref asm')\n"
    "  -h, --help         this help\n"
    "\n"
    "examples:\n"
    "  gpuref disasm --isa nv50 0x10008001 0x00000003\n"
    "  gpuref disasm --isa nv50 -f build/prog.hex\n"
    "  gpuref asm --isa nv50 p.s | gpuref disasm --isa nv50 --base 0x100\n";

/* Words of a hex text; 0, or CLI_INPUT after printing "name:line: problem". */
static int parse_hex_text(const char *name, const char *text, uint32_t **out, size_t *nout)
{
    size_t cap = 256, n = 0;
    uint32_t *w = malloc(cap * sizeof *w);
    unsigned line = 1;
    if (!w)
        return cli_error("disasm", CLI_INPUT, "out of memory");
    const char *p = text;
    while (*p) {
        if (*p == '\n') {
            line++;
            p++;
        } else if (*p == ' ' || *p == '\t' || *p == '\r' || *p == ',' || *p == '\f' ||
                   *p == '\v') {
            p++;
        } else if (*p == '#' || (p[0] == '/' && p[1] == '/')) {
            while (*p && *p != '\n')
                p++;
        } else {
            size_t k = strcspn(p, " \t\r\n,\f\v#");
            for (size_t j = 0; j + 1 < k; j++)     /* a "//" comment inside the token */
                if (p[j] == '/' && p[j + 1] == '/') {
                    k = j;
                    break;
                }
            uint32_t v;
            if (cli_parse_word(p, k, &v) != 0) {
                fprintf(stderr, "%s:%u: bad word '%.*s' (expected up to 8 hex digits)\n", name,
                        line, (int)(k > 40 ? 40 : k), p);
                free(w);
                return CLI_INPUT;
            }
            if (n == cap) {
                uint32_t *nw = realloc(w, 2 * cap * sizeof *w);
                if (!nw) {
                    free(w);
                    return cli_error("disasm", CLI_INPUT, "out of memory");
                }
                w = nw;
                cap *= 2;
            }
            w[n++] = v;
            p += k;
        }
    }
    *out = w;
    *nout = n;
    return CLI_OK;
}

int cmd_disasm(int argc, char **argv)
{
    cli_args a;
    const char *arg, *val, *isa_name = NULL, *file = NULL;
    uint64_t base = 0;
    int kind, rc = CLI_OK, text_only = 0;
    size_t n = 0, cap = (size_t)argc + 1;
    uint32_t *words = malloc(cap * sizeof *words);
    if (!words)
        return cli_error("disasm", CLI_INPUT, "out of memory");
    cli_args_init(&a, argc, argv);
    while (rc == CLI_OK && (kind = cli_next(&a, &arg)) != CLI_END) {
        if (kind == CLI_POS) {
            if (cli_parse_word(arg, strlen(arg), &words[n]) != 0)
                rc = cli_error("disasm", CLI_INPUT, "bad word '%s' (expected up to 8 hex digits)",
                               arg);
            else
                n++;
        } else if (cli_is(&a, NULL, "--isa")) {
            if (!(rc = cli_value(&a, &val)))
                isa_name = val;
        } else if (cli_is(&a, "-f", "--file")) {
            if (!(rc = cli_value(&a, &val)))
                file = val;
        } else if (cli_is(&a, NULL, "--base")) {
            if (!(rc = cli_value(&a, &val)) && gpuref_parse_u64(val, &base) != 0)
                rc = cli_usage("disasm", "--base: expected a number, got '%s'", val);
        } else if (cli_is(&a, "-n", "--text")) {
            if (!(rc = cli_flag(&a)))
                text_only = 1;
        } else {
            rc = cli_usage("disasm", "unknown option '%s'", arg);
        }
    }
    if (rc == CLI_OK && !isa_name)
        rc = cli_usage("disasm", "--isa is required (known: %s)", gpuref_isa_list());
    if (rc == CLI_OK && file && n)
        rc = cli_usage("disasm", "give words as arguments or -f FILE, not both");
    const gpuref_isa *isa = NULL;
    if (rc == CLI_OK && !(isa = cli_isa("disasm", isa_name)))
        rc = CLI_INPUT;
    if (rc == CLI_OK && n == 0) {
        const char *src = file ? file : "-";
        const char *name = strcmp(src, "-") == 0 ? "<stdin>" : src;
        size_t len = 0;
        char *text = cli_read_file(src, &len);
        if (!text) {
            rc = cli_error("disasm", CLI_INPUT, "%s: %s", name, strerror(errno));
        } else if (memchr(text, '\0', len)) {
            rc = cli_error("disasm", CLI_INPUT, "%s: not a text file (NUL byte)", name);
            free(text);
        } else {
            free(words);
            words = NULL;
            rc = parse_hex_text(name, text, &words, &n);
            free(text);
        }
    }
    int illegal = 0;
    for (size_t i = 0; rc == CLI_OK && i < n;) {
        /* a unit is up to GPUREF_MAX_WORDS words; its text, a group of
         * several instructions, several lines */
        char buf[4096], wt[GPUREF_MAX_WORDS * 9 + 1];
        unsigned nw = 0;
        uint64_t pc = base + 4 * (uint64_t)i;
        gpuref_diag d = { 0, 0, 0, "" };
        if (gpuref_disasm(isa, &words[i], n - i, pc, buf, sizeof buf, &nw, &d) != GPUREF_OK ||
            nw == 0 || nw > n - i) {
            fflush(stdout);
            fprintf(stderr, "gpuref disasm: %08llx: %08x: %s\n", (unsigned long long)pc,
                    (unsigned)words[i], d.msg[0] ? d.msg : "illegal instruction");
            illegal = 1;
            i++;
            continue;
        }
        if (text_only) {
            printf("%s\n", buf);
        } else {
            size_t o = 0;
            wt[0] = '\0';
            for (unsigned k = 0; k < nw && o + 9 < sizeof wt; k++)
                o += (size_t)snprintf(wt + o, sizeof wt - o, "%s%08x", k ? " " : "",
                                      (unsigned)words[i + k]);
            printf("%08llx: %-17s  %s\n", (unsigned long long)pc, wt, buf);
        }
        i += nw;
    }
    free(words);
    if (rc == CLI_OK && illegal)
        rc = CLI_INPUT;
    return rc;
}
