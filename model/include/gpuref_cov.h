/* gpuref_cov.h - functional coverage counted from the model's retire records.
 *
 * Each ISA derives its bins from its opcode description (coverage/README.md
 * lists them): opcode x encoding form, operand kinds, modifiers, input and
 * result value classes, flags produced, execution-mask patterns, and a few
 * ISA-wide bins.  A bin has a dotted name, "nv50.in.add.b32.long.src1.imin".
 * Counts are written in Verilator's coverage.dat format, so that
 * `verilator_coverage --write` merges them with the RTL's line/toggle/branch
 * coverage; `gpuref cov report` prints totals and holes and writes HTML.
 *
 * Counting in a testbench (the lockstep checker does this):
 *
 *     gpuref_cov *cov;  gpuref_cov_create("nv50", &cov, &d);
 *     per test:   set up the model; gpuref_cov_begin(cov, m);       (optional)
 *     per unit:   gpuref_step(m, rr); [compare; gpuref_retire_waive(...)];
 *                 gpuref_cov_sample(cov, m, rr);
 *     at the end: gpuref_cov_write(cov, "build/cov/func.dat", &d);
 *
 * gpuref_cov_sample must see every unit the model retires, in order, right
 * after it retired (after any waiver, before anything else changes the model):
 * input values are taken from the state the previous call left behind.
 * gpuref_cov_begin, after setting up a test and before its first step, makes
 * the first unit's input classes exact too (without it, a first unit whose
 * destination overwrites one of its own sources has those inputs unclassified).
 * One gpuref_cov may sample any number of models one after the other.
 *
 * Conventions as in gpuref.h: 0 (GPUREF_OK) or a negative gpuref_status;
 * caller-owned objects; no global state.  A cov for an ISA without coverage
 * hooks is GPUREF_ERR_UNIMPL. */
#ifndef GPUREF_COV_H
#define GPUREF_COV_H

#include <stddef.h>
#include <stdint.h>

#include "gpuref.h"

#ifdef __cplusplus
extern "C" {
#endif

/* --------------------------------------------------------- bin meaning */

/* Categories: the second component of a bin name. */
enum gpuref_cov_cat {
    GPUREF_COV_OP,     /* "op":   opcode row x encoding form retired              */
    GPUREF_COV_OPND,   /* "opnd": operand slot of a row held this kind of operand */
    GPUREF_COV_MOD,    /* "mod":  modifier of a row (saturate, not, flags, pred)  */
    GPUREF_COV_IN,     /* "in":   value class seen in a source operand            */
    GPUREF_COV_OUT,    /* "out":  value class of a result                         */
    GPUREF_COV_FLAG,   /* "flag": flag produced (zero, sign, carry, overflow)     */
    GPUREF_COV_MASK,   /* "mask": execution mask pattern                          */
    GPUREF_COV_ISA,    /* ISA-wide bins (predicate conditions, addressing, flow)  */
    GPUREF_COV_NCAT
};

/* Value classes (GPUREF_COV_IN / _OUT value).  Integers are classified at
 * the operand's width; one value has exactly one class. */
enum gpuref_vc {
    GPUREF_VC_ZERO, GPUREF_VC_ONE, GPUREF_VC_MINUS1,   /* 0, 1, all ones            */
    GPUREF_VC_IMIN, GPUREF_VC_IMAX,                    /* sign bit only, all others */
    GPUREF_VC_POW2,                                    /* other power of two        */
    GPUREF_VC_POS, GPUREF_VC_NEG,                      /* any other, by sign bit    */
    GPUREF_VC_NINT,                                    /* (number of integer classes) */
    GPUREF_VC_FPZERO = GPUREF_VC_NINT, GPUREF_VC_FNZERO,   /* floats: +0, -0       */
    GPUREF_VC_FPDEN, GPUREF_VC_FNDEN,                  /* +-denormal                */
    GPUREF_VC_FPNORM, GPUREF_VC_FNNORM,                /* +-normal                  */
    GPUREF_VC_FPINF, GPUREF_VC_FNINF,                  /* +-infinity                */
    GPUREF_VC_QNAN, GPUREF_VC_SNAN,
    GPUREF_VC_CARRY0, GPUREF_VC_CARRY1,                /* a flags input: carry clear/set */
    GPUREF_VC_N
};
const char *gpuref_vc_name(unsigned vc);               /* "imin", "fpden", ... */
/* Class of one integer of `bits` bits (1..64; higher bits ignored). */
unsigned gpuref_vc_int(uint64_t v, unsigned bits);
/* Class of an IEEE binary float of `bits` bits (16, 32, 64). */
unsigned gpuref_vc_float(uint64_t v, unsigned bits);

/* Operand kinds (GPUREF_COV_OPND value). */
enum gpuref_opk {
    GPUREF_OPK_REG, GPUREF_OPK_HALF,       /* register, 16-bit half of one */
    GPUREF_OPK_CONST, GPUREF_OPK_SHARED,   /* constant bank c[], shared s[] */
    GPUREF_OPK_IMM, GPUREF_OPK_LITERAL,    /* immediate field, literal word */
    GPUREF_OPK_OUT, GPUREF_OPK_DISCARD,    /* output o[], discarded result */
    GPUREF_OPK_ADDR, GPUREF_OPK_FLAGS,     /* address register, flags register */
    GPUREF_OPK_SPECIAL,                   /* special register */
    GPUREF_OPK_N
};
const char *gpuref_opk_name(unsigned kind);

/* Execution mask patterns (GPUREF_COV_MASK value): relative to the threads
 * or lanes of the warp/wave. */
enum gpuref_mp { GPUREF_MP_NONE, GPUREF_MP_ONE, GPUREF_MP_PARTIAL, GPUREF_MP_ALL, GPUREF_MP_N };
const char *gpuref_mp_name(unsigned mp);

typedef struct gpuref_cov_bin {
    const char *name;
    uint8_t     cat;      /* enum gpuref_cov_cat */
    int8_t      slot;     /* OPND/IN: 0 destination, 1.. sources; -1 none */
    int16_t     opcode;   /* the ISA's opcode row (gpuref_isa_opcode_name), -1 none */
    uint16_t    value;    /* OPND: gpuref_opk; IN/OUT: gpuref_vc; MASK: gpuref_mp;
                             MOD, FLAG, ISA: ISA-specific */
    uint16_t    aux;      /* ISA-specific detail */
} gpuref_cov_bin;

/* ----------------------------------------------------- the cov object */

typedef struct gpuref_cov gpuref_cov;

int  gpuref_cov_create(const char *isa, gpuref_cov **out, gpuref_diag *d);
void gpuref_cov_destroy(gpuref_cov *c);
const gpuref_isa *gpuref_cov_isa(const gpuref_cov *c);

size_t gpuref_cov_nbins(const gpuref_cov *c);
const gpuref_cov_bin *gpuref_cov_bin_at(const gpuref_cov *c, size_t i);
long     gpuref_cov_find(const gpuref_cov *c, const char *name);   /* index, -1 if none */
uint64_t gpuref_cov_count(const gpuref_cov *c, size_t i);
void     gpuref_cov_clear(gpuref_cov *c);                          /* counts to 0 */
/* Add the counts of src (same ISA) into dst. */
int      gpuref_cov_add(gpuref_cov *dst, const gpuref_cov *src);
const char *gpuref_cov_cat_name(unsigned cat);                    /* "op", "in", ... */

/* Counting (see the top of this file).  m must be a model of the cov's ISA;
 * rr the record gpuref_step just filled. */
int gpuref_cov_begin(gpuref_cov *c, gpuref_model *m);
int gpuref_cov_sample(gpuref_cov *c, gpuref_model *m, const gpuref_retire *rr);
/* Counting mode.  Bins of opcodes, operand kinds, modifiers, masks and the
 * ISA-wide bins always count every unit.  Value-class bins (in, out, flag)
 * come in groups (the classes of one operand of one row); by default a group
 * stops being counted once every bin of it is hit or excluded, which keeps
 * the holes exact and makes counting cheap (their counts are then lower
 * bounds).  exact = 1 counts them always (slower: every operand of every unit
 * is classified lane by lane). */
void gpuref_cov_set_exact(gpuref_cov *c, int exact);

/* Exclusions: one bin name or fnmatch glob per line, then '#' and the reason;
 * blank lines and lines starting with '#' are comments.  An entry without a
 * reason, or one that matches no bin, is an error (GPUREF_ERR_PARSE, d names
 * file:line).  Excluded bins are left out of totals and holes. */
int gpuref_cov_exclude_file(gpuref_cov *c, const char *path, gpuref_diag *d);
int gpuref_cov_exclude_string(gpuref_cov *c, const char *name, const char *text,
                              gpuref_diag *d);
const char *gpuref_cov_excluded(const gpuref_cov *c, size_t i);   /* reason or NULL */

typedef struct gpuref_cov_totals {
    uint64_t bins, excluded, hit;                 /* hit: of the bins not excluded */
    uint64_t cat_bins[GPUREF_COV_NCAT], cat_hit[GPUREF_COV_NCAT];   /* not excluded */
} gpuref_cov_totals;
void gpuref_cov_totals_get(const gpuref_cov *c, gpuref_cov_totals *t);

/* ----------------------------------------------- coverage.dat files */

/* Write the counts of one cov (every bin, zero counts included) as a
 * coverage.dat ("# SystemC::Coverage-3"); written to a temporary file renamed
 * over path, so an error leaves no partial file. */
int gpuref_cov_write(const gpuref_cov *c, const char *path, gpuref_diag *d);
/* Add the counts of this cov's ISA found in a coverage.dat to c; *unknown
 * (may be NULL) gets the number of this ISA's points whose bin this version
 * does not have (they are skipped).  A file whose functional points are all
 * of other ISAs is an error (GPUREF_ERR_CONFIG); one with none (RTL line
 * coverage only) adds nothing. */
int gpuref_cov_read(gpuref_cov *c, const char *path, size_t *unknown, gpuref_diag *d);

/* A whole coverage.dat: the functional points of every ISA and any other
 * (RTL) points, merged by key as verilator_coverage does. */
typedef struct gpuref_covdat gpuref_covdat;

gpuref_covdat *gpuref_covdat_new(void);                       /* NULL: out of memory */
void gpuref_covdat_free(gpuref_covdat *cd);
/* Merge a file in (counts of equal keys add). GPUREF_ERR_IO / _PARSE (file:line). */
int  gpuref_covdat_read(gpuref_covdat *cd, const char *path, gpuref_diag *d);
int  gpuref_covdat_read_string(gpuref_covdat *cd, const char *name, const char *text,
                               size_t len, gpuref_diag *d);
/* Merge a cov's counts in. */
int  gpuref_covdat_add_cov(gpuref_covdat *cd, const gpuref_cov *c);
/* Write every point, sorted by key (deterministic); same file handling as
 * gpuref_cov_write.  rtl_only: leave the functional points out. */
int  gpuref_covdat_write(const gpuref_covdat *cd, const char *path, int rtl_only,
                         gpuref_diag *d);
/* ISAs that have functional points in cd, sorted by name. */
size_t      gpuref_covdat_nisas(const gpuref_covdat *cd);
const char *gpuref_covdat_isa(const gpuref_covdat *cd, size_t i);
/* Add cd's functional points of c's ISA to c (as gpuref_cov_read). */
int  gpuref_covdat_to_cov(const gpuref_covdat *cd, gpuref_cov *c, size_t *unknown);

/* The other (RTL) points, by type: the part of the page before '/'
 * ("v_line", "v_toggle", "v_branch", "v_user"). */
typedef struct gpuref_covdat_rtl {
    char     type[32];
    uint64_t points, hit;
} gpuref_covdat_rtl;
/* Fills up to max entries sorted by type; returns the number of types. */
size_t gpuref_covdat_rtl_summary(const gpuref_covdat *cd, gpuref_covdat_rtl *out, size_t max);

/* Every point of cd in turn (for reports per RTL file): the number of
 * points, and point i's fields, unescaped: file ('f'), line ('l', 0 when
 * absent), type (the page before '/', "v_line", "v_toggle", ...; "other"
 * when there is no page) and count.  Returns 1 for an RTL point, 0 for a
 * functional one (of an ISA), GPUREF_ERR_RANGE when i >= the number of
 * points.  Strings are truncated to their buffers. */
size_t gpuref_covdat_npoints(const gpuref_covdat *cd);
int    gpuref_covdat_point(const gpuref_covdat *cd, size_t i, char *file, size_t flen,
                           unsigned *line, char *type, size_t tlen, uint64_t *count);

/* A text listing of the bins, one per line (line i+1 = bin i): the "source"
 * that the points' file/line keys refer to ("gpuref/<isa>.bins"), used for
 * the HTML report and by `verilator_coverage --annotate`.  Excluded bins carry
 * their reason.  Malloc'ed; free with gpuref_free. */
char *gpuref_cov_listing(const gpuref_cov *c);

#ifdef __cplusplus
}
#endif
#endif /* GPUREF_COV_H */
