import java.io.*;

/** One question of zeros, then one per position with that bit flipped: n + 1 questions. */
public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));
        int n = Integer.parseInt(in.readLine().trim());
        char[] t = new char[n];
        java.util.Arrays.fill(t, '0');
        out.println("? " + new String(t));
        out.flush();
        int zeros = Integer.parseInt(in.readLine().trim());
        char[] s = new char[n];
        for (int i = 0; i < n; i++) {
            t[i] = '1';
            out.println("? " + new String(t));
            out.flush();
            s[i] = Integer.parseInt(in.readLine().trim()) > zeros ? '1' : '0';
            t[i] = '0';
        }
        out.println("! " + new String(s));
        out.flush();
    }
}
