/* util.c - status names, error formatting, small parsers and file writing
 * shared by the core, the ISAs and the command. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "isa.h"

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
    *pos = (size_t)(end - config);
    return 1;
}

int gpuref_parse_u64(const char *s, uint64_t *v)
{
    if (!s || !*s || !v)
        return -1;
    int base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
        if (!*s)
            return -1;
    }
    uint64_t r = 0;
    for (; *s; s++) {
        unsigned d;
        if (*s >= '0' && *s <= '9')
            d = (unsigned)(*s - '0');
        else if (base == 16 && *s >= 'a' && *s <= 'f')
            d = (unsigned)(*s - 'a' + 10);
        else if (base == 16 && *s >= 'A' && *s <= 'F')
            d = (unsigned)(*s - 'A' + 10);
        else
            return -1;
        if (r > (UINT64_MAX - d) / (uint64_t)base)
            return -1;
        r = r * (uint64_t)base + d;
    }
    *v = r;
    return 0;
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

int gpuref_write_atomic(const char *path, int (*fill)(FILE *f, void *ctx), void *ctx)
{
    size_t pl = strlen(path);
    char *tmp = malloc(pl + 8);
    if (!tmp)
        return ENOMEM;
    memcpy(tmp, path, pl);
    memcpy(tmp + pl, ".XXXXXX", 8);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int e = errno;
        free(tmp);
        return e ? e : EIO;
    }
    mode_t um = umask(0);               /* mkstemp makes 0600: give the file the usual mode */
    umask(um);
    (void)fchmod(fd, 0666 & ~um);
    FILE *f = fdopen(fd, "w");
    int e = 0;
    if (!f) {
        e = errno;
        close(fd);
    } else {
        errno = 0;
        if (fill(f, ctx) != 0 || ferror(f))
            e = errno ? errno : EIO;
        if (fclose(f) != 0 && !e)
            e = errno ? errno : EIO;
    }
    if (!e && rename(tmp, path) != 0)
        e = errno ? errno : EIO;
    if (e)
        remove(tmp);
    free(tmp);
    return e;
}
