import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.Arrays;
import java.util.StringTokenizer;

/** One Meeting Room: the earliest-ending-first greedy, on meetings packed into longs (end, start). */
public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int n = Integer.parseInt(in.readLine().trim());
        long[] byEnd = new long[n];
        for (int i = 0; i < n; i++) {
            StringTokenizer t = new StringTokenizer(in.readLine());
            long s = Long.parseLong(t.nextToken());
            long e = Long.parseLong(t.nextToken());
            byEnd[i] = (e << 31) | s;
        }
        Arrays.sort(byEnd);
        long free = 0;
        int granted = 0;
        for (long packed : byEnd) {
            long s = packed & ((1L << 31) - 1);
            long e = packed >>> 31;
            if (s >= free) {
                granted++;
                free = e;
            }
        }
        System.out.println(granted);
    }
}
