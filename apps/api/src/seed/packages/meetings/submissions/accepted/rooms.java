import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** One Meeting Room: the same greedy with a record and a comparator (a lowercase class, as archives have). */
public class rooms {
    record Meeting(int start, int end) {}

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int n = Integer.parseInt(in.readLine().trim());
        List<Meeting> meetings = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String[] parts = in.readLine().trim().split(" ");
            meetings.add(new Meeting(Integer.parseInt(parts[0]), Integer.parseInt(parts[1])));
        }
        meetings.sort(Comparator.comparingInt(Meeting::end));
        int count = 0;
        int roomFreeAt = Integer.MIN_VALUE;
        for (Meeting m : meetings) {
            if (m.start() >= roomFreeAt) {
                count++;
                roomFreeAt = m.end();
            }
        }
        System.out.println(count);
    }
}
