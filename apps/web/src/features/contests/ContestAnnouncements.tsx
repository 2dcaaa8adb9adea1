import { ANNOUNCEMENT_MAX_LENGTH, ContestTalkMessages } from '@javelin/contracts';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api';
import { useToast } from '../toast/useToast';
import { formatDateTime } from './contestRules';
import { useContestAnnouncementsQuery, usePostAnnouncementMutation } from './contestTalkApi';

/** The organisers' announcements, newest first (kept current by the contest stream); admins post here. */
export function ContestAnnouncements({ contestId, isAdmin }: { contestId: string; isAdmin: boolean }) {
  const { data: announcements = [] } = useContestAnnouncementsQuery(contestId);
  const [post, { isLoading }] = usePostAnnouncementMutation();
  const [text, setText] = useState('');
  const toast = useToast();

  if (!isAdmin && announcements.length === 0) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await post({ contestId, text }).unwrap();
      setText('');
      toast.show({ title: ContestTalkMessages.announcementPosted, variant: 'success' });
    } catch (err) {
      toast.show({
        title: ContestTalkMessages.announceFailed,
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  };

  return (
    <section className="card talk-card" aria-labelledby="contest-announcements-heading">
      <h2 id="contest-announcements-heading">Announcements</h2>
      {isAdmin && (
        <form onSubmit={(e) => void submit(e)} className="talk-form">
          <div className="field">
            <label htmlFor="announcement-text">New announcement</label>
            <textarea
              id="announcement-text"
              value={text}
              maxLength={ANNOUNCEMENT_MAX_LENGTH}
              onChange={(e) => setText(e.target.value)}
              placeholder="Shown at once on every open page of this contest"
              rows={2}
            />
          </div>
          <div className="row" style={{ justifyContent: 'flex-end' }}>
            <button type="submit" className="btn btn-sm" disabled={isLoading || !text.trim()}>
              Post Announcement
            </button>
          </div>
        </form>
      )}
      {announcements.length === 0 ? (
        <p className="muted">No announcements yet.</p>
      ) : (
        <ul className="talk-list" aria-label="Announcements">
          {announcements.map((a) => (
            <li key={a.id} className="talk-item announcement-item">
              <p className="talk-text">{a.text}</p>
              <time className="muted talk-meta" dateTime={a.createdAt}>
                {formatDateTime(a.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
