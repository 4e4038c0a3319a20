import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded bytes live. Keys are generated here; no user-supplied name ever reaches a path. */
export interface FileStorage {
  /** A fresh path in the storage's scratch folder for an upload in progress. */
  scratchPath(): string;
  /** Moves a finished upload into storage and returns its new key. */
  keep(scratchFile: string, extension: string): Promise<string>;
  /** Stores bytes made by the app itself (the sample course) and returns their key. */
  write(content: Buffer, extension: string): Promise<string>;
  open(key: string): Promise<{ stream: Readable; size: number }>;
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

/** The local-disk driver: files under `<root>/objects`, uploads in progress under `<root>/tmp`. */
export async function createLocalStorage(root: string): Promise<FileStorage> {
  const objects = path.join(root, 'objects');
  const scratch = path.join(root, 'tmp');
  await mkdir(objects, { recursive: true });
  await mkdir(scratch, { recursive: true });

  function pathOf(key: string) {
    if (!KEY.test(key)) throw new Error(`clave de archivo inválida: ${key}`);
    // Two levels of folders keep any one directory small.
    return path.join(objects, key.slice(0, 2), key);
  }

  const storage: FileStorage = {
    scratchPath: () => path.join(scratch, randomUUID()),
    async write(content, extension) {
      const file = storage.scratchPath();
      await writeFile(file, content);
      return storage.keep(file, extension);
    },
    async keep(scratchFile, extension) {
      if (path.dirname(scratchFile) !== scratch) throw new Error('el archivo no está en la carpeta temporal');
      const key = `${randomUUID()}.${extension.toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 8) || 'bin'}`;
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(scratchFile, target);
      return key;
    },
    async open(key) {
      const file = pathOf(key);
      const { size } = await stat(file);
      return { stream: createReadStream(file), size };
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
  return storage;
}
