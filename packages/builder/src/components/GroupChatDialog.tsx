/**
 * @module "Change all projects" (top-down chat): one request to several projects of a group — a web app and
 * its mobile app sharing a backend — sent as one group revision. Each project's generation is told the others'
 * functions and tables. All projects are chosen by default; at least one must be. Images (button, paste,
 * drop) upload to POST /api/attachments as they are added; every chosen project's generation sees them.
 */
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../api.ts';
import { uploadAttachment } from '../chat-attachments.ts';
import { sendGroupMessage } from '../group-chat-queries.ts';
import type { ProjectGroup } from '../queries.ts';
import { useAttachments } from '../use-attachments.ts';
import { AttachButton, AttachmentThumbnails, DropHint, useImageDrop } from './AttachmentTray.tsx';
import { Dialog } from './Dialog.tsx';
import { FormAlert } from './FormAlert.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { DialogActions, DialogForm } from './ui/dialog.tsx';
import { FormItem, FormLabel } from './ui/field.tsx';
import { Textarea } from './ui/input.tsx';

/** The dialog has no single project to upload to: images wait for the request (POST /api/attachments). */
const uploadWaiting = (file: File) => uploadAttachment(null, file);

export function GroupChatDialog({
  group,
  onClose,
  onSent,
}: {
  group: ProjectGroup;
  onClose: () => void;
  /** The request was queued for `projects` projects as group revision `number`. */
  onSent: (sent: { number: number; projects: number }) => Promise<void>;
}) {
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState(() => new Set(group.projects.map((p) => p.id)));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const attachments = useAttachments(uploadWaiting);
  const { dragging, onPaste, dropProps } = useImageDrop(attachments, !busy);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || chosen.size === 0 || attachments.uploading) return;
    setBusy(true);
    setError(null);
    try {
      const all = chosen.size === group.projects.length;
      await onSent(
        await sendGroupMessage(group.id, text.trim(), all ? undefined : [...chosen], attachments.ids()),
      );
      attachments.clear();
      onClose();
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  }

  function toggle(projectId: string, on: boolean) {
    setChosen((old) => {
      const next = new Set(old);
      if (on) next.add(projectId);
      else next.delete(projectId);
      return next;
    });
  }

  return (
    <Dialog
      title={`Change all projects · ${group.name}`}
      description="One request for every chosen project. Each one is told the others' functions and tables, so a mobile app can call its web app's backend."
      onClose={onClose}
    >
      <DialogForm onSubmit={submit}>
        <FormItem {...dropProps}>
          <FormLabel htmlFor={`${id}-text`}>What should change?</FormLabel>
          <AttachmentThumbnails attachments={attachments} />
          <Textarea
            id={`${id}-text`}
            className="min-h-24 py-2"
            value={text}
            maxLength={8000}
            placeholder="Add a favourites list to the web app and the mobile app, stored by the web app's backend"
            onChange={(e) => setText(e.target.value)}
            onPaste={onPaste}
          />
          <div className="flex items-center gap-2">
            <AttachButton attachments={attachments} />
            {attachments.uploading ? <span className="text-[12px] text-muted">Uploading images…</span> : null}
          </div>
          {dragging ? <DropHint /> : null}
        </FormItem>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-semibold">Projects</legend>
          {group.projects.map((p) => (
            <label key={p.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={chosen.has(p.id)}
                onChange={(e) => toggle(p.id, e.target.checked)}
              />
              {p.name}
            </label>
          ))}
        </fieldset>
        <FormAlert message={error ?? (chosen.size === 0 ? 'Choose at least one project.' : null)} />
        <DialogActions>
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="primary"
            disabled={busy || attachments.uploading || !text.trim() || chosen.size === 0}
          >
            {busy ? <Spinner /> : null}
            {`Change ${chosen.size} ${chosen.size === 1 ? 'project' : 'projects'}`}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
