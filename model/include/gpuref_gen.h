/* gpuref_gen.h - seeded random numbers and the constrained-random program
 * generator (`gpuref gen`).
 *
 * The generator writes vector files in the schema of vectors/README.md: one
 * test per program, each with a random initial state.  Encodings come from the
 * ISA's opcode description (a row's fixed bits plus random free fields, then
 * decoded and constrained); about a quarter of operand values come from the
 * special-value table below; control flow is structured so that every program
 * terminates within the max_steps written into the test.  The same ISA,
 * options, mix and target give a byte-identical file.
 *
 * Conventions as in gpuref.h: 0 (GPUREF_OK) or a negative gpuref_status;
 * objects are caller-owned; no global state; one object per thread.
 * A generator for an ISA without generation hooks is GPUREF_ERR_UNIMPL. */
#ifndef GPUREF_GEN_H
#define GPUREF_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "gpuref.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- RNG */

/* xoshiro256** (Blackman and Vigna), seeded by expanding a 64-bit seed with
 * splitmix64.  The state is plain data: copy it to fork a stream. */
typedef struct gpuref_rng {
    uint64_t s[4];
} gpuref_rng;

void     gpuref_rng_seed(gpuref_rng *r, uint64_t seed);
/* An independent stream per (seed, stream): test k of a file uses stream k. */
void     gpuref_rng_seed_stream(gpuref_rng *r, uint64_t seed, uint64_t stream);
uint64_t gpuref_rng_next(gpuref_rng *r);
/* Uniform in [0, n); 0 when n is 0 (no modulo bias). */
uint32_t gpuref_rng_below(gpuref_rng *r, uint32_t n);
/* 1 with probability percent/100. */
int      gpuref_rng_chance(gpuref_rng *r, unsigned percent);

/* ------------------------------------------------- special-value table */

/* Bit patterns worth testing, for 16-, 32- and 64-bit operands: float
 * specials (+-0, smallest/largest denormals, smallest normal, +-1, max
 * finite, +-Inf, quiet and signalling NaNs), integer extremes (min, max,
 * 0, 1, -1, their neighbours), and powers of two.  32-bit entries also
 * include pairs of 16-bit specials (packed halves). */
size_t   gpuref_special_count(unsigned bits);            /* 16, 32 or 64; else 0 */
uint64_t gpuref_special_value(unsigned bits, size_t i);  /* 0 when out of range */
/* A random operand value of `bits` bits (1..64): with probability
 * special_pct/100 a special value (table entry or random power of two, cut to
 * `bits`), else uniform. */
uint64_t gpuref_rng_value(gpuref_rng *r, unsigned bits, unsigned special_pct);

/* ----------------------------------------------------------- generator */

typedef struct gpuref_gen_opts {
    uint64_t    seed;
    unsigned    count;        /* tests (programs) in the file, >= 1 */
    unsigned    length;       /* random instructions per program (constructs are
                                 finished, so a program may run a few over) */
    unsigned    special_pct;  /* operand values from the special table, percent (25) */
    unsigned    target_pct;   /* with a target: instructions aimed at holes, percent (50) */
    int         record;       /* run each test on the model and store expectations */
    const char *prefix;       /* test names: prefix + index ("rand_") */
    const char *command;      /* recorded in the file's first comment line (or NULL) */
} gpuref_gen_opts;

void gpuref_gen_opts_default(gpuref_gen_opts *o);

typedef struct gpuref_gen gpuref_gen;
struct gpuref_cov;            /* gpuref_cov.h */

/* GPUREF_ERR_CONFIG: unknown ISA or bad options; GPUREF_ERR_UNIMPL: the ISA
 * has no generator. */
int  gpuref_gen_create(const char *isa, const gpuref_gen_opts *o, gpuref_gen **out,
                       gpuref_diag *d);
void gpuref_gen_destroy(gpuref_gen *g);

/* Instruction-mix weights: a YAML mapping of name -> weight (a decimal integer
 * 0..1000000).  A name is a generation item ("add.b32.long", "loop"), one of
 * its groups ("add", "alu", "control"), or an fnmatch glob over item names;
 * entries apply in file order, each setting every item it matches.  Errors
 * (GPUREF_ERR_PARSE) carry file:line:col: a name that matches nothing, a bad
 * weight, a duplicate name, or every weight 0. */
int gpuref_gen_mix_file(gpuref_gen *g, const char *path, gpuref_diag *d);
int gpuref_gen_mix_string(gpuref_gen *g, const char *name, const char *text, size_t len,
                          gpuref_diag *d);

/* Aim generation at the bins of cov (same ISA) that have no hits and are not
 * excluded: target_pct percent of the instructions are built to hit one of
 * them (each hole is aimed at about equally often).  cov is copied. */
int gpuref_gen_target(gpuref_gen *g, const struct gpuref_cov *cov, gpuref_diag *d);

/* Generate the whole vector file as a malloc'ed NUL-terminated text (free with
 * gpuref_free).  With opts.record each test runs on the model; a test that does
 * not end normally is an error (GPUREF_ERR_LIMIT / the run's status). */
int gpuref_gen_file(gpuref_gen *g, char **text, size_t *len, gpuref_diag *d);

/* Random instructions generated so far (by gpuref_gen_file calls), and of
 * those, the ones aimed at a coverage hole. */
uint64_t gpuref_gen_instructions(const gpuref_gen *g);
uint64_t gpuref_gen_targeted(const gpuref_gen *g);

/* The generation items of an ISA (rows and control constructs) with their
 * groups and default weights, for `gpuref gen --list-mix`. */
unsigned    gpuref_gen_item_count(const gpuref_isa *isa);
const char *gpuref_gen_item_name(const gpuref_isa *isa, unsigned i);
const char *gpuref_gen_item_groups(const gpuref_isa *isa, unsigned i);
unsigned    gpuref_gen_item_weight(const gpuref_gen *g, unsigned i);   /* current */

#ifdef __cplusplus
}
#endif
#endif /* GPUREF_GEN_H */
