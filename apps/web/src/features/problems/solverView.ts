import { useEffect, useRef } from 'react';

/**
 * Ctrl+Enter runs and Ctrl+Shift+Enter submits from anywhere on the page; inside Monaco the editor's
 * own commands handle them.
 */
export function useSolverShortcuts(onRun: () => void, onSubmit: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key !== 'Enter') return;
      if ((e.target as HTMLElement | null)?.closest?.('.monaco-editor')) return;
      e.preventDefault();
      if (e.shiftKey) onSubmit();
      else onRun();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onRun, onSubmit]);
}

/** Space kept above a result scrolled into view: the sticky navigation when the window scrolls. */
const WINDOW_SCROLL_MARGIN_PX = 72;
const PANE_SCROLL_MARGIN_PX = 4;

/** The nearest ancestor that scrolls on its own (the editor's pane beside the statement), or null. */
function scrollingAncestor(el: HTMLElement): HTMLElement | null {
  for (let node = el.parentElement; node; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return null;
}

/**
 * Brings a result that just arrived into view, its headline at the top: its pane scrolls when the
 * panes scroll on their own (never the window, which would leave a band under them), the window otherwise.
 */
export function useScrolledIntoView<T>(shown: T | null) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!shown || !el) return;
    const pane = scrollingAncestor(el);
    const top = el.getBoundingClientRect().top;
    if (pane) {
      const offset = top - pane.getBoundingClientRect().top - PANE_SCROLL_MARGIN_PX;
      pane.scrollTo?.({ top: pane.scrollTop + offset, behavior: 'smooth' });
    } else {
      window.scrollTo?.({ top: window.scrollY + top - WINDOW_SCROLL_MARGIN_PX, behavior: 'smooth' });
    }
  }, [shown]);
  return ref;
}
