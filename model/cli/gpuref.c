/* gpuref.c - the gpuref command: a table of subcommands and their dispatch.
 * A new subcommand (gen, cov, regress, shrink, ...) is one row of `cmds` and
 * a cmd_<name>.c with its function and help text. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <yaml.h>

#include "cli.h"

static int cmd_help(int argc, char **argv);
static int cmd_version(int argc, char **argv);

static const char cmd_help_help[] =
    "usage: gpuref help [COMMAND]\n"
    "\n"
    "Show the overview, or the help of COMMAND (the same as 'gpuref COMMAND --help').\n";

static const char cmd_version_help[] =
    "usage: gpuref version\n"
    "\n"
    "Print the version of gpuref, the ISAs it implements and the libyaml version.\n";

static const cli_cmd cmds[] = {
    { "run",     cmd_run,     "run YAML test vectors on the model",        cmd_run_help },
    { "gen",     cmd_gen,     "generate random test vectors (seeded)",     cmd_gen_help },
    { "cov",     cmd_cov,     "functional coverage: report, merge, bins",  cmd_cov_help },
    { "disasm",  cmd_disasm,  "disassemble machine words",                 cmd_disasm_help },
    { "asm",     cmd_asm,     "assemble a program into machine words",     cmd_asm_help },
    { "shrink",  cmd_shrink,  "reduce a test failing in lockstep",         cmd_shrink_help },
    { "version", cmd_version, "print the version",                         cmd_version_help },
    { "help",    cmd_help,    "show the help of a command",                cmd_help_help },
};
#define NCMDS (sizeof cmds / sizeof cmds[0])

static const char exit_codes[] =
    "exit status:\n"
    "  0  success: every test passed\n"
    "  1  test failures\n"
    "  2  usage error (bad command line)\n"
    "  3  input error: unreadable file, malformed YAML or vectors, bad assembly,\n"
    "     unknown ISA, illegal instruction word\n";

static const cli_cmd *find_cmd(const char *name)
{
    for (size_t i = 0; i < NCMDS; i++)
        if (strcmp(cmds[i].name, name) == 0)
            return &cmds[i];
    return NULL;
}

static void overview(FILE *f)
{
    fprintf(f,
            "usage: gpuref COMMAND [OPTIONS] [ARGS]\n"
            "       gpuref COMMAND --help\n"
            "\n"
            "gpuref %s - golden reference model of GPU shader pipelines (ISAs: %s).\n"
            "\n"
            "commands:\n",
            GPUREF_VERSION, gpuref_isa_list());
    for (size_t i = 0; i < NCMDS; i++)
        fprintf(f, "  %-8s %s\n", cmds[i].name, cmds[i].summary);
    fprintf(f,
            "\n"
            "examples:\n"
            "  gpuref run vectors/nv50/directed/*.yaml\n"
            "  gpuref disasm --isa nv50 0x10008001 0x00000003\n"
            "  gpuref asm --isa nv50 prog.s -o prog.hex\n"
            "\n%s",
            exit_codes);
}

static int cmd_help(int argc, char **argv)
{
    if (argc > 2)
        return cli_usage("help", "too many arguments");
    if (argc == 2 && strcmp(argv[1], "-h") != 0 && strcmp(argv[1], "--help") != 0) {
        const cli_cmd *c = find_cmd(argv[1]);
        if (!c)
            return cli_usage("help", "unknown command '%s'", argv[1]);
        fputs(c->help, stdout);
        fputs("\n", stdout);
        fputs(exit_codes, stdout);
        return CLI_OK;
    }
    overview(stdout);
    return CLI_OK;
}

/* Flush stdout; a write error is one message and CLI_INPUT (unless the
 * command already failed and said so: rc is then kept, with no second line). */
static int finish(const char *name, int rc)
{
    if (fflush(stdout) == 0 && !ferror(stdout))
        return rc;
    if (rc == CLI_OK || rc == CLI_FAIL) {
        fprintf(stderr, "gpuref %s: error writing the output: %s\n", name, strerror(errno));
        return rc ? rc : CLI_INPUT;
    }
    return rc;
}

static int cmd_version(int argc, char **argv)
{
    (void)argv;
    if (argc > 1)
        return cli_usage("version", "no arguments expected");
    printf("gpuref %s (ISAs: %s; libyaml %s)\n", GPUREF_VERSION, gpuref_isa_list(),
           yaml_get_version_string());
    return CLI_OK;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        overview(stderr);
        return CLI_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0)
        return finish("--help", cmd_help(1, argv + 1));
    if (strcmp(name, "--version") == 0)
        return finish("--version", cmd_version(1, argv + 1));
    const cli_cmd *c = find_cmd(name);
    if (!c) {
        fprintf(stderr, "gpuref: unknown command '%s'\nTry 'gpuref --help'.\n", name);
        return CLI_USAGE;
    }
    /* --help / -h anywhere before "--" shows the command's help */
    for (int i = 2; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            fputs(c->help, stdout);
            fputs("\n", stdout);
            fputs(exit_codes, stdout);
            return finish(name, CLI_OK);
        }
    }
    return finish(name, c->run(argc - 1, argv + 1));
}
