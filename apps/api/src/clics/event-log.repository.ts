import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { lockUntilCommit, type Tx } from '../common/transactions';
import type { ClicsViewer } from './clics-objects';
import type { FeedEvent } from './event-feed';

/** Who reads a log row: everyone, admins only, everyone but admins, or one team (`teamId`). */
export type Audience = 'all' | 'admin' | 'public' | 'team';

export interface LogRow {
  id: number;
  type: string;
  objectId: string | null;
  audience: Audience;
  teamId: string | null;
  data: unknown;
}

export type NewLogRow = Omit<LogRow, 'id'>;

/** The rows `viewer` reads: admins theirs and everyone's; anyone else the public's, and a team its own. */
function visibleTo(viewer: ClicsViewer, from: number): { sql: string; params: unknown[] } {
  if (viewer.admin) return { sql: `audience IN ('all', 'admin')`, params: [] };
  if (viewer.teamId)
    return {
      sql: `(audience IN ('all', 'public') OR (audience = 'team' AND team_id = $${from}))`,
      params: [viewer.teamId],
    };
  return { sql: `audience IN ('all', 'public')`, params: [] };
}

/** The SQL of the CLICS event log (table clics_events): appended under a per-contest lock, read by id. */
@Injectable()
export class EventLogRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Holds the contest's log until `tx` ends: one sync at a time, across every API instance. */
  lock(tx: Tx, contestId: string): Promise<void> {
    return lockUntilCommit(tx, `clics-event-log:${contestId}`);
  }

  /** The contest's rows after `afterId`, oldest first, and the highest id it has (0: none). */
  async rowsAfter(tx: Tx, contestId: string, afterId: number): Promise<{ rows: LogRow[]; maxId: number }> {
    const [{ max }]: { max: string | null }[] = await tx.query(
      `SELECT max(id)::text AS max FROM clics_events WHERE contest_id = $1`,
      [contestId],
    );
    const maxId = Number(max ?? 0);
    if (maxId <= afterId) return { rows: [], maxId };
    const rows: {
      id: string;
      type: string;
      object_id: string | null;
      audience: Audience;
      team_id: string | null;
      data: unknown;
    }[] = await tx.query(
      `SELECT e.id::text AS id, e.type, e.object_id, e.audience, e.team_id, e.data FROM clics_events e
        WHERE e.contest_id = $1 AND e.id > $2 ORDER BY e.id`,
      [contestId, afterId],
    );
    return {
      maxId,
      rows: rows.map((r) => ({
        id: Number(r.id),
        type: r.type,
        objectId: r.object_id,
        audience: r.audience,
        teamId: r.team_id,
        data: r.data,
      })),
    };
  }

  /** Appends rows in the order given (one statement: their ids follow that order). */
  async append(tx: Tx, contestId: string, rows: NewLogRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 5000) {
      const batch = rows.slice(i, i + 5000);
      await tx.query(
        `INSERT INTO clics_events (contest_id, type, object_id, audience, team_id, data)
         SELECT $1, r.type, r.object_id, r.audience, r.team_id, r.data
           FROM unnest($2::text[], $3::text[], $4::text[], $5::uuid[], $6::jsonb[]) WITH ORDINALITY
                AS r(type, object_id, audience, team_id, data, n)
          ORDER BY r.n`,
        [
          contestId,
          batch.map((r) => r.type),
          batch.map((r) => r.objectId),
          batch.map((r) => r.audience),
          batch.map((r) => r.teamId),
          batch.map((r) => (r.data === null ? null : JSON.stringify(r.data))),
        ],
      );
    }
  }

  /** Whether `token` names one of the contest's rows that `viewer` reads. */
  async hasToken(contestId: string, viewer: ClicsViewer, token: string): Promise<boolean> {
    const visible = visibleTo(viewer, 3);
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM clics_events WHERE contest_id = $1 AND id = $2 AND ${visible.sql}`,
      [contestId, token, ...visible.params],
    );
    return rows.length > 0;
  }

  /** The events `viewer` reads after the row `afterId` (0: from the beginning), in log order. */
  async events(contestId: string, viewer: ClicsViewer, afterId: string): Promise<FeedEvent[]> {
    const visible = visibleTo(viewer, 3);
    // The data as text: written out as it is, never parsed and serialised again.
    const rows: { token: string; type: string; object_id: string | null; json: string | null }[] =
      await this.db.query(
        `SELECT id::text AS token, type, object_id, data::text AS json FROM clics_events
          WHERE contest_id = $1 AND id > $2 AND ${visible.sql} ORDER BY clics_events.id`,
        [contestId, afterId, ...visible.params],
      );
    return rows.map((r) => ({ token: r.token, type: r.type, id: r.object_id, json: r.json ?? 'null' }));
  }
}
