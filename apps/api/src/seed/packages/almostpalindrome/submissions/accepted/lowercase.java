package judge.strings;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

/** Almost a Palindrome: the same two pointers on a char array, answering in lower case ("yes"/"no"). */
public class lowercase {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int t = Integer.parseInt(in.readLine().trim());
        StringBuilder out = new StringBuilder();
        while (t-- > 0) {
            char[] w = in.readLine().trim().toCharArray();
            out.append(check(w, 0, w.length - 1, 1) ? "yes" : "no").append('\n');
        }
        System.out.print(out);
    }

    /** Whether w[i..j] is a palindrome after at most `deletions` deletions (0 or 1). */
    static boolean check(char[] w, int i, int j, int deletions) {
        while (i < j) {
            if (w[i] != w[j]) {
                return deletions > 0 && (check(w, i + 1, j, 0) || check(w, i, j - 1, 0));
            }
            i++;
            j--;
        }
        return true;
    }
}
