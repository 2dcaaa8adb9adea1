import { NumbersMessages, PracticeMessages, type Profile } from '@javelin/contracts';
import { AcceptanceLine } from '../../components/AcceptanceLine';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import type { ReturnState } from '../auth/SignInLink';
import { useAuth } from '../auth/useAuth';
import { useToast } from '../toast/useToast';
import { Messages } from '../../lib/messages';
import { Badge, DifficultyBadge } from '../../components/Badge';
import { Spinner } from '../../components/Spinner';
import { OrganizationSelect } from '../../components/OrganizationSelect';
import { errorMessage } from '../../lib/api';
import { useSendPasswordResetMutation } from '../auth/authApi';
import {
  useActivityQuery,
  useOrganizationsQuery,
  useProfileQuery,
  useRatingHistoryQuery,
  useUpdateProfileMutation,
} from './profileApi';
import { RecentSubmissions } from '../submissions/RecentSubmissions';
import { RatingChart } from './RatingChart';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** Spec §9: recent activity shows 5 items. */
export const RECENT_ACTIVITY_LIMIT = 5;

interface EditForm {
  username: string;
  fullName: string;
  bio: string;
  preferredLanguage: string;
  /** '' for none. */
  organizationId: string;
}

function formFrom(profile: Profile | undefined): EditForm {
  return {
    username: profile?.username ?? '',
    fullName: profile?.fullName ?? '',
    bio: profile?.bio ?? '',
    preferredLanguage: profile?.preferredLanguage ?? '',
    organizationId: profile?.organization?.id ?? '',
  };
}

/** The profile is the owner's when no userId is in the path or it equals the current user's id. */
export function isOwnProfile(pathUserId: string | undefined, currentUserId: string | undefined): boolean {
  return !pathUserId || pathUserId === currentUserId;
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
  const [updateProfile, { isLoading: saving }] = useUpdateProfileMutation();
  const [sendReset, { isLoading: sendingReset }] = useSendPasswordResetMutation();
  const [editing, setEditing] = useState(false);
  const { data: organizations = [] } = useOrganizationsQuery(undefined, { skip: !editing });
  const [form, setForm] = useState<EditForm>(formFrom(undefined));

  useEffect(() => setForm(formFrom(profile)), [profile]);
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
  if (!profile) {
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

  const cancel = () => {
    setForm(formFrom(profile));
    setEditing(false);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await updateProfile({ ...form, organizationId: form.organizationId || null }).unwrap();
      toast.show({ title: Messages.profileUpdated, variant: 'success' });
      setEditing(false);
    } catch (err) {
      toast.show({
        title: Messages.updateProfileFailed,
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  };

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

  const stats = [
    { label: 'Total Score', value: profile.totalScore, hint: NumbersMessages.totalScoreHint },
    { label: 'Problems Solved', value: profile.problemsSolved, hint: NumbersMessages.problemsSolvedHint },
    // Every rating starts at 1500; until a rated contest it says nothing about the user.
    { label: 'Rating', value: profile.contestsParticipated > 0 ? profile.rating : PracticeMessages.unrated },
    { label: 'Contests', value: profile.contestsParticipated },
  ];

  return (
    <>
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
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => (editing ? cancel() : setEditing(true))}
            >
              {editing ? 'Cancel' : 'Edit Profile'}
            </button>
            <button type="button" className="btn btn-outline" onClick={resetPassword} disabled={sendingReset}>
              Reset Password
            </button>
          </div>
        )}
      </div>

      <section aria-label="Profile statistics" className="grid-4">
        {stats.map((s) => (
          <div key={s.label} className="card stat-card" title={s.hint}>
            <div className="stat-label">{s.label}</div>
            <div className="stat-value" data-testid={`profile-${s.label}`}>
              {s.value}
            </div>
          </div>
        ))}
      </section>
      <AcceptanceLine rate={profile.acceptanceRate} testId="profile-acceptance" />

      {editing && (
        <form className="card" style={{ marginTop: '1.25rem' }} onSubmit={save} aria-label="Edit profile">
          <h2>Edit Profile</h2>
          <div className="field">
            <label htmlFor="profile-username">Username</label>
            <input
              id="profile-username"
              value={form.username}
              onChange={(e) => setForm({ ...form, username: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="profile-fullName">Full Name</label>
            <input
              id="profile-fullName"
              value={form.fullName}
              onChange={(e) => setForm({ ...form, fullName: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="profile-email">Email</label>
            <input
              id="profile-email"
              value={profile.email ?? user?.email ?? ''}
              readOnly
              aria-describedby="profile-email-hint"
            />
            <span id="profile-email-hint" className="hint">
              Email cannot be changed
            </span>
          </div>
          <div className="field">
            <label htmlFor="profile-bio">Bio</label>
            <textarea
              id="profile-bio"
              value={form.bio}
              onChange={(e) => setForm({ ...form, bio: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="profile-language">Preferred Language</label>
            <input
              id="profile-language"
              placeholder="e.g., JavaScript, Python"
              value={form.preferredLanguage}
              onChange={(e) => setForm({ ...form, preferredLanguage: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="profile-organization">School or club</label>
            <OrganizationSelect
              id="profile-organization"
              value={form.organizationId}
              onChange={(organizationId) => setForm({ ...form, organizationId })}
              emptyLabel="None"
              organizations={organizations}
            />
          </div>
          <button type="submit" className="btn" disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </button>
        </form>
      )}

      <div className="split" style={{ marginTop: '1.25rem' }}>
        <section className="card" aria-labelledby="activity-heading">
          <h2 id="activity-heading">Recent Activity</h2>
          {activity.length === 0 ? (
            <p className="muted">No recent activity</p>
          ) : (
            <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {activity.slice(0, RECENT_ACTIVITY_LIMIT).map((a, i) => (
                <li key={`${a.problemId}-${i}`} className="lb-row" data-testid="activity-item">
                  <div className="lb-name">
                    <div className="full">{a.problemTitle}</div>
                    <div className="muted" style={{ fontSize: '0.8rem' }}>
                      {new Date(a.solvedAt).toLocaleDateString()}
                    </div>
                  </div>
                  <DifficultyBadge difficulty={a.difficulty} />
                  <span>{a.points} pts</span>
                  <Badge variant="success">Solved</Badge>
                </li>
              ))}
            </ul>
          )}
        </section>
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
