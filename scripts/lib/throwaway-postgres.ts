// A PostgreSQL server of our own on a free loopback port, in a temporary folder, for scripts
// that need one (the benchmark) and for tests that stop and restart the database. Uses
// Debian's server binaries as the `postgres` user.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  /** Stops the server and removes its folder. */
  stop(): void;
  /** Stops the server, keeping its data and port (an outage), until `resume`. */
  pause(): void;
  /** Starts the paused server again on the same port. */
  resume(): void;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** The newest installed server's bin folder, or null when there is none. */
export function postgresBin(): string | null {
  try {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b));
    return versions.length ? path.join('/usr/lib/postgresql', versions.at(-1)!, 'bin') : null;
  } catch {
    return null;
  }
}

/** Starts a server (root only: it runs as `postgres`); null when that is not possible here. */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres | null> {
  const bin = postgresBin();
  if (!bin || process.getuid?.() !== 0) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'aula-pg-'));
  chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()), 0);
  const port = await freePort();
  const asPostgres = (command: string) => spawnSync('su', ['postgres', '-c', command], { encoding: 'utf8' });
  const init = asPostgres(`${bin}/initdb -D '${dir}/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8`);
  if (init.status !== 0) throw new Error(`initdb falló: ${init.stderr}`);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k '${dir}' -c fsync=off -c max_connections=200`;
  const start = () => {
    const started = asPostgres(`${bin}/pg_ctl -D '${dir}/data' -l '${dir}/log' -o "${options}" -w start`);
    if (started.status !== 0) throw new Error(`PostgreSQL no arrancó: ${started.stderr}`);
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause() {
      asPostgres(`${bin}/pg_ctl -D '${dir}/data' -m fast -w stop`);
    },
    resume: start,
    stop() {
      asPostgres(`${bin}/pg_ctl -D '${dir}/data' -m immediate stop`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
