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

#define GPUREF_VERSION "0.2.0"

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
    GPUREF_ERR_PARSE   = -12, /* malformed input file (vectors, hex)              */
    GPUREF_ERR_BLOCKED = -13  /* the wave waits (a barrier): nothing retired, the
                                 state unchanged; step another wave.  From
                                 gpuref_step_next / gpuref_run: every unfinished
                                 wave waits (a deadlock)                          */
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
/* The most waves `waves=N` may give a model of this ISA: 1 where the ISA
 * runs one wave only (0 for NULL). */
unsigned          gpuref_isa_max_waves(const gpuref_isa *isa);

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

/* ------------------------------------------------------------- waves
 * One model holds `waves=N` waves (warps, wavefronts, instance groups; config
 * key of every ISA, default 1).  Each wave has its own registers, program
 * counter and retire sequence; memory spaces are shared by all waves.  The
 * calls that read or write registers, load programs' start state and step act
 * on the selected wave (wave 0 after create and reset). */
#define GPUREF_MAX_WAVES 64
int gpuref_wave_count(const gpuref_model *m);
int gpuref_wave_select(gpuref_model *m, unsigned wave);
int gpuref_wave_selected(const gpuref_model *m);

/* ------------------------------------------------------ retire records
 * Contract version 2 (model/core/README.md "The retire contract").  A retired
 * UNIT is what the ISA retires at once: an instruction (NV50, RDNA4), an
 * instruction group of up to five slots plus literals (R700 ALU clause), a
 * group of phases (USC).  Units are compared per wave, in order within a wave,
 * in any order across waves. */

#define GPUREF_CONTRACT_VERSION 2
#define GPUREF_MAX_LANES  64
#define GPUREF_MAX_WORDS  16  /* words of one unit (R700: 5 slots x 2 + 4 literals) */
#define GPUREF_MAX_SLOTS  8   /* slots or phases of one unit */
#define GPUREF_MAX_REGW   48
#define GPUREF_MAX_MEMW   128
#define GPUREF_SLOT_NONE  (-1) /* a write of the unit as a whole */
#define GPUREF_TAG_ANY    UINT64_MAX

/* One register written by a retired unit.  value[lane] is the whole register
 * content after the write, for every lane set in `lanes`; `bits` is the mask of
 * bits the unit wrote (0xffff for a low half, ...).  Per-wave files use lane 0. */
#define GPUREF_REGW_UNMODELLED 0x1u  /* value not computable by the model: the
                                        checker takes the DUT's under a waiver */
#define GPUREF_REGW_F32_ULP    0x2u  /* values are f32 results of an approximate
                                        operation (SFU): the checker accepts a DUT
                                        value within ulp_bound ULPs of the model's */
#define GPUREF_REGW_DEFERRED   0x4u  /* a deferred write-back (a load's data): not
                                        part of the unit that carries it; `tag` is
                                        the sequence number (same wave) of the unit
                                        that issued it.  The model applies it when
                                        the ISA makes it architecturally visible
                                        (the wait instruction, the ISA README says
                                        which) and lists it in the record of THAT
                                        unit; the DUT reports it whenever its
                                        memory returns (gpuref_chk_dut_writeback),
                                        and the checker compares the two then. */
#define GPUREF_REGW_PENDING    0x8u  /* announced by the issuing unit: a deferred
                                        write-back will follow (value not final, not
                                        compared) */
typedef struct gpuref_regw {
    int16_t  file;
    uint16_t index;
    uint32_t flags;
    uint32_t ulp_bound;   /* with GPUREF_REGW_F32_ULP: the ISA's documented bound */
    int16_t  slot;        /* slot/phase that wrote it (gpuref_slot_name), or SLOT_NONE */
    uint16_t reserved;
    uint64_t tag;         /* DEFERRED/PENDING: seq of the issuing unit */
    uint64_t bits;
    uint64_t lanes;
    uint64_t value[GPUREF_MAX_LANES];
} gpuref_regw;

/* One memory write: `size` bytes at addr, of which those set in `mask` (bit i =
 * data[i]) were written (a masked store, a byte-enable).  The writes of one
 * unit are compared as a set: their order inside the unit is not architectural. */
typedef struct gpuref_memw {
    int16_t  space;
    uint8_t  size;      /* bytes, 1..16 */
    uint8_t  lane;
    int16_t  slot;      /* slot/phase, or SLOT_NONE */
    uint16_t mask;      /* bytes written; 0 is read as "all `size` bytes" */
    uint64_t addr;
    uint8_t  data[16];
} gpuref_memw;

#define GPUREF_RETIRE_EXIT    0x1u  /* some threads/lanes finished */
#define GPUREF_RETIRE_END     0x2u  /* the program (of this wave) finished with this unit */
#define GPUREF_RETIRE_BRANCH  0x4u  /* control transfer (pc != fall-through) */
#define GPUREF_RETIRE_SKIP    0x8u  /* predicated off for every active lane */
#define GPUREF_RETIRE_TRAP    0x10u /* the unit trapped; the program ends */

typedef struct gpuref_retire {
    uint64_t    seq;              /* units this wave retired before this one since reset */
    uint64_t    pc;               /* byte address of the unit */
    uint64_t    next_pc;
    uint64_t    exec_mask;        /* lanes that executed the unit (after predication) */
    uint32_t    wave;             /* wave that retired it */
    uint32_t    flags;
    uint16_t    kind;             /* unit kind (gpuref_unit_kind_name), 0 = the ISA's main kind */
    uint16_t    stream;           /* instruction stream (gpuref_stream_name), 0 = main */
    uint8_t     nwords;           /* words the unit occupies (a USC group can exceed GPUREF_MAX_WORDS) */
    uint16_t    nregw, nmemw;
    uint32_t    words[GPUREF_MAX_WORDS];  /* its first min(nwords, GPUREF_MAX_WORDS) words; the rest unspecified */
    gpuref_regw regw[GPUREF_MAX_REGW];
    gpuref_memw memw[GPUREF_MAX_MEMW];
} gpuref_retire;

/* The retire flags as text: "EXIT", "END", "BRANCH", "SKIP", "TRAP" joined by
 * sep (unknown bits as hex), "none" for 0. */
void gpuref_retire_flags_text(uint32_t flags, const char *sep, char *buf, size_t len);
/* 1 when a register write is the unit's own (not a PENDING announcement or a
 * DEFERRED write-back of an earlier load). */
int gpuref_regw_own(const gpuref_regw *w);

/* Clear the header and counts of a record (not the words and the big arrays:
 * only the first nwords words, nregw and nmemw entries are meaningful). */
void gpuref_retire_clear(gpuref_retire *rr);
/* Append a register write; merges into an existing write of the unit itself
 * (not a PENDING or DEFERRED entry) to the same file and index.  slot is
 * SLOT_NONE. */
gpuref_regw *gpuref_retire_regw(gpuref_retire *rr, int file, unsigned index, uint64_t bits);
/* The same with a slot/phase. */
gpuref_regw *gpuref_retire_regw_slot(gpuref_retire *rr, int file, unsigned index, uint64_t bits,
                                     int slot);
/* Append a memory write (size 1..16, mask 0 = all bytes); NULL when full. */
gpuref_memw *gpuref_retire_memw(gpuref_retire *rr, int space, uint64_t addr, unsigned size,
                                unsigned lane, const void *data, unsigned mask, int slot);

/* Execute one unit of the selected wave.  GPUREF_OK with *rr filled;
 * GPUREF_ERR_DONE when that wave has already finished; GPUREF_ERR_BLOCKED when
 * it waits for other waves (a barrier: step them, then this wave again); other
 * errors leave the state as it was before the unit (the unit is not retired). */
int gpuref_step(gpuref_model *m, gpuref_retire *rr);
/* The same for a given wave (the selection is not changed). */
int gpuref_step_wave(gpuref_model *m, unsigned wave, gpuref_retire *rr);
/* Step the next unfinished wave in turn (round robin, as gpuref_run does):
 * for callers that step units one by one over several waves.  A wave that
 * waits (GPUREF_ERR_BLOCKED) is passed over for the next one; when every
 * unfinished wave waits, GPUREF_ERR_BLOCKED with the message "deadlock: ..."
 * naming each wave and where it waits. */
int gpuref_step_next(gpuref_model *m, gpuref_retire *rr);
/* Units a wave has retired since reset. */
uint64_t gpuref_wave_retired(const gpuref_model *m, unsigned wave);
/* Step every wave in turn (round robin, a unit each) until all finish or
 * max_steps units retired in all (GPUREF_ERR_LIMIT). */
int gpuref_run(gpuref_model *m, uint64_t max_steps, uint64_t *steps);
int gpuref_finished(const gpuref_model *m);  /* 1 when every wave's program has ended */
int gpuref_wave_finished(const gpuref_model *m, unsigned wave);

/* The registers the next unit of a wave reads, with their current values, as
 * register writes of out (for mismatch reports: the source operands of the
 * unit that diverged).  Returns their number; 0 when the ISA does not say. */
int gpuref_unit_sources(gpuref_model *m, unsigned wave, gpuref_retire *out);

/* What only the DUT can know (memory returned by the DUT's memory system,
 * atomics' old values under other agents, counters), given to the model under
 * a named waiver (e.g. "mem_return").  The lockstep checker lists every
 * injection with its waiver in the test's waivers.log and the report. */
int gpuref_inject_mem(gpuref_model *m, int space, uint64_t addr, const void *data, size_t len,
                      const char *waiver);
int gpuref_inject_reg(gpuref_model *m, unsigned wave, int file, unsigned index, unsigned lane,
                      uint64_t value, const char *waiver);

/* ISA-owned names.  A register as the ISA spells it in vectors, traces and
 * reports ("r5", "$c0", "R3.x", "PV.y", "s[0:1]"); a slot or phase ("x", "t",
 * "phase 2"); a unit kind ("insn", "alu group"); a stream ("main", "alu
 * clause").  The name functions never fail: they print "?" for what is unknown. */
int gpuref_reg_name(const gpuref_model *m, int file, unsigned index, char *buf, size_t len);
int gpuref_isa_reg_name(const gpuref_isa *isa, int file, unsigned index, char *buf, size_t len);
/* Parse one register name: file and index, 0 or GPUREF_ERR_RANGE. */
int gpuref_reg_parse(const gpuref_model *m, const char *name, int *file, unsigned *index);
int gpuref_isa_reg_parse(const gpuref_isa *isa, const char *name, int *file, unsigned *index);
const char *gpuref_slot_name(const gpuref_isa *isa, int slot);
const char *gpuref_unit_kind_name(const gpuref_isa *isa, unsigned kind);
const char *gpuref_stream_name(const gpuref_isa *isa, unsigned stream);

/* ---------------------------------------------- decode / text / encode */

/* What a unit holds: its words, its kind and stream, and per slot the opcode
 * (row of the ISA's description) and mnemonic.  One-instruction units have one
 * slot. */
typedef struct gpuref_slot_info {
    unsigned    opcode;     /* row of the ISA's opcode description */
    const char *mnemonic;   /* row name, e.g. "add", "mul24", "bra" */
    int         slot;       /* slot id (gpuref_slot_name), SLOT_NONE for a single-slot unit */
} gpuref_slot_info;

typedef struct gpuref_unit_info {
    unsigned    nwords;     /* words the unit occupies */
    unsigned    kind;       /* unit kind (gpuref_unit_kind_name) */
    unsigned    stream;     /* the stream it was decoded in */
    const char *form;       /* encoding form of slot 0, e.g. "short", "imm", "long", "SOP2" */
    unsigned    nslots;
    gpuref_slot_info slot[GPUREF_MAX_SLOTS];
} gpuref_unit_info;

/* Decode the unit at words (avail words readable) in a stream (0: main). */
int gpuref_decode_unit(const gpuref_isa *isa, unsigned stream, const uint32_t *words,
                       size_t avail, gpuref_unit_info *info, gpuref_diag *d);

/* The single-slot view of gpuref_decode_unit (stream 0, slot 0), kept for
 * callers of contract version 1. */
typedef struct gpuref_insn_info {
    unsigned    nwords;
    unsigned    opcode;
    const char *mnemonic;
    const char *form;
} gpuref_insn_info;
int gpuref_decode(const gpuref_isa *isa, const uint32_t *words, size_t avail,
                  gpuref_insn_info *info, gpuref_diag *d);
/* Disassemble one unit at byte address pc into buf: of stream 0
 * (gpuref_disasm), of a given stream (gpuref_disasm_unit). */
int gpuref_disasm(const gpuref_isa *isa, const uint32_t *words, size_t avail, uint64_t pc,
                  char *buf, size_t buflen, unsigned *nwords, gpuref_diag *d);
int gpuref_disasm_unit(const gpuref_isa *isa, unsigned stream, const uint32_t *words,
                       size_t avail, uint64_t pc, char *buf, size_t buflen, unsigned *nwords,
                       gpuref_diag *d);
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
    GPUREF_DIFF_MEM_MISSING, GPUREF_DIFF_MEM_EXTRA, GPUREF_DIFF_MEM_VALUE,
    GPUREF_DIFF_NWORDS,                            /* unit length (words) */
    GPUREF_DIFF_KIND,                              /* unit kind or stream */
    GPUREF_DIFF_WAVE,
    GPUREF_DIFF_REG_SLOT                           /* written by another slot/phase */
} gpuref_diff_kind;

typedef struct gpuref_diff {
    gpuref_diff_kind kind;
    int      file;         /* register file or memory space, -1 if none */
    unsigned index;        /* register index / memory write number */
    int      lane;         /* -1 if not per lane */
    int      slot;         /* slot/phase of the write, SLOT_NONE if none */
    uint64_t addr;         /* memory differences: the address */
    uint64_t dut, model;   /* the two values */
    uint64_t ulp;          /* GPUREF_DIFF_REG_ULP: the distance in ULPs */
} gpuref_diff;

/* Compare the DUT's record with the model's.  Register writes flagged
 * UNMODELLED in the model record are not compared (see gpuref_retire_waive);
 * those flagged F32_ULP are compared within their ULP bound, every other value
 * bit-exactly.  DEFERRED and PENDING writes are not part of a unit's
 * comparison (the checker matches them with the DUT's write-backs, see
 * gpuref_regw_compare).  Memory writes compare as a set.
 * Returns the number of differences (>= 0), at most `max` stored in diffs. */
int gpuref_retire_compare(const gpuref_retire *dut, const gpuref_retire *model,
                          gpuref_diff *diffs, size_t max);
/* Compare one register write of the DUT with the model's (same register). */
int gpuref_regw_compare(const gpuref_regw *dut, const gpuref_regw *model, gpuref_diff *diffs,
                        size_t max);
/* "r5 lane 3: DUT=0x00000001 MODEL=0x00000000" using the ISA's register and
 * slot names ("R3.x (slot y) lane 0: ..."). */
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
