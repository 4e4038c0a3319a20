// Commands from the operator's scripts on the server (npm run backup, npm run reset-password) to
// the running app on the embedded database. PGlite belongs to one process: while the app runs,
// only the app may read or change its data. The app answers on a Unix socket in DATA_DIR, which
// like the socket itself only the server's account can open (private-paths.ts): whoever connects
// may copy the whole database or set any password. One request per connection: the script sends
// one JSON line ({"command": …}), the app answers with the command's bytes and closes.
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { privateFile } from '../private-paths.ts';

export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock');

export interface ControlRequest {
  command: string;
  [field: string]: unknown;
}

/** What the app does for each command; the answer goes back as it is. */
export type ControlHandlers = Record<string, (request: ControlRequest) => Promise<Buffer>>;

/** The longest request line taken (a command and an email; a dump goes the other way). */
const MAX_REQUEST_BYTES = 64 * 1024;

/** In the app: answers the scripts' commands until closed. */
export async function serveControl(dataDir: string, handlers: ControlHandlers, logger: Logger): Promise<{ close(): Promise<void> }> {
  const socketPath = controlSocketPath(dataDir);
  // A socket left by a process that was killed.
  await rm(socketPath, { force: true });
  const server: Server = createServer((connection) => {
    connection.on('error', () => undefined);
    readRequest(connection)
      .then(async (request) => {
        const handler = Object.hasOwn(handlers, request.command) ? handlers[request.command] : undefined;
        if (!handler) throw new Error(`orden desconocida: ${request.command}`);
        connection.end(await handler(request));
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'no se pudo atender una orden de mantenimiento');
        connection.destroy();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await privateFile(socketPath);
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

function readRequest(connection: Socket): Promise<ControlRequest> {
  return new Promise((resolve, reject) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('utf8');
      const end = received.indexOf('\n');
      if (end < 0 && received.length <= MAX_REQUEST_BYTES) return;
      connection.off('data', onData);
      try {
        const request = JSON.parse(end < 0 ? received : received.slice(0, end)) as ControlRequest;
        if (typeof request?.command !== 'string') throw new Error('falta la orden');
        resolve(request);
      } catch (error) {
        reject(error as Error);
      }
    };
    connection.on('data', onData);
    connection.once('end', () => reject(new Error('la conexión terminó sin una orden')));
  });
}

/** From a script: the running app's answer, or null when no app answers on the socket (not running). */
export function sendControl(dataDir: string, request: ControlRequest): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const connection = createConnection(controlSocketPath(dataDir), () => connection.write(`${JSON.stringify(request)}\n`));
    connection.on('data', (chunk: Buffer) => chunks.push(chunk));
    const refused = () => new Error('la aplicación en marcha no pudo atender la orden (el detalle está en su log)');
    connection.on('end', () => {
      const answer = Buffer.concat(chunks);
      if (answer.length === 0) reject(refused());
      else resolve(answer);
    });
    connection.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else if (error.code === 'ECONNRESET' || error.code === 'EPIPE') reject(refused());
      else reject(error);
    });
  });
}
