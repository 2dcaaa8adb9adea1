/** Spec §9: Java, 4-space tabs, UTF-8, font size 14. */
export const EDITOR_TAB_SIZE = 4;
export const EDITOR_FONT_SIZE = 14;
export const EDITOR_LANGUAGE = 'java';

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Ctrl+Enter inside the editor. */
  onRun?: () => void;
  ariaLabel: string;
  readOnly?: boolean;
}
