/*
 * javelin-enter: the first step of every sandboxed process, run on the host by the judge (issue 35).
 * It joins the run's cgroups (so every later process and thread is counted), sets the run's rlimits,
 * drops to the sandbox uid with no_new_privs when told to, and execs the rest (bubblewrap, or the
 * program itself in the unsafe local mode). It does what `sh -c WRAPPER` followed by
 * `setpriv --reuid --regid --clear-groups --no-new-privs` did, in one static binary: one exec and no
 * dynamic linking instead of two of each (~1.5 ms of CPU per sandboxed process).
 *
 * usage: javelin-enter [--fifo PATH]... N PROCS_FILE... CPU_SECONDS|- FSIZE_BLOCKS NOFILE UID|- GID|- COMMAND [ARG...]
 *   --fifo PATH  make a FIFO at PATH first (mode 0666, as the judge): a harness's interactive FIFOs, made
 *                here rather than by a `mkfifo` the judge would fork for them (a fork of the judge's
 *                large process costs it a page fault for every page it writes afterwards)
 *   CPU_SECONDS  RLIMIT_CPU soft (hard one more), or - for none
 *   FSIZE_BLOCKS RLIMIT_FSIZE in 512-byte blocks (as `ulimit -f`)
 *   UID GID      the ids to drop to (groups cleared, then no_new_privs), or - - to stay
 *   COMMAND      an absolute path (no PATH search: the environment is empty)
 * On any failure it prints one line on stderr and exits 125 (the judge's "sandbox setup failed").
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#define SETUP_FAILED 125

static void fail(const char *what, const char *detail) {
  dprintf(2, "javelin-enter: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
  _exit(SETUP_FAILED);
}

static long number(const char *s) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || end == s || *end || v < 0) fail("not a number", s);
  return v;
}

static void limit(int resource, rlim_t soft, rlim_t hard) {
  struct rlimit l = {soft, hard};
  if (setrlimit(resource, &l)) fail("setrlimit", strerror(errno));
}

int main(int argc, char **argv) {
  int i = 1;
  for (; i + 1 < argc && strcmp(argv[i], "--fifo") == 0; i += 2) {
    mode_t mask = umask(0);
    if (mkfifo(argv[i + 1], 0666)) fail(argv[i + 1], strerror(errno));
    umask(mask);
  }
  if (argc - i < 1) fail("usage", "N PROCS_FILE... CPU FSIZE NOFILE UID GID COMMAND...");
  long files = number(argv[i++]);
  if (files > argc) fail("usage", "too few arguments");
  char pid[32];
  int len = snprintf(pid, sizeof pid, "%d\n", (int)getpid());
  for (long k = 0; k < files; k++) {
    if (i >= argc) fail("usage", "too few arguments");
    const char *procs = argv[i++];
    int fd = open(procs, O_WRONLY | O_CLOEXEC);
    if (fd < 0 || write(fd, pid, len) != len || close(fd)) fail(procs, strerror(errno));
  }
  if (argc - i < 6) fail("usage", "too few arguments");
  limit(RLIMIT_CORE, 0, 0);
  const char *cpu = argv[i++];
  if (strcmp(cpu, "-") != 0) {
    long s = number(cpu);
    limit(RLIMIT_CPU, s, s + 1);
  }
  long blocks = number(argv[i++]);
  if (blocks > LONG_MAX / 512) fail("file size too large", argv[i - 1]);
  limit(RLIMIT_FSIZE, (rlim_t)blocks * 512, (rlim_t)blocks * 512);
  long nofile = number(argv[i++]);
  limit(RLIMIT_NOFILE, nofile, nofile);
  const char *uid = argv[i++];
  const char *gid = argv[i++];
  if ((strcmp(uid, "-") == 0) != (strcmp(gid, "-") == 0)) fail("usage", "UID and GID go together");
  if (strcmp(uid, "-") != 0) {
    gid_t g = (gid_t)number(gid);
    uid_t u = (uid_t)number(uid);
    if (setgroups(0, NULL)) fail("setgroups", strerror(errno));
    if (setresgid(g, g, g)) fail("setresgid", strerror(errno));
    if (setresuid(u, u, u)) fail("setresuid", strerror(errno));
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) fail("no_new_privs", strerror(errno));
  }
  execv(argv[i], argv + i);
  fail(argv[i], strerror(errno));
  return SETUP_FAILED;
}
