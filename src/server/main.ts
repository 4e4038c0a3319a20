import closeWithGrace from 'close-with-grace';
import { loadConfig, ConfigError } from './config.ts';
import { isDatabaseUnavailable, isDiskFull } from './db/availability.ts';
import { startServer } from './server.ts';

/** postgres://user:***@host:port/db: the URL as it may appear in a log. */
const maskedUrl = (url: string) => url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@');

/** Why PostgreSQL refused us, from its error code, in Spanish. */
function databaseReason(error: unknown): string | undefined {
  const code = (error as { code?: string }).code ?? '';
  if (code === '28P01' || code === '28000') return 'el usuario o la clave no son válidos';
  if (code === '3D000') return 'la base de datos no existe';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'no se encontró el servidor';
  if (isDatabaseUnavailable(error)) return `no responde${code ? ` (${code})` : ''}`;
  return undefined;
}

// What the server writes is for its own account only (private-paths.ts says why); this covers
// what other code writes for it too, such as the embedded database's own files.
process.umask(0o077);

try {
  const config = loadConfig();
  const server = await startServer(config);
  // SIGTERM/SIGINT (systemd, a deploy, Ctrl+C): stop taking requests, let those in flight
  // finish, end the live event streams with a retry hint, close the database. At most 10 s.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) server.logger.error({ err }, 'error no manejado: cerrando el servidor');
    else server.logger.info({ signal }, 'cerrando el servidor: terminan los pedidos en curso');
    await server.stop();
    server.logger.info('servidor cerrado');
  });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`No se pudo iniciar: el puerto ya está en uso (${(error as Error).message}). Elegí otro con PORT.`);
    process.exit(1);
  }
  if (isDiskFull(error)) {
    console.error('No se pudo iniciar: no hay espacio en el disco del servidor (DATA_DIR o la base de datos).');
    process.exit(1);
  }
  const databaseUrl = process.env.DATABASE_URL;
  const reason = databaseUrl ? databaseReason(error) : undefined;
  if (databaseUrl && reason) {
    console.error(
      `No se pudo iniciar: la base de datos de DATABASE_URL (${maskedUrl(databaseUrl)}) ${reason}. Revisá que PostgreSQL esté en marcha y que DATABASE_URL sea correcta.`,
    );
    process.exit(1);
  }
  throw error;
}
