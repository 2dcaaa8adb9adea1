import java.io.*;
import java.nio.file.*;

/** Higher or Lower's interactor: the hidden number is the input file's; at most 31 guesses. */
public class Interactor {
    static final int MAX_GUESSES = 31;

    public static void main(String[] args) throws IOException {
        long n = Long.parseLong(Files.readString(Path.of(args[0])).trim());
        BufferedReader team = new BufferedReader(new InputStreamReader(System.in));
        PrintWriter judge = new PrintWriter(new FileWriter(args[2] + "judgemessage.txt"));
        judge.println("hidden number " + n);
        for (int q = 1; q <= MAX_GUESSES; q++) {
            String line = team.readLine();
            if (line == null) finish(judge, 43, "guess " + q + ": the program ended without guessing");
            long g;
            try {
                g = Long.parseLong(line.trim());
            } catch (NumberFormatException e) {
                finish(judge, 43, "guess " + q + ": \"" + line + "\" is not a number");
                return;
            }
            if (g < 1 || g > 1_000_000_000L) finish(judge, 43, "guess " + q + ": " + g + " is out of range");
            if (g == n) {
                System.out.println("correct");
                System.out.flush();
                finish(judge, 42, "found in " + q + " guesses");
            }
            System.out.println(g < n ? "higher" : "lower");
            System.out.flush();
        }
        finish(judge, 43, "more than " + MAX_GUESSES + " guesses");
    }

    static void finish(PrintWriter judge, int code, String message) {
        judge.println(message);
        judge.close();
        System.exit(code);
    }
}
