import { Icon } from '../../components/Icon';
import {
  ContestPackageUiMessages,
  ContestScreenMessages,
  VirtualMessages,
  type ContestFormat,
  type ContestLeaderboardEntry,
  type OrganizationRef,
  type ScoreboardCell,
} from '@javelin/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { RankIcon } from '../../components/RankIcon';
import { OrganizationSelect } from '../../components/OrganizationSelect';
import { problemLetter } from './contestRules';
import { IoiCell } from './IoiCell';

export interface ScoreboardProblem {
  id: string;
  title: string;
}

const tries = (n: number, what = 'try') =>
  `${n} ${what === 'try' ? (n === 1 ? 'try' : 'tries') : n === 1 ? 'rejected try' : 'rejected tries'}`;

/** How one cell reads: solved (+tries, minute), rejected (−tries), frozen ('?' with tries) or untried. */
export function cellView(cell: ScoreboardCell | undefined): {
  kind: 'solved' | 'rejected' | 'pending' | 'empty';
  text: string;
  detail: string;
} {
  if (!cell) return { kind: 'empty', text: '', detail: 'not tried' };
  if (cell.pending > 0) {
    const count = cell.attempts + cell.pending;
    return { kind: 'pending', text: `? ${count}`, detail: `${tries(count)}, results hidden by the freeze` };
  }
  if (cell.acceptedAtMinutes !== null) {
    return {
      kind: 'solved',
      text: cell.attempts > 0 ? `+${cell.attempts}` : '+',
      detail: `solved at minute ${cell.acceptedAtMinutes}${cell.attempts ? ` after ${tries(cell.attempts, 'rejected')}` : ''}${cell.firstSolve ? ', first to solve' : ''}`,
    };
  }
  if (cell.attempts > 0)
    return { kind: 'rejected', text: `−${cell.attempts}`, detail: tries(cell.attempts, 'rejected') };
  return { kind: 'empty', text: '', detail: 'not tried' };
}

function Cell({ letter, title, cell }: { letter: string; title: string; cell: ScoreboardCell | undefined }) {
  const view = cellView(cell);
  const first = view.kind === 'solved' && cell?.firstSolve;
  return (
    <span
      className={`sb-cell sb-${view.kind}${first ? ' sb-first' : ''}`}
      data-testid="scoreboard-cell"
      data-problem={letter}
      title={`${letter} · ${title}: ${view.detail}`}
      aria-label={`Problem ${letter}: ${view.detail}`}
    >
      <span className="sb-letter">
        {letter}
        {first && <Icon name="first" size={12} className="sb-first-mark" />}
      </span>
      <span className="sb-value">{view.text || '·'}</span>
      {view.kind === 'solved' && <span className="sb-time">{cell!.acceptedAtMinutes}′</span>}
    </span>
  );
}

function RatingChangeText({ before, after }: { before: number; after: number }) {
  const delta = after - before;
  return (
    <span className={`rating-change ${delta >= 0 ? 'up' : 'down'}`} data-testid="rating-change">
      {delta >= 0 ? `+${delta}` : `−${-delta}`} → {after}
    </span>
  );
}

/**
 * The contest's scoreboard: one row per participant with one cell per problem, the viewer's own row
 * highlighted. 'Contest Leaderboard' while it runs, 'Final Results' once it has ended (with each
 * participant's rating change once rated). A virtual board (issue 21) has its own title and marks
 * the virtual run's row.
 */
/** The groups of a contest package's teams (issue 43), by name (for the board's group filter). */
function groupsOf(entries: readonly ContestLeaderboardEntry[]): OrganizationRef[] {
  const byId = new Map(entries.flatMap((e) => (e.groups ?? []).map((g) => [g.id, g] as const)));
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The organizations the board's participants name, by name (for the filter). */
function organizationsOf(entries: readonly ContestLeaderboardEntry[]): OrganizationRef[] {
  const byId = new Map(entries.flatMap((e) => (e.organization ? [[e.organization.id, e.organization]] : [])));
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** One participant's row: rank, name (and a virtual run's badge), each problem's cell, and the score. */
function BoardRow({
  entry: e,
  position,
  own,
  format,
  problems,
}: {
  entry: ContestLeaderboardEntry;
  position: number;
  own: boolean;
  format: ContestFormat;
  problems: readonly ScoreboardProblem[];
}) {
  const cells = new Map((e.cells ?? []).map((c) => [c.problemId, c]));
  return (
    <li
      className={`lb-row sb-row${own ? ' lb-own' : ''}${e.virtual ? ' lb-virtual' : ''}`}
      data-testid="contest-leaderboard-row"
      data-virtual={e.virtual ? 'true' : undefined}
      aria-current={own ? 'true' : undefined}
    >
      <div className="lb-rank">
        <RankIcon rank={e.rank ?? position} />
      </div>
      <div className="lb-name">
        <div className="full">
          {e.fullName || e.username}
          {own && <span className="muted"> (you)</span>}
        </div>
        <div className="muted" style={{ fontSize: '0.8rem' }}>
          {e.virtual && (
            // Beside the username, so a long name cut short on a phone never hides it.
            <span className="badge badge-warning virtual-badge" data-testid="virtual-badge">
              {VirtualMessages.virtualBadge}
            </span>
          )}
          {e.label && (
            // Issue 43: a contest package's team by its label and organization.
            <>
              <span className="badge" data-testid="team-label" title={ContestPackageUiMessages.label}>
                {e.label}
              </span>{' '}
            </>
          )}
          @{e.username}
          {e.organization && <span data-testid="team-organization"> · {e.organization.name}</span>} ·{' '}
          {e.problemsSolved} solved
          {format === 'icpc' && <> · penalty {e.penalty ?? 0}</>}
        </div>
        {problems.length > 0 && (
          <div className="sb-cells">
            {problems.map((p, index) =>
              format === 'ioi' ? (
                <IoiCell key={p.id} letter={problemLetter(index)} title={p.title} cell={cells.get(p.id)} />
              ) : (
                <Cell key={p.id} letter={problemLetter(index)} title={p.title} cell={cells.get(p.id)} />
              ),
            )}
          </div>
        )}
      </div>
      <div className="lb-score">
        {format === 'icpc' ? (
          <>
            <div>{e.problemsSolved} solved</div>
            <div className="muted" style={{ fontSize: '0.8rem', fontWeight: 400 }}>
              {e.penalty ?? 0} min
            </div>
          </>
        ) : (
          <div>{e.score} pts</div>
        )}
        {e.ratingBefore !== undefined && e.ratingAfter !== undefined && (
          <RatingChangeText before={e.ratingBefore} after={e.ratingAfter} />
        )}
      </div>
    </li>
  );
}

export function ContestLeaderboard({
  entries,
  ended,
  format = 'points',
  problems = [],
  viewerId,
  frozen = false,
  title,
  above,
  id,
}: {
  entries: readonly ContestLeaderboardEntry[];
  ended: boolean;
  format?: ContestFormat;
  problems?: readonly ScoreboardProblem[];
  viewerId?: string;
  /** True (or 'pending-release' after the end) while the board is frozen: the badge says which. */
  frozen?: boolean | 'pending-release';
  /** The section's id, so 'View Results' can point at it. */
  id?: string;
  /** Replaces the spec's title (a virtual board's). */
  title?: string;
  /** Shown between the title and the rows (a virtual board's switch and minute). */
  above?: ReactNode;
}) {
  const [organization, setOrganization] = useState('');
  const [group, setGroup] = useState('');
  const organizations = useMemo(() => organizationsOf(entries), [entries]);
  const groups = useMemo(() => groupsOf(entries), [entries]);
  const shown = entries.filter(
    (e) =>
      (!organization || e.organization?.id === organization) &&
      (!group || !!e.groups?.some((g) => g.id === group)),
  );
  return (
    <section
      className="card"
      aria-labelledby="contest-leaderboard-heading"
      id={id}
      tabIndex={id ? -1 : undefined}
    >
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h2 id="contest-leaderboard-heading">{title ?? (ended ? 'Final Results' : 'Contest Leaderboard')}</h2>
        {frozen && (
          <span
            className="badge badge-warning"
            data-testid="frozen-badge"
            title={ContestScreenMessages.frozenHint}
          >
            {frozen === 'pending-release'
              ? ContestScreenMessages.frozenPendingRelease
              : ContestScreenMessages.frozen}
          </span>
        )}
      </div>
      {above}
      {organizations.length > 0 && (
        <div className="field board-filter">
          <label htmlFor="board-organization">{ContestScreenMessages.organizationFilter}</label>
          <OrganizationSelect
            id="board-organization"
            value={organization}
            onChange={setOrganization}
            emptyLabel={ContestScreenMessages.allOrganizations}
            organizations={organizations}
          />
        </div>
      )}
      {groups.length > 0 && (
        <div className="field board-filter">
          <label htmlFor="board-group">{ContestPackageUiMessages.groupFilter}</label>
          <OrganizationSelect
            id="board-group"
            value={group}
            onChange={setGroup}
            emptyLabel={ContestPackageUiMessages.allGroups}
            organizations={groups}
          />
        </div>
      )}
      {shown.length === 0 ? (
        <p className="muted">No submissions yet.</p>
      ) : (
        <ol aria-label="Contest rankings" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((e, i) => {
            const own = viewerId !== undefined && e.userId === viewerId;
            return (
              <BoardRow
                key={`${e.userId}${e.virtual ? ':virtual' : ''}`}
                entry={e}
                position={i + 1}
                own={own}
                format={format}
                problems={problems}
              />
            );
          })}
        </ol>
      )}
    </section>
  );
}
