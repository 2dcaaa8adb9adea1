import java.io.*;

public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        long lo = 1, hi = 1_000_000_000L;
        while (true) {
            long mid = (lo + hi) / 2;
            System.out.println(mid);
            System.out.flush();
            String answer = in.readLine().trim();
            if (answer.equals("correct")) return;
            if (answer.equals("higher")) lo = mid + 1;
            else hi = mid - 1;
        }
    }
}
