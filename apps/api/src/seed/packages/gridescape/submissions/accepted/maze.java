package contest.maze;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayDeque;

/** Escape the Maze: BFS with a deque of coordinates and a visited matrix, lowercase class in a package. */
public class maze {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String[] size = in.readLine().trim().split("\\s+");
        int rows = Integer.parseInt(size[0]);
        int cols = Integer.parseInt(size[1]);
        String[] grid = new String[rows];
        for (int r = 0; r < rows; r++) grid[r] = in.readLine();
        int[][] steps = new int[rows][cols];
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                steps[r][c] = Integer.MAX_VALUE;
                if (grid[r].charAt(c) == 'S') {
                    steps[r][c] = 0;
                    queue.add(new int[] {r, c});
                }
            }
        }
        int[][] moves = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
        while (!queue.isEmpty()) {
            int[] at = queue.poll();
            if (grid[at[0]].charAt(at[1]) == 'E') {
                System.out.println(steps[at[0]][at[1]]);
                return;
            }
            for (int[] m : moves) {
                int r = at[0] + m[0];
                int c = at[1] + m[1];
                if (r >= 0 && c >= 0 && r < rows && c < cols && grid[r].charAt(c) != '#' && steps[r][c] == Integer.MAX_VALUE) {
                    steps[r][c] = steps[at[0]][at[1]] + 1;
                    queue.add(new int[] {r, c});
                }
            }
        }
        System.out.println(-1);
    }
}
