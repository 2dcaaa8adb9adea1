import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.TimeZone;

/**
 * What a test may change in the JDK's process-wide state without reflection into java.base, so that
 * the next test in the same harness JVM sees what a fresh `java Main` sees. Each item is either put
 * back after the test, or, when it cannot be put back completely, reported so that the JVM is
 * recycled (the next test then runs in a fresh one). The list, item by item, is in
 * apps/judge/README.md ("JDK-wide state"); each item has a test in test/fresh-jvm.integration-spec.ts.
 *
 * Trusted code: it runs in the harness between tests, never while a test runs.
 */
final class JdkState {
    /**
     * JDK classes holding state a test can set once and that no public call puts back completely
     * (providers and defaults derived from it are cached): not initialized when the harness starts, so a
     * test that initializes one (by using it at all) is the last test of this JVM.
     */
    private static final String[] STICKY_CLASSES = {
        "java.security.Security", // Security.setProperty: read once by providers, cached
        "java.net.ProxySelector", // setDefault
        "java.net.CookieHandler", // setDefault
        "java.net.ResponseCache", // setDefault
        "java.net.Authenticator", // setDefault
        "java.net.HttpURLConnection", // setFollowRedirects
        "java.net.URLConnection", // setContentHandlerFactory, setDefaultAllowUserInteraction, setFileNameMap
        "java.util.concurrent.ForkJoinPool", // the common pool (parallel streams): its threads and queued tasks
        "java.util.logging.LogManager", // java.util.logging's configuration and loggers
        "java.sql.DriverManager", // registered drivers, log writer, login timeout
    };

    private final sun.misc.Unsafe unsafe;
    private final List<Class<?>> sticky = new ArrayList<>();
    private final Field urlFactory;
    private final Class<?> shutdownHooks;
    private final Field shutdownHooksMap;

    private final InputStream in = System.in;
    private final PrintStream out = System.out;
    private final PrintStream err = System.err;
    private final Properties properties = (Properties) System.getProperties().clone();
    private final Locale locale = Locale.getDefault();
    private final Locale displayLocale = Locale.getDefault(Locale.Category.DISPLAY);
    private final Locale formatLocale = Locale.getDefault(Locale.Category.FORMAT);
    private final Thread.UncaughtExceptionHandler handler = Thread.getDefaultUncaughtExceptionHandler();

    private JdkState(sun.misc.Unsafe unsafe) throws ReflectiveOperationException {
        this.unsafe = unsafe;
        ClassLoader platform = ClassLoader.getPlatformClassLoader();
        for (String name : STICKY_CLASSES) {
            Class<?> c;
            try {
                c = Class.forName(name, false, platform);
            } catch (ClassNotFoundException e) {
                continue; // a module this JDK does not have: no test can use it either
            }
            // One this JDK initializes at start could not be watched this way; the tests of each item say so.
            if (unsafe.shouldBeInitialized(c)) sticky.add(c);
        }
        urlFactory = java.net.URL.class.getDeclaredField("factory");
        shutdownHooks = Class.forName("java.lang.ApplicationShutdownHooks", false, null);
        shutdownHooksMap = shutdownHooks.getDeclaredField("hooks");
    }

    static JdkState capture(sun.misc.Unsafe unsafe) {
        try {
            return new JdkState(unsafe);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the JDK-wide state cannot be watched on this JDK", e);
        }
    }

    /**
     * Runs the shutdown hooks the test registered (Runtime.addShutdownHook), as a JVM runs them when
     * its program ends: all started, then waited for; then they are gone. Hooks that never end keep
     * the test running until its limit, as they keep a real JVM from exiting.
     */
    void runShutdownHooks() {
        if (unsafe.shouldBeInitialized(shutdownHooks)) return;
        List<Thread> hooks;
        synchronized (shutdownHooks) {
            @SuppressWarnings("unchecked")
            IdentityHashMap<Thread, Thread> map = (IdentityHashMap<Thread, Thread>) staticValue(shutdownHooksMap);
            if (map == null || map.isEmpty()) return;
            hooks = new ArrayList<>(map.keySet());
            map.clear();
        }
        for (Thread hook : hooks) {
            try {
                hook.start();
            } catch (IllegalThreadStateException e) {
                // started by the test itself already: the JVM would throw too; nothing to run
            }
        }
        for (Thread hook : hooks) {
            while (true) {
                try {
                    hook.join();
                    break;
                } catch (InterruptedException e) {
                    // keep waiting, as the JVM's shutdown does
                }
            }
        }
    }

    /** Puts back what a test may change; false when something could not be put back (recycle the JVM). */
    boolean restore() {
        System.setIn(in);
        System.setOut(out);
        System.setErr(err);
        System.setProperties((Properties) properties.clone());
        Locale.setDefault(locale);
        Locale.setDefault(Locale.Category.DISPLAY, displayLocale);
        Locale.setDefault(Locale.Category.FORMAT, formatLocale);
        // The default time zone is derived again, on first use, from the restored user.timezone
        // property, as in a fresh JVM (reading it here would cost every harness ~10 ms of CPU).
        TimeZone.setDefault(null);
        Thread.setDefaultUncaughtExceptionHandler(handler);
        for (Class<?> c : sticky) if (!unsafe.shouldBeInitialized(c)) return false;
        // URL.setURLStreamHandlerFactory may be called once per JVM.
        return staticValue(urlFactory) == null;
    }

    private Object staticValue(Field f) {
        return unsafe.getObject(unsafe.staticFieldBase(f), unsafe.staticFieldOffset(f));
    }
}
