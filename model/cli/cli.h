/* cli.h - shared parts of the gpuref command (model/cli/). */
#ifndef GPUREF_CLI_H
#define GPUREF_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gpuref.h"
#include "text.h"

/* Exit codes, the same for every subcommand (README.md, `gpuref --help`). */
enum {
    CLI_OK = 0,      /* success, all tests passed */
    CLI_FAIL = 1,    /* test failures */
    CLI_USAGE = 2,   /* bad command line */
    CLI_INPUT = 3    /* bad input: unreadable file, bad YAML/vectors/assembly,
                        unknown ISA, illegal instruction word */
};

/* One subcommand: a row of the dispatch table in gpuref.c. */
typedef struct cli_cmd {
    const char *name;
    int (*run)(int argc, char **argv);   /* argv[0] is the subcommand name */
    const char *summary;                 /* one line for `gpuref help` */
    const char *help;                    /* full --help text */
} cli_cmd;

int cmd_run(int argc, char **argv);
int cmd_gen(int argc, char **argv);   /* cmd_gen.c */
int cmd_cov(int argc, char **argv);   /* cmd_cov.c */
extern const char cmd_gen_help[], cmd_cov_help[];
int cmd_disasm(int argc, char **argv);
int cmd_asm(int argc, char **argv);
int cmd_shrink(int argc, char **argv);
extern const char cmd_run_help[], cmd_disasm_help[], cmd_asm_help[], cmd_shrink_help[];

/* ----------------------------------------------------- argument walking */

enum { CLI_END, CLI_POS, CLI_OPT };

typedef struct cli_args {
    int argc;
    char **argv;
    int i;
    int nomore;            /* "--" seen: everything after is positional */
    const char *cmd;       /* subcommand name, for messages */
    const char *inl;       /* value given inline as --opt=value */
    char name[64];         /* the current option's name */
} cli_args;

void cli_args_init(cli_args *a, int argc, char **argv);
/* CLI_OPT (*arg = option name such as "-o" or "--isa"), CLI_POS (*arg = the
 * argument; "-" is positional), or CLI_END. */
int  cli_next(cli_args *a, const char **arg);
/* Is the current option one of the given spellings (NULL to skip one)? */
int  cli_is(const cli_args *a, const char *shortname, const char *longname);
/* The value of the current option (inline or next argument); CLI_USAGE
 * after printing an error if there is none. */
int  cli_value(cli_args *a, const char **val);
/* CLI_USAGE (after an error) if a flag option was given a value. */
int  cli_flag(cli_args *a);

/* "gpuref CMD: message" + a hint to --help on stderr; returns CLI_USAGE. */
int  cli_usage(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "gpuref CMD: message" on stderr; returns `code`. */
int  cli_error(const char *cmd, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The ISA of that name, or NULL after printing the known ones. */
const gpuref_isa *cli_isa(const char *cmd, const char *name);

/* A whole file ("-": stdin) of at most CLI_MAX_FILE bytes, NUL-terminated
 * (gpuref_read_file); NULL with errno set on failure.  Numbers of options
 * are read with gpuref_parse_u64 (text.h). */
#define CLI_MAX_FILE ((size_t)1 << 30)
char *cli_read_file(const char *path, size_t *len);
/* A 32-bit word: hex with or without 0x, 1..8 digits. */
int   cli_parse_word(const char *s, size_t n, uint32_t *w);

/* A data file the command uses by default (rel: "coverage/exclusions/nv50.txt"),
 * looked up in order: $GPUREF_DATA/rel, ./rel (a repository checkout),
 * <folder of the executable>/../share/gpuref/rel (an install).  1 with out set
 * when found; 0 when not, after a warning on stderr (once per run). */
int   cli_data_file(const char *cmd, const char *rel, char *out, size_t len);

#endif
