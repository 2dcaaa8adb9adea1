/*
 * validator-host: runs a problem package's output validator once per request, inside the one sandbox it
 * was started in (issue 42). Starting a sandbox (bubblewrap, a cgroup, the mounts) for every test cost
 * more than the validator itself; one host per submission forks the validator for each test instead.
 *
 * Requests on stdin, one line each, fields separated by tabs:
 *   cpu_ms \t wall_ms \t file_bytes \t stdin_path \t stdout_path \t validator \t arg1 \t arg2 ...
 * The host opens stdin_path for reading and stdout_path for writing (the FIFOs of an interactive test,
 * or the team's output and /dev/null), forks, and answers
 *   STARTED            once the validator's process holds both (the judge may let go of its own ends), then
 *   DONE exit signal cpu_ms wall_ms timed_out
 * when it ended (exit -1 when killed by a signal). Past wall_ms the validator's whole process group is
 * killed; RLIMIT_CPU holds its CPU time, RLIMIT_FSIZE (file_bytes, 0: the sandbox's) what it writes to a file. ERR <reason> when the request cannot be run at all.
 * Compiled as C++ by the judge's validator compiler (statically), so it needs nothing at run time.
 *
 * Two builds of this one source (executor/cpp.ts):
 *   - alone: the child execs the validator the request names (its binary, at /validator);
 *   - linked with a C++ validator whose `main` was renamed javelin_validator_main: the host is that
 *     validator's fork server, and the child calls it rather than exec. A test then pays a fork, not
 *     an exec: the program's loading and the C library's start (on a virtual machine its CPU probing,
 *     dozens of trapped cpuid instructions) happen once per host. The validator's static
 *     initializers run once, in the host, before its first test; every test's child starts from
 *     that state, as a fresh process would from the same initializers, and its atexit handlers and
 *     stdio buffers run and flush at its own exit. The host never touches the C library's
 *     stdin/stdout (it speaks on raw fds 0 and 1), so a child's streams start unused. What an
 *     initializer leaves in stdout's buffer each run writes at its exit, as a fresh process would; one
 *     that reads standard input or flushes output before main meets the host's protocol pipes instead:
 *     the judge then reads no answer it knows, ends the host and fails the run (a judge error, never a
 *     verdict).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_FIELDS 256
#define MAX_REQUEST (1 << 16)

/* Defined when a validator is linked in (its main, renamed); null in the host that execs. */
extern "C" int javelin_validator_main(int argc, char **argv, char **envp) __attribute__((weak));

static volatile sig_atomic_t alarmed = 0;

static void on_alarm(int sig) {
  (void)sig;
  alarmed = 1;
}

static long elapsed_ms(const struct timespec *t0) {
  struct timespec t1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  return (t1.tv_sec - t0->tv_sec) * 1000 + (t1.tv_nsec - t0->tv_nsec) / 1000000;
}

static void reply(const char *text) {
  size_t left = strlen(text);
  while (left > 0) {
    ssize_t n = write(1, text, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) _exit(1); /* the judge is gone */
    text += n;
    left -= (size_t)n;
  }
}

/* The next request line from fd 0 (without its newline), or null at the end of the input. */
static char *next_request(void) {
  static char buf[MAX_REQUEST + 1];
  static size_t have = 0, used = 0;
  if (used > 0) {
    memmove(buf, buf + used, have - used);
    have -= used;
    used = 0;
  }
  for (;;) {
    char *nl = (char *)memchr(buf, '\n', have);
    if (nl) {
      *nl = '\0';
      used = (size_t)(nl - buf) + 1;
      return buf;
    }
    if (have == MAX_REQUEST) return NULL; /* a line this long is not the judge's */
    ssize_t n = read(0, buf + have, MAX_REQUEST - have);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return NULL;
    have += (size_t)n;
  }
}

static void set_timer(long ms) {
  struct itimerval t;
  memset(&t, 0, sizeof t);
  t.it_value.tv_sec = ms / 1000;
  t.it_value.tv_usec = (ms % 1000) * 1000;
  setitimer(ITIMER_REAL, &t, NULL);
}

static void run(char **field, int count) {
  long cpu_ms = atol(field[0]);
  long wall_ms = atol(field[1]);
  long file_bytes = atol(field[2]);
  /* Never blocks: a FIFO with no writer (or no reader) is opened at once, or refused (ENXIO). */
  int in = open(field[3], O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  int out = in < 0 ? -1 : open(field[4], O_WRONLY | O_CLOEXEC | O_NONBLOCK);
  if (in >= 0) fcntl(in, F_SETFL, fcntl(in, F_GETFL) & ~O_NONBLOCK);
  if (out >= 0) fcntl(out, F_SETFL, fcntl(out, F_GETFL) & ~O_NONBLOCK);
  if (in < 0 || out < 0) {
    char text[160];
    snprintf(text, sizeof text, "ERR cannot open %s: %s\n", in < 0 ? "stdin" : "stdout", strerror(errno));
    if (in >= 0) close(in);
    reply(text);
    return;
  }
  field[count] = NULL;
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  pid_t pid = fork();
  if (pid < 0) {
    close(in);
    close(out);
    reply("ERR fork failed\n");
    return;
  }
  if (pid == 0) {
    setpgid(0, 0);
    dup2(in, 0);
    dup2(out, 1);
    int quiet = open("/dev/null", O_WRONLY);
    if (quiet >= 0) dup2(quiet, 2); /* what a validator says on stderr is not read */
    struct rlimit cpu;
    cpu.rlim_cur = (rlim_t)((cpu_ms + 999) / 1000);
    cpu.rlim_max = cpu.rlim_cur + 1;
    setrlimit(RLIMIT_CPU, &cpu);
    if (file_bytes > 0) {
      struct rlimit files;
      files.rlim_cur = files.rlim_max = (rlim_t)file_bytes;
      setrlimit(RLIMIT_FSIZE, &files);
    }
    signal(SIGPIPE, SIG_DFL);
    signal(SIGXFSZ, SIG_DFL);
    signal(SIGALRM, SIG_DFL); /* exec would have reset the host's handler; a fork keeps it */
    if (javelin_validator_main) exit(javelin_validator_main(count - 5, &field[5], environ));
    execv(field[5], &field[5]);
    _exit(126);
  }
  setpgid(pid, pid);
  close(in);
  close(out);
  reply("STARTED\n");
  alarmed = 0;
  set_timer(wall_ms > 0 ? wall_ms : 1);
  int status = 0, timed_out = 0;
  struct rusage usage;
  memset(&usage, 0, sizeof usage);
  for (;;) {
    pid_t done = wait4(pid, &status, 0, &usage);
    if (done == pid) break;
    if (done < 0 && errno == EINTR && alarmed && !timed_out) {
      timed_out = 1;
      kill(-pid, SIGKILL);
    } else if (done < 0 && errno != EINTR) {
      break;
    }
  }
  set_timer(0);
  kill(-pid, SIGKILL); /* whatever it left behind */
  long cpu = usage.ru_utime.tv_sec * 1000 + usage.ru_utime.tv_usec / 1000 + usage.ru_stime.tv_sec * 1000 +
             usage.ru_stime.tv_usec / 1000;
  char text[160];
  snprintf(text, sizeof text, "DONE %d %d %ld %ld %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1,
           WIFSIGNALED(status) ? WTERMSIG(status) : 0, cpu, elapsed_ms(&t0), timed_out);
  reply(text);
}

int main(void) {
  /* A signal mask is inherited across exec: whatever started the host, its timer and the validator's
     signals must get through. */
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm; /* no SA_RESTART: wait4 returns EINTR when the wall time is up */
  sigaction(SIGALRM, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);
  char *line;
  while ((line = next_request()) != NULL) {
    char *field[MAX_FIELDS + 1];
    int count = 0;
    for (char *p = line; count < MAX_FIELDS;) {
      field[count++] = p;
      char *tab = strchr(p, '\t');
      if (!tab) break;
      *tab = '\0';
      p = tab + 1;
    }
    if (count < 6) {
      reply("ERR a request has cpu_ms, wall_ms, file_bytes, stdin, stdout and the validator\n");
      continue;
    }
    run(field, count);
  }
  return 0;
}
