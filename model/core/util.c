/* util.c - status names, error formatting, small parsers and file writing
 * shared by the core, the ISAs and the command. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700         /* realpath */
#endif
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "isa.h"
#include "text.h"

const char *gpuref_status_name(int status)
{
    switch (status) {
    case GPUREF_OK:         return "ok";
    case GPUREF_ERR_ARG:    return "bad argument";
    case GPUREF_ERR_CONFIG: return "bad configuration";
    case GPUREF_ERR_RANGE:  return "out of range";
    case GPUREF_ERR_DECODE: return "illegal instruction";
    case GPUREF_ERR_UNIMPL: return "unimplemented";
    case GPUREF_ERR_ASM:    return "assembly error";
    case GPUREF_ERR_FAULT:  return "fault";
    case GPUREF_ERR_NOMEM:  return "out of memory";
    case GPUREF_ERR_DONE:   return "program finished";
    case GPUREF_ERR_LIMIT:  return "step limit reached";
    case GPUREF_ERR_IO:     return "i/o error";
    case GPUREF_ERR_PARSE:  return "parse error";
    case GPUREF_ERR_BLOCKED: return "wave blocked";
    default:                return "unknown status";
    }
}

int gpuref_errf(char *err, int status, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, GPUREF_ERRLEN, fmt, ap);
        va_end(ap);
    }
    return status;
}

int gpuref_diagf(gpuref_diag *d, int status, unsigned line, unsigned col, const char *fmt, ...)
{
    if (d) {
        va_list ap;
        d->status = status;
        d->line = line;
        d->col = col;
        va_start(ap, fmt);
        vsnprintf(d->msg, sizeof d->msg, fmt, ap);
        va_end(ap);
    }
    return status;
}

static size_t copy_token(const char *s, size_t n, char *dst, size_t dlen)
{
    size_t k = n < dlen - 1 ? n : dlen - 1;
    memcpy(dst, s, k);
    dst[k] = '\0';
    return k;
}

int gpuref_config_keys(const char *isa, const gpuref_cfg_key *keys, size_t n, void *cfg,
                       const char *config, char *err)
{
    for (size_t k = 0; k < n; k++)
        *(unsigned *)((char *)cfg + keys[k].off) = keys[k].def;
    size_t pos = 0;
    char key[32], val[64];
    int r;
    while ((r = gpuref_config_next(config, &pos, key, sizeof key, val, sizeof val)) > 0) {
        size_t k;
        for (k = 0; k < n && strcmp(key, keys[k].name); k++)
            ;
        if (k == n) {
            char list[256] = "";
            size_t len = 0;
            for (size_t j = 0; j < n && len < sizeof list; j++)
                len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", j ? ", " : "",
                                        keys[j].name);
            return gpuref_errf(err, GPUREF_ERR_CONFIG, "%s: unknown config key '%s' (keys: %s)", isa,
                               key, list);
        }
        const gpuref_cfg_key *c = &keys[k];
        uint64_t v;
        int bad = gpuref_parse_u64(val, &v) || v < c->min || v > c->max ||
                  (c->pow2 && (v & (v - 1)) != 0);
        if (bad) {
            char only[64] = "";             /* "16, 32 or 64: " */
            size_t len = 0, m = 0;
            for (uint64_t p2 = 1; c->pow2 && p2 <= c->max; p2 <<= 1)
                m += p2 >= c->min;
            for (uint64_t p2 = 1, i = 0; c->pow2 && p2 <= c->max && len < sizeof only; p2 <<= 1) {
                if (p2 < c->min)
                    continue;
                i++;
                len += (size_t)snprintf(only + len, sizeof only - len, "%s%llu%s",
                                        i == 1 ? "" : i == m ? " or " : ", ",
                                        (unsigned long long)p2, i == m ? ": " : "");
            }
            return gpuref_errf(err, GPUREF_ERR_CONFIG, "%s: bad value '%s' for %s (%s%u..%u)", isa,
                               val, key, only, c->min, c->max);
        }
        *(unsigned *)((char *)cfg + c->off) = (unsigned)v;
    }
    if (r < 0)
        return gpuref_errf(err, GPUREF_ERR_CONFIG, "%s: malformed config '%s' (key=value,...)", isa,
                           config);
    return GPUREF_OK;
}

int gpuref_config_next(const char *config, size_t *pos, char *key, size_t klen,
                       char *val, size_t vlen)
{
    if (!config)
        return 0;
    if (!pos || !key || !val || klen < 2 || vlen < 2)
        return -1;
    const char *p = config + *pos;
    while (*p == ',' || *p == ' ')
        p++;
    if (*p == '\0') {
        *pos = (size_t)(p - config);
        return 0;
    }
    const char *eq = p;
    while (*eq && *eq != '=' && *eq != ',')
        eq++;
    if (*eq != '=' || eq == p)
        return -1;
    const char *end = eq + 1;
    while (*end && *end != ',')
        end++;
    if ((size_t)(eq - p) >= klen || (size_t)(end - eq - 1) >= vlen)
        return -1;
    copy_token(p, (size_t)(eq - p), key, klen);
    copy_token(eq + 1, (size_t)(end - eq - 1), val, vlen);
    /* trim trailing blanks of the key and both ends of the value */
    for (size_t k = strlen(key); k > 0 && key[k - 1] == ' '; k--)
        key[k - 1] = '\0';
    for (size_t k = strlen(val); k > 0 && val[k - 1] == ' '; k--)
        val[k - 1] = '\0';
    /* a key given twice: which one would win is not obvious, so neither does */
    for (size_t q = 0; q < (size_t)(p - config);) {
        size_t ks = q, ke;
        while (ks < (size_t)(p - config) && (config[ks] == ',' || config[ks] == ' '))
            ks++;
        if (ks >= (size_t)(p - config))
            break;
        for (ke = ks; config[ke] && config[ke] != '=' && config[ke] != ','; ke++)
            ;
        size_t kl = ke;
        while (kl > ks && config[kl - 1] == ' ')
            kl--;
        if (kl - ks == strlen(key) && kl > ks && memcmp(config + ks, key, kl - ks) == 0)
            return -1;
        while (ke < (size_t)(p - config) && config[ke] != ',')
            ke++;
        q = ke + 1;
    }
    *pos = (size_t)(end - config);
    return 1;
}

FILE *gpuref_fopen_read(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return NULL;
    }
    return fopen(path, "rb");
}

void gpuref_free(void *p)
{
    free(p);
}

char *gpuref_dupn(const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}

/* The temporary file being written, removed by the handler of a signal that
 * ends the process mid-write (SIGXFSZ when the file outgrows `ulimit -f`,
 * SIGINT, SIGTERM, SIGHUP); the signal is then delivered as before.  A
 * SIGKILL cannot be caught: after one the temporary file stays. */
static char *volatile tmp_live;
static const int tmp_sigs[] = { SIGXFSZ, SIGINT, SIGTERM, SIGHUP };
#define NSIGS (sizeof tmp_sigs / sizeof tmp_sigs[0])

static void tmp_on_signal(int sig)
{
    char *t = tmp_live;
    if (t)
        unlink(t);                      /* async-signal-safe */
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Catch the signals (those not ignored) while tmp is being written. */
static void tmp_guard(char *tmp, struct sigaction *old)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = tmp_on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < NSIGS; i++)
        sigaddset(&sa.sa_mask, tmp_sigs[i]);
    tmp_live = tmp;
    for (size_t i = 0; i < NSIGS; i++) {
        sigaction(tmp_sigs[i], NULL, &old[i]);
        if (old[i].sa_handler == SIG_DFL)
            sigaction(tmp_sigs[i], &sa, NULL);
    }
}

static void tmp_unguard(const struct sigaction *old)
{
    for (size_t i = 0; i < NSIGS; i++)
        if (old[i].sa_handler == SIG_DFL)
            sigaction(tmp_sigs[i], &old[i], NULL);
    tmp_live = NULL;
}

static int fill_stream(FILE *f, int (*fill)(FILE *f, void *ctx), void *ctx)
{
    errno = 0;
    int e = 0;
    if (fill(f, ctx) != 0 || ferror(f))
        e = errno ? errno : EIO;
    if (fclose(f) != 0 && !e)
        e = errno ? errno : EIO;
    return e;
}

/* Write in place: what is at path is not a regular file (a FIFO, a device
 * such as /dev/null or /dev/stdout, a terminal): renaming over it would
 * replace it with a regular file. */
static int write_in_place(const char *path, int (*fill)(FILE *f, void *ctx), void *ctx)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return errno ? errno : EIO;
    return fill_stream(f, fill, ctx);
}

int gpuref_write_atomic(const char *path, int (*fill)(FILE *f, void *ctx), void *ctx)
{
    struct stat st;
    char *real = NULL;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        /* a symlink stays one: write its target (atomically when it is a
         * regular file, in place when it is anything else or missing) */
        real = realpath(path, NULL);
        if (!real || stat(real, &st) != 0 || !S_ISREG(st.st_mode)) {
            free(real);
            return write_in_place(path, fill, ctx);
        }
        path = real;
    } else if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        return write_in_place(path, fill, ctx);
    }
    size_t pl = strlen(path);
    char *tmp = malloc(pl + 8);
    if (!tmp) {
        free(real);
        return ENOMEM;
    }
    memcpy(tmp, path, pl);
    memcpy(tmp + pl, ".XXXXXX", 8);
    sigset_t all, prev;
    struct sigaction old[NSIGS];
    sigemptyset(&all);
    for (size_t i = 0; i < NSIGS; i++)
        sigaddset(&all, tmp_sigs[i]);
    sigprocmask(SIG_BLOCK, &all, &prev);    /* no signal between mkstemp and the guard */
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int e = errno;
        sigprocmask(SIG_SETMASK, &prev, NULL);
        free(tmp);
        free(real);
        return e ? e : EIO;
    }
    tmp_guard(tmp, old);
    sigprocmask(SIG_SETMASK, &prev, NULL);
    mode_t um = umask(0);               /* mkstemp makes 0600: give the file the usual mode */
    umask(um);
    (void)fchmod(fd, 0666 & ~um);
    FILE *f = fdopen(fd, "w");
    int e = 0;
    if (!f) {
        e = errno;
        close(fd);
    } else {
        e = fill_stream(f, fill, ctx);
    }
    if (!e && rename(tmp, path) != 0)
        e = errno ? errno : EIO;
    if (e)
        remove(tmp);
    sigprocmask(SIG_BLOCK, &all, &prev);
    tmp_unguard(old);
    sigprocmask(SIG_SETMASK, &prev, NULL);
    free(tmp);
    free(real);
    return e;
}
