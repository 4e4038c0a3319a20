// Debian's nginx in front of the app instances, configured from the repository's own
// deploy/nginx.conf (its @@...@@ placeholders filled in): the configuration the README documents.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../scripts/lib/throwaway-postgres.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const NGINX_BIN = '/usr/sbin/nginx';

export const nginxInstalled = () => existsSync(NGINX_BIN);

export interface Nginx {
  url: string;
  port: number;
  /** nginx's error log so far (upstream failures, retries). */
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

/** deploy/nginx.conf with its placeholders replaced, for instances on `ports`. */
export async function renderDeployConfig(listen: string, ports: number[]): Promise<string> {
  const template = await readFile(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const serverLine = /^(\s*)server 127\.0\.0\.1:@@PORT_1@@(.*)$/m.exec(template);
  if (!serverLine) throw new Error('deploy/nginx.conf ya no tiene la línea `server 127.0.0.1:@@PORT_1@@`');
  // One `server` line per instance, as the README says to write them.
  let rendered = template.replace(/^\s*server 127\.0\.0\.1:@@PORT_2@@.*\n/m, '');
  rendered = rendered.replace(serverLine[0], ports.map((port) => `${serverLine[1]}server 127.0.0.1:${port}${serverLine[2]}`).join('\n'));
  rendered = rendered.replaceAll('@@LISTEN@@', listen);
  const left = /@@[A-Z_0-9]+@@/.exec(rendered);
  if (left) throw new Error(`deploy/nginx.conf tiene un marcador que la prueba no conoce: ${left[0]}`);
  return rendered;
}

/** Starts nginx (not as a daemon, its own prefix, pid and logs in a temporary folder) on 127.0.0.1. */
export async function startNginx(appPorts: number[], listenPort?: number): Promise<Nginx> {
  const dir = await mkdtemp(path.join(tmpdir(), 'aula-nginx-'));
  const port = listenPort ?? (await freePort());
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(path.join(dir, sub));
  await writeFile(path.join(dir, 'aula-virtual.conf'), await renderDeployConfig(`127.0.0.1:${port}`, appPorts));
  const runAsRoot = process.getuid?.() === 0;
  await writeFile(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      // As root, workers would switch to `nobody`, who cannot read this private folder.
      ...(runAsRoot ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  include /etc/nginx/mime.types;`,
      `  access_log ${dir}/access.log;`,
      `  client_body_temp_path ${dir}/client_body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi;`,
      `  scgi_temp_path ${dir}/scgi;`,
      `  include ${dir}/aula-virtual.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX_BIN, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const errorLog = () => readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx no arrancó (${child.exitCode}): ${stderr}${await errorLog()}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`nginx no respondió en 15 s: ${stderr}${await errorLog()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    errorLog,
    async stop() {
      // SIGQUIT: nginx's graceful stop; SIGTERM is the fast one. Either way, wait for it.
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
