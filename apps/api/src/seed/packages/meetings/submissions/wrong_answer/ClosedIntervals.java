import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.Arrays;
import java.util.StringTokenizer;

/** Wrong answer: the right greedy, but a meeting may not start when the previous one ends. */
public class ClosedIntervals {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int n = Integer.parseInt(in.readLine().trim());
        long[][] m = new long[n][2];
        for (int i = 0; i < n; i++) {
            StringTokenizer t = new StringTokenizer(in.readLine());
            m[i][0] = Long.parseLong(t.nextToken());
            m[i][1] = Long.parseLong(t.nextToken());
        }
        Arrays.sort(m, (a, b) -> Long.compare(a[1], b[1]));
        long free = -1;
        int granted = 0;
        for (long[] x : m) {
            if (x[0] > free) {
                granted++;
                free = x[1];
            }
        }
        System.out.println(granted);
    }
}
