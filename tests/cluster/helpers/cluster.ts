// The production shape on one machine: a throwaway PostgreSQL, an S3-compatible store (s3rver),
// N app instances as separate processes (`node src/server/main.ts`) and Debian's nginx in front,
// configured from deploy/nginx.conf. Everything on 127.0.0.1, all stopped by `stop()`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startThrowawayPostgres, type ThrowawayPostgres } from '../../../scripts/lib/throwaway-postgres.ts';
import { startAppProcess, type AppProcess } from '../../api/helpers/app-process.ts';
import { startS3, type TestS3 } from '../../api/helpers/s3.ts';
import { nginxInstalled, startNginx, type Nginx } from './nginx.ts';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'admin-secreto';
export const AUTH_SECRET = 'cluster-secret-cluster-secret-0123456789';

/**
 * Why the cluster cannot run here (no nginx, no way to get a PostgreSQL), or null. Outside CI
 * the tests skip with this reason; in CI (CI set) they fail instead, since the test command
 * installs what they need.
 */
export function clusterUnavailable(options: { nginx?: boolean } = {}): string | null {
  if (options.nginx !== false && !nginxInstalled())
    return "no está nginx (/usr/sbin/nginx): instalalo con 'apt-get install nginx' o corré 'npm test' como root";
  if (process.getuid?.() !== 0 && !process.env.TEST_DATABASE_URL)
    return 'hace falta root (para un PostgreSQL temporal) o TEST_DATABASE_URL';
  return null;
}

export const mustRun = Boolean(process.env.CI);

export interface Database {
  url: string;
  stop(): Promise<void>;
}

/** A PostgreSQL server of our own when we are root, else a fresh database on TEST_DATABASE_URL. */
async function startDatabase(): Promise<Database> {
  const own: ThrowawayPostgres | null = await startThrowawayPostgres();
  if (own) return { url: own.url, stop: async () => own.stop() };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('no hay PostgreSQL para la prueba');
  const name = `aula_cluster_${process.pid}_${Date.now()}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), stop: () => admin(`drop database if exists ${name} with (force)`) };
}

export interface Cluster {
  /** nginx's address: what the users' browsers talk to. */
  url: string;
  apps: AppProcess[];
  nginx: Nginx | undefined;
  s3: TestS3;
  database: Database;
  /** Starts instance `i` again (after it stopped) on its port, with its environment. */
  restart(i: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the database, the store, `instances` app processes and (unless `nginx: false`) nginx. */
export async function startCluster(options: { instances?: number; nginx?: boolean; env?: Record<string, string> } = {}): Promise<Cluster> {
  const instances = options.instances ?? 2;
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch((error: unknown) => console.error(error));
  };
  try {
    const database = await startDatabase();
    stops.push(() => database.stop());
    const s3 = await startS3();
    stops.push(() => s3.close());
    const nginxPort = options.nginx === false ? undefined : await freePort();
    const publicUrl = nginxPort ? `http://127.0.0.1:${nginxPort}` : undefined;
    const apps: AppProcess[] = [];
    const envs: Array<Record<string, string>> = [];
    stops.push(async () => {
      for (const app of apps) {
        app.kill('SIGKILL');
        await app.exited;
      }
    });
    for (let i = 0; i < instances; i += 1) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'aula-instance-'));
      stops.push(() => rm(dataDir, { recursive: true, force: true }));
      envs.push({
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        ...s3.env,
        AUTH_SECRET,
        TRUST_PROXY: 'true',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
        ...options.env,
      });
      // One at a time: the first one migrates the database and creates the admin.
      apps.push(await startAppProcess(envs[i]!));
    }
    let nginx: Nginx | undefined;
    if (nginxPort) {
      nginx = await startNginx(
        apps.map((app) => app.port),
        nginxPort,
      );
      stops.push(() => nginx!.stop());
    }
    const restart = async (i: number) => {
      apps[i] = await startAppProcess(envs[i]!, { port: apps[i]!.port });
    };
    return { url: nginx?.url ?? apps[0]!.url, apps, nginx, s3, database, restart, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
  text: string;
  /** The id nginx gave the request (the app logs it as reqId). */
  requestId: string;
  json<T = Record<string, unknown>>(): T;
}

export interface RequestOptions {
  method?: string;
  cookie?: string;
  /** Sent as JSON. */
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
}

/** One request as the browser makes it (same origin as PUBLIC_URL, the session cookie). */
export async function request(base: string, origin: string, url: string, options: RequestOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { origin, ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers };
  let body: Buffer | string | undefined = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${base}${url}`, { method: options.method ?? 'GET', headers, body });
  const buffer = Buffer.from(await response.arrayBuffer());
  const text = buffer.toString('utf8');
  return {
    status: response.status,
    headers: response.headers,
    body: buffer,
    text,
    requestId: response.headers.get('x-request-id') ?? '',
    json: <T>() => JSON.parse(text) as T,
  };
}

/** The cookie header that sends back the session a login response set. */
export function sessionCookie(answer: Answer): string {
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Which instance served the request with this id, from their logs (each logs its reqId). */
export async function servedBy(apps: AppProcess[], requestId: string): Promise<number> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const index = apps.findIndex((app) => app.logs.some((line) => line.reqId === requestId));
    if (index >= 0) return index;
    if (Date.now() > deadline) throw new Error(`ninguna instancia registró el pedido ${requestId}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
