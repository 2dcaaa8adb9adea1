package archive.primes;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.Arrays;
import java.util.BitSet;

/** Counting Primes: an odd-only BitSet sieve, answering the questions offline in sorted order. */
public class bitsieve {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int q = Integer.parseInt(in.readLine().trim());
        long[] keyed = new long[q];
        for (int i = 0; i < q; i++) keyed[i] = ((long) Integer.parseInt(in.readLine().trim()) << 20) | i;
        Arrays.sort(keyed);
        int max = (int) (keyed[q - 1] >> 20);
        // bit k stands for the odd number 2k + 1
        BitSet composite = new BitSet(max / 2 + 1);
        for (int p = 3; (long) p * p <= max; p += 2) {
            if (!composite.get(p / 2)) {
                for (long m = (long) p * p; m <= max; m += 2L * p) composite.set((int) (m / 2));
            }
        }
        int[] answer = new int[q];
        int count = 0;
        int upto = 1;
        for (long key : keyed) {
            int n = (int) (key >> 20);
            while (upto < n) {
                upto++;
                if (upto == 2 || (upto % 2 == 1 && !composite.get(upto / 2))) count++;
            }
            answer[(int) (key & ((1 << 20) - 1))] = count;
        }
        StringBuilder out = new StringBuilder();
        for (int a : answer) out.append(a).append('\n');
        System.out.print(out);
    }
}
