import {
  ContestScreenMessages,
  ScoringSentences,
  ServerMessages,
  type Contest,
  type ContestStatus,
} from '@javelin/contracts';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Modal } from '../../components/Modal';
import { Tooltip } from '../../components/Tooltip';
import { errorMessage } from '../../lib/api';
import { useToast } from '../toast/useToast';
import { ContestActionButton } from './ContestActionButton';
import { Countdown } from './Countdown';
import { STATUS_BADGE, contestId } from './contestRules';
import { useUnfreezeContestMutation } from './contestsApi';

/** The contest's rules in one line: how the board ranks, and its freeze. */
function rulesLine(contest: Contest): string {
  const rules =
    contest.format === 'icpc'
      ? `ICPC rules: solved, then penalty (${contest.penaltyMinutes} min per rejected try)`
      : contest.format === 'ioi'
        ? ScoringSentences.ioiRules
        : 'Points: sum of points, ties by the earlier last accept';
  const freeze =
    contest.freezeMinutes > 0 ? ` · scoreboard frozen for the last ${contest.freezeMinutes} min` : '';
  return rules + freeze;
}

/** An admin's unfreeze of an ended, frozen contest, behind a confirmation. */
function UnfreezeButton({ contestId }: { contestId: string }) {
  const toast = useToast();
  const [unfreeze, unfreezing] = useUnfreezeContestMutation();
  const [confirming, setConfirming] = useState(false);
  const onUnfreeze = async () => {
    setConfirming(false);
    try {
      await unfreeze(contestId).unwrap();
      toast.show({ title: ServerMessages.contestUnfrozen, variant: 'success' });
    } catch (err) {
      toast.message(errorMessage(err));
    }
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => setConfirming(true)}
        disabled={unfreezing.isLoading}
      >
        {ContestScreenMessages.unfreezeAction}
      </button>
      {confirming && (
        <Modal title={ContestScreenMessages.unfreezeConfirmTitle} onClose={() => setConfirming(false)}>
          <p>{ContestScreenMessages.unfreezeConfirm}</p>
          <div className="row" style={{ justifyContent: 'flex-end' }}>
            <button type="button" className="btn btn-outline" onClick={() => setConfirming(false)}>
              {ContestScreenMessages.cancel}
            </button>
            <button type="button" className="btn" onClick={() => void onUnfreeze()}>
              {ContestScreenMessages.unfreezeAction}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}

/** Title, status, countdown and rules, with the contest's action, an admin's unfreeze and Refresh. */
export function ContestHeader(props: {
  contest: Contest;
  status: ContestStatus;
  isAdmin: boolean;
  attemptTo?: string | null;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { contest, status, isAdmin } = props;
  return (
    <div className="page-header">
      <div>
        <div className="row">
          <h1>{contest.title}</h1>
          <Badge variant={STATUS_BADGE[status].variant}>{STATUS_BADGE[status].label}</Badge>
        </div>
        <p className="muted">{contest.description}</p>
        <div className="row" style={{ flexWrap: 'wrap', gap: '0.5rem' }}>
          <Countdown contest={contest} />
          <span className="muted" style={{ fontSize: '0.85rem' }} data-testid="contest-rules">
            {rulesLine(contest)}
          </span>
        </div>
      </div>
      <div className="row">
        <ContestActionButton
          contest={contest}
          status={status}
          attemptTo={props.attemptTo ?? undefined}
          resultsHref="#contest-results"
        />
        {isAdmin && contest.frozen && status === 'ended' && <UnfreezeButton contestId={contestId(contest)} />}
        <Tooltip content="Reload the contest and its leaderboard">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={props.onRefresh}
            disabled={props.refreshing}
          >
            Refresh
          </button>
        </Tooltip>
      </div>
    </div>
  );
}
