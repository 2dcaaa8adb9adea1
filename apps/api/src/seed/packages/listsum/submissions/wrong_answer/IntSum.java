import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StreamTokenizer;

/** Wrong answer: adds in an int, which overflows once the sum passes 2^31 - 1. */
public class IntSum {
    public static void main(String[] args) throws IOException {
        StreamTokenizer in = new StreamTokenizer(new BufferedReader(new InputStreamReader(System.in)));
        in.nextToken();
        int n = (int) in.nval;
        int sum = 0;
        for (int i = 0; i < n; i++) {
            in.nextToken();
            sum += (int) in.nval;
        }
        System.out.println(sum);
    }
}
