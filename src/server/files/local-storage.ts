import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  byteCounter,
  checkKey,
  STORAGE_KEY,
  StorageUnavailableError,
  StoredObjectNotFoundError,
  type FileStorage,
  type StoredObject,
} from './storage.ts';
import { privateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-paths.ts';

/** Errors of the disk itself (full, read-only, gone): the store is unavailable, not the request wrong. */
function diskError(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new StoredObjectNotFoundError('el archivo no existe');
  if (code && /^E[A-Z]+$/.test(code)) return new StorageUnavailableError(error);
  return error;
}

/**
 * The local-disk driver: objects under `<root>/objects/<2 chars>/<key>`, uploads in progress
 * under `<root>/tmp`, moved into place (one rename) only when complete.
 */
export async function createLocalStorage(root: string): Promise<FileStorage> {
  const objects = path.join(root, 'objects');
  const scratch = path.join(root, 'tmp');
  await privateDir(root);
  await privateDir(objects);
  await privateDir(scratch);

  // Two levels of folders keep any one directory small.
  const pathOf = (key: string) => path.join(objects, checkKey(key).slice(0, 2), key);

  return {
    kind: 'local',
    async put(key, body, options) {
      const target = pathOf(key);
      const temporary = path.join(scratch, randomUUID());
      const counter = byteCounter(options.maxBytes);
      try {
        await pipeline(body, counter, createWriteStream(temporary, { mode: PRIVATE_FILE_MODE }));
        await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
        await rename(temporary, target);
        return { size: counter.bytes };
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => undefined);
        // Too large, or the source's own failure (a request cut short): as they are.
        throw diskError(error);
      }
    },
    async adopt(key, file) {
      const target = pathOf(key);
      try {
        await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
        await rename(file, target);
        return { size: (await stat(target)).size };
      } catch (error) {
        throw diskError(error);
      }
    },
    async get(key, range) {
      const file = pathOf(key);
      // Open first, so a missing file is an error here and not in the middle of a response.
      await stat(file).catch((error: unknown) => {
        throw diskError(error);
      });
      return createReadStream(file, range ? { start: range.start, end: range.end } : {}) as Readable;
    },
    async stat(key) {
      const info = await stat(pathOf(key)).catch((error: unknown) => {
        throw diskError(error);
      });
      return { key, size: info.size, lastModified: info.mtime };
    },
    async delete(key) {
      await rm(pathOf(key), { force: true }).catch((error: unknown) => {
        throw diskError(error);
      });
    },
    async *list(): AsyncIterable<StoredObject> {
      const entries = await readdir(objects, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile() || !STORAGE_KEY.test(entry.name)) continue;
        const info = await stat(path.join(entry.parentPath, entry.name)).catch(() => null);
        if (info) yield { key: entry.name, size: info.size, lastModified: info.mtime };
      }
    },
    async removeUnfinished(olderThan) {
      let removed = 0;
      for (const name of await readdir(scratch)) {
        const file = path.join(scratch, name);
        const info = await stat(file).catch(() => null);
        if (info && info.mtime < olderThan) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
    async close() {},
  };
}
