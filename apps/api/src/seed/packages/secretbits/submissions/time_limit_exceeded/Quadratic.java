import java.util.*;

/** Right, but builds every question character by character and mulls it over: far too slow for n = 1000. */
public class Quadratic {
    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        int n = sc.nextInt();
        StringBuilder secret = new StringBuilder();
        System.out.println("? " + "0".repeat(n));
        int zeros = sc.nextInt();
        long waste = 0;
        for (int i = 0; i < n; i++) {
            String t = "";
            for (int j = 0; j < n; j++) t += j == i ? '1' : '0';
            for (int k = 0; k < 3_000_000; k++) waste = waste * 6364136223846793005L + t.length();
            System.out.println("? " + t);
            secret.append(sc.nextInt() > zeros ? '1' : '0');
        }
        System.out.println("! " + secret);
        if (waste == 7) System.err.println(waste);
    }
}
