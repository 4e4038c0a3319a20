// The benchmark's video exam on a phone: what a clip costs a trainee on mobile data. Three clips
// (two short ones in the smoke run) made here with Debian's ffmpeg (1280×720 with sound, the worst case for the light copy: grain
// the encoder cannot smooth away) are uploaded as the admin and saved as jugadas for 'Examen'; the
// app's worker makes their 360p copies. Once the instructor's list says they are ready, a
// trainee's attempt, through the API, notes each clip's size as served inside its viewing against
// its original. Then in Debian's Chromium with the phone's network (bench-browser.ts's profiles) a
// trainee sits the exam: the wait for 'Ver' after 'Comenzar examen', and the time from 'Ver' to
// the first frame on screen (the file is sent only inside the viewing, so it streams from the
// tap). The clock is the page's own.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { emulate, launchChromium, newContext, profiles, type Profile } from './bench-browser.ts';
import type { ExamClass } from './bench-exam.ts';

/** The budget: a 20-clip exam in about 30 MB on mobile data. */
export const CLIP_BUDGET_BYTES_PER_10_SECONDS = 1_500_000;
const ANSWER_SECONDS = 10;
/** The worker makes one copy at a time at the lowest priority: a few seconds each on an idle machine. */
const RENDITIONS_TIMEOUT_MS = 180_000;
/** The slow phone streams a 10-second clip at 50 kB/s in well under a minute: three would be a fault, not a figure. */
const LOAD_TIMEOUT_MS = 180_000;

export const CLIP_SOURCE = 'testsrc2 con grano fuerte, 1280×720 a 30 cuadros/s, H.264 a 3,5 Mbit/s y un tono en AAC a 128 kbit/s';

export interface ClipOptions {
  clips: number;
  seconds: number;
  /** The phone profiles to sit the exam on: 'phone' watches every clip, 'slow-phone' only waits for the first. */
  profiles: Array<'phone' | 'slow-phone'>;
  /** Whether the browser can run (the app built, Chromium there). */
  browser: boolean;
}

export interface ClipBytes {
  /** The jugada, in the order they were uploaded. */
  jugada: number;
  originalBytes: number;
  servedBytes: number;
  /** Served over original. */
  ratio: number;
  servedPer10sBytes: number;
  withinBudget: boolean;
}

const stat = (all: number[]) => ({ median: median(all), all });

export interface PhoneSitting {
  /** 'Comenzar examen' → the first clip's 'Ver' enabled. */
  firstLoadMs: number;
  /** 'Ver' → the first frame shown (the server counts the viewing, then the player streams the file). */
  verToFrameMs: ReturnType<typeof stat>;
  /** Where in the clip that first frame shown is (ms from its start): what played before it was not seen. */
  firstShownMediaMs: ReturnType<typeof stat>;
  /** 'Ver' → the first frame the video presented, shown or not yet. */
  verToDecodedFrameMs: ReturnType<typeof stat>;
  /** 'Ver' → the video's `playing` event. */
  verToPlayingMs: ReturnType<typeof stat>;
}

export interface ClipScenarioFigures {
  source: string;
  clipSeconds: number;
  clips: ClipBytes[];
  /** From the last jugada saved to every copy served. */
  renditionsSeconds: number;
  phone: PhoneSitting | null;
  /** The slow phone watches the first clip only. */
  slowPhone: PhoneSitting | null;
  /** The whole scenario, clips made to the last sitting. */
  scenarioSeconds: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

// --- The clips ------------------------------------------------------------------------------

/**
 * ffmpeg's arguments for clip `n`: the grain is drawn at 360p and scaled up, so it survives the
 * copy's scaling down and the encoder works at its bitrate cap (smooth test patterns come out a
 * third of that). The original is what a phone records at 720p.
 */
const clipArgs = (n: number, seconds: number, file: string) =>
  [
    ['-hide_banner', '-nostdin', '-loglevel', 'error'],
    ['-f', 'lavfi', '-i', `testsrc2=s=640x360:rate=30,noise=alls=30:allf=t:all_seed=${n + 1},scale=1280:720`],
    ['-f', 'lavfi', '-i', `sine=frequency=${440 + 110 * n}:sample_rate=48000`],
    ['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '3500k', '-maxrate', '4000k', '-bufsize', '8000k'],
    ['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-y', file],
  ].flat();

/** Whether Debian's ffmpeg (or one on PATH) is there: the clips and the app's copies need it. */
export const ffmpegAvailable = () => spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;

/** Made once per run: both databases upload the same files. */
const made = new Map<string, Promise<Buffer[]>>();

export function makeClips(count: number, seconds: number): Promise<Buffer[]> {
  const key = `${count}×${seconds}`;
  if (!made.has(key)) {
    made.set(
      key,
      (async () => {
        const dir = await mkdtemp(path.join(tmpdir(), 'aula-bench-clips-'));
        try {
          const files = Array.from({ length: count }, (_, n) => path.join(dir, `jugada-${n + 1}.mp4`));
          await Promise.all(files.map((file, n) => promisify(execFile)('ffmpeg', clipArgs(n, seconds, file))));
          return await Promise.all(files.map((file) => readFile(file)));
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      })(),
    );
  }
  return made.get(key)!;
}

// --- The exam through the API -----------------------------------------------------------------

/** A request to the app at `base` as the person of `cookie`: JSON (or a form) in, JSON out; any failure throws. */
export async function benchRequest<T = Record<string, unknown>>(base: string, cookie: string, method: string, url: string, body?: unknown) {
  const form = body instanceof FormData;
  const response = await fetch(base + url, {
    method,
    headers: { cookie, origin: base, ...(body === undefined || form ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

const api = <T = Record<string, unknown>>(klass: ExamClass, method: string, url: string, cookie: string, body?: unknown) =>
  benchRequest<T>(klass.base(), cookie, method, url, body);

interface Prepared {
  examId: string;
  /** Each clip's number and original size, by the jugada's prompt. */
  originals: Map<string, { jugada: number; size: number }>;
  decisionId: string;
  sanctionId: string;
  savedAt: number;
}

/** Uploads the clips, saves them as jugadas for 'Examen' on the module and creates the video exam of them all. */
async function prepare(klass: ExamClass, files: Buffer[], seconds: number): Promise<Prepared> {
  const { options } = await api<{ options: Record<'decisions' | 'sanctions', Array<{ id: string; label: string }>> }>(
    klass,
    'GET',
    `/api/courses/${klass.courseId}/jugada-options`,
    klass.admin,
  );
  const decisionId = options.decisions.find((option) => option.label === 'Tiro libre')!.id;
  const sanctionId = options.sanctions.find((option) => option.label === 'Ninguna')!.id;
  const originals: Prepared['originals'] = new Map();
  for (const [n, bytes] of files.entries()) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }), `jugada-${n + 1}.mp4`);
    const video = await api<{ id: string; size: number }>(klass, 'POST', '/api/videos', klass.admin, form);
    const prompt = `Jugada de examen ${n + 1}: ¿qué cobrás?`;
    await api(klass, 'POST', `/api/modules/${klass.moduleId}/jugadas`, klass.admin, {
      video: { kind: 'file', videoId: video.id },
      start: 0,
      end: seconds,
      prompt,
      correctDecisionId: decisionId,
      correctSanctionId: sanctionId,
      moment: null,
      tolerance: 1,
      explanation: 'Así lo dice el reglamento.',
      tags: [n % 2 ? 'Juego pasivo' : 'Sanción progresiva'],
      use: 'examen',
    });
    originals.set(prompt, { jugada: n + 1, size: video.size });
  }
  const savedAt = performance.now();
  const { exam } = await api<{ exam: { id: string } }>(klass, 'POST', `/api/courses/${klass.courseId}/exams`, klass.admin, {
    kind: 'video',
    title: 'Examen de video',
    moduleId: klass.moduleId,
    questionCount: files.length,
    perChapter: [],
    fixedQuestionIds: [],
    criticalQuestionIds: [],
    viewsPerClip: 1,
    answerSeconds: ANSWER_SECONDS,
    passPercent: 50,
    attempts: 1,
    waitHours: 0,
    resultsRelease: 'al-entregar',
    opensAt: null,
    closesAt: null,
  });
  return { examId: exam.id, originals, decisionId, sanctionId, savedAt };
}

/** The clip route's file, its bytes counted (and checked against its Content-Length). */
async function servedSize(klass: ExamClass, cookie: string, url: string) {
  const response = await fetch(klass.base() + url, { headers: { cookie }, signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  const length = Number(response.headers.get('content-length'));
  const bytes = (await response.arrayBuffer()).byteLength;
  if (bytes !== length) throw new Error(`GET ${url}: Content-Length ${length}, ${bytes} bytes`);
  return bytes;
}

/** Waits until the instructor's list of the module's jugadas shows every clip's light copy made; when, on this clock. */
async function renditionsReady(klass: ExamClass, count: number): Promise<number> {
  const until = performance.now() + RENDITIONS_TIMEOUT_MS;
  for (;;) {
    const { jugadas } = await api<{ jugadas: Array<{ use: string; video: { kind: string; renditions?: unknown[] } | null }> }>(
      klass,
      'GET',
      `/api/modules/${klass.moduleId}/jugadas`,
      klass.admin,
    );
    const ready = jugadas.filter((jugada) => jugada.use === 'examen' && (jugada.video?.renditions?.length ?? 0) > 0).length;
    if (ready >= count) return performance.now();
    if (performance.now() > until)
      throw new Error(
        `Las copias livianas de los clips no estuvieron en ${RENDITIONS_TIMEOUT_MS / 1000} s: ` +
          '¿está ffmpeg (FFMPEG_PATH) y VIDEO_RENDITIONS encendido en la app?',
      );
    await sleep(250);
  }
}

/**
 * A trainee's attempt, clip by clip: 'Ver', the file as served inside that viewing (its size against
 * the original's), and the answer to reach the next.
 */
async function servedClips(klass: ExamClass, prepared: Prepared, cookie: string, seconds: number) {
  const readyAt = await renditionsReady(klass, prepared.originals.size);
  const { attempt } = await api<{ attempt: { id: string; clips: Array<{ position: number; prompt: string }> } }>(
    klass,
    'POST',
    `/api/exams/${prepared.examId}/attempts`,
    cookie,
  );
  const clips: ClipBytes[] = [];
  for (const clip of attempt.clips) {
    const url = `/api/attempts/${attempt.id}/clips/${clip.position}`;
    const { jugada, size: originalBytes } = prepared.originals.get(clip.prompt)!;
    await api(klass, 'POST', `${url}/views`, cookie);
    const servedBytes = await servedSize(klass, cookie, `${url}/video?viewing=1`);
    const servedPer10sBytes = (servedBytes * 10) / seconds;
    clips.push({
      jugada,
      originalBytes,
      servedBytes,
      ratio: servedBytes / originalBytes,
      servedPer10sBytes,
      withinBudget: servedPer10sBytes <= CLIP_BUDGET_BYTES_PER_10_SECONDS,
    });
    await api(klass, 'PUT', `${url}/answer`, cookie, { decisionId: prepared.decisionId, sanctionId: prepared.sanctionId, moment: null });
  }
  clips.sort((a, b) => a.jugada - b.jugada);
  return { clips, renditionsSeconds: (readyAt - prepared.savedAt) / 1000 };
}

// --- The exam in the browser -----------------------------------------------------------------

/** What the page notes, by the clip's heading ('Jugada 1 de 3'), on its own clock. */
interface ClipClock {
  startAt?: number;
  enabledAt: Record<string, number>;
  tapAt: Record<string, number>;
  answerAt: Record<string, number>;
  shownAt: Record<string, number>;
  playingAt: Record<string, number>;
  /** Each frame presented after the tap: when, and its time in the file (seconds). */
  frames: Record<string, Array<{ at: number; media: number }>>;
}

/**
 * Set before any of the page's code: when each clip's 'Ver' is enabled (a MutationObserver, as the
 * button changes) and tapped, when its video is no longer hidden, its `playing` event and the
 * frames it presents after the tap until one is shown (requestVideoFrameCallback, installed at the tap).
 */
function clipClockScript() {
  const clock: ClipClock = { enabledAt: {}, tapAt: {}, answerAt: {}, shownAt: {}, playingAt: {}, frames: {} };
  (window as unknown as { clipClock: ClipClock }).clipClock = clock;
  const heading = () => document.getElementById('jugada-examen-titulo')?.textContent ?? '';
  const look = () => {
    const clip = heading();
    if (!clip) return;
    const ver = [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Ver');
    if (ver && !ver.disabled && clock.enabledAt[clip] === undefined) clock.enabledAt[clip] = performance.now();
    const video = document.querySelector('video');
    if (video && clock.tapAt[clip] !== undefined && clock.shownAt[clip] === undefined && video.style.visibility === 'visible')
      clock.shownAt[clip] = performance.now();
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const tapped = (event: Event) => {
    const label = (event.target as Element | null)?.closest('button')?.textContent?.trim();
    const clip = heading();
    const now = performance.now();
    if (label === 'Comenzar examen') clock.startAt = now;
    if (label === 'Responder') clock.answerAt[clip] ??= now;
    const video = document.querySelector('video');
    if (label !== 'Ver' || !video) return;
    clock.tapAt[clip] = now;
    video.addEventListener('playing', () => (clock.playingAt[clip] ??= performance.now()), { once: true });
    const frames: ClipClock['frames'][string] = (clock.frames[clip] = []);
    const onFrame = (at: number, { mediaTime }: VideoFrameCallbackMetadata) => {
      frames.push({ at, media: mediaTime });
      // Until one is on screen (the video shown), for at most about 20 s of frames.
      const shown = clock.shownAt[clip];
      if ((shown === undefined || at < shown) && frames.length < 600) video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  addEventListener('pointerdown', tapped, { capture: true });
}

const readClock = (page: Page) => page.evaluate(() => (window as unknown as { clipClock: ClipClock }).clipClock);

/**
 * A trainee sits the exam on `profile`: 'Comenzar examen', and for each of the first `watch`
 * clips 'Ver', the call chosen while it plays and 'Responder' as soon as the viewing ends.
 */
async function sit(browser: Browser, klass: ExamClass, cookie: string, examId: string, profile: Profile, count: number, watch: number) {
  const context = await newContext(browser, { base: klass.base(), cookie }, clipClockScript);
  try {
    const page = await context.newPage();
    await emulate(page, profile);
    await page.goto(`${klass.base()}/${klass.courseId}/${klass.moduleId}/examen/${examId}`);
    await page
      .getByRole('button', { name: 'Comenzar examen' })
      .click({ timeout: 60_000 })
      .catch(async (error: Error) => {
        const shown = (await page.locator('body').innerText()).replace(/\s+/g, ' ').slice(0, 500);
        throw new Error(`${error.message}\nLa página del examen muestra: ${shown}`);
      });
    for (let n = 1; n <= watch; n++) {
      const clip = `Jugada ${n} de ${count}`;
      // Page functions: they name the page's clock themselves.
      const enabled = (clip: string) => (window as unknown as { clipClock: ClipClock }).clipClock.enabledAt[clip];
      await page.waitForFunction(enabled, clip, { timeout: LOAD_TIMEOUT_MS, polling: 100 });
      await page.getByRole('button', { name: 'Ver', exact: true }).click();
      const shown = (clip: string) => {
        const clock = (window as unknown as { clipClock: ClipClock }).clipClock;
        return clock.frames[clip]?.some((frame) => frame.at >= (clock.shownAt[clip] ?? Infinity));
      };
      await page.waitForFunction(shown, clip, { timeout: LOAD_TIMEOUT_MS, polling: 100 });
      await page.getByRole('radio', { name: 'Tiro libre', exact: true }).check();
      await page.getByRole('radio', { name: 'Ninguna', exact: true }).check();
      // The viewing is over when the window's countdown shows.
      await page.getByRole('timer').waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Responder' }).click();
    }
    return await readClock(page);
  } finally {
    await context.close();
  }
}

/** The phone's figures from its page's clock, for the first `watched` clips. */
function phoneSitting(clock: ClipClock, count: number, watched: number): PhoneSitting {
  const heading = (n: number) => `Jugada ${n} de ${count}`;
  const clips = Array.from({ length: watched }, (_, i) => heading(i + 1));
  const sinceTap = (at: Record<string, number>) => clips.map((clip) => at[clip]! - clock.tapAt[clip]!);
  const shownFrame = (clip: string) => clock.frames[clip]!.find((frame) => frame.at >= clock.shownAt[clip]!)!;
  return {
    firstLoadMs: clock.enabledAt[heading(1)]! - clock.startAt!,
    verToFrameMs: stat(clips.map((clip) => shownFrame(clip).at - clock.tapAt[clip]!)),
    firstShownMediaMs: stat(clips.map((clip) => shownFrame(clip).media * 1000)),
    verToDecodedFrameMs: stat(clips.map((clip) => clock.frames[clip]![0]!.at - clock.tapAt[clip]!)),
    verToPlayingMs: stat(sinceTap(clock.playingAt)),
  };
}

/** The clips' sizes through the API, then (with the browser) the exam sat on the phone profiles. */
export async function clipScenario(klass: ExamClass, options: ClipOptions): Promise<ClipScenarioFigures> {
  const [probe, phone, slow] = klass.trainees as [{ cookie: string }, { cookie: string }, { cookie: string }];
  const began = performance.now();
  const files = await makeClips(options.clips, options.seconds);
  const prepared = await prepare(klass, files, options.seconds);
  const { clips, renditionsSeconds } = await servedClips(klass, prepared, probe.cookie, options.seconds);
  const figures: ClipScenarioFigures = {
    source: CLIP_SOURCE,
    clipSeconds: options.seconds,
    clips,
    renditionsSeconds,
    phone: null,
    slowPhone: null,
    scenarioSeconds: 0,
  };
  const browser = options.browser ? await launchChromium() : null;
  const profile = (name: Profile['name']) => profiles.find((candidate) => candidate.name === name)!;
  try {
    if (browser && options.profiles.includes('phone')) {
      const clock = await sit(browser, klass, phone.cookie, prepared.examId, profile('phone'), options.clips, options.clips);
      figures.phone = phoneSitting(clock, options.clips, options.clips);
    }
    if (browser && options.profiles.includes('slow-phone')) {
      const clock = await sit(browser, klass, slow.cookie, prepared.examId, profile('slow-phone'), options.clips, 1);
      figures.slowPhone = phoneSitting(clock, options.clips, 1);
    }
  } finally {
    await browser?.close();
  }
  figures.scenarioSeconds = Math.round((performance.now() - began) / 1000);
  return figures;
}

// --- Printing --------------------------------------------------------------------------------

const mb = (bytes: number) => (bytes / 1e6).toLocaleString('es-AR', { maximumFractionDigits: 2 });
const sec = (ms: number) => (ms / 1000).toLocaleString('es-AR', { maximumFractionDigits: 1 });

export function printClips(figures: ClipScenarioFigures) {
  const { clips, phone, slowPhone } = figures;
  const per10s = (bytes: number) => (bytes * 10) / figures.clipSeconds;
  const within = clips.filter((clip) => clip.withinBudget).length;
  const frames = [
    phone && `${Math.round(phone.verToFrameMs.median)} ms (teléfono, p50)`,
    slowPhone && `${Math.round(slowPhone.verToFrameMs.median)} ms (teléfono lento, la primera)`,
  ];
  const enabled = [
    phone && `${Math.round(phone.firstLoadMs)} ms (teléfono)`,
    slowPhone && `${Math.round(slowPhone.firstLoadMs)} ms (teléfono lento)`,
  ];
  console.log(
    `Clips de examen (${figures.source}; ${clips.length} de ${figures.clipSeconds} s): ` +
      `original ${mb(per10s(median(clips.map((c) => c.originalBytes))))} MB → servido ${mb(median(clips.map((c) => c.servedPer10sBytes)))} MB por 10 s` +
      `; ≤ ${mb(CLIP_BUDGET_BYTES_PER_10_SECONDS)} MB por 10 s: ${within} de ${clips.length}; copias listas ${sec(figures.renditionsSeconds * 1000)} s después de guardar` +
      (phone || slowPhone ? `; «Ver» habilitado tras «Comenzar examen» en ${enabled.filter(Boolean).join(', ')}` : '') +
      (phone || slowPhone ? `; de «Ver» al primer cuadro visible ${frames.filter(Boolean).join(', ')}` : '') +
      (phone ? `, que ya es el ms ${Math.round(phone.firstShownMediaMs.median)} del clip` : '') +
      ` (escenario: ${figures.scenarioSeconds} s)`,
  );
  console.table(
    Object.fromEntries(
      clips.map((clip) => [
        `jugada ${clip.jugada}`,
        {
          'original MB': mb(clip.originalBytes),
          'servido MB': mb(clip.servedBytes),
          'servido / original': clip.ratio.toLocaleString('es-AR', { maximumFractionDigits: 2 }),
          'servido MB por 10 s': mb(clip.servedPer10sBytes),
          [`≤ ${mb(CLIP_BUDGET_BYTES_PER_10_SECONDS)} MB por 10 s`]: clip.withinBudget ? 'sí' : 'NO',
        },
      ]),
    ),
  );
  if (phone) printSitting(phone);
}

/** The phone's exam, clip by clip in its order: 'Ver' to the frame shown, the first decoded and playing. */
function printSitting(phone: PhoneSitting) {
  console.log('El examen en el teléfono, en su orden (reloj de la página):');
  console.table(
    Object.fromEntries(
      phone.verToFrameMs.all.map((frameMs, i) => [
        `${i + 1}.ª`,
        {
          '«Ver» → cuadro visible ms': Math.round(frameMs),
          'se ve desde ms del clip': Math.round(phone.firstShownMediaMs.all[i]!),
          '«Ver» → primer cuadro ms': Math.round(phone.verToDecodedFrameMs.all[i]!),
          '«Ver» → playing ms': Math.round(phone.verToPlayingMs.all[i]!),
        },
      ]),
    ),
  );
}
