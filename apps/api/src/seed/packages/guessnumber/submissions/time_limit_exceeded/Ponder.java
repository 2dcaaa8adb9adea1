import java.util.*;

/** Right, but thinks for a long while before every guess. */
public class Ponder {
    static long ponder(long seed) {
        long x = seed;
        for (int i = 0; i < 300_000_000; i++) x = x * 6364136223846793005L + 1442695040888963407L;
        return x;
    }

    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        long lo = 1, hi = 1_000_000_000L, noise = 0;
        while (true) {
            noise ^= ponder(lo + hi);
            long mid = (lo + hi) / 2;
            System.out.println(mid);
            String r = sc.next();
            if (r.equals("correct")) break;
            if (r.equals("higher")) lo = mid + 1;
            else hi = mid - 1;
        }
        if (noise == 42) System.err.println(noise);
    }
}
