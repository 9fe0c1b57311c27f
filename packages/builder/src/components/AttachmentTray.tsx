/**
 * @module The parts of attaching images to a message, shared by the workspace composer and the dashboard's
 * first prompt: the image button (with its hidden file input), paste and drop, and the thumbnails waiting to
 * be sent, each with a remove button, a spinner while it uploads and the reason a file was refused.
 */
import { ImagePlus, X } from 'lucide-react';
import { type ClipboardEvent, type DragEvent, useId, useRef, useState } from 'react';
import { ATTACHMENT_ACCEPT, ATTACHMENT_HINT } from '../chat-attachments.ts';
import { cn } from '../lib/cn.ts';
import type { useAttachments } from '../use-attachments.ts';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';

type Attachments = ReturnType<typeof useAttachments>;

/** The files of a paste or a drop. */
function imagesOf(list: DataTransferItemList | FileList | null | undefined): File[] {
  return [...(list ?? [])].flatMap((entry) => {
    const file = entry instanceof File ? entry : entry.kind === 'file' ? entry.getAsFile() : null;
    return file ? [file] : [];
  });
}

/**
 * Paste and drop: `onPaste` for the text field, `dropProps` for the area that takes dropped files, and
 * whether files are being dragged over it (for a hint). Nothing is taken while `enabled` is false.
 */
export function useImageDrop(attachments: Attachments, enabled: boolean) {
  const [dragging, setDragging] = useState(false);
  const onPaste = (event: ClipboardEvent) => {
    if (!enabled) return;
    const files = imagesOf(event.clipboardData?.items).filter((f) => f.type.startsWith('image/'));
    if (files.length === 0) return;
    event.preventDefault();
    attachments.add(files);
  };
  const dropProps = enabled
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
          attachments.add(imagesOf(event.dataTransfer.files));
        },
      }
    : {};
  return { dragging, onPaste, dropProps };
}

/** The image button and its hidden file input (`data-testid="attach-input"`). */
export function AttachButton({
  attachments,
  className = '',
}: {
  attachments: Attachments;
  className?: string;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  return (
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
        className={cn('size-8 self-end rounded-[9px]', className)}
        aria-label="Attach images"
        aria-describedby={hintId}
        title={`Attach images: ${ATTACHMENT_HINT}. You can also paste or drop them.`}
        onClick={() => fileInput.current?.click()}
      >
        <ImagePlus size={16} aria-hidden="true" />
      </Button>
      <span id={hintId} className="sr-only">
        {ATTACHMENT_HINT}
      </span>
    </>
  );
}

/** A row of image thumbnails: those waiting in a message box, and those sent with a message. */
export const IMAGE_LIST = 'm-0 flex list-none flex-wrap items-center gap-2 p-0';

/** The images waiting to be sent, and why the last file was refused. */
export function AttachmentThumbnails({ attachments }: { attachments: Attachments }) {
  return (
    <>
      {attachments.items.length > 0 ? (
        <ul className={IMAGE_LIST} aria-label="Images to send">
          {attachments.items.map((item, index) => (
            <li key={item.key} className="relative size-14" aria-busy={item.uploaded ? undefined : true}>
              <img
                src={item.preview}
                alt={`Attachment ${index + 1}: ${item.name}`}
                className="size-full rounded-[10px] border border-border-strong object-cover"
              />
              {item.uploaded ? null : (
                <span className="absolute inset-0 grid place-items-center rounded-[10px] bg-[color-mix(in_srgb,var(--surface)_60%,transparent)]">
                  <Spinner size={14} />
                  <span className="sr-only">Uploading</span>
                </span>
              )}
              <button
                type="button"
                className="absolute -top-1.5 -right-1.5 grid size-5 cursor-pointer place-items-center rounded-full border border-border-strong bg-surface p-0 text-ink focus-visible:outline-offset-1"
                aria-label={`Remove image ${index + 1}: ${item.name}`}
                title="Remove"
                onClick={() => attachments.remove(item.key)}
              >
                <X size={12} aria-hidden="true" />
              </button>
            </li>
          ))}
          <li className="text-[12px] text-muted">{ATTACHMENT_HINT}</li>
        </ul>
      ) : null}
      {attachments.problem ? (
        <p className="m-0 text-[12.5px] text-error" role="alert">
          {attachments.problem}
        </p>
      ) : null}
    </>
  );
}

/** Said while files are dragged over a message box. */
export function DropHint() {
  return <p className="m-0 text-[12.5px]">Drop images to attach them ({ATTACHMENT_HINT}).</p>;
}
