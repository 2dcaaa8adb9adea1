import {
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';

const SPLIT_STORAGE_KEY = 'javelin:split';
const DEFAULT_LEFT_PERCENT = 33;
const MIN_LEFT_PERCENT = 25;
const MAX_LEFT_PERCENT = 70;
const KEYBOARD_STEP_PERCENT = 2;

function clamp(percent: number): number {
  return Math.min(MAX_LEFT_PERCENT, Math.max(MIN_LEFT_PERCENT, percent));
}

function storedPercent(): number {
  const stored = Number(localStorage.getItem(SPLIT_STORAGE_KEY));
  return Number.isFinite(stored) && stored > 0 ? clamp(stored) : DEFAULT_LEFT_PERCENT;
}

/** Statement and editor side by side, divided by a handle the user drags (or moves with the arrow keys); the width is remembered. */
export function ResizableSplit({ left, right }: { left: ReactNode; right: ReactNode }) {
  const [percent, setPercent] = useState(storedPercent);
  const hostRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const commit = (next: number) => {
    const value = clamp(next);
    setPercent(value);
    localStorage.setItem(SPLIT_STORAGE_KEY, String(Math.round(value)));
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const rect = hostRef.current?.getBoundingClientRect();
    if (!dragging.current || !rect?.width) return;
    commit(((e.clientX - rect.left) / rect.width) * 100);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    dragging.current = false;
    e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const delta =
      e.key === 'ArrowLeft' ? -KEYBOARD_STEP_PERCENT : e.key === 'ArrowRight' ? KEYBOARD_STEP_PERCENT : 0;
    if (!delta) return;
    e.preventDefault();
    commit(percent + delta);
  };

  return (
    <div className="workspace" ref={hostRef} style={{ '--split-left': `${percent}%` } as CSSProperties}>
      {/* Scrolls on its own: keyboard users can focus it to scroll (axe: scrollable-region-focusable). */}
      <div className="workspace-pane" tabIndex={0}>
        {left}
      </div>
      <div
        className="workspace-handle"
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize the statement and the editor"
        aria-valuemin={MIN_LEFT_PERCENT}
        aria-valuemax={MAX_LEFT_PERCENT}
        aria-valuenow={Math.round(percent)}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onKeyDown={onKeyDown}
      />
      <div className="workspace-pane">{right}</div>
    </div>
  );
}
