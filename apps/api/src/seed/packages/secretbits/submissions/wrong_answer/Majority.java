import java.util.*;

/** Guesses from one question that the whole string is its majority bit. */
public class Majority {
    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        int n = sc.nextInt();
        String zeros = "0".repeat(n);
        System.out.println("? " + zeros);
        int same = sc.nextInt();
        System.out.println("! " + (2 * same >= n ? zeros : "1".repeat(n)));
    }
}
