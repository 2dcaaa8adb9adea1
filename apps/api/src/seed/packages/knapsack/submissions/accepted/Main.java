import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

/** Backpacking Trip: 0/1 knapsack over capacities, one long array, capacities walked downwards. */
public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer t = new StringTokenizer(in.readLine());
        int n = Integer.parseInt(t.nextToken());
        int cap = Integer.parseInt(t.nextToken());
        long[] best = new long[cap + 1];
        for (int i = 0; i < n; i++) {
            t = new StringTokenizer(in.readLine());
            int w = Integer.parseInt(t.nextToken());
            long v = Long.parseLong(t.nextToken());
            for (int c = cap; c >= w; c--) best[c] = Math.max(best[c], best[c - w] + v);
        }
        System.out.println(best[cap]);
    }
}
