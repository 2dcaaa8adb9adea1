import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './editorConfig';

// Monaco is a large chunk: it loads only when a solving page renders an editor.
const MonacoEditor = lazy(() => import('./MonacoEditor'));

export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="editor-host" role="status" style={{ display: 'grid', placeItems: 'center' }}>
          Loading editor...
        </div>
      }
    >
      <MonacoEditor {...props} />
    </Suspense>
  );
}
