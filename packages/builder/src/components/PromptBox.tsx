import { ArrowUp } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { uploadAttachment } from '../chat-attachments.ts';
import { useAttachments } from '../use-attachments.ts';
import { useEnterSubmit } from '../use-enter-submit.ts';
import { AttachButton, AttachmentThumbnails, DropHint, useImageDrop } from './AttachmentTray.tsx';
import { FormAlert } from './FormAlert.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { Chip } from './ui/chip.tsx';

const SUGGESTIONS = [
  'A todo list with due dates',
  'A landing page for a bakery',
  'A habit tracker with streaks',
  'A recipe book with search',
];

export const EMPTY_PROMPT = 'Describe what you want to build.';

/** Before the project exists, images wait for their uploader (`POST /api/attachments`). */
const uploadWaiting = (file: File) => uploadAttachment(null, file);

/**
 * The dashboard's big prompt: the first message of a new project. Images can go with it as in the workspace
 * composer (the image button, paste, drop; thumbnails with remove): they upload at once, before the project
 * exists, and `onSubmit` gets their ids for `createProject`, which sends them to the model with the prompt.
 */
export function PromptBox({
  onSubmit,
  error,
  busy,
}: {
  onSubmit: (prompt: string, attachments: string[]) => void;
  error: string | null;
  busy: boolean;
}) {
  const [prompt, setPrompt] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const attachments = useAttachments(uploadWaiting);
  const { dragging, onPaste, dropProps } = useImageDrop(attachments, true);

  function submit() {
    if (busy || attachments.uploading) return;
    const text = prompt.trim();
    if (!text) {
      setLocalError(EMPTY_PROMPT);
      return;
    }
    setLocalError(null);
    onSubmit(text, attachments.ids());
  }
  const onKeyDown = useEnterSubmit(submit);

  return (
    <form
      className="mt-8 flex w-full max-w-[720px] flex-col gap-3.5 text-left"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
    >
      <div
        {...dropProps}
        className="prompt-box rounded-xl border border-border bg-surface shadow-lg transition-[border-color,box-shadow] duration-[120ms] ease-[ease] focus-within:border-border-strong focus-within:shadow-[0_0_0_4px_rgb(232_89_12/0.09),var(--shadow-lg)]"
      >
        <div className="px-[18px] pt-3 empty:hidden">
          <AttachmentThumbnails attachments={attachments} />
        </div>
        <textarea
          className="block max-h-[320px] min-h-[112px] w-full resize-none border-0 bg-transparent px-[22px] pt-5 pb-2 font-sans text-[16px] leading-[1.55] text-ink [field-sizing:content] placeholder:text-muted focus:outline-none"
          aria-label="Describe your app"
          placeholder="Describe an app or site…"
          rows={3}
          value={prompt}
          // biome-ignore lint/a11y/noAutofocus: describing the app is the dashboard's one task; the field is labelled "Describe your app", and Shift+Tab reaches the header and the skip link.
          autoFocus
          onChange={(e) => {
            setPrompt(e.target.value);
            if (localError) setLocalError(null);
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
        <div className="flex items-center justify-end gap-3 pt-2.5 pr-3 pb-3 pl-3">
          <AttachButton attachments={attachments} />
          <span className="mr-auto text-[12px] text-muted max-[860px]:hidden">
            <kbd>Enter</kbd> to create · <kbd>Shift</kbd>+<kbd>Enter</kbd> for a new line
          </span>
          {attachments.uploading ? <span className="text-[12px] text-muted">Uploading images…</span> : null}
          <Button type="submit" variant="primary" disabled={busy || attachments.uploading}>
            {busy ? <Spinner /> : <ArrowUp size={16} aria-hidden="true" />}
            Create
          </Button>
        </div>
      </div>
      {dragging ? <DropHint /> : null}
      <FormAlert message={localError ?? error} />
      <ul className="m-0 mt-1.5 flex list-none flex-wrap justify-center gap-2 p-0" aria-label="Ideas">
        {SUGGESTIONS.map((idea) => (
          <li key={idea}>
            <Chip
              onClick={() => {
                setPrompt(idea);
                setLocalError(null);
              }}
            >
              {idea}
            </Chip>
          </li>
        ))}
      </ul>
    </form>
  );
}
