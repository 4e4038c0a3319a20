import { loadConfig, ConfigError } from './config.ts';
import { startServer } from './server.ts';

try {
  const config = loadConfig();
  const server = await startServer(config);
  const stop = async (signal: string) => {
    server.logger.info({ signal }, 'cerrando el servidor');
    await server.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`No se pudo iniciar: el puerto ya está en uso (${(error as Error).message}). Elegí otro con PORT.`);
    process.exit(1);
  }
  throw error;
}
