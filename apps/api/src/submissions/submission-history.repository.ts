import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  maxScoreOf,
  type ExecutionResult,
  type GroupResult,
  type SubmissionSummary,
} from '@javelin/contracts';
import { DataSource } from 'typeorm';
import { hiddenByFreezeSql } from '../contests/freeze-visibility';

interface HistoryFilter {
  userId: string;
  problemId?: string;
  contestId?: string;
  limit: number;
  offset: number;
}

interface StoredSubmission extends SubmissionSummary {
  userId: string;
  code: string;
  results: ExecutionResult[];
  compileError: string | null;
  groups: GroupResult[] | null;
}

interface AcceptanceRow {
  problemId: string;
  solvedUsers: number;
  submittedUsers: number;
  acceptedSubmissions: number;
  judgedSubmissions: number;
}

interface SummaryRow {
  id: string;
  user_id: string;
  problem_id: string;
  problem_title: string;
  contest_id: string | null;
  via_contest_id: string | null;
  virtual_run_id: string | null;
  verdict: SubmissionSummary['verdict'];
  passed_count: number;
  total_count: number;
  max_time_ms: number;
  created_at: Date;
  score: number | null;
  groups: GroupResult[] | null;
}

function toSummary(r: SummaryRow): SubmissionSummary {
  return {
    _id: r.id,
    problemId: r.problem_id,
    problemTitle: r.problem_title,
    contestId: r.contest_id,
    ...(r.via_contest_id
      ? {
          contestMode: r.virtual_run_id ? ('virtual' as const) : ('practice' as const),
          viaContestId: r.via_contest_id,
        }
      : {}),
    verdict: r.verdict,
    passedCount: r.passed_count,
    totalCount: r.total_count,
    maxTimeMs: r.max_time_ms,
    createdAt: r.created_at.toISOString(),
    ...(r.score !== null && r.groups ? { score: r.score, maxScore: maxScoreOf(r.groups) } : {}),
  };
}

const SUMMARY_COLUMNS = `j.id, j.user_id, j.problem_id, p.title AS problem_title, j.contest_id, j.via_contest_id, j.virtual_run_id, j.verdict,
  j.passed_count, j.total_count, j.max_time_ms, j.created_at, j.score, j.groups`;

/** The SQL of submission history: full judgements (submits) that kept their code. */
@Injectable()
export class SubmissionHistoryRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async page(f: HistoryFilter): Promise<{ items: SubmissionSummary[]; total: number }> {
    const where = ['j.user_id = $1', 'j.all_tests', 'j.code IS NOT NULL'];
    const params: unknown[] = [f.userId];
    if (f.problemId) {
      params.push(f.problemId);
      where.push(`j.problem_id = $${params.length}`);
    }
    if (f.contestId) {
      // A contest's submits: the live ones, and the practice and virtual-run ones made from its page.
      params.push(f.contestId);
      where.push(`(j.contest_id = $${params.length} OR j.via_contest_id = $${params.length})`);
    }
    const filter = where.join(' AND ');
    const [rows, count] = await Promise.all([
      this.db.query(
        `SELECT ${SUMMARY_COLUMNS} FROM judgements j JOIN problems p ON p.id = j.problem_id
         WHERE ${filter} ORDER BY j.created_at DESC, j.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, f.limit, f.offset],
      ) as Promise<SummaryRow[]>,
      this.db.query(`SELECT count(*)::int AS total FROM judgements j WHERE ${filter}`, params) as Promise<
        { total: number }[]
      >,
    ]);
    return { items: rows.map(toSummary), total: count[0]?.total ?? 0 };
  }

  async find(id: string): Promise<StoredSubmission | null> {
    const rows: (SummaryRow & {
      code: string;
      results: ExecutionResult[] | null;
      compile_error: string | null;
    })[] = await this.db.query(
      `SELECT ${SUMMARY_COLUMNS}, j.code, j.results, j.compile_error
         FROM judgements j JOIN problems p ON p.id = j.problem_id
         WHERE j.id = $1 AND j.all_tests AND j.code IS NOT NULL`,
      [id],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      ...toSummary(r),
      userId: r.user_id,
      code: r.code,
      results: r.results ?? [],
      compileError: r.compile_error,
      groups: r.groups,
    };
  }

  /**
   * Per visible problem: accepted submissions and all judged submissions (submits judged against
   * every test), and the distinct users behind each. Public, so a frozen contest's tries from its
   * freeze on count only once it is unfrozen.
   */
  async acceptance(): Promise<AcceptanceRow[]> {
    const rows: {
      problem_id: string;
      solved: number;
      submitted: number;
      accepted: number;
      judged: number;
    }[] = await this.db.query(
      `SELECT j.problem_id,
                count(DISTINCT j.user_id) FILTER (WHERE j.verdict = 'accepted')::int AS solved,
                count(DISTINCT j.user_id)::int AS submitted,
                count(*) FILTER (WHERE j.verdict = 'accepted')::int AS accepted,
                count(*)::int AS judged
         FROM judgements j JOIN problems p ON p.id = j.problem_id
         WHERE j.all_tests AND p.is_visible AND NOT ${hiddenByFreezeSql('j.contest_id', 'j.created_at')}
         GROUP BY j.problem_id`,
    );
    return rows.map((r) => ({
      problemId: r.problem_id,
      solvedUsers: r.solved,
      submittedUsers: r.submitted,
      acceptedSubmissions: r.accepted,
      judgedSubmissions: r.judged,
    }));
  }
}
