import { Check, Copy, FileCode, Save, TriangleAlert, Wand2 } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { highlight } from '../code-highlight.ts';
import type { Module } from '../queries.ts';
import type { EditorConflict } from '../use-code-editor.ts';
import type { EditorDiagnostic } from './CodeEditor.tsx';
import { Dialog } from './Dialog.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { DialogActions } from './ui/dialog.tsx';

/** CodeMirror and its languages are their own chunk: the workspace paints without them. */
const CodeEditor = lazy(() => import('./CodeEditor.tsx'));

/** "… (12:5)" at the end of a compile error: sucrase's line and column. */
const LINE_IN_MESSAGE = /\((\d+):(\d+)\)\s*$/;

/** A preview error as the editor shows it: at its line when the preview or the message says which. */
export function diagnosticOf(error: { message: string; line?: number; column?: number }): EditorDiagnostic {
  if (error.line) return { line: error.line, column: error.column, message: error.message };
  const m = LINE_IN_MESSAGE.exec(error.message.split('\n')[0] ?? '');
  // sucrase's column is 0-based; the editor's is 1-based.
  if (m) return { line: Number(m[1]), column: Number(m[2]) + 1, message: error.message };
  return { line: 1, message: error.message };
}

/** The first lines of a module while the editor's chunk loads: the same text, read-only. */
function Placeholder({ text }: { text: string }) {
  const lines = useMemo(() => highlight(text.split('\n').slice(0, 80).join('\n')), [text]);
  return (
    <pre className="code-body" aria-hidden="true">
      <code>
        {lines.map((tokens, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional.
          <span className="code-line" key={index}>
            {tokens.map((token) => token.text).join('')}
            {'\n'}
          </span>
        ))}
      </code>
    </pre>
  );
}

/**
 * The Code tab: a module in the code editor. EDITOR and up edit and save (button or Ctrl/Cmd+S, formatted on
 * save); viewers read. The preview's error for this file shows at its line, with Fix it. A save refused because
 * the project changed meanwhile asks whether to reload (drop this edit) or overwrite — the text stays until then.
 */
export function CodePanel({
  module,
  text,
  dirty,
  readOnly,
  error,
  saving,
  saveError,
  conflict,
  onChange,
  onSave,
  onOverwrite,
  onReload,
  onDismissConflict,
  onFix,
}: {
  module: Module | null;
  text: string;
  dirty: boolean;
  readOnly: boolean;
  /** The preview's error in this module, if any. */
  error: { message: string; line?: number; column?: number } | null;
  saving: boolean;
  saveError: string | null;
  conflict: EditorConflict | null;
  onChange: (text: string) => void;
  onSave: () => void;
  onOverwrite: () => void;
  onReload: () => void;
  onDismissConflict: () => void;
  /** Offered when the saved code has an error (not while the text has unsaved changes). */
  onFix: (() => void) | null;
}) {
  const [copied, setCopied] = useState(false);
  const diagnostics = useMemo(() => (error ? [diagnosticOf(error)] : []), [error]);

  if (!module) {
    return (
      <div className="code-panel m-4 flex min-h-0 flex-1 flex-col overflow-hidden rounded-[12px] border border-border bg-surface shadow-md items-center justify-center gap-2.5 text-muted">
        <FileCode size={22} aria-hidden="true" />
        <p>Choose a module on the left to read its code.</p>
      </div>
    );
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      // Clipboard refused (insecure context); selecting the text still works.
    }
  }

  const name = module.name;
  return (
    <section
      className="code-panel m-4 flex min-h-0 flex-1 flex-col overflow-hidden rounded-[12px] border border-border bg-surface shadow-md"
      aria-label={`Code of ${name}`}
    >
      <header className="flex h-11 items-center justify-between gap-3 border-b border-border bg-bg pr-2 pl-4">
        <span className="code-path truncate font-mono text-[12px] text-text-2">
          {module.filePath}
          {dirty ? (
            <span className="text-accent" title="Unsaved changes">
              {' '}
              ●<span className="sr-only">Unsaved changes</span>
            </span>
          ) : null}
        </span>
        <span className="flex flex-none items-center gap-1.5">
          {readOnly ? <span className="text-[12px] text-muted">Read only</span> : null}
          <Button type="button" variant="ghost" size="sm" onClick={copy}>
            {copied ? <Check size={14} aria-hidden="true" /> : <Copy size={14} aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
          {readOnly ? null : (
            <Button
              type="button"
              variant="primary"
              size="sm"
              onClick={onSave}
              disabled={saving || !dirty}
              aria-keyshortcuts="Control+S Meta+S"
              title="Save (Ctrl+S); formats the code first"
            >
              {saving ? <Spinner /> : <Save size={14} aria-hidden="true" />}
              Save
            </Button>
          )}
        </span>
      </header>
      {error ? (
        <div
          className="code-error m-0 flex items-center gap-2 border-b border-error-border bg-error-soft px-3 py-1.5 text-[12.5px] text-error"
          role="status"
        >
          <TriangleAlert size={14} aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate font-mono">
            {diagnostics[0]?.line ? `Line ${diagnostics[0].line}: ` : ''}
            {error.message.split('\n')[0]}
          </span>
          {onFix && !dirty && !readOnly ? (
            <Button type="button" variant="ghost" size="sm" onClick={onFix}>
              <Wand2 size={14} aria-hidden="true" />
              Fix it
            </Button>
          ) : null}
        </div>
      ) : null}
      {saveError ? (
        <p
          className="code-error m-0 flex items-center gap-2 border-b border-error-border bg-error-soft px-3 py-1.5 text-[12.5px] text-error"
          role="alert"
        >
          {saveError}
        </p>
      ) : null}
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden">
        <Suspense fallback={<Placeholder text={text} />}>
          <CodeEditor
            filePath={module.filePath}
            value={text}
            readOnly={readOnly}
            diagnostics={diagnostics}
            onChange={onChange}
            onSave={() => {
              if (!readOnly && !saving) onSave();
            }}
            label={`Code of ${name}`}
          />
        </Suspense>
      </div>
      {conflict && conflict.filePath === module.filePath ? (
        <Dialog
          title="Someone else changed this project since you opened this file"
          description={
            <>
              <p>{conflict.message}</p>
              <p>
                Your text is still in the editor. Reload shows the latest version of {module.filePath} and
                drops your changes; Overwrite saves your text on top of the latest version.
              </p>
            </>
          }
          onClose={onDismissConflict}
        >
          <DialogActions>
            <Button type="button" variant="ghost" onClick={onReload}>
              Reload (discard mine)
            </Button>
            <Button type="button" variant="primary" onClick={onOverwrite} disabled={saving} data-autofocus>
              {saving ? <Spinner /> : null}
              Overwrite
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </section>
  );
}
