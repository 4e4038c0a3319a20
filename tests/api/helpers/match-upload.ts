// A match's video uploaded to a running app as the trainee's browser does it: tus-js-client (its
// Node build) sending a file made by ffmpeg, stopped part of the way as a closed tab stops it, and
// continued by a new client that finds the upload it left (tus-js-client's previous uploads, kept
// in a file as the browser keeps them) — the "fresh page".
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import * as tus from 'tus-js-client';
import { Upload, type PreviousUpload, type UrlStorage } from 'tus-js-client';
import { MATCH_UPLOADS_PATH } from '../../../src/shared/schemas/matches.ts';
import { pngBytes, multipart } from './files.ts';

const run = promisify(execFile);
/** tus-js-client's Node build keeps its previous uploads in a file (its types only describe the browser's storage). */
const FileUrlStorage = (tus as unknown as { FileUrlStorage: new (file: string) => UrlStorage }).FileUrlStorage;

/**
 * A real video of about `bytes` made by ffmpeg: its test picture at 320×240, 25 frames a second,
 * uncompressed in Matroska (2.9 MB a second of video), so hundreds of MB take seconds to make.
 */
export async function makeMatchVideo(file: string, bytes: number): Promise<number> {
  const frame = 320 * 240 * 1.5;
  const seconds = Math.max(1, Math.round(bytes / (frame * 25)));
  await run('ffmpeg', [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc=size=320x240:rate=25:duration=${seconds}`],
    ...['-c:v', 'rawvideo', '-pix_fmt', 'yuv420p', '-f', 'matroska', '-y', file],
  ]);
  return (await stat(file)).size;
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

interface Json {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

async function send(
  base: string,
  path: string,
  options: { method?: string; cookie?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<Json> {
  const response = await fetch(`${base}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      origin: base,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: response.status, body, headers: response.headers };
}

const cookieOf = (answer: Json) => (answer.headers.getSetCookie?.() ?? []).map((cookie) => cookie.split(';')[0]).join('; ');

async function login(base: string, email: string, password: string): Promise<string> {
  const answer = await send(base, '/api/auth/login', { method: 'POST', json: { email, password } });
  if (answer.status !== 200) throw new Error(`login ${answer.status}: ${JSON.stringify(answer.body)}`);
  return cookieOf(answer);
}

/** A course with a trainee enrolled in it, made through the API by the administrator: the trainee's cookie. */
export async function traineeWithCourse(
  base: string,
  admin: { email: string; password: string },
): Promise<{ cookie: string; courseId: string }> {
  const adminCookie = await login(base, admin.email, admin.password);
  const { body, headers } = multipart([{ name: 'file', filename: 'curso.png', content: pngBytes(), contentType: 'image/png' }]);
  const image = await send(base, '/api/images', { method: 'POST', cookie: adminCookie, body, headers });
  if (image.status !== 201) throw new Error(`imagen ${image.status}`);
  const course = await send(base, '/api/courses', {
    method: 'POST',
    cookie: adminCookie,
    json: { name: 'Curso de árbitros', description: 'Partidos observados', imageId: image.body.id },
  });
  if (course.status !== 201) throw new Error(`curso ${course.status}: ${JSON.stringify(course.body)}`);
  const courseId = (course.body.course as { id: string }).id;
  const email = `arbitro-${Date.now()}@example.com`;
  const password = 'silbato-2026-largo';
  const user = await send(base, '/api/users', {
    method: 'POST',
    cookie: adminCookie,
    json: { name: 'Ana Árbitro', email, password, role: 'student', courseId },
  });
  if (user.status !== 201) throw new Error(`alumno ${user.status}: ${JSON.stringify(user.body)}`);
  return { cookie: await login(base, email, password), courseId };
}

/** 'Subir partido': the match, before its file. */
export async function createMatch(base: string, cookie: string, courseId: string, fileSize: number): Promise<string> {
  const answer = await send(base, '/api/matches', {
    method: 'POST',
    cookie,
    json: { courseId, playedOn: '2026-11-14', title: 'Vélez – Ferro, Primera B', category: 'Primera B', partnerId: null, fileSize },
  });
  if (answer.status !== 201) throw new Error(`partido ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body.match as { id: string }).id;
}

export async function matchOf(base: string, cookie: string, matchId: string): Promise<Record<string, unknown>> {
  const answer = await send(base, `/api/matches/${matchId}`, { cookie });
  if (answer.status !== 200) throw new Error(`partido ${answer.status}`);
  return answer.body.match as Record<string, unknown>;
}

/** The original as the app serves it back: its hash and length, streamed. */
export async function downloadedHash(base: string, cookie: string, matchId: string): Promise<{ sha256: string; bytes: number }> {
  const response = await fetch(`${base}/api/matches/${matchId}/files/original`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`original ${response.status}`);
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of response.body!) {
    hash.update(chunk as Uint8Array);
    bytes += (chunk as Uint8Array).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

export interface TusRun {
  /** 'stopped' when `stopAt` was reached (the tab closed), 'done' when the whole file arrived. */
  outcome: 'stopped' | 'done';
  /** Bytes the server had confirmed when the client began (a resumed upload starts there). */
  startedAt: number;
  sent: number;
}

/**
 * One page's upload of `file` for the match: a new tus-js-client that first looks for the
 * upload this "browser" (`urlStorage`, a file) left, and continues it. `stopAt` (a fraction)
 * aborts it there, as closing the tab does; `atStop` runs then, before the promise settles.
 */
export function tusUpload(options: {
  base: string;
  cookie: string;
  file: string;
  size: number;
  matchId: string;
  urlStorage: string;
  chunkSize?: number;
  stopAt?: number;
  atStop?: () => Promise<void>;
  /** The upload left by the earlier page continues on `base` (another instance behind the balancer). */
  rebase?: boolean;
}): Promise<TusRun> {
  return new Promise((resolve, reject) => {
    let startedAt = -1;
    let stopped = false;
    const upload = new Upload(createReadStream(options.file), {
      endpoint: `${options.base}${MATCH_UPLOADS_PATH}`,
      uploadSize: options.size,
      chunkSize: options.chunkSize ?? 50 * 1024 * 1024,
      metadata: { matchId: options.matchId, filename: 'partido.mkv' },
      headers: { cookie: options.cookie, origin: options.base },
      urlStorage: new FileUrlStorage(options.urlStorage),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      fingerprint: async () => `aula-partido:${options.matchId}:${options.size}`,
      retryDelays: [0, 500, 1000],
      onProgress(sent) {
        if (startedAt < 0) startedAt = sent;
        if (options.stopAt !== undefined && !stopped && sent >= options.size * options.stopAt) {
          stopped = true;
          void upload
            .abort()
            .then(() => options.atStop?.())
            .then(() => resolve({ outcome: 'stopped', startedAt, sent }), reject);
        }
      },
      onSuccess: () => resolve({ outcome: 'done', startedAt, sent: options.size }),
      onError: reject,
    });
    void upload.findPreviousUploads().then((previous: PreviousUpload[]) => {
      const found = previous[0];
      if (found && options.rebase && found.uploadUrl) found.uploadUrl = `${options.base}${new URL(found.uploadUrl).pathname}`;
      if (found) upload.resumeFromPreviousUpload(found);
      upload.start();
    }, reject);
  });
}

/** How much of the upload the server holds (tus HEAD): where a resumed upload continues. */
export async function serverOffset(base: string, cookie: string, matchId: string): Promise<number> {
  const match = await matchOf(base, cookie, matchId);
  const answer = await send(base, String(match.uploadUrl), { method: 'HEAD', cookie, headers: { 'tus-resumable': '1.0.0' } });
  return Number(answer.headers.get('upload-offset'));
}
