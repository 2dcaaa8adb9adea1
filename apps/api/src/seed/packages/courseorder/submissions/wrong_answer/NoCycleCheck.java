import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.StringTokenizer;

/** Wrong answer: Kahn's algorithm that prints whatever it freed, never noticing a cycle. */
public class NoCycleCheck {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer t = new StringTokenizer(in.readLine());
        int n = Integer.parseInt(t.nextToken());
        int m = Integer.parseInt(t.nextToken());
        List<List<Integer>> after = new ArrayList<>();
        for (int v = 0; v <= n; v++) after.add(new ArrayList<>());
        int[] indeg = new int[n + 1];
        for (int i = 0; i < m; i++) {
            t = new StringTokenizer(in.readLine());
            int a = Integer.parseInt(t.nextToken());
            int b = Integer.parseInt(t.nextToken());
            after.get(a).add(b);
            indeg[b]++;
        }
        ArrayDeque<Integer> ready = new ArrayDeque<>();
        for (int v = 1; v <= n; v++) if (indeg[v] == 0) ready.add(v);
        StringBuilder out = new StringBuilder();
        while (!ready.isEmpty()) {
            int v = ready.poll();
            out.append(v).append(' ');
            for (int w : after.get(v)) if (--indeg[w] == 0) ready.add(w);
        }
        System.out.println(out.toString().trim());
    }
}
