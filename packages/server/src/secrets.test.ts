import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretKey, parseSecretKey } from './secrets';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('secrets at rest', () => {
  it('seals as v1:{iv}:{tag}:{ciphertext}, never the plaintext, and opens only with the same key and context', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.encrypt('sk-live-very-secret', 'org-1');
    expect(sealed).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain('sk-live-very-secret');
    expect(box.encrypt('sk-live-very-secret', 'org-1')).not.toBe(sealed); // a fresh IV each time
    expect(box.decrypt(sealed, 'org-1')).toBe('sk-live-very-secret');
    expect(() => box.decrypt(sealed, 'org-2')).toThrow(/cannot be decrypted/);
    expect(() => createSecretBox(randomBytes(32)).decrypt(sealed, 'org-1')).toThrow(/cannot be decrypted/);
    const [v, iv, tag, ct] = sealed.split(':');
    const flipped = Buffer.from(ct!, 'base64');
    flipped[0]! ^= 1;
    expect(() => box.decrypt([v, iv, tag, flipped.toString('base64')].join(':'), 'org-1')).toThrow();
    expect(() => box.decrypt('plain-text-key')).toThrow(/v1 format/);
  });

  it('takes KILN_SECRET_KEY as 64 hex characters or base64 of 32 bytes, and rejects anything else', () => {
    const key = randomBytes(32);
    expect(parseSecretKey(key.toString('hex')).equals(key)).toBe(true);
    expect(parseSecretKey(key.toString('base64')).equals(key)).toBe(true);
    expect(() => parseSecretKey('too-short')).toThrow(/KILN_SECRET_KEY must be 32 random bytes/);
    expect(() => parseSecretKey(randomBytes(16).toString('base64'))).toThrow(/KILN_SECRET_KEY/);
  });

  it('without KILN_SECRET_KEY generates a key once in the data directory, mode 0600, and reuses it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kiln-secret-'));
    dirs.push(dataDir);
    const first = loadSecretKey({ secretKey: undefined, dataDir });
    const file = join(dataDir, 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretKey({ secretKey: undefined, dataDir }).equals(first)).toBe(true);
    expect(parseSecretKey(readFileSync(file, 'utf8')).equals(first)).toBe(true);
    const given = randomBytes(32);
    expect(loadSecretKey({ secretKey: given.toString('hex'), dataDir }).equals(given)).toBe(true);
  });
});
