/* vec_read.c - the one reader of vector files: a file's text, libyaml's
 * events, a test at a time.
 *
 * A file is read in one pass over libyaml's event stream (the scan): each
 * test becomes a small libyaml document built from its events and is checked
 * by the schema (vec_load.c) against a scratch model; the file's own keys are
 * checked as they come.  YAML problems stop the scan at once; schema problems
 * are kept by kind, and the first kind found (the file's keys, isa, comment,
 * seed, the shape of tests, a test) is reported once the whole file has been
 * parsed, so a file gets the same message whatever its order.
 *
 * gpuref_vec_load and gpuref_vec_load_string scan keeping every test.
 * gpuref_vec_open scans keeping none (only the test names, to find
 * duplicates); gpuref_vec_next then parses the file again and hands out its
 * tests one by one.  A file is mapped, and the pages behind the current test
 * are given back, so a stream's memory is bounded by its largest test, not
 * by the file.
 *
 * Anchors and aliases work across tests: the anchored nodes of a test are
 * copied to a document kept for the rest of the file. */
#define _DEFAULT_SOURCE             /* madvise (Linux, BSD): give back mapped pages */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vec_priv.h"

#define MAX_FILE_BYTES ((size_t)256 << 20)

typedef gpuref_vx_loader loader;

static const gpuref_vec_loc nowhere = { 0, 0 };

/* ------------------------------------------------------ text checks */

/* Refuse absurd flow nesting ('[' '{' outside comments) before libyaml sees
 * it.  Quotes are not tracked: that can only undercount. */
static int check_flow_depth(loader *c)
{
    unsigned depth = 0;
    char prev = '\n';
    for (size_t i = 0; i < c->len; i++) {
        char ch = c->text[i];
        if (ch == '#' && (prev == ' ' || prev == '\t' || prev == '\n' || prev == '\r')) {
            while (i + 1 < c->len && c->text[i + 1] != '\n' && c->text[i + 1] != '\r')
                i++;
            prev = '\n';
            continue;
        }
        if (ch == '[' || ch == '{') {
            if (++depth > GPUREF_VX_MAX_FLOW_DEPTH)
                return gpuref_vx_diag(c->d, c->path, GPUREF_ERR_PARSE,
                                      gpuref_vx_offset_loc(c, i),
                                      "YAML: collections nested deeper than %d levels",
                                      GPUREF_VX_MAX_FLOW_DEPTH);
        } else if ((ch == ']' || ch == '}') && depth > 0) {
            depth--;
        }
        prev = ch;
    }
    return GPUREF_OK;
}

static int yaml_problem(loader *c, const yaml_parser_t *p)
{
    if (p->error == YAML_MEMORY_ERROR)
        return gpuref_vx_diag(c->d, c->path, GPUREF_ERR_NOMEM, nowhere,
                              "out of memory while reading YAML");
    const char *problem = p->problem ? p->problem : "unknown problem";
    if (p->error == YAML_READER_ERROR) {
        gpuref_vec_loc l = gpuref_vx_offset_loc(c, p->problem_offset);
        if (p->problem_value != -1)
            return gpuref_vx_diag(c->d, c->path, GPUREF_ERR_PARSE, l, "YAML: %s (#%x)", problem,
                                  (unsigned)p->problem_value);
        return gpuref_vx_diag(c->d, c->path, GPUREF_ERR_PARSE, l, "YAML: %s", problem);
    }
    gpuref_vec_loc l = { (unsigned)p->problem_mark.line + 1,
                         (unsigned)p->problem_mark.column + 1 };
    if (p->context)
        return gpuref_vx_diag(c->d, c->path, GPUREF_ERR_PARSE, l, "YAML: %s %s started at line %u",
                              problem, p->context, (unsigned)p->context_mark.line + 1);
    return gpuref_vx_diag(c->d, c->path, GPUREF_ERR_PARSE, l, "YAML: %s", problem);
}

static gpuref_vec_loc mark_loc(yaml_mark_t m)
{
    gpuref_vec_loc l = { (unsigned)m.line + 1, (unsigned)m.column + 1 };
    return l;
}

/* ------------------------------------------- documents built from events */

typedef struct anchor_ent {
    char *name;
    int   id;
} anchor_ent;

typedef struct builder {
    yaml_document_t doc;
    anchor_ent     *a;
    size_t          n, cap;
    struct builder *keep;        /* anchored nodes of earlier tests (or NULL) */
} builder;

static void builder_init(builder *b, builder *keep)
{
    memset(b, 0, sizeof *b);
    yaml_document_initialize(&b->doc, NULL, NULL, NULL, 1, 1);
    b->keep = keep;
}

static void builder_free(builder *b)
{
    for (size_t i = 0; i < b->n; i++)
        free(b->a[i].name);
    free(b->a);
    yaml_document_delete(&b->doc);
    memset(b, 0, sizeof *b);
}

static int add_anchor(builder *b, const char *name, int id)
{
    if (b->n == b->cap) {
        size_t nc = b->cap ? 2 * b->cap : 8;
        anchor_ent *na = realloc(b->a, nc * sizeof *na);
        if (!na)
            return -1;
        b->a = na;
        b->cap = nc;
    }
    if (!(b->a[b->n].name = gpuref_dupn(name, strlen(name))))
        return -1;
    b->a[b->n++].id = id;
    return 0;
}

/* The node of `from` like node o, in `to` (no children yet); map[o] = its id. */
static int copy_one(yaml_document_t *from, int o, yaml_document_t *to, int *map)
{
    const yaml_node_t *n = yaml_document_get_node(from, o);
    int nid = 0;
    if (n->type == YAML_SCALAR_NODE)
        nid = yaml_document_add_scalar(to, n->tag, n->data.scalar.value,
                                       (int)n->data.scalar.length, n->data.scalar.style);
    else if (n->type == YAML_SEQUENCE_NODE)
        nid = yaml_document_add_sequence(to, n->tag, n->data.sequence.style);
    else if (n->type == YAML_MAPPING_NODE)
        nid = yaml_document_add_mapping(to, n->tag, n->data.mapping.style);
    if (nid) {
        yaml_node_t *m = yaml_document_get_node(to, nid);
        m->start_mark = n->start_mark;
        m->end_mark = n->end_mark;
    }
    return map[o] = nid;
}

/* Copy node id of `from`, and every node it reaches (each once: shared and
 * cyclic nodes stay so), into `to`; its id there, 0 when out of memory. */
static int copy_node(yaml_document_t *from, int id, yaml_document_t *to)
{
    size_t nn = (size_t)(from->nodes.top - from->nodes.start), ntodo = 0;
    int *map = calloc(nn + 1, sizeof *map), *todo = malloc((nn + 1) * sizeof *todo);
    int root = map && todo ? copy_one(from, id, to, map) : 0, ok = root != 0;
    if (ok)
        todo[ntodo++] = id;
    while (ok && ntodo) {
        int o = todo[--ntodo];
        const yaml_node_t *n = yaml_document_get_node(from, o);
        if (n->type == YAML_SEQUENCE_NODE) {
            for (yaml_node_item_t *it = n->data.sequence.items.start;
                 ok && it < n->data.sequence.items.top; it++) {
                if (!map[*it] && (ok = copy_one(from, *it, to, map) != 0))
                    todo[ntodo++] = *it;
                ok = ok && yaml_document_append_sequence_item(to, map[o], map[*it]);
            }
        } else if (n->type == YAML_MAPPING_NODE) {
            for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
                 ok && p < n->data.mapping.pairs.top; p++) {
                if (!map[p->key] && (ok = copy_one(from, p->key, to, map) != 0))
                    todo[ntodo++] = p->key;
                if (ok && !map[p->value] && (ok = copy_one(from, p->value, to, map) != 0))
                    todo[ntodo++] = p->value;
                ok = ok && yaml_document_append_mapping_pair(to, map[o], map[p->key],
                                                             map[p->value]);
            }
        }
    }
    free(map);
    free(todo);
    return ok ? root : 0;
}

/* Keep the anchored nodes of b (a test done) for aliases in later tests. */
static int keep_anchors(builder *b)
{
    for (size_t i = 0; b->keep && i < b->n; i++) {
        int id = copy_node(&b->doc, b->a[i].id, &b->keep->doc);
        if (!id || add_anchor(b->keep, b->a[i].name, id))
            return -1;
    }
    return 0;
}

/* ------------------------------------------------------------ the scan */

struct gpuref_vec_stream {
    loader          c;
    gpuref_diag     dd;          /* the loader's diagnostics */
    gpuref_vec_file f;           /* path, isa, comment, seed, ntests; tests when collecting */
    const char     *text;        /* the file: mapped, read, or the caller's */
    size_t          len;
    int             mapped;      /* text is mapped (else owned unless borrowed) */
    int             borrowed;    /* text is the caller's (gpuref_vec_load_string) */
    size_t          released;    /* pages below this offset given back */
    yaml_parser_t   p;
    int             live;        /* p initialised */
    int             done;
    int             collect;     /* the scan keeps every test in f.tests */
    size_t          cap;         /* of f.tests */
    gpuref_vec_test t;           /* the current test */
    builder         keep;        /* anchored nodes, for aliases in later tests */
    gpuref_vx_names anchors;     /* every anchor of the document: one definition each */
};

static int ev_next(gpuref_vec_stream *s, yaml_event_t *ev)
{
    if (!yaml_parser_parse(&s->p, ev)) {
        memset(ev, 0, sizeof *ev);
        return yaml_problem(&s->c, &s->p);
    }
    return GPUREF_OK;
}

static int nomem(gpuref_vec_stream *s)
{
    return gpuref_vx_diag(s->c.d, s->c.path, GPUREF_ERR_NOMEM, nowhere, "out of memory");
}

/* An anchor at mark m: the document's first of that name (as libyaml's
 * loader, which refuses a second one). */
static int new_anchor(gpuref_vec_stream *s, const yaml_char_t *name, yaml_mark_t m)
{
    unsigned prev = 0;
    int added = gpuref_vx_names_add(&s->anchors, (const char *)name, (unsigned)m.line + 1, &prev);
    if (added < 0)
        return nomem(s);
    if (added == 0)
        return gpuref_vx_diag(s->c.d, s->c.path, GPUREF_ERR_PARSE, mark_loc(m),
                              "YAML: second occurrence found duplicate anchor; first occurrence "
                              "started at line %u", prev);
    return GPUREF_OK;
}

/* The node of event *ev (deleted here) in b: *id, *open = 1 for the start of
 * a collection (its items follow). */
static int new_node(gpuref_vec_stream *s, yaml_event_t *ev, builder *b, int *id, int *open)
{
    int nid = 0, rc = GPUREF_OK;
    yaml_char_t *anchor = NULL;
    yaml_mark_t at = ev->start_mark;
    *open = 0;
    switch (ev->type) {
    case YAML_ALIAS_EVENT:
        for (size_t i = b->n; i-- > 0 && !nid;)
            if (strcmp(b->a[i].name, (const char *)ev->data.alias.anchor) == 0)
                nid = b->a[i].id;
        for (size_t i = b->keep ? b->keep->n : 0; !nid && i-- > 0;)
            if (strcmp(b->keep->a[i].name, (const char *)ev->data.alias.anchor) == 0 &&
                !(nid = copy_node(&b->keep->doc, b->keep->a[i].id, &b->doc))) {
                yaml_event_delete(ev);
                return nomem(s);
            }
        if (!nid)
            rc = gpuref_vx_diag(s->c.d, s->c.path, GPUREF_ERR_PARSE, mark_loc(at),
                                "YAML: found undefined alias");
        yaml_event_delete(ev);
        *id = nid;
        return rc;
    case YAML_SCALAR_EVENT:
        nid = yaml_document_add_scalar(&b->doc, ev->data.scalar.tag, ev->data.scalar.value,
                                       (int)ev->data.scalar.length, ev->data.scalar.style);
        anchor = ev->data.scalar.anchor;
        break;
    case YAML_SEQUENCE_START_EVENT:
        nid = yaml_document_add_sequence(&b->doc, ev->data.sequence_start.tag,
                                         ev->data.sequence_start.style);
        anchor = ev->data.sequence_start.anchor;
        *open = 1;
        break;
    case YAML_MAPPING_START_EVENT:
        nid = yaml_document_add_mapping(&b->doc, ev->data.mapping_start.tag,
                                        ev->data.mapping_start.style);
        anchor = ev->data.mapping_start.anchor;
        *open = 1;
        break;
    default:
        yaml_event_delete(ev);
        return gpuref_vx_diag(s->c.d, s->c.path, GPUREF_ERR_PARSE, mark_loc(at),
                              "YAML: unexpected event");
    }
    if (!nid)
        rc = gpuref_vx_diag(s->c.d, s->c.path, GPUREF_ERR_NOMEM, mark_loc(at), "out of memory");
    if (!rc) {
        yaml_node_t *n = yaml_document_get_node(&b->doc, nid);
        n->start_mark = at;
        n->end_mark = ev->end_mark;
        if (anchor && !(rc = new_anchor(s, anchor, at)) &&
            add_anchor(b, (const char *)anchor, nid))
            rc = nomem(s);
    }
    yaml_event_delete(ev);
    *id = nid;
    return rc;
}

/* Add the node that starts with *ev (deleted here) and everything in it to
 * b; *id = its node id.  No recursion: a stack of the open collections (and
 * of a mapping's key waiting for its value). */
static int build_node(gpuref_vec_stream *s, yaml_event_t *ev, builder *b, int *id)
{
    struct open { int id, key; } *st = NULL;
    size_t n = 0, cap = 0;
    int rc = GPUREF_OK;
    yaml_event_t e = *ev;
    *id = 0;
    for (;;) {
        int nid = 0, open = 0;
        if ((e.type == YAML_SEQUENCE_END_EVENT || e.type == YAML_MAPPING_END_EVENT) && n) {
            nid = st[--n].id;
            yaml_document_get_node(&b->doc, nid)->end_mark = e.end_mark;
            yaml_event_delete(&e);
        } else if ((rc = new_node(s, &e, b, &nid, &open))) {
            break;
        }
        if (open) {
            if (n == cap) {
                size_t nc = cap ? 2 * cap : 16;
                struct open *ns = realloc(st, nc * sizeof *ns);
                if (!ns) {
                    rc = nomem(s);
                    break;
                }
                st = ns;
                cap = nc;
            }
            st[n].id = nid;
            st[n++].key = 0;
        } else if (n == 0) {
            *id = nid;
            break;
        } else if (yaml_document_get_node(&b->doc, st[n - 1].id)->type == YAML_SEQUENCE_NODE) {
            if (!yaml_document_append_sequence_item(&b->doc, st[n - 1].id, nid)) {
                rc = nomem(s);
                break;
            }
        } else if (!st[n - 1].key) {
            st[n - 1].key = nid;
        } else {
            if (!yaml_document_append_mapping_pair(&b->doc, st[n - 1].id, st[n - 1].key, nid)) {
                rc = nomem(s);
                break;
            }
            st[n - 1].key = 0;
        }
        if ((rc = ev_next(s, &e)))
            break;
    }
    free(st);
    return rc;
}

/* Read the node that starts with *ev (deleted here) without checking it:
 * its anchors are kept for later aliases (keep: s->keep, or NULL). */
static int take_node(gpuref_vec_stream *s, yaml_event_t *ev, builder *keep)
{
    builder b;
    int id = 0;
    builder_init(&b, keep);
    int rc = build_node(s, ev, &b, &id);
    if (!rc && keep_anchors(&b))
        rc = nomem(s);
    builder_free(&b);
    return rc;
}

/* Give back the mapped pages wholly before byte offset off. */
static void stream_release(gpuref_vec_stream *s, size_t off)
{
#ifdef MADV_DONTNEED
    if (!s->mapped)
        return;
    long pg = sysconf(_SC_PAGESIZE);
    if (pg <= 0)
        return;
    size_t upto = off / (size_t)pg * (size_t)pg;
    if (upto > s->released + ((size_t)4 << 20)) {     /* in steps of 4 MiB or more */
        madvise((char *)s->text + s->released, upto - s->released, MADV_DONTNEED);
        s->released = upto;
    }
#else
    (void)s;
    (void)off;
#endif
}

/* A parser at the start of the text, no anchors yet. */
static int stream_parser(gpuref_vec_stream *s)
{
    if (s->live)
        yaml_parser_delete(&s->p);
    s->live = 0;
    if (!yaml_parser_initialize(&s->p))
        return nomem(s);
    s->live = 1;
    yaml_parser_set_input_string(&s->p, (const unsigned char *)s->text, s->len);
    s->c.cur_line = 0;
    builder_free(&s->keep);
    builder_init(&s->keep, NULL);
    gpuref_vx_names_free(&s->anchors);
    return GPUREF_OK;
}

/* Build the test whose first event is *ev into s->t and check it. */
static int stream_test(gpuref_vec_stream *s, yaml_event_t *ev, int *yaml_err)
{
    builder b;
    int id = 0;
    size_t at = ev->start_mark.index;
    gpuref_vx_test_free(&s->t);
    memset(&s->t, 0, sizeof s->t);
    s->t.path = s->f.path;
    builder_init(&b, &s->keep);
    int rc = build_node(s, ev, &b, &id);
    *yaml_err = rc != GPUREF_OK;
    if (rc == GPUREF_OK && keep_anchors(&b))
        rc = nomem(s);
    if (rc == GPUREF_OK) {
        s->c.doc = &b.doc;
        rc = gpuref_vx_get_test(&s->c, &s->t, yaml_document_get_node(&b.doc, id));
        s->c.doc = NULL;
    }
    builder_free(&b);
    stream_release(s, at);
    return rc;
}

enum { ER_MAP, ER_ISA, ER_COMMENT, ER_SEED, ER_TESTS, ER_TEST, ER_N };

/* The first problem of each kind, and the test names seen. */
typedef struct checker {
    gpuref_diag     err[ER_N];
    int             has[ER_N];
    gpuref_vx_names names;
} checker;

static void keep_err(checker *k, int which, const gpuref_diag *d)
{
    if (!k->has[which]) {
        k->err[which] = *d;
        k->has[which] = 1;
    }
}

/* One test of the scan: checked, its name unique, kept when collecting. */
static int check_test(gpuref_vec_stream *s, checker *k, yaml_event_t *ev, int *yaml_err)
{
    gpuref_vec_loc at = mark_loc(ev->start_mark);
    int rc = stream_test(s, ev, yaml_err);
    if (rc)
        return rc;
    unsigned prev = 0;
    int added = gpuref_vx_names_add(&k->names, s->t.name, s->t.loc.line, &prev);
    if (added < 0)
        return gpuref_vx_diag(s->c.d, s->c.path, GPUREF_ERR_NOMEM, at, "out of memory");
    if (added == 0)                 /* at the test's node (an alias: the anchored one) */
        return gpuref_vx_diag(s->c.d, s->c.path, GPUREF_ERR_PARSE, s->t.loc,
                              "duplicate test name '%s' (first at line %u)", s->t.name, prev);
    if (!s->collect)
        return GPUREF_OK;
    if (s->f.ntests == s->cap) {
        size_t nc = s->cap ? 2 * s->cap : 16;
        gpuref_vec_test *nt = realloc(s->f.tests, nc * sizeof *nt);
        if (!nt)
            return gpuref_vx_diag(s->c.d, s->c.path, GPUREF_ERR_NOMEM, at, "out of memory");
        s->f.tests = nt;
        s->cap = nc;
    }
    s->f.tests[s->f.ntests++] = s->t;
    memset(&s->t, 0, sizeof s->t);
    return GPUREF_OK;
}

/* A value of the file's mapping other than tests, into a one-node document,
 * checked; the first failure of its kind is kept. */
static int check_value(gpuref_vec_stream *s, checker *k, int key, yaml_event_t *ev)
{
    builder b;
    int id = 0;
    builder_init(&b, &s->keep);
    int rc = build_node(s, ev, &b, &id);
    if (!rc && keep_anchors(&b))
        rc = nomem(s);
    if (!rc) {
        s->c.doc = &b.doc;
        if (gpuref_vx_get_header(&s->c, &s->f, key, yaml_document_get_node(&b.doc, id)))
            keep_err(k, key == GPUREF_VX_ISA ? ER_ISA : key == GPUREF_VX_COMMENT ? ER_COMMENT
                        : ER_SEED, s->c.d);
        s->c.doc = NULL;
    }
    builder_free(&b);
    return rc;                      /* YAML problems stop at once */
}

/* An anchor on the tests list itself: an alias to it inside a test is that
 * list, which no test can be; an empty list with its position stands for it. */
static int tests_anchor(gpuref_vec_stream *s, const yaml_event_t *e)
{
    if (!e->data.sequence_start.anchor)
        return GPUREF_OK;
    int rc = new_anchor(s, e->data.sequence_start.anchor, e->start_mark);
    if (rc)
        return rc;
    int id = yaml_document_add_sequence(&s->keep.doc, NULL, e->data.sequence_start.style);
    if (!id)
        return nomem(s);
    yaml_document_get_node(&s->keep.doc, id)->start_mark = e->start_mark;
    return add_anchor(&s->keep, (const char *)e->data.sequence_start.anchor, id) ? nomem(s)
                                                                                  : GPUREF_OK;
}

/* Read events to the first item of the tests list of a file the scan
 * passed; 1 when found. */
static int seek_tests(gpuref_vec_stream *s)
{
    yaml_event_t e;
    int rc;
    for (int i = 0; i < 3; i++) {       /* stream start, document start, mapping start */
        if ((rc = ev_next(s, &e)))
            return rc;
        yaml_event_delete(&e);
    }
    for (;;) {
        if ((rc = ev_next(s, &e)))
            return rc;
        if (e.type != YAML_SCALAR_EVENT) {
            yaml_event_delete(&e);
            return 0;
        }
        int is_tests = strcmp((const char *)e.data.scalar.value, "tests") == 0;
        if ((rc = take_node(s, &e, &s->keep)) || (rc = ev_next(s, &e)))   /* key anchors */
            return rc;
        if (is_tests) {
            rc = e.type == YAML_SEQUENCE_START_EVENT ? tests_anchor(s, &e) : GPUREF_OK;
            yaml_event_delete(&e);
            return rc ? rc : 1;
        }
        if ((rc = take_node(s, &e, &s->keep)))
            return rc;
    }
}

/* After the file's mapping: the end of its document, and a second document
 * (parsed as libyaml's loader would, its problems first) refused. */
static int scan_end(gpuref_vec_stream *s)
{
    yaml_event_t e;
    int rc;
    if ((rc = ev_next(s, &e)))                          /* document end */
        return rc;
    yaml_event_delete(&e);
    if ((rc = ev_next(s, &e)))
        return rc;
    if (e.type != YAML_DOCUMENT_START_EVENT) {
        yaml_event_delete(&e);
        return GPUREF_OK;
    }
    gpuref_vec_loc dl = mark_loc(e.start_mark);
    yaml_event_delete(&e);
    gpuref_vx_names_free(&s->anchors);                  /* anchors are per document */
    if ((rc = ev_next(s, &e)))
        return rc;
    if (e.type == YAML_DOCUMENT_END_EVENT) {            /* an empty document */
        yaml_event_delete(&e);
        return GPUREF_OK;
    }
    if ((rc = take_node(s, &e, NULL)) || (rc = ev_next(s, &e)))
        return rc;
    yaml_event_delete(&e);
    return gpuref_vx_diag(s->c.d, s->c.path, GPUREF_ERR_PARSE, dl,
                          "a second YAML document: one document per file");
}

/* The tests list, its start event read: each test checked (unless an
 * earlier problem or a missing isa makes that pointless), counted. */
static int scan_tests(gpuref_vec_stream *s, checker *k, int check, size_t *ntests)
{
    yaml_event_t e;
    int rc;
    for (;;) {
        if ((rc = ev_next(s, &e)))
            return rc;
        if (e.type == YAML_SEQUENCE_END_EVENT) {
            yaml_event_delete(&e);
            return GPUREF_OK;
        }
        ++*ntests;
        if (!check || k->has[ER_TEST] || k->has[ER_MAP] || k->has[ER_ISA] || k->has[ER_COMMENT] ||
            k->has[ER_SEED]) {
            if ((rc = take_node(s, &e, &s->keep)))
                return rc;
            continue;
        }
        gpuref_diag td = { 0, 0, 0, "" };
        gpuref_diag *save = s->c.d;
        s->c.d = &td;
        int yerr = 0;
        int trc = check_test(s, k, &e, &yerr);
        s->c.d = save;
        if (trc == GPUREF_ERR_NOMEM || yerr) {          /* YAML problems: at once */
            *s->c.d = td;
            return trc;
        }
        if (trc)
            keep_err(k, ER_TEST, &td);
    }
}

/* One key of the file's mapping (its event *e, deleted here) and its value:
 * *key = its index in gpuref_vx_file_keys, -1 unknown, -2 a duplicate. */
static int scan_key(gpuref_vec_stream *s, checker *k, yaml_event_t *e, gpuref_vec_loc *seen,
                    int *key)
{
    char b[64];
    gpuref_vec_loc kl = mark_loc(e->start_mark);
    *key = -1;
    if (e->type != YAML_SCALAR_EVENT) {
        if (!k->has[ER_MAP]) {
            gpuref_vx_diag(&k->err[ER_MAP], s->c.path, GPUREF_ERR_PARSE, kl,
                           "the file: keys must be strings, found %s",
                           e->type == YAML_SEQUENCE_START_EVENT ? "a list"
                           : e->type == YAML_MAPPING_START_EVENT ? "a mapping" : "nothing");
            k->has[ER_MAP] = 1;
        }
        return take_node(s, e, &s->keep);
    }
    const char *kn = (const char *)e->data.scalar.value;
    size_t klen = e->data.scalar.length;
    for (int i = 0; i < GPUREF_VX_NKEYS; i++)
        if (strlen(gpuref_vx_file_keys[i].name) == klen &&
            memcmp(gpuref_vx_file_keys[i].name, kn, klen) == 0)
            *key = i;
    if (*key < 0 && !k->has[ER_MAP]) {
        gpuref_vx_diag(&k->err[ER_MAP], s->c.path, GPUREF_ERR_PARSE, kl,
                       "unknown key '%s' in the file (allowed: isa, comment, seed, tests)",
                       gpuref_vx_show(kn, b, sizeof b));
        k->has[ER_MAP] = 1;
    } else if (*key >= 0 && seen[*key].line && !k->has[ER_MAP]) {
        gpuref_vx_diag(&k->err[ER_MAP], s->c.path, GPUREF_ERR_PARSE, kl,
                       "duplicate key '%s' in the file (first at line %u)",
                       gpuref_vx_file_keys[*key].name, seen[*key].line);
        k->has[ER_MAP] = 1;
    }
    if (*key >= 0 && seen[*key].line)
        *key = -2;                                      /* a duplicate: not used */
    else if (*key >= 0)
        seen[*key] = kl;
    return take_node(s, e, &s->keep);                  /* an anchor on a key counts */
}

/* The scan: everything a file must be, in the order of the kinds of
 * problems; tests kept when s->collect. */
static int scan(gpuref_vec_stream *s)
{
    checker k;
    memset(&k, 0, sizeof k);
    yaml_event_t e;
    int rc, tests_before_isa = 0;
    size_t ntests = 0;
    gpuref_vec_loc root = { 1, 1 };
    gpuref_vec_loc seen[GPUREF_VX_NKEYS];
    memset(seen, 0, sizeof seen);
    if ((rc = stream_parser(s)) || (rc = ev_next(s, &e)))
        goto out;
    yaml_event_delete(&e);                              /* stream start */
    if ((rc = ev_next(s, &e)))
        goto out;
    if (e.type == YAML_STREAM_END_EVENT) {
        yaml_event_delete(&e);
        rc = gpuref_vx_diag(s->c.d, s->c.path, GPUREF_ERR_PARSE, (gpuref_vec_loc){ 1, 1 },
                            "empty file: expected a mapping with 'isa' and 'tests'");
        goto out;
    }
    yaml_event_delete(&e);                              /* document start */
    if ((rc = ev_next(s, &e)))
        goto out;
    int root_map = e.type == YAML_MAPPING_START_EVENT;
    if (!root_map) {                                    /* get_map says what it is */
        builder b;
        int id = 0;
        builder_init(&b, NULL);
        rc = build_node(s, &e, &b, &id);
        if (!rc) {
            gpuref_diag *save = s->c.d;
            s->c.d = &k.err[ER_MAP];
            s->c.doc = &b.doc;
            gpuref_vx_get_root(&s->c, yaml_document_get_node(&b.doc, id));
            s->c.doc = NULL;
            s->c.d = save;
            k.has[ER_MAP] = 1;
        }
        builder_free(&b);
        if (rc)
            goto out;
    } else {
        root = mark_loc(e.start_mark);
        if (e.data.mapping_start.anchor)
            rc = new_anchor(s, e.data.mapping_start.anchor, e.start_mark);
        yaml_event_delete(&e);
        if (rc)
            goto out;
    }
    while (root_map) {
        if ((rc = ev_next(s, &e)))
            goto out;
        if (e.type == YAML_MAPPING_END_EVENT) {
            yaml_event_delete(&e);
            break;
        }
        int key;
        if ((rc = scan_key(s, &k, &e, seen, &key)) || (rc = ev_next(s, &e)))
            goto out;
        if (key < 0 || k.has[ER_MAP]) {
            rc = take_node(s, &e, &s->keep);
        } else if (key != GPUREF_VX_TESTS) {
            rc = check_value(s, &k, key, &e);
        } else if (e.type != YAML_SEQUENCE_START_EVENT) {
            builder b;
            int id = 0;
            builder_init(&b, &s->keep);
            if (!(rc = build_node(s, &e, &b, &id)) && !(rc = keep_anchors(&b) ? nomem(s) : 0))
                gpuref_vx_diag(&k.err[ER_TESTS], s->c.path, GPUREF_ERR_PARSE,
                               mark_loc(yaml_document_get_node(&b.doc, id)->start_mark),
                               "tests: expected a list of tests, found %s",
                               gpuref_vx_kind(yaml_document_get_node(&b.doc, id)));
            k.has[ER_TESTS] = !rc;
            builder_free(&b);
        } else {
            gpuref_vec_loc tl = mark_loc(e.start_mark);
            rc = tests_anchor(s, &e);
            yaml_event_delete(&e);
            tests_before_isa = !s->c.isa;
            if (!rc)
                rc = scan_tests(s, &k, !tests_before_isa, &ntests);
            if (!rc && ntests == 0) {
                gpuref_vx_diag(&k.err[ER_TESTS], s->c.path, GPUREF_ERR_PARSE, tl,
                               "tests: empty list (at least one test)");
                k.has[ER_TESTS] = 1;
            }
        }
        if (rc)
            goto out;
    }
    if ((rc = scan_end(s)))
        goto out;
    for (int i = 0; i < GPUREF_VX_NKEYS && !k.has[ER_MAP]; i++)
        if (gpuref_vx_file_keys[i].required && !seen[i].line) {
            gpuref_vx_diag(&k.err[ER_MAP], s->c.path, GPUREF_ERR_PARSE, root,
                           "the file: missing required key '%s'", gpuref_vx_file_keys[i].name);
            k.has[ER_MAP] = 1;
        }
    for (int i = 0; i < ER_N; i++)
        if (k.has[i]) {
            *s->c.d = k.err[i];
            rc = k.err[i].status ? k.err[i].status : GPUREF_ERR_PARSE;
            goto out;
        }
    if (tests_before_isa) {                             /* now that the ISA is known */
        size_t again = 0;
        if ((rc = stream_parser(s)) || (rc = seek_tests(s)) < 0 ||
            (rc = scan_tests(s, &k, 1, &again)))
            goto out;
        if (k.has[ER_TEST]) {
            *s->c.d = k.err[ER_TEST];
            rc = k.err[ER_TEST].status ? k.err[ER_TEST].status : GPUREF_ERR_PARSE;
            goto out;
        }
    }
    s->f.ntests = ntests;
    rc = GPUREF_OK;
out:
    gpuref_vx_test_free(&s->t);
    memset(&s->t, 0, sizeof s->t);
    gpuref_vx_names_free(&k.names);
    return rc;
}

/* -------------------------------------------------------- the file text */

/* The text of path into s: mapped when it is a regular file (whole: no
 * larger than MAX_FILE_BYTES, as it is kept whole), read otherwise. */
static int read_text(gpuref_vec_stream *s, const char *path, int whole)
{
    FILE *fp = gpuref_fopen_read(path);
    if (!fp)
        return gpuref_vx_diag(s->c.d, path, GPUREF_ERR_IO, nowhere, "cannot open: %s",
                              strerror(errno));
    struct stat st;
    int rc = GPUREF_OK;
    if (fstat(fileno(fp), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
        if (whole && (uint64_t)st.st_size >= MAX_FILE_BYTES) {
            fclose(fp);
            return gpuref_vx_diag(s->c.d, path, GPUREF_ERR_IO, nowhere,
                                  "file larger than %zu MiB", MAX_FILE_BYTES >> 20);
        }
        if ((uint64_t)st.st_size < (uint64_t)SIZE_MAX) {
            void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fileno(fp), 0);
            if (m != MAP_FAILED) {
                s->text = m;
                s->len = (size_t)st.st_size;
                s->mapped = 1;
                fclose(fp);
                return GPUREF_OK;
            }
        }
    }
    char *buf = NULL;                   /* a pipe, an empty file: read to the end */
    size_t cap = 0, n = 0;
    for (;;) {
        if (n == cap) {
            if (cap >= MAX_FILE_BYTES) {
                rc = gpuref_vx_diag(s->c.d, path, GPUREF_ERR_IO, nowhere,
                                    "file larger than %zu MiB", MAX_FILE_BYTES >> 20);
                break;
            }
            char *nb = realloc(buf, cap ? 2 * cap : (size_t)1 << 16);
            if (!nb) {
                rc = gpuref_vx_diag(s->c.d, path, GPUREF_ERR_NOMEM, nowhere, "out of memory");
                break;
            }
            buf = nb;
            cap = cap ? 2 * cap : (size_t)1 << 16;
        }
        size_t k = fread(buf + n, 1, cap - n, fp);
        n += k;
        if (k == 0) {
            if (ferror(fp))
                rc = gpuref_vx_diag(s->c.d, path, GPUREF_ERR_IO, nowhere, "cannot read: %s",
                                    strerror(errno));
            break;
        }
    }
    fclose(fp);
    s->text = buf;
    s->len = n;
    return rc;
}

/* ---------------------------------------------------------- the calls */

void gpuref_vec_close(gpuref_vec_stream *s)
{
    if (!s)
        return;
    if (s->live)
        yaml_parser_delete(&s->p);
    gpuref_vx_test_free(&s->t);
    builder_free(&s->keep);
    gpuref_vx_names_free(&s->anchors);
    gpuref_model_destroy(s->c.m);
    free(s->c.mcfg);
    if (s->mapped)
        munmap((void *)s->text, s->len ? s->len : 1);
    else if (!s->borrowed)
        free((void *)s->text);
    for (size_t i = 0; s->f.tests && i < s->f.ntests; i++)
        gpuref_vx_test_free(&s->f.tests[i]);
    free(s->f.tests);
    free(s->f.path);
    free(s->f.isa);
    free(s->f.comment);
    free(s);
}

static void diag_ok(gpuref_diag *d)
{
    if (d) {
        d->status = GPUREF_OK;
        d->line = d->col = 0;
        d->msg[0] = '\0';
    }
}

/* A stream of path (the name used in messages) over text (NULL: read the
 * file path), scanned: *out is ready for gpuref_vec_next, or holds every
 * test (collect). */
static int stream_make(const char *path, const char *text, size_t len, int collect,
                       gpuref_vec_stream **out, gpuref_diag *d)
{
    *out = NULL;
    gpuref_vec_stream *s = calloc(1, sizeof *s);
    if (!s || !(s->f.path = gpuref_dupn(path, strlen(path)))) {
        free(s);
        return gpuref_vx_diag(d, path, GPUREF_ERR_NOMEM, nowhere, "out of memory");
    }
    s->c.path = s->f.path;
    s->c.d = d ? d : &s->dd;
    s->collect = collect;
    int rc = GPUREF_OK;
    if (text) {
        s->text = text;
        s->len = len;
        s->borrowed = 1;
    } else {
        rc = read_text(s, path, collect);
    }
    s->c.text = s->text ? s->text : "";
    s->c.len = s->len;
    if (!rc)
        rc = check_flow_depth(&s->c);
    stream_release(s, s->len);
    s->released = 0;
    if (!rc)
        rc = scan(s);
    stream_release(s, s->len);
    s->released = 0;
    if (rc) {
        gpuref_vec_close(s);
        return rc;
    }
    *out = s;
    diag_ok(d);
    return GPUREF_OK;
}

/* The whole file: the scan's tests handed to a gpuref_vec_file. */
static int load_whole(const char *path, const char *text, size_t len, gpuref_vec_file **out,
                      gpuref_diag *d)
{
    gpuref_vec_stream *s = NULL;
    gpuref_vec_file *f = calloc(1, sizeof *f);
    if (!f)
        return gpuref_vx_diag(d, path, GPUREF_ERR_NOMEM, nowhere, "out of memory");
    int rc = stream_make(path, text, len, 1, &s, d);
    if (rc) {
        free(f);
        return rc;
    }
    *f = s->f;
    memset(&s->f, 0, sizeof s->f);
    gpuref_vec_close(s);
    *out = f;
    return GPUREF_OK;
}

int gpuref_vec_load_string(const char *name, const char *text, size_t len,
                           gpuref_vec_file **out, gpuref_diag *d)
{
    if (!name)
        name = "<string>";
    if (!out || (!text && len))
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "%s: bad argument", name);
    *out = NULL;
    return load_whole(name, text ? text : "", len, out, d);
}

int gpuref_vec_load(const char *path, gpuref_vec_file **out, gpuref_diag *d)
{
    if (out)
        *out = NULL;
    if (!path || !out)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    return load_whole(path, NULL, 0, out, d);
}

int gpuref_vec_open(const char *path, gpuref_vec_stream **out, gpuref_diag *d)
{
    if (out)
        *out = NULL;
    if (!path || !out)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    gpuref_vec_stream *s = NULL;
    int rc = stream_make(path, NULL, 0, 0, &s, d);
    if (rc)
        return rc;
    if (!(rc = stream_parser(s))) {
        rc = seek_tests(s);
        rc = rc == 1 ? GPUREF_OK : rc ? rc : GPUREF_ERR_PARSE;
    }
    if (rc) {
        gpuref_vec_close(s);
        return rc;
    }
    *out = s;
    return GPUREF_OK;
}

const gpuref_vec_file *gpuref_vec_stream_file(const gpuref_vec_stream *s)
{
    return s ? &s->f : NULL;
}

int gpuref_vec_next(gpuref_vec_stream *s, const gpuref_vec_test **t, gpuref_diag *d)
{
    if (t)
        *t = NULL;
    if (!s || !t)
        return gpuref_diagf(d, GPUREF_ERR_ARG, 0, 0, "bad argument");
    if (s->done)
        return 0;
    s->c.d = d ? d : &s->dd;
    yaml_event_t e;
    int rc = ev_next(s, &e);
    if (rc)
        return rc;
    if (e.type == YAML_SEQUENCE_END_EVENT) {
        yaml_event_delete(&e);
        gpuref_vx_test_free(&s->t);
        memset(&s->t, 0, sizeof s->t);
        s->done = 1;
        return 0;
    }
    int yerr = 0;
    if ((rc = stream_test(s, &e, &yerr)))
        return rc;
    *t = &s->t;
    return 1;
}
