import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TaskEvent;
import com.sun.source.util.TaskListener;
import com.sun.tools.javac.api.JavacTaskPool;

import javax.lang.model.element.Modifier;
import javax.tools.*;
import java.io.*;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.*;

/**
 * Javelin's warm compile service: a long-lived JVM that compiles one submission per request with
 * javax.tools, in memory. It runs inside the judge's bubblewrap sandbox, with annotation processing
 * off (-proc:none) and an empty class path.
 *
 * javac's context (symbol table, the JDK classes it has read) is reused from one compilation to the
 * next through JavacTaskPool (the JDK's own pool, as jshell uses it; needs --add-exports
 * jdk.compiler/com.sun.tools.javac.api=ALL-UNNAMED): the classes a submission declared are removed
 * from it after its compilation, and a context a submission could have changed (a class in a java.*
 * package, a compilation that threw) is dropped. ~2.5x less CPU per compilation than a new context.
 * A source javac rejects is compiled again in a fresh context, which gives the error text (and the
 * verdict: a fresh context is the reference, the pooled one only a faster way to the same classes).
 *
 * Protocol on stdin/stdout (big-endian, DataInput/DataOutput):
 *   request:  int id, int nameLen, name (UTF-8, the file's simple name without .java),
 *             int srcLen, source (UTF-8)
 *   response: int id, byte status (0 compiled, 1 compile error, 2 compiler failure)
 *             status 0: int mainLen, main class binary name (may be empty), int count,
 *                       count x (int nameLen, binary name, int len, class bytes)
 *             status 1/2: int msgLen, message (UTF-8)
 *
 * A request whose name starts with "lint:" (a class name never holds a colon) is a lint request for
 * the AI analyzer: the same compilation with -Xlint:all and warnings on, answered with status 3 and
 * javac's diagnostics when it compiles (status 1 and the same text when it does not); no classes.
 */
public final class CompileServer {
    private static final int MAX_OUTPUT_BYTES = 32 << 20;
    private static final int MAX_MESSAGE_CHARS = 16_000;
    private static final String LINT_PREFIX = "lint:";
    /**
     * A program of several files (a package's jury submission, issue 42): the request's source is
     * `path NUL content NUL path NUL content ...`, compiled together.
     */
    private static final String FILES_PREFIX = "files:";

    public static void main(String[] args) throws Exception {
        DataInputStream in = new DataInputStream(new BufferedInputStream(System.in, 1 << 16));
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16));
        System.setOut(System.err); // nothing but the protocol goes to stdout
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager standard = compiler.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8);
        JavacTaskPool pool = new JavacTaskPool(1);
        // One output file manager for every compilation: a reused context keeps the one it was made with.
        MemoryFiles files = new MemoryFiles(standard);
        while (true) {
            int id;
            try {
                id = in.readInt();
            } catch (EOFException e) {
                return;
            }
            String name = new String(readBytes(in), StandardCharsets.UTF_8);
            String source = new String(readBytes(in), StandardCharsets.UTF_8);
            Result r;
            boolean lint = name.startsWith(LINT_PREFIX);
            try {
                // A lint request (the AI analyzer's, rare) compiles in a fresh context of its own.
                r = lint ? lint(compiler, standard, name.substring(LINT_PREFIX.length()), source)
                        : compile(pool, files, compiler, standard, name, source);
            } catch (Throwable t) {
                r = Result.failure(2, "The compiler failed: " + t);
            }
            out.writeInt(id);
            out.writeByte(r.status);
            if (r.status == 0) {
                writeBytes(out, r.mainClass.getBytes(StandardCharsets.UTF_8));
                out.writeInt(r.classes.size());
                for (Map.Entry<String, ByteArrayOutputStream> e : r.classes.entrySet()) {
                    writeBytes(out, e.getKey().getBytes(StandardCharsets.UTF_8));
                    writeBytes(out, e.getValue().toByteArray());
                }
            } else {
                writeBytes(out, r.message.getBytes(StandardCharsets.UTF_8));
            }
            out.flush();
        }
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > (16 << 20)) throw new IOException("bad length " + n);
        byte[] b = new byte[n];
        in.readFully(b);
        return b;
    }

    private static void writeBytes(DataOutputStream out, byte[] b) throws IOException {
        out.writeInt(b.length);
        out.write(b);
    }

    static final class Result {
        int status;
        String message = "";
        String mainClass = "";
        Map<String, ByteArrayOutputStream> classes = new LinkedHashMap<>();

        static Result failure(int status, String message) {
            Result r = new Result();
            r.status = status;
            r.message = message.length() > MAX_MESSAGE_CHARS ? message.substring(0, MAX_MESSAGE_CHARS) + "\n..." : message;
            return r;
        }
    }

    static final class Source extends SimpleJavaFileObject {
        final String code;

        Source(String name, String code) {
            super(URI.create("string:///" + name + ".java"), Kind.SOURCE);
            this.code = code;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return code;
        }

        @Override
        public boolean isNameCompatible(String simpleName, Kind kind) {
            return true; // any public class name is accepted
        }

        @Override
        public String getName() {
            return toUri().getPath().substring(1); // "Main.java" in diagnostics, as javac prints it
        }
    }

    static final class MemoryFiles extends ForwardingJavaFileManager<StandardJavaFileManager> {
        Map<String, ByteArrayOutputStream> classes = new LinkedHashMap<>();
        int total;

        MemoryFiles(StandardJavaFileManager m) {
            super(m);
        }

        /** The classes written so far, and a fresh start for the next compilation. */
        Map<String, ByteArrayOutputStream> take() {
            Map<String, ByteArrayOutputStream> out = classes;
            classes = new LinkedHashMap<>();
            total = 0;
            return out;
        }

        @Override
        public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind, FileObject sibling) {
            return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + kind.extension), kind) {
                @Override
                public OutputStream openOutputStream() {
                    return new ByteArrayOutputStream() {
                        @Override
                        public void close() throws IOException {
                            super.close();
                            total += size();
                            if (total > MAX_OUTPUT_BYTES) throw new IOException("compiled classes too large");
                            classes.put(className, this);
                        }
                    };
                }
            };
        }
    }

    private static final List<String> OPTIONS = List.of("-proc:none", "-implicit:none", "-nowarn", "-Xlint:none",
            "-Xmaxerrs", "20", "-g", "-XDstringConcat=inline", "-encoding", "UTF-8", "-classpath", "");

    /** A successful compilation in the pooled context, else the same source again in a fresh one (javac's own error text). */
    /** The compilation units of a request: one named source, or the files of a FILES_PREFIX request. */
    static List<Source> sources(String name, String code) {
        if (!name.startsWith(FILES_PREFIX)) return List.of(new Source(name, code));
        String[] parts = code.split("\u0000", -1);
        List<Source> list = new ArrayList<>();
        for (int i = 0; i + 1 < parts.length; i += 2) {
            String path = parts[i];
            String simple = path.substring(path.lastIndexOf('/') + 1).replaceAll("\\.java$", "");
            list.add(new Source(simple, parts[i + 1]));
        }
        return list;
    }

    static Result compile(JavacTaskPool pool, MemoryFiles files, JavaCompiler compiler, StandardJavaFileManager standard, String name, String code) throws IOException {
        Result r;
        try {
            r = pooled(pool, files, name, code);
        } catch (RuntimeException | Error e) {
            // A context that threw is not returned to the pool.
            r = null;
        }
        return r != null ? r : fresh(compiler, standard, name, code);
    }

    /**
     * The pooled context; null when javac reported an error. A reused context only reports through a
     * DiagnosticListener, and javac formats its messages itself only without one: so an error is
     * never taken from here, the fresh compilation gives it, word for word as the javac command.
     */
    static Result pooled(JavacTaskPool pool, MemoryFiles files, String name, String code) {
        files.take();
        boolean[] error = {false};
        DiagnosticListener<JavaFileObject> errors = d -> {
            if (d.getKind() == Diagnostic.Kind.ERROR) error[0] = true;
        };
        return pool.getTask(new StringWriter(), files, errors, OPTIONS, null, sources(name, code), task -> {
            // Read from the tree as parsed (a pooled compiler empties class bodies once they are generated).
            List<CompilationUnitTree> units = new ArrayList<>();
            String[] main = {""};
            task.addTaskListener(new TaskListener() {
                @Override
                public void finished(TaskEvent e) {
                    if (e.getKind() != TaskEvent.Kind.PARSE) return;
                    units.add(e.getCompilationUnit());
                    main[0] = findMain(units);
                }
            });
            boolean ok = task.call();
            Map<String, ByteArrayOutputStream> classes = files.take();
            if (!ok || error[0]) return null;
            Result r = new Result();
            r.status = 0;
            r.mainClass = main[0];
            r.classes = classes;
            return r;
        });
    }

    /** A compilation in a new javac context, as the javac command would do it. */
    static Result fresh(JavaCompiler compiler, StandardJavaFileManager standard, String name, String code) throws IOException {
        MemoryFiles files = new MemoryFiles(standard);
        // No DiagnosticListener: javac formats its diagnostics itself, exactly as the javac command does.
        StringWriter messages = new StringWriter();
        JavacTask task = (JavacTask) compiler.getTask(messages, files, null, OPTIONS, null, sources(name, code));
        List<CompilationUnitTree> units = new ArrayList<>();
        task.addTaskListener(new TaskListener() {
            @Override
            public void finished(TaskEvent e) {
                if (e.getKind() == TaskEvent.Kind.PARSE) units.add(e.getCompilationUnit());
            }
        });
        boolean ok = task.call();
        if (!ok) {
            String m = messages.toString().trim();
            return Result.failure(1, m.isEmpty() ? "Compilation failed" : m);
        }
        Result r = new Result();
        r.status = 0;
        r.mainClass = findMain(units);
        r.classes = files.classes;
        return r;
    }

    /** javac -Xlint:all's diagnostics of the source, formatted as the javac command prints them; the classes are dropped. */
    static Result lint(JavaCompiler compiler, StandardJavaFileManager standard, String name, String code) {
        MemoryFiles files = new MemoryFiles(standard);
        List<String> options = List.of("-proc:none", "-implicit:none", "-Xlint:all", "-Xmaxerrs", "20", "-Xmaxwarns", "50",
                "-encoding", "UTF-8", "-classpath", "");
        StringWriter messages = new StringWriter();
        JavacTask task = (JavacTask) compiler.getTask(messages, files, null, options, null, List.of(new Source(name, code)));
        boolean ok = task.call();
        // Status 3 carries the diagnostics of a source that compiled; 1 those of one that did not.
        return Result.failure(ok ? 3 : 1, messages.toString().trim());
    }

    /** The binary name of the top-level class with public static void main(String[]), preferring a public class. */
    static String findMain(Iterable<? extends CompilationUnitTree> units) {
        String found = "";
        for (CompilationUnitTree unit : units) {
            String pkg = unit.getPackageName() == null ? "" : unit.getPackageName().toString() + ".";
            for (Tree t : unit.getTypeDecls()) {
                if (!(t instanceof ClassTree)) continue;
                ClassTree c = (ClassTree) t;
                boolean hasMain = false;
                for (Tree m : c.getMembers()) {
                    if (m instanceof MethodTree) {
                        MethodTree mt = (MethodTree) m;
                        Set<Modifier> mods = mt.getModifiers().getFlags();
                        if (mt.getName().contentEquals("main") && mods.contains(Modifier.STATIC)
                                && mt.getParameters().size() == 1 && mt.getReturnType() != null
                                && mt.getReturnType().toString().equals("void")) hasMain = true;
                    }
                }
                if (!hasMain) continue;
                String n = pkg + c.getSimpleName();
                if (c.getModifiers().getFlags().contains(Modifier.PUBLIC)) return n;
                if (found.isEmpty()) found = n;
            }
        }
        return found;
    }
}
