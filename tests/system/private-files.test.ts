// What the server keeps on disk is readable by its own account only: DATA_DIR, the embedded
// database, the uploaded files, the outbox's emails (live invitation links), the secret that signs
// sessions, the socket the operator's scripts use, a backup archive and what a restore writes. Each is made by the
// code that makes it in production, under the usual umask (022), and must come out 0700 or 0600.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { multipart, pngBytes } from '../api/helpers/files.ts';
import { httpLogin } from '../api/helpers/process.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../api/helpers/test-app.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Whether anyone but the owner may read, write or enter it. */
async function openToOthers(file: string): Promise<string | null> {
  const mode = (await stat(file)).mode & 0o777;
  return mode & 0o077 ? `${path.relative(work, file)} es ${mode.toString(8)}` : null;
}
async function expectPrivate(...files: string[]) {
  const open = (await Promise.all(files.map(openToOthers))).filter((problem) => problem !== null);
  expect(open).toEqual([]);
}
async function filesUnder(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

let work: string;
let umask: number;
beforeAll(async () => {
  // The usual umask of a server account: files 0644 and folders 0755 unless the code says otherwise.
  umask = process.umask(0o022);
  work = await mkdtemp(path.join(tmpdir(), 'aula-private-'));
});
afterAll(async () => {
  process.umask(umask);
  await rm(work, { recursive: true, force: true });
});

// The embedded database and the local disk: a PostgreSQL or S3 run has nothing more to check here.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL) || process.env.TEST_STORAGE === 's3')('files on the server', () => {
  let dataDir: string;

  it(
    'are for the server account only: DATA_DIR, the database, uploads, the outbox, auth-secret and the control socket',
    { timeout: 120_000 },
    async () => {
      dataDir = path.join(work, 'data');
      // Folders an older version made (or an operator made by hand) are narrowed on start.
      await mkdir(path.join(dataDir, 'files'), { recursive: true });
      await mkdir(path.join(dataDir, 'outbox'));
      await chmod(dataDir, 0o755);
      await chmod(path.join(dataDir, 'files'), 0o755);
      await chmod(path.join(dataDir, 'outbox'), 0o755);
      const config = loadConfig({
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        PUBLIC_URL: 'http://localhost:3000',
        SEED_DEMO: 'false',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
      });
      const server = await startServer(config, { logger: pino({ level: 'silent' }) });
      try {
        await checkServerFiles(server);
      } finally {
        await server.stop();
      }
    },
  );

  async function checkServerFiles(server: RunningServer) {
    const cookie = await httpLogin(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    const headers = { cookie, origin: 'http://localhost:3000' };
    const picture = multipart([{ name: 'file', filename: 'foto.png', content: pngBytes(), contentType: 'image/png' }]);
    const upload = await fetch(`${server.url}/api/images`, {
      method: 'POST',
      headers: { ...headers, ...picture.headers },
      body: picture.body,
    });
    expect(upload.status).toBe(201);
    // A user created without a password gets an invitation: SMTP_URL is not set, so it goes to the outbox.
    const invited = await fetch(`${server.url}/api/users`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ana Invitada', email: 'ana.invitada@example.com', role: 'student' }),
    });
    expect(invited.status, await invited.text()).toBe(201);

    const stored = await filesUnder(path.join(dataDir, 'files', 'objects'));
    const emails = await filesUnder(path.join(dataDir, 'outbox'));
    expect(stored).toHaveLength(1);
    expect(emails).toHaveLength(1);
    await expectPrivate(
      dataDir,
      path.join(dataDir, 'db'),
      path.join(dataDir, 'files'),
      path.join(dataDir, 'files', 'objects'),
      path.dirname(stored[0]!),
      stored[0]!,
      path.join(dataDir, 'files', 'tmp'),
      path.join(dataDir, 'outbox'),
      emails[0]!,
      path.join(dataDir, 'auth-secret'),
      path.join(dataDir, 'control.sock'),
    );
  }

  it('and so are a backup archive and what a restore writes', { timeout: 120_000 }, async () => {
    const run = (script: string, file: string, dir: string) =>
      promisify(execFile)(process.execPath, [`scripts/${script}.ts`, file], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dir },
      });
    const archive = path.join(work, 'copia.tar.gz');
    // An older copy under the same name, readable by everyone, is overwritten by a private one.
    await writeFile(archive, 'copia vieja', { mode: 0o644 });
    await run('backup', archive, dataDir);

    const restored = path.join(work, 'restaurada');
    await run('restore', archive, restored);
    await expectPrivate(archive, restored, path.join(restored, 'db'), path.join(restored, 'files'), path.join(restored, 'auth-secret'));
  });
});
