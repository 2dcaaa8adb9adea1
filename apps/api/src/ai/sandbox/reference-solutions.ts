import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface ReferenceSolution {
  code: string;
  /** How the problem compares outputs ('exact' when the problems table has no checker column yet). */
  checker: string;
  tolerance?: number;
}

const COLUMNS = ['reference_solution', 'checker', 'tolerance'] as const;

/**
 * A problem's reference solution, read for the counterexample search only: its code goes to the judge
 * and never into an answer or a prompt. The column (`problems.reference_solution`, issue 18) may not
 * exist yet in a database this code runs against, so the query asks only for the columns that exist.
 */
@Injectable()
export class ReferenceSolutions {
  private readonly logger = new Logger('ReferenceSolutions');
  /** Columns found once stay found (a column is never dropped while the API runs). */
  private readonly found = new Set<string>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async of(problemId: string): Promise<ReferenceSolution | null> {
    try {
      const columns = await this.columns();
      if (!columns.has('reference_solution')) return null;
      const select = COLUMNS.filter((c) => columns.has(c));
      const rows: Record<string, unknown>[] = await this.db.query(
        `SELECT ${select.join(', ')} FROM problems WHERE id = $1`,
        [problemId],
      );
      const row = rows[0];
      const code = typeof row?.reference_solution === 'string' ? row.reference_solution : '';
      if (!code.trim()) return null;
      const tolerance =
        row.tolerance === null || row.tolerance === undefined ? undefined : Number(row.tolerance);
      return {
        code,
        checker: typeof row.checker === 'string' && row.checker ? row.checker : 'exact',
        ...(tolerance !== undefined && Number.isFinite(tolerance) ? { tolerance } : {}),
      };
    } catch (error) {
      this.logger.warn(`reference solution not read: ${(error as Error).message}`);
      return null;
    }
  }

  private async columns(): Promise<Set<string>> {
    if (COLUMNS.every((c) => this.found.has(c))) return this.found;
    const rows: { column_name: string }[] = await this.db.query(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'problems' AND column_name = ANY($1)`,
      [[...COLUMNS]],
    );
    for (const r of rows) this.found.add(r.column_name);
    return this.found;
  }
}
