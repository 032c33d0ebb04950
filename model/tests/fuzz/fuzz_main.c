/* fuzz_main.c - a plain main() for a harness, for compilers without libFuzzer
 * (gcc): runs LLVMFuzzerTestOneInput on every file given, or on every file of
 * every folder given, each in a child process (--inproc: all in this one), and
 * prints one line per input that fails and the closing `N passed, N failed`.  `make test` replays the
 * committed reproducers of findings (model/tests/fuzz/regress/<harness>/) so. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fuzz.h"
#include "text.h"

static unsigned passed, failed;
static int inproc;          /* --inproc: every input in this process (fast; a crash ends all) */

static int cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void one(const char *path)
{
    fflush(stdout);
    pid_t pid = inproc ? 0 : fork();
    if (pid < 0) {
        perror("fork");
        exit(2);
    }
    if (pid == 0) {
        char *text = NULL;
        size_t n = 0;
        int e = gpuref_read_file(path, 0, &text, &n);
        /* an exact-size copy, so that reads past the input are caught */
        uint8_t *in = e ? NULL : malloc(n ? n : 1);
        if (in)
            memcpy(in, text, n);
        free(text);
        if (!in) {
            if (!inproc)
                _exit(3);
            printf("FAIL %s: cannot read: %s\n", path, strerror(e ? e : ENOMEM));
            failed++;
            return;
        }
        LLVMFuzzerTestOneInput(in, n);
        free(in);
        if (inproc) {
            passed++;
            return;
        }
        _exit(0);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
        passed++;
    } else {
        failed++;
        if (WIFSIGNALED(st))
            printf("FAIL %s (signal %d)\n", path, WTERMSIG(st));
        else
            printf("FAIL %s (exit %d)\n", path, WEXITSTATUS(st));
    }
}

static void walk(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        printf("FAIL %s: no such file or folder\n", path);
        failed++;
        return;
    }
    if (!S_ISDIR(st.st_mode)) {
        one(path);
        return;
    }
    DIR *dir = opendir(path);
    if (!dir) {
        printf("FAIL %s: cannot read\n", path);
        failed++;
        return;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            char **nn = realloc(names, (cap = cap ? 2 * cap : 64) * sizeof *nn);
            if (!nn)
                exit(2);
            names = nn;
        }
        size_t l = strlen(path) + strlen(e->d_name) + 2;
        if (!(names[n] = malloc(l)))
            exit(2);
        snprintf(names[n++], l, "%s/%s", path, e->d_name);
    }
    closedir(dir);
    qsort(names, n, sizeof *names, cmp);
    for (size_t i = 0; i < n; i++) {
        walk(names[i]);
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv)
{
    int first = 1;
    if (argc > 1 && strcmp(argv[1], "--inproc") == 0)
        inproc = 1, first = 2;
    if (argc <= first) {
        fprintf(stderr, "usage: %s [--inproc] FILE|FOLDER...  (replay inputs of this harness;\n"
                "  --inproc: all in this process, faster, the first crash ends the run)\n",
                argv[0]);
        return 2;
    }
    for (int i = first; i < argc; i++)
        walk(argv[i]);
    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}
