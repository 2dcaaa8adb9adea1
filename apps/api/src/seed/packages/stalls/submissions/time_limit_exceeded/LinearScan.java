import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.Arrays;
import java.util.StringTokenizer;

/** Too slow: tries every distance from the largest conceivable one downwards instead of binary searching. */
public class LinearScan {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer t = new StringTokenizer(in.readLine());
        int n = Integer.parseInt(t.nextToken());
        int c = Integer.parseInt(t.nextToken());
        int[] xs = new int[n];
        t = new StringTokenizer(in.readLine());
        for (int i = 0; i < n; i++) xs[i] = Integer.parseInt(t.nextToken());
        Arrays.sort(xs);
        for (long d = (long) (xs[n - 1] - xs[0]) / (c - 1); d >= 1; d--) {
            int placed = 1;
            long last = xs[0];
            for (int i = 1; i < n; i++) {
                if (xs[i] - last >= d) {
                    placed++;
                    last = xs[i];
                }
            }
            if (placed >= c) {
                System.out.println(d);
                return;
            }
        }
        System.out.println(1);
    }
}
