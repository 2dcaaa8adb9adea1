import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

/** Wrong answer: divides the target by the average roll (m + 1) / 2, ignoring the overshoot at the end. */
public class AverageRoll {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer t = new StringTokenizer(in.readLine());
        int m = Integer.parseInt(t.nextToken());
        int q = Integer.parseInt(t.nextToken());
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            int target = Integer.parseInt(in.readLine().trim());
            out.append(Math.max(1.0, target / ((m + 1) / 2.0))).append('\n');
        }
        System.out.print(out);
    }
}
