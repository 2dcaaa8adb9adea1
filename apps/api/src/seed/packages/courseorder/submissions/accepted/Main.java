import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

/** Course Order: Kahn's algorithm with an array queue; IMPOSSIBLE when some course is never freed. */
public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer t = new StringTokenizer(in.readLine());
        int n = Integer.parseInt(t.nextToken());
        int m = Integer.parseInt(t.nextToken());
        int[] from = new int[m];
        int[] to = new int[m];
        int[] outDegree = new int[n + 2];
        int[] inDegree = new int[n + 1];
        for (int i = 0; i < m; i++) {
            t = new StringTokenizer(in.readLine());
            from[i] = Integer.parseInt(t.nextToken());
            to[i] = Integer.parseInt(t.nextToken());
            outDegree[from[i]]++;
            inDegree[to[i]]++;
        }
        // adjacency in compressed rows
        int[] start = new int[n + 2];
        for (int v = 1; v <= n; v++) start[v + 1] = start[v] + outDegree[v];
        int[] fill = start.clone();
        int[] next = new int[m];
        for (int i = 0; i < m; i++) next[fill[from[i]]++] = to[i];

        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        for (int v = 1; v <= n; v++) if (inDegree[v] == 0) queue[tail++] = v;
        while (head < tail) {
            int v = queue[head++];
            for (int k = start[v]; k < start[v + 1]; k++) {
                if (--inDegree[next[k]] == 0) queue[tail++] = next[k];
            }
        }
        if (tail < n) {
            System.out.println("IMPOSSIBLE");
            return;
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < n; i++) out.append(queue[i]).append(i + 1 < n ? ' ' : '\n');
        System.out.print(out);
    }
}
