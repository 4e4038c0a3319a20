// Backups of the embedded database (PGlite) while the app runs. PGlite belongs to one process:
// the running app answers on a Unix socket in DATA_DIR with a consistent dump of its data
// directory (taken inside PGlite's own queue); with no app running, the script opens the
// database itself. The uploaded files are immutable once stored and are copied as they are.
import { createServer, createConnection, type Server } from 'node:net';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'pino';
import { privateFile } from '../private-paths.ts';

export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

/** In the app: answers each connection with a gzipped tar of the database directory. */
export async function serveBackups(dataDir: string, pglite: PGlite, logger: Logger): Promise<{ close(): Promise<void> }> {
  const socketPath = backupSocketPath(dataDir);
  // A socket left by a process that was killed.
  await rm(socketPath, { force: true });
  const server: Server = createServer((connection) => {
    connection.on('error', () => undefined);
    pglite
      .dumpDataDir('gzip')
      .then(async (dump) => {
        connection.end(Buffer.from(await dump.arrayBuffer()));
        logger.info({ bytes: dump.size }, 'copia de seguridad de la base entregada');
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'no se pudo copiar la base');
        connection.destroy();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  // Whoever may connect gets the whole database: only this account (DATA_DIR is private too).
  await privateFile(socketPath);
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/** From the backup script: the running app's dump, or null when no app answers on the socket. */
export function requestDump(dataDir: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const connection = createConnection(backupSocketPath(dataDir));
    connection.on('data', (chunk: Buffer) => chunks.push(chunk));
    connection.on('end', () => {
      const dump = Buffer.concat(chunks);
      if (dump.length === 0) reject(new Error('la app no entregó la copia de la base'));
      else resolve(dump);
    });
    connection.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}
