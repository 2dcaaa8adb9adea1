import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StreamTokenizer;

/** Backpacking Trip: the textbook two-row table (item by item, previous row kept), lowercase class. */
public class pack2d {
    public static void main(String[] args) throws IOException {
        StreamTokenizer in = new StreamTokenizer(new BufferedReader(new InputStreamReader(System.in)));
        in.nextToken();
        int n = (int) in.nval;
        in.nextToken();
        int cap = (int) in.nval;
        long[] prev = new long[cap + 1];
        long[] cur = new long[cap + 1];
        for (int i = 0; i < n; i++) {
            in.nextToken();
            int w = (int) in.nval;
            in.nextToken();
            long v = (long) in.nval; // values are at most 1e9: exact in a double
            for (int c = 0; c <= cap; c++) {
                cur[c] = prev[c];
                if (c >= w && prev[c - w] + v > cur[c]) cur[c] = prev[c - w] + v;
            }
            long[] swap = prev;
            prev = cur;
            cur = swap;
        }
        System.out.println(prev[cap]);
    }
}
