import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.Arrays;
import java.util.StringTokenizer;

/** Spaced Out Stalls: sort, then binary search on the answer d with a greedy feasibility check. */
public class Main {
    static boolean fits(int[] xs, int c, long d) {
        int placed = 1;
        long last = xs[0];
        for (int i = 1; i < xs.length && placed < c; i++) {
            if (xs[i] - last >= d) {
                placed++;
                last = xs[i];
            }
        }
        return placed >= c;
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer t = new StringTokenizer(in.readLine());
        int n = Integer.parseInt(t.nextToken());
        int c = Integer.parseInt(t.nextToken());
        int[] xs = new int[n];
        t = new StringTokenizer(in.readLine());
        for (int i = 0; i < n; i++) xs[i] = Integer.parseInt(t.nextToken());
        Arrays.sort(xs);
        long lo = 1;
        long hi = (long) (xs[n - 1] - xs[0]) / (c - 1);
        while (lo < hi) {
            long mid = (lo + hi + 1) / 2;
            if (fits(xs, c, mid)) lo = mid;
            else hi = mid - 1;
        }
        System.out.println(lo);
    }
}
