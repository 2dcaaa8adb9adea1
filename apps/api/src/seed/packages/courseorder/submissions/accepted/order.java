package registrar;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;
import java.util.StringTokenizer;

/**
 * Course Order: depth-first search from the highest course down, reverse post-order (an order unlike
 * the judge's), cycles found by grey nodes; iterative, so deep chains need no big stack.
 */
public class order {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer t = new StringTokenizer(in.readLine());
        int n = Integer.parseInt(t.nextToken());
        int m = Integer.parseInt(t.nextToken());
        List<List<Integer>> after = new ArrayList<>(n + 1);
        for (int v = 0; v <= n; v++) after.add(new ArrayList<>());
        for (int i = 0; i < m; i++) {
            t = new StringTokenizer(in.readLine());
            int a = Integer.parseInt(t.nextToken());
            int b = Integer.parseInt(t.nextToken());
            after.get(a).add(b);
        }
        int[] state = new int[n + 1]; // 0 white, 1 grey (on the stack), 2 black
        int[] edgeIndex = new int[n + 1];
        int[] stack = new int[n];
        int[] post = new int[n];
        int done = 0;
        for (int root = n; root >= 1; root--) {
            if (state[root] != 0) continue;
            int top = 0;
            stack[top++] = root;
            state[root] = 1;
            while (top > 0) {
                int v = stack[top - 1];
                List<Integer> edges = after.get(v);
                if (edgeIndex[v] < edges.size()) {
                    int w = edges.get(edgeIndex[v]++);
                    if (state[w] == 1) {
                        System.out.println("IMPOSSIBLE");
                        return;
                    }
                    if (state[w] == 0) {
                        state[w] = 1;
                        stack[top++] = w;
                    }
                } else {
                    state[v] = 2;
                    post[done++] = v;
                    top--;
                }
            }
        }
        StringBuilder out = new StringBuilder();
        for (int i = n - 1; i >= 0; i--) out.append(post[i]).append('\n');
        System.out.print(out);
    }
}
