import type { CodeEditorProps } from '../features/editor/editorConfig';

/**
 * Monaco does not run under jsdom; tests type into a plain textarea with the same props:
 * `vi.mock('../editor/CodeEditor', () => import('../../test/editorMock'))`.
 */
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

/** The name CodeEditor.tsx exports, so this module can stand in for it whole. */
export { CodeEditorMock as CodeEditor };
