import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';

/** Spec §9: tooltips open after 700 ms; moving to another within 300 ms opens it at once. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
/** Space kept between a tooltip and the window's edge. */
export const TOOLTIP_EDGE_PX = 8;

let lastClosedAt = 0;

/** The bottom of the sticky header, or 0: a tooltip above it would be hidden under it. */
function stickyTop(): number {
  const header = document.querySelector('header.nav');
  return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
}

/**
 * Where the open tooltip goes so it stays in the window (issue 45): above its control, or below it when
 * the space above is under the sticky header or off the window; shifted sideways to keep off both edges.
 */
function useKeptInWindow(open: boolean) {
  const ref = useRef<HTMLSpanElement>(null);
  const [place, setPlace] = useState<{ below: boolean; shift: number }>({ below: false, shift: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!open || !el) return;
    const wrap = el.parentElement!.getBoundingClientRect();
    const { width, height } = el.getBoundingClientRect();
    const below = wrap.top - height - 6 < stickyTop() + TOOLTIP_EDGE_PX;
    const left = wrap.left + wrap.width / 2 - width / 2;
    const maxLeft = window.innerWidth - TOOLTIP_EDGE_PX - width;
    const shift = left < TOOLTIP_EDGE_PX ? TOOLTIP_EDGE_PX - left : left > maxLeft ? maxLeft - left : 0;
    setPlace({ below, shift });
  }, [open]);
  return { ref, place };
}

export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();
  const { ref, place } = useKeptInWindow(open);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = () => {
    const delay = Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_OPEN_DELAY_MS;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    if (open) lastClosedAt = Date.now();
    setOpen(false);
  };
  return (
    <span
      className="tooltip-wrap"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      aria-describedby={open ? id : undefined}
    >
      {children}
      {open && (
        <span
          role="tooltip"
          id={id}
          ref={ref}
          className={`tooltip${place.below ? ' tooltip-below' : ''}`}
          style={{ transform: `translateX(calc(-50% + ${place.shift}px))` }}
          data-placement={place.below ? 'below' : 'above'}
        >
          {content}
        </span>
      )}
    </span>
  );
}
