// The benchmark's video exam on a phone: what a clip costs a trainee on mobile data. Three clips
// made here with Debian's ffmpeg (1280×720 with sound, the worst case for the light copy: grain
// the encoder cannot smooth away) are uploaded as the admin and saved as jugadas for 'Examen'; the
// app's worker makes their 360p copies. A trainee's attempt, through the API, waits until each
// clip is served lighter than its original and notes both sizes. Then in Debian's Chromium with
// the phone's network (bench-browser.ts's profiles) a trainee sits the exam: the wait for the
// first clip to load (the client loads a clip whole before 'Ver' is enabled, and the next one at
// the same time), the time from 'Ver' to the first frame on screen, and whether the next clip
// was loaded before the clip being answered closed its window. The clock is the page's own.
import { execFile } from 'node:child_process';
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
/** The slow phone loads two clips at once at 50 kB/s: well over a minute would be a fault, not a figure. */
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
  originalBytes: number;
  servedBytes: number;
  /** Served over original. */
  ratio: number;
  servedPer10sBytes: number;
  withinBudget: boolean;
}

const stat = (all: number[]) => ({ median: median(all), all });

export interface PhoneSitting {
  /** 'Comenzar examen' → the first clip's 'Ver' enabled (its file loaded whole, with the next one loading alongside). */
  firstLoadMs: number;
  /** 'Ver' → the first frame shown (the video stays hidden until the server's answer to 'Ver' arrives). */
  verToFrameMs: ReturnType<typeof stat>;
  /** 'Ver' → the first frame the video presented, shown or not yet. */
  verToDecodedFrameMs: ReturnType<typeof stat>;
  /** 'Ver' → the video's `playing` event. */
  verToPlayingMs: ReturnType<typeof stat>;
  /** Each next clip, answered right after its viewing: 'Ver' of the one before → its 'Ver' enabled, and → its file loaded. */
  next: Array<{ verToNextVerMs: number; answerToNextVerMs: number; nextLoadedAfterVerMs: number; windowMs: number; inTime: boolean }>;
}

export interface ClipScenarioFigures {
  source: string;
  clipSeconds: number;
  clips: ClipBytes[];
  /** From the last jugada saved to every copy served. */
  renditionsSeconds: number;
  phone: PhoneSitting | null;
  slowPhone: { firstLoadMs: number } | null;
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

/** Made once per run: both databases upload the same files. */
const made = new Map<string, Promise<Buffer[]>>();

function makeClips(count: number, seconds: number): Promise<Buffer[]> {
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

async function api<T = Record<string, unknown>>(klass: ExamClass, method: string, url: string, cookie: string, body?: unknown) {
  const form = body instanceof FormData;
  const response = await fetch(klass.base() + url, {
    method,
    headers: { cookie, origin: klass.base(), ...(body === undefined || form ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

interface Prepared {
  examId: string;
  /** Each clip's original size, by the jugada's prompt. */
  originals: Map<string, number>;
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
  const originals = new Map<string, number>();
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
    originals.set(prompt, video.size);
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

/** The clip route's file: its Content-Length, and (`whole`) its bytes counted. */
async function servedSize(klass: ExamClass, cookie: string, url: string, whole: boolean) {
  const response = await fetch(klass.base() + url, { headers: { cookie }, signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  const length = Number(response.headers.get('content-length'));
  if (!whole) {
    await response.body?.cancel();
    return length;
  }
  const bytes = (await response.arrayBuffer()).byteLength;
  if (bytes !== length) throw new Error(`GET ${url}: Content-Length ${length}, ${bytes} bytes`);
  return bytes;
}

/**
 * A trainee's attempt, clip by clip: waits until the clip is served lighter than its original (its
 * copy made), notes both sizes, then watches and answers it to reach the next (only the clip on
 * screen and the next are served).
 */
async function servedClips(klass: ExamClass, prepared: Prepared, cookie: string, seconds: number) {
  const { attempt } = await api<{ attempt: { id: string; clips: Array<{ position: number; prompt: string }> } }>(
    klass,
    'POST',
    `/api/exams/${prepared.examId}/attempts`,
    cookie,
  );
  const until = performance.now() + RENDITIONS_TIMEOUT_MS;
  const clips: ClipBytes[] = [];
  let lastReady = 0;
  for (const clip of attempt.clips) {
    const url = `/api/attempts/${attempt.id}/clips/${clip.position}`;
    const originalBytes = prepared.originals.get(clip.prompt)!;
    while ((await servedSize(klass, cookie, `${url}/video`, false)) >= originalBytes) {
      if (performance.now() > until)
        throw new Error(
          `Las copias livianas de los clips no estuvieron en ${RENDITIONS_TIMEOUT_MS / 1000} s: ` +
            '¿está ffmpeg (FFMPEG_PATH) y VIDEO_RENDITIONS encendido en la app?',
        );
      await sleep(250);
    }
    lastReady = performance.now();
    const servedBytes = await servedSize(klass, cookie, `${url}/video`, true);
    const servedPer10sBytes = (servedBytes * 10) / seconds;
    clips.push({
      originalBytes,
      servedBytes,
      ratio: servedBytes / originalBytes,
      servedPer10sBytes,
      withinBudget: servedPer10sBytes <= CLIP_BUDGET_BYTES_PER_10_SECONDS,
    });
    await api(klass, 'POST', `${url}/views`, cookie);
    await api(klass, 'PUT', `${url}/answer`, cookie, { decisionId: prepared.decisionId, sanctionId: prepared.sanctionId, moment: null });
  }
  return { clips, renditionsSeconds: (lastReady - prepared.savedAt) / 1000 };
}
