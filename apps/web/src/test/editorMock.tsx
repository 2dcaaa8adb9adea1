import type { CodeEditorProps } from '../features/editor/editorConfig';

/** Monaco does not run under jsdom; tests type into a plain textarea with the same props. */
export function CodeEditorMock({ value, onChange, ariaLabel, onRun }: CodeEditorProps) {
  return (
    <textarea
      aria-label={ariaLabel}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.ctrlKey && e.key === 'Enter') {
          e.preventDefault();
          onRun?.();
        }
      }}
    />
  );
}
