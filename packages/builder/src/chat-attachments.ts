/**
 * @module Images attached to a chat message: checked here first (type and size, core's limits, so a person
 * hears at once what is wrong), then sent one by one as raw bytes to `POST /api/projects/{id}/attachments`
 * (before a project exists: `POST /api/attachments`) on the builder origin, which checks them again by their
 * bytes and answers the id `sendMessage` (or `createProject`) names.
 */
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_MAX_COUNT,
  CHAT_ATTACHMENT_MESSAGES,
  CHAT_ATTACHMENT_TYPES,
  isChatAttachmentType,
  MESSAGES,
} from '@kiln/core';
import { ApiError } from './api.ts';

/** What the server answers for one stored image (the same fields as GraphQL `ChatAttachment`). */
export interface UploadedAttachment {
  id: string;
  url: string;
  mimeType: string;
  size: number;
}

/** The file chooser's `accept`. */
export const ATTACHMENT_ACCEPT = CHAT_ATTACHMENT_TYPES.join(',');

/** The limits in words, shown beside the attach button and in its tooltip. */
export const ATTACHMENT_HINT = `Up to ${CHAT_ATTACHMENT_MAX_COUNT} images, ${CHAT_ATTACHMENT_MAX_BYTES / (1024 * 1024)} MiB each (PNG, JPEG, WebP or GIF)`;

/** Why a file cannot be attached, or null when it can (the server checks the bytes again). */
export function attachmentProblem(file: { type: string; size: number }): string | null {
  if (!isChatAttachmentType(file.type)) return CHAT_ATTACHMENT_MESSAGES.wrongType;
  if (file.size > CHAT_ATTACHMENT_MAX_BYTES) return CHAT_ATTACHMENT_MESSAGES.tooLarge;
  if (file.size === 0) return CHAT_ATTACHMENT_MESSAGES.empty;
  return null;
}

/**
 * Uploads one image to the project's chat, or (`projectId` null: the dashboard's first prompt) to the person's
 * waiting images, which `createProject(attachments)` hands to the new project. Throws an `ApiError` whose
 * message is fit to show.
 */
export async function uploadAttachment(projectId: string | null, file: Blob): Promise<UploadedAttachment> {
  const where =
    projectId === null ? '/api/attachments' : `/api/projects/${encodeURIComponent(projectId)}/attachments`;
  let response: Response;
  try {
    response = await fetch(where, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': file.type || 'application/octet-stream' },
      body: file,
    });
  } catch {
    throw new ApiError('external', 'Could not reach the Kiln server to upload the image. Try again.');
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError('internal', `The server answered ${response.status} without a readable body.`);
  }
  if (!response.ok) {
    const error = (body as { error?: { code?: string; message?: string } }).error;
    throw new ApiError(
      response.status === 413 ? 'too_large' : 'validation',
      error?.message || MESSAGES.somethingWentWrong,
    );
  }
  return body as UploadedAttachment;
}
