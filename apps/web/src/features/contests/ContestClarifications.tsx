import {
  CLARIFICATION_ANSWER_MAX_LENGTH,
  CLARIFICATION_QUESTION_MAX_LENGTH,
  ContestTalkMessages,
  type ContestClarification,
  type ContestProblem,
  type ContestStatus,
} from '@javelin/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { Badge } from '../../components/Badge';
import { errorMessage } from '../../lib/api';
import { useToast } from '../toast/useToast';
import { formatDateTime } from './contestRules';
import { accountText } from './teamText';
import {
  useAnswerClarificationMutation,
  useAskClarificationMutation,
  useContestClarificationsQuery,
} from './contestTalkApi';

interface Props {
  contestId: string;
  status: ContestStatus;
  problems: ContestProblem[];
  joined: boolean;
  isAdmin: boolean;
  signedIn: boolean;
}

/**
 * Questions to the organisers: a joined participant asks while the contest is active; admins see
 * every open question and answer it privately (to the asker) or to everyone.
 */
export function ContestClarifications({ contestId, status, problems, joined, isAdmin, signedIn }: Props) {
  const { data: clarifications = [] } = useContestClarificationsQuery(contestId);
  const canAsk = signedIn && joined && !isAdmin && status === 'active';
  // Admins read open questions first; everyone else newest first.
  const shown = useMemo(
    () =>
      isAdmin
        ? [...clarifications].sort((a, b) => Number(a.answer !== null) - Number(b.answer !== null))
        : clarifications,
    [clarifications, isAdmin],
  );
  if (!canAsk && !isAdmin && clarifications.length === 0) return null;
  const open = clarifications.filter((c) => c.answer === null).length;

  return (
    <section className="card talk-card" aria-labelledby="contest-clarifications-heading">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h2 id="contest-clarifications-heading">Clarifications</h2>
        {isAdmin && open > 0 && <Badge variant="warning">{open} open</Badge>}
      </div>
      {canAsk && <AskForm contestId={contestId} problems={problems} />}
      {shown.length === 0 ? (
        <p className="muted">{isAdmin ? 'No questions yet.' : 'You have not asked anything yet.'}</p>
      ) : (
        <ul className="talk-list" aria-label="Clarifications">
          {shown.map((c) => (
            <ClarificationItem key={c.id} clarification={c} contestId={contestId} isAdmin={isAdmin} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AskForm({ contestId, problems }: { contestId: string; problems: ContestProblem[] }) {
  const [ask, { isLoading }] = useAskClarificationMutation();
  const [problemId, setProblemId] = useState('');
  const [question, setQuestion] = useState('');
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await ask({ contestId, question, ...(problemId ? { problemId } : {}) }).unwrap();
      setQuestion('');
      toast.message(ContestTalkMessages.questionSent, 'success');
    } catch (err) {
      toast.show({
        title: ContestTalkMessages.askFailed,
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="talk-form">
      <div className="field">
        <label htmlFor="clarification-problem">About</label>
        <select id="clarification-problem" value={problemId} onChange={(e) => setProblemId(e.target.value)}>
          <option value="">The contest in general</option>
          {problems.map((cp) => (
            <option key={cp.problemId._id} value={cp.problemId._id}>
              {cp.problemId.title}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="clarification-question">Your question</label>
        <textarea
          id="clarification-question"
          value={question}
          maxLength={CLARIFICATION_QUESTION_MAX_LENGTH}
          onChange={(e) => setQuestion(e.target.value)}
          placeholder="e.g. May n be 0?"
          rows={2}
        />
        <span className="hint">
          {question.length} / {CLARIFICATION_QUESTION_MAX_LENGTH}
        </span>
      </div>
      <div className="row" style={{ justifyContent: 'flex-end' }}>
        <button type="submit" className="btn btn-sm" disabled={isLoading || !question.trim()}>
          Ask Question
        </button>
      </div>
    </form>
  );
}

function ClarificationItem({
  clarification: c,
  contestId,
  isAdmin,
}: {
  clarification: ContestClarification;
  contestId: string;
  isAdmin: boolean;
}) {
  return (
    <li className="talk-item" data-testid="clarification">
      <div className="row talk-meta">
        <Badge variant="outline">{c.problemTitle ?? 'General'}</Badge>
        {c.answer === null ? (
          <Badge variant="warning">Awaiting answer</Badge>
        ) : (
          <Badge variant={c.public ? 'success' : 'secondary'}>
            {c.public ? 'Answered to everyone' : 'Answered privately'}
          </Badge>
        )}
        {c.askedBy && <span className="muted">{accountText(c.askedBy, c.askedByTeam)}</span>}
        <time className="muted" dateTime={c.createdAt}>
          {formatDateTime(c.createdAt)}
        </time>
      </div>
      <p className="talk-text">
        <strong>Q:</strong> {c.question}
      </p>
      {c.answer !== null && (
        <p className="talk-text talk-answer">
          <strong>A:</strong> {c.answer}
        </p>
      )}
      {isAdmin && <AnswerForm clarification={c} contestId={contestId} />}
    </li>
  );
}

function AnswerForm({
  clarification,
  contestId,
}: {
  clarification: ContestClarification;
  contestId: string;
}) {
  const [answer, { isLoading }] = useAnswerClarificationMutation();
  const [text, setText] = useState('');
  const toast = useToast();
  const id = `answer-${clarification.id}`;

  const send = async (toEveryone: boolean) => {
    try {
      await answer({
        contestId,
        clarificationId: clarification.id,
        answer: text,
        public: toEveryone,
      }).unwrap();
      setText('');
      toast.show({ title: ContestTalkMessages.answerSent, variant: 'success' });
    } catch (err) {
      toast.show({
        title: ContestTalkMessages.answerFailed,
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="talk-form">
      <label htmlFor={id} className="sr-only">
        {clarification.answer === null ? 'Answer' : 'Correct the answer'} to “{clarification.question}”
      </label>
      <textarea
        id={id}
        value={text}
        maxLength={CLARIFICATION_ANSWER_MAX_LENGTH}
        onChange={(e) => setText(e.target.value)}
        placeholder={clarification.answer === null ? 'Answer…' : 'Correct the answer…'}
        rows={2}
      />
      <div className="row" style={{ justifyContent: 'flex-end', marginTop: '0.4rem' }}>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={isLoading || !text.trim()}
          onClick={() => void send(false)}
        >
          Answer Privately
        </button>
        <button
          type="button"
          className="btn btn-sm"
          disabled={isLoading || !text.trim()}
          onClick={() => void send(true)}
        >
          Answer Everyone
        </button>
      </div>
    </div>
  );
}
