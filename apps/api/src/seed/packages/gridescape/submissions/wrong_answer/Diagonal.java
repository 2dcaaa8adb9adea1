import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayDeque;

/** Wrong answer: a correct BFS, but it also moves diagonally (eight neighbours instead of four). */
public class Diagonal {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String[] size = in.readLine().trim().split("\\s+");
        int rows = Integer.parseInt(size[0]);
        int cols = Integer.parseInt(size[1]);
        char[][] grid = new char[rows][];
        for (int r = 0; r < rows; r++) grid[r] = in.readLine().toCharArray();
        int[][] dist = new int[rows][cols];
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                dist[r][c] = -1;
                if (grid[r][c] == 'S') {
                    dist[r][c] = 0;
                    queue.add(new int[] {r, c});
                }
            }
        }
        while (!queue.isEmpty()) {
            int[] at = queue.poll();
            if (grid[at[0]][at[1]] == 'E') {
                System.out.println(dist[at[0]][at[1]]);
                return;
            }
            for (int dr = -1; dr <= 1; dr++) {
                for (int dc = -1; dc <= 1; dc++) {
                    int r = at[0] + dr;
                    int c = at[1] + dc;
                    if (r < 0 || c < 0 || r >= rows || c >= cols || grid[r][c] == '#' || dist[r][c] >= 0) continue;
                    dist[r][c] = dist[at[0]][at[1]] + 1;
                    queue.add(new int[] {r, c});
                }
            }
        }
        System.out.println(-1);
    }
}
