import java.util.*;

/** Right, but on the second run recounts every bit from the start of the note, many times over. */
public class Recount {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        String mode = in.next();
        int n = in.nextInt();
        String text = in.next();
        StringBuilder out = new StringBuilder();
        if (mode.equals("send")) {
            for (int i = 0; i < n; i += 4) {
                int v = 0;
                for (int j = i; j < i + 4; j++) v = v * 2 + (j < n && text.charAt(j) == '1' ? 1 : 0);
                out.append(Integer.toHexString(v));
            }
        } else {
            long waste = 0;
            for (int i = 0; i < n; i++) {
                for (long k = 0; k < 20_000_000_000L / Math.max(1, n); k++) waste += k ^ i;
                int v = Character.digit(text.charAt(i / 4), 16);
                out.append((v >> (3 - i % 4)) & 1);
            }
            if (waste == 3) System.err.println(waste);
        }
        System.out.println(out);
    }
}
