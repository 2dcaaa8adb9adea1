import java.util.*;

/** Writes the message itself as the note: four times too long. */
public class Verbatim {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        in.next();
        in.nextInt();
        System.out.println(in.next());
    }
}
