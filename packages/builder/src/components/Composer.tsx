import { CHAT_ATTACHMENT_MESSAGES } from '@kiln/core';
import { ArrowUp, ImagePlus, X } from 'lucide-react';
import { type ClipboardEvent, type DragEvent, type FormEvent, useId, useRef, useState } from 'react';
import { ATTACHMENT_ACCEPT, ATTACHMENT_HINT, type UploadedAttachment } from '../chat-attachments.ts';
import type { ChatMode } from '../queries.ts';
import { useAttachments } from '../use-attachments.ts';
import type { SendOptions } from '../use-chat.ts';
import { useEnterSubmit } from '../use-enter-submit.ts';
import { ChatModeToggle } from './ChatModeToggle.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';

/** The placeholder per mode: a discussion changes nothing, and says so before anything is typed. */
const PLACEHOLDERS: Record<ChatMode, string> = {
  CHAT: 'Ask Kiln to change something…',
  DISCUSSION: 'Ask a question or plan a change (nothing is changed)…',
};

/**
 * The chat input: Enter sends, Shift+Enter makes a newline. Resolves `onSend` to false to keep the text.
 * With `disabledReason` (a viewer) nothing can be typed and the reason is the placeholder. Above it, Build /
 * Discuss (plan mode) and the per-message Expert toggle (`expertDisabledReason` says why it is off).
 * With `uploadImage`, images can be attached (the image button, pasting, or dropping files on the composer):
 * thumbnails with a remove button wait above the input, and the message is sent once they are uploaded.
 */
export function Composer({
  onSend,
  busy,
  disabledReason = null,
  expertDisabledReason = null,
  uploadImage,
}: {
  onSend: (text: string, opts?: SendOptions) => Promise<boolean>;
  busy: boolean;
  disabledReason?: string | null;
  /** Why Expert cannot be picked (the organisation names no expert model), or null when it can. */
  expertDisabledReason?: string | null;
  /** Stores one image for the project's chat (absent: nothing can be attached). */
  uploadImage?: ((file: File) => Promise<UploadedAttachment>) | undefined;
}) {
  const [text, setText] = useState('');
  const [mode, setMode] = useState<ChatMode>('CHAT');
  const [expert, setExpert] = useState(false);
  const [dragging, setDragging] = useState(false);
  const useExpert = expert && expertDisabledReason === null;
  const attachments = useAttachments(uploadImage);
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const canAttach = uploadImage !== undefined && disabledReason === null;
  const attachDisabledReason = mode === 'DISCUSSION' ? CHAT_ATTACHMENT_MESSAGES.notInPlanMode : null;
  const hasImages = attachments.items.length > 0;

  async function submit() {
    const message = text.trim();
    if (!message || busy || disabledReason || attachments.uploading) return;
    if (hasImages && mode === 'DISCUSSION') return;
    const ids = attachments.ids();
    const previews = attachments.items.map((i) => i.preview);
    setText('');
    if (
      await onSend(message, {
        mode,
        expert: useExpert,
        ...(ids.length > 0 ? { attachments: ids, previews } : {}),
      })
    )
      attachments.clear();
    else setText(message);
  }
  const onKeyDown = useEnterSubmit(() => void submit());
  const imagesOf = (list: DataTransferItemList | FileList | null | undefined): File[] =>
    [...(list ?? [])].flatMap((entry) => {
      const file = entry instanceof File ? entry : entry.kind === 'file' ? entry.getAsFile() : null;
      return file ? [file] : [];
    });
  const onPaste = (event: ClipboardEvent) => {
    if (!canAttach || attachDisabledReason) return;
    const files = imagesOf(event.clipboardData?.items).filter((f) => f.type.startsWith('image/'));
    if (files.length === 0) return;
    event.preventDefault();
    attachments.add(files);
  };
  const dropProps = canAttach
    ? {
        onDragOver: (event: DragEvent) => {
          if (![...event.dataTransfer.types].includes('Files')) return;
          event.preventDefault();
          setDragging(true);
        },
        onDragLeave: () => setDragging(false),
        onDrop: (event: DragEvent) => {
          setDragging(false);
          if (event.dataTransfer.files.length === 0) return;
          event.preventDefault();
          if (!attachDisabledReason) attachments.add(imagesOf(event.dataTransfer.files));
        },
      }
    : {};
  const sendDisabled =
    busy ||
    !text.trim() ||
    disabledReason !== null ||
    attachments.uploading ||
    (hasImages && mode === 'DISCUSSION');

  return (
    <div className={`composer-wrap${dragging ? ' composer-dragging' : ''}`} {...dropProps}>
      {disabledReason === null ? (
        <ChatModeToggle
          mode={mode}
          onMode={setMode}
          expert={useExpert}
          onExpert={setExpert}
          expertDisabledReason={expertDisabledReason}
        />
      ) : null}
      {hasImages ? (
        <ul className="composer-attachments" aria-label="Images to send">
          {attachments.items.map((item, index) => (
            <li key={item.key} className="composer-attachment" aria-busy={item.uploaded ? undefined : true}>
              <img src={item.preview} alt={`Attached image ${index + 1}: ${item.name}`} />
              {item.uploaded ? null : (
                <span className="composer-attachment-busy">
                  <Spinner size={14} />
                  <span className="sr-only">Uploading</span>
                </span>
              )}
              <button
                type="button"
                className="composer-attachment-remove"
                aria-label={`Remove image ${index + 1}: ${item.name}`}
                title="Remove"
                onClick={() => attachments.remove(item.key)}
              >
                <X size={12} aria-hidden="true" />
              </button>
            </li>
          ))}
          <li className="composer-attachment-note muted">{ATTACHMENT_HINT}</li>
        </ul>
      ) : null}
      {attachments.problem ? (
        <p className="composer-attachment-problem" role="alert">
          {attachments.problem}
        </p>
      ) : null}
      {hasImages && attachDisabledReason ? (
        <p className="composer-attachment-problem" role="status">
          {attachDisabledReason} Remove the images or switch to Build.
        </p>
      ) : null}
      <form
        className={`composer${mode === 'DISCUSSION' ? ' composer-discuss' : ''}`}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void submit();
        }}
      >
        {canAttach ? (
          <>
            <input
              ref={fileInput}
              type="file"
              accept={ATTACHMENT_ACCEPT}
              multiple
              hidden
              data-testid="attach-input"
              onChange={(e) => {
                attachments.add(imagesOf(e.target.files));
                e.target.value = '';
              }}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="composer-attach size-8 rounded-[9px]"
              aria-label="Attach images"
              aria-describedby={hintId}
              title={
                attachDisabledReason ?? `Attach images: ${ATTACHMENT_HINT}. You can also paste or drop them.`
              }
              disabled={attachDisabledReason !== null}
              onClick={() => fileInput.current?.click()}
            >
              <ImagePlus size={16} aria-hidden="true" />
            </Button>
            <span id={hintId} className="sr-only">
              {ATTACHMENT_HINT}
            </span>
          </>
        ) : null}
        <textarea
          aria-label="Message"
          placeholder={disabledReason ?? PLACEHOLDERS[mode]}
          disabled={disabledReason !== null}
          rows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
        <Button
          type="submit"
          variant="primary"
          size="icon"
          className="size-8 rounded-[9px]"
          aria-label={mode === 'DISCUSSION' ? 'Send question' : 'Send'}
          title={mode === 'DISCUSSION' ? 'Send question (Enter)' : 'Send (Enter)'}
          disabled={sendDisabled}
        >
          {busy ? <Spinner /> : <ArrowUp size={16} aria-hidden="true" />}
        </Button>
      </form>
      {dragging ? (
        <p className="composer-drop-hint">Drop images to attach them ({ATTACHMENT_HINT}).</p>
      ) : null}
    </div>
  );
}
