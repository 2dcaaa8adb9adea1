import { useEffect, useRef } from 'react';
import { useSubmissionQuery, useSubmissionsQuery } from './submissionsApi';
import { PROBLEM_SUBMISSIONS_SHOWN } from './SubmissionsPanel';

/**
 * 'View Solution': once the problem is ready, puts the latest accepted code of this problem into the editor.
 * `ready` waits for the editor's own start (draft or boilerplate), so the solution is not overwritten by it;
 * `load` is the draft's `offer`, which leaves alone code the user typed before the solution arrived.
 */
export function useLatestAcceptedCode(
  problemId: string,
  enabled: boolean,
  ready: boolean,
  load: (code: string) => void,
) {
  const { data: page } = useSubmissionsQuery(
    { problemId, limit: PROBLEM_SUBMISSIONS_SHOWN },
    { skip: !enabled },
  );
  const accepted = page?.items.find((s) => s.verdict === 'accepted');
  const { data: detail } = useSubmissionQuery(accepted?._id ?? '', { skip: !enabled || !accepted });
  const loaded = useRef(false);
  useEffect(() => {
    if (!enabled || !ready || !detail || loaded.current) return;
    loaded.current = true;
    load(detail.code);
  }, [enabled, ready, detail, load]);
}
