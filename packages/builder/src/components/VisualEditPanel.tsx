/**
 * @module The panel beside an element clicked in the preview's Select mode (issue 17): change its text, image
 * URL or link, delete it, or describe a change to just that element. Each is a new revision (the preview shows it
 * when it lands; Restore undoes it). An element from a loop or a component's prop says, under the field, where
 * its text, image or link comes from and which literal a change edits — or why it can only be described; the
 * server's refusal is shown in place too, and nothing typed is lost.
 */
import type { ElementSelectedMessage } from '@kiln/preview/protocol';
import { useQuery } from '@tanstack/react-query';
import { Trash2, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { errorMessage } from '../api.ts';
import {
  type ElementOriginsResult,
  elementOrigins,
  patchElement,
  type VisualEditKind,
  visualEdit,
} from '../visual-edit-queries.ts';
import { Field } from './Field.tsx';
import { FormAlert } from './FormAlert.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import {
  DialogActions,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogForm,
  DialogHeader,
  DialogTitle,
  Dialog as Root,
} from './ui/dialog.tsx';
import { FormItem, FormLabel } from './ui/field.tsx';
import { Input, Textarea } from './ui/input.tsx';

/** The panel's width (CSS pixels), for placing it beside the element. */
const PANEL_WIDTH = 340;
/** Room kept between the panel, the element and the window's edges. */
const GAP = 8;
/** Tags whose text is not theirs to change (replaced elements, containers of whole sections). */
const NO_TEXT = new Set(['img', 'input', 'video', 'audio', 'iframe', 'svg', 'path', 'hr', 'br']);

/** Where the panel goes: right of the element when there is room, else under it, kept on screen. */
function placement(frame: DOMRect | null, rect: ElementSelectedMessage['rect']) {
  const left0 = (frame?.left ?? 0) + rect.x;
  const top0 = (frame?.top ?? 0) + rect.y;
  const right = left0 + rect.width + GAP;
  const fits = right + PANEL_WIDTH + GAP <= window.innerWidth;
  const left = fits ? right : Math.max(GAP, Math.min(left0, window.innerWidth - PANEL_WIDTH - GAP));
  const top = fits ? top0 : top0 + rect.height + GAP;
  return { left, top: Math.max(GAP, Math.min(top, window.innerHeight - 360)) };
}

type Origin = NonNullable<ElementOriginsResult['text']>;

/**
 * Where a value comes from, under its field: said only when it is not simply written in the element (a loop's
 * array, a parent's prop) or when no visual edit can change it.
 */
function OriginNote({ id, origin }: { id: string; origin: Origin | null | undefined }) {
  if (!origin || (origin.editable && !origin.through)) return null;
  return (
    <p id={id} className={`text-[12px] ${origin.editable ? 'text-muted' : 'text-error'}`}>
      {origin.note}
    </p>
  );
}

/** The edit panel for one selected element; `onQueued` is told the new revision's id. */
export function VisualEditPanel({
  projectId,
  element,
  frame,
  onQueued,
  onClose,
  upload,
}: {
  projectId: string;
  element: ElementSelectedMessage;
  /** The preview iframe's box in the builder's window; the element's box is inside it. */
  frame: DOMRect | null;
  onQueued: (revisionId: string, what: string) => void;
  onClose: () => void;
  /** Stores an image in the project's uploads (through the preview) and resolves its URL. */
  upload: (file: Blob) => Promise<string>;
}) {
  const [text, setText] = useState(element.text);
  const [src, setSrc] = useState(element.src ?? '');
  const [href, setHref] = useState(element.href ?? '');
  const [instruction, setInstruction] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const describeId = useId();
  const uploadId = useId();
  const noteId = useId();
  const hasText = !NO_TEXT.has(element.tag);
  const hasImage = element.tag === 'img' || element.src !== null;
  const hasLink = element.tag === 'a' || element.href !== null;
  // Where the text, image and link are written, asked once per element (the panel opens on a click).
  const origins = useQuery({
    queryKey: ['elementOrigins', element.revisionId, element.filePath, element.line, element.column],
    queryFn: () =>
      elementOrigins({
        projectId,
        revisionId: element.revisionId,
        filePath: element.filePath,
        line: element.line,
        column: element.column,
        text: hasText ? element.text : null,
        src: hasImage ? element.src : null,
        href: hasLink ? element.href : null,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  }).data;
  const blocked = (o: Origin | null | undefined) => o?.editable === false;
  const describedBy = (o: Origin | null | undefined, suffix: string) =>
    o && (!o.editable || o.through) ? `${noteId}-${suffix}` : undefined;

  async function uploadImage(file: File | undefined) {
    if (!file) return;
    setBusy('Upload');
    setError(null);
    try {
      setSrc(await upload(file));
    } catch (caught) {
      setError(errorMessage(caught));
    }
    setBusy(null);
  }
  const where = `${element.filePath}:${element.line}`;
  const base = {
    projectId,
    baseRevisionId: element.revisionId,
    filePath: element.filePath,
    line: element.line,
    column: element.column,
  };

  async function run(label: string, what: string, action: () => Promise<string>) {
    setBusy(label);
    setError(null);
    try {
      onQueued(await action(), what);
      onClose();
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(null);
    }
  }

  const edit =
    (kind: VisualEditKind, value: string | null, current: string | null, what: string) => (e: FormEvent) => {
      e.preventDefault();
      void run(kind, what, () => visualEdit({ ...base, kind, value, current }));
    };

  const submit = (label: string, disabled: boolean): ReactNode => (
    <Button type="submit" variant="primary" disabled={busy !== null || disabled}>
      {busy === label ? <Spinner /> : null}
      {label}
    </Button>
  );

  return (
    <Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        className="visual-edit-panel"
        overlayClassName="bg-transparent"
        style={{ ...placement(frame, element.rect), width: PANEL_WIDTH, translate: 'none' }}
        aria-describedby={undefined}
      >
        <DialogBody>
          <DialogHeader>
            <DialogTitle asChild>
              <h2>Edit &lt;{element.tag}&gt;</h2>
            </DialogTitle>
            <Button type="button" variant="ghost" size="icon" aria-label="Close" onClick={onClose}>
              <X size={16} aria-hidden="true" />
            </Button>
          </DialogHeader>
          <DialogDescription asChild>
            <p className="text-[12px] text-muted">
              In <code>{where}</code>. Each change is a new version; Restore in History undoes it.
            </p>
          </DialogDescription>
          {hasText ? (
            <DialogForm onSubmit={edit('TEXT', text, element.text, 'Text change')}>
              <Field
                label="Text"
                value={text}
                onChange={(e) => setText(e.target.value)}
                autoComplete="off"
                aria-describedby={describedBy(origins?.text, 'text')}
              />
              <OriginNote id={`${noteId}-text`} origin={origins?.text} />
              <DialogActions>
                {submit('Change text', text === element.text || blocked(origins?.text))}
              </DialogActions>
            </DialogForm>
          ) : null}
          {hasImage ? (
            <DialogForm onSubmit={edit('IMAGE', src.trim(), element.src, 'Image change')}>
              <Field
                label="Image URL"
                type="url"
                value={src}
                onChange={(e) => setSrc(e.target.value)}
                placeholder="https://…"
                autoComplete="off"
                aria-describedby={describedBy(origins?.src, 'src')}
              />
              <OriginNote id={`${noteId}-src`} origin={origins?.src} />
              <FormItem>
                <FormLabel htmlFor={uploadId}>Or upload an image</FormLabel>
                <Input
                  id={uploadId}
                  type="file"
                  accept="image/*"
                  disabled={busy !== null}
                  onChange={(e) => void uploadImage(e.target.files?.[0])}
                />
              </FormItem>
              <DialogActions>
                {busy === 'Upload' ? <Spinner /> : null}
                {submit('Change image', !src.trim() || src === element.src || blocked(origins?.src))}
              </DialogActions>
            </DialogForm>
          ) : null}
          {hasLink ? (
            <DialogForm onSubmit={edit('LINK', href.trim(), element.href, 'Link change')}>
              <Field
                label="Link URL"
                value={href}
                onChange={(e) => setHref(e.target.value)}
                placeholder="/about or https://…"
                autoComplete="off"
                aria-describedby={describedBy(origins?.href, 'href')}
              />
              <OriginNote id={`${noteId}-href`} origin={origins?.href} />
              <DialogActions>
                {submit('Change link', !href.trim() || href === element.href || blocked(origins?.href))}
              </DialogActions>
            </DialogForm>
          ) : null}
          <DialogForm
            onSubmit={(e) => {
              e.preventDefault();
              void run('Apply with AI', 'Change', () =>
                patchElement({ ...base, instruction: instruction.trim() }),
              );
            }}
          >
            <FormItem>
              <FormLabel htmlFor={describeId}>Describe a change</FormLabel>
              <Textarea
                id={describeId}
                rows={2}
                value={instruction}
                placeholder="Make it larger and blue"
                onChange={(e) => setInstruction(e.target.value)}
              />
            </FormItem>
            <DialogActions>{submit('Apply with AI', !instruction.trim())}</DialogActions>
          </DialogForm>
          <FormAlert message={error} />
          <DialogActions>
            <Button
              type="button"
              variant="dangerOutline"
              disabled={busy !== null}
              onClick={() => void run('Delete', 'Deletion', () => visualEdit({ ...base, kind: 'DELETE' }))}
            >
              {busy === 'Delete' ? <Spinner /> : <Trash2 size={15} aria-hidden="true" />}
              Delete element
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogContent>
    </Root>
  );
}
