package javelin_harness;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

/**
 * The harness's warm-up program (trusted): one pass through the path every test takes: a class
 * defined in a fresh loader, main on its own thread, a line read from System.in, a line printed,
 * and nothing more, so that a test pays only for the JDK features it uses itself.
 */
public final class Warmup {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line = in.readLine();
        System.out.println(line == null ? "warm " + args.length : line);
    }
}
