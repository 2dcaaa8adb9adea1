import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main';
import 'monaco-editor/esm/vs/basic-languages/java/java.contribution';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker?worker';
import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../lib/hooks';
import { resolveTheme } from '../theme/themeSlice';
import { EDITOR_FONT_SIZE, EDITOR_TAB_SIZE, type CodeEditorProps } from './editorConfig';

// Monaco is bundled locally: its only worker is the generic editor worker (Java has no language service).
self.MonacoEnvironment = { getWorker: () => new EditorWorker() };

const MARKER_OWNER = 'javac';

function monacoTheme(theme: 'light' | 'dark') {
  return theme === 'dark' ? 'vs-dark' : 'vs';
}

export default function MonacoEditor({
  value,
  onChange,
  onRun,
  onSubmit,
  markers,
  ariaLabel,
  readOnly,
}: CodeEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const onChangeRef = useRef(onChange);
  const onRunRef = useRef(onRun);
  const onSubmitRef = useRef(onSubmit);
  onChangeRef.current = onChange;
  onRunRef.current = onRun;
  onSubmitRef.current = onSubmit;
  const theme = useAppSelector((s) => s.theme.theme);
  const resolved = resolveTheme(theme, window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false);

  useEffect(() => {
    if (!hostRef.current) return;
    const editor = monaco.editor.create(hostRef.current, {
      value,
      language: 'java',
      theme: monacoTheme(resolved),
      fontSize: EDITOR_FONT_SIZE,
      tabSize: EDITOR_TAB_SIZE,
      insertSpaces: true,
      detectIndentation: false,
      automaticLayout: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      ariaLabel,
      readOnly,
    });
    // Actions belong to this editor; addCommand keybindings are shared by every editor on the page, so
    // opening a second one (the submission viewer) would take Ctrl+Enter away from this one.
    const actions = [
      editor.addAction({
        id: 'javelin.run',
        label: 'Run Code',
        keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
        run: () => onRunRef.current?.(),
      }),
      editor.addAction({
        id: 'javelin.submit',
        label: 'Submit Solution',
        keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyMod.Shift | monaco.KeyCode.Enter],
        run: () => onSubmitRef.current?.(),
      }),
    ];
    // Only the user's edits are reported: a flush is setValue of the `value` prop, which the page already holds
    // (reported, a restored draft would count as typed, and View Solution would then leave it alone).
    const sub = editor.onDidChangeModelContent((e) => {
      if (!e.isFlush) onChangeRef.current(editor.getValue());
    });
    editorRef.current = editor;
    return () => {
      sub.dispose();
      actions.forEach((a) => a.dispose());
      editor.getModel()?.dispose();
      editor.dispose();
      editorRef.current = null;
    };
    // The editor is created once; value, theme and options are synced by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = editorRef.current;
    if (editor && editor.getValue() !== value) editor.setValue(value);
  }, [value]);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model) return;
    monaco.editor.setModelMarkers(
      model,
      MARKER_OWNER,
      (markers ?? []).map((m) => {
        const line = Math.min(Math.max(m.line, 1), model.getLineCount());
        return {
          severity: monaco.MarkerSeverity.Error,
          message: m.message,
          startLineNumber: line,
          startColumn: model.getLineFirstNonWhitespaceColumn(line) || 1,
          endLineNumber: line,
          endColumn: model.getLineMaxColumn(line),
        };
      }),
    );
  }, [markers]);

  useEffect(() => {
    monaco.editor.setTheme(monacoTheme(resolved));
  }, [resolved]);

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly });
  }, [readOnly]);

  return <div ref={hostRef} className="editor-host" data-testid="monaco-host" />;
}
