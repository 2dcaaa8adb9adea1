import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

/**
 * Wrong answer (precision): the recurrence with prefix sums P(t) = E(1) + ... + E(t). For large T the
 * window P(t-1) - P(t-1-m) is a small difference of two numbers near 1e11: cancellation leaves too few
 * correct digits for a relative error of 1e-6.
 */
public class PrefixSums {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String[] head = in.readLine().trim().split("\\s+");
        int m = Integer.parseInt(head[0]);
        int q = Integer.parseInt(head[1]);
        int[] targets = new int[q];
        int max = 1;
        for (int i = 0; i < q; i++) max = Math.max(max, targets[i] = Integer.parseInt(in.readLine().trim()));
        double[] prefix = new double[max + 1];
        double[] e = new double[max + 1];
        for (int x = 1; x <= max; x++) {
            double window = prefix[x - 1] - prefix[Math.max(0, x - 1 - m)];
            e[x] = 1 + window / m;
            prefix[x] = prefix[x - 1] + e[x];
        }
        StringBuilder out = new StringBuilder();
        for (int target : targets) out.append(e[target]).append('\n');
        System.out.print(out);
    }
}
