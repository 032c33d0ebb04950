/* cmd_cov.c - `gpuref cov`: functional coverage reports (with the RTL's
 * Verilator coverage in the same files), merging, and the bin listing. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "gpuref_cov.h"

const char cmd_cov_help[] =
    "usage: gpuref cov report [OPTIONS] FILE...\n"
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
    int k = snprintf(out, len, "%s%s", a, b);
    return k < 0 || (size_t)k >= len ? -1 : 0;
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

int cmd_cov(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage("cov", "expected a subcommand: report, merge or bins");
    if (strcmp(argv[1], "report") == 0)
        return cov_report(argc - 1, argv + 1);
    if (strcmp(argv[1], "merge") == 0)
        return cov_merge(argc - 1, argv + 1);
    if (strcmp(argv[1], "bins") == 0)
        return cov_bins(argc - 1, argv + 1);
    return cli_usage("cov", "unknown subcommand '%s' (report, merge, bins)", argv[1]);
}
