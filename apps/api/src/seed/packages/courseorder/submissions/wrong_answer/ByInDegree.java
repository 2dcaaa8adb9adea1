import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.Arrays;
import java.util.StringTokenizer;

/** Wrong answer: orders the courses by how many prerequisites they have, which chains break. */
public class ByInDegree {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer t = new StringTokenizer(in.readLine());
        int n = Integer.parseInt(t.nextToken());
        int m = Integer.parseInt(t.nextToken());
        long[] keyed = new long[n];
        int[] indeg = new int[n + 1];
        for (int i = 0; i < m; i++) {
            t = new StringTokenizer(in.readLine());
            t.nextToken();
            indeg[Integer.parseInt(t.nextToken())]++;
        }
        for (int v = 1; v <= n; v++) keyed[v - 1] = ((long) indeg[v] << 20) | v;
        Arrays.sort(keyed);
        StringBuilder out = new StringBuilder();
        for (long k : keyed) out.append(k & ((1 << 20) - 1)).append(' ');
        System.out.println(out.toString().trim());
    }
}
