package barn;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.Arrays;

/** Spaced Out Stalls: binary search for the first distance that does not fit (lowercase class, in a package). */
public class horses {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String[] head = in.readLine().trim().split("\\s+");
        int c = Integer.parseInt(head[1]);
        long[] xs = Arrays.stream(in.readLine().trim().split("\\s+")).mapToLong(Long::parseLong).sorted().toArray();
        // invariant: distance good fits, distance bad does not
        long good = 0;
        long bad = xs[xs.length - 1] - xs[0] + 1;
        while (bad - good > 1) {
            long mid = good + (bad - good) / 2;
            int count = 1;
            long last = xs[0];
            for (long x : xs) {
                if (x - last >= mid) {
                    count++;
                    last = x;
                }
            }
            if (count >= c) good = mid;
            else bad = mid;
        }
        System.out.println(good);
    }
}
