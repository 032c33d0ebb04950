/* vec_priv.h - the pieces the vector files share (vectors/README.md is the
 * schema, gpuref_vectors.h the public calls).
 *
 *   vec_data.c   messages, hex values, register keys, name sets, freeing
 *   vec_read.c   the one YAML reader: file text, libyaml events, a test at a
 *                time (gpuref_vec_load, _load_string, _open, _next)
 *   vec_load.c   the schema: one test's YAML nodes -> a gpuref_vec_test,
 *                resolved against a scratch model; the file's own keys
 *   vec_setup.c  a test -> a model (program, init.mem, init.regs)
 *   vec_run.c    stepping, expectations, failure reports
 *
 * Internal names carry gpuref_vx_. */
#ifndef GPUREF_CORE_VEC_PRIV_H
#define GPUREF_CORE_VEC_PRIV_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <yaml.h>

#include "gpuref_vectors.h"
#include "isa.h"

/* libyaml's scanner takes time quadratic in the nesting of flow collections
 * (100000 levels: 20 s); the schema needs 4.  Deeper files are refused
 * before parsing. */
#define GPUREF_VX_MAX_FLOW_DEPTH 1000

static inline int gpuref_vx_is_digit(char ch) { return ch >= '0' && ch <= '9'; }

static inline int gpuref_vx_hexval(char ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

/* ------------------------------------------------------------ vec_data.c */

/* A user string made safe and short for a message (len >= 8). */
const char *gpuref_vx_show(const char *s, char *buf, size_t len);
/* d gets status and "path:line:col: message" (no line: "path: message"). */
int gpuref_vx_vdiag(gpuref_diag *d, const char *path, int status, gpuref_vec_loc loc,
                    const char *fmt, va_list ap);
int gpuref_vx_diag(gpuref_diag *d, const char *path, int status, gpuref_vec_loc loc,
                   const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* "r4" or "mask": the register without lanes, as the ISA names it; "w1:r4"
 * with a wave prefix. */
void gpuref_vx_reg_name(const gpuref_vec_reg *r, char *buf, size_t len);
void gpuref_vx_test_free(gpuref_vec_test *t);

/* A set of names (copied) with the line each was first seen at. */
typedef struct gpuref_vx_names {
    char       **name;
    unsigned    *line;
    size_t       n, cap;
    gpuref_htab  ht;
} gpuref_vx_names;
/* 1: added, 0: already there (*prev = its line), <0: out of memory. */
int  gpuref_vx_names_add(gpuref_vx_names *s, const char *name, unsigned line, unsigned *prev);
void gpuref_vx_names_free(gpuref_vx_names *s);

/* ------------------------------------------------------------ vec_load.c */

/* What the schema checks need: the file's text (line indents of program
 * blocks), the YAML document of the current test, the ISA and a scratch
 * model of the current test's config. */
typedef struct gpuref_vx_loader {
    const char *path;
    const char *text;
    size_t len;
    yaml_document_t *doc;
    gpuref_diag *d;
    const char *isa;
    gpuref_model *m;            /* scratch model of the current config */
    char *mcfg;                 /* its config (NULL: defaults) */
    int trace_wave1;            /* while reading a trace entry's regs: its wave + 1, else 0 */
    unsigned cur_line;          /* line_indent's cursor: line cur_line starts */
    size_t cur_off;             /* at byte cur_off (cur_line 0: not set) */
} gpuref_vx_loader;

typedef struct gpuref_vx_keydef {
    const char *name;
    int required;
} gpuref_vx_keydef;

/* The keys of the file's mapping. */
enum { GPUREF_VX_ISA, GPUREF_VX_COMMENT, GPUREF_VX_SEED, GPUREF_VX_TESTS, GPUREF_VX_NKEYS };
extern const gpuref_vx_keydef gpuref_vx_file_keys[GPUREF_VX_NKEYS];

/* "a scalar", "a list", "a mapping" or "nothing". */
const char *gpuref_vx_kind(const yaml_node_t *n);
/* The file is not a mapping: get_map's message about node n. */
int gpuref_vx_get_root(gpuref_vx_loader *c, const yaml_node_t *n);
/* The value n of the file's key `key` (isa, comment, seed) into f. */
int gpuref_vx_get_header(gpuref_vx_loader *c, gpuref_vec_file *f, int key, const yaml_node_t *n);
/* Test node n into t (zeroed; t->path set), checked by a trial setup. */
int gpuref_vx_get_test(gpuref_vx_loader *c, gpuref_vec_test *t, const yaml_node_t *n);
/* Line/col (1-based) of a byte offset of the text. */
gpuref_vec_loc gpuref_vx_offset_loc(const gpuref_vx_loader *c, size_t off);

/* ----------------------------------------------------------- vec_setup.c */

/* Program, init.mem, init.regs on model m: the setup of test t. */
int gpuref_vx_apply(const gpuref_vec_test *t, gpuref_model *m, gpuref_diag *d);

#endif
