// npm run reset-password -- EMAIL: a new random password for that user (an admin who lost theirs),
// printed once; their open sessions end. Reads the configuration like the app (DATA_DIR,
// DATABASE_URL). On the embedded database a running app does it (PGlite belongs to one process);
// with no app running, and on PostgreSQL, this script does it with the app's own code.
//
// What it is asked is checked first, so a mistyped command is told at once; the app's code (its
// database, its server) is loaded only to do the work.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError, loadConfig, type Config } from '../src/server/config.ts';
import { sendControl } from '../src/server/maintenance/control-socket.ts';
import { randomPassword, type PasswordReset } from '../src/server/users/operator-password.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const email = process.argv[2]?.trim() ?? '';
if (!email) fail('Uso: npm run reset-password -- EMAIL');
if (!z.email().safeParse(email).success) fail(`«${email}» no es un email válido.`);
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
// Whatever this writes in DATA_DIR (a new database folder, the outbox) is for this account only.
process.umask(0o077);

const password = randomPassword();
let reset: PasswordReset | null;
try {
  const running = config.databaseUrl ? undefined : await throughRunningApp(config.dataDir);
  reset = running === undefined ? await here() : running;
} catch (error) {
  fail(`No se pudo cambiar la contraseña: ${(error as Error).message}`);
}
if (!reset) fail(`No hay ningún usuario con el email ${email}. Revisá cómo está escrito (y DATA_DIR o DATABASE_URL).`);
const roleName = reset.role === 'admin' ? 'administrador' : 'alumno';
console.log(
  [
    `Contraseña nueva de ${reset.email} (${reset.name}, ${roleName}):`,
    '',
    `  ${password}`,
    '',
    'Se muestra una sola vez: guardala ahora.',
    reset.sessions === 0
      ? 'No tenía sesiones abiertas.'
      : reset.sessions === 1
        ? 'Se cerró su sesión abierta.'
        : `Se cerraron sus ${reset.sessions} sesiones abiertas.`,
  ].join('\n'),
);

/** The running app's answer; undefined when no app runs on this DATA_DIR. */
async function throughRunningApp(dataDir: string): Promise<PasswordReset | null | undefined> {
  const answer = await sendControl(dataDir, { command: 'reset-password', email, password });
  if (answer === null) return undefined;
  return (JSON.parse(answer.toString('utf8')) as { reset: PasswordReset | null }).reset;
}

/** With the app's own context: its password hashing, and on PostgreSQL its bus, so every running instance forgets the sessions. */
async function here(): Promise<PasswordReset | null> {
  if (
    !config.databaseUrl &&
    !(await access(path.join(config.dataDir, 'db')).then(
      () => true,
      () => false,
    ))
  ) {
    fail(`No hay una base en ${path.join(config.dataDir, 'db')}: revisá DATA_DIR.`);
  }
  const [{ default: pino }, { buildApp }, { openDatabase }, { createMailer }, { resetPasswordAsOperator }] = await Promise.all([
    import('pino'),
    import('../src/server/app.ts'),
    import('../src/server/db/client.ts'),
    import('../src/server/mail/mailer.ts'),
    import('../src/server/users/operator-password.ts'),
  ]);
  const logger = pino({ level: 'error' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  try {
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
    // The secret only signs cookies, which this does not make.
    const { app, ctx } = await buildApp({ config, database, mailer, logger, authSecret: config.authSecret ?? randomPassword().repeat(3) });
    try {
      return await resetPasswordAsOperator(ctx, email, password);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
