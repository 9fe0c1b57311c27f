import { ArrowUp } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { UploadedAttachment } from '../chat-attachments.ts';
import { cn } from '../lib/cn.ts';
import type { ChatMode } from '../queries.ts';
import { useAttachments } from '../use-attachments.ts';
import type { SendOptions } from '../use-chat.ts';
import { useEnterSubmit } from '../use-enter-submit.ts';
import { AttachButton, AttachmentThumbnails, DropHint, useImageDrop } from './AttachmentTray.tsx';
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
 * With `uploadImage`, images can be attached, in Build and in Discuss (the image button, pasting, or dropping
 * files on the composer): thumbnails with a remove button wait above the input, and the message is sent once
 * they are uploaded.
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
  const useExpert = expert && expertDisabledReason === null;
  const attachments = useAttachments(uploadImage);
  const canAttach = uploadImage !== undefined && disabledReason === null;

  async function submit() {
    const message = text.trim();
    if (!message || busy || disabledReason || attachments.uploading) return;
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
  const { dragging, onPaste, dropProps } = useImageDrop(attachments, canAttach);
  const sendDisabled = busy || !text.trim() || disabledReason !== null || attachments.uploading;

  return (
    <div className="flex flex-col gap-1.5" {...dropProps}>
      {disabledReason === null ? (
        <ChatModeToggle
          mode={mode}
          onMode={setMode}
          expert={useExpert}
          onExpert={setExpert}
          expertDisabledReason={expertDisabledReason}
        />
      ) : null}
      <AttachmentThumbnails attachments={attachments} />
      <form
        data-composer
        className={cn(
          'relative flex items-end gap-2 rounded-lg border border-border-strong bg-surface py-2 pr-2 pl-3',
          'transition-[border-color,box-shadow] duration-[120ms] ease-[ease]',
          'focus-within:border-accent focus-within:shadow-[0_0_0_3px_var(--accent-ring)]',
          dragging && 'border-accent shadow-[0_0_0_3px_var(--accent-ring)]',
          // A Discuss message is written in a dashed composer.
          mode === 'DISCUSSION' && 'border-dashed',
        )}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void submit();
        }}
      >
        {canAttach ? <AttachButton attachments={attachments} /> : null}
        <textarea
          aria-label="Message"
          className="max-h-[200px] min-h-11 flex-1 resize-none border-0 bg-transparent px-0 py-1 text-ink [font:inherit] field-sizing-content placeholder:text-muted focus:outline-none"
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
      {dragging ? <DropHint /> : null}
    </div>
  );
}
