import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

/** Land Survey: the shoelace formula, coordinates taken relative to the first corner (less cancellation). */
public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int n = Integer.parseInt(in.readLine().trim());
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            StringTokenizer t = new StringTokenizer(in.readLine());
            x[i] = Double.parseDouble(t.nextToken());
            y[i] = Double.parseDouble(t.nextToken());
        }
        double twice = 0;
        for (int i = 1; i + 1 < n; i++) {
            double ax = x[i] - x[0];
            double ay = y[i] - y[0];
            double bx = x[i + 1] - x[0];
            double by = y[i + 1] - y[0];
            twice += ax * by - bx * ay;
        }
        System.out.printf("%.9f%n", Math.abs(twice) / 2);
    }
}
