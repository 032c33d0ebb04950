/* isa.h - the internal interface every ISA implements (model/<isa>/).
 * The core (model/core/api.c) checks arguments, keeps the error message and
 * the step counter, and dispatches here.  ISA code never sees gpuref_model. */
#ifndef GPUREF_CORE_ISA_H
#define GPUREF_CORE_ISA_H

#include "gpuref.h"

#define GPUREF_ERRLEN 256

struct gpuref_isa {
    const char *name;
    unsigned nfiles;
    const gpuref_regfile_info *files;       /* indexed by file id */
    unsigned nspaces;
    const char *const *spaces;              /* memory space names, indexed by id */
    size_t state_size;                      /* bytes of the ISA state object */

    /* st is zeroed, config may be NULL.  Parse the config, allocate. */
    int  (*init)(void *st, const char *config, char *err);
    void (*fini)(void *st);
    int  (*reset)(void *st, char *err);
    int  (*reg_get)(void *st, int file, unsigned index, unsigned lane, uint64_t *v, char *err);
    int  (*reg_set)(void *st, int file, unsigned index, unsigned lane, uint64_t v, char *err);
    int  (*mem_rw)(void *st, int space, uint64_t addr, void *buf, size_t len, int write, char *err);
    /* Optional: the next populated byte range of a space at or after `from`
     * (sparse memories); 1 found, 0 none.  NULL: the space is contiguous
     * from 0 and probed with mem_rw. */
    int  (*mem_next)(const void *st, int space, uint64_t from, uint64_t *addr, uint64_t *len);
    int  (*load)(void *st, uint64_t base, const uint32_t *words, size_t n, char *err);
    /* rr arrives cleared (gpuref_retire_clear) with seq set. */
    int  (*step)(void *st, gpuref_retire *rr, char *err);
    int  (*finished)(const void *st);

    int  (*decode)(const uint32_t *w, size_t avail, gpuref_insn_info *info, char *err);
    int  (*disasm)(const uint32_t *w, size_t avail, uint64_t pc, char *buf, size_t len,
                   unsigned *nwords, char *err);
    int  (*assemble)(const char *text, uint64_t base, uint32_t **words, size_t *n,
                     gpuref_diag *d);
    unsigned nopcodes;
    const char *(*opcode_name)(unsigned opcode);
};

/* printf into an error buffer of GPUREF_ERRLEN bytes; returns status. */
int gpuref_errf(char *err, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Same for a diag (may be NULL). */
int gpuref_diagf(gpuref_diag *d, int status, unsigned line, unsigned col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Small parsers shared by ISAs' config and assembler code. */
/* Iterate "k=v,k=v": returns 1 and fills key/val (NUL-terminated copies),
 * 0 at end, <0 on malformed text.  *pos starts at 0. */
int gpuref_config_next(const char *config, size_t *pos, char *key, size_t klen,
                       char *val, size_t vlen);
/* Parse an unsigned number (0x.., decimal) fully; 0 on success. */
int gpuref_parse_u64(const char *s, uint64_t *v);

extern const gpuref_isa gpuref_isa_nv50;

#endif
