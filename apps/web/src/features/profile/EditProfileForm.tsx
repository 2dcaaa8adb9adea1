import type { Profile } from '@javelin/contracts';
import { useState, type FormEvent } from 'react';
import { OrganizationSelect } from '../../components/OrganizationSelect';
import { errorMessage } from '../../lib/api';
import { Messages } from '../../lib/messages';
import { useToast } from '../toast/useToast';
import { useOrganizationsQuery, useUpdateProfileMutation } from './profileApi';

export interface EditForm {
  username: string;
  fullName: string;
  bio: string;
  preferredLanguage: string;
  /** '' for none. */
  organizationId: string;
}

export function formFrom(profile: Profile | undefined): EditForm {
  return {
    username: profile?.username ?? '',
    fullName: profile?.fullName ?? '',
    bio: profile?.bio ?? '',
    preferredLanguage: profile?.preferredLanguage ?? '',
    organizationId: profile?.organization?.id ?? '',
  };
}

/** The owner's profile form; the email is shown but cannot change. */
export function EditProfileForm({
  profile,
  email,
  onDone,
}: {
  profile: Profile;
  email: string;
  onDone: () => void;
}) {
  const toast = useToast();
  const [form, setForm] = useState<EditForm>(() => formFrom(profile));
  const [updateProfile, { isLoading: saving }] = useUpdateProfileMutation();
  const { data: organizations = [] } = useOrganizationsQuery();
  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await updateProfile({ ...form, organizationId: form.organizationId || null }).unwrap();
      toast.show({ title: Messages.profileUpdated, variant: 'success' });
      onDone();
    } catch (err) {
      toast.show({
        title: Messages.updateProfileFailed,
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  };
  return (
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
        <input id="profile-email" value={email} readOnly aria-describedby="profile-email-hint" />
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
  );
}
