/* gpuref_vectors.h - YAML test vectors: strict loader, model setup, checking.
 *
 * The schema is vectors/README.md.  The loader is strict: the first problem in
 * a file rejects the whole file with one line `file:line:col: problem`
 * (1-based).  Loading resolves everything a test needs against the ISA: the
 * register keys and memory spaces are looked up, every value is checked
 * against its register's width, and `program` text is assembled, so that a
 * loaded test can always be set up.
 *
 * Diagnostics: a gpuref_diag about a file (load, setup, program) carries the
 * status, the 1-based line/col (0 = not known) and in msg the whole one-line
 * message, location prefix included: "vectors/x.yaml:12:7: unknown key 'foo'"
 * (or "path: problem" when there is no position, e.g. "cannot open").
 *
 * Conventions as in gpuref.h: 0 (GPUREF_OK) or a negative gpuref_status;
 * objects are caller-owned; no global state.
 */
#ifndef GPUREF_VECTORS_H
#define GPUREF_VECTORS_H

#include <stddef.h>
#include <stdint.h>

#include "gpuref.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GPUREF_VEC_DEFAULT_MAX_STEPS 100000u
/* The largest max_steps a vector may give: a bound that still ends (about a
 * minute of model time; lockstep benches allow 64 cycles per step). */
#define GPUREF_VEC_MAX_STEPS_LIMIT 1000000000ull

/* A source position in the YAML file, 1-based; 0 = unknown. */
typedef struct gpuref_vec_loc {
    unsigned line, col;
} gpuref_vec_loc;

/* ------------------------------------------------------- register keys */

/* A register key resolved against a model's register files:
 * "r3", "c0[5]", "r4[0:15]", "mask", "w1:r3".  The file's properties are copied. */
#define GPUREF_VEC_WAVE_ALL (-1)
typedef struct gpuref_vec_reg {
    int         wave;            /* the wave of a "wN:" prefix, or GPUREF_VEC_WAVE_ALL:
                                    every wave (init, expect), the entry's wave (trace) */
    char        rname[32];       /* the register as the ISA names it (gpuref_reg_name) */
    int         file;            /* register file id (gpuref_regfile_lookup) */
    const char *name;            /* the file's name (static, owned by the ISA) */
    unsigned    index;           /* 0 for single-register files */
    unsigned    lane_lo, lane_hi;/* selected lanes, inclusive; all lanes if no selector */
    int         lane_sel;        /* 1 when the key had [n] or [lo:hi] */
    unsigned    count, width, lanes;  /* of the file */
} gpuref_vec_reg;

/* Parse `key` against the register files of m.  Grammar:
 *   key  = [ "w" wave ":" ] reg [ "[" lane "]" | "[" lo ":" hi "]" ]
 * reg is a register as the ISA spells it (gpuref_reg_parse; the default
 * spelling is file [index]); wave and lanes are decimal without leading zeros;
 * wave < the model's gpuref_wave_count; files with one register take no index,
 * files with several need one; index < count, lo <= hi < lanes.
 * Returns GPUREF_OK, GPUREF_ERR_PARSE (malformed key) or GPUREF_ERR_RANGE
 * (no such file, index or lane); d->msg (no location) says why. */
int gpuref_vec_parse_reg(const gpuref_model *m, const char *key, gpuref_vec_reg *out,
                         gpuref_diag *d);
/* Canonical text of a reference: "r4", "r4[3]", "w1:r4[0:15]", "mask". */
int gpuref_vec_format_reg(const gpuref_vec_reg *r, char *buf, size_t len);

/* Parse a hex bit pattern: "0x" followed by 1..16 significant hex digits
 * (leading zeros allowed, nothing else).  0 on success, -1 otherwise. */
int gpuref_vec_parse_hex(const char *s, uint64_t *v);

/* ------------------------------------------------------- loaded files */

/* A register with its value(s), from init.regs, expect.regs or trace regs. */
typedef struct gpuref_vec_regval {
    char          *key;          /* as written, e.g. "r4[0:3]" */
    gpuref_vec_reg reg;
    size_t         nvalues;      /* 1: the value of every selected lane;
                                    else one per selected lane, lane_lo first */
    uint64_t      *values;
    gpuref_vec_loc loc;          /* of the key */
    gpuref_vec_loc vloc;         /* of the value */
} gpuref_vec_regval;

/* The value a regval gives to `lane` (which must be in lane_lo..lane_hi). */
uint64_t gpuref_vec_regval_lane(const gpuref_vec_regval *rv, unsigned lane);

/* A block of 32-bit little-endian words in a memory space (init/expect mem). */
typedef struct gpuref_vec_mem {
    char          *space_name;
    int            space;        /* id (gpuref_mem_lookup) */
    uint64_t       addr;         /* byte address of words[0] */
    size_t         nwords;
    uint32_t      *words;
    gpuref_vec_loc loc;          /* of the item */
} gpuref_vec_mem;

/* expect.trace entry: the state after retired unit number `step` (0-based,
 * counted per wave: rr->seq) of wave `wave`. */
typedef struct gpuref_vec_trace {
    uint64_t           step;
    unsigned           wave;     /* 0 unless the entry says `wave: N` */
    int                has_pc;
    uint64_t           pc;       /* byte address of that unit */
    size_t             nregs;
    gpuref_vec_regval *regs;     /* values the registers hold after the step */
    gpuref_vec_loc     loc;
} gpuref_vec_trace;

typedef struct gpuref_vec_test {
    const char        *path;     /* the file's path (owned by the file) */
    char              *name;
    char              *comment;  /* NULL if absent */
    char              *config;   /* NULL if absent (model defaults) */
    uint64_t           base;     /* byte address of the program */
    uint64_t           max_steps;
    gpuref_vec_loc     loc, config_loc, base_loc;

    size_t             ninit_regs;
    gpuref_vec_regval *init_regs;
    size_t             ninit_mem;
    gpuref_vec_mem    *init_mem;

    /* The program: `program` text (NULL when given as `words`) and the
     * machine words, assembled from the text at load time in that case. */
    char              *program;
    gpuref_vec_loc     program_loc;  /* of the first line of the text */
    uint32_t          *words;
    size_t             nwords;
    gpuref_vec_loc     words_loc;    /* of the `program` or `words` value */

    /* expect */
    size_t             nexp_regs;
    gpuref_vec_regval *exp_regs;
    size_t             nexp_mem;
    gpuref_vec_mem    *exp_mem;
    int                has_steps;
    uint64_t           steps;
    gpuref_vec_loc     steps_loc;
    char              *error;        /* NULL: the run must end normally */
    gpuref_vec_loc     error_loc;
    size_t             ntrace;
    gpuref_vec_trace  *trace;        /* sorted by (step, wave), pairs unique */
} gpuref_vec_test;

typedef struct gpuref_vec_file {
    char            *path;
    char            *isa;        /* ISA name; gpuref_isa_find(isa) is not NULL */
    char            *comment;    /* NULL if absent */
    int              has_seed;
    uint64_t         seed;
    size_t           ntests;     /* >= 1 */
    gpuref_vec_test *tests;
} gpuref_vec_file;

/* Load and validate a whole file.  On failure *out is NULL and d says why
 * (GPUREF_ERR_IO: unreadable; GPUREF_ERR_PARSE: YAML or schema; ERR_CONFIG:
 * unknown ISA or bad config; ERR_RANGE: register, lane, width, address;
 * ERR_ASM: program text).  Never crashes on any input. */
int  gpuref_vec_load(const char *path, gpuref_vec_file **out, gpuref_diag *d);
/* The same from memory; `name` is used as the path in messages. */
int  gpuref_vec_load_string(const char *name, const char *text, size_t len,
                            gpuref_vec_file **out, gpuref_diag *d);
void gpuref_vec_free(gpuref_vec_file *f);

/* Streaming, for files of any size: gpuref_vec_open checks the whole file
 * as gpuref_vec_load does (the same errors, in the same order) without
 * keeping its tests; gpuref_vec_next then gives them one at a time (1: *t is
 * the next test, valid until the next call; 0: no more; else an error).
 * Memory is bounded by the largest test, not the file (the test names are
 * kept to find duplicates).  The header (path, isa, comment, seed, ntests)
 * comes from gpuref_vec_stream_file; its tests is NULL. */
typedef struct gpuref_vec_stream gpuref_vec_stream;
int  gpuref_vec_open(const char *path, gpuref_vec_stream **out, gpuref_diag *d);
const gpuref_vec_file *gpuref_vec_stream_file(const gpuref_vec_stream *s);
int  gpuref_vec_next(gpuref_vec_stream *s, const gpuref_vec_test **t, gpuref_diag *d);
void gpuref_vec_close(gpuref_vec_stream *s);

const gpuref_vec_test *gpuref_vec_find_test(const gpuref_vec_file *f, const char *name);

/* ------------------------------------------------------- running tests */

/* Create the model of test t (ISA of f, t->config), load the program at
 * t->base, then write init.mem and init.regs (in file order, so init may set
 * pc).  On failure *m is NULL and d says why, at the item's line. */
int gpuref_vec_setup(const gpuref_vec_file *f, const gpuref_vec_test *t, gpuref_model **m,
                     gpuref_diag *d);
/* A malloc'ed copy of the program words (free with free()). */
int gpuref_vec_program(const gpuref_vec_file *f, const gpuref_vec_test *t, uint32_t **words,
                       size_t *nwords, gpuref_diag *d);

/* Check the trace entry of the unit just retired (rr->wave, rr->seq) against the
 * model's state after it: the pc of rr and the values of the named registers.
 * Returns the number of failed expectations (0 when there is no entry for
 * this step); report gets one line per failure, truncated to len:
 *   "add_b32: step 1: r3 lane 5: expected 0x00000001, actual 0x00000000 (x.yaml:30:21)" */
int gpuref_vec_check_step(const gpuref_vec_test *t, gpuref_model *m, const gpuref_retire *rr,
                          char *report, size_t len);

/* Check the expectations at the end of a run.  run_status is GPUREF_OK when
 * the program ended, else the error that stopped it (GPUREF_ERR_LIMIT for the
 * step limit) with run_msg its message (may be NULL: a generic text is used);
 * steps = units retired (all waves).  Checks error, steps, regs, mem, and
 * trace entries beyond the last step (of their wave: the model's retire
 * count of that wave).  Returns the number of failed expectations; report
 * as for gpuref_vec_check_step. */
int gpuref_vec_check_final(const gpuref_vec_test *t, gpuref_model *m, int run_status,
                           const char *run_msg, uint64_t steps, char *report, size_t len);

typedef void (*gpuref_vec_step_fn)(void *ctx, const gpuref_vec_test *t, gpuref_model *m,
                                   const gpuref_retire *rr);

typedef struct gpuref_vec_run_opts {
    uint64_t           max_steps;   /* 0: the test's max_steps */
    gpuref_vec_step_fn on_step;     /* NULL or called after every retired unit */
    void              *ctx;
} gpuref_vec_run_opts;

#define GPUREF_VEC_REPORT_LEN 4096

typedef struct gpuref_vec_result {
    int      nfail;        /* failed expectations (0: the test passed) */
    int      run_status;   /* how the run ended: GPUREF_OK, GPUREF_ERR_LIMIT, ... */
    uint64_t steps;        /* units retired */
    char     run_msg[256]; /* the message of a run that stopped on an error */
    char     report[GPUREF_VEC_REPORT_LEN];  /* failure lines (or the setup error) */
} gpuref_vec_result;

/* Set up, step to the end (waves round robin, a unit each, from wave 0, as
 * gpuref_run) checking each trace entry, check the final
 * expectations.  Returns GPUREF_OK when the test ran (res->nfail tells the
 * verdict), or the setup error (res->report holds its one-line message). */
int gpuref_vec_run_test(const gpuref_vec_file *f, const gpuref_vec_test *t,
                        const gpuref_vec_run_opts *opts, gpuref_vec_result *res);

#ifdef __cplusplus
}
#endif
#endif /* GPUREF_VECTORS_H */
