import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

/** Wrong answer: the right DP in an int table, which overflows once the best worth passes 2^31 - 1. */
public class IntTable {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer t = new StringTokenizer(in.readLine());
        int n = Integer.parseInt(t.nextToken());
        int cap = Integer.parseInt(t.nextToken());
        int[] best = new int[cap + 1];
        for (int i = 0; i < n; i++) {
            t = new StringTokenizer(in.readLine());
            int w = Integer.parseInt(t.nextToken());
            int v = Integer.parseInt(t.nextToken());
            for (int c = cap; c >= w; c--) best[c] = Math.max(best[c], best[c - w] + v);
        }
        System.out.println(best[cap]);
    }
}
