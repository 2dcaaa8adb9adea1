import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

/** Wrong answer: at the first mismatch it only tries deleting the left letter. */
public class SkipLeftOnly {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int t = Integer.parseInt(in.readLine().trim());
        StringBuilder out = new StringBuilder();
        for (int k = 0; k < t; k++) {
            String s = in.readLine().trim();
            int i = 0;
            int j = s.length() - 1;
            boolean deleted = false;
            boolean ok = true;
            while (i < j) {
                if (s.charAt(i) == s.charAt(j)) {
                    i++;
                    j--;
                } else if (!deleted) {
                    deleted = true;
                    i++;
                } else {
                    ok = false;
                    break;
                }
            }
            out.append(ok ? "YES" : "NO").append('\n');
        }
        System.out.print(out);
    }
}
