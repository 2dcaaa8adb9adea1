import java.io.*;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.*;

/**
 * The warm JVM of a Java output validator or interactor (issue 42): one per submission, in the
 * validator host's sandbox, in place of native/validator-host.c, which would start a JVM per test.
 * It speaks the host's protocol (see validator-host.c) on fd 0 and fd 1:
 *   cpu_ms \t wall_ms \t file_bytes \t stdin_path \t stdout_path \t main_class \t arg1 \t arg2 ...
 * answered by STARTED once both files are open, then DONE exit signal cpu_ms wall_ms timed_out, and
 * END with it when this JVM ends after the run.
 * Each run is `java MainClass args < stdin > stdout` as the submission harness makes a test one: the
 * validator's classes defined afresh in a class loader of their own (no static state from an earlier
 * test), System.exit rewritten to end the run (Harness.ExitRedirect), FileDescriptor.in/out and
 * System.in/out pointed at the run's files (Harness.FdRedirect), the JDK-wide state put back (JdkState).
 *
 * What cannot be undone inside a JVM ends it, after its answer: a run past its wall or CPU time (its
 * threads cannot be stopped safely; answered as timed out, or killed by SIGXCPU), a thread left alive,
 * an out-of-memory error (the JVM exits at once: -XX:+ExitOnOutOfMemoryError), JDK state it could not
 * put back. A JVM that ends mid-run (Runtime.halt, a crash) answers nothing: the judge then reads that
 * the host exited, a judge error. Either way the judge starts a fresh one for the next test.
 *
 * args: the harness's class directory (javelin_harness/Exit.class), the validator's class directory.
 */
public final class ValidatorServer {
    private static final long POLL_MS = 5;
    private static final long EXIT_UNWIND_MS = 20;
    private static final int SIGKILL = 9;
    private static final int SIGXCPU = 24;
    private static final int SIGXFSZ = 25;
    private static final int FIELDS_BEFORE_COMMAND = 5;
    /** Said after a run's answer when this JVM ends after it (ValidatorHost then serves no more runs). */
    private static final String END = "END";

    private final Map<String, byte[]> classes = new HashMap<>();
    private final byte[] exitClassBytes;
    private final JdkState jdk;
    private final boolean finalizers;
    /** fd 1, the answers' channel, a FileDescriptor of its own (FileDescriptor.out is the run's stdout while a run lasts). */
    private final PrintStream answers;

    private ValidatorServer(File harnessDir, File classDir) throws IOException, ReflectiveOperationException {
        exitClassBytes = Files.readAllBytes(new File(harnessDir, Harness.EXIT_CLASS.replace('.', '/') + ".class").toPath());
        boolean mayFinalize = false;
        Path root = classDir.toPath();
        List<Path> files = new ArrayList<>();
        try (var walk = Files.walk(root)) {
            walk.filter(p -> p.toString().endsWith(".class")).forEach(files::add);
        }
        for (Path p : files) {
            String rel = root.relativize(p).toString();
            byte[] bytes = Files.readAllBytes(p);
            mayFinalize |= Harness.Finalizers.mayDeclare(bytes);
            classes.put(rel.substring(0, rel.length() - ".class".length()).replace('/', '.'), Harness.ExitRedirect.apply(bytes));
        }
        finalizers = mayFinalize;
        answers = new PrintStream(new FileOutputStream(Harness.inheritedFd(1)), false, StandardCharsets.US_ASCII);
        jdk = JdkState.capture(Harness.unsafe());
    }

    public static void main(String[] args) throws Exception {
        ValidatorServer server = new ValidatorServer(new File(args[0]), new File(args[1]));
        BufferedReader requests = new BufferedReader(new InputStreamReader(new FileInputStream(Harness.inheritedFd(0)), StandardCharsets.UTF_8));
        for (String line; (line = requests.readLine()) != null;) {
            String[] field = line.split("\t", -1);
            if (field.length <= FIELDS_BEFORE_COMMAND) {
                server.answer("ERR a request has cpu_ms, wall_ms, file_bytes, stdin, stdout and the validator");
                continue;
            }
            if (!server.serve(field)) break;
        }
        // Shutdown hooks a run registered must not run again: they belong to runs already answered.
        Runtime.getRuntime().halt(0);
    }

    private synchronized void answer(String line) {
        answers.print(line + "\n");
        answers.flush();
    }

    /** One run; false when this JVM must end after it. */
    private boolean serve(String[] field) {
        long cpuLimitNanos = Long.parseLong(field[0]) * 1_000_000L;
        long wallMs = Long.parseLong(field[1]);
        long fileBytes = Long.parseLong(field[2]);
        FileInputStream in;
        FileOutputStream out;
        try {
            in = new FileInputStream(field[3]);
        } catch (IOException e) {
            answer("ERR cannot open stdin: " + e.getMessage());
            return true;
        }
        try {
            out = new FileOutputStream(field[4]);
        } catch (IOException e) {
            closeQuietly(in);
            answer("ERR cannot open stdout: " + e.getMessage());
            return true;
        }
        String[] args = Arrays.copyOfRange(field, FIELDS_BEFORE_COMMAND + 1, field.length);
        Run r = run(field[FIELDS_BEFORE_COMMAND], args, in, out, fileBytes, cpuLimitNanos, wallMs);
        closeQuietly(in);
        closeQuietly(out);
        String done = "DONE " + r.exit + " " + r.signal + " " + r.cpuNanos / 1_000_000 + " " + r.wallNanos / 1_000_000 + " " + (r.timedOut ? 1 : 0);
        // END in the same write as DONE: the judge reads both at once, and sends this JVM no further run.
        answer(r.recycle ? done + "\n" + END : done);
        return !r.recycle;
    }

    private static void closeQuietly(Closeable c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // already gone
        }
    }

    static final class Run {
        int exit;
        int signal;
        long cpuNanos;
        long wallNanos;
        boolean timedOut;
        boolean recycle;
    }

    /** The run itself, as Harness.runTest makes a test: its own loader, streams, thread group. */
    private Run run(String mainClass, String[] args, FileInputStream in, FileOutputStream out, long fileBytes, long cpuLimitNanos, long wallMs) {
        Set<Thread> before = Harness.Threads.all();
        Run r = new Run();
        Harness.FdRedirect redirect;
        try {
            redirect = new Harness.FdRedirect(in.getFD(), out.getFD());
        } catch (IOException e) {
            r.exit = 125;
            return r;
        }
        CappedStream capped = new CappedStream(new FileOutputStream(FileDescriptor.out), fileBytes);
        System.setIn(new BufferedInputStream(new Harness.StdinStream()));
        System.setOut(new PrintStream(new BufferedOutputStream(capped, 128), true, StandardCharsets.UTF_8));
        // What a validator says on stderr is not read (validator-host.c sends it to /dev/null).
        System.setErr(new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8));
        Harness.TestGroup group = new Harness.TestGroup();
        answer("STARTED");
        long cpu0 = Harness.ProcessCpu.nanos();
        long t0 = System.nanoTime();
        Limit limit = runMain(mainClass, args, group, cpu0, cpuLimitNanos, t0 + wallMs * 1_000_000L, r);
        r.wallNanos = System.nanoTime() - t0;
        r.cpuNanos = Harness.ProcessCpu.nanos() - cpu0;
        if (limit != Limit.NONE) {
            // Its threads may still run: this JVM answers and ends (the judge starts another).
            r.exit = -1;
            r.signal = limit == Limit.CPU ? SIGXCPU : SIGKILL;
            r.timedOut = limit == Limit.WALL;
            r.recycle = true;
            return r;
        }
        System.out.flush();
        jdk.runShutdownHooks();
        boolean restored = jdk.restore();
        boolean intact = redirect.restore();
        if (capped.exceeded) {
            r.exit = -1;
            r.signal = SIGXFSZ;
        }
        boolean threadsLeft = !group.release();
        r.recycle = group.oom || threadsLeft || !Harness.Threads.startedSince(before).isEmpty() || !restored || !intact || finalizers;
        return r;
    }

    enum Limit { NONE, WALL, CPU }

    /** main on its own thread, waited for as a process waits, within the run's wall and CPU time; its exit code in r. */
    private Limit runMain(String mainClass, String[] args, Harness.TestGroup group, long cpu0, long cpuLimitNanos, long deadline, Run r) {
        try {
            Harness.TestLoader loader = new Harness.TestLoader(classes, exitClassBytes);
            Class<?> exit = loader.loadClass(Harness.EXIT_CLASS);
            Method status = exit.getMethod("status");
            Method main = mainMethod(loader, mainClass);
            Thread thread = new MainThread(group, main, args);
            thread.setContextClassLoader(loader);
            group.watch(thread, exit);
            thread.start();
            while (true) {
                Thread next = group.firstAliveNonDaemon();
                int code = (int) status.invoke(null);
                if (next == null || code != Integer.MIN_VALUE) {
                    // A real exit ends every thread; give the exiting ones a moment to unwind.
                    if (next != null) for (Thread t : group.threads()) t.join(EXIT_UNWIND_MS);
                    r.exit = group.exitCode(code) & 0xFF;
                    return Limit.NONE;
                }
                if (System.nanoTime() > deadline) return Limit.WALL;
                if (Harness.ProcessCpu.nanos() - cpu0 > cpuLimitNanos) return Limit.CPU;
                next.join(POLL_MS);
            }
        } catch (ReflectiveOperationException | LinkageError | InterruptedException e) {
            // As the launcher fails: no such class or main method (exit 1).
            r.exit = 1;
            return Limit.NONE;
        }
    }

    private static Method mainMethod(ClassLoader loader, String mainClass) throws ReflectiveOperationException {
        Method m = Class.forName(mainClass, false, loader).getMethod("main", String[].class);
        if (!Modifier.isStatic(m.getModifiers()) || m.getReturnType() != void.class) throw new NoSuchMethodException("main");
        m.setAccessible(true);
        return m;
    }

    /** `main(args)` on a thread named "main", as the launcher calls it (what it throws goes to the group). */
    static final class MainThread extends Thread {
        private Method main;
        private String[] args;

        MainThread(ThreadGroup group, Method main, String[] args) {
            super(group, null, "main", 0);
            this.main = main;
            this.args = args;
        }

        @Override
        public void run() {
            Method m = main;
            String[] a = args;
            main = null;
            args = null;
            try {
                m.invoke(null, (Object) a);
            } catch (InvocationTargetException e) {
                throw Harness.<RuntimeException>sneaky(e.getCause());
            } catch (Throwable t) {
                throw Harness.<RuntimeException>sneaky(t);
            } finally {
                setContextClassLoader(null);
            }
        }
    }

    /** The run's stdout up to file_bytes (0: no cap), as RLIMIT_FSIZE holds a C++ validator's: past it, writes fail. */
    static final class CappedStream extends OutputStream {
        private final FileOutputStream fd;
        private final long cap;
        private long written;
        volatile boolean exceeded;

        CappedStream(FileOutputStream fd, long cap) {
            this.fd = fd;
            this.cap = cap;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            if (cap > 0 && written + len > cap) {
                exceeded = true;
                throw new IOException("File too large");
            }
            written += len;
            fd.write(b, off, len);
        }

        /** The validator closing System.out closes its stream, not the run's file (closed after the run). */
        @Override
        public void close() {
        }
    }
}
