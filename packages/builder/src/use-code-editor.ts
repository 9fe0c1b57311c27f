/**
 * @module The code editor's state, kept by the workspace (not the Code tab) so switching tabs or files never
 * loses typed text: per file, the text being edited and the revision it was based on. While typing, the
 * preview gets the edited text (debounced) through the same `kiln:load` path as streamed drafts — only in this
 * browser, no revision until save. Saving formats (Prettier, lazy) and makes a CODE_CHANGE revision; a save on
 * an outdated revision comes back as a conflict the Code tab offers to resolve (reload or overwrite).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from './api.ts';
import { formatSource } from './code-format.ts';
import { saveModule } from './editor-queries.ts';
import type { Module, Revision } from './queries.ts';

/** How long typing pauses before the preview gets the edited text (the brief's 100–150 ms). */
export const LIVE_PREVIEW_DEBOUNCE_MS = 120;

interface FileDraft {
  text: string;
  /** The revision this text was last loaded from or saved as: the save's base. */
  baseRevisionId: string | null;
  /** The module's content in that revision: the text is dirty while it differs. */
  baseContent: string;
}

/** A save refused because the project changed since the file was opened. */
export interface EditorConflict {
  filePath: string;
  message: string;
}

export interface CodeEditorState {
  /** The text shown for `module`: the draft when there is one, else the revision's content. */
  textOf: (module: Module) => string;
  isDirty: (filePath: string) => boolean;
  dirtyCount: number;
  setText: (module: Module, text: string) => void;
  /** Formats and saves; false when refused (the error is in `saveError` or `conflict`). */
  save: (module: Module, options?: { overwrite?: boolean }) => Promise<boolean>;
  saving: boolean;
  saveError: string | null;
  conflict: EditorConflict | null;
  /** Reload: drops the edit and shows the latest revision's file. */
  discard: (filePath: string) => void;
  dismissConflict: () => void;
  /** The revision as the preview should show it: with every unsaved edit laid over (debounced). */
  previewRevision: Revision | null;
  /** Changes whenever the text laid over the preview changes ('' when none is). */
  previewKey: string;
}

export function useCodeEditor(
  projectId: string,
  revision: Revision | null,
  refresh: () => Promise<void>,
): CodeEditorState {
  const [drafts, setDrafts] = useState<Map<string, FileDraft>>(() => new Map());
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<EditorConflict | null>(null);
  const latestId = revision?.id ?? null;
  const latestRef = useRef(latestId);
  latestRef.current = latestId;
  const revisionRef = useRef(revision);
  revisionRef.current = revision;

  // A new revision whose file equals the draft (our save landed, or nothing was typed) ends the draft; a
  // dirty draft stays, based on what it was typed on, so a save then asks what to do instead of overwriting.
  useEffect(() => {
    if (!revision) return;
    setDrafts((old) => {
      let changed = false;
      const next = new Map(old);
      for (const [filePath, draft] of old) {
        const module = revision.modules.find((m) => m.filePath === filePath);
        if (!module ? draft.text === draft.baseContent : module.content === draft.text) {
          next.delete(filePath);
          changed = true;
        }
      }
      return changed ? next : old;
    });
  }, [revision]);

  const textOf = useCallback(
    (module: Module) => drafts.get(module.filePath)?.text ?? module.content,
    [drafts],
  );
  const isDirty = useCallback(
    (filePath: string) => {
      const d = drafts.get(filePath);
      return d !== undefined && d.text !== d.baseContent;
    },
    [drafts],
  );

  const setText = useCallback((module: Module, text: string) => {
    setDrafts((old) => {
      const current = old.get(module.filePath);
      if (current?.text === text || (!current && text === module.content)) return old;
      const next = new Map(old);
      next.set(module.filePath, {
        text,
        baseRevisionId: current?.baseRevisionId ?? latestRef.current,
        baseContent: current?.baseContent ?? module.content,
      });
      return next;
    });
  }, []);

  const save = useCallback(
    async (module: Module, options: { overwrite?: boolean } = {}) => {
      const draft = drafts.get(module.filePath);
      const text = draft?.text ?? module.content;
      setSaving(true);
      setSaveError(null);
      try {
        const formatted = (await formatSource(text, module.filePath)) ?? text;
        // Revisions since the draft's base that left this file as it was (a New Page, another file's save) do
        // not conflict with it: the save replaces only this file in the latest revision. Anything else does.
        const now = revisionRef.current?.modules.find((m) => m.filePath === module.filePath);
        const untouched = draft !== undefined && now?.content === draft.baseContent;
        const base =
          options.overwrite || untouched ? latestRef.current : (draft?.baseRevisionId ?? latestRef.current);
        const saved = await saveModule({
          projectId,
          filePath: module.filePath,
          content: formatted,
          baseRevisionId: base,
        });
        setConflict(null);
        setDrafts((old) => {
          const next = new Map(old);
          const now = old.get(module.filePath);
          // Typing went on while saving: keep that text, now based on the saved revision.
          const typed = now && now.text !== text ? now.text : formatted;
          next.set(module.filePath, { text: typed, baseRevisionId: saved.id, baseContent: formatted });
          return next;
        });
        await refresh();
        return true;
      } catch (caught) {
        if (caught instanceof ApiError && caught.code === 'conflict')
          setConflict({ filePath: module.filePath, message: caught.message });
        else setSaveError(caught instanceof Error ? caught.message : String(caught));
        return false;
      } finally {
        setSaving(false);
      }
    },
    [drafts, projectId, refresh],
  );

  const discard = useCallback((filePath: string) => {
    setConflict(null);
    setDrafts((old) => {
      if (!old.has(filePath)) return old;
      const next = new Map(old);
      next.delete(filePath);
      return next;
    });
  }, []);

  // The preview follows the typed text after a short pause, not on every keystroke.
  const [shown, setShown] = useState(drafts);
  useEffect(() => {
    const timer = setTimeout(() => setShown(drafts), LIVE_PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [drafts]);
  const previewRevision = useMemo(() => {
    if (!revision) return null;
    let touched = false;
    const modules = revision.modules.map((m) => {
      const d = shown.get(m.filePath);
      if (!d || d.text === m.content) return m;
      touched = true;
      return { ...m, content: d.text };
    });
    return touched ? { ...revision, modules } : revision;
  }, [revision, shown]);
  const previewKey = useMemo(
    () =>
      previewRevision === revision
        ? ''
        : (previewRevision?.modules ?? [])
            .flatMap((m) => (shown.get(m.filePath)?.text === m.content ? [m.filePath, m.content] : []))
            .join('\0'),
    [previewRevision, revision, shown],
  );

  const dirtyCount = useMemo(
    () => [...drafts.values()].filter((d) => d.text !== d.baseContent).length,
    [drafts],
  );
  // Leaving the page (closing the tab, reloading) with unsaved text asks first.
  useEffect(() => {
    if (dirtyCount === 0) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirtyCount]);

  return {
    textOf,
    isDirty,
    dirtyCount,
    setText,
    save,
    saving,
    saveError,
    conflict,
    discard,
    dismissConflict: () => setConflict(null),
    previewRevision,
    previewKey,
  };
}
