import java.io.FileInputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

import org.icpc.tools.contest.model.IAward;
import org.icpc.tools.contest.model.IProblem;
import org.icpc.tools.contest.model.IResult;
import org.icpc.tools.contest.model.IStanding;
import org.icpc.tools.contest.model.ITeam;
import org.icpc.tools.contest.model.Status;
import org.icpc.tools.contest.model.feed.NDJSONFeedParser;
import org.icpc.tools.contest.model.internal.Award;
import org.icpc.tools.contest.model.internal.Contest;
import org.icpc.tools.contest.model.util.AwardUtil;

/**
 * Javelin's check against the ICPC tools' own contest model (issue 43): reads a CLICS event feed
 * (NDJSON) into org.icpc.tools.contest.model.internal.Contest, as the Resolver and the CDS do, and
 * prints as one JSON object what that model computes: the scoreboard (rank, team, solved, penalty,
 * each attempted problem's num_judged, num_pending, solved, time, first_to_solve), the awards the
 * feed carried, and the awards the tools' AwardUtil computes (first to solve, winner, group winners).
 *
 * Usage: java -cp <ContestModel classes>:. ScoreboardCheck event-feed.ndjson
 */
public class ScoreboardCheck {
	public static void main(String[] args) throws Exception {
		Contest contest = new Contest();
		try (InputStream in = new FileInputStream(args[0])) {
			new NDJSONFeedParser().parse(contest, in);
		}
		StringBuilder out = new StringBuilder("{\"rows\":[");
		List<String> rows = new ArrayList<>();
		IProblem[] problems = contest.getProblems();
		for (ITeam team : contest.getOrderedTeams()) {
			IStanding s = contest.getStanding(team);
			List<String> cells = new ArrayList<>();
			for (int p = 0; p < problems.length; p++) {
				IResult r = contest.getResult(team, p);
				if (r.getStatus() == Status.UNATTEMPTED)
					continue;
				boolean solved = r.getStatus() == Status.SOLVED;
				cells.add("{\"problem_id\":" + str(problems[p].getId()) + ",\"num_judged\":" + r.getNumJudged()
						+ ",\"num_pending\":" + r.getNumPending() + ",\"solved\":" + solved
						+ (solved ? ",\"time\":" + r.getContestTime() / 60_000 + ",\"first_to_solve\":" + r.isFirstToSolve()
								: "")
						+ "}");
			}
			rows.add("{\"rank\":" + str(s.getRank()) + ",\"team_id\":" + str(team.getId()) + ",\"num_solved\":"
					+ s.getNumSolved() + ",\"total_time\":" + s.getTime() / 60_000 + ",\"problems\":["
					+ String.join(",", cells) + "]}");
		}
		out.append(String.join(",", rows)).append("],\"feed_awards\":").append(awards(contest.getAwards()));

		// The tools' own awards from the same model: the templates a Resolver run is given by default.
		for (IAward a : contest.getAwards())
			contest.removeFromHistory(a);
		AwardUtil.createFirstToSolveAwards(contest, new Award(IAward.FIRST_TO_SOLVE, "*", null, (String) null));
		AwardUtil.createWinnerAward(contest, new Award(IAward.WINNER, "*", null, (String) null));
		AwardUtil.createGroupAwards(contest, 1);
		out.append(",\"model_awards\":").append(awards(contest.getAwards())).append("}");
		System.out.println(out);
	}

	private static String awards(IAward[] awards) {
		List<String> list = new ArrayList<>();
		for (IAward a : awards) {
			List<String> teams = new ArrayList<>();
			if (a.getTeamIds() != null)
				for (String t : a.getTeamIds())
					teams.add(str(t));
			list.add("{\"id\":" + str(a.getId()) + ",\"team_ids\":[" + String.join(",", teams) + "]}");
		}
		return "[" + String.join(",", list) + "]";
	}

	private static String str(String s) {
		return s == null ? "null" : "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
	}
}
