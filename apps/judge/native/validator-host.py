# validator-host.py: the validator host of a Python output validator or interactor (issue 42), a fork
# server in place of native/validator-host.c, which would start an interpreter per test. It speaks the
# same protocol (see validator-host.c) on stdin and stdout:
#   cpu_ms \t wall_ms \t file_bytes \t stdin_path \t stdout_path \t script \t arg1 \t arg2 ...
# answered by STARTED once the run's process holds both files, then DONE exit signal cpu_ms wall_ms timed_out.
# The interpreter starts once and serves submission after submission (grader/host-pool.ts); each run is
# a fork of it (a copy of this process as it was before any run: nothing of an earlier test is in it)
# that runs the script as `python3 script args < stdin > stdout` would (as __main__), with its own
# process group, RLIMIT_CPU,
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
import types


class WallTimeUp(Exception):
    pass


# A script file's code, compiled here once (compiling runs nothing of it) rather than in every run's
# child: a child pays for each page of this process it touches (copied on write), and runpy's search
# for the script's importer (zipimport reading it, pkgutil) touched hundreds. Keyed by the file's
# path, size and mtime; a folder's __main__.py still goes through runpy.
compiled = {}


def code_of(script):
    try:
        st = os.stat(script)
        if not os.path.isfile(script):
            return None
        key = (script, st.st_size, st.st_mtime_ns)
        if key not in compiled:
            with open(script, "rb") as f:
                compiled[key] = compile(f.read(), script, "exec", dont_inherit=True)
        return compiled[key]
    except (OSError, SyntaxError, ValueError):
        return None  # the child's runpy then meets the same error, as a fresh python3 would


def run_main(script, program):
    """Runs `program` (the script's code) as __main__, as runpy.run_path does a file."""
    if program is None:
        runpy.run_path(script, run_name="__main__")
        return
    main = types.ModuleType("__main__")
    main.__dict__.update(__file__=script, __cached__=None, __loader__=None, __package__=None, __spec__=None)
    sys.modules["__main__"] = main
    exec(program, main.__dict__)


def on_alarm(signum, frame):
    raise WallTimeUp()


def answer(text):
    os.write(1, (text + "\n").encode())


def child(fields, stdin_fd, stdout_fd, program):
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
        # sys.stdin, sys.stdout and sys.stderr stay the interpreter's own, on fds 0, 1 and 2 now the run's:
        # built at start on pipes as a fresh `python3` builds them on a FIFO or a file, and never used by
        # this host (it reads and answers on its own objects), so nothing is buffered in them.
        script = fields[5]
        sys.argv = [script] + fields[6:]
        sys.path[0] = script if os.path.isdir(script) else os.path.dirname(script)
        try:
            run_main(script, program)
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
    program = code_of(fields[5])
    t0 = time.monotonic()
    pid = os.fork()
    if pid == 0:
        child(fields, stdin_fd, stdout_fd, program)
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
