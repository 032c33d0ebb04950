/* isa.h - the internal interface every ISA implements (model/<isa>/).
 * The core (model/core/api.c) checks arguments, keeps the error message and
 * the step counter, and dispatches here.  ISA code never sees gpuref_model. */
#ifndef GPUREF_CORE_ISA_H
#define GPUREF_CORE_ISA_H

#include <stdio.h>

#include "gpuref.h"
#include "text.h"

#define GPUREF_ERRLEN 256

struct gpuref_isa {
    const char *name;
    const char *title;                      /* one line: "NVIDIA Tesla (G80/NV50)" */
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

    /* One-instruction ISAs: decode and disasm of stream 0 (the core builds the
     * one-slot gpuref_unit_info).  ISAs with slots, kinds or streams fill
     * decode_unit/disasm_unit instead (or as well: those win). */
    int  (*decode)(const uint32_t *w, size_t avail, gpuref_insn_info *info, char *err);
    int  (*disasm)(const uint32_t *w, size_t avail, uint64_t pc, char *buf, size_t len,
                   unsigned *nwords, char *err);
    /* info arrives zeroed, every slot[k].slot = GPUREF_SLOT_NONE. */
    int  (*decode_unit)(unsigned stream, const uint32_t *w, size_t avail,
                        gpuref_unit_info *info, char *err);
    int  (*disasm_unit)(unsigned stream, const uint32_t *w, size_t avail, uint64_t pc,
                        char *buf, size_t len, unsigned *nwords, char *err);
    int  (*assemble)(const char *text, uint64_t base, uint32_t **words, size_t *n,
                     gpuref_diag *d);
    unsigned nopcodes;
    const char *(*opcode_name)(unsigned opcode);

    /* Waves (config waves=N, parsed by the core).  Optional: NULL means the
     * ISA runs one wave only.  share: make wave state st use the memory
     * spaces of wave 0's state owner (both initialised and reset).  wave_id:
     * tell state st that it is wave `wave` (ids visible to programs). */
    int  (*share)(void *st, void *owner, char *err);
    int  (*wave_id)(void *st, unsigned wave, char *err);

    /* Optional: the registers the next unit of state st reads, with their
     * values, appended to out with gpuref_retire_regw (out arrives cleared).
     * Returns their number.  Used for mismatch reports only; it may fill
     * caches (a predecode), never architectural state. */
    int  (*sources)(void *st, gpuref_retire *out);

    /* ISA-owned names (model/core/README.md).  Optional: NULL means the
     * default spelling "<file><index>" ("<file>" for a file of one register).
     * reg_name prints into buf (len >= 32); reg_parse returns 0 or <0. */
    int  (*reg_name)(int file, unsigned index, char *buf, size_t len);
    int  (*reg_parse)(const char *name, int *file, unsigned *index);
    const char *const *slot_names;    /* by slot id; NULL: no slots */
    unsigned nslot_names;
    const char *const *kind_names;    /* by unit kind; NULL: "insn" */
    unsigned nkind_names;
    const char *const *stream_names;  /* by stream; NULL: "main" */
    unsigned nstream_names;

    /* Verification hooks (coverage.c/gen.c callers; see below).  NULL: the ISA
     * has no functional coverage / no random generator yet, and the public
     * calls say so (GPUREF_ERR_UNIMPL). */
    const struct gpuref_isa_cov *cov;
    const struct gpuref_isa_gen *gen;
};

/* The ISA of that name; NULL with "unknown ISA 'x' (known: ...)" in d
 * (GPUREF_ERR_CONFIG) when there is none. */
const gpuref_isa *gpuref_isa_lookup(const char *name, gpuref_diag *d);

/* printf into an error buffer of GPUREF_ERRLEN bytes; returns status. */
int gpuref_errf(char *err, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Same for a diag (may be NULL). */
int gpuref_diagf(gpuref_diag *d, int status, unsigned line, unsigned col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Append a new register write to a record without gpuref_retire_regw's
 * search for one to merge into (NULL when the record is full): for a step
 * whose writes are distinct registers, into a record that arrives cleared.
 * gpuref_retire_regw_slot appends with it. */
static inline gpuref_regw *gpuref_retire_regw_new(gpuref_retire *rr, int file, unsigned index, uint64_t bits,
                                                  int slot)
{
    if (rr->nregw >= GPUREF_MAX_REGW)
        return NULL;
    gpuref_regw *w = &rr->regw[rr->nregw++];
    w->file = (int16_t)file;
    w->index = (uint16_t)index;
    w->flags = 0;
    w->ulp_bound = 0;
    w->slot = (int16_t)slot;
    w->reserved = 0;
    w->tag = 0;
    w->bits = bits;
    w->lanes = 0;
    return w;
}

/* An ISA's lane loops compiled twice where the compiler can (x86-64, gcc
 * or clang): for AVX2 (8 lanes a vector, 32-bit multiplies and per-lane
 * shift counts, which SSE2 does not have) and for the baseline, the one the
 * CPU runs picked once at load time.  The same C, so the same results.
 * clang emits no plain symbol for a cloned function: put it on a static
 * function behind the one the ISA exports. */
#if defined(__x86_64__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define GPUREF_LANE_CLONES __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef GPUREF_LANE_CLONES
#define GPUREF_LANE_CLONES
#endif

/* Small parsers shared by ISAs' config and assembler code. */
/* Iterate "k=v,k=v": returns 1 and fills key/val (NUL-terminated copies),
 * 0 at end, <0 on malformed text.  *pos starts at 0. */
int gpuref_config_next(const char *config, size_t *pos, char *key, size_t klen,
                       char *val, size_t vlen);
/* A numeric config key of an ISA: its unsigned field at byte offset `off` of
 * the ISA's config struct, the range min..max, the default; pow2: only the
 * powers of two in the range (a lane or instance count). */
typedef struct gpuref_cfg_key {
    const char *name;
    size_t      off;
    unsigned    min, max, def;
    unsigned    pow2;
} gpuref_cfg_key;
/* Set every key of keys[0..n) to its default in cfg, then the "k=v,..." of
 * config; errors "<isa>: unknown config key 'k' (keys: ...)", "<isa>: bad
 * value 'v' for k (min..max)", "<isa>: malformed config '...' (key=value,...)"
 * into err (GPUREF_ERR_CONFIG). */
int gpuref_config_keys(const char *isa, const gpuref_cfg_key *keys, size_t n, void *cfg,
                       const char *config, char *err);
/* A malloc'ed NUL-terminated copy of the n bytes at s (NULL: no memory). */
char *gpuref_dupn(const char *s, size_t n);
/* fopen(path, "rb"), but a folder fails with EISDIR at once (not as an
 * "Input/output error" at the first read). */
FILE *gpuref_fopen_read(const char *path);

/* Write a file all or nothing: fill(f, ctx) writes to PATH.XXXXXX in the
 * same folder (mode 0666 less the umask), which is renamed to path once
 * complete and removed otherwise (also when SIGXFSZ, SIGINT, SIGTERM or
 * SIGHUP ends the process mid-write; SIGKILL cannot be caught).  A symlink
 * is kept and its target written; what is not a regular file (a FIFO, a
 * device such as /dev/null) is written in place, never replaced.  fill
 * returns nonzero on failure.  0, or the errno of what failed (EIO when
 * fill failed without one). */
int gpuref_write_atomic(const char *path, int (*fill)(FILE *f, void *ctx), void *ctx);


/* ------------------------------------------------ verification hooks
 * An ISA adds functional coverage and random generation by filling these two
 * tables (model/<isa>/<isa>_cov.c, <isa>_gen.c) and pointing its gpuref_isa's
 * .cov/.gen at them; the ISA-neutral parts (bins, counts, coverage.dat,
 * exclusions, mix weights, targeting, YAML, --record) live in core/cov.c and
 * core/gen.c. */
#include "gpuref_cov.h"
#include "gpuref_gen.h"

/* Scratch count slots past the last bin (see sample below). */
#define GPUREF_COV_SPARE 32

typedef struct gpuref_isa_cov {
    /* Define every bin, in a fixed order, with gpuref_cov_def(def, ...), and
     * allocate the sampler's private state (*priv, may stay NULL). */
    int  (*init)(gpuref_cov *def, void **priv, char *err);
    void (*fini)(void *priv);
    /* Optional: a test is about to start on ISA state st (capture inputs). */
    void (*begin)(void *priv, const void *st);
    /* Count the bins hit by the unit rr that ISA state st has just retired
     * (st is the state after it): counts[bin] += 1.  The ISA may look at the
     * instruction it predecoded at rr->pc.  Must be fast (README: < 20% of a
     * model step).  counts has GPUREF_COV_SPARE scratch slots past the last
     * bin that nothing reads: a sampler may count a field that selects no bin
     * into one of them instead of testing for it. */
    void (*sample)(void *priv, const void *st, const gpuref_retire *rr, uint64_t *counts);
    /* Optional: the counts or exclusions changed outside sample (created,
     * cleared, added, exclusions loaded, exact switched).  counts and excl
     * (1 = excluded) stay valid for the life of the cov.  Unless exact, a
     * sampler may stop classifying values for a group of value-class bins
     * once each of them is hit or excluded (holes stay exact; counts of
     * such groups become lower bounds). */
    void (*resync)(void *priv, const uint64_t *counts, const uint8_t *excl, int exact);
} gpuref_isa_cov;

/* Define the next bin (index = number of bins defined before).  The name is
 * printf-formatted and must be unique.  Returns the index or <0. */
long gpuref_cov_def(gpuref_cov *def, unsigned cat, int opcode, int slot, unsigned value,
                    unsigned aux, const char *fmt, ...) __attribute__((format(printf, 7, 8)));

/* One thing the generator can be told to make more or less of (--mix). */
typedef struct gpuref_gen_item {
    const char *name;      /* "add.b32.long", "loop" */
    const char *groups;    /* space-separated group names: "add.b32 add alu" */
    unsigned    weight;    /* default weight */
} gpuref_gen_item;

/* The state of one test being generated (core/gen.c owns it).  The ISA
 * generator draws from rng, reads opts and weights (one per item), and fills
 * the test through the gpuref_gx_* calls. */
typedef struct gpuref_genctx {
    gpuref_rng             rng;        /* this test's stream */
    const gpuref_gen_opts *opts;
    const unsigned        *weights;    /* per gen item */
    void                  *priv;       /* the ISA generator's state (gen->init) */
    unsigned               index;      /* test number in the file */
    /* set by the ISA */
    unsigned               ninsns;     /* random instructions in this test */
    unsigned               ntargeted;  /* of which aimed at a hole */
    uint64_t               max_steps;  /* bound on units retired (0: default) */
    char                   config[128];/* model config ("" = defaults) */
    struct gpuref_genout  *out;        /* core: text buffers */
} gpuref_genctx;

typedef struct gpuref_isa_gen {
    const gpuref_gen_item *items;
    unsigned               nitems;
    int  (*init)(void **priv, char *err);     /* optional */
    void (*fini)(void *priv);
    /* Generate one test: program text (gpuref_gx_text*) and initial state. */
    int  (*test)(gpuref_genctx *g, char *err);
    /* 1: test never calls gpuref_gx_target (it cannot aim at coverage
     * holes yet), so a --target run is refused instead of ignored */
    unsigned no_target;
} gpuref_isa_gen;

/* Program text, one instruction or label per call (a newline is added). */
void gpuref_gx_line(gpuref_genctx *g, const char *s, size_t n);
/* Initial register value(s): n == 1 sets every lane, else one per lane.
 * key as in the schema ("r3", "c0", "a1"); values printed as hex of `digits`
 * digits. */
void gpuref_gx_reg(gpuref_genctx *g, const char *key, unsigned digits, const uint64_t *v,
                   unsigned n);
/* Initial memory: 32-bit words at a byte address of a space. */
void gpuref_gx_mem(gpuref_genctx *g, const char *space, uint64_t addr, const uint32_t *w,
                   size_t n);
/* A model knob chosen per program from the seed: item is a gen item of the
 * group "knob" whose weight W (0..100, more is 100) is the percent of
 * programs that get the knob's other value; with W > 0 one chance is drawn
 * from the test's stream (W = 0 draws nothing, so a mix without knobs makes
 * the same programs), and if it hits ",key=value" (or "key=value") is
 * appended to g->config.  Returns 1 when the knob was set. */
int gpuref_gx_knob(gpuref_genctx *g, unsigned item, const char *key, const char *value);
/* Targeting: with the generator's target percentage, a hole to aim the next
 * instruction at; NULL: generate freely.  gpuref_gx_aimed(g, 1) tells that
 * the ISA did build an instruction for it (0: it could not). */
const gpuref_cov_bin *gpuref_gx_target(gpuref_genctx *g);
void gpuref_gx_aimed(gpuref_genctx *g, int ok);
/* Weighted choice among n items (weights w[i]); -1 if all weights are 0. */
int gpuref_gx_pick(gpuref_rng *r, const unsigned *w, unsigned n);
/* The same choice in two steps, for tables picked from many times: the draw
 * of gpuref_gx_pick for a weight sum, then the item of a draw x by binary
 * search over the running sums cum[k] (up to and including item idx[k]) of
 * the n non-zero weights: the first whose running sum exceeds x. */
uint64_t gpuref_gx_draw(gpuref_rng *r, uint64_t sum);
int gpuref_gx_cum_find(const uint64_t *cum, const uint16_t *idx, unsigned n, uint64_t x);

/* A weighted table: the non-zero weights of w[0..n) and their running sums,
 * for choices drawn exactly as gpuref_gx_pick over the whole table draws
 * (the same random number, the same item) by a binary search.  cum and idx
 * are the caller's room for n entries; build again when the weights change.
 * gpuref_wtab_find: the item of a draw x < sum; gpuref_wtab_pick: a draw
 * and its item, -1 when every weight is 0. */
typedef struct gpuref_wtab {
    uint64_t  sum;
    unsigned  n;
    uint64_t *cum;
    uint16_t *idx;
} gpuref_wtab;
void gpuref_wtab_build(gpuref_wtab *t, uint64_t *cum, uint16_t *idx, const unsigned *w,
                       unsigned n);
int  gpuref_wtab_find(const gpuref_wtab *t, uint64_t x);
int  gpuref_wtab_pick(const gpuref_wtab *t, gpuref_rng *r);

/* Value-class examples: a value of class vc (gpuref_cov.h GPUREF_VC_*) for
 * an operand the generator aims at a value-class bin.
 * int: an integer of `bits` bits (1..32): the edge classes exactly, POW2 a
 * random power of two >= 2, others by up to 64 random draws (then 3, or
 * IMIN|3 for NEG).  int64: the same classes at 64 bits, built directly.
 * float: a binary16 (bits 16) or binary32 (bits 32) of the class built
 * from one random mantissa (a QNAN keeps the quiet bit, a SNAN a non-zero
 * payload, a normal a random exponent).  draw_float: a draw of
 * gpuref_rng_value(r, bits, 60) of the class, up to 256 draws, else 0. */
uint32_t gpuref_vc_example_int(gpuref_rng *r, unsigned vc, unsigned bits);
uint64_t gpuref_vc_example_int64(gpuref_rng *r, unsigned vc);
uint32_t gpuref_vc_example_float(gpuref_rng *r, unsigned vc, unsigned bits);
uint32_t gpuref_vc_draw_float(gpuref_rng *r, unsigned vc, unsigned bits);

/* Every ISA of the list (isas.def): its description and, where it has them,
 * its coverage and generator hooks (declared for all; defined by those that
 * have them). */
#define GPUREF_ISA(n)                          \
    extern const gpuref_isa gpuref_isa_##n;     \
    extern const gpuref_isa_cov gpuref_##n##_cov; \
    extern const gpuref_isa_gen gpuref_##n##_gen;
#include "isas.def"
#undef GPUREF_ISA

#endif
