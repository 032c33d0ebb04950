/* cmd_cov.c - `gpuref cov`: functional coverage reports (with the RTL's
 * Verilator coverage in the same files), merging, and the bin listing. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "gpuref_cov.h"
#include "gpuref_vectors.h"
#include "isa.h"

const char cmd_cov_help[] =
    "usage: gpuref cov report [OPTIONS] FILE...\n"
    "       gpuref cov html [-o DIR] [--vectors DIR] [--exclusions DIR | --no-exclusions] FILE...\n"
    "       gpuref cov merge -o OUT FILE...\n"
    "       gpuref cov bins --isa ISA [--exclusions FILE]\n"
    "\n"
    "Functional coverage is counted by the model (gpuref run --cov FILE, or the\n"
    "lockstep checker) into coverage.dat files in Verilator's format, so that\n"
    "verilator_coverage merges them with the RTL's line/toggle/branch coverage.\n"
    "Bin names: ISA.CATEGORY.ROW.FORM..., categories op, opnd, mod, in, out, flag,\n"
    "mask, isa (coverage/README.md).\n"
    "\n"
    "report   merge FILEs, print per ISA the bins, excluded, hit and the coverage\n"
    "         of each category, the RTL points by type, and the holes (unhit bins\n"
    "         that are not excluded) by name; write an HTML report with lcov's\n"
    "         genhtml (functional bins as a listing 'gpuref/ISA.bins', RTL through\n"
    "         verilator_coverage --write-info).\n"
    "  --exclusions DIR   exclusion files DIR/ISA.txt (default coverage/exclusions/ISA.txt\n"
    "                     from $GPUREF_DATA, ./, or the install's share/gpuref/)\n"
    "  --no-exclusions    report every bin\n"
    "  --max-holes N      holes listed per ISA (default 100; 0: all)\n"
    "  --html DIR         HTML report in DIR (default build/cov/report); the\n"
    "                     index is DIR/html/index.html\n"
    "  --no-html          no HTML report\n"
    "html     an HTML report of its own in DIR (default build/cov/html): index.html\n"
    "         with the totals per ISA and category, the coverage curve over the\n"
    "         FILEs in the order given (each merged into those before it: give one\n"
    "         file per seed) and the RTL points per RTL file; DIR/ISA.html per\n"
    "         instruction: bins hit/total, holes with what would hit them, the\n"
    "         directed vector files (--vectors DIR, default vectors/: DIR/ISA/\n"
    "         directed/*.yaml, run on the model) that execute it; the exclusions\n"
    "         with their reasons\n"
    "merge    merge FILEs (functional and RTL points) into OUT, sorted by key\n"
    "bins     print the bin listing of ISA, one bin per line (line N = the point\n"
    "         with l=N), excluded bins with their reason\n"
    "\n"
    "examples:\n"
    "  gpuref run -q --cov build/cov/func.dat build/gen/*.yaml\n"
    "  gpuref cov report build/cov/func.dat build/tb/nv50/coverage.dat\n"
    "  gpuref cov merge -o build/cov/all.dat build/cov/*.dat\n"
    "  mkdir -p gpuref && gpuref cov bins --isa nv50 > gpuref/nv50.bins &&\n"
    "    verilator_coverage --annotate build/cov/annot build/cov/all.dat\n";

/* 'text' quoted for sh. */
static void shq(char *out, size_t len, const char *text)
{
    size_t n = 0;
    if (len < 3)
        return;
    out[n++] = '\'';
    for (const char *p = text; *p && n + 6 < len; p++) {
        if (*p == '\'') {
            memcpy(out + n, "'\\''", 4);
            n += 4;
        } else {
            out[n++] = *p;
        }
    }
    out[n++] = '\'';
    out[n] = '\0';
}

static int mkdirs(const char *path)
{
    char buf[PATH_MAX];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof buf)
        return -1;
    memcpy(buf, path, n + 1);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buf, 0777) && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return mkdir(buf, 0777) && errno != EEXIST ? -1 : 0;
}

/* out = a + b; -1 if it does not fit. */
static int pjoin(char *out, size_t len, const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la + lb >= len)
        return -1;
    memmove(out, a, la);
    memmove(out + la, b, lb + 1);
    return 0;
}

/* An absolute form of dir (which exists). */
static int absdir(const char *dir, char *out, size_t len)
{
    char cwd[PATH_MAX];
    if (dir[0] == '/')
        return pjoin(out, len, dir, "");
    if (!getcwd(cwd, sizeof cwd) || pjoin(out, len, cwd, "/"))
        return -1;
    size_t n = strlen(out);
    return pjoin(out + n, len - n, dir, "");
}

static int have_tool(const char *name)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", name);
    return system(cmd) == 0;
}

/* Load the exclusions of c's ISA: file excl, or DIR/ISA.txt when it exists. */
static int load_excl(gpuref_cov *c, const char *dir, const char *file)
{
    char path[PATH_MAX], name[128];
    gpuref_diag d = { 0, 0, 0, "" };
    if (file) {
        if (pjoin(path, sizeof path, file, ""))
            return cli_error("cov", CLI_INPUT, "%s: path too long", file);
    } else if (!dir) {                  /* the default: repository or install */
        snprintf(name, sizeof name, "coverage/exclusions/%s.txt",
                 gpuref_isa_name(gpuref_cov_isa(c)));
        if (!cli_data_file("cov", name, path, sizeof path))
            return CLI_OK;
    } else {
        snprintf(name, sizeof name, "/%s.txt", gpuref_isa_name(gpuref_cov_isa(c)));
        if (pjoin(path, sizeof path, dir, name))
            return cli_error("cov", CLI_INPUT, "%s: path too long", dir);
        struct stat st;                 /* a folder given must be there */
        if (stat(dir, &st) != 0)
            return cli_error("cov", CLI_INPUT, "--exclusions %s: %s", dir, strerror(errno));
        if (!S_ISDIR(st.st_mode))
            return cli_error("cov", CLI_INPUT, "--exclusions %s: not a folder", dir);
        if (access(path, F_OK) != 0)
            return CLI_OK;
    }
    if (gpuref_cov_exclude_file(c, path, &d) != GPUREF_OK)
        return cli_error("cov", CLI_INPUT, "%s", d.msg);
    return CLI_OK;
}

static int cov_bins(int argc, char **argv)
{
    cli_args a;
    const char *arg, *val, *isa = NULL, *excl = NULL;
    int kind, rc = CLI_OK;
    cli_args_init(&a, argc, argv);
    while (rc == CLI_OK && (kind = cli_next(&a, &arg)) != CLI_END) {
        if (kind == CLI_POS)
            rc = cli_usage("cov", "bins: unexpected argument '%s'", arg);
        else if (cli_is(&a, NULL, "--isa"))
            rc = cli_value(&a, &val), isa = val;
        else if (cli_is(&a, NULL, "--exclusions"))
            rc = cli_value(&a, &val), excl = val;
        else
            rc = cli_usage("cov", "bins: unknown option '%s'", arg);
    }
    if (rc)
        return rc;
    if (!isa)
        return cli_usage("cov", "bins: --isa is required");
    if (!cli_isa("cov", isa))
        return CLI_INPUT;
    gpuref_diag d = { 0, 0, 0, "" };
    gpuref_cov *c = NULL;
    if (gpuref_cov_create(isa, &c, &d) != GPUREF_OK)
        return cli_error("cov", CLI_INPUT, "%s", d.msg);
    rc = load_excl(c, NULL, excl);
    char *s = rc ? NULL : gpuref_cov_listing(c);
    if (!rc && !s)
        rc = cli_error("cov", CLI_INPUT, "out of memory");
    if (s)
        fputs(s, stdout);
    gpuref_free(s);
    gpuref_cov_destroy(c);
    return rc;
}

static int read_all(gpuref_covdat *cd, char **files, int n)
{
    for (int i = 0; i < n; i++) {
        gpuref_diag d = { 0, 0, 0, "" };
        if (gpuref_covdat_read(cd, files[i], &d) != GPUREF_OK)
            return cli_error("cov", CLI_INPUT, "%s", d.msg);
    }
    return CLI_OK;
}

static int cov_merge(int argc, char **argv)
{
    cli_args a;
    const char *arg, *val, *out = NULL;
    int kind, rc = CLI_OK, n = 0;
    char **files = calloc((size_t)argc + 1, sizeof *files);
    if (!files)
        return cli_error("cov", CLI_INPUT, "out of memory");
    cli_args_init(&a, argc, argv);
    while (rc == CLI_OK && (kind = cli_next(&a, &arg)) != CLI_END) {
        if (kind == CLI_POS)
            files[n++] = (char *)arg;
        else if (cli_is(&a, "-o", "--output"))
            rc = cli_value(&a, &val), out = val;
        else
            rc = cli_usage("cov", "merge: unknown option '%s'", arg);
    }
    if (!rc && !out)
        rc = cli_usage("cov", "merge: -o OUT is required");
    if (!rc && !n)
        rc = cli_usage("cov", "merge: no coverage files given");
    gpuref_covdat *cd = rc ? NULL : gpuref_covdat_new();
    if (!rc && !cd)
        rc = cli_error("cov", CLI_INPUT, "out of memory");
    if (!rc)
        rc = read_all(cd, files, n);
    if (!rc) {
        gpuref_diag d = { 0, 0, 0, "" };
        if (gpuref_covdat_write(cd, out, 0, &d) != GPUREF_OK)
            rc = cli_error("cov", CLI_INPUT, "%s", d.msg);
    }
    gpuref_covdat_free(cd);
    free(files);
    return rc;
}

/* Percent, never shown as 100.0 unless complete (floor to 0.1). */
static double pct(uint64_t hit, uint64_t n)
{
    if (!n)
        return 100.0;
    return (double)(1000 * hit / n) / 10.0;
}

/* lcov tracefile of a cov: its listing as the source, one DA line per bin
 * that is not excluded. */
static int write_info(FILE *f, const gpuref_cov *c, const char *listing)
{
    uint64_t lf = 0, lh = 0;
    fprintf(f, "TN:functional\nSF:%s\n", listing);
    for (size_t i = 0; i < gpuref_cov_nbins(c); i++) {
        if (gpuref_cov_excluded(c, i))
            continue;
        uint64_t n = gpuref_cov_count(c, i);
        fprintf(f, "DA:%zu,%llu\n", i + 1, (unsigned long long)n);
        lf++;
        lh += n != 0;
    }
    return fprintf(f, "LF:%llu\nLH:%llu\nend_of_record\n", (unsigned long long)lf,
                   (unsigned long long)lh) < 0;
}

static int html_report(const char *dir, gpuref_cov *const *covs, size_t n,
                       const gpuref_covdat *cd, int have_rtl)
{
    char abs[PATH_MAX], path[PATH_MAX], lst[PATH_MAX], q1[2 * PATH_MAX + 8],
         q2[2 * PATH_MAX + 8], q3[2 * PATH_MAX + 8] = "", q4[2 * PATH_MAX + 8];
    char *cmd = malloc(10 * PATH_MAX);
    int rc = CLI_OK;
    if (!cmd)
        return cli_error("cov", CLI_INPUT, "out of memory");
    if (absdir(dir, abs, sizeof abs) || pjoin(path, sizeof path, abs, "/gpuref") ||
        mkdirs(path)) {
        free(cmd);
        return cli_error("cov", CLI_INPUT, "%s: cannot create: %s", dir, strerror(errno));
    }
    pjoin(path, sizeof path, abs, "/functional.info");
    FILE *info = fopen(path, "w");
    if (!info) {
        free(cmd);
        return cli_error("cov", CLI_INPUT, "%s: cannot write: %s", path, strerror(errno));
    }
    int bad = 0;
    for (size_t i = 0; i < n && !bad; i++) {
        char name[128];
        snprintf(name, sizeof name, "/gpuref/%s.bins", gpuref_isa_name(gpuref_cov_isa(covs[i])));
        char *text = gpuref_cov_listing(covs[i]);
        FILE *lf = text && !pjoin(lst, sizeof lst, abs, name) ? fopen(lst, "w") : NULL;
        bad = !lf || fputs(text, lf) < 0;
        if (lf)
            bad |= fclose(lf) != 0;
        gpuref_free(text);
        if (!bad)
            bad = write_info(info, covs[i], lst);
    }
    bad |= fclose(info) != 0;
    if (bad) {
        free(cmd);
        return cli_error("cov", CLI_INPUT, "%s: cannot write the report files", abs);
    }
    if (!have_tool("genhtml")) {
        fprintf(stderr, "gpuref cov: genhtml not found (apt-get install lcov): no HTML report; "
                "lcov data in %s\n", path);
        free(cmd);
        return CLI_OK;
    }
    int rtl_info = 0;
    if (have_rtl) {
        gpuref_diag d = { 0, 0, 0, "" };
        pjoin(path, sizeof path, abs, "/rtl.dat");
        if (gpuref_covdat_write(cd, path, 1, &d) != GPUREF_OK) {
            free(cmd);
            return cli_error("cov", CLI_INPUT, "%s", d.msg);
        }
        if (have_tool("verilator_coverage")) {
            shq(q1, sizeof q1, path);
            pjoin(path, sizeof path, abs, "/rtl.info");
            shq(q2, sizeof q2, path);
            snprintf(cmd, 10 * PATH_MAX,
                     "verilator_coverage --write-info %s %s >/dev/null 2>&1", q2, q1);
            rtl_info = system(cmd) == 0;
            if (!rtl_info)
                fprintf(stderr, "gpuref cov: verilator_coverage --write-info failed: the HTML "
                        "report has the functional coverage only\n");
        } else {
            fprintf(stderr, "gpuref cov: verilator_coverage not found: the HTML report has the "
                    "functional coverage only\n");
        }
    }
    pjoin(path, sizeof path, abs, "/html");
    shq(q1, sizeof q1, path);
    pjoin(path, sizeof path, abs, "/functional.info");
    shq(q2, sizeof q2, path);
    if (rtl_info) {
        pjoin(path, sizeof path, abs, "/rtl.info");
        shq(q3, sizeof q3, path);
    }
    pjoin(path, sizeof path, abs, "/genhtml.log");
    shq(q4, sizeof q4, path);
    snprintf(cmd, 10 * PATH_MAX, "genhtml -q --ignore-errors source -t 'gpuref coverage' "
             "-o %s %s %s >%s 2>&1", q1, q2, q3, q4);
    if (system(cmd) != 0)
        rc = cli_error("cov", CLI_INPUT, "genhtml failed (see %s/genhtml.log)", abs);
    else
        printf("html: %s/html/index.html\n", abs);
    free(cmd);
    return rc;
}

static int cov_report(int argc, char **argv)
{
    cli_args a;
    const char *arg, *val, *excl = NULL, *html = "build/cov/report";
    int kind, rc = CLI_OK, n = 0, noexcl = 0;
    uint64_t maxholes = 100;
    char **files = calloc((size_t)argc + 1, sizeof *files);
    if (!files)
        return cli_error("cov", CLI_INPUT, "out of memory");
    cli_args_init(&a, argc, argv);
    while (rc == CLI_OK && (kind = cli_next(&a, &arg)) != CLI_END) {
        if (kind == CLI_POS) {
            files[n++] = (char *)arg;
        } else if (cli_is(&a, NULL, "--exclusions")) {
            rc = cli_value(&a, &val), excl = val;
        } else if (cli_is(&a, NULL, "--no-exclusions")) {
            if (!(rc = cli_flag(&a)))
                noexcl = 1;
        } else if (cli_is(&a, NULL, "--max-holes")) {
            if (!(rc = cli_value(&a, &val)) && gpuref_parse_u64(val, &maxholes))
                rc = cli_usage("cov", "--max-holes: expected a number, got '%s'", val);
        } else if (cli_is(&a, NULL, "--html")) {
            rc = cli_value(&a, &val), html = val;
        } else if (cli_is(&a, NULL, "--no-html")) {
            if (!(rc = cli_flag(&a)))
                html = NULL;
        } else {
            rc = cli_usage("cov", "report: unknown option '%s'", arg);
        }
    }
    if (!rc && !n)
        rc = cli_usage("cov", "report: no coverage files given");
    gpuref_covdat *cd = rc ? NULL : gpuref_covdat_new();
    if (!rc && !cd)
        rc = cli_error("cov", CLI_INPUT, "out of memory");
    if (!rc)
        rc = read_all(cd, files, n);
    size_t nisa = rc ? 0 : gpuref_covdat_nisas(cd), ncov = 0;
    gpuref_cov **covs = calloc(nisa + 1, sizeof *covs);
    if (!rc && !covs)
        rc = cli_error("cov", CLI_INPUT, "out of memory");
    for (size_t k = 0; k < nisa && rc == CLI_OK; k++) {
        const char *isa = gpuref_covdat_isa(cd, k);
        gpuref_diag d = { 0, 0, 0, "" };
        gpuref_cov *c = NULL;
        size_t unknown = 0;
        if (gpuref_cov_create(isa, &c, &d) != GPUREF_OK) {
            fprintf(stderr, "gpuref cov: %s: %s (its points are skipped)\n", isa, d.msg);
            continue;
        }
        covs[ncov++] = c;
        gpuref_covdat_to_cov(cd, c, &unknown);
        if (unknown)
            fprintf(stderr, "gpuref cov: note: %zu %s points are bins this version does not "
                    "have (ignored)\n", unknown, isa);
        if (!noexcl)
            rc = load_excl(c, excl, NULL);
    }
    if (rc == CLI_OK) {
        printf("functional coverage (%d file%s)\n", n, n == 1 ? "" : "s");
        printf("  %-8s %8s %8s %8s %8s\n", "isa", "bins", "excluded", "hit", "coverage");
        for (size_t k = 0; k < ncov; k++) {
            gpuref_cov_totals t;
            gpuref_cov_totals_get(covs[k], &t);
            printf("  %-8s %8llu %8llu %8llu %7.1f%%\n", gpuref_isa_name(gpuref_cov_isa(covs[k])),
                   (unsigned long long)t.bins, (unsigned long long)t.excluded,
                   (unsigned long long)t.hit, pct(t.hit, t.bins - t.excluded));
            for (unsigned c = 0; c < GPUREF_COV_NCAT; c++)
                if (t.cat_bins[c])
                    printf("    %-6s %8llu %8s %8llu %7.1f%%\n", gpuref_cov_cat_name(c),
                           (unsigned long long)t.cat_bins[c], "",
                           (unsigned long long)t.cat_hit[c], pct(t.cat_hit[c], t.cat_bins[c]));
        }
        if (!ncov)
            printf("  (no functional coverage points)\n");
        gpuref_covdat_rtl rt[16];
        size_t nrt = gpuref_covdat_rtl_summary(cd, rt, 16);
        if (nrt) {
            printf("RTL coverage (Verilator points)\n");
            for (size_t i = 0; i < nrt && i < 16; i++)
                printf("  %-10s %8llu points %8llu hit %7.1f%%\n", rt[i].type,
                       (unsigned long long)rt[i].points, (unsigned long long)rt[i].hit,
                       pct(rt[i].hit, rt[i].points));
        }
        for (size_t k = 0; k < ncov; k++) {
            const gpuref_cov *c = covs[k];
            size_t holes = 0, shown = 0, xhit = 0;
            for (size_t i = 0; i < gpuref_cov_nbins(c); i++) {
                holes += !gpuref_cov_count(c, i) && !gpuref_cov_excluded(c, i);
                xhit += gpuref_cov_count(c, i) && gpuref_cov_excluded(c, i);
            }
            printf("holes (%s: %zu", gpuref_isa_name(gpuref_cov_isa(c)), holes);
            if (maxholes && holes > maxholes)
                printf(", the first %llu; --max-holes 0 lists all", (unsigned long long)maxholes);
            printf(")\n");
            for (size_t i = 0; i < gpuref_cov_nbins(c); i++) {
                if (gpuref_cov_count(c, i) || gpuref_cov_excluded(c, i))
                    continue;
                if (maxholes && shown++ >= maxholes)
                    break;
                printf("  %s\n", gpuref_cov_bin_at(c, i)->name);
            }
            if (xhit) {
                printf("excluded but hit (%s: %zu; is the exclusion right?)\n",
                       gpuref_isa_name(gpuref_cov_isa(c)), xhit);
                for (size_t i = 0; i < gpuref_cov_nbins(c); i++)
                    if (gpuref_cov_count(c, i) && gpuref_cov_excluded(c, i))
                        printf("  %s  # %s\n", gpuref_cov_bin_at(c, i)->name,
                               gpuref_cov_excluded(c, i));
            }
        }
        if (html)
            rc = html_report(html, covs, ncov, cd, nrt > 0);
    }
    for (size_t k = 0; k < ncov; k++)
        gpuref_cov_destroy(covs[k]);
    free(covs);
    gpuref_covdat_free(cd);
    free(files);
    return rc;
}

/* ------------------------------------------------------ gpuref cov html
 * A report a person reads, in HTML of its own (no lcov): index.html (one
 * self-contained file: totals per ISA and category, the coverage curve over
 * the files given, in order, as an inline SVG, RTL points per RTL file) and
 * one page per ISA (per instruction: bins hit/total, holes by name with what
 * would hit them, the directed vector files that execute it; exclusions with
 * their reasons). */

static void hesc(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default:
            if ((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t')
                fprintf(f, "&#x%x;", (unsigned)(unsigned char)*s);
            else
                fputc(*s, f);
        }
    }
}

static const char *vc_text(unsigned vc)
{
    static const char *const t[GPUREF_VC_N] = {
        "0", "1", "all ones", "only the sign bit (integer minimum)",
        "every bit but the sign (integer maximum)", "another power of two",
        "another value with the sign bit clear", "another value with the sign bit set",
        "+0.0", "-0.0", "a positive denormal", "a negative denormal", "a positive normal",
        "a negative normal", "+infinity", "-infinity", "a quiet NaN", "a signaling NaN",
        "carry clear", "carry set",
    };
    return vc < GPUREF_VC_N ? t[vc] : "?";
}

static const char *opk_text(unsigned k)
{
    static const char *const t[GPUREF_OPK_N] = {
        "a register", "a 16-bit register half", "a constant-bank operand c[]",
        "a shared-memory operand s[]", "an immediate field", "a literal word",
        "an output o[]", "a discarded result", "an address register", "a flags register",
        "a special register",
    };
    return k < GPUREF_OPK_N ? t[k] : "?";
}

/* What would hit a bin, in words. */
static void hole_text(char *buf, size_t len, const gpuref_cov_bin *b,
                      const char *insn)
{
    const char *last = strrchr(b->name, '.');
    last = last ? last + 1 : b->name;
    char slot[32];
    if (b->slot == 0)
        snprintf(slot, sizeof slot, "the destination");
    else if (b->slot > 0)
        snprintf(slot, sizeof slot, "source %d", b->slot);
    else
        snprintf(slot, sizeof slot, "an operand");
    switch (b->cat) {
    case GPUREF_COV_OP:
        snprintf(buf, len, "a %s instruction retiring", insn);
        break;
    case GPUREF_COV_OPND:
        snprintf(buf, len, "%s with %s as %s", insn, slot, opk_text(b->value));
        break;
    case GPUREF_COV_MOD:
        snprintf(buf, len, "%s with the modifier or field '%s'", insn, last);
        break;
    case GPUREF_COV_IN:
        snprintf(buf, len, "%s executed with %s holding %s in an executing lane", insn, slot,
                 vc_text(b->value));
        break;
    case GPUREF_COV_OUT:
        snprintf(buf, len, "%s whose result is %s in a written lane", insn, vc_text(b->value));
        break;
    case GPUREF_COV_FLAG:
        snprintf(buf, len, "%s producing the flag '%s'", insn, last);
        break;
    case GPUREF_COV_MASK:
        snprintf(buf, len, "%s executed with %s threads active", insn,
                 b->value == GPUREF_MP_NONE ? "no (predicated off)"
                 : b->value == GPUREF_MP_ONE ? "exactly one of the"
                 : b->value == GPUREF_MP_PARTIAL ? "some but not all" : "all");
        break;
    default:
        snprintf(buf, len, "%s: '%s'", b->opcode >= 0 ? insn : "the ISA-wide case", last);
    }
}

typedef struct hisa {
    gpuref_cov *c;          /* merged counts, exclusions loaded */
    gpuref_cov *cum;        /* the curve: counts of the files read so far */
    double     *curve;      /* coverage after each file */
    unsigned    nop;
    size_t      nvec;
    char      **vec;        /* directed vector files (absolute paths) */
    uint8_t    *ran;        /* nvec x nop: file v executed row op */
} hisa;

typedef struct vrun { const gpuref_isa *isa; uint8_t *row; unsigned nop; } vrun;

static void vrun_step(void *ctx, const gpuref_vec_test *t, gpuref_model *m,
                      const gpuref_retire *rr)
{
    vrun *v = ctx;
    gpuref_unit_info ui;
    gpuref_diag d;
    (void)t;
    (void)m;
    if (gpuref_decode_unit(v->isa, rr->stream, rr->words, rr->nwords, &ui, &d) != GPUREF_OK)
        return;
    for (unsigned s = 0; s < ui.nslots && s < GPUREF_MAX_SLOTS; s++)
        if (ui.slot[s].opcode < v->nop)
            v->row[ui.slot[s].opcode] = 1;
}

static int cmp_cstr(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Run every directed vector file of the ISA (DIR/<isa>/directed/ *.yaml) on the
 * model and note the rows each executes. */
static void html_vectors(hisa *h, const char *vdir)
{
    const gpuref_isa *isa = gpuref_cov_isa(h->c);
    char pat[PATH_MAX], abs[3 * PATH_MAX];
    snprintf(pat, sizeof pat, "%s/%s/directed", vdir, gpuref_isa_name(isa));
    DIR *dir = opendir(pat);
    if (!dir)
        return;
    size_t cap = 0;
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        size_t l = strlen(e->d_name);
        if (l < 6 || strcmp(e->d_name + l - 5, ".yaml") != 0)
            continue;
        if (h->nvec == cap) {
            char **nv = realloc(h->vec, (cap = cap ? 2 * cap : 32) * sizeof *nv);
            if (!nv)
                break;
            h->vec = nv;
        }
        char p[PATH_MAX];
        if (snprintf(p, sizeof p, "%s/%s", pat, e->d_name) >= (int)sizeof p ||
            absdir(p, abs, sizeof abs))
            continue;
        h->vec[h->nvec] = strdup(abs);
        if (h->vec[h->nvec])
            h->nvec++;
    }
    closedir(dir);
    qsort(h->vec, h->nvec, sizeof *h->vec, cmp_cstr);
    h->ran = calloc(h->nvec * h->nop + 1, 1);
    if (!h->ran)
        return;
    for (size_t v = 0; v < h->nvec; v++) {
        gpuref_vec_file *f = NULL;
        gpuref_diag d;
        if (gpuref_vec_load(h->vec[v], &f, &d) != GPUREF_OK) {
            fprintf(stderr, "gpuref cov: %s (no links from it)\n", d.msg);
            continue;
        }
        vrun vr = { isa, h->ran + v * h->nop, h->nop };
        gpuref_vec_run_opts o = { 0, vrun_step, &vr };
        gpuref_vec_result *res = malloc(sizeof *res);
        for (size_t t = 0; res && t < f->ntests; t++)
            gpuref_vec_run_test(f, &f->tests[t], &o, res);
        free(res);
        gpuref_vec_free(f);
    }
}

#define CSS "<style>body{font-family:sans-serif;margin:1.5em;max-width:75em}" \
    "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;" \
    "padding:.15em .5em;text-align:right}td.l,th.l{text-align:left}" \
    "tr.isa td{font-weight:bold;background:#eef}.lo{background:#fdd}.mid{background:#ffd}" \
    ".hi{background:#dfd}details{text-align:left}code{font-size:90%}</style>"

static const char *pct_class(double p) { return p >= 90.0 ? "hi" : p >= 60.0 ? "mid" : "lo"; }

static void html_head(FILE *f, const char *title)
{
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>");
    hesc(f, title);
    fputs("</title>" CSS "</head><body>\n<h1>", f);
    hesc(f, title);
    fprintf(f, "</h1>\n");
}

static void html_totals(FILE *f, const hisa *h, size_t n, int link)
{
    fprintf(f, "<table id=\"totals\"><tr><th class=\"l\">ISA / category</th><th>bins</th>"
            "<th>excluded</th><th>hit</th><th>coverage</th></tr>\n");
    for (size_t k = 0; k < n; k++) {
        gpuref_cov_totals t;
        gpuref_cov_totals_get(h[k].c, &t);
        const char *isa = gpuref_isa_name(gpuref_cov_isa(h[k].c));
        double p = pct(t.hit, t.bins - t.excluded);
        fprintf(f, "<tr class=\"isa\"><td class=\"l\">");
        if (link)
            fprintf(f, "<a href=\"%s.html\">%s</a>", isa, isa);
        else
            fputs(isa, f);
        fprintf(f, "</td><td id=\"%s-bins\">%llu</td><td id=\"%s-excluded\">%llu</td>"
                "<td id=\"%s-hit\">%llu</td><td id=\"%s-pct\" class=\"%s\">%.1f%%</td></tr>\n",
                isa, (unsigned long long)t.bins, isa, (unsigned long long)t.excluded, isa,
                (unsigned long long)t.hit, isa, pct_class(p), p);
        for (unsigned c = 0; c < GPUREF_COV_NCAT; c++) {
            if (!t.cat_bins[c])
                continue;
            double q = pct(t.cat_hit[c], t.cat_bins[c]);
            const char *cn = gpuref_cov_cat_name(c);
            fprintf(f, "<tr><td class=\"l\">&nbsp;&nbsp;%s</td><td id=\"%s-%s-bins\">%llu</td>"
                    "<td></td><td id=\"%s-%s-hit\">%llu</td><td class=\"%s\">%.1f%%</td></tr>\n",
                    cn, isa, cn, (unsigned long long)t.cat_bins[c], isa, cn,
                    (unsigned long long)t.cat_hit[c], pct_class(q), q);
        }
    }
    fprintf(f, "</table>\n<p>Coverage is of the bins not excluded; the categories count "
            "the bins not excluded (coverage/README.md).</p>\n");
}

/* The curve: coverage of each ISA after each file, as an SVG line plot. */
static void html_curve(FILE *f, const hisa *h, size_t n, char **files, int nfiles)
{
    static const char *const col[] = { "#c33", "#36c", "#393", "#c90", "#939", "#099" };
    const int W = 640, H = 260, L = 50, R = 20, T = 15, B = 45;
    fprintf(f, "<h2>Coverage curve</h2>\n<p>Coverage after each file, in the order given "
            "(each file merged into those before it).</p>\n");
    fprintf(f, "<svg id=\"curve\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
            "height=\"%d\" viewBox=\"0 0 %d %d\" font-size=\"11\">\n", W, H, W, H);
    for (int p = 0; p <= 100; p += 20) {
        double y = T + (H - T - B) * (100 - p) / 100.0;
        fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d%%</text>\n", L, y, W - R, y,
                L - 4, y + 4, p);
    }
    double dx = nfiles > 1 ? (double)(W - L - R) / (nfiles - 1) : 0;
    for (int i = 0; i < nfiles; i++) {
        if (nfiles > 12 && i % ((nfiles + 11) / 12) && i != nfiles - 1)
            continue;
        const char *b = strrchr(files[i], '/');
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", L + dx * i + (nfiles > 1 ? 0 : (W - L - R) / 2.0), H - B + 15);
        hesc(f, b ? b + 1 : files[i]);
        fprintf(f, "</text>\n");
    }
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">files (seeds) merged</text>\n",
            (W + L) / 2, H - 8);
    for (size_t k = 0; k < n; k++) {
        const char *c = col[k % 6];
        fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", c);
        for (int i = 0; i < nfiles; i++)
            fprintf(f, "%.1f,%.1f ", L + dx * i + (nfiles > 1 ? 0 : (W - L - R) / 2.0),
                    T + (H - T - B) * (100 - h[k].curve[i]) / 100.0);
        fprintf(f, "\"/>\n");
        for (int i = 0; i < nfiles; i++)
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"><title>%s "
                    "%.1f%%</title></circle>\n", L + dx * i + (nfiles > 1 ? 0 : (W - L - R) / 2.0),
                    T + (H - T - B) * (100 - h[k].curve[i]) / 100.0, c,
                    gpuref_isa_name(gpuref_cov_isa(h[k].c)), h[k].curve[i]);
        fprintf(f, "<text x=\"%d\" y=\"%zu\" fill=\"%s\">%s %.1f%%</text>\n", L + 10,
                T + 14 + 14 * k, c, gpuref_isa_name(gpuref_cov_isa(h[k].c)),
                nfiles ? h[k].curve[nfiles - 1] : 0.0);
    }
    fprintf(f, "</svg>\n<table id=\"curve-data\"><tr><th class=\"l\">file</th>");
    for (size_t k = 0; k < n; k++)
        fprintf(f, "<th>%s</th>", gpuref_isa_name(gpuref_cov_isa(h[k].c)));
    fprintf(f, "</tr>\n");
    for (int i = 0; i < nfiles; i++) {
        fprintf(f, "<tr><td class=\"l\">");
        hesc(f, files[i]);
        fprintf(f, "</td>");
        for (size_t k = 0; k < n; k++)
            fprintf(f, "<td>%.1f%%</td>", h[k].curve[i]);
        fprintf(f, "</tr>\n");
    }
    fprintf(f, "</table>\n");
}

typedef struct rtlfile {
    char     file[256];
    uint64_t pts[4], hit[4];   /* v_line, v_toggle, v_branch, other */
    char    *unhit;            /* unhit lines, "12 14 30" */
    size_t   ulen, ucap, nunhit;
    unsigned last;             /* the last unhit line listed (a line has several points) */
} rtlfile;

static const char *const rtl_types[4] = { "v_line", "v_toggle", "v_branch", "other" };

static int rtl_type(const char *t)
{
    for (int k = 0; k < 3; k++)
        if (strcmp(t, rtl_types[k]) == 0)
            return k;
    return 3;
}

static int cmp_cstr_rtl(const void *a, const void *b)
{
    return strcmp(((const rtlfile *)a)->file, ((const rtlfile *)b)->file);
}

static void html_rtl(FILE *f, const gpuref_covdat *cd)
{
    size_t np = gpuref_covdat_npoints(cd), nf = 0, cap = 0;
    rtlfile *rf = NULL;
    uint64_t tp[4] = { 0 }, th[4] = { 0 };
    for (size_t i = 0; i < np; i++) {
        char file[256], type[32];
        unsigned line = 0;
        uint64_t cnt = 0;
        if (gpuref_covdat_point(cd, i, file, sizeof file, &line, type, sizeof type, &cnt) != 1)
            continue;
        size_t k;
        for (k = 0; k < nf && strcmp(rf[k].file, file) != 0; k++)
            ;
        if (k == nf) {
            if (nf == cap) {
                rtlfile *n2 = realloc(rf, (cap = cap ? 2 * cap : 16) * sizeof *rf);
                if (!n2)
                    break;
                rf = n2;
            }
            memset(&rf[nf], 0, sizeof rf[nf]);
            snprintf(rf[nf].file, sizeof rf[nf].file, "%s", file);
            nf++;
        }
        int t = rtl_type(type);
        rf[k].pts[t]++;
        rf[k].hit[t] += cnt != 0;
        tp[t]++;
        th[t] += cnt != 0;
        if (t == 0 && !cnt && rf[k].nunhit < 200 && line != rf[k].last) {  /* the first 200 */
            if (rf[k].ulen + 16 > rf[k].ucap) {
                char *u = realloc(rf[k].unhit, rf[k].ucap = rf[k].ucap * 2 + 256);
                if (!u)
                    continue;
                rf[k].unhit = u;
            }
            rf[k].ulen += (size_t)snprintf(rf[k].unhit + rf[k].ulen, rf[k].ucap - rf[k].ulen,
                                           "%s%u", rf[k].ulen ? " " : "", line);
            rf[k].nunhit++;
            rf[k].last = line;
        }
    }
    fprintf(f, "<h2>RTL coverage (Verilator)</h2>\n");
    if (!nf) {
        fprintf(f, "<p id=\"rtl-none\">No RTL points in these files (the lockstep benches "
                "built with coverage write them: <code>make cov</code>).</p>\n");
        free(rf);
        return;
    }
    qsort(rf, nf, sizeof *rf, cmp_cstr_rtl);
    fprintf(f, "<p>Points of <code>verilator --coverage-line</code> (and "
            "<code>--coverage-toggle</code> where the bench was built with it: "
            "<code>make cov COV_TOGGLE=1</code>), counted per RTL file from the coverage.dat "
            "points themselves: <code>verilator_coverage --write-info</code> of Verilator 5.006 "
            "folds toggle counts into declaration lines, so its lcov numbers are not used.</p>\n"
            "<table id=\"rtl\"><tr><th class=\"l\">file</th>");
    for (int t = 0; t < 4; t++)
        if (tp[t])
            fprintf(f, "<th>%s hit / points</th><th>%%</th>", rtl_types[t] + (t < 3 ? 2 : 0));
    fprintf(f, "<th class=\"l\">lines not hit</th></tr>\n<tr class=\"isa\"><td class=\"l\">all</td>");
    for (int t = 0; t < 4; t++)
        if (tp[t])
            fprintf(f, "<td><span id=\"rtl-%s-hit\">%llu</span> / <span id=\"rtl-%s-points\">"
                    "%llu</span></td><td class=\"%s\">%.1f%%</td>", rtl_types[t],
                    (unsigned long long)th[t], rtl_types[t], (unsigned long long)tp[t],
                    pct_class(pct(th[t], tp[t])), pct(th[t], tp[t]));
    fprintf(f, "<td></td></tr>\n");
    for (size_t k = 0; k < nf; k++) {
        fprintf(f, "<tr><td class=\"l\">");
        hesc(f, rf[k].file);
        fprintf(f, "</td>");
        for (int t = 0; t < 4; t++) {
            if (!tp[t])
                continue;
            if (rf[k].pts[t])
                fprintf(f, "<td>%llu / %llu</td><td class=\"%s\">%.1f%%</td>",
                        (unsigned long long)rf[k].hit[t], (unsigned long long)rf[k].pts[t],
                        pct_class(pct(rf[k].hit[t], rf[k].pts[t])),
                        pct(rf[k].hit[t], rf[k].pts[t]));
            else
                fprintf(f, "<td></td><td></td>");
        }
        fprintf(f, "<td class=\"l\"><code>%s%s</code></td></tr>\n",
                rf[k].unhit ? rf[k].unhit : "", rf[k].nunhit >= 200 ? " ..." : "");
        free(rf[k].unhit);
    }
    fprintf(f, "</table>\n");
    free(rf);
}

/* The page of one ISA (a gpuref_write_atomic fill). */
typedef struct html_page {
    const hisa *h;
    int         nfiles;
} html_page;

static int html_isa_page(FILE *f, void *ctx)
{
    const hisa *h = ((const html_page *)ctx)->h;
    int nfiles = ((const html_page *)ctx)->nfiles;
    const gpuref_cov *c = h->c;
    const gpuref_isa *isa = gpuref_cov_isa(c);
    const char *name = gpuref_isa_name(isa);
    char title[128];
    snprintf(title, sizeof title, "gpuref functional coverage: %s", name);
    html_head(f, title);
    fprintf(f, "<p><a href=\"index.html\">all ISAs</a> &middot; %d coverage file%s</p>\n",
            nfiles, nfiles == 1 ? "" : "s");
    html_totals(f, h, 1, 0);
    size_t nb = gpuref_cov_nbins(c);
    /* per instruction: the bins of each opcode row, then the ISA-wide ones */
    fprintf(f, "<h2>Per instruction</h2>\n<p>Bins hit / total (not excluded); holes by name "
            "with what would hit them (<code>gpuref gen --isa %s --target FILE</code> aims "
            "generated programs at them); the directed vector files that execute the "
            "instruction on the model.</p>\n<table id=\"insns\"><tr><th class=\"l\">instruction"
            "</th><th>units</th><th>bins hit / total</th><th>%%</th><th class=\"l\">holes</th>"
            "<th class=\"l\">directed vectors</th></tr>\n", name);
    for (long op = -1; op < (long)h->nop; op++) {
        uint64_t tot = 0, hit = 0, units = 0, holes = 0;
        long opbin = -1;
        for (size_t i = 0; i < nb; i++) {
            const gpuref_cov_bin *b = gpuref_cov_bin_at(c, i);
            if (b->opcode != op)
                continue;
            if (b->cat == GPUREF_COV_OP && opbin < 0)
                opbin = (long)i;
            if (gpuref_cov_excluded(c, i))
                continue;
            tot++;
            hit += gpuref_cov_count(c, i) != 0;
        }
        if (!tot && opbin < 0)
            continue;
        holes = tot - hit;
        char insn[160];
        if (op < 0) {
            snprintf(insn, sizeof insn, "(ISA-wide bins)");
        } else if (opbin >= 0) {
            const char *bn = gpuref_cov_bin_at(c, (size_t)opbin)->name;
            const char *p = strstr(bn, ".op.");
            snprintf(insn, sizeof insn, "%s", p ? p + 4 : bn);
            units = gpuref_cov_count(c, (size_t)opbin);
        } else {
            snprintf(insn, sizeof insn, "%s", gpuref_isa_opcode_name(isa, (unsigned)op));
        }
        double p = pct(hit, tot);
        fprintf(f, "<tr id=\"i-");
        hesc(f, insn);
        fprintf(f, "\"><td class=\"l\"><code>");
        hesc(f, insn);
        fprintf(f, "</code></td><td>");
        if (op >= 0)
            fprintf(f, "%llu", (unsigned long long)units);
        fprintf(f, "</td><td>%llu / %llu</td><td class=\"%s\">%.1f%%</td><td class=\"l\">",
                (unsigned long long)hit, (unsigned long long)tot, pct_class(p), p);
        if (holes) {
            fprintf(f, "<details><summary>%llu hole%s</summary><ul>",
                    (unsigned long long)holes, holes == 1 ? "" : "s");
            for (size_t i = 0; i < nb; i++) {
                const gpuref_cov_bin *b = gpuref_cov_bin_at(c, i);
                if (b->opcode != op || gpuref_cov_count(c, i) || gpuref_cov_excluded(c, i))
                    continue;
                char what[512];
                hole_text(what, sizeof what, b, insn);
                fprintf(f, "<li><code>");
                hesc(f, b->name);
                fprintf(f, "</code>: ");
                hesc(f, what);
                fprintf(f, "</li>");
            }
            fprintf(f, "</ul></details>");
        }
        fprintf(f, "</td><td class=\"l\">");
        for (size_t v = 0; op >= 0 && h->ran && v < h->nvec; v++) {
            if (!h->ran[v * h->nop + (size_t)op])
                continue;
            const char *b = strrchr(h->vec[v], '/');
            fprintf(f, "<a href=\"file://");
            hesc(f, h->vec[v]);
            fprintf(f, "\">");
            hesc(f, b ? b + 1 : h->vec[v]);
            fprintf(f, "</a> ");
        }
        fprintf(f, "</td></tr>\n");
    }
    fprintf(f, "</table>\n<h2>Exclusions</h2>\n<p>Bins left out of the totals, each with "
            "its reason (<code>coverage/exclusions/%s.txt</code>); a hit excluded bin means "
            "the exclusion is wrong.</p>\n<table id=\"exclusions\"><tr><th class=\"l\">bin</th>"
            "<th class=\"l\">reason</th><th>count</th></tr>\n", name);
    for (size_t i = 0; i < nb; i++) {
        const char *why = gpuref_cov_excluded(c, i);
        if (!why)
            continue;
        uint64_t n = gpuref_cov_count(c, i);
        fprintf(f, "<tr%s><td class=\"l\"><code>", n ? " class=\"lo\"" : "");
        hesc(f, gpuref_cov_bin_at(c, i)->name);
        fprintf(f, "</code></td><td class=\"l\">");
        hesc(f, why);
        fprintf(f, "</td><td>%llu%s</td></tr>\n", (unsigned long long)n,
                n ? " (excluded but hit)" : "");
    }
    fprintf(f, "</table>\n</body></html>\n");
    return ferror(f) != 0;
}

/* The index page (a gpuref_write_atomic fill). */
typedef struct html_index {
    const hisa          *h;
    size_t               nh;
    char               **files;
    int                  n;
    const gpuref_covdat *cd;
} html_index;

static int html_index_fill(FILE *f, void *ctx)
{
    const html_index *x = ctx;
    html_head(f, "gpuref coverage");
    fprintf(f, "<p>From %d coverage file%s: ", x->n, x->n == 1 ? "" : "s");
    for (int i = 0; i < x->n; i++) {
        hesc(f, x->files[i]);
        fputs(i + 1 < x->n ? ", " : ".", f);
    }
    fprintf(f, "</p>\n<h2>Functional coverage</h2>\n");
    if (x->nh) {
        html_totals(f, x->h, x->nh, 1);
        html_curve(f, x->h, x->nh, x->files, x->n);
    } else {
        fprintf(f, "<p id=\"func-none\">No functional points in these files.</p>\n");
    }
    html_rtl(f, x->cd);
    fprintf(f, "</body></html>\n");
    return ferror(f) != 0;
}

static int cov_html(int argc, char **argv)
{
    cli_args a;
    const char *arg, *val, *excl = NULL, *out = "build/cov/html", *vdir = "vectors";
    int kind, rc = CLI_OK, n = 0, noexcl = 0;
    char **files = calloc((size_t)argc + 1, sizeof *files);
    if (!files)
        return cli_error("cov", CLI_INPUT, "out of memory");
    cli_args_init(&a, argc, argv);
    while (rc == CLI_OK && (kind = cli_next(&a, &arg)) != CLI_END) {
        if (kind == CLI_POS)
            files[n++] = (char *)arg;
        else if (cli_is(&a, "-o", "--output"))
            rc = cli_value(&a, &val), out = val;
        else if (cli_is(&a, NULL, "--exclusions"))
            rc = cli_value(&a, &val), excl = val;
        else if (cli_is(&a, NULL, "--no-exclusions")) {
            if (!(rc = cli_flag(&a)))
                noexcl = 1;
        } else if (cli_is(&a, NULL, "--vectors"))
            rc = cli_value(&a, &val), vdir = val;
        else
            rc = cli_usage("cov", "html: unknown option '%s'", arg);
    }
    if (!rc && !n)
        rc = cli_usage("cov", "html: no coverage files given");
    if (rc) {
        free(files);
        return rc;
    }
    gpuref_covdat *cd = gpuref_covdat_new();
    if (!cd) {
        free(files);
        return cli_error("cov", CLI_INPUT, "out of memory");
    }
    rc = read_all(cd, files, n);
    size_t nisa = rc ? 0 : gpuref_covdat_nisas(cd), nh = 0;
    hisa *h = calloc(nisa + 1, sizeof *h);
    if (!rc && !h)
        rc = cli_error("cov", CLI_INPUT, "out of memory");
    for (size_t k = 0; k < nisa && rc == CLI_OK; k++) {
        const char *isa = gpuref_covdat_isa(cd, k);
        gpuref_diag d = { 0, 0, 0, "" };
        hisa *x = &h[nh];
        if (gpuref_cov_create(isa, &x->c, &d) != GPUREF_OK) {
            fprintf(stderr, "gpuref cov: %s: %s (its points are skipped)\n", isa, d.msg);
            continue;
        }
        nh++;
        if (gpuref_cov_create(isa, &x->cum, &d) != GPUREF_OK ||
            !(x->curve = calloc((size_t)n, sizeof *x->curve))) {
            rc = cli_error("cov", CLI_INPUT, "out of memory");
            break;
        }
        x->nop = gpuref_isa_opcode_count(gpuref_cov_isa(x->c));
        gpuref_covdat_to_cov(cd, x->c, NULL);
        if (!noexcl && !(rc = load_excl(x->c, excl, NULL)))
            rc = load_excl(x->cum, excl, NULL);
    }
    /* the curve: each file merged into the ones before it */
    for (int i = 0; i < n && rc == CLI_OK; i++) {
        gpuref_covdat *one = gpuref_covdat_new();
        gpuref_diag d = { 0, 0, 0, "" };
        if (!one || gpuref_covdat_read(one, files[i], &d) != GPUREF_OK) {
            gpuref_covdat_free(one);
            rc = cli_error("cov", CLI_INPUT, "%s", one ? d.msg : "out of memory");
            break;
        }
        for (size_t k = 0; k < nh; k++) {
            gpuref_cov_totals t;
            gpuref_covdat_to_cov(one, h[k].cum, NULL);
            gpuref_cov_totals_get(h[k].cum, &t);
            h[k].curve[i] = pct(t.hit, t.bins - t.excluded);
        }
        gpuref_covdat_free(one);
    }
    for (size_t k = 0; k < nh && rc == CLI_OK; k++)
        html_vectors(&h[k], vdir);
    /* the ISA pages, then the index that links them, each written whole
     * (a temporary file renamed): a failure leaves no half page, and no
     * index pointing at a page not written */
    char path[PATH_MAX];
    if (rc == CLI_OK && mkdirs(out))
        rc = cli_error("cov", CLI_INPUT, "%s: cannot create: %s", out, strerror(errno));
    for (size_t k = 0; k < nh && rc == CLI_OK; k++) {
        html_page pg = { &h[k], n };
        int e = snprintf(path, sizeof path, "%s/%s.html", out,
                         gpuref_isa_name(gpuref_cov_isa(h[k].c))) >= (int)sizeof path
                    ? ENAMETOOLONG : gpuref_write_atomic(path, html_isa_page, &pg);
        if (e)
            rc = cli_error("cov", CLI_INPUT, "%s: cannot write: %s", path, strerror(e));
    }
    if (rc == CLI_OK) {
        html_index ix = { h, nh, files, n, cd };
        int e = pjoin(path, sizeof path, out, "/index.html") ? ENAMETOOLONG
                                                             : gpuref_write_atomic(path, html_index_fill, &ix);
        if (e)
            rc = cli_error("cov", CLI_INPUT, "%s: cannot write: %s", path, strerror(e));
    }
    if (rc == CLI_OK)
        printf("html: %s/index.html\n", out);
    for (size_t k = 0; k < nh; k++) {
        gpuref_cov_destroy(h[k].c);
        gpuref_cov_destroy(h[k].cum);
        free(h[k].curve);
        for (size_t v = 0; v < h[k].nvec; v++)
            free(h[k].vec[v]);
        free(h[k].vec);
        free(h[k].ran);
    }
    free(h);
    gpuref_covdat_free(cd);
    free(files);
    return rc;
}

int cmd_cov(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage("cov", "expected a subcommand: report, html, merge or bins");
    if (strcmp(argv[1], "report") == 0)
        return cov_report(argc - 1, argv + 1);
    if (strcmp(argv[1], "merge") == 0)
        return cov_merge(argc - 1, argv + 1);
    if (strcmp(argv[1], "bins") == 0)
        return cov_bins(argc - 1, argv + 1);
    if (strcmp(argv[1], "html") == 0)
        return cov_html(argc - 1, argv + 1);
    return cli_usage("cov", "unknown subcommand '%s' (report, html, merge, bins)", argv[1]);
}
