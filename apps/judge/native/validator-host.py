# validator-host.py: the validator host of a Python output validator or interactor (issue 42), a fork
# server in place of native/validator-host.c, which would start an interpreter per test. It speaks the
# same protocol (see validator-host.c) on stdin and stdout:
#   cpu_ms \t wall_ms \t file_bytes \t stdin_path \t stdout_path \t script \t arg1 \t arg2 ...
# answered by STARTED once the run's process holds both files, then DONE exit signal cpu_ms wall_ms timed_out.
# The interpreter starts once per submission; each run is a fork of it (a copy of this process as it
# was before any run: nothing of an earlier test is in it) that runs the script as
# `python3 script args < stdin > stdout` would (runpy, __main__), with its own process group, RLIMIT_CPU,
# RLIMIT_FSIZE, SIGPIPE and SIGXFSZ at their defaults (as a C++ validator has them), standard error to
# /dev/null, and the wall time held here (the group killed past it).
import gc
import os
import pkgutil  # noqa: F401 (runpy imports it on its first run: here once, not in every run's child)
import resource
import runpy
import signal
import sys
import time
import traceback


class WallTimeUp(Exception):
    pass


def on_alarm(signum, frame):
    raise WallTimeUp()


def answer(text):
    os.write(1, (text + "\n").encode())


def child(fields, stdin_fd, stdout_fd):
    """The forked run: never returns."""
    code = 1
    try:
        os.setpgid(0, 0)
        os.dup2(stdin_fd, 0)
        os.dup2(stdout_fd, 1)
        quiet = os.open("/dev/null", os.O_WRONLY)
        os.dup2(quiet, 2)
        cpu_s = (int(fields[0]) + 999) // 1000
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s + 1))
        file_bytes = int(fields[2])
        if file_bytes > 0:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_bytes, file_bytes))
        for s in (signal.SIGPIPE, signal.SIGXFSZ, signal.SIGALRM):
            signal.signal(s, signal.SIG_DFL)
        # The interpreter's own streams, as a fresh `python3` builds them on fds 0, 1 and 2.
        sys.stdin = sys.__stdin__ = open(0, "r", closefd=False)
        sys.stdout = sys.__stdout__ = open(1, "w", closefd=False)
        sys.stderr = sys.__stderr__ = open(2, "w", closefd=False, errors="backslashreplace")
        script = fields[5]
        sys.argv = [script] + fields[6:]
        sys.path[0] = script if os.path.isdir(script) else os.path.dirname(script)
        try:
            runpy.run_path(script, run_name="__main__")
            code = 0
        except SystemExit as e:
            if e.code is None:
                code = 0
            elif isinstance(e.code, int):
                code = e.code & 0xFF
            else:
                print(e.code, file=sys.stderr)
                code = 1
        except BaseException:
            traceback.print_exc()
            code = 1
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            # As the interpreter's own exit does when its stdout has gone.
            code = 120
    finally:
        os._exit(code)


def run(fields):
    wall_ms = int(fields[1])
    try:
        # Never blocks: a FIFO with no writer (or no reader) is opened at once, or refused (ENXIO).
        stdin_fd = os.open(fields[3], os.O_RDONLY | os.O_NONBLOCK)
    except OSError as e:
        return answer("ERR cannot open stdin: %s" % e.strerror)
    try:
        stdout_fd = os.open(fields[4], os.O_WRONLY | os.O_NONBLOCK)
    except OSError as e:
        os.close(stdin_fd)
        return answer("ERR cannot open stdout: %s" % e.strerror)
    os.set_blocking(stdin_fd, True)
    os.set_blocking(stdout_fd, True)
    t0 = time.monotonic()
    pid = os.fork()
    if pid == 0:
        child(fields, stdin_fd, stdout_fd)
    try:
        os.setpgid(pid, pid)
    except OSError:
        pass  # it did so itself, or it has ended already
    os.close(stdin_fd)
    os.close(stdout_fd)
    answer("STARTED")
    timed_out = 0
    signal.setitimer(signal.ITIMER_REAL, max(wall_ms, 1) / 1000)
    while True:
        try:
            _, status, usage = os.wait4(pid, 0)
            break
        except WallTimeUp:
            timed_out = 1
            os.killpg(pid, signal.SIGKILL)
    signal.setitimer(signal.ITIMER_REAL, 0)
    try:
        os.killpg(pid, signal.SIGKILL)  # whatever it left behind
    except OSError:
        pass
    exit_code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
    sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0
    cpu_ms = int((usage.ru_utime + usage.ru_stime) * 1000)
    wall = int((time.monotonic() - t0) * 1000)
    answer("DONE %d %d %d %d %d" % (exit_code, sig, cpu_ms, wall, timed_out))


def main():
    # A signal mask is inherited across exec: the timer and the runs' signals must get through.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGALRM, on_alarm)
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    # Every object so far out of the collector's reach: a child's collections then leave the pages it
    # shares with this process unwritten (not copied).
    gc.freeze()
    requests = os.fdopen(0, "rb", buffering=0)
    buffered = b""
    while True:
        while b"\n" not in buffered:
            chunk = requests.read(65536)
            if not chunk:
                return
            buffered += chunk
        line, buffered = buffered.split(b"\n", 1)
        fields = line.decode("utf-8", "surrogateescape").split("\t")
        if len(fields) < 6:
            answer("ERR a request has cpu_ms, wall_ms, file_bytes, stdin, stdout and the validator")
            continue
        run(fields)


main()
