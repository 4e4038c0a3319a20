// The benchmark's module video: what a trainee's phone pays for a module's video. An instructor
// uploads a minute recorded at 720p (made here with Debian's ffmpeg, grain included so the encoder
// works at its cap, as bench-clips.ts does); once its copies are made, the figures are:
// - each copy's size per minute, and the original's; 'Ahorro de datos' (the smallest) is the goal;
// - what downloading a module with a 10-minute video costs: the module's download list as the
//   server gives it, its video scaled from 1 to 10 minutes (the copies' bitrate is capped, so the
//   size grows with the length);
// - on the emulated phone (1.6 Mbit/s, 150 ms), from opening the module page to its 720p video
//   playing (the page's own clock: navigation start to the first frame advanced), and the same
//   with the original file in its place (what the page played before the copies existed);
// - the app kept for use without signal: its scripts as the server sends them (compressed).
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { emulate, launchChromium, newContext, profiles } from './bench-browser.ts';

export const MODULE_VIDEO_GOALS = {
  startMs: 3_000,
  saverBytesPerMinute: 2_500_000,
  tenMinuteDownloadBytes: 30_000_000,
  shellScriptBytes: 300 * 1024,
};

const SOURCE = 'testsrc2 con grano, 1280×720 a 30 cuadros/s, H.264 a 3,5 Mbit/s y AAC a 128 kbit/s';
const RENDITIONS_TIMEOUT_MS = 300_000;

export interface ModuleVideoTarget {
  base: string;
  /** The admin's and a trainee's cookie headers. */
  admin: string;
  trainee: string;
  courseId: string;
}

export interface ModuleVideoFigures {
  source: string;
  seconds: number;
  originalBytes: number;
  renditions: Array<{ height: number; bytes: number; bytesPerMinute: number }>;
  saverBytesPerMinute: number;
  tenMinuteDownloadBytes: number;
  /** Navigation start → the video playing on the phone; null without a browser. */
  phoneStartMs: { rendition720: number[]; original: number[] } | null;
  shellScriptBytes: number;
  renditionsSeconds: number;
}

async function makeVideo(seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'aula-bench-modulo-'));
  const file = path.join(dir, 'clase.mp4');
  try {
    await promisify(execFile)('ffmpeg', [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', 'testsrc2=s=640x360:rate=30,noise=alls=30:allf=t,scale=1280:720'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '3500k', '-maxrate', '4000k', '-bufsize', '8000k'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-y', file],
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function call<T>(target: ModuleVideoTarget, cookie: string, method: string, url: string, body?: unknown): Promise<T> {
  const form = body instanceof FormData;
  const response = await fetch(target.base + url, {
    method,
    headers: { cookie, origin: target.base, ...(body === undefined || form ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAE/gH/k8ZNRQAAAABJRU5ErkJggg==', 'base64');

/** A module of the course with the video, open to the trainee; resolves once its copies are made. */
async function moduleWithVideo(target: ModuleVideoTarget, video: Buffer) {
  const upload = new FormData();
  upload.append('file', new Blob([new Uint8Array(video)], { type: 'video/mp4' }), 'clase.mp4');
  const { id: videoId, size } = await call<{ id: string; size: number }>(target, target.admin, 'POST', '/api/videos', upload);
  const image = new FormData();
  image.append('file', new Blob([new Uint8Array(tinyPng)], { type: 'image/png' }), 'modulo.png');
  const { id: imageId } = await call<{ id: string }>(target, target.admin, 'POST', '/api/images', image);
  const savedAt = performance.now();
  const { module } = await call<{ module: { id: string } }>(target, target.admin, 'POST', '/api/modules', {
    courseId: target.courseId,
    name: 'Módulo con video subido',
    imageId,
    videoId,
    questions: ['¿Qué viste?'],
  });
  const { user } = await call<{ user: { id: string } }>(target, target.trainee, 'GET', '/api/auth/session');
  await call(target, target.admin, 'PUT', `/api/users/${user.id}/modules/${module.id}/access`, { enabled: true });
  const until = performance.now() + RENDITIONS_TIMEOUT_MS;
  for (;;) {
    const { modules } = await call<{ modules: Array<{ id: string; videoRenditions: Array<{ height: number; size: number }> }> }>(
      target,
      target.admin,
      'GET',
      `/api/courses/${target.courseId}/modules`,
    );
    const detail = modules.find((candidate) => candidate.id === module.id)!;
    if (detail.videoRenditions.length >= 3)
      return {
        moduleId: module.id,
        originalBytes: size,
        renditions: detail.videoRenditions,
        renditionsSeconds: (performance.now() - savedAt) / 1000,
      };
    if (performance.now() > until) throw new Error('Las copias del video del módulo no estuvieron a tiempo: ¿está ffmpeg?');
    await sleep(500);
  }
}

/** The module's download list, its video's entry scaled from `seconds` to 10 minutes. */
async function tenMinuteDownload(target: ModuleVideoTarget, moduleId: string, seconds: number) {
  const { entries } = await call<{ entries: Array<{ kind: string; size: number | null; optional: boolean; downloadable: boolean }> }>(
    target,
    target.trainee,
    'GET',
    `/api/modules/${moduleId}/offline`,
  );
  return entries
    .filter((entry) => entry.downloadable && !entry.optional)
    .reduce((sum, entry) => sum + (entry.size ?? 0) * (entry.kind === 'video' ? 600 / seconds : 1), 0);
}

/** The page's clock: when the video first plays past its start, and from which address. */
function playClock() {
  const w = window as unknown as { playingAt?: number; playingSrc?: string };
  try {
    localStorage.setItem('aula-calidad-video', 'high');
  } catch {
    // No storage: 'Automática' picks the copy.
  }
  const watch = (video: HTMLVideoElement) => {
    if (video.dataset.reloj) return;
    video.dataset.reloj = '1';
    video.muted = true;
    // As if the trainee tapped play the moment the page opened.
    void video.play().catch(() => undefined);
    video.addEventListener('loadstart', () => void video.play().catch(() => undefined));
    video.addEventListener('timeupdate', () => {
      if (!w.playingAt && video.currentTime > 0) {
        w.playingAt = performance.now();
        w.playingSrc = video.currentSrc;
      }
    });
  };
  new MutationObserver(() => document.querySelectorAll('video').forEach(watch)).observe(document, { childList: true, subtree: true });
}

/** Opens the module page on the phone with nothing cached, `runs` times; `original`: the 720p copy's address answers with the original. */
async function startTimes(target: ModuleVideoTarget, moduleId: string, runs: number, original: boolean) {
  const browser = await launchChromium();
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await newContext(browser, { base: target.base, cookie: target.trainee }, playClock);
      if (original) {
        await context.route(`**/api/modules/${moduleId}/video/720`, (route) =>
          route.fulfill({ status: 302, headers: { location: `/api/modules/${moduleId}/video` } }),
        );
      }
      const page = await context.newPage();
      await emulate(
        page,
        profiles.find((profile) => profile.name === 'phone')!,
      );
      await page.goto(`${target.base}/${target.courseId}/${moduleId}/modulo`);
      const handle = await page.waitForFunction(() => (window as unknown as { playingAt?: number }).playingAt, undefined, {
        timeout: 120_000,
      });
      const src = await page.evaluate(() => (window as unknown as { playingSrc: string }).playingSrc);
      if (!src.endsWith('/video/720')) throw new Error(`El video del módulo no se reprodujo en 720p: ${src}`);
      times.push(Math.round((await handle.jsonValue()) as number));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times;
}

/** The scripts the service worker keeps (the built app's precache list), as the server sends them. */
function shellScriptBytes(): number {
  const built = path.resolve(import.meta.dirname, '../../dist/client');
  const worker = readFileSync(path.join(built, 'sw.js'), 'utf8');
  return [...worker.matchAll(/"url":"([^"]+\.js)"/g)]
    .map(([, url]) => path.join(built, url!))
    .reduce((sum, file) => sum + statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size, 0);
}

export async function moduleVideoScenario(
  target: ModuleVideoTarget,
  options: { seconds: number; runs: number; browser: boolean },
): Promise<ModuleVideoFigures> {
  const video = await makeVideo(options.seconds);
  const made = await moduleWithVideo(target, video);
  const perMinute = (bytes: number) => (bytes * 60) / options.seconds;
  const renditions = made.renditions.map(({ height, size }) => ({ height, bytes: size, bytesPerMinute: perMinute(size) }));
  const smallest = [...renditions].sort((a, b) => a.height - b.height)[0]!;
  return {
    source: SOURCE,
    seconds: options.seconds,
    originalBytes: made.originalBytes,
    renditions,
    saverBytesPerMinute: smallest.bytesPerMinute,
    tenMinuteDownloadBytes: await tenMinuteDownload(target, made.moduleId, options.seconds),
    phoneStartMs: options.browser
      ? {
          rendition720: await startTimes(target, made.moduleId, options.runs, false),
          original: await startTimes(target, made.moduleId, options.runs, true),
        }
      : null,
    shellScriptBytes: shellScriptBytes(),
    renditionsSeconds: Math.round(made.renditionsSeconds),
  };
}

const mb = (bytes: number) => (bytes / 1e6).toLocaleString('es-AR', { maximumFractionDigits: 2 });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const within = (ok: boolean) => (ok ? 'cumple' : 'NO CUMPLE');

export function printModuleVideo(figures: ModuleVideoFigures) {
  const goals = MODULE_VIDEO_GOALS;
  console.log(`Video del módulo (${figures.seconds} s de ${figures.source}; copias hechas en ${figures.renditionsSeconds} s):`);
  console.log(
    `  original ${mb((figures.originalBytes * 60) / figures.seconds)} MB por minuto; copias: ` +
      figures.renditions.map((r) => `${r.height}p ${mb(r.bytesPerMinute)} MB`).join(', ') +
      ` por minuto`,
  );
  console.log(
    `  'Ahorro de datos': ${mb(figures.saverBytesPerMinute)} MB por minuto (meta ≤ ${mb(goals.saverBytesPerMinute)}: ${within(figures.saverBytesPerMinute <= goals.saverBytesPerMinute)})`,
  );
  console.log(
    `  descarga de un módulo con 10 min de video: ${mb(figures.tenMinuteDownloadBytes)} MB (meta ≤ ${mb(goals.tenMinuteDownloadBytes)}: ${within(figures.tenMinuteDownloadBytes <= goals.tenMinuteDownloadBytes)})`,
  );
  if (figures.phoneStartMs) {
    const copy = median(figures.phoneStartMs.rendition720);
    const original = median(figures.phoneStartMs.original);
    console.log(
      `  teléfono, abrir el módulo → video en 720p reproduciéndose: ${copy} ms (mediana de ${figures.phoneStartMs.rendition720.join(', ')}; meta ≤ ${goals.startMs}: ${within(copy <= goals.startMs)}); con el archivo original: ${original} ms`,
    );
  }
  console.log(
    `  la app guardada para usar sin señal: ${(figures.shellScriptBytes / 1024).toFixed(1)} KB de scripts comprimidos (meta ≤ ${goals.shellScriptBytes / 1024}: ${within(figures.shellScriptBytes <= goals.shellScriptBytes)})`,
  );
}
