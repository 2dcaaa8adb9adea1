import { ContestScreenMessages, type Contest, type ContestStatus } from '@javelin/contracts';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/useAuth';
import { SignInLink } from '../auth/SignInLink';
import { useToast } from '../toast/useToast';
import { Messages } from '../../lib/messages';
import { errorMessage } from '../../lib/api';
import { contestAction, contestId } from './contestRules';
import { useJoinContestMutation } from './contestsApi';

/**
 * The contest's one action (spec §4 "Joining"). On the contest's own page `attemptTo` (its first
 * unsolved problem) and `resultsHref` (the results on the page) say where the links go; elsewhere
 * they go to the contest. Anonymous visitors of an upcoming contest are sent to sign in and come back.
 */
export function ContestActionButton({
  contest,
  status,
  attemptTo,
  resultsHref,
}: {
  contest: Contest;
  status: ContestStatus;
  attemptTo?: string;
  resultsHref?: string;
}) {
  const { status: session } = useAuth();
  const toast = useToast();
  const [join, { isLoading }] = useJoinContestMutation();
  const action = contestAction(status, !!contest.userJoined);
  const id = contestId(contest);

  if (action.kind === 'link') {
    if (action.label === 'View Results' && resultsHref) {
      return (
        <a href={resultsHref} className="btn btn-sm">
          {action.label}
        </a>
      );
    }
    const to = action.label === 'Attempt Contest' && attemptTo ? attemptTo : `/contests/${id}`;
    return (
      <Link to={to} className="btn btn-sm">
        {action.label}
      </Link>
    );
  }
  if (action.kind === 'join' && session === 'anonymous') {
    return (
      <SignInLink to="/auth" className="btn btn-sm">
        {ContestScreenMessages.signInToJoin}
      </SignInLink>
    );
  }
  if (action.kind === 'disabled') {
    return (
      <button type="button" className="btn btn-sm btn-secondary" disabled>
        {action.label}
      </button>
    );
  }
  const onJoin = async () => {
    if (session !== 'authenticated') {
      toast.message(Messages.authRequiredToJoin);
      return;
    }
    try {
      await join(id).unwrap();
      toast.show({ title: Messages.joinSucceeded, variant: 'success' });
    } catch (err) {
      toast.show({ title: Messages.joinFailed, description: errorMessage(err), variant: 'destructive' });
    }
  };
  return (
    <button type="button" className="btn btn-sm" onClick={onJoin} disabled={isLoading}>
      {isLoading ? 'Joining...' : action.label}
    </button>
  );
}
