import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

/** Too slow: trial division of every number up to n, for every question. Correct, but O(q n sqrt n). */
public class TrialDivision {
    static boolean isPrime(int x) {
        if (x < 2) return false;
        for (int d = 2; (long) d * d <= x; d++) if (x % d == 0) return false;
        return true;
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int q = Integer.parseInt(in.readLine().trim());
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            int n = Integer.parseInt(in.readLine().trim());
            int count = 0;
            for (int x = 2; x <= n; x++) if (isPrime(x)) count++;
            out.append(count).append('\n');
        }
        System.out.print(out);
    }
}
