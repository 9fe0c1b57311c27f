/**
 * @module Exported files as a zip, streamed (fflate): each file is deflated and sent as soon as it is added, so
 * the response starts before the archive is complete and the whole archive is never held twice in memory.
 */
import { strToU8, Zip, ZipDeflate } from 'fflate';
import type { ExportFiles } from './project-export';

/** Deflate level: 6 is zlib's default balance of size and time. */
const DEFLATE_LEVEL = 6;
/** Mode bits of every file (`-rw-r--r--`) as zip's external attributes, so unzip restores readable files. */
const FILE_ATTRS = 0o100644 << 16;
/** "Made by" Unix, so the attributes above are read as Unix modes. */
const OS_UNIX = 3;

/** A zip of `files`, each under `root/` (no leading folder when `root` is empty). */
export function zipStream(files: ExportFiles, root: string): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const zip = new Zip((err, chunk, final) => {
        if (err) {
          controller.error(err);
          return;
        }
        controller.enqueue(chunk);
        if (final) controller.close();
      });
      const mtime = new Date();
      for (const [path, content] of files) {
        const entry = new ZipDeflate(root ? `${root}/${path}` : path, { level: DEFLATE_LEVEL });
        entry.mtime = mtime;
        entry.os = OS_UNIX;
        entry.attrs = FILE_ATTRS;
        zip.add(entry);
        entry.push(typeof content === 'string' ? strToU8(content) : content, true);
      }
      zip.end();
    },
  });
}
