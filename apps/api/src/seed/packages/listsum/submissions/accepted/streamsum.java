package javelin.listsum;

import java.io.DataInputStream;
import java.io.IOException;

/** Sum of a List with a byte-level reader, in a package with a lowercase class as real archives have. */
public class streamsum {
    private static final DataInputStream IN = new DataInputStream(System.in);
    private static final byte[] BUF = new byte[1 << 16];
    private static int len = 0;
    private static int ptr = 0;

    private static int read() throws IOException {
        if (ptr == len) {
            len = IN.read(BUF, 0, BUF.length);
            ptr = 0;
            if (len <= 0) return -1;
        }
        return BUF[ptr++];
    }

    private static long nextLong() throws IOException {
        int c = read();
        while (c == ' ' || c == '\n' || c == '\r' || c == '\t') c = read();
        boolean negative = c == '-';
        if (negative) c = read();
        long value = 0;
        while (c >= '0' && c <= '9') {
            value = value * 10 + (c - '0');
            c = read();
        }
        return negative ? -value : value;
    }

    public static void main(String[] args) throws IOException {
        int n = (int) nextLong();
        long sum = 0;
        for (int i = 0; i < n; i++) sum += nextLong();
        System.out.println(sum);
    }
}
