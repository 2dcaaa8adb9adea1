import java.io.*;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.*;

/**
 * Javelin's test harness: one sandboxed JVM runs every test of ONE submission, each test in a fresh
 * class loader, then exits. Started by the judge before a job arrives; trusted until the first test
 * starts, untrusted after (the judge treats every byte it sends back as hostile).
 *
 * Protocol (big-endian, DataInput/DataOutput):
 *   fd 4 (the control channel, a socket), judge -> harness:
 *     submission: int MAGIC, long stackBytes, int stderrCap, int options (1: report the heap in use
 *                 after a collection at the end of every test; 2: measure each test's CPU time, for a
 *                 judge without cgroups), mainClass (int len, UTF-8),
 *                 int count, count x (name (int len, UTF-8), class bytes (int len, bytes))
 *     test:       int index (-1: exit), byte[16] nonce, byte mode (0: plain, 1: interactive)
 *   An interactive test (issue 42) talks to the problem's output validator through two FIFOs the judge
 *     made in /interact: the harness opens `to-program` for reading and `from-program` for writing,
 *     points FileDescriptor.in/out (and with them System.in/out) at them for the test, says so by
 *     writing the test's nonce on fd 1, and closes both when the test ends (the validator then reads
 *     end-of-file); the result frame follows on fd 1 as for any test.
 *   fd 0: a regular file the judge fills with the test's input (and only that) before it sends the
 *     test; the harness rewinds it, so System.in, FileDescriptor.in and /proc/self/fd/0 all read
 *     exactly that input, as in `java Main < input`.
 *   fd 1, harness -> judge:
 *     READY once warmed up; then per test the program's raw standard output, the test's nonce,
 *     int index, int exitCode, long cpuNanos (0: not measured), long wallNanos, long heapBytes (-1: not measured),
 *     byte flags (1: recycle this JVM),
 *     stderr (int len, bytes).
 * Standard output goes straight to fd 1, as in a real `java Main`, so FileDescriptor.out works.
 *
 * args: the working directory to empty after each test, the directory holding the harness's
 * classes (Exit.class and Warmup.class are read from it as files), and "--warm-up" when this start is
 * the trusted one the judge dumps the harness's dynamic CDS archive from.
 */
public final class Harness {
    static final int MAGIC = 0x4A565331;
    static final byte[] READY = "JAVELIN-HARNESS-READY\n".getBytes(StandardCharsets.US_ASCII);
    static final int FLAG_RECYCLE = 1;
    static final int OPTION_REPORT_HEAP = 1;
    static final int OPTION_MEASURE_CPU = 2;
    static final String EXIT_CLASS = "javelin_harness.Exit";
    private static final int NONCE_BYTES = 16;
    private static final int MAX_CLASSES = 10_000;
    private static final int MAX_CLASS_BYTES = 32 << 20;
    /** The control channel (a socket): what the judge sends, kept off fd 0 so that fd 0 can be the test's input file. */
    static final int CONTROL_FD = 4;
    private static final long POLL_MS = 5;
    private static final long EXIT_UNWIND_MS = 20;
    private static final String WARMUP_CLASS = "javelin_harness.Warmup";
    private static final String WARM_UP_ARG = "--warm-up";
    static final byte MODE_INTERACTIVE = 1;
    /** The FIFOs of an interactive test, made by the judge in the directory it binds at /interact. */
    static final String TO_PROGRAM = "/interact/to-program";
    static final String FROM_PROGRAM = "/interact/from-program";

    private final JdkState jdk;
    private final DataInputStream control;
    /** fd 1, the harness's own (FileDescriptor.out is the program's, redirected in an interactive test). */
    private final FileOutputStream stdout;
    /** fd 0 (the test's input file), rewound before every test. */
    private final FileChannel stdinFile;
    /** What System.in reads in every test: fd 0, as the JDK builds it; closing it leaves fd 0 open for the next test. */
    private final InputStream stdin = new StdinStream();
    private final byte[] exitClassBytes;
    private final File classDir;
    /** The sandbox's private writable directory, emptied after every test (null: nothing to empty). */
    private final File workDir;

    private Harness(File workDir, File classDir, InputStream control) throws IOException, ReflectiveOperationException {
        this.workDir = workDir;
        this.classDir = classDir;
        this.control = new DataInputStream(new BufferedInputStream(control, 1 << 16));
        stdout = new FileOutputStream(inheritedFd(1));
        stdinFile = new FileInputStream(inheritedFd(0)).getChannel();
        exitClassBytes = classFile(EXIT_CLASS);
        jdk = JdkState.capture(unsafe());
    }

    public static void main(String[] args) throws Exception {
        File classDir = new File(args.length > 1 ? args[1] : "/harness");
        Harness h = new Harness(args.length > 0 ? new File(args[0]) : null, classDir, new FileInputStream(inheritedFd(CONTROL_FD)));
        if (args.length > 2 && args[2].equals(WARM_UP_ARG)) h.warmUp();
        h.stdout.write(READY);
        h.serve();
        // Shutdown hooks a test registered must not run: they belong to tests already judged.
        Runtime.getRuntime().halt(0);
    }

    /**
     * A FileDescriptor for an inherited fd: Java has no API for one, and a socket cannot be reopened
     * through /proc/self/fd, so the field is set with sun.misc.Unsafe (open to every class-path
     * program anyway: this gives a test nothing it does not have). Trusted start-up only.
     */
    static FileDescriptor inheritedFd(int fd) throws ReflectiveOperationException {
        sun.misc.Unsafe unsafe = unsafe();
        FileDescriptor d = new FileDescriptor();
        unsafe.putInt(d, unsafe.objectFieldOffset(FileDescriptor.class.getDeclaredField("fd")), fd);
        return d;
    }

    static sun.misc.Unsafe unsafe() throws ReflectiveOperationException {
        Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        return (sun.misc.Unsafe) f.get(null);
    }

    /** A trusted class file beside the harness's own (a plain file read: cheaper than a class-path resource). */
    private byte[] classFile(String binaryName) throws IOException {
        try (InputStream in = new FileInputStream(new File(classDir, binaryName.replace('.', '/') + ".class"))) {
            return in.readAllBytes();
        }
    }

    /**
     * Trusted code once through the path every test takes (javelin_harness.Warmup), in the start the
     * judge dumps the harness's dynamic CDS archive from, so that every class a test's path loads is
     * in the archive. A harness started for judging does not run it: the archive spares it the
     * classes' loading, and the rest of the warm-up (~6 ms of CPU) bought the first test ~2 ms. Only that path: warming the JDK features
     * a solution may use (CdsTraining: Scanner, String.format, streams) cost every harness ~75 ms more
     * CPU to start than the first test then saved (measured); a test pays for the features it uses.
     */
    private void warmUp() throws IOException {
        Submission training = new Submission(WARMUP_CLASS, 64L << 20, 1 << 16, 0);
        // The submission's own path too (the class file checks, the result frame), so that the dynamic
        // CDS archive, dumped after a trusted start, holds every class a test needs.
        byte[] bytes = classFile(WARMUP_CLASS);
        training.finalizers = Finalizers.mayDeclare(bytes);
        training.classes.put(WARMUP_CLASS, ExitRedirect.apply(bytes));
        TestRun r = runTest(training, OutputStream.nullOutputStream(), null);
        resultFrame(new byte[NONCE_BYTES], 0, r);
    }

    private void serve() throws IOException {
        Submission s = readSubmission();
        while (true) {
            int index = control.readInt();
            if (index < 0) return;
            byte[] nonce = new byte[NONCE_BYTES];
            control.readFully(nonce);
            byte mode = control.readByte();
            TestRun r = mode == MODE_INTERACTIVE ? interactiveTest(s, nonce) : null;
            if (r == null) {
                Sink sink = new Sink(stdout);
                r = runTest(s, sink, null);
                sink.finish(resultFrame(nonce, index, r));
            } else {
                stdout.write(resultFrame(nonce, index, r));
            }
            if (r.recycle) return;
        }
    }

    private Submission readSubmission() throws IOException {
        if (control.readInt() != MAGIC) throw new IOException("bad submission frame");
        long stack = control.readLong();
        int stderrCap = control.readInt();
        int options = control.readInt();
        String mainClass = new String(readBytes(1 << 16), StandardCharsets.UTF_8);
        Submission s = new Submission(mainClass, stack, stderrCap, options);
        int count = control.readInt();
        if (count < 0 || count > MAX_CLASSES) throw new IOException("bad class count");
        for (int i = 0; i < count; i++) {
            String name = new String(readBytes(1 << 16), StandardCharsets.UTF_8);
            byte[] bytes = readBytes(MAX_CLASS_BYTES);
            s.finalizers |= Finalizers.mayDeclare(bytes);
            s.classes.put(name, ExitRedirect.apply(bytes));
        }
        return s;
    }

    private byte[] readBytes(int max) throws IOException {
        int n = control.readInt();
        if (n < 0 || n > max) throw new IOException("bad length " + n);
        byte[] b = new byte[n];
        control.readFully(b);
        return b;
    }

    private static byte[] resultFrame(byte[] nonce, int index, TestRun r) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + r.stderr.length);
        DataOutputStream out = new DataOutputStream(bytes);
        out.write(nonce);
        out.writeInt(index);
        out.writeInt(r.exitCode);
        out.writeLong(r.cpuNanos);
        out.writeLong(r.wallNanos);
        out.writeLong(r.heapBytes);
        out.writeByte(r.recycle ? FLAG_RECYCLE : 0);
        out.writeInt(r.stderr.length);
        out.write(r.stderr);
        out.flush();
        return bytes.toByteArray();
    }

    /**
     * One interactive test: the program's fd 0 and fd 1 are the FIFOs to and from the validator for
     * the test's length, then fd 0 and fd 1 again; the FIFOs are closed before the result is sent.
     */
    private TestRun interactiveTest(Submission s, byte[] nonce) throws IOException {
        FileInputStream in = new FileInputStream(TO_PROGRAM);
        FileOutputStream out = new FileOutputStream(FROM_PROGRAM);
        FdRedirect redirect = new FdRedirect(in.getFD(), out.getFD());
        stdout.write(nonce);
        Sink sink = new Sink(new FileOutputStream(FileDescriptor.out));
        TestRun r = runTest(s, sink, redirect);
        sink.close();
        // A test that closed the redirected fd itself leaves a number that may be reused: the JVM goes.
        if (!redirect.restore()) {
            r.recycle = true;
            return r;
        }
        in.close();
        out.close();
        return r;
    }

    /** One test as if it were `java Main < input`: fresh classes, its own streams, main on a thread with the stack limit. */
    private TestRun runTest(Submission s, OutputStream out, FdRedirect redirect) throws IOException {
        Set<Thread> before = Threads.all();
        CappedBuffer err = new CappedBuffer(s.stderrCap);
        TestGroup group = new TestGroup();
        TestRun r = new TestRun();
        if (redirect == null) stdinFile.position(0);
        // The same stream set-up as the JDK's System.in/out/err: fd 0 buffered; a 128-byte buffer, auto-flush, UTF-8.
        System.setIn(new BufferedInputStream(stdin));
        System.setOut(new PrintStream(new BufferedOutputStream(out, 128), true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(new BufferedOutputStream(err, 128), true, StandardCharsets.UTF_8));
        // The JVM's CPU time only when the judge has no cgroup to read it from (each read costs ~0.3 ms).
        boolean measureCpu = (s.options & OPTION_MEASURE_CPU) != 0;
        long cpu0 = measureCpu ? ProcessCpu.nanos() : 0;
        long t0 = System.nanoTime();
        r.exitCode = runMain(s, group);
        // Shutdown hooks the test registered run now, as at a process's end, with its streams.
        jdk.runShutdownHooks();
        r.wallNanos = System.nanoTime() - t0;
        r.cpuNanos = measureCpu ? ProcessCpu.nanos() - cpu0 : 0;
        boolean restored = jdk.restore();
        clearWorkDir();
        r.stderr = err.toByteArray();
        // Nothing of the test may stay reachable: its group (kept by its parent until destroyed) held
        // its main thread and classes, and with them every static of the test's loader.
        boolean threadsLeft = !group.release();
        // A test that closed fd 0 itself (FileDescriptor.in, not System.in) took it from the next one.
        r.recycle = group.oom || threadsLeft || !Threads.startedSince(before).isEmpty() || !FileDescriptor.in.valid()
                || !restored || s.finalizers;
        if ((s.options & OPTION_REPORT_HEAP) != 0) r.heapBytes = heapAfterCollection();
        return r;
    }

    /** main on its own thread in the test's group, waited for as a process waits; the test's exit code. */
    private int runMain(Submission s, TestGroup group) {
        try {
            TestLoader loader = new TestLoader(s.classes, exitClassBytes);
            Class<?> exit = loader.loadClass(EXIT_CLASS);
            Method status = exit.getMethod("status");
            MainThread main = new MainThread(group, mainMethod(loader, s.mainClass), s.stackBytes);
            main.setContextClassLoader(loader);
            group.watch(main, exit);
            main.start();
            waitForTest(group, status);
            return group.exitCode(exitStatus(status));
        } catch (LaunchError e) {
            System.err.println(e.getMessage());
            return 1;
        } catch (ReflectiveOperationException | InterruptedException e) {
            e.printStackTrace();
            return 1;
        }
    }

    /** The heap in use after a full collection (which also unloads the classes of earlier tests). */
    private static long heapAfterCollection() {
        System.gc();
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }

    /** Files a test wrote to its working directory (the sandbox's private tmpfs) are not seen by the next test. */
    private void clearWorkDir() {
        File[] left = workDir == null ? null : workDir.listFiles();
        if (left != null) for (File f : left) deleteTree(f);
    }

    private static void deleteTree(File f) {
        File[] children = f.isDirectory() && !Files.isSymbolicLink(f.toPath()) ? f.listFiles() : null;
        if (children != null) for (File c : children) deleteTree(c);
        f.delete();
    }

    private static int exitStatus(Method status) throws ReflectiveOperationException {
        return (int) status.invoke(null);
    }

    /** Waits as a process waits: for main and every other non-daemon thread of the test, or for an exit. */
    private static void waitForTest(TestGroup group, Method status) throws InterruptedException, ReflectiveOperationException {
        while (true) {
            Thread next = group.firstAliveNonDaemon();
            if (next == null) return;
            if (exitStatus(status) != Integer.MIN_VALUE) {
                // A real exit ends every thread; give the exiting ones a moment to unwind.
                for (Thread t : group.threads()) t.join(EXIT_UNWIND_MS);
                return;
            }
            next.join(POLL_MS);
        }
    }

    private static Method mainMethod(TestLoader loader, String mainClass) throws LaunchError {
        Class<?> c;
        try {
            c = Class.forName(mainClass, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new LaunchError("Error: Could not find or load main class " + mainClass + "\nCaused by: " + e);
        }
        Method m;
        try {
            m = c.getMethod("main", String[].class);
        } catch (NoSuchMethodException e) {
            m = null;
        }
        if (m == null || !Modifier.isStatic(m.getModifiers()) || m.getReturnType() != void.class) {
            throw new LaunchError("Error: Main method not found in class " + mainClass + ", please define the main method as:\n   public static void main(String[] args)");
        }
        m.setAccessible(true);
        return m;
    }

    static final class LaunchError extends Exception {
        private static final long serialVersionUID = 1L;

        LaunchError(String message) {
            super(message);
        }
    }

    static final class Submission {
        final String mainClass;
        final long stackBytes;
        final int stderrCap;
        final int options;
        final Map<String, byte[]> classes = new HashMap<>();
        /** A class may declare finalize(): its finalizers would run during later tests, so each test gets a fresh JVM. */
        boolean finalizers;

        Submission(String mainClass, long stackBytes, int stderrCap, int options) {
            this.mainClass = mainClass;
            this.stackBytes = stackBytes;
            this.stderrCap = stderrCap;
            this.options = options;
        }
    }

    static final class TestRun {
        int exitCode;
        long cpuNanos;
        long wallNanos;
        long heapBytes = -1;
        boolean recycle;
        byte[] stderr = new byte[0];
    }

    /** The user's classes, defined from bytes; the parent is the platform loader, so the harness is not on their lookup path. */
    static final class TestLoader extends ClassLoader {
        private final Map<String, byte[]> classes;
        private final byte[] exitClass;

        TestLoader(Map<String, byte[]> classes, byte[] exitClass) {
            super(ClassLoader.getPlatformClassLoader());
            this.classes = classes;
            this.exitClass = exitClass;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            byte[] b = EXIT_CLASS.equals(name) ? exitClass : classes.get(name);
            if (b == null) throw new ClassNotFoundException(name);
            return defineClass(name, b, 0, b.length);
        }
    }

    /**
     * `main` on a thread of the stack limit's size, named "main" as the launcher's is. Called through
     * reflection (a JNI call, as the launcher makes it), not a method handle: a method handle's first
     * invocation spins LambdaForm classes, ~10 ms of every harness's start (measured).
     */
    static final class MainThread extends Thread {
        private Method main;

        MainThread(ThreadGroup group, Method main, long stackBytes) {
            super(group, null, "main", stackBytes);
            this.main = main;
        }

        @Override
        public void run() {
            Method m = main;
            main = null;
            try {
                m.invoke(null, (Object) new String[0]);
            } catch (InvocationTargetException e) {
                // What main threw, as the launcher would see it (the reflection frames are dropped when printed).
                throw Harness.<RuntimeException>sneaky(e.getCause());
            } catch (Throwable t) {
                throw Harness.<RuntimeException>sneaky(t);
            } finally {
                // The JVM may hold an ended thread's object a while longer: it must not hold the test's classes.
                setContextClassLoader(null);
            }
        }
    }

    /**
     * The CPU time of the whole JVM (every thread: the test's, the JIT's, the GC's; threads that have
     * ended included), from /proc/self/stat in clock ticks (USER_HZ, 100 per second on Linux). It is
     * what the judge also reads from the harness's cgroup; java.lang.management would cost every
     * harness ~25 ms of CPU to start, for a figure the judge only needs without cgroups.
     */
    static final class ProcessCpu {
        private static final long NANOS_PER_TICK = 10_000_000L;

        static long nanos() {
            try (FileInputStream in = new FileInputStream("/proc/self/stat")) {
                String stat = new String(in.readNBytes(1024), StandardCharsets.US_ASCII);
                // After the command name (in parentheses, may hold spaces): state is field 3, utime 14, stime 15.
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * NANOS_PER_TICK;
            } catch (IOException | RuntimeException e) {
                return 0;
            }
        }
    }

    /**
     * FileDescriptor.in and .out pointed at an interactive test's FIFOs (set through Unsafe, as
     * inheritedFd does: Java has no dup2), so that FileDescriptor.in/out, System.in/out and every
     * stream the program builds on them talk to the validator; restore() points them back at 0 and 1.
     */
    static final class FdRedirect {
        private static final long FD_OFFSET;
        private static final sun.misc.Unsafe UNSAFE;

        static {
            try {
                UNSAFE = unsafe();
                FD_OFFSET = UNSAFE.objectFieldOffset(FileDescriptor.class.getDeclaredField("fd"));
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private final int in;
        private final int out;

        FdRedirect(FileDescriptor in, FileDescriptor out) {
            this.in = UNSAFE.getInt(in, FD_OFFSET);
            this.out = UNSAFE.getInt(out, FD_OFFSET);
            UNSAFE.putInt(FileDescriptor.in, FD_OFFSET, this.in);
            UNSAFE.putInt(FileDescriptor.out, FD_OFFSET, this.out);
        }

        /** False when the program closed one of them (the number it held may already be reused). */
        boolean restore() {
            boolean intact = UNSAFE.getInt(FileDescriptor.in, FD_OFFSET) == in
                    && UNSAFE.getInt(FileDescriptor.out, FD_OFFSET) == out;
            UNSAFE.putInt(FileDescriptor.in, FD_OFFSET, 0);
            UNSAFE.putInt(FileDescriptor.out, FD_OFFSET, 1);
            return intact;
        }
    }

    /** fd 0 for System.in: closing it (Scanner.close()) closes the test's stream, not fd 0, which the next test reads. */
    static final class StdinStream extends FileInputStream {
        StdinStream() {
            super(FileDescriptor.in);
        }

        @Override
        public void close() {
            // The BufferedInputStream around it refuses reads once closed, as the JDK's System.in does.
        }
    }

    @SuppressWarnings("unchecked")
    static <T extends Throwable> T sneaky(Throwable t) throws T {
        throw (T) t;
    }

    /** The test's threads; an uncaught exception is printed as the JVM prints it, and remembered. */
    static final class TestGroup extends ThreadGroup {
        private volatile Thread main;
        private volatile Class<?> exit;
        volatile boolean mainFailed;
        volatile boolean oom;

        TestGroup() {
            super("test");
        }

        void watch(Thread main, Class<?> exit) {
            this.main = main;
            this.exit = exit;
        }

        @Override
        public void uncaughtException(Thread t, Throwable e) {
            if (e.getClass() == exit) return;
            if (e instanceof OutOfMemoryError) oom = true;
            if (t == main) {
                mainFailed = true;
                // As `java Main` prints it: the trace ends at the program's main, not in the harness.
                StackTraces.dropHarnessFrames(e, Collections.newSetFromMap(new IdentityHashMap<>()));
            }
            super.uncaughtException(t, e);
        }

        /**
         * Drops what the group refers to and destroys it (its parent keeps a destroyed group no more);
         * false when a thread of the test is still alive (the JVM is then recycled).
         */
        boolean release() {
            main = null;
            exit = null;
            if (activeCount() > 0) return false;
            try {
                destroy();
                return true;
            } catch (IllegalThreadStateException e) {
                return false;
            }
        }

        int exitCode(int exitStatus) {
            if (exitStatus != Integer.MIN_VALUE) return exitStatus;
            return mainFailed ? 1 : 0;
        }

        Thread[] threads() {
            Thread[] all = new Thread[activeCount() + 8];
            return Arrays.copyOf(all, enumerate(all, true));
        }

        Thread firstAliveNonDaemon() {
            for (Thread t : threads()) if (t.isAlive() && !t.isDaemon()) return t;
            return null;
        }
    }

    static final class Threads {
        static Set<Thread> all() {
            ThreadGroup root = Thread.currentThread().getThreadGroup();
            while (root.getParent() != null) root = root.getParent();
            Thread[] ts = new Thread[root.activeCount() + 16];
            int n = root.enumerate(ts, true);
            return new HashSet<>(Arrays.asList(ts).subList(0, n));
        }

        /** Threads alive now that were not before: a test that leaves one behind is not followed by another in this JVM. */
        static Set<Thread> startedSince(Set<Thread> before) {
            Set<Thread> now = all();
            now.removeAll(before);
            // A loop, not removeIf with a lambda: the first lambda bootstraps invokedynamic (~10 ms of start).
            for (Iterator<Thread> i = now.iterator(); i.hasNext();) if (!i.next().isAlive()) i.remove();
            return now;
        }
    }

    /** The test's standard output: fd 1, until the test's result is written after it. */
    static final class Sink extends OutputStream {
        private final FileOutputStream fd;
        private boolean open = true;

        Sink(FileOutputStream fd) {
            this.fd = fd;
        }

        @Override
        public synchronized void write(int b) throws IOException {
            if (open) fd.write(b);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            if (open) fd.write(b, off, len);
        }

        /** The program closing System.out closes its own stream, not the harness's fd 1. */
        @Override
        public synchronized void close() {
            open = false;
        }

        synchronized void finish(byte[] result) throws IOException {
            open = false;
            fd.write(result);
        }
    }

    /** Standard error, kept up to a cap (the judge reads the exception line from it). */
    static final class CappedBuffer extends ByteArrayOutputStream {
        private final int cap;

        CappedBuffer(int cap) {
            this.cap = cap;
        }

        @Override
        public synchronized void write(int b) {
            if (count < cap) super.write(b);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            super.write(b, off, Math.max(0, Math.min(len, cap - count)));
        }
    }

    /** The frames below a test's main (the method handle's, the harness thread's) that `java Main` would not print. */
    static final class StackTraces {
        static void dropHarnessFrames(Throwable e, Set<Throwable> seen) {
            if (e == null || !seen.add(e)) return;
            try {
                StackTraceElement[] trace = e.getStackTrace();
                int end = trace.length;
                while (end > 0 && isHarnessFrame(trace[end - 1])) end--;
                if (end > 0 && end < trace.length) e.setStackTrace(Arrays.copyOf(trace, end));
                dropHarnessFrames(e.getCause(), seen);
                for (Throwable s : e.getSuppressed()) dropHarnessFrames(s, seen);
            } catch (RuntimeException ignored) {
                // a program's own Throwable that refuses: printed as it is
            }
        }

        private static boolean isHarnessFrame(StackTraceElement f) {
            String c = f.getClassName();
            return c.equals("Harness$MainThread") || c.startsWith("java.lang.invoke.") || c.startsWith("jdk.internal.reflect.")
                    || c.equals("java.lang.reflect.Method");
        }
    }

    /** Whether a class file names a method "finalize" of type ()V (a cheap scan of its constant pool; a false yes only costs speed). */
    static final class Finalizers {
        private static final byte[] FINALIZE = "finalize".getBytes(StandardCharsets.US_ASCII);

        static boolean mayDeclare(byte[] b) {
            outer:
            for (int i = 0; i + FINALIZE.length + 3 <= b.length; i++) {
                if (b[i] != 1 || b[i + 1] != 0 || b[i + 2] != FINALIZE.length) continue;
                for (int k = 0; k < FINALIZE.length; k++) if (b[i + 3 + k] != FINALIZE[k]) continue outer;
                return true;
            }
            return false;
        }
    }

    /**
     * Repoints every java/lang/System.exit(I)V method reference of a class file to javelin_harness/Exit:
     * two constant-pool entries appended (a Utf8 and a Class), each such Methodref's class index changed.
     * A class file it cannot read is returned unchanged (defineClass then reports it).
     */
    static final class ExitRedirect {
        private static final byte[] SYSTEM = "java/lang/System".getBytes(StandardCharsets.US_ASCII);
        private static final byte[] EXIT = "exit".getBytes(StandardCharsets.US_ASCII);
        private static final byte[] INT_VOID = "(I)V".getBytes(StandardCharsets.US_ASCII);
        private static final byte[] TARGET = EXIT_CLASS.replace('.', '/').getBytes(StandardCharsets.US_ASCII);

        static byte[] apply(byte[] b) {
            try {
                return patch(b);
            } catch (IndexOutOfBoundsException e) {
                return b;
            }
        }

        private static int u2(byte[] b, int at) {
            return ((b[at] & 0xFF) << 8) | (b[at + 1] & 0xFF);
        }

        private static byte[] patch(byte[] b) {
            if (b.length < 10 || u2(b, 0) != 0xCAFE || u2(b, 2) != 0xBABE) return b;
            int count = u2(b, 8);
            int[] tag = new int[count];
            int[] at = new int[count];
            int p = 10;
            for (int i = 1; i < count; i++) {
                tag[i] = b[p] & 0xFF;
                at[i] = p + 1;
                int size = entrySize(b, p);
                if (size < 0) return b;
                p += size;
                if (tag[i] == 5 || tag[i] == 6) i++;
            }
            List<Integer> refs = new ArrayList<>();
            for (int i = 1; i < count; i++) {
                if (tag[i] == 10 && isSystemExit(b, tag, at, u2(b, at[i]), u2(b, at[i] + 2))) refs.add(i);
            }
            if (refs.isEmpty() || count + 2 > 0xFFFF) return b;
            byte[] out = new byte[b.length + 3 + TARGET.length + 3];
            System.arraycopy(b, 0, out, 0, p);
            out[8] = (byte) ((count + 2) >> 8);
            out[9] = (byte) (count + 2);
            int classIndex = count + 1;
            for (int i : refs) {
                out[at[i]] = (byte) (classIndex >> 8);
                out[at[i] + 1] = (byte) classIndex;
            }
            int q = p;
            out[q++] = 1;
            out[q++] = (byte) (TARGET.length >> 8);
            out[q++] = (byte) TARGET.length;
            System.arraycopy(TARGET, 0, out, q, TARGET.length);
            q += TARGET.length;
            out[q++] = 7;
            out[q++] = (byte) (count >> 8);
            out[q++] = (byte) count;
            System.arraycopy(b, p, out, q, b.length - p);
            return out;
        }

        /** Bytes of the constant-pool entry at p (tag included), or -1 for an unknown tag. */
        private static int entrySize(byte[] b, int p) {
            switch (b[p] & 0xFF) {
                case 1: return 3 + u2(b, p + 1);
                case 7: case 8: case 16: case 19: case 20: return 3;
                case 15: return 4;
                case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18: return 5;
                case 5: case 6: return 9;
                default: return -1;
            }
        }

        private static boolean isSystemExit(byte[] b, int[] tag, int[] at, int classIdx, int natIdx) {
            if (tag[classIdx] != 7 || tag[natIdx] != 12) return false;
            return utf8Is(b, tag, at, u2(b, at[classIdx]), SYSTEM)
                    && utf8Is(b, tag, at, u2(b, at[natIdx]), EXIT)
                    && utf8Is(b, tag, at, u2(b, at[natIdx] + 2), INT_VOID);
        }

        private static boolean utf8Is(byte[] b, int[] tag, int[] at, int idx, byte[] want) {
            if (idx <= 0 || idx >= tag.length || tag[idx] != 1 || u2(b, at[idx]) != want.length) return false;
            return Arrays.equals(b, at[idx] + 2, at[idx] + 2 + want.length, want, 0, want.length);
        }
    }
}
