import { useRef, type KeyboardEvent } from 'react';

export interface TabItem<T extends string> {
  value: T;
  label: string;
}

/** A tab list with arrow-key navigation; the panel is rendered by the caller with `tabPanelProps`. */
export function Tabs<T extends string>({
  items,
  value,
  onChange,
  label,
  idPrefix,
}: {
  items: TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  idPrefix: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (index + delta + items.length) % items.length;
    onChange(items[next].value);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="tabs">
      {items.map((item, i) => (
        <button
          key={item.value}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${item.value}`}
          aria-selected={item.value === value}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={item.value === value ? 0 : -1}
          className="tab"
          onClick={() => onChange(item.value)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

export function tabPanelProps(idPrefix: string, value: string) {
  return {
    role: 'tabpanel',
    id: `${idPrefix}-panel`,
    'aria-labelledby': `${idPrefix}-tab-${value}`,
  } as const;
}
