/** Spec §9: Java, 4-space tabs, UTF-8, font size 14. */
export const EDITOR_TAB_SIZE = 4;
export const EDITOR_FONT_SIZE = 14;
export const EDITOR_LANGUAGE = 'java';

import type { EditorMarker } from './compileMarkers';

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Ctrl+Enter inside the editor. */
  onRun?: () => void;
  /** Ctrl+Shift+Enter inside the editor. */
  onSubmit?: () => void;
  /** Errors to mark in the code (a compile error at its line). */
  markers?: readonly EditorMarker[];
  ariaLabel: string;
  readOnly?: boolean;
}
