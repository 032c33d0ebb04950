/* cli_util.c - argument walking, messages and data files of the gpuref command. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

void cli_args_init(cli_args *a, int argc, char **argv)
{
    memset(a, 0, sizeof *a);
    a->argc = argc;
    a->argv = argv;
    a->i = 1;
    a->cmd = argc > 0 ? argv[0] : "?";
}

int cli_next(cli_args *a, const char **arg)
{
    a->inl = NULL;
    a->name[0] = '\0';
    while (a->i < a->argc) {
        const char *s = a->argv[a->i++];
        if (!a->nomore && strcmp(s, "--") == 0) {
            a->nomore = 1;
            continue;
        }
        if (a->nomore || s[0] != '-' || s[1] == '\0') {
            *arg = s;
            return CLI_POS;
        }
        size_t n = strlen(s);
        const char *eq = s[1] == '-' ? strchr(s, '=') : NULL;
        if (eq) {
            n = (size_t)(eq - s);
            a->inl = eq + 1;
        }
        if (n >= sizeof a->name)
            n = sizeof a->name - 1;
        memcpy(a->name, s, n);
        a->name[n] = '\0';
        *arg = a->name;
        return CLI_OPT;
    }
    return CLI_END;
}

int cli_is(const cli_args *a, const char *shortname, const char *longname)
{
    return (shortname && strcmp(a->name, shortname) == 0) ||
           (longname && strcmp(a->name, longname) == 0);
}

int cli_value(cli_args *a, const char **val)
{
    if (a->inl) {
        *val = a->inl;
        a->inl = NULL;
        return CLI_OK;
    }
    if (a->i < a->argc) {
        *val = a->argv[a->i++];
        return CLI_OK;
    }
    return cli_usage(a->cmd, "option %s needs a value", a->name);
}

int cli_flag(cli_args *a)
{
    if (a->inl)
        return cli_usage(a->cmd, "option %s takes no value", a->name);
    return CLI_OK;
}

int cli_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "gpuref %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'gpuref %s --help'.\n", cmd);
    return CLI_USAGE;
}

int cli_error(const char *cmd, int code, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "gpuref %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return code;
}

const gpuref_isa *cli_isa(const char *cmd, const char *name)
{
    const gpuref_isa *isa = gpuref_isa_find(name);
    if (!isa)
        cli_error(cmd, CLI_INPUT, "unknown ISA '%s' (known: %s)", name, gpuref_isa_list());
    return isa;
}

char *cli_read_file(const char *path, size_t *len)
{
    char *text;
    int e = gpuref_read_file(strcmp(path, "-") == 0 ? NULL : path, CLI_MAX_FILE, &text, len);
    if (e)
        errno = e;
    return e ? NULL : text;
}

int cli_parse_word(const char *s, size_t n, uint32_t *w)
{
    uint64_t v;
    size_t digits = n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? n - 2 : n;
    if (digits == 0 || digits > 8 || gpuref_num_scan(s, n, GPUREF_NUM_HEX, &v, NULL))
        return -1;
    *w = (uint32_t)v;
    return 0;
}

/* ------------------------------------------------------------ data files */

static int is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

int cli_data_file(const char *cmd, const char *rel, char *out, size_t len)
{
    static int warned;
    char exe[4096];
    const char *env = getenv("GPUREF_DATA");
    if (env && *env && (size_t)snprintf(out, len, "%s/%s", env, rel) < len && is_file(out))
        return 1;
    if ((size_t)snprintf(out, len, "%s", rel) < len && is_file(out))
        return 1;                       /* a repository checkout */
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {                        /* an install: PREFIX/bin/gpuref */
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            if ((size_t)snprintf(out, len, "%s/../share/gpuref/%s", exe, rel) < len &&
                is_file(out))
                return 1;
        }
    }
    if (!warned) {
        warned = 1;
        fprintf(stderr,
                "gpuref %s: warning: default %s not found ($GPUREF_DATA, ./, "
                "<bin>/../share/gpuref/): going on without it\n", cmd, rel);
    }
    out[0] = '\0';
    return 0;
}
