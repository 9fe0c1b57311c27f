/**
 * @module The images waiting in the composer: each is checked, shown as a thumbnail from the person's own
 * file at once, and uploaded in the background; the message can be sent when every upload is done. A refused
 * file never joins the list: its reason is shown instead.
 */
import { CHAT_ATTACHMENT_MAX_COUNT, CHAT_ATTACHMENT_MESSAGES } from '@kiln/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from './api.ts';
import { attachmentProblem, type UploadedAttachment } from './chat-attachments.ts';

/** One image in the composer. */
export interface PendingAttachment {
  key: string;
  name: string;
  /** An object URL of the person's file, for the thumbnail. */
  preview: string;
  /** Set once the server stored it. */
  uploaded: UploadedAttachment | null;
}

export function useAttachments(upload: ((file: File) => Promise<UploadedAttachment>) | undefined): {
  items: PendingAttachment[];
  /** Why the last file was refused (type, size, count, or the upload failed), or null. */
  problem: string | null;
  uploading: boolean;
  add: (files: Iterable<File>) => void;
  remove: (key: string) => void;
  /** Empties the list (after a send); the thumbnails' object URLs are released. */
  clear: () => void;
  /** The stored ids, in order. */
  ids: () => string[];
} {
  const [items, setItems] = useState<PendingAttachment[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const current = useRef<PendingAttachment[]>([]);
  current.current = items;

  // Object URLs live as long as their thumbnail.
  useEffect(
    () => () => {
      for (const item of current.current) URL.revokeObjectURL(item.preview);
    },
    [],
  );

  const remove = useCallback((key: string) => {
    setItems((list) => {
      const gone = list.find((i) => i.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return list.filter((i) => i.key !== key);
    });
  }, []);

  const add = useCallback(
    (files: Iterable<File>) => {
      if (!upload) return;
      setProblem(null);
      let room = CHAT_ATTACHMENT_MAX_COUNT - current.current.length;
      for (const file of files) {
        const refused = attachmentProblem(file);
        if (refused) {
          setProblem(`${file.name || 'The image'}: ${refused}`);
          continue;
        }
        if (room <= 0) {
          setProblem(CHAT_ATTACHMENT_MESSAGES.tooMany);
          break;
        }
        room--;
        const item: PendingAttachment = {
          key: crypto.randomUUID(),
          name: file.name || 'Pasted image',
          preview: URL.createObjectURL(file),
          uploaded: null,
        };
        setItems((list) => [...list, item]);
        upload(file).then(
          (uploaded) => setItems((list) => list.map((i) => (i.key === item.key ? { ...i, uploaded } : i))),
          (caught) => {
            setProblem(`${item.name}: ${errorMessage(caught)}`);
            remove(item.key);
          },
        );
      }
    },
    [upload, remove],
  );

  const clear = useCallback(() => {
    for (const item of current.current) URL.revokeObjectURL(item.preview);
    setItems([]);
    setProblem(null);
  }, []);

  const ids = useCallback(() => current.current.flatMap((i) => (i.uploaded ? [i.uploaded.id] : [])), []);

  return { items, problem, uploading: items.some((i) => !i.uploaded), add, remove, clear, ids };
}
