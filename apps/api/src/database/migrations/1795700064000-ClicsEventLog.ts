import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32: the CLICS event feed as an append-only log. Every change of a contest's CLICS objects is
 * one row, appended by the feed's sync (src/clics/event-log.service.ts) under a per-contest lock, so
 * within a contest the ids grow in commit order and a row's id is its event's token for good.
 * `audience` says who reads the row: `all`, `admin` (admins only), `public` (everyone but admins:
 * the public and every team) or `team` (the one team in `team_id`: its own clarifications).
 * `data` is null for a delete.
 */
export class ClicsEventLog1795700064000 implements MigrationInterface {
  name = 'ClicsEventLog1795700064000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE clics_events (
        id bigserial PRIMARY KEY,
        contest_id uuid NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
        type varchar(32) NOT NULL,
        object_id varchar(64),
        audience varchar(8) NOT NULL CHECK (audience IN ('all', 'admin', 'public', 'team')),
        team_id uuid,
        data jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((audience = 'team') = (team_id IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX clics_events_contest_idx ON clics_events (contest_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE clics_events`);
  }
}
