/** What the composer refuses before uploading an image (the server checks the bytes again). */
import { CHAT_ATTACHMENT_MESSAGES as A, CHAT_ATTACHMENT_MAX_BYTES } from '@kiln/core';
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_HINT, attachmentProblem } from '../src/chat-attachments.ts';

describe('attachmentProblem', () => {
  it.each([
    [{ type: 'image/png', size: 1000 }, null],
    [{ type: 'image/webp', size: CHAT_ATTACHMENT_MAX_BYTES }, null],
    [{ type: 'image/jpeg', size: CHAT_ATTACHMENT_MAX_BYTES + 1 }, A.tooLarge],
    [{ type: 'image/svg+xml', size: 100 }, A.wrongType],
    [{ type: 'text/plain', size: 100 }, A.wrongType],
    [{ type: 'image/gif', size: 0 }, A.empty],
  ])('%o → %s', (file, expected) => {
    expect(attachmentProblem(file)).toBe(expected);
  });

  it('the limits are said in words', () => {
    expect(ATTACHMENT_HINT).toBe('Up to 4 images, 5 MiB each (PNG, JPEG, WebP or GIF)');
  });
});
