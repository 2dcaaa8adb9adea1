import {
  VirtualMessages,
  elapsedMinutes,
  type Contest,
  type ContestLeaderboardEntry,
  type VirtualStandings,
} from '@javelin/contracts';
import { useState } from 'react';
import { Tabs } from '../../components/Tabs';
import { ContestLeaderboard } from './ContestScoreboard';

/** The switch between a virtual run's board and the final results, with the run's minute. */
function BoardSwitch({
  view,
  onChange,
  standings,
}: {
  view: 'virtual' | 'final';
  onChange: (view: 'virtual' | 'final') => void;
  standings: VirtualStandings;
}) {
  return (
    <div className="virtual-switch">
      <Tabs
        label="Standings to show"
        idPrefix="contest-board"
        value={view}
        onChange={onChange}
        items={[
          { value: 'virtual', label: VirtualMessages.virtualBoardTitle },
          { value: 'final', label: VirtualMessages.finalResultsTab },
        ]}
      />
      {view === 'virtual' && (
        <p
          className="muted"
          style={{ margin: '0.25rem 0 0.5rem', fontSize: '0.85rem' }}
          data-testid="virtual-minute"
        >
          {VirtualMessages.atMinute(
            elapsedMinutes(standings.elapsedSeconds),
            elapsedMinutes(standings.durationSeconds),
          )}
        </p>
      )}
    </div>
  );
}

/**
 * The contest's standings: the real board (frozen as the contest says), or, for a viewer with a
 * virtual run of the ended contest, the run's board with a switch to the final results.
 */
export function ContestBoards(props: {
  contest: Contest;
  entries: readonly ContestLeaderboardEntry[];
  ended: boolean;
  frozen: boolean | 'pending-release';
  problems: { id: string; title: string }[];
  viewerId?: string;
  virtual: VirtualStandings | undefined;
}) {
  const { contest, virtual } = props;
  const [view, setView] = useState<'virtual' | 'final'>('virtual');
  const boardSwitch = virtual && <BoardSwitch view={view} onChange={setView} standings={virtual} />;
  if (virtual && view === 'virtual') {
    return (
      <ContestLeaderboard
        entries={virtual.entries}
        ended
        format={contest.format}
        problems={props.problems}
        viewerId={props.viewerId}
        frozen={virtual.frozen}
        title={VirtualMessages.virtualBoardTitle}
        above={boardSwitch}
      />
    );
  }
  return (
    <ContestLeaderboard
      entries={props.entries}
      ended={props.ended}
      format={contest.format}
      problems={props.problems}
      viewerId={props.viewerId}
      frozen={props.frozen}
      id="contest-results"
      above={boardSwitch || undefined}
    />
  );
}
