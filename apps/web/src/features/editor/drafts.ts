import { useCallback, useEffect, useRef, useState } from 'react';

const DRAFT_PREFIX = 'javelin:draft:';

/** One draft per practice problem and one per contest problem, so a contest attempt never overwrites practice code. */
export function draftKey(problemId: string, contestId?: string): string {
  return `${DRAFT_PREFIX}${contestId ? `contest:${contestId}:` : ''}${problemId}`;
}

// Storage can be full or disabled (private windows): the editor then simply forgets, it never breaks.
export function readDraft(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeDraft(key: string, code: string | null): void {
  try {
    if (code === null) localStorage.removeItem(key);
    else localStorage.setItem(key, code);
  } catch {
    // see readDraft
  }
}

/**
 * The editor's code for one problem, kept in local storage across reloads and sign-outs.
 * Until the problem (and so its boilerplate) has loaded, `boilerplate` is undefined and the code is empty.
 */
export function useDraft(key: string, boilerplate: string | undefined) {
  const [code, setCodeState] = useState('');
  /** Whether the user changed the code since this problem's draft was restored. */
  const edited = useRef(false);

  useEffect(() => {
    edited.current = false;
    if (boilerplate !== undefined) setCodeState(readDraft(key) ?? boilerplate);
  }, [key, boilerplate]);

  const setCode = useCallback(
    (next: string) => {
      edited.current = true;
      setCodeState(next);
      // Code equal to the boilerplate is no draft: a later change of the boilerplate by an admin then shows through.
      writeDraft(key, next === boilerplate ? null : next);
    },
    [key, boilerplate],
  );

  /**
   * Code that arrives on its own (View Solution's accepted code, fetched after the page opened): taken
   * only while the user has not typed, so it never replaces what they wrote in the meantime.
   */
  const offer = useCallback(
    (next: string) => {
      if (!edited.current) setCode(next);
    },
    [setCode],
  );

  const reset = useCallback(() => {
    writeDraft(key, null);
    setCodeState(boilerplate ?? '');
  }, [key, boilerplate]);

  return { code, setCode, offer, reset };
}
