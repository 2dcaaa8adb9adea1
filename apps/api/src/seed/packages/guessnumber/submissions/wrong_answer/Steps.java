import java.util.*;

/** Walks up in steps of a million, then one by one: far more than 31 guesses. */
public class Steps {
    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        long g = 1, step = 1_000_000;
        while (true) {
            System.out.println(g);
            String r = sc.next();
            if (r.equals("correct")) return;
            if (r.equals("higher")) g += step;
            else { g -= step - 1; step = 1; }
        }
    }
}
