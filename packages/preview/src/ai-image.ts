/**
 * @module
 * Images without a real source (spec §2, §7). Models write `<img src="/images/hero.jpg" alt="Sunlit cafe
 * terrace">` for files that do not exist; the runtime sends such images to `/api/ai-img?prompt=…` (the alt
 * text, else the file name's words), and Kiln answers with a generated placeholder: an SVG whose colours come
 * from the prompt (the same prompt always looks the same) with the prompt's words drawn on it. Isomorphic:
 * the runtime uses the URL rules, the server the SVG.
 */

/** Where images without a real source are requested from (spec §2). */
export const AI_IMAGE_PATH = '/api/ai-img';
/** Longest prompt kept; the rest is dropped (URLs and the drawing stay small). */
export const AI_IMAGE_MAX_PROMPT = 300;

/** True when `src` points somewhere real: an absolute or protocol-relative URL, data:, blob:, Kiln's assets. */
export function isRealImageSource(src: string): boolean {
  const s = src.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(s) || s.startsWith('//')) return true;
  return s.startsWith('/_kiln/') || s.startsWith(`${AI_IMAGE_PATH}?`) || s === AI_IMAGE_PATH;
}

/** Words of a file name: `/images/hero-banner_2.jpg` → `hero banner 2`. */
export function fileNameWords(src: string): string {
  const name =
    src
      .split(/[?#]/)[0]
      ?.split('/')
      .pop()
      ?.replace(/\.[a-z0-9]{2,5}$/i, '') ?? '';
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim();
}

/** The prompt for an image: its alt text, else its file name's words, else "image". */
export function imagePrompt(src: string | undefined, alt: string | undefined): string {
  const text = (alt ?? '').trim() || fileNameWords(src ?? '') || 'image';
  return text.replace(/\s+/g, ' ').slice(0, AI_IMAGE_MAX_PROMPT);
}

/** `/api/ai-img?prompt=…` for an image. */
export function aiImageUrl(prompt: string): string {
  return `${AI_IMAGE_PATH}?prompt=${encodeURIComponent(prompt.slice(0, AI_IMAGE_MAX_PROMPT))}`;
}

/**
 * The source an `<img>` should load: `src` itself when it is real or a file of the project (`isProjectFile`),
 * else the placeholder URL for its alt text or file name.
 */
export function imageSource(
  src: unknown,
  alt: unknown,
  isProjectFile: (src: string) => boolean = () => false,
): string | undefined {
  const s = typeof src === 'string' ? src : undefined;
  if (s?.trim() && (isRealImageSource(s) || isProjectFile(s))) return undefined;
  return aiImageUrl(imagePrompt(s, typeof alt === 'string' ? alt : undefined));
}

/** FNV-1a, for colours that depend only on the prompt. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Breaks words into at most `maxLines` lines of about `width` characters (the last one ends in … if cut). */
function wrap(words: string[], width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const w = word.length > width ? `${word.slice(0, width - 1)}…` : word;
    if (line && line.length + 1 + w.length > width) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
    if (lines.length === maxLines) break;
  }
  if (line && lines.length < maxLines) lines.push(line);
  const used = lines.join(' ').split(' ').length;
  const last = lines[lines.length - 1];
  if (used < words.length && last !== undefined)
    lines[lines.length - 1] = `${last.slice(0, width - 1).trimEnd()}…`;
  return lines;
}

/**
 * The placeholder picture for a prompt: an 800×600 SVG (it covers any box: `slice`), a two-colour gradient
 * and a soft shape chosen by the prompt's hash, and the prompt's words in the middle.
 */
export function aiImageSvg(rawPrompt: string): string {
  const prompt = rawPrompt.replace(/\s+/g, ' ').trim().slice(0, AI_IMAGE_MAX_PROMPT) || 'image';
  const h = hash(prompt.toLowerCase());
  const hue = h % 360;
  const hue2 = (hue + 40 + ((h >>> 9) % 80)) % 360;
  const c1 = `hsl(${hue} 65% 72%)`;
  const c2 = `hsl(${hue2} 60% 52%)`;
  const cx = 120 + ((h >>> 5) % 560);
  const cy = 80 + ((h >>> 13) % 440);
  const r = 140 + ((h >>> 21) % 160);
  const lines = wrap(prompt.split(' '), 26, 4);
  const size = lines.length > 2 ? 34 : 40;
  const top = 300 - ((lines.length - 1) * size * 1.25) / 2;
  const text = lines
    .map((l, i) => `<tspan x="400" y="${Math.round(top + i * size * 1.25)}">${escapeXml(l)}</tspan>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${escapeXml(prompt)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#g)"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="0.14"/>
<circle cx="${800 - cx}" cy="${600 - cy}" r="${Math.round(r * 0.6)}" fill="#000" fill-opacity="0.06"/>
<text text-anchor="middle" dominant-baseline="middle" font-family="system-ui, -apple-system, Segoe UI, sans-serif" font-size="${size}" font-weight="600" fill="#fff" fill-opacity="0.95">${text}</text>
</svg>
`;
}

/** The HTTP answer for `GET /api/ai-img?prompt=…`: the placeholder SVG, cacheable (the same prompt always gives the same picture). */
export function aiImageResponse(url: URL): Response {
  return new Response(aiImageSvg(url.searchParams.get('prompt') ?? ''), {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
      // An SVG opened on its own runs no script and loads nothing.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
