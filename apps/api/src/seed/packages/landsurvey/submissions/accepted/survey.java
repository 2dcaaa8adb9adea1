import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

/**
 * Land Survey: the plain shoelace sum, printed with Double.toString (e.g. 4.0E8): any float formatting
 * is accepted within the tolerance, as the format's default validator says.
 */
public class survey {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int n = Integer.parseInt(in.readLine().trim());
        double[][] p = new double[n][];
        for (int i = 0; i < n; i++) {
            String[] parts = in.readLine().trim().split("\\s+");
            p[i] = new double[] {Double.parseDouble(parts[0]), Double.parseDouble(parts[1])};
        }
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double[] a = p[i];
            double[] b = p[(i + 1) % n];
            sum += a[0] * b[1] - b[0] * a[1];
        }
        System.out.println(Math.abs(sum) / 2);
    }
}
