import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.Arrays;
import java.util.StringTokenizer;

/** Wrong answer: takes items by worth per gram while they fit (right for fractional knapsack only). */
public class GreedyRatio {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer t = new StringTokenizer(in.readLine());
        int n = Integer.parseInt(t.nextToken());
        long cap = Long.parseLong(t.nextToken());
        long[][] items = new long[n][2];
        for (int i = 0; i < n; i++) {
            t = new StringTokenizer(in.readLine());
            items[i][0] = Long.parseLong(t.nextToken());
            items[i][1] = Long.parseLong(t.nextToken());
        }
        Arrays.sort(items, (a, b) -> Double.compare((double) b[1] / b[0], (double) a[1] / a[0]));
        long total = 0;
        for (long[] item : items) {
            if (item[0] <= cap) {
                cap -= item[0];
                total += item[1];
            }
        }
        System.out.println(total);
    }
}
