// The benchmark's match on video: what a trainee's phone pays to review a whole refereed match,
// and what converting one costs everybody else. A trainee uploads a 90-minute match (tus, as the
// phone does), the app converts it to its HLS ladder in the background, and the figures are:
// - on the emulated phone (1.6 Mbit/s, 150 ms), from opening the match page to its video playing
//   (the page's own clock: navigation start to the first frame advanced): with the app installed
//   (its service worker keeps the code, as on the trainee's phone after the first visit; the goal's
//   case, as for the module's video), from a tap on 'Ver partido' in 'Mis partidos' (how a trainee
//   opens a match), and cold (nothing kept: a first visit from a link);
// - then jumps far into the match (as a reviewer drags the timeline): from the jump to the video
//   playing at the new place;
// - the module page on the same phone (a first visit → its video in the page) while nobody
//   converts anything, and again while the match is being converted: the conversion must not be felt.
// The match is recorded at 720p with strong grain, so each rung of the ladder works at its bitrate
// cap (what a real match costs), at 5 frames per second, so that the app converts 90 minutes in a
// few minutes of the benchmark's time: the bytes per second of video, and so the start and the
// jumps, are those of a match at any frame rate.
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { coldLoad, emulate, launchChromium, median, newContext, profiles } from './bench-browser.ts';
import { benchRequest } from './bench-clips.ts';

export const MATCH_GOALS = { startMs: 3_000, seekMs: 2_000 };

export const MATCH_SOURCE = 'testsrc2 con grano fuerte, 1280×720 a 5 cuadros/s, H.264 a 1,5 Mbit/s y un tono en AAC';

/** The longest the app may take to convert the match before the benchmark gives up. */
const CONVERSION_TIMEOUT_MS = 40 * 60_000;

export interface MatchTarget {
  base: string;
  /** A trainee's cookie header: they upload the match and review it. */
  trainee: string;
  courseId: string;
  /** A module of the course open to the trainee, for the module page's figures. */
  moduleId: string;
}

export interface MatchFigures {
  source: string;
  seconds: number;
  fileBytes: number;
  uploadSeconds: number;
  conversionSeconds: number;
  /** Navigation start → the match playing, on the phone, each load in a new browser context: the app installed, and cold. */
  phoneStartMs: number[];
  /** A tap on 'Ver partido' in 'Mis partidos' (the app installed) → the match playing. */
  phoneListStartMs: number[];
  phoneColdStartMs: number[];
  /** A jump to each of `seekTo` (seconds) → playing there, on the phone; every run's jumps. */
  phoneSeekMs: number[];
  seekTo: number[];
  /** The module page on the phone, a first visit → its video: idle, and while the match converts. */
  modulePage: { idleMs: number[]; convertingMs: number[] } | null;
}

/** The match file: one noisy minute made by ffmpeg, then that minute `minutes` times over, copied (no new encoding). */
async function makeMatch(dir: string, minutes: number): Promise<string> {
  const run = promisify(execFile);
  const minute = path.join(dir, 'minuto.mp4');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=5'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
    ...['-t', '60', '-vf', 'noise=alls=40:allf=t', '-pix_fmt', 'yuv420p'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '1500k', '-maxrate', '1500k', '-bufsize', '3000k', '-g', '20'],
    ...['-c:a', 'aac', '-b:a', '96k', minute],
  ]);
  const list = path.join(dir, 'lista.txt');
  await writeFile(list, Array.from({ length: minutes }, () => `file '${minute}'`).join('\n'));
  const match = path.join(dir, 'partido.mp4');
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-c',
    'copy',
    '-movflags',
    '+faststart',
    match,
  ]);
  return match;
}

const base64 = (text: string) => Buffer.from(text).toString('base64');

/** 'Subir partido' as the phone does it: the match's fields, then its file through tus in one PATCH. */
async function uploadMatch(target: MatchTarget, file: string, size: number): Promise<string> {
  const { match } = await benchRequest<{ match: { id: string } }>(target.base, target.trainee, 'POST', '/api/matches', {
    courseId: target.courseId,
    playedOn: '2026-11-28',
    title: 'Vélez – Ferro, Primera B',
    category: 'Primera B',
    partnerId: null,
    fileSize: size,
  });
  const headers = { cookie: target.trainee, origin: target.base, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${target.base}/api/matches/uploads`, {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(size),
      'upload-metadata': `matchId ${base64(match.id)},filename ${base64('partido.mp4')},filetype ${base64('video/mp4')}`,
    },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`la subida del partido no se creó (${created.status} ${await created.text()})`);
  const sent = await fetch(new URL(location, target.base), {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
    body: Readable.toWeb(createReadStream(file)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  if (sent.status !== 204) throw new Error(`la subida del partido no terminó (${sent.status} ${await sent.text()})`);
  return match.id;
}

/** Waits until the match is 'lista' (its ladder made); throws when it failed. */
async function converted(target: MatchTarget, matchId: string) {
  const until = performance.now() + CONVERSION_TIMEOUT_MS;
  for (;;) {
    const { match } = await benchRequest<{ match: { state: string; processingError: string | null } }>(
      target.base,
      target.trainee,
      'GET',
      `/api/matches/${matchId}`,
    );
    if (match.state === 'lista') return;
    if (match.state === 'fallida') throw new Error(`el partido no se pudo convertir: ${match.processingError}`);
    if (performance.now() > until) throw new Error('el partido no se convirtió a tiempo');
    await sleep(1_000);
  }
}

/** The page's clock for the match: as if the trainee tapped play the moment the player showed. */
function matchClock() {
  const w = window as unknown as { playingAt?: number };
  try {
    // 'Ahorro de datos' off, as the trainee who has not turned it on.
    localStorage.setItem('aula-partido-ahorro', '0');
  } catch {
    // No storage: the browser's own choice.
  }
  const watch = (video: HTMLVideoElement) => {
    if (video.dataset.reloj) return;
    video.dataset.reloj = '1';
    video.muted = true;
    const play = () => void video.play().catch(() => undefined);
    play();
    for (const event of ['loadedmetadata', 'canplay']) video.addEventListener(event, play);
    video.addEventListener('timeupdate', () => {
      if (!w.playingAt && video.currentTime > 0) w.playingAt = performance.now();
    });
  };
  new MutationObserver(() => document.querySelectorAll('video').forEach(watch)).observe(document, { childList: true, subtree: true });
  addEventListener('pointerdown', () => ((window as unknown as { tapAt?: number }).tapAt = performance.now()), true);
}

/** In the page: jumps to `to` seconds and resolves with the ms until the video plays past it. */
function jump(to: number): Promise<number> {
  const video = document.querySelector('video')!;
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const timer = setTimeout(() => reject(new Error(`el video no siguió tras saltar a ${to} s`)), 60_000);
    const check = () => {
      if (!video.paused && video.currentTime > to + 0.1) {
        clearTimeout(timer);
        video.removeEventListener('timeupdate', check);
        resolve(performance.now() - start);
      }
    };
    video.addEventListener('timeupdate', check);
    video.currentTime = to;
    void video.play().catch(() => undefined);
  });
}

type StartMode = 'installed' | 'list' | 'cold';

/**
 * Opens the match `runs` times on the phone, each in a new browser context: its start, then each
 * jump. 'installed': the app's service worker installed first on the trainee's home page (the
 * match's files never fetched before), then the match's address opened; 'list': the same, then
 * 'Mis partidos' and, once it shows, a tap on 'Ver partido' (timed from the tap, as a trainee
 * opens a match); 'cold': the match's address, nothing kept.
 */
async function startAndSeek(target: MatchTarget, matchId: string, runs: number, seekTo: number[], mode: StartMode) {
  const browser = await launchChromium();
  const starts: number[] = [];
  const seeks: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await newContext(
        browser,
        { base: target.base, cookie: target.trainee },
        matchClock,
        mode === 'cold' ? 'block' : 'allow',
      );
      try {
        const page = await context.newPage();
        await emulate(
          page,
          profiles.find((profile) => profile.name === 'phone')!,
        );
        if (mode !== 'cold') {
          await page.goto(`${target.base}/inicio`);
          await page.waitForFunction(() => navigator.serviceWorker?.controller, undefined, { timeout: 120_000 });
          await page.waitForLoadState('networkidle');
        }
        if (mode === 'list') {
          await page.goto(`${target.base}/partidos`);
          const open = page.locator(`a[href$="/partidos/${matchId}"]`).first();
          await open.waitFor({ timeout: 60_000 });
          // The list looked at for a moment before the tap, as a person does.
          await page.waitForTimeout(1_500);
          await open.click();
        } else {
          await page.goto(`${target.base}/partidos/${matchId}`);
        }
        const handle = await page.waitForFunction(() => (window as unknown as { playingAt?: number }).playingAt, undefined, {
          timeout: 120_000,
        });
        const playingAt = (await handle.jsonValue()) as number;
        const tapAt = mode === 'list' ? await page.evaluate(() => (window as unknown as { tapAt: number }).tapAt) : 0;
        starts.push(Math.round(playingAt - tapAt));
        for (const to of seekTo) seeks.push(Math.round(await page.evaluate(jump, to)));
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return { starts, seeks };
}

/** The module page on the phone, `runs` first visits → its video. */
async function modulePageLoads(target: MatchTarget, runs: number) {
  const browser = await launchChromium();
  try {
    const url = `${target.base}/${target.courseId}/${target.moduleId}/modulo`;
    const phone = profiles.find((profile) => profile.name === 'phone')!;
    const times: number[] = [];
    for (let i = 0; i < runs; i++)
      times.push(Math.round((await coldLoad(browser, { base: target.base, cookie: target.trainee }, phone, url)).toVideo));
    return times;
  } finally {
    await browser.close();
  }
}

export async function matchScenario(
  target: MatchTarget,
  options: { minutes: number; runs: number; browser: boolean },
): Promise<MatchFigures> {
  const dir = await mkdtemp(path.join(tmpdir(), 'aula-bench-partido-'));
  try {
    const file = await makeMatch(dir, options.minutes);
    const { size } = await stat(file);
    const seconds = options.minutes * 60;
    const idleMs = options.browser ? await modulePageLoads(target, options.runs) : null;
    const uploadStart = performance.now();
    const matchId = await uploadMatch(target, file, size);
    const uploadSeconds = (performance.now() - uploadStart) / 1000;
    // The module page while the match converts (the conversion starts once the upload is checked).
    const convertingMs = options.browser ? await modulePageLoads(target, options.runs) : null;
    await converted(target, matchId);
    const conversionSeconds = (performance.now() - uploadStart) / 1000 - uploadSeconds;
    const seekTo = [0.19, 0.52, 0.87].map((share) => Math.round(seconds * share));
    const played = options.browser ? await startAndSeek(target, matchId, options.runs, seekTo, 'installed') : { starts: [], seeks: [] };
    const fromList = options.browser ? await startAndSeek(target, matchId, options.runs, [], 'list') : { starts: [] };
    const cold = options.browser ? await startAndSeek(target, matchId, options.runs, [], 'cold') : { starts: [] };
    return {
      source: MATCH_SOURCE,
      seconds,
      fileBytes: size,
      uploadSeconds: Math.round(uploadSeconds * 10) / 10,
      conversionSeconds: Math.round(conversionSeconds),
      phoneStartMs: played.starts,
      phoneListStartMs: fromList.starts,
      phoneColdStartMs: cold.starts,
      phoneSeekMs: played.seeks,
      seekTo,
      modulePage: idleMs && convertingMs ? { idleMs, convertingMs } : null,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
const within = (ok: boolean) => (ok ? 'cumple' : 'NO CUMPLE');

export function printMatch(figures: MatchFigures) {
  const goals = MATCH_GOALS;
  console.log(
    `Partido en video (${clock(figures.seconds)} de ${figures.source}; ${(figures.fileBytes / 1e6).toFixed(0)} MB subidos con tus en ` +
      `${figures.uploadSeconds} s, convertido a HLS en ${figures.conversionSeconds} s):`,
  );
  if (figures.phoneStartMs.length > 0) {
    const start = median(figures.phoneStartMs);
    const seek = median(figures.phoneSeekMs);
    console.log(
      `  teléfono, app instalada, abrir el partido → video reproduciéndose: ${start} ms (${figures.phoneStartMs.join(', ')}; meta ≤ ${goals.startMs}: ${within(start <= goals.startMs)})`,
    );
    const fromList = median(figures.phoneListStartMs);
    console.log(
      `  teléfono, app instalada, tocar 'Ver partido' en 'Mis partidos' → video reproduciéndose: ${fromList} ms (${figures.phoneListStartMs.join(', ')}; meta ≤ ${goals.startMs}: ${within(fromList <= goals.startMs)})`,
    );
    console.log(
      `  teléfono, en frío (primera visita desde un enlace): ${median(figures.phoneColdStartMs)} ms (${figures.phoneColdStartMs.join(', ')})`,
    );
    console.log(
      `  teléfono, saltar a ${figures.seekTo.map(clock).join(', ')} → reproduciéndose ahí: ${seek} ms ` +
        `(${figures.phoneSeekMs.join(', ')}; meta ≤ ${goals.seekMs}: ${within(seek <= goals.seekMs)})`,
    );
  }
  if (figures.modulePage) {
    const { idleMs, convertingMs } = figures.modulePage;
    console.log(
      `  teléfono, la página del módulo en frío → video: ${median(idleMs)} ms sin conversiones (${idleMs.join(', ')}), ` +
        `${median(convertingMs)} ms mientras se convierte el partido (${convertingMs.join(', ')})`,
    );
  }
}
