/**
 * @module An upload's type, from its bytes (the `file-type` package's signatures), never from its name or the
 * Content-Type the sender claimed. Text formats have no signature: SVG and HTML are recognised by their opening
 * tags (so they are served as what they are, without the power to script anything), other UTF-8 is text/plain,
 * and everything unrecognised is application/octet-stream.
 */

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The MIME type of `bytes`. */
export async function sniffMimeType(bytes: Uint8Array): Promise<string> {
  // file-type loads with the first upload, not at start (~8 MiB resident; issue 15, footprint).
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  // XML is looked at again below: an SVG document opens like any other XML.
  if (found && !/[/+]xml$/.test(found.mime)) return found.mime;
  const head = bytes.subarray(0, 4096);
  let text: string;
  try {
    text = strictUtf8.decode(head.byteLength === bytes.byteLength ? head : trimPartial(head));
  } catch {
    return 'application/octet-stream';
  }
  const start = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*/i, '')
    .toLowerCase();
  if (start.startsWith('<svg') || (start.startsWith('<!doctype svg') && text.includes('<svg'))) {
    return 'image/svg+xml';
  }
  if (/^<(!doctype html|html|head|body|script|iframe)[\s>]/.test(start)) return 'text/html';
  if (/^<\?xml/i.test(text.trimStart())) return 'application/xml';
  return 'text/plain';
}

/** The head without a UTF-8 sequence cut at its end (so a cut multi-byte character is not mistaken for binary). */
function trimPartial(head: Uint8Array): Uint8Array {
  const end = head.byteLength;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const b = head[end - i]!;
    if ((b & 0xc0) === 0xc0) return head.subarray(0, end - i);
    if ((b & 0x80) === 0) break;
  }
  return head;
}
