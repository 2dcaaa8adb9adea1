/** Small programs compiled at start-up to warm javac's JIT (CompileService.start). */
export const WARMUP_SOURCES = [
  {
    name: 'Main',
    source: `import java.io.*;\nimport java.util.*;\npublic class Main {\n  public static int solve(int[] a, int t) {\n    Map<Integer, Integer> m = new HashMap<>();\n    for (int i = 0; i < a.length; i++) { if (m.containsKey(t - a[i])) return i; m.put(a[i], i); }\n    return -1;\n  }\n  public static void main(String[] args) throws IOException {\n    BufferedReader r = new BufferedReader(new InputStreamReader(System.in));\n    int n = Integer.parseInt(r.readLine().trim());\n    int[] a = new int[n];\n    StringTokenizer st = new StringTokenizer(r.readLine());\n    for (int i = 0; i < n; i++) a[i] = Integer.parseInt(st.nextToken());\n    System.out.println(solve(a, Integer.parseInt(r.readLine().trim())) + " " + Arrays.toString(a));\n  }\n}\n`,
  },
  {
    name: 'Main',
    source: `import java.util.*;\nimport java.util.stream.*;\npublic class Main {\n  record P(int x, String y) {}\n  interface F { int f(int x); }\n  static <T extends Comparable<T>> T max(List<T> l) { return Collections.max(l); }\n  public static void main(String[] args) {\n    List<P> ps = new ArrayList<>();\n    for (int i = 0; i < 10; i++) ps.add(new P(i, "s" + i));\n    F sq = x -> x * x;\n    String s = ps.stream().filter(p -> p.x() % 2 == 0).map(P::y).collect(Collectors.joining(","));\n    switch (s.length()) { case 0: break; default: System.out.println(s + sq.f(3) + max(List.of(1, 2, 3))); }\n    StringBuilder sb = new StringBuilder(); long acc = 0; for (int i = 0; i < 100; i++) { acc += (long) i * i; sb.append(i % 10); }\n    System.out.println(acc + sb.toString());\n  }\n}\n`,
  },
  {
    name: 'Main',
    source: `import java.util.*;\nimport java.util.function.*;\nimport java.util.stream.*;\npublic class Main {\n  record Edge(int to, long w) {}\n  enum Mode { MIN, MAX }\n  static class Node implements Comparable<Node> { final long d; final int v; Node(long d, int v) { this.d = d; this.v = v; } public int compareTo(Node o) { return Long.compare(d, o.d); } }\n  static long[] dijkstra(List<List<Edge>> g, int s) {\n    long[] d = new long[g.size()]; Arrays.fill(d, Long.MAX_VALUE); d[s] = 0;\n    PriorityQueue<Node> pq = new PriorityQueue<>(); pq.add(new Node(0, s));\n    while (!pq.isEmpty()) { Node c = pq.poll(); if (c.d > d[c.v]) continue;\n      for (Edge e : g.get(c.v)) if (d[c.v] + e.w() < d[e.to()]) { d[e.to()] = d[c.v] + e.w(); pq.add(new Node(d[e.to()], e.to())); } }\n    return d;\n  }\n  public static void main(String[] args) throws Exception {\n    Scanner sc = new Scanner(System.in);\n    int n = sc.nextInt(), m = sc.nextInt();\n    List<List<Edge>> g = IntStream.range(0, n).mapToObj(i -> new ArrayList<Edge>()).collect(Collectors.toList());\n    for (int i = 0; i < m; i++) { int a = sc.nextInt(), b = sc.nextInt(); g.get(a).add(new Edge(b, sc.nextLong())); }\n    Function<Long, String> show = x -> x == Long.MAX_VALUE ? "-1" : String.valueOf(x);\n    var mode = args.length > 0 ? Mode.MAX : Mode.MIN;\n    long[] d = dijkstra(g, 0);\n    String r = switch (mode) { case MIN -> show.apply(Arrays.stream(d).min().orElse(0)); case MAX -> show.apply(d[n - 1]); };\n    TreeMap<String, Integer> tm = new TreeMap<>(Comparator.reverseOrder()); tm.merge(r, 1, Integer::sum);\n    try { System.out.printf("%s %d%n", r, tm.size()); } catch (RuntimeException e) { throw new IllegalStateException(e); } finally { System.out.flush(); }\n  }\n}\n`,
  },
  {
    name: 'Main',
    source:
      'public class Main {\n  public static void main(String[] args) {\n    int x = "a";\n    undefined();\n  }\n}\n',
  },
];
