// The server as operators run it: `node src/server/main.ts` in a child process, so a test can
// see whether the process survives what happens to its database.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../scripts/lib/throwaway-postgres.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './test-app.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface AppProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  /** Whether the process has ended (a crash). */
  exited(): boolean;
  stop(): Promise<void>;
}

/** Runs main.ts with the given environment and waits for exit (when it cannot start) or for it to answer. */
export async function runServerProcess(env: Record<string, string>, options: { waitReady?: boolean } = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aula-process-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'false',
      VIDEO_RENDITIONS: 'false',
      // ffmpeg's time is not made to depend on the other tests running (helpers/test-app.ts).
      FFMPEG_PRIORITY: 'normal',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  let exitCode: number | null = null;
  const exit = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code ?? -1;
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const handle: AppProcess & { exit: Promise<number | null>; exitCode(): number | null; stdout(): string } = {
    url,
    child,
    exit,
    exitCode: () => exitCode,
    stderr: () => stderr,
    stdout: () => stdout,
    exited: () => exitCode !== null,
    async stop() {
      if (exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exit, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (exitCode === null) child.kill('SIGKILL');
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  if (options.waitReady !== false) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (exitCode !== null) throw new Error(`el servidor terminó al arrancar (${exitCode}): ${stderr}${stdout}`);
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`el servidor no respondió en 30 s: ${stderr}${stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return handle;
}

/** Signs in over HTTP and returns the session cookie. */
export async function httpLogin(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login respondió ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
