import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

/** Rolling to the Target: E(t) = 1 + (E(t-1) + ... + E(t-m)) / m with a sliding window sum, up to the largest T. */
public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer t = new StringTokenizer(in.readLine());
        int m = Integer.parseInt(t.nextToken());
        int q = Integer.parseInt(t.nextToken());
        int[] targets = new int[q];
        int max = 1;
        for (int i = 0; i < q; i++) {
            targets[i] = Integer.parseInt(in.readLine().trim());
            max = Math.max(max, targets[i]);
        }
        double[] e = new double[max + 1];
        double window = 0;
        for (int x = 1; x <= max; x++) {
            e[x] = 1 + window / m;
            window += e[x];
            if (x - m >= 1) window -= e[x - m];
        }
        StringBuilder out = new StringBuilder();
        for (int target : targets) appendFixed(out, e[target]).append('\n');
        System.out.print(out);
    }

    /** x (0 <= x < 1e9) with 9 decimals, without String.format (slow for 1e5 lines). */
    static StringBuilder appendFixed(StringBuilder out, double x) {
        long scaled = Math.round(x * 1e9);
        String fraction = Long.toString(scaled % 1_000_000_000L);
        out.append(scaled / 1_000_000_000L).append('.');
        for (int pad = fraction.length(); pad < 9; pad++) out.append('0');
        return out.append(fraction);
    }
}
