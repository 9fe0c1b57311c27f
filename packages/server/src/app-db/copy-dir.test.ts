import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyDataDir } from './copy-dir';

let root: string;
afterEach(() => rm(root, { recursive: true, force: true }));

async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(f.parentPath, f.name).slice(dir.length + 1);
    out[path] = f.isFile()
      ? await readFile(join(dir, path), 'utf8')
      : `<${f.isDirectory() ? 'dir' : 'link'}>`;
  }
  return out;
}

describe('copyDataDir', () => {
  it('copies every folder and file of a data directory, folder modes kept', async () => {
    root = await mkdtemp(join(tmpdir(), 'kiln-copy-'));
    const from = join(root, 'from');
    await mkdir(join(from, 'base', '5'), { recursive: true, mode: 0o700 });
    await mkdir(join(from, 'pg_wal', 'archive_status'), { recursive: true });
    await writeFile(join(from, 'PG_VERSION'), '17\n');
    for (let i = 0; i < 40; i++) await writeFile(join(from, 'base', '5', String(i)), `page ${i}`);
    await writeFile(join(from, 'pg_wal', '000000010000000000000001'), Buffer.alloc(64 * 1024, 7));
    await copyDataDir(from, join(root, 'to'));
    expect(await tree(join(root, 'to'))).toEqual(await tree(from));
    expect((await stat(join(root, 'to', 'base', '5'))).mode & 0o777).toBe(0o700);
  });

  it('leaves a tree with a symlink to fs.cp, which copies the link', async () => {
    root = await mkdtemp(join(tmpdir(), 'kiln-copy-'));
    const from = join(root, 'from');
    await mkdir(from);
    await writeFile(join(from, 'a'), 'a');
    await symlink('a', join(from, 'b'));
    await copyDataDir(from, join(root, 'to'));
    expect(await tree(join(root, 'to'))).toEqual({ a: 'a', b: '<link>' });
  });

  it('refuses a target that exists', async () => {
    root = await mkdtemp(join(tmpdir(), 'kiln-copy-'));
    await mkdir(join(root, 'from'));
    await mkdir(join(root, 'to'));
    await expect(copyDataDir(join(root, 'from'), join(root, 'to'))).rejects.toThrow(/EEXIST/);
  });
});
