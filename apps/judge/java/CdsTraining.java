import java.io.*;
import java.util.*;
import java.util.stream.*;

/**
 * Loads the JDK classes typical solutions use, so the judge can list them into its AppCDS archive
 * (-XX:DumpLoadedClassList, then -Xshare:dump). Trusted code, run once when the judge starts.
 */
public class CdsTraining {
    public static void main(String[] args) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(System.in));
        String line = reader.readLine();
        StringTokenizer tokens = new StringTokenizer(line == null ? "1 2" : line);
        int a = Integer.parseInt(tokens.nextToken());
        Scanner scanner = new Scanner("3 4\nhello world\ntrue");
        int b = scanner.nextInt() + scanner.nextInt();
        scanner.nextLine();
        String s = scanner.nextLine();
        boolean f = scanner.nextBoolean();
        List<Integer> list = new ArrayList<>(List.of(3, 1, 2));
        Collections.sort(list);
        Map<String, Integer> map = new HashMap<>();
        map.put(s, a);
        map.merge(s, b, Integer::sum);
        Set<Integer> set = new HashSet<>(list);
        TreeMap<Integer, Integer> tree = new TreeMap<>();
        tree.put(1, 2);
        Deque<Integer> deque = new ArrayDeque<>();
        deque.push(1);
        PriorityQueue<Integer> pq = new PriorityQueue<>(Comparator.reverseOrder());
        pq.add(5);
        LinkedList<Integer> linked = new LinkedList<>(list);
        int[] arr = {5, 3, 9, 1};
        Arrays.sort(arr);
        long[] longs = new long[4];
        Arrays.fill(longs, 7L);
        char[] chars = s.toCharArray();
        Arrays.sort(chars);
        String joined = Arrays.stream(arr).mapToObj(String::valueOf).collect(Collectors.joining(" "));
        int sum = IntStream.of(arr).sum() + list.stream().mapToInt(Integer::intValue).sum();
        StringBuilder sb = new StringBuilder();
        sb.append(joined).append(' ').append(sum).append(' ').append(f).append(' ').append(new String(chars));
        sb.append(String.format("%d %.2f %s", a, Math.sqrt(b), set));
        sb.append(String.valueOf(tree.firstKey())).append(deque.peek()).append(pq.poll()).append(linked.size());
        sb.append(Long.parseLong("12")).append(Character.isDigit('1')).append(Math.abs(-1)).append(Integer.MAX_VALUE);
        sb.append(s.substring(1).toUpperCase().trim().split(" ").length).append(s.indexOf('o')).append(s.charAt(0));
        sb.append(Integer.toBinaryString(a)).append(Objects.hash(a, b)).append(new StringBuilder(s).reverse());
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));
        out.println(sb);
        out.printf("%s%n", map);
        out.flush();
        System.out.println(list + " " + Arrays.toString(arr) + " " + Boolean.parseBoolean("true"));
        try {
            Object o = null;
            o.hashCode();
        } catch (NullPointerException e) {
            System.err.println(e.getMessage());
        }
        try {
            int[] z = new int[1];
            z[2] = 1;
        } catch (ArrayIndexOutOfBoundsException e) {
            System.err.println(e);
        }
    }
}
