/* gpuref.h - the one public, ISA-neutral header of libgpuref.
 *
 * Conventions
 *   - Objects are caller-owned; the library keeps no global mutable state.
 *     One model may be used by one thread at a time; distinct models are
 *     independent.
 *   - Every call returns GPUREF_OK (0) or a negative gpuref_status.  Calls on a
 *     model leave a one-line message in the model (gpuref_model_error());
 *     calls without a model fill an optional gpuref_diag.
 *   - Register values are bit patterns (uint64_t, low `width` bits used).
 *   - Program counters and memory addresses are byte addresses.
 */
#ifndef GPUREF_H
#define GPUREF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GPUREF_VERSION "0.1.0"

typedef enum gpuref_status {
    GPUREF_OK          = 0,
    GPUREF_ERR_ARG     = -1,  /* bad argument (null pointer, bad size)           */
    GPUREF_ERR_CONFIG  = -2,  /* unknown ISA, bad or inconsistent configuration   */
    GPUREF_ERR_RANGE   = -3,  /* register/lane/address out of range               */
    GPUREF_ERR_DECODE  = -4,  /* illegal or truncated instruction word            */
    GPUREF_ERR_UNIMPL  = -5,  /* decoded but not implemented: "unimplemented: X"  */
    GPUREF_ERR_ASM     = -6,  /* assembler syntax error                           */
    GPUREF_ERR_FAULT   = -7,  /* architectural fault (trap, stack overflow, ...)  */
    GPUREF_ERR_NOMEM   = -8,
    GPUREF_ERR_DONE    = -9,  /* program already finished: nothing to step        */
    GPUREF_ERR_LIMIT   = -10, /* step limit reached                               */
    GPUREF_ERR_IO      = -11, /* file could not be read or written                */
    GPUREF_ERR_PARSE   = -12  /* malformed input file (vectors, hex)              */
} gpuref_status;

const char *gpuref_status_name(int status);

/* Diagnostics for calls that have no model. line/col are 1-based, 0 = unknown. */
typedef struct gpuref_diag {
    int      status;
    unsigned line, col;
    char     msg[256];
} gpuref_diag;

/* ------------------------------------------------------------------ ISAs */

typedef struct gpuref_isa gpuref_isa;             /* static description, read-only */

const gpuref_isa *gpuref_isa_find(const char *name); /* "nv50", ...; NULL if unknown */
const char       *gpuref_isa_name(const gpuref_isa *isa);
/* Comma-separated list of the ISAs this library implements. */
const char       *gpuref_isa_list(void);

/* ------------------------------------------------------------ the model */

typedef struct gpuref_model gpuref_model;

/* config: NULL or "key=value,key=value" (keys are ISA-specific, see the ISA README).
 * On failure *out is NULL and d (if given) says why. */
int  gpuref_model_create(const char *isa, const char *config, gpuref_model **out,
                         gpuref_diag *d);
void gpuref_model_destroy(gpuref_model *m);
const gpuref_isa *gpuref_model_isa(const gpuref_model *m);
const char *gpuref_model_error(const gpuref_model *m);  /* last failing call's message */

/* Reset architectural state to the ISA's reset values; keeps the program and memory. */
int gpuref_model_reset(gpuref_model *m);

/* Register files.  Each ISA names its files (nv50: "r", "c", "a", "sr", "pc",
 * "mask", ...).  lanes == 1 means one value per warp/wave (scalar state). */
typedef struct gpuref_regfile_info {
    const char *name;
    unsigned    count;    /* registers in the file */
    unsigned    width;    /* bits per register */
    unsigned    lanes;    /* values per register: threads/lanes, or 1 */
} gpuref_regfile_info;

int gpuref_regfile_count(const gpuref_model *m);
int gpuref_regfile_lookup(const gpuref_model *m, const char *name);   /* file id or <0 */
int gpuref_regfile_get_info(const gpuref_model *m, int file, gpuref_regfile_info *out);

int gpuref_reg_get(gpuref_model *m, int file, unsigned index, unsigned lane, uint64_t *value);
int gpuref_reg_set(gpuref_model *m, int file, unsigned index, unsigned lane, uint64_t value);

/* Memory spaces (nv50: "c0".."c15", "s").  Byte-addressed, little-endian. */
int gpuref_mem_lookup(const gpuref_model *m, const char *name);       /* space id or <0 */
int gpuref_mem_count(const gpuref_model *m);
const char *gpuref_mem_name(const gpuref_model *m, int space);         /* NULL if none */
int gpuref_mem_read(gpuref_model *m, int space, uint64_t addr, void *buf, size_t len);
int gpuref_mem_write(gpuref_model *m, int space, uint64_t addr, const void *buf, size_t len);
/* The next populated byte range of a space at or after `from` (for dumping
 * sparse memories): 1 with addr and len set, 0 when there is none, <0 on error. */
int gpuref_mem_next(gpuref_model *m, int space, uint64_t from, uint64_t *addr, uint64_t *len);

/* Program: words are placed at byte address `base`; pc is set to base. */
int gpuref_program_load(gpuref_model *m, uint64_t base, const uint32_t *words, size_t nwords);

/* ------------------------------------------------------ retire records */

#define GPUREF_MAX_LANES  64
#define GPUREF_MAX_WORDS  4
#define GPUREF_MAX_REGW   32
#define GPUREF_MAX_MEMW   128

/* One register written by a retired unit.  value[lane] is the whole register
 * content after the write, for every lane set in `lanes`; `bits` is the mask of
 * bits the unit wrote (0xffff for a low half, ...).  Per-warp files use lane 0. */
#define GPUREF_REGW_UNMODELLED 0x1u  /* value not computable by the model: the
                                        checker takes the DUT's under a waiver */
#define GPUREF_REGW_F32_ULP    0x2u  /* values are f32 results of an approximate
                                        operation (SFU): the checker accepts a DUT
                                        value within ulp_bound ULPs of the model's */
typedef struct gpuref_regw {
    int16_t  file;
    uint16_t index;
    uint32_t flags;
    uint32_t ulp_bound;   /* with GPUREF_REGW_F32_ULP: the ISA's documented bound */
    uint64_t bits;
    uint64_t lanes;
    uint64_t value[GPUREF_MAX_LANES];
} gpuref_regw;

typedef struct gpuref_memw {
    int16_t  space;
    uint8_t  size;      /* bytes, 1..16 */
    uint8_t  lane;
    uint64_t addr;
    uint8_t  data[16];
} gpuref_memw;

#define GPUREF_RETIRE_EXIT    0x1u  /* some threads/lanes finished */
#define GPUREF_RETIRE_END     0x2u  /* the program finished with this unit */
#define GPUREF_RETIRE_BRANCH  0x4u  /* control transfer (pc != fall-through) */
#define GPUREF_RETIRE_SKIP    0x8u  /* predicated off for every active lane */
#define GPUREF_RETIRE_TRAP    0x10u /* the unit trapped; the program ends */

typedef struct gpuref_retire {
    uint64_t    seq;              /* units retired before this one since reset */
    uint64_t    pc;               /* byte address of the unit */
    uint64_t    next_pc;
    uint32_t    words[GPUREF_MAX_WORDS];
    uint8_t     nwords;
    uint32_t    flags;
    uint64_t    exec_mask;        /* lanes that executed the unit (after predication) */
    uint16_t    nregw, nmemw;
    gpuref_regw regw[GPUREF_MAX_REGW];
    gpuref_memw memw[GPUREF_MAX_MEMW];
} gpuref_retire;

/* Clear the header and counts of a record (not the big arrays). */
void gpuref_retire_clear(gpuref_retire *rr);
/* Append a register write; merges into an existing entry of the same file/index. */
gpuref_regw *gpuref_retire_regw(gpuref_retire *rr, int file, unsigned index, uint64_t bits);

/* Execute one unit.  GPUREF_OK with *rr filled; GPUREF_ERR_DONE when the
 * program has already finished; other errors leave the state as it was
 * before the unit (the unit is not retired). */
int gpuref_step(gpuref_model *m, gpuref_retire *rr);
/* Step until the program finishes or max_steps units retired (GPUREF_ERR_LIMIT). */
int gpuref_run(gpuref_model *m, uint64_t max_steps, uint64_t *steps);
int gpuref_finished(const gpuref_model *m);  /* 1 when the program has ended */

/* ---------------------------------------------- decode / text / encode */

typedef struct gpuref_insn_info {
    unsigned    nwords;     /* words the instruction occupies */
    unsigned    opcode;     /* row of the ISA's opcode description */
    const char *mnemonic;   /* row name, e.g. "add", "mul24", "bra" */
    const char *form;       /* encoding form, e.g. "short", "imm", "long" */
} gpuref_insn_info;

int gpuref_decode(const gpuref_isa *isa, const uint32_t *words, size_t avail,
                  gpuref_insn_info *info, gpuref_diag *d);
/* Disassemble one instruction at byte address pc into buf. */
int gpuref_disasm(const gpuref_isa *isa, const uint32_t *words, size_t avail, uint64_t pc,
                  char *buf, size_t buflen, unsigned *nwords, gpuref_diag *d);
/* Assemble a whole program text (labels allowed) placed at `base`.
 * *words is malloc'ed (free with gpuref_free); d->line names the failing line. */
int gpuref_assemble(const gpuref_isa *isa, const char *text, uint64_t base,
                    uint32_t **words, size_t *nwords, gpuref_diag *d);
void gpuref_free(void *p);

/* Opcode description rows, for coverage and generators. */
unsigned    gpuref_isa_opcode_count(const gpuref_isa *isa);
const char *gpuref_isa_opcode_name(const gpuref_isa *isa, unsigned opcode);

/* ---------------------------------------------------- comparing records */

typedef enum gpuref_diff_kind {
    GPUREF_DIFF_PC, GPUREF_DIFF_WORDS, GPUREF_DIFF_NEXT_PC, GPUREF_DIFF_EXEC_MASK,
    GPUREF_DIFF_FLAGS, GPUREF_DIFF_REG_MISSING,   /* model wrote it, DUT did not */
    GPUREF_DIFF_REG_EXTRA,                         /* DUT wrote it, model did not */
    GPUREF_DIFF_REG_LANES, GPUREF_DIFF_REG_VALUE,
    GPUREF_DIFF_REG_ULP,                           /* f32 beyond the ULP bound */
    GPUREF_DIFF_MEM_MISSING, GPUREF_DIFF_MEM_EXTRA, GPUREF_DIFF_MEM_VALUE
} gpuref_diff_kind;

typedef struct gpuref_diff {
    gpuref_diff_kind kind;
    int      file;         /* register file or memory space, -1 if none */
    unsigned index;        /* register index / memory write number */
    int      lane;         /* -1 if not per lane */
    uint64_t dut, model;   /* the two values */
    uint64_t ulp;          /* GPUREF_DIFF_REG_ULP: the distance in ULPs */
} gpuref_diff;

/* Compare the DUT's record with the model's.  Register writes flagged
 * UNMODELLED in the model record are not compared (see gpuref_retire_waive);
 * those flagged F32_ULP are compared within their ULP bound, every other value
 * bit-exactly.
 * Returns the number of differences (>= 0), at most `max` stored in diffs. */
int gpuref_retire_compare(const gpuref_retire *dut, const gpuref_retire *model,
                          gpuref_diff *diffs, size_t max);
/* "r5 lane 3: DUT=0x00000001 MODEL=0x00000000" using the model's file names. */
int gpuref_diff_format(const gpuref_model *m, const gpuref_diff *df, char *buf, size_t len);
/* Copy the DUT's values of UNMODELLED writes, and of F32_ULP writes that
 * differ within their bound, into the model's state, so that both go on from
 * the same state; returns the number of values taken (each is a logged waiver
 * for the caller). */
int gpuref_retire_waive(gpuref_model *m, const gpuref_retire *dut, const gpuref_retire *model);

#ifdef __cplusplus
}
#endif
#endif /* GPUREF_H */
