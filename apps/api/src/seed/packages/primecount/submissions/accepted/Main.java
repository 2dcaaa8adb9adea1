import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

/** Counting Primes: one sieve of Eratosthenes up to the largest question, then prefix counts. */
public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int q = Integer.parseInt(in.readLine().trim());
        int[] queries = new int[q];
        int max = 2;
        for (int i = 0; i < q; i++) {
            queries[i] = Integer.parseInt(in.readLine().trim());
            max = Math.max(max, queries[i]);
        }
        boolean[] composite = new boolean[max + 1];
        for (long p = 2; p * p <= max; p++) {
            if (!composite[(int) p]) {
                for (long m = p * p; m <= max; m += p) composite[(int) m] = true;
            }
        }
        int[] count = new int[max + 1];
        for (int n = 2; n <= max; n++) count[n] = count[n - 1] + (composite[n] ? 0 : 1);
        StringBuilder out = new StringBuilder();
        for (int n : queries) out.append(count[n]).append('\n');
        System.out.print(out);
    }
}
