import type { Contest, ContestStatus } from '@javelin/contracts';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/useAuth';
import { useToast } from '../toast/useToast';
import { Messages } from '../../app/messages';
import { errorMessage } from '../../services/api';
import { contestAction, contestId } from './contestRules';
import { useJoinContestMutation } from './contestsApi';

export function ContestActionButton({ contest, status }: { contest: Contest; status: ContestStatus }) {
  const { status: session } = useAuth();
  const toast = useToast();
  const [join, { isLoading }] = useJoinContestMutation();
  const action = contestAction(status, !!contest.userJoined);
  const id = contestId(contest);

  if (action.kind === 'link') {
    return (
      <Link to={`/contests/${id}`} className="btn btn-sm">
        {action.label}
      </Link>
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
