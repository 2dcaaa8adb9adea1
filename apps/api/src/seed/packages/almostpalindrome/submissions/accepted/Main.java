import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

/** Almost a Palindrome: two pointers; at the first mismatch try deleting either letter. */
public class Main {
    static boolean palindrome(String s, int i, int j) {
        while (i < j) {
            if (s.charAt(i++) != s.charAt(j--)) return false;
        }
        return true;
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int t = Integer.parseInt(in.readLine().trim());
        StringBuilder out = new StringBuilder();
        for (int k = 0; k < t; k++) {
            String s = in.readLine().trim();
            int i = 0;
            int j = s.length() - 1;
            while (i < j && s.charAt(i) == s.charAt(j)) {
                i++;
                j--;
            }
            boolean ok = i >= j || palindrome(s, i + 1, j) || palindrome(s, i, j - 1);
            out.append(ok ? "YES" : "NO").append('\n');
        }
        System.out.print(out);
    }
}
