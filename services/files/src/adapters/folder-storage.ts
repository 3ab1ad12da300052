// Files on local disk under one folder (FILES_DIR, `.data/files` by default): `make dev`
// and the tests keep uploads with nothing but Node.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from '../domain/storage.ts';

/** The only key shapes the domain makes; anything else would be a defect, never a path to follow. */
const KEY = /^[0-9a-f-]{36}\/(?:full|w\d{1,5})$/;

function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}

export class FolderStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, ...checkedKey(key).split('/'));
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written beside and renamed: a reader never sees half a file.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    const folders = new Set<string>();
    for (const key of keys) {
      const target = this.pathOf(key);
      await rm(target, { force: true });
      folders.add(path.dirname(target));
    }
    // A file's folder goes with its last object; one still holding others stays.
    for (const folder of folders) await rmdir(folder).catch(() => {});
  }
}
