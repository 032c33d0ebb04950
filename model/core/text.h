/* text.h - the text pieces every ISA model and the gpuref command share
 * (model/core/README.md "Shared pieces for ISA models"): numbers, scanning
 * assembly lines with located errors, label tables, a string builder and
 * whole-file reading.  Self-contained: the command includes it too. */
#ifndef GPUREF_CORE_TEXT_H
#define GPUREF_CORE_TEXT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "gpuref.h"

/* ------------------------------------------------------------- numbers
 * One number syntax: decimal, or hex after 0x/0X, digits only, the whole
 * text (no blanks), nothing that overflows 64 bits.  Flags widen it:      */
enum {
    GPUREF_NUM_MINUS = 1,   /* a leading '-' */
    GPUREF_NUM_PLUS  = 2,   /* a leading '+' */
    GPUREF_NUM_BIN   = 4,   /* 0b/0B binary */
    GPUREF_NUM_HEX   = 8    /* hex digits without 0x (0x is still allowed) */
};

/* The n bytes at s as a magnitude and a sign (*neg may be NULL when
 * GPUREF_NUM_MINUS is not given).  0, or -1 for anything else. */
int gpuref_num_scan(const char *s, size_t n, unsigned flags, uint64_t *mag, int *neg);
/* An unsigned number of the whole string s (0x hex or decimal); 0 or -1. */
int gpuref_parse_u64(const char *s, uint64_t *v);
/* An unsigned number of the n bytes at s, at most max; 0 or -1. */
int gpuref_num_u64(const char *s, size_t n, unsigned flags, uint64_t max, uint64_t *v);
/* A 64-bit value: negative down to INT64_MIN; a positive one keeps its 64
 * bits (0xffffffffffffffff is -1).  0 or -1. */
int gpuref_num_i64(const char *s, size_t n, unsigned flags, int64_t *v);
/* A 32-bit word: 0..0xffffffff, or -1..-0x80000000 as two's complement
 * (an optional '-' is always allowed).  0 or -1. */
int gpuref_num_word32(const char *s, size_t n, unsigned flags, uint32_t *v);

/* --------------------------------------------------------- characters */

static inline int gpuref_is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }
static inline int gpuref_is_digit(char c) { return c >= '0' && c <= '9'; }
static inline int gpuref_is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
/* Identifier characters: letters, '_', '.', digits (not first), and the
 * bytes of `extra` (an ISA's own, such as "$"). */
static inline int gpuref_ident_start(char c) { return gpuref_is_alpha(c) || c == '_' || c == '.'; }
static inline int gpuref_ident_char(char c)
{
    return gpuref_ident_start(c) || gpuref_is_digit(c);
}
/* Is the whole string s an identifier (a label name)? */
int gpuref_is_ident(const char *s);

/* ------------------------------------------------------------- lexing
 * An assembler walks its source a line at a time; a lexer knows the line
 * number and where the line starts, so that any pointer into the line gives
 * a 1-based column for a located error (`line:col: message` through a
 * gpuref_diag, printed by the caller as `file:line:col: message`).  Comments
 * run from ';' or "//" to the end of the line.                            */
typedef struct gpuref_lex {
    const char *next;       /* start of the next line */
    const char *ls, *le;    /* the current line: [ls, le), without its '\n' */
    const char *ce;         /* where its comment starts (le if none) */
    unsigned    line;       /* 1-based number of the current line */
} gpuref_lex;

void gpuref_lex_init(gpuref_lex *lx, const char *text);
/* The next line (1) or the end of the text (0).  A text ending in '\n' has
 * no empty last line; an empty text has none. */
int  gpuref_lex_line(gpuref_lex *lx);
/* Does a comment start at p (';' or "//", p < e)? */
static inline int gpuref_lex_is_comment(const char *p, const char *e)
{
    return *p == ';' || (p[0] == '/' && p + 1 < e && p[1] == '/');
}
/* 1-based column of p in the current line, 0 for NULL or a pointer outside. */
unsigned gpuref_lex_col(const gpuref_lex *lx, const char *p);
/* p past blanks (' ', '\t', '\r'), up to e. */
const char *gpuref_lex_skip(const char *p, const char *e);
/* The end of an identifier starting at p (p itself when none starts there);
 * extra: more identifier bytes (NULL: none); digit_first: may it start with
 * a digit. */
const char *gpuref_lex_ident(const char *p, const char *e, const char *extra, int digit_first);
/* A located error: status with the current line and the column of at. */
int  gpuref_lex_errf(const gpuref_lex *lx, gpuref_diag *d, int status, const char *at,
                     const char *fmt, ...) __attribute__((format(printf, 5, 6)));
int  gpuref_lex_verrf(const gpuref_lex *lx, gpuref_diag *d, int status, const char *at,
                      const char *fmt, va_list ap);

/* ------------------------------------------------------- growing arrays */

/* Room for item n of an array *p of *cap items of sz bytes: doubled (first
 * allocation: `first` items) when n == *cap.  0, or -1 (out of memory, the
 * array unchanged). */
int gpuref_grow(void **p, size_t *cap, size_t n, size_t sz, size_t first);

/* --------------------------------------------------------- name index
 * A name -> index table, open addressing over indices (stored +1; 0 =
 * empty).  The names live in the caller's array: key(ctx, i) returns name i.
 * gpuref_ht_grow makes room for n entries (0, or -1: out of memory);
 * gpuref_ht_find returns the index of k or -1, with *ins (when not NULL) the
 * empty slot where k would go: add an entry with h->slot[*ins] = index + 1
 * after a grow.  Linear time over a program's labels or a file's points. */
typedef struct gpuref_htab {
    size_t  cap;       /* power of two */
    size_t *slot;
} gpuref_htab;
int  gpuref_ht_grow(gpuref_htab *h, size_t n, const char *(*key)(const void *, size_t),
                    const void *ctx);
long gpuref_ht_find(const gpuref_htab *h, const char *k,
                    const char *(*key)(const void *, size_t), const void *ctx, size_t *ins);
void gpuref_ht_free(gpuref_htab *h);

/* ------------------------------------------------------------- labels
 * The names of a program and their values (addresses, or whatever the
 * assembler's first pass knows), found through a hash: assembly stays
 * linear in the number of labels.  Two passes: the first adds every label
 * (gpuref_labels_add; a duplicate is reported by the caller in its own
 * words), the assembler then fixes the values (v[k].value) once addresses
 * are known, and the second pass resolves references (gpuref_labels_find). */
typedef struct gpuref_label {
    char    *name;
    uint64_t value;
} gpuref_label;

typedef struct gpuref_labels {
    gpuref_label *v;
    size_t        n, cap;
    gpuref_htab   ht;          /* name -> index */
} gpuref_labels;

/* Add name (len bytes) with value: its index, GPUREF_ERR_ARG if the name is
 * there already, GPUREF_ERR_NOMEM. */
long gpuref_labels_add(gpuref_labels *t, const char *name, size_t len, uint64_t value);
/* The index of name, or -1. */
long gpuref_labels_find(const gpuref_labels *t, const char *name);
void gpuref_labels_free(gpuref_labels *t);

/* ------------------------------------------------------ string builder
 * Text appended piece by piece, always NUL-terminated.  Growable (start
 * from GPUREF_STRBUF_INIT, free with gpuref_sb_free; a failed allocation
 * sets oom and stops appending) or over a caller's buffer of a fixed size
 * (gpuref_sb_fixed): then every append writes what vsnprintf into the rest
 * of the buffer would (the same text, the same truncation) and n becomes
 * cap once the text is cut.  gpuref_sb_printf writes %s %u %d %x %c %%
 * without printf (disassemblers print every instruction a generator
 * makes), anything else through vsnprintf. */
typedef struct gpuref_strbuf {
    char  *s;
    size_t n, cap;
    unsigned char fixed, oom;
} gpuref_strbuf;

#define GPUREF_STRBUF_INIT { NULL, 0, 0, 0, 0 }

void gpuref_sb_fixed(gpuref_strbuf *b, char *buf, size_t len);
/* Room for k more bytes and the NUL (growable buffers): 0, or -1 (oom; a
 * fixed buffer without the room). */
int  gpuref_sb_need(gpuref_strbuf *b, size_t k);
void gpuref_sb_put(gpuref_strbuf *b, const char *s, size_t k);
void gpuref_sb_str(gpuref_strbuf *b, const char *s);
void gpuref_sb_printf(gpuref_strbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Decimal and 0x-less hex of v written at p without a NUL; the end. */
char *gpuref_put_u(char *p, uint64_t v);
char *gpuref_put_x(char *p, uint64_t v);
void gpuref_sb_free(gpuref_strbuf *b);

/* ------------------------------------------------------------- files */

/* A whole file (path NULL: stdin), NUL-terminated, at most max bytes (0: no
 * limit).  0 with *text (malloc'ed) and *len (may be NULL) set, or the
 * errno of what failed: EISDIR for a folder (at once, not as an
 * "Input/output error" at the first read), EFBIG past max, ENOMEM, or the
 * error of open or read. */
int gpuref_read_file(const char *path, size_t max, char **text, size_t *len);
/* The same for a named file, the failure reported as "PATH: cannot read: REASON" in d
 * (GPUREF_ERR_IO).  Returns a gpuref status. */
int gpuref_read_file_diag(const char *path, size_t max, char **text, size_t *len,
                          gpuref_diag *d);

#endif
