import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface ReferenceSolution {
  code: string;
  /** How the problem compares outputs. */
  checker: string;
  tolerance?: number;
}

interface ReferenceRow {
  reference_solution: string | null;
  checker: string;
  /** double precision: node-postgres reads it as a number. */
  tolerance: number | null;
}

/**
 * A problem's reference solution, read for the counterexample search only: its code goes to the judge
 * and never into an answer or a prompt. Its columns come with the ProblemCheckers migration (issue 18).
 */
@Injectable()
export class ReferenceSolutions {
  private readonly logger = new Logger('ReferenceSolutions');

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async of(problemId: string): Promise<ReferenceSolution | null> {
    try {
      const rows: ReferenceRow[] = await this.db.query(
        `SELECT reference_solution, checker, tolerance FROM problems WHERE id = $1`,
        [problemId],
      );
      const row = rows[0];
      const code = row?.reference_solution ?? '';
      if (!code.trim()) return null;
      return {
        code,
        checker: row.checker,
        ...(row.tolerance === null ? {} : { tolerance: row.tolerance }),
      };
    } catch (error) {
      this.logger.warn(`reference solution not read: ${(error as Error).message}`);
      return null;
    }
  }
}
