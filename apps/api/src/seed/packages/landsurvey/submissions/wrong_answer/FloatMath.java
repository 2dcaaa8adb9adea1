import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

/** Wrong answer: 32-bit floats lose too many digits on large plots (outside the 1e-6 tolerance). */
public class FloatMath {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int n = Integer.parseInt(in.readLine().trim());
        float[] x = new float[n];
        float[] y = new float[n];
        for (int i = 0; i < n; i++) {
            StringTokenizer t = new StringTokenizer(in.readLine());
            x[i] = Float.parseFloat(t.nextToken());
            y[i] = Float.parseFloat(t.nextToken());
        }
        float sum = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            sum += x[i] * y[j] - x[j] * y[i];
        }
        System.out.printf("%.6f%n", Math.abs(sum) / 2);
    }
}
