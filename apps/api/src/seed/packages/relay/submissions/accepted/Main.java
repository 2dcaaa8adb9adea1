import java.util.*;

/** Four bits to a hex digit (the last one padded with zeros), and back. */
public class Main {
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
            for (int i = 0; i < n; i++) {
                int v = Character.digit(text.charAt(i / 4), 16);
                out.append((v >> (3 - i % 4)) & 1);
            }
        }
        System.out.println(out);
    }
}
