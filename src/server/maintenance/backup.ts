// Backups of the embedded database (PGlite) while the app runs: the app answers the backup
// script's `backup` command (control-socket.ts) with a consistent dump of its data directory,
// taken inside PGlite's own queue; with no app running, the script opens the database itself.
// The uploaded files are immutable once stored and are copied as they are.
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'pino';
import { sendControl } from './control-socket.ts';

/** In the app: the `backup` command, a gzipped tar of the database directory. */
export async function dumpDatabase(pglite: PGlite, logger: Logger): Promise<Buffer> {
  const dump = await pglite.dumpDataDir('gzip');
  logger.info({ bytes: dump.size }, 'copia de seguridad de la base entregada');
  return Buffer.from(await dump.arrayBuffer());
}

/** From the backup script: the running app's dump, or null when no app is running. */
export const requestDump = (dataDir: string): Promise<Buffer | null> => sendControl(dataDir, { command: 'backup' });
