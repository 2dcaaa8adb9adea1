import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.Arrays;
import java.util.StringTokenizer;

/** Escape the Maze: breadth-first search from S over the free cells, with an array queue. */
public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringTokenizer first = new StringTokenizer(in.readLine());
        int rows = Integer.parseInt(first.nextToken());
        int cols = Integer.parseInt(first.nextToken());
        char[][] grid = new char[rows][];
        int start = -1;
        int exit = -1;
        for (int r = 0; r < rows; r++) {
            grid[r] = in.readLine().trim().toCharArray();
            for (int c = 0; c < cols; c++) {
                if (grid[r][c] == 'S') start = r * cols + c;
                if (grid[r][c] == 'E') exit = r * cols + c;
            }
        }
        int[] dist = new int[rows * cols];
        Arrays.fill(dist, -1);
        int[] queue = new int[rows * cols];
        int head = 0;
        int tail = 0;
        dist[start] = 0;
        queue[tail++] = start;
        int[] dr = {1, -1, 0, 0};
        int[] dc = {0, 0, 1, -1};
        while (head < tail && dist[exit] < 0) {
            int cell = queue[head++];
            int r = cell / cols;
            int c = cell % cols;
            for (int k = 0; k < 4; k++) {
                int nr = r + dr[k];
                int nc = c + dc[k];
                if (nr < 0 || nc < 0 || nr >= rows || nc >= cols || grid[nr][nc] == '#') continue;
                int next = nr * cols + nc;
                if (dist[next] >= 0) continue;
                dist[next] = dist[cell] + 1;
                queue[tail++] = next;
            }
        }
        System.out.println(dist[exit]);
    }
}
