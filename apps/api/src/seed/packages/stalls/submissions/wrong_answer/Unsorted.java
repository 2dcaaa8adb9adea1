import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

/** Wrong answer: a correct binary search, but it forgets that the stalls come in no particular order. */
public class Unsorted {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer t = new StringTokenizer(in.readLine());
        int n = Integer.parseInt(t.nextToken());
        int c = Integer.parseInt(t.nextToken());
        long[] xs = new long[n];
        t = new StringTokenizer(in.readLine());
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            xs[i] = Long.parseLong(t.nextToken());
            min = Math.min(min, xs[i]);
            max = Math.max(max, xs[i]);
        }
        long lo = 1;
        long hi = (max - min) / (c - 1);
        while (lo < hi) {
            long mid = (lo + hi + 1) / 2;
            int placed = 1;
            long last = xs[0];
            for (int i = 1; i < n; i++) {
                if (Math.abs(xs[i] - last) >= mid) {
                    placed++;
                    last = xs[i];
                }
            }
            if (placed >= c) lo = mid;
            else hi = mid - 1;
        }
        System.out.println(lo);
    }
}
