import { canonical, endsFeed, objectKey } from './event-feed';
import type { LogRow } from './event-log.repository';

/**
 * What one API instance knows of a contest's event log (table clics_events): the newest logged
 * version of each object per audience, kept up to date from the table by the sync
 * (event-log.service.ts) and compared with the objects built now (event-log-changes.ts).
 */

/** The newest logged version of one object for one audience: canonical JSON, null once deleted. */
export interface Logged {
  id: number;
  json: string | null;
}

/** What this instance knows of a contest's log: it catches up from the table before each sync. */
export interface ContestLog {
  lastId: number;
  /** audience key ('all', 'admin', 'public', 'team:<id>') → object key → newest row. */
  latest: Map<string, Map<string, Logged>>;
  /** The sources' fingerprint when the log was last brought up to date from them. */
  fingerprint: string | null;
  /**
   * Each submit (by its id without dashes) → what its submission, judgement and runs were last made
   * of (its row version, the contest's start, freeze and unfreeze): a submit whose basis is unchanged
   * has nothing new to log, so a sync builds and compares the objects of new and changed submits only.
   */
  judged: Map<string, string>;
  /** False until a sync built `judged` (this instance's first): then every logged submit is compared. */
  judgedKnown: boolean;
  /** The logged objects not made of a submit (contest, problems, teams, …), any audience. */
  others: Set<string>;
  /** A submit (id without dashes) → the keys of its logged runs. */
  runs: Map<string, Set<string>>;
  usedAt: number;
}

/** Knowledge of a log not read yet. */
export function emptyLog(): ContestLog {
  return {
    lastId: 0,
    latest: new Map(),
    fingerprint: null,
    judged: new Map(),
    judgedKnown: false,
    others: new Set(),
    runs: new Map(),
    usedAt: Date.now(),
  };
}

/** The kinds of object made of one submit. */
export const JUDGING = new Set(['submissions', 'judgements', 'runs']);

/** The submit an object of JUDGING is made of, by its id without dashes (a run's id starts with it). */
export function compactOf(type: string, id: string): string {
  return type === 'runs' ? id.slice(0, id.lastIndexOf('-')) : id.replace(/-/g, '');
}

/** A submit's UUID from its id without dashes. */
export function uuidOf(c: string): string {
  return `${c.slice(0, 8)}-${c.slice(8, 12)}-${c.slice(12, 16)}-${c.slice(16, 20)}-${c.slice(20)}`;
}

export function remember(log: ContestLog, row: LogRow): void {
  const audience = row.audience === 'team' ? `team:${row.teamId}` : row.audience;
  let objects = log.latest.get(audience);
  if (!objects) log.latest.set(audience, (objects = new Map()));
  const key = objectKey(row.type, row.objectId);
  if (row.type === 'runs') {
    const compact = compactOf('runs', row.objectId!);
    let runs = log.runs.get(compact);
    if (!runs) log.runs.set(compact, (runs = new Set()));
    runs.add(key);
  } else if (!JUDGING.has(row.type)) log.others.add(key);
  objects.set(key, {
    id: row.id,
    json: row.data === null ? null : canonical(row.data),
  });
}

/** The newest row among `audiences` for an object. */
export function viewOf(log: ContestLog, audiences: string[], key: string): Logged | undefined {
  let newest: Logged | undefined;
  for (const aud of audiences) {
    const row = log.latest.get(aud)?.get(key);
    if (row && (!newest || row.id > newest.id)) newest = row;
  }
  return newest;
}

export function isClosed(log: ContestLog): boolean {
  const state = viewOf(log, ['all', 'admin'], objectKey('state', null));
  return !!state?.json && endsFeed('state', JSON.parse(state.json));
}
