/**
 * @module The production build of a deployment (issue 15): minified CSS and module code, and the page document
 * encoded once — brotli at its best quality and gzip — with a strong ETag, so serving it costs no CPU.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { transform, transformSync } from 'esbuild';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page document as every process keeps it in memory. */
export interface BuiltDocument {
  /** The HTML as UTF-8 bytes. */
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** A strong validator: the quoted sha256 of the HTML. */
  etag: string;
}

/** The ETag of a document: its sha256, base64url, quoted. */
export function documentEtag(html: string | Uint8Array): string {
  return `"${createHash('sha256').update(html).digest('base64url')}"`;
}

/** Encode a page once for every visitor: brotli (quality 11, text mode) and gzip (level 9) in the thread pool. */
export async function buildDocument(html: string): Promise<BuiltDocument> {
  const body = Buffer.from(html, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { body, br, gzip: gz, etag: documentEtag(body) };
}

/** Minified CSS (esbuild); the input as it was when esbuild cannot read it. */
export async function minifyCss(css: string): Promise<string> {
  if (!css) return css;
  try {
    return (await transform(css, { loader: 'css', minify: true, logLevel: 'silent' })).code;
  } catch {
    return css;
  }
}

/**
 * A compiled module's function body (`@kiln/preview` compileModule) without its whitespace and comments. Only
 * whitespace: names stay, because the runtime passes components, icons and libraries in by name. A body that
 * esbuild cannot read is kept as it is (the runtime then shows the same error it would have).
 */
export function minifyModuleBody(body: string): string {
  try {
    // `cjs` lets the body's top-level `return` through.
    return transformSync(body, { minifyWhitespace: true, format: 'cjs', logLevel: 'silent' }).code;
  } catch {
    return body;
  }
}
