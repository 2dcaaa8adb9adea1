import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

/** Wrong answer: the right recurrence, but 1 / m is integer division (zero for m > 1). */
public class IntegerDivision {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer t = new StringTokenizer(in.readLine());
        int m = Integer.parseInt(t.nextToken());
        int q = Integer.parseInt(t.nextToken());
        int[] targets = new int[q];
        int max = 1;
        for (int i = 0; i < q; i++) max = Math.max(max, targets[i] = Integer.parseInt(in.readLine().trim()));
        double[] e = new double[max + 1];
        double window = 0;
        for (int x = 1; x <= max; x++) {
            e[x] = 1 + window * (1 / m);
            window += e[x];
            if (x - m >= 1) window -= e[x - m];
        }
        StringBuilder out = new StringBuilder();
        for (int target : targets) out.append(e[target]).append('\n');
        System.out.print(out);
    }
}
