// The benchmarks' accepted Java program: two-sum over stdin, as a contestant would write it.

/** Its source; `salt` (in a comment) makes every submission's code distinct, so no cache answers for it. */
export function twoSumSource(salt) {
  return `import java.io.*;
import java.util.*;

public class Main {
    // submission ${salt}
    public static String twoSum(int[] nums, int target) {
        Map<Integer, Integer> seen = new HashMap<>();
        for (int i = 0; i < nums.length; i++) {
            Integer j = seen.get(target - nums[i]);
            if (j != null) return j + " " + i;
            seen.put(nums[i], i);
        }
        return "none";
    }

    public static void main(String[] args) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(System.in));
        int n = Integer.parseInt(reader.readLine().trim());
        int[] nums = new int[n];
        StringTokenizer st = new StringTokenizer(reader.readLine());
        for (int i = 0; i < n; i++) nums[i] = Integer.parseInt(st.nextToken());
        int target = Integer.parseInt(reader.readLine().trim());
        System.out.println(twoSum(nums, target));
    }
}
`;
}

/** Two indices whose numbers sum to `target`, as the program prints them (its expected output). */
export function twoSum(nums, target) {
  const seen = new Map();
  for (let i = 0; i < nums.length; i++) {
    const j = seen.get(target - nums[i]);
    if (j !== undefined) return `${j} ${i}`;
    seen.set(nums[i], i);
  }
  return 'none';
}
