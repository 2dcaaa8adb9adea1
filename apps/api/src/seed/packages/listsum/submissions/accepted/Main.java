import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

/** Sum of a List: a long accumulator (the sum reaches 2e14). */
public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer tokens = new StringTokenizer("");
        int n = -1;
        long sum = 0;
        int read = 0;
        String line;
        while ((n < 0 || read < n) && (line = in.readLine()) != null) {
            tokens = new StringTokenizer(line);
            while (tokens.hasMoreTokens()) {
                long value = Long.parseLong(tokens.nextToken());
                if (n < 0) {
                    n = (int) value;
                } else {
                    sum += value;
                    read++;
                }
            }
        }
        System.out.println(sum);
    }
}
