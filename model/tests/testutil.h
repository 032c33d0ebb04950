/* testutil.h - the counting shared by every unit test in model/tests (not
 * part of libgpuref).
 *
 * A test is a named group of checks: one directed case, one fixture, one
 * operation and rounding mode of a random sweep.  tu_test() opens a test
 * (closing the one before); tu_check() counts one check in it; a test fails
 * when any of its checks failed, or when it made no check at all (a test
 * that cannot fail is no test).  A failing check prints one line naming the
 * test and the check; after 40 such lines only the test summaries are
 * printed.
 *
 * Directed files may instead name a group with tu_group(): then every check
 * made while no test is open is a test of its own, named by the group and
 * the check's message (one hand-worked case, one test).
 *
 * tu_finish() closes the last test and prints
 *
 *   checks: C passed, C failed
 *   N passed, N failed
 *
 * where N counts tests (the line scripts/run-tests.sh sums), and returns the
 * exit status.  A check made outside any test and group is itself a failure.
 */
#ifndef GPUREF_TESTUTIL_H
#define GPUREF_TESTUTIL_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

typedef struct tu_counts {
    unsigned long long checks_pass, checks_fail;  /* every check */
    unsigned long tests_pass, tests_fail;         /* named tests */
    unsigned long long cur_pass, cur_fail;        /* checks of the open test */
    int open;                                     /* a test is open */
    int shown;                                    /* failing checks printed */
    char name[300];                               /* the open test */
    char group[100];                              /* the group of single-check tests */
} tu_counts;

static tu_counts TUC;

/* close the open test, if any, and count it */
static inline void tu_end(void)
{
    if (!TUC.open)
        return;
    TUC.open = 0;
    if (TUC.cur_fail == 0 && TUC.cur_pass > 0) {
        TUC.tests_pass++;
        return;
    }
    TUC.tests_fail++;
    if (TUC.cur_fail)
        printf("FAIL test \"%s\": %llu of %llu checks failed\n", TUC.name, TUC.cur_fail,
               TUC.cur_pass + TUC.cur_fail);
    else
        printf("FAIL test \"%s\": made no check\n", TUC.name);
}

/* open a test named by the printf format */
static inline void tu_test(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline void tu_test(const char *fmt, ...)
{
    va_list ap;
    tu_end();
    va_start(ap, fmt);
    vsnprintf(TUC.name, sizeof TUC.name, fmt, ap);
    va_end(ap);
    TUC.open = 1;
    TUC.cur_pass = TUC.cur_fail = 0;
}

/* name the group of the checks that follow (closing the open test): each of
 * them is a test of its own */
static inline void tu_group(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline void tu_group(const char *fmt, ...)
{
    va_list ap;
    tu_end();
    va_start(ap, fmt);
    vsnprintf(TUC.group, sizeof TUC.group, fmt, ap);
    va_end(ap);
}

/* the name of the open test ("" if none) */
static inline const char *tu_name(void)
{
    return TUC.open ? TUC.name : "";
}

/* count one check; on failure print the test and the check (fmt) */
static inline void tu_check(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline void tu_check(int ok, const char *fmt, ...)
{
    if (!TUC.open && TUC.group[0]) {    /* one check of a group: a test of its own */
        char msg[200];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        tu_test("%s: %s", TUC.group, msg);
        tu_check(ok, "%s", msg);
        tu_end();
        return;
    }
    if (!TUC.open) {                    /* a check outside any test: a test of its own, failed */
        tu_test("(a check outside any named test)");
        tu_check(0, "%s", fmt);
        tu_end();
        return;
    }
    if (ok) {
        TUC.checks_pass++;
        TUC.cur_pass++;
        return;
    }
    TUC.checks_fail++;
    TUC.cur_fail++;
    if (TUC.shown++ < 40) {
        va_list ap;
        va_start(ap, fmt);
        printf("FAIL [%s] ", TUC.name);
        vprintf(fmt, ap);
        printf("\n");
        va_end(ap);
    }
}

/* one step of the xorshift64 generator the tests draw their operands from
 * (seeded per test file, so every run makes the same values): the new
 * state, of which callers take the bits they want (most take >> 16) */
static inline uint64_t tu_xorshift(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

/* close the last test, print the two closing lines, return the exit status */
static inline int tu_finish(void)
{
    tu_end();
    printf("checks: %llu passed, %llu failed\n", TUC.checks_pass, TUC.checks_fail);
    printf("%lu passed, %lu failed\n", TUC.tests_pass, TUC.tests_fail);
    return TUC.tests_fail ? 1 : 0;
}

#endif /* GPUREF_TESTUTIL_H */
