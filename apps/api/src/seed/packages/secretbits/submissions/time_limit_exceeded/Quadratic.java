import java.util.*;

/** Right, but rebuilds every question character by character through string concatenation, slowly. */
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
            for (int k = 0; k < 200_000; k++) waste += t.hashCode() ^ k;
            System.out.println("? " + t);
            secret.append(sc.nextInt() > zeros ? '1' : '0');
        }
        System.out.println("! " + secret);
        if (waste == 7) System.err.println(waste);
    }
}
