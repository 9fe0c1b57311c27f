/**
 * @module The code editor proper: CodeMirror 6 with TypeScript/JSX highlighting, search (Ctrl/Cmd+F), history,
 * Ctrl/Cmd+S to save, and the preview's compile and render errors as lint diagnostics at their line. Loaded
 * lazily (its own chunk, ~150 KB gz) so the workspace's first paint does not carry it. Colours come from
 * theme.css tokens, so dark mode follows without a second theme.
 */
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { tags as t } from '@lezer/highlight';
import { useEffect, useLayoutEffect, useRef } from 'react';

/** An error the preview reported for this file, at a 1-based line (and 1-based column when known). */
export interface EditorDiagnostic {
  line: number;
  column?: number;
  message: string;
}

export interface CodeEditorProps {
  /** The file shown; a different file starts a fresh editor state (its own undo history). */
  filePath: string;
  value: string;
  readOnly: boolean;
  diagnostics: EditorDiagnostic[];
  onChange: (text: string) => void;
  onSave: () => void;
  /** The editable area's accessible name. */
  label: string;
}

/** Syntax colours from the theme's `--tok-*` tokens (the read-only highlighter's, light and dark). */
const highlight = HighlightStyle.define([
  { tag: [t.comment, t.lineComment, t.blockComment], color: 'var(--tok-comment)', fontStyle: 'italic' },
  { tag: [t.string, t.special(t.string), t.regexp], color: 'var(--tok-string)' },
  {
    tag: [t.keyword, t.controlKeyword, t.moduleKeyword, t.definitionKeyword, t.operatorKeyword],
    color: 'var(--tok-keyword)',
  },
  { tag: [t.tagName, t.typeName, t.className], color: 'var(--tok-tag)' },
  { tag: [t.attributeName, t.propertyName], color: 'var(--tok-attr)' },
  { tag: [t.number, t.bool, t.null, t.atom], color: 'var(--tok-number)' },
]);

/** The editor's chrome from theme.css tokens. */
const theme = EditorView.theme({
  '&': { height: '100%', color: 'var(--code-text)', backgroundColor: 'var(--surface)', fontSize: '12.5px' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.65' },
  '.cm-content': { caretColor: 'var(--text)', padding: '10px 0' },
  '.cm-cursor': { borderLeftColor: 'var(--text)' },
  '.cm-gutters': {
    backgroundColor: 'var(--bg)',
    color: 'var(--code-dim)',
    borderRight: '1px solid var(--border)',
  },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--surface-2) 60%, transparent)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--surface-2)', color: 'var(--text-2)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--accent-ring)',
  },
  '.cm-searchMatch': { backgroundColor: 'var(--warn-soft)', outline: '1px solid var(--border-strong)' },
  '.cm-searchMatch-selected': { backgroundColor: 'var(--accent-soft)' },
  '.cm-panels': { backgroundColor: 'var(--bg)', color: 'var(--text)' },
  '.cm-panels-bottom': { borderTop: '1px solid var(--border)' },
  '.cm-panel.cm-search input, .cm-panel.cm-search button': { fontSize: '12px' },
  '.cm-textfield': {
    backgroundColor: 'var(--surface)',
    color: 'var(--text)',
    border: '1px solid var(--border-strong)',
    borderRadius: '6px',
  },
  '.cm-button': {
    backgroundImage: 'none',
    backgroundColor: 'var(--surface-2)',
    color: 'var(--text)',
    border: '1px solid var(--border)',
    borderRadius: '6px',
  },
  '.cm-tooltip': {
    backgroundColor: 'var(--surface)',
    color: 'var(--text)',
    border: '1px solid var(--border)',
  },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--error)' },
  '.cm-lintRange-error': {
    backgroundImage: 'none',
    textDecoration: 'underline wavy var(--error)',
    textUnderlineOffset: '3px',
  },
  '.cm-lint-marker-error': { content: 'none' },
});

/** TypeScript (with JSX for .tsx) or JavaScript (with JSX for .jsx) by the file's extension. */
function language(filePath: string): Extension {
  // A database migration written by hand (MigrationDialog) is PostgreSQL.
  if (filePath.endsWith('.sql')) return sql({ dialect: PostgreSQL });
  return javascript({ jsx: /\.[jt]sx$/.test(filePath), typescript: /\.tsx?$/.test(filePath) });
}

/** Diagnostics at their lines, clamped into the document (a stale line number never throws). */
function toDiagnostics(state: EditorState, list: EditorDiagnostic[]): Diagnostic[] {
  const { doc } = state;
  return list.map((d) => {
    const line = doc.line(Math.min(Math.max(1, d.line), doc.lines));
    const from = d.column ? Math.min(line.from + d.column - 1, line.to) : line.from;
    const to = from < line.to ? line.to : Math.min(from + 1, doc.length);
    return { from: Math.min(from, to), to, severity: 'error', message: d.message, source: 'Preview' };
  });
}

export default function CodeEditor({
  filePath,
  value,
  readOnly,
  diagnostics,
  onChange,
  onSave,
  label,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const editable = useRef(new Compartment());
  const props = useRef({ onChange, onSave });
  /**
   * Texts this editor reported since the parent last caught up: a `value` among them is our own typing coming
   * back (possibly a keystroke behind), not a change from outside, and must not overwrite the document.
   */
  const echoes = useRef(new Set<string>());
  useLayoutEffect(() => {
    props.current = { onChange, onSave };
  });

  // One EditorState per file: its own undo history; the view itself lives as long as the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `value` and `readOnly` are synced by the effects below.
  useLayoutEffect(() => {
    const state = EditorState.create({
      doc: value,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        highlightSelectionMatches(),
        search({ top: false }),
        lintGutter(),
        syntaxHighlighting(highlight),
        theme,
        language(filePath),
        editable.current.of([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
        // Focusable read-only too (keyboard scrolling, search), and so the scroller holds a focusable element.
        EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
        keymap.of([
          {
            key: 'Mod-s',
            preventDefault: true,
            run: () => {
              props.current.onSave();
              return true;
            },
          },
          ...searchKeymap,
          ...historyKeymap,
          ...defaultKeymap,
          // Tab indents; Escape then Tab leaves the editor (CodeMirror's documented keyboard path).
          indentWithTab,
        ]),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          const text = update.state.doc.toString();
          echoes.current.add(text);
          props.current.onChange(text);
        }),
      ],
    });
    echoes.current.clear();
    if (view.current) view.current.setState(state);
    else if (host.current) view.current = new EditorView({ state, parent: host.current });
  }, [filePath]);

  useEffect(
    () => () => {
      view.current?.destroy();
      view.current = null;
    },
    [],
  );

  // A text from outside (a reload, a format on save, a new revision) replaces the document; our own typing
  // coming back does not (synchronously after the commit, so no keystroke slips in between).
  useLayoutEffect(() => {
    const v = view.current;
    if (!v) return;
    const current = v.state.doc.toString();
    if (current === value) {
      echoes.current.clear();
      return;
    }
    if (echoes.current.has(value)) return;
    echoes.current.clear();
    v.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({
      effects: editable.current.reconfigure([
        EditorState.readOnly.of(readOnly),
        EditorView.editable.of(!readOnly),
      ]),
    });
  }, [readOnly]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new file's state needs its diagnostics again.
  useEffect(() => {
    const v = view.current;
    if (!v) return;
    v.dispatch(setDiagnostics(v.state, toDiagnostics(v.state, diagnostics)));
  }, [diagnostics, filePath, value]);

  return <div ref={host} className="code-editor min-h-0 flex-1" data-file={filePath} />;
}
