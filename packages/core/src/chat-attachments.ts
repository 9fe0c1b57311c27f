/**
 * @module Images attached to a chat message (a screenshot of what to build): which types, how large, how many,
 * and the sentences that refuse the rest. The builder checks them before uploading, the server again when it
 * receives each image (by its bytes, not its name) and when a message names its attachments.
 */

/** The image types a chat message may carry: what every vision model reads. */
export const CHAT_ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ChatAttachmentType = (typeof CHAT_ATTACHMENT_TYPES)[number];

/** Largest image, in bytes (5 MiB: a full-screen screenshot is well under it). */
export const CHAT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/** Most images on one message. */
export const CHAT_ATTACHMENT_MAX_COUNT = 4;

/** Whether a MIME type is one a chat message may carry. */
export function isChatAttachmentType(type: string): type is ChatAttachmentType {
  return (CHAT_ATTACHMENT_TYPES as readonly string[]).includes(type);
}

/** The sentences attachments are refused or explained with, shown to people as they are. */
export const CHAT_ATTACHMENT_MESSAGES = {
  tooLarge: 'This image is larger than 5 MiB: attach a smaller one (a screenshot, or the image scaled down).',
  wrongType: 'Only PNG, JPEG, WebP and GIF images can be attached.',
  tooMany: 'A message can carry at most 4 images.',
  empty: 'The image is empty.',
  notFound: 'An attached image was not found: attach it again.',
  notInPlanMode: 'Images can be attached to build messages only, not to plan-mode questions.',
  /** Told in the chat when the model cannot read images: it was sent the words only. */
  modelCannotSee: (count: number) =>
    `The model this project uses cannot read images, so it got your words only, not the ${count === 1 ? 'image' : `${count} images`}. Describe what ${count === 1 ? 'it shows' : 'they show'}, or ask an admin for a model that reads images.`,
} as const;
