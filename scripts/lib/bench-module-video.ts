// The benchmark's module video: what a trainee's phone pays for a module's video. An instructor
// uploads a minute recorded at 720p (bench-clips.ts's clip, made with Debian's ffmpeg, grain
// included so the encoder works at its cap); once its copies are made, the figures are:
// - each copy's size per minute, and the original's; 'Ahorro de datos' (the smallest) is the goal;
// - what downloading a module with a 10-minute video costs: the module's download list as the
//   server gives it, its video scaled from 1 to 10 minutes (the copies' bitrate is capped, so the
//   size grows with the length);
// - on the emulated phone (1.6 Mbit/s, 150 ms), the app installed (its service worker keeps the
//   code, as on the trainee's phone after the first visit), from opening the module page to its
//   720p video playing (the page's own clock: navigation start to the first frame advanced), and
//   the same with the original file as the module's video (what the page played before the copies);
// - the app kept for use without signal: its scripts as the server sends them (compressed).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Route } from '@playwright/test';
import { emulate, launchChromium, median, newContext, profiles } from './bench-browser.ts';
import { benchRequest, CLIP_SOURCE, makeClips } from './bench-clips.ts';

export const MODULE_VIDEO_GOALS = {
  startMs: 3_000,
  saverBytesPerMinute: 2_500_000,
  tenMinuteDownloadBytes: 30_000_000,
  shellScriptBytes: 300 * 1024,
};

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
  /** Navigation start → the video playing on the phone: the app installed, and cold (the copy, the original); null without a browser. */
  phoneStartMs: { installed720: number[]; cold720: number[]; coldOriginal: number[] } | null;
  shellScriptBytes: number;
  renditionsSeconds: number;
}

const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAE/gH/k8ZNRQAAAABJRU5ErkJggg==', 'base64');

/** A module of the course with the video, open to the trainee; resolves once its copies are made. */
async function moduleWithVideo(target: ModuleVideoTarget, video: Buffer) {
  const upload = new FormData();
  upload.append('file', new Blob([new Uint8Array(video)], { type: 'video/mp4' }), 'clase.mp4');
  const { id: videoId, size } = await benchRequest<{ id: string; size: number }>(target.base, target.admin, 'POST', '/api/videos', upload);
  const image = new FormData();
  image.append('file', new Blob([new Uint8Array(tinyPng)], { type: 'image/png' }), 'modulo.png');
  const { id: imageId } = await benchRequest<{ id: string }>(target.base, target.admin, 'POST', '/api/images', image);
  const savedAt = performance.now();
  const { module } = await benchRequest<{ module: { id: string } }>(target.base, target.admin, 'POST', '/api/modules', {
    courseId: target.courseId,
    name: 'Módulo con video subido',
    imageId,
    videoId,
    questions: ['¿Qué viste?'],
  });
  const { user } = await benchRequest<{ user: { id: string } }>(target.base, target.trainee, 'GET', '/api/auth/session');
  await benchRequest(target.base, target.admin, 'PUT', `/api/users/${user.id}/modules/${module.id}/access`, { enabled: true });
  const until = performance.now() + RENDITIONS_TIMEOUT_MS;
  for (;;) {
    const { modules } = await benchRequest<{ modules: Array<{ id: string; videoRenditions: Array<{ height: number; size: number }> }> }>(
      target.base,
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
  const { entries } = await benchRequest<{
    entries: Array<{ kind: string; size: number | null; optional: boolean; downloadable: boolean }>;
  }>(target.base, target.trainee, 'GET', `/api/modules/${moduleId}/offline`);
  return entries
    .filter((entry) => entry.downloadable && !entry.optional)
    .reduce((sum, entry) => sum + (entry.size ?? 0) * (entry.kind === 'video' ? 600 / seconds : 1), 0);
}

/** The page's clock: when the video first plays past its start from `window.expectedSrc` ('Alta' chosen on the phone). */
function playClock() {
  const w = window as unknown as { playingAt?: number; playingSrc?: string; expectedSrc?: string };
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
      // The page drawn by the server shows the 360p copy; the app then puts the chosen quality in.
      if (!w.playingAt && video.currentTime > 0 && w.expectedSrc && video.currentSrc.endsWith(w.expectedSrc)) {
        w.playingAt = performance.now();
        w.playingSrc = video.currentSrc;
      }
    });
  };
  new MutationObserver(() => document.querySelectorAll('video').forEach(watch)).observe(document, { childList: true, subtree: true });
}

type StartMode = 'installed' | 'cold' | 'cold-original';

/** The module page's document with its video's copies taken out: the page plays the original file, as before the copies. */
async function withoutCopies(route: Route) {
  const response = await route.fetch();
  const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !/^content-(encoding|length)$/i.test(name)));
  const body = (await response.text())
    .replace(/"videoRenditions":\[[^\]]*\]/g, '"videoRenditions":[]')
    .replace(/(\/api\/modules\/[^/"]+\/video)\/(?:240|360|720)/g, '$1');
  await route.fulfill({ status: response.status(), headers, body });
}

/**
 * Opens the module page on the phone `runs` times, each in a new browser: 'installed', its service
 * worker installed first on the trainee's home page (the code kept, as on a phone after the first
 * visit; the video never fetched before); 'cold', nothing kept; 'cold-original', nothing kept and
 * the original file as the module's video. The clock stops when the video plays from the copy
 * it was meant to (720p, or the original).
 */
async function startTimes(target: ModuleVideoTarget, moduleId: string, runs: number, mode: StartMode) {
  const browser = await launchChromium();
  const times: number[] = [];
  const pageUrl = `${target.base}/${target.courseId}/${moduleId}/modulo`;
  const expectedSrc = mode === 'cold-original' ? `/api/modules/${moduleId}/video` : `/api/modules/${moduleId}/video/720`;
  try {
    for (let i = 0; i < runs; i++) {
      const context = await newContext(
        browser,
        { base: target.base, cookie: target.trainee },
        playClock,
        mode === 'installed' ? 'allow' : 'block',
      );
      await context.addInitScript((src) => ((window as unknown as { expectedSrc: string }).expectedSrc = src), expectedSrc);
      const page = await context.newPage();
      await emulate(
        page,
        profiles.find((profile) => profile.name === 'phone')!,
      );
      if (mode === 'installed') {
        await page.goto(`${target.base}/inicio`);
        await page.waitForFunction(() => navigator.serviceWorker?.controller, undefined, { timeout: 120_000 });
        await page.waitForLoadState('networkidle');
      }
      // Both cold runs go through the same routing (which also turns the browser's cache off).
      if (mode !== 'installed') await page.route(pageUrl, (route) => (mode === 'cold' ? route.continue() : withoutCopies(route)));
      await page.goto(pageUrl);
      const handle = await page.waitForFunction(() => (window as unknown as { playingAt?: number }).playingAt, undefined, {
        timeout: 120_000,
      });
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
  const [video] = (await makeClips(1, options.seconds)) as [Buffer];
  const made = await moduleWithVideo(target, video);
  const perMinute = (bytes: number) => (bytes * 60) / options.seconds;
  const renditions = made.renditions.map(({ height, size }) => ({ height, bytes: size, bytesPerMinute: perMinute(size) }));
  const smallest = [...renditions].sort((a, b) => a.height - b.height)[0]!;
  return {
    source: CLIP_SOURCE,
    seconds: options.seconds,
    originalBytes: made.originalBytes,
    renditions,
    saverBytesPerMinute: smallest.bytesPerMinute,
    tenMinuteDownloadBytes: await tenMinuteDownload(target, made.moduleId, options.seconds),
    phoneStartMs: options.browser
      ? {
          installed720: await startTimes(target, made.moduleId, options.runs, 'installed'),
          cold720: await startTimes(target, made.moduleId, options.runs, 'cold'),
          coldOriginal: await startTimes(target, made.moduleId, options.runs, 'cold-original'),
        }
      : null,
    shellScriptBytes: shellScriptBytes(),
    renditionsSeconds: Math.round(made.renditionsSeconds),
  };
}

const mb = (bytes: number) => (bytes / 1e6).toLocaleString('es-AR', { maximumFractionDigits: 2 });
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
    const { installed720, cold720, coldOriginal } = figures.phoneStartMs;
    const installed = median(installed720);
    console.log(
      `  teléfono, app instalada, abrir el módulo → video en 720p reproduciéndose: ${installed} ms (${installed720.join(', ')}; meta ≤ ${goals.startMs}: ${within(installed <= goals.startMs)})`,
    );
    console.log(`  teléfono, en frío: copia 720p ${median(cold720)} ms, archivo original ${median(coldOriginal)} ms`);
  }
  console.log(
    `  la app guardada para usar sin señal: ${(figures.shellScriptBytes / 1024).toFixed(1)} KB de scripts comprimidos (meta ≤ ${goals.shellScriptBytes / 1024}: ${within(figures.shellScriptBytes <= goals.shellScriptBytes)})`,
  );
}
