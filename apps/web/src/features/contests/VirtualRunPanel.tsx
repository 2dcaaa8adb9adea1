import { VirtualMessages, type Contest, type VirtualRun, type VirtualStandings } from '@javelin/contracts';
import { useNow } from '../clock/useNow';
import { useToast } from '../toast/useToast';
import { SignInLink } from '../auth/SignInLink';
import { errorMessage } from '../../lib/api';
import { useTicker } from './Countdown';
import { isRunning } from './virtualRules';
import { formatCountdown } from './contestRules';
import { useFinishVirtualRunMutation, useStartVirtualRunMutation } from './virtualApi';

/** The contest's length in whole minutes: what a virtual run lasts. */
export function durationMinutes(contest: Pick<Contest, 'startTime' | 'endTime'>): number {
  return Math.round((new Date(contest.endTime).getTime() - new Date(contest.startTime).getTime()) / 60_000);
}

/** A running virtual run: its countdown and the early end. */
function RunningVirtual(props: {
  endsAt: string;
  now: () => Date;
  onFinish: () => void;
  finishing: boolean;
}) {
  return (
    <div className="row" style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
      <span className="countdown" role="timer" data-testid="virtual-countdown">
        {VirtualMessages.virtualEndsIn}{' '}
        <strong className="mono">
          {formatCountdown(new Date(props.endsAt).getTime() - props.now().getTime())}
        </strong>
      </span>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={props.onFinish}
        disabled={props.finishing}
      >
        {VirtualMessages.finishVirtual}
      </button>
    </div>
  );
}

/**
 * Virtual participation on an ended contest's page (issue 21 item 4): start a run, a countdown while
 * it runs (with an early end), and how the last run finished. Real participants practise instead, as
 * on Codeforces; the server refuses them too.
 */
export function VirtualRunPanel({
  contest,
  signedIn,
  run,
  standings,
}: {
  contest: Contest;
  signedIn: boolean;
  run: VirtualRun | null;
  standings?: VirtualStandings;
}) {
  const toast = useToast();
  const now = useNow();
  const running = isRunning(run, now());
  useTicker(running);
  const [start, starting] = useStartVirtualRunMutation();
  const [finish, finishing] = useFinishVirtualRunMutation();
  const id = contest._id ?? contest.id;

  const onStart = async () => {
    try {
      await start(id).unwrap();
      toast.show({ title: VirtualMessages.virtualStarted, variant: 'success' });
    } catch (err) {
      toast.show({
        title: VirtualMessages.virtualStartFailed,
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  };
  const onFinish = async () => {
    if (!window.confirm(VirtualMessages.confirmFinish)) return;
    try {
      await finish(id).unwrap();
      toast.show({ title: VirtualMessages.virtualFinished, variant: 'success' });
    } catch (err) {
      toast.show({
        title: VirtualMessages.virtualFinishFailed,
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  };

  let body;
  if (!signedIn) {
    body = (
      <p className="muted" style={{ margin: 0 }}>
        <SignInLink>{VirtualMessages.signInForVirtual}</SignInLink>
      </p>
    );
  } else if (contest.userJoined) {
    body = (
      <p className="muted" style={{ margin: 0 }} data-testid="virtual-refused">
        {VirtualMessages.participantNoVirtual}
      </p>
    );
  } else if (running && run) {
    body = (
      <RunningVirtual endsAt={run.endsAt} now={now} onFinish={onFinish} finishing={finishing.isLoading} />
    );
  } else {
    const own = run && standings?.run._id === run._id ? standings.own : undefined;
    body = (
      <>
        {own && (
          <p style={{ marginTop: 0 }} data-testid="virtual-finished">
            {VirtualMessages.finishedSummary(own.rank ?? 0, own.problemsSolved)}
          </p>
        )}
        <div className="row" style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <p className="muted" style={{ margin: 0, flex: '1 1 18rem' }}>
            {VirtualMessages.startVirtualHint(durationMinutes(contest))}
          </p>
          <button type="button" className="btn btn-sm" onClick={onStart} disabled={starting.isLoading}>
            {VirtualMessages.startVirtual}
          </button>
        </div>
      </>
    );
  }
  return (
    <section
      className="card virtual-panel"
      aria-labelledby="virtual-heading"
      style={{ marginBottom: '1rem' }}
    >
      <h2 id="virtual-heading" style={{ fontSize: '1.05rem' }}>
        {VirtualMessages.panelTitle}
      </h2>
      {body}
    </section>
  );
}
