package boardgame;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

/**
 * Rolling to the Target: the recurrence summed afresh over the last m values kept in a ring (O(T m),
 * at most 1e8 additions; no running sum, so no error builds up). Plain println output.
 */
public class expect {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String[] head = in.readLine().trim().split("\\s+");
        int m = Integer.parseInt(head[0]);
        int q = Integer.parseInt(head[1]);
        int[] targets = new int[q];
        int max = 1;
        for (int i = 0; i < q; i++) max = Math.max(max, targets[i] = Integer.parseInt(in.readLine().trim()));
        double[] answer = new double[max + 1];
        double[] ring = new double[m]; // ring[x % m] = E(x) for the last m values of x; E(<= 0) = 0
        for (int x = 1; x <= max; x++) {
            double sum = 0;
            for (int j = 0; j < m; j++) sum += ring[j];
            answer[x] = 1 + sum / m;
            ring[x % m] = answer[x];
        }
        StringBuilder out = new StringBuilder();
        for (int target : targets) out.append(answer[target]).append('\n');
        System.out.print(out);
    }
}
