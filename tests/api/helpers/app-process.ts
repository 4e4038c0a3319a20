// The app as a real process (`node src/server/main.ts`), for what only a process shows:
// signals, graceful shutdown, several instances behind a proxy.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../scripts/lib/throwaway-postgres.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface AppProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Every JSON log line so far. */
  logs: Array<Record<string, unknown>>;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  /** Peak resident memory (kB) of the process, read from /proc while it runs. */
  peakRssKb(): number;
  kill(signal?: NodeJS.Signals): void;
}

/**
 * Starts the app with `env` on a free port and waits until /api/health answers. `detached`: in a
 * process group of its own, so `process.kill(-pid)` ends it with what it started (its ffmpeg).
 */
export async function startAppProcess(
  env: Record<string, string>,
  options: { port?: number; detached?: boolean } = {},
): Promise<AppProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    // trace: a line with its reqId when each request arrives (tests/cluster tells by it which instance
    // serves a request, an event stream still open included) and one when it is answered.
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'trace',
      SEED_DEMO: 'false',
      VIDEO_RENDITIONS: 'false',
      // ffmpeg's time is not made to depend on the other tests running (helpers/test-app.ts).
      FFMPEG_PRIORITY: 'normal',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  const logs: Array<Record<string, unknown>> = [];
  let stderr = '';
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    let end: number;
    while ((end = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ raw: line });
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let peak = 0;
  const sampler = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const match = /VmHWM:\s+(\d+) kB/.exec(status);
      if (match) peak = Math.max(peak, Number(match[1]));
    } catch {
      // The process is gone.
    }
  }, 100);
  void exited.then(() => clearInterval(sampler));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`la app terminó al arrancar (${child.exitCode}): ${stderr}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`la app no arrancó en 60 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    child,
    logs,
    exited,
    peakRssKb: () => peak,
    kill: (signal = 'SIGTERM') => void child.kill(signal),
  };
}
