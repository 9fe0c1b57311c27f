/**
 * @module Secrets at rest: AES-256-GCM with a server key, stored as `v1:{iv}:{tag}:{ciphertext}` (base64).
 * The key is `KILN_SECRET_KEY` (32 bytes, base64 or hex) or, when that is unset, one generated on first start
 * and kept in `KILN_DATA_DIR/secret.key` (mode 0600). Lose the key and every stored secret is unreadable, so a
 * backup of the data directory must include that file.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KilnError } from '@kiln/core';

const VERSION = 'v1';
const IV_BYTES = 12;
const KEY_BYTES = 32;
export const SECRET_KEY_FILE = 'secret.key';

/** Encrypts and decrypts short secrets (API keys) with one server key. */
export interface SecretBox {
  /** `v1:{iv}:{tag}:{ciphertext}`; `context` (e.g. the organisation id) is bound in as associated data. */
  encrypt(plaintext: string, context?: string): string;
  /** The plaintext; throws `KilnError('internal')` when the value was sealed with another key or altered. */
  decrypt(sealed: string, context?: string): string;
}

/** A 32-byte key from `KILN_SECRET_KEY` (64 hex characters or base64), or a readable error. */
export function parseSecretKey(value: string): Buffer {
  const text = value.trim();
  const hex = /^[0-9a-f]{64}$/i.test(text);
  const key = hex ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  const canonical = (b64: string) => b64.replace(/=+$/, '');
  if (key.length !== KEY_BYTES || (!hex && canonical(key.toString('base64')) !== canonical(text))) {
    throw new KilnError(
      'validation',
      'KILN_SECRET_KEY must be 32 random bytes as 64 hex characters or base64, for example the output of ' +
        '`openssl rand -base64 32`.',
    );
  }
  return key;
}

/**
 * The server's key: `secretKey` (KILN_SECRET_KEY) when given, else `dataDir/secret.key`, created with a fresh
 * random key (mode 0600) the first time. Two processes starting together agree: only one creates the file.
 */
export function loadSecretKey(opts: { secretKey: string | undefined; dataDir: string }): Buffer {
  if (opts.secretKey) return parseSecretKey(opts.secretKey);
  const path = join(opts.dataDir, SECRET_KEY_FILE);
  try {
    return parseFileKey(readFileSync(path, 'utf8'), path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  mkdirSync(opts.dataDir, { recursive: true });
  try {
    writeFileSync(path, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return parseFileKey(readFileSync(path, 'utf8'), path);
}

function parseFileKey(text: string, path: string): Buffer {
  try {
    return parseSecretKey(text);
  } catch {
    throw new KilnError(
      'validation',
      `${path} does not hold a 32-byte key. Restore it from your backup, or set KILN_SECRET_KEY.`,
    );
  }
}

/** A `SecretBox` over a 32-byte key. */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new KilnError('internal', 'The secret key must be 32 bytes.');
  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      if (context) cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64'), tag.toString('base64'), ciphertext.toString('base64')].join(
        ':',
      );
    },
    decrypt(sealed, context) {
      const [version, iv, tag, ciphertext, ...rest] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) {
        throw new KilnError('internal', 'A stored secret is not in the v1 format.');
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
        if (context) decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new KilnError(
          'internal',
          'A stored secret cannot be decrypted: the server key (KILN_SECRET_KEY or secret.key in the data ' +
            'directory) is not the one it was saved with.',
        );
      }
    },
  };
}
