// A whole match uploaded to the production shape: two app instances (real processes) on
// PostgreSQL and an S3-compatible store (s3rver). The phone sends 40 % to one instance, the tab is
// closed, and a fresh page continues on the other: the file goes to the bucket as one multipart
// upload whose parts each instance adds, and comes back byte for byte (by hash). Neither
// instance holds the file: what each keeps after a forced collection is measured.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppProcess } from '../api/helpers/app-process.ts';
import {
  createMatch,
  downloadedHash,
  makeMatchVideo,
  matchOf,
  serverOffset,
  sha256OfFile,
  traineeWithCourse,
  tusUpload,
} from '../api/helpers/match-upload.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, clusterUnavailable, mustRun, startCluster, type Cluster } from './helpers/cluster.ts';
import { PROBE_SIGNAL } from './helpers/memory-probe.ts';

const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const unavailable = clusterUnavailable({ nginx: false }) ?? (hasFfmpeg ? null : 'no está ffmpeg');
const withNginx = clusterUnavailable() === null;
if (unavailable && !mustRun) console.warn(`Se salta la subida de un partido a S3 con dos instancias: ${unavailable}.`);
if (unavailable && mustRun) throw new Error(`En CI la subida de un partido a S3 con dos instancias tiene que correr: ${unavailable}.`);

const MB = 1024 * 1024;

/** What an instance holds after a full collection (helpers/memory-probe.ts), in bytes. */
async function held(app: AppProcess): Promise<number> {
  const seen = app.logs.length;
  process.kill(app.child.pid!, PROBE_SIGNAL);
  for (let waited = 0; waited < 10_000; waited += 20) {
    const line = app.logs.slice(seen).find((entry) => 'memoryProbe' in entry);
    if (line) {
      const usage = line.memoryProbe as { heapUsed: number; external: number };
      return usage.heapUsed + usage.external;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('la app no respondió a la sonda de memoria');
}

describe.skipIf(unavailable !== null)('a match uploaded to S3 through two instances', () => {
  let cluster: Cluster;
  let work: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'aula-match-s3-'));
    const probe = fileURLToPath(new URL('./helpers/memory-probe.ts', import.meta.url));
    // The conversion is another test's: these instances only send its job.
    cluster = await startCluster({
      instances: 2,
      // nginx in front when it is installed (deploy/nginx.conf's location for the uploads).
      nginx: withNginx,
      env: { NODE_OPTIONS: `--expose-gc --import=${probe}`, WORKER: 'false', LOG_LEVEL: 'info' },
    });
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  }, 60_000);

  it('takes 40 % on one instance and the rest on the other, and gives back the same bytes', { timeout: 600_000 }, async () => {
    const [a, b] = cluster.apps as [AppProcess, AppProcess];
    const video = path.join(work, 'partido.mkv');
    const size = await makeMatchVideo(video, 200 * MB);
    const { cookie, courseId } = await traineeWithCourse(a.url, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const urlStorage = path.join(work, 'tus-urls.json');

    // A small upload through each instance first: the baselines are the instances at rest after one.
    const small = path.join(work, 'corto.mkv');
    const smallSize = await makeMatchVideo(small, 12 * MB);
    for (const app of [a, b]) {
      const warm = await createMatch(app.url, cookie, courseId, smallSize);
      expect((await tusUpload({ base: app.url, cookie, file: small, size: smallSize, matchId: warm, urlStorage })).outcome).toBe('done');
    }
    const baselines = [await held(a), await held(b)] as const;

    const matchId = await createMatch(a.url, cookie, courseId, size);
    let heldAtCut = 0;
    const first = await tusUpload({
      base: a.url,
      cookie,
      file: video,
      size,
      matchId,
      urlStorage,
      stopAt: 0.4,
      atStop: async () => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        heldAtCut = (await held(a)) - baselines[0];
      },
    });
    expect(first.outcome).toBe('stopped');
    // The other instance knows, from the bucket, how much arrived.
    const kept = await serverOffset(b.url, cookie, matchId);
    expect(kept).toBeGreaterThan(size * 0.3);
    expect(kept).toBeLessThanOrEqual(first.sent);

    const second = await tusUpload({ base: b.url, cookie, file: video, size, matchId, urlStorage, rebase: true });
    expect(second.outcome).toBe('done');
    expect(second.startedAt).toBe(kept);
    const heldAfter = [(await held(a)) - baselines[0], (await held(b)) - baselines[1]];

    expect((await matchOf(a.url, cookie, matchId)).state).toBe('procesando');
    const back = await downloadedHash(a.url, cookie, matchId);
    expect(back.bytes).toBe(size);
    expect(back.sha256).toBe(await sha256OfFile(video));

    const figure = {
      fileMb: Math.round(size / MB),
      cutAtMb: Math.round(first.sent / MB),
      keptInBucketMb: Math.round((kept / MB) * 10) / 10,
      resumedOnOtherInstanceFromMb: Math.round((second.startedAt / MB) * 10) / 10,
      heldAtCutMb: Math.round((heldAtCut / MB) * 10) / 10,
      heldAfterMb: heldAfter.map((bytes) => Math.round((bytes / MB) * 10) / 10),
    };
    console.log(`Subida de un partido a S3 con dos instancias: ${JSON.stringify(figure)}`);
    await mkdir('artifacts', { recursive: true });
    const existing = await readFile('artifacts/match-upload.json', 'utf8').then(
      (text) => JSON.parse(text) as Record<string, unknown>,
      () => ({}),
    );
    await writeFile('artifacts/match-upload.json', `${JSON.stringify({ ...existing, s3TwoInstances: figure }, null, 2)}\n`);

    // Parts of 8 MB, two in flight: each instance holds a few parts at most, never the file.
    expect(heldAtCut).toBeLessThan(32 * MB);
    for (const bytes of heldAfter) expect(bytes).toBeLessThan(16 * MB);
  });

  it.skipIf(!withNginx)("goes through nginx in the phone's 50 MB pieces", { timeout: 300_000 }, async () => {
    const { cookie, courseId } = await traineeWithCourse(cluster.url, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const video = path.join(work, 'por-nginx.mkv');
    const size = await makeMatchVideo(video, 70 * MB);
    const matchId = await createMatch(cluster.url, cookie, courseId, size);
    const urlStorage = path.join(work, 'tus-urls-nginx.json');
    const sent = await tusUpload({ base: cluster.url, cookie, file: video, size, matchId, urlStorage });
    expect(sent.outcome).toBe('done');
    const back = await downloadedHash(cluster.url, cookie, matchId);
    expect(back.bytes).toBe(size);
    expect(back.sha256).toBe(await sha256OfFile(video));
  });
});
