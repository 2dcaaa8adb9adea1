import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Output validator of Course Order, with the problem package format's interface:
 *
 *   java Validator input judge_answer feedback_dir [flags] < team_output
 *
 * Exit 42 when the team's output is a correct answer, 43 when it is not; any other exit (a crash,
 * exit 1) is a judge error. Why an output was rejected goes to feedback_dir/judgemessage.txt.
 *
 * Correct means: when the judge's answer is IMPOSSIBLE, the single word IMPOSSIBLE (any case); else
 * exactly n numbers, a permutation of 1..n, with a before b for every prerequisite (a, b). A valid
 * order against a judge's IMPOSSIBLE is reported as a judge error: the judge's answer is wrong.
 */
public class Validator {
    static final int ACCEPTED = 42;
    static final int WRONG_ANSWER = 43;
    static final int JUDGE_ERROR = 1;
    /** Team output read at most: n numbers of at most 6 digits and separators fit well below this. */
    static final int MAX_OUTPUT = 8 << 20;

    static Path feedback;

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: Validator input judge_answer feedback_dir [flags] < team_output");
            System.exit(JUDGE_ERROR);
        }
        feedback = Path.of(args[2]);
        String[] input = tokens(Files.readAllBytes(Path.of(args[0])));
        String[] judge = tokens(Files.readAllBytes(Path.of(args[1])));
        byte[] raw = readLimited(System.in);
        if (raw == null) finish(WRONG_ANSWER, "output is larger than " + MAX_OUTPUT + " bytes");
        String[] team = tokens(raw);

        int n = Integer.parseInt(input[0]);
        int m = Integer.parseInt(input[1]);
        int[] from = new int[m];
        int[] to = new int[m];
        for (int i = 0; i < m; i++) {
            from[i] = Integer.parseInt(input[2 + 2 * i]);
            to[i] = Integer.parseInt(input[3 + 2 * i]);
        }
        boolean judgeImpossible = judge.length > 0 && judge[0].equalsIgnoreCase("IMPOSSIBLE");

        if (team.length == 0) finish(WRONG_ANSWER, "empty output");
        if (team[0].equalsIgnoreCase("IMPOSSIBLE")) {
            if (team.length > 1) finish(WRONG_ANSWER, "IMPOSSIBLE followed by " + (team.length - 1) + " more tokens");
            if (judgeImpossible) finish(ACCEPTED, "IMPOSSIBLE, as the judge's answer");
            finish(WRONG_ANSWER, "IMPOSSIBLE, but the judge's answer has an order");
        }
        if (team.length != n) finish(WRONG_ANSWER, team.length + " tokens where " + n + " course numbers were expected");
        int[] position = new int[n + 1];
        for (int i = 0; i < n; i++) {
            int course = parseCourse(team[i], n);
            if (position[course] != 0) finish(WRONG_ANSWER, "course " + course + " appears twice");
            position[course] = i + 1;
        }
        for (int i = 0; i < m; i++) {
            if (position[from[i]] > position[to[i]]) {
                finish(WRONG_ANSWER, "course " + to[i] + " (place " + position[to[i]] + ") comes before its prerequisite " + from[i] + " (place " + position[from[i]] + ")");
            }
        }
        if (judgeImpossible) finish(JUDGE_ERROR, "the team's order is valid but the judge's answer says IMPOSSIBLE");
        finish(ACCEPTED, "a valid order");
    }

    static int parseCourse(String token, int n) {
        if (!token.matches("[0-9]{1,7}")) finish(WRONG_ANSWER, "\"" + abbreviate(token) + "\" is not a course number");
        int course = Integer.parseInt(token);
        if (course < 1 || course > n) finish(WRONG_ANSWER, "course " + course + " does not exist (1.." + n + ")");
        return course;
    }

    static String abbreviate(String s) {
        return s.length() > 20 ? s.substring(0, 20) + "…" : s;
    }

    static String[] tokens(byte[] bytes) {
        List<String> out = new ArrayList<>();
        String text = new String(bytes, StandardCharsets.UTF_8);
        int i = 0;
        while (i < text.length()) {
            while (i < text.length() && Character.isWhitespace(text.charAt(i))) i++;
            int start = i;
            while (i < text.length() && !Character.isWhitespace(text.charAt(i))) i++;
            if (i > start) out.add(text.substring(start, i));
        }
        return out.toArray(new String[0]);
    }

    static byte[] readLimited(InputStream in) throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        byte[] chunk = new byte[1 << 16];
        int read;
        while ((read = in.read(chunk)) > 0) {
            buffer.write(chunk, 0, read);
            if (buffer.size() > MAX_OUTPUT) return null;
        }
        return buffer.toByteArray();
    }

    static void finish(int code, String message) {
        try {
            Files.writeString(feedback.resolve("judgemessage.txt"), message + "\n");
        } catch (IOException e) {
            System.err.println("cannot write judgemessage.txt: " + e.getMessage());
        }
        System.exit(code);
    }
}
