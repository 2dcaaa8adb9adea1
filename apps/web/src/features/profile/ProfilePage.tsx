import type { Profile } from '@javelin/contracts';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { errorMessage } from '../../lib/api';
import { Messages } from '../../lib/messages';
import { useSendPasswordResetMutation } from '../auth/authApi';
import type { ReturnState } from '../auth/SignInLink';
import { useAuth } from '../auth/useAuth';
import { RecentSubmissions } from '../submissions/RecentSubmissions';
import { useToast } from '../toast/useToast';
import { EditProfileForm } from './EditProfileForm';
import { ProfileStats } from './ProfileStats';
import { useActivityQuery, useProfileQuery, useRatingHistoryQuery } from './profileApi';
import { RatingChart } from './RatingChart';
import { RecentActivity } from './RecentActivity';

export { RECENT_ACTIVITY_LIMIT } from './RecentActivity';

/** The profile is the owner's when no userId is in the path or it equals the current user's id. */
export function isOwnProfile(pathUserId: string | undefined, currentUserId: string | undefined): boolean {
  return !pathUserId || pathUserId === currentUserId;
}

function ProfileNotFound() {
  return (
    <div className="card center-card" role="alert">
      <h1 style={{ fontSize: '1.5rem' }}>{Messages.profileNotFound}</h1>
      <p className="muted">This profile could not be loaded.</p>
      <Link to="/" className="btn btn-outline">
        Go Home
      </Link>
    </div>
  );
}

/** Name, handle, organization and bio; the owner's Dashboard, Edit Profile and Reset Password. */
function ProfileHeader(props: {
  profile: Profile;
  isOwner: boolean;
  editing: boolean;
  onToggleEdit: () => void;
}) {
  const { profile, isOwner, editing } = props;
  const toast = useToast();
  const [sendReset, { isLoading: sendingReset }] = useSendPasswordResetMutation();
  const resetPassword = async () => {
    try {
      await sendReset().unwrap();
      toast.show({ title: Messages.resetLinkSent, variant: 'success' });
    } catch (err) {
      toast.show({
        title: Messages.resetEmailFailed,
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="page-header">
      <div>
        <h1>{profile.fullName}</h1>
        <p className="muted">@{profile.username}</p>
        {profile.organization && <p className="muted">{profile.organization.name}</p>}
        {profile.bio && <p>{profile.bio}</p>}
      </div>
      {isOwner && (
        <div className="row">
          <Link to="/dashboard" className="btn btn-outline">
            Dashboard
          </Link>
          <button type="button" className="btn btn-outline" onClick={props.onToggleEdit}>
            {editing ? 'Cancel' : 'Edit Profile'}
          </button>
          <button type="button" className="btn btn-outline" onClick={resetPassword} disabled={sendingReset}>
            Reset Password
          </button>
        </div>
      )}
    </div>
  );
}

export function ProfilePage() {
  useDocumentTitle('Profile');
  const location = useLocation();
  const { userId } = useParams();
  const { user, status } = useAuth();
  const toast = useToast();
  const isOwner = isOwnProfile(userId, user?.id);
  const key = isOwner ? 'me' : (userId as string);
  const skip = isOwner && status !== 'authenticated';
  const { data: profile, isLoading, isError, error } = useProfileQuery(key, { skip });
  const { data: activity = [] } = useActivityQuery(key, { skip });
  const { data: history = [] } = useRatingHistoryQuery(key, { skip });
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (isError)
      toast.show({
        title: Messages.fetchProfileFailed,
        description: errorMessage(error),
        variant: 'destructive',
      });
  }, [isError, error, toast]);

  if (isOwner && status === 'anonymous')
    return <Navigate to="/auth" replace state={{ from: location.pathname } satisfies ReturnState} />;
  if (isLoading || (isOwner && status === 'loading')) return <Spinner label="Loading profile..." />;
  if (!profile) return <ProfileNotFound />;
  return (
    <>
      <ProfileHeader
        profile={profile}
        isOwner={isOwner}
        editing={editing}
        onToggleEdit={() => setEditing((e) => !e)}
      />
      <ProfileStats profile={profile} />
      {editing && (
        <EditProfileForm
          profile={profile}
          email={profile.email ?? user?.email ?? ''}
          onDone={() => setEditing(false)}
        />
      )}
      <div className="split" style={{ marginTop: '1.25rem' }}>
        <RecentActivity activity={activity} />
        <section className="card" aria-labelledby="rating-heading">
          <h2 id="rating-heading">Rating History</h2>
          <RatingChart history={history} />
        </section>
      </div>
      {isOwner && <RecentSubmissions />}
    </>
  );
}

export default ProfilePage;
