import java.io.*;
import java.nio.file.*;
import java.util.*;

/**
 * Relay the Message, multi-pass: pass 1 checks the note (hex, at most ceil(n / 4) characters) and
 * writes nextpass.in for pass 2; pass 2 checks the message. Each pass's input file is that pass's input
 * (pass 2's is nextpass.in, as the format gives it), so the pass number and the message sent are kept in
 * the feedback directory, which persists between passes.
 */
public class Validator {
    public static void main(String[] args) throws IOException {
        Path feedback = Path.of(args[2]);
        Path passFile = feedback.resolve("pass");
        int pass = Files.exists(passFile) ? Integer.parseInt(Files.readString(passFile).trim()) + 1 : 1;
        Files.writeString(passFile, String.valueOf(pass));
        Scanner input = new Scanner(Path.of(args[0]));
        input.next();
        int n = input.nextInt();
        String message = input.next();
        Scanner team = new Scanner(System.in);
        String got = team.hasNext() ? team.next() : "";
        if (team.hasNext()) fail(feedback, "pass " + pass + ": more than one word of output");
        if (pass == 1) {
            int most = (n + 3) / 4;
            if (got.isEmpty() || got.length() > most || !got.matches("[0-9a-f]+"))
                fail(feedback, "pass 1: the note must be 1 to " + most + " hex digits, got " + got.length() + " characters");
            Files.writeString(feedback.resolve("message"), message);
            Files.writeString(feedback.resolve("nextpass.in"), "receive\n" + n + "\n" + got + "\n");
            System.exit(42);
        }
        String sent = Files.readString(feedback.resolve("message")).trim();
        if (!got.equals(sent)) fail(feedback, "pass 2: the message told is not the one sent");
        System.exit(42);
    }

    static void fail(Path feedback, String why) throws IOException {
        Files.writeString(feedback.resolve("judgemessage.txt"), why + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        System.exit(43);
    }
}
