import java.util.*;

class bisect {
    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        int lo = 1, hi = 1_000_000_000;
        for (;;) {
            int mid = lo + (hi - lo) / 2;
            System.out.println(mid);
            String r = sc.next();
            if (r.equals("correct")) break;
            if (r.equals("lower")) hi = mid - 1;
            else lo = mid + 1;
        }
    }
}
