import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

/** Wrong answer: answers whether the word is a palindrome, forgetting the one deletion allowed. */
public class PalindromeOnly {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int t = Integer.parseInt(in.readLine().trim());
        StringBuilder out = new StringBuilder();
        for (int k = 0; k < t; k++) {
            String s = in.readLine().trim();
            out.append(new StringBuilder(s).reverse().toString().equals(s) ? "Yes" : "No").append('\n');
        }
        System.out.print(out);
    }
}
