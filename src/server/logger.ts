import pino, { type Logger } from 'pino';

const LISTENING = 'Escuchando en ';

/**
 * Fastify's line for each address it listens on (Fastify's `listenTextResolver`). With
 * HOST=0.0.0.0 that is every network interface, internal ones included: the server's logger
 * writes them at debug, and says once, at info, the address people use (PUBLIC_URL).
 */
export const listeningText = (address: string) => `${LISTENING}${address}`;

/** The server's logger: JSON lines (pino) at LOG_LEVEL. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { app: 'aula-virtual' },
    hooks: {
      logMethod(args, method, levelValue) {
        if (levelValue === this.levels.values.info && typeof args[0] === 'string' && args[0].startsWith(LISTENING)) {
          this.debug(args[0]);
          return;
        }
        method.apply(this, args);
      },
    },
  });
}
