// Running ffmpeg for an uploaded video: reading what the file holds, making its renditions in one
// pass (one decode, one encoder per height) with its progress, and its poster. ffmpeg runs on one
// thread and, by default, only on a core nothing else wants (FFMPEG_PRIORITY), so requests are
// not kept waiting.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

/** The renditions' heights, smallest first; each with its caps (video and sound, bits per second). */
export const RENDITION_LADDER = [
  // 'Ahorro de datos': ≤ 2.5 MB per minute with its sound (250 + 48 kbit/s, about 2.2 MB).
  { height: 240, videoRate: 250_000, audioRate: 48_000, channels: 1 },
  { height: 360, videoRate: 800_000, audioRate: 64_000, channels: 1 },
  { height: 720, videoRate: 2_000_000, audioRate: 96_000, channels: 2 },
] as const;

export type Rung = { height: number; videoRate: number; audioRate: number; channels: number };

/** ffmpeg could not do it: not installed (`missing`), or it failed on this file. */
export class FfmpegError extends Error {
  readonly missing: boolean;
  /** The signal that ended ffmpeg (a crash, the system killing it, its timeout): null when it exited on its own, saying why. */
  readonly killedBy: NodeJS.Signals | null;
  constructor(message: string, missing = false, killedBy: NodeJS.Signals | null = null) {
    super(message);
    this.missing = missing;
    this.killedBy = killedBy;
  }
}

/** What ffmpeg reads of a file: its picture's displayed height and its length (null when it does not say). */
export interface Probe {
  height: number;
  durationSeconds: number | null;
}

/**
 * The heights to make for a source `height` high: those of the ladder not taller than it (never
 * enlarged); a source shorter than the smallest gets one rendition at its own (even) height.
 */
export function heightsFor(height: number): Rung[] {
  const fitting = RENDITION_LADDER.filter((rung) => rung.height <= height);
  if (fitting.length > 0) return [...fitting];
  return [{ ...RENDITION_LADDER[0], height: Math.max(2, Math.floor(height / 2) * 2) }];
}

/**
 * Reads ffmpeg's description of its input (ffmpeg alone, without ffprobe: FFMPEG_PATH is the one
 * command configured). A phone's portrait recording stores its rotation apart: the picture shown
 * is then as high as the stored one is wide. Null when the file has no picture ffmpeg can read.
 */
export function parseProbe(stderr: string): Probe | null {
  const stream = /Stream #\d+:\d+[^\n]*: Video: [^\n]*?, (\d{2,5})x(\d{2,5})/.exec(stderr);
  if (!stream || /moov atom not found|Invalid data found/i.test(stderr)) return null;
  const [width, height] = [Number(stream[1]), Number(stream[2])];
  const rotated = /rotation of -?(90|270)\.00 degrees|rotate\s*:\s*-?(90|270)\b/.test(stderr);
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const durationSeconds = duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : null;
  return { height: rotated ? width : height, durationSeconds: durationSeconds && durationSeconds > 0 ? durationSeconds : null };
}

const base = ['-hide_banner', '-nostdin', '-filter_threads', '1', '-threads', '1'];

/** ffmpeg's arguments to describe `input` (it then exits with an error: no output was asked). */
export const probeArgs = (input: string) => [...base, '-i', input];

/**
 * ffmpeg's arguments for the renditions of `input`, one output per rung (`outputs[i]`), decoded
 * once. Each is scaled to its height (kept even for yuv420p), its bitrate capped, its frames keep
 * their own times (`vfr`: a jugada's start and end seconds are the same moments in every copy),
 * and its index goes first (fast start), so a phone starts playing at once. Progress goes to stdout.
 */
export function renditionArgs(input: string, rungs: Rung[], outputs: string[]): string[] {
  const split = rungs.length > 1 ? `[0:v:0]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')};` : '';
  const scales = rungs.map((rung, i) => `[${rungs.length > 1 ? `s${i}` : '0:v:0'}]scale=-2:${rung.height}[v${i}]`).join(';');
  const args = [...base, '-loglevel', 'error', '-nostats', '-progress', 'pipe:1', '-i', input, '-filter_complex', split + scales];
  rungs.forEach((rung, i) => {
    const rate = (bits: number) => `${Math.round(bits / 1000)}k`;
    args.push(
      ...['-map', `[v${i}]`, '-map', '0:a:0?', '-sn', '-dn', '-fps_mode', 'vfr'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-pix_fmt', 'yuv420p'],
      ...['-maxrate', rate(rung.videoRate), '-bufsize', rate(rung.videoRate * 2)],
      ...['-c:a', 'aac', '-b:a', rate(rung.audioRate), '-ac', String(rung.channels)],
      ...['-threads', '1', '-movflags', '+faststart', '-f', 'mp4', '-y', outputs[i]!],
    );
  });
  return args;
}

/** ffmpeg's arguments for the poster: the frame at `atSeconds` (0: the first), at most 720 high, as a JPEG. */
export function posterArgs(input: string, output: string, atSeconds: number, maxHeight = 720, quality = 4): string[] {
  return [
    ...base,
    '-loglevel',
    'error',
    ...(atSeconds > 0 ? ['-ss', String(atSeconds)] : []),
    ...[
      '-i',
      input,
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-vf',
      `scale=-2:'min(${maxHeight},trunc(ih/2)*2)'`,
      '-q:v',
      String(quality),
      '-f',
      'image2',
    ],
    ...['-y', output],
  ];
}

/**
 * How ffmpeg shares the processor with the app (FFMPEG_PRIORITY):
 * - `idle`, the default: the idle scheduling class where the system has `chrt` (Linux), else the
 *   lowest nice: a core only when nothing else wants one, given back the moment a request needs it
 *   (at the lowest nice it still took its turn, and a module page on the phone took 577 ms instead
 *   of 365 while a match converted);
 * - `low`, the lowest nice (19): a small share even while the server is busy, for a server that is
 *   never idle (in the idle class its conversions would wait for ever);
 * - `normal`, as the app: for a machine that only converts (`npm run worker` on its own), and for
 *   the tests, whose time must not depend on what else the machine runs.
 */
export const FFMPEG_PRIORITIES = ['idle', 'low', 'normal'] as const;
export type FfmpegPriority = (typeof FFMPEG_PRIORITIES)[number];

/** How a job runs ffmpeg: the command (FFMPEG_PATH) and its share of the processor (FFMPEG_PRIORITY; `idle` when not given). */
export interface FfmpegSettings {
  ffmpegPath: string;
  ffmpegPriority?: FfmpegPriority;
}

export interface RunOptions {
  signal: AbortSignal;
  timeoutMs: number;
  /** Each line ffmpeg writes to stdout (`-progress pipe:1`). */
  onLine?: (line: string) => void;
  /** A non-zero exit is expected (describing a file): resolves with stderr anyway. */
  anyExit?: boolean;
  /**
   * The most address space ffmpeg may take (the shell's `ulimit -v`): a crafted file that asks for
   * huge frames fails to allocate instead of taking the server's memory.
   */
  memoryLimitBytes?: number;
  /** FFMPEG_PRIORITY; `idle` when not given. */
  priority?: FfmpegPriority;
}

/** The shell's exit when the command it was to run is not there (127) or cannot be run (126). */
const COMMAND_NOT_FOUND = new Set([126, 127]);

/**
 * The shell that becomes ffmpeg (exec: the same process, priority and signals) after setting its
 * limits: the address space (`ulimit -v`), and for `idle` the idle scheduling class where the
 * system has `chrt`.
 */
export function ffmpegShell(kilobytes: number | null, priority: FfmpegPriority): string {
  const limit = kilobytes === null ? '' : `ulimit -v ${kilobytes} || exit 1; `;
  const idle = priority === 'idle' ? 'if chrt --idle 0 true 2>/dev/null; then exec chrt --idle 0 "$0" "$@"; fi; ' : '';
  return `${limit}${idle}exec "$0" "$@"`;
}

/** Runs ffmpeg at its priority (FFMPEG_PRIORITY); stopped (SIGKILL) by `signal` or after the timeout. Resolves with its stderr. */
export function runFfmpeg(command: string, args: string[], options: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const kilobytes = options.memoryLimitBytes === undefined ? null : Math.floor(options.memoryLimitBytes / 1024);
    const priority = options.priority ?? 'idle';
    const child = spawn('/bin/sh', ['-c', ffmpegShell(kilobytes, priority), command, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: options.signal,
      timeout: options.timeoutMs,
      killSignal: 'SIGKILL',
    });
    let stderr = '';
    let pending = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-8000)));
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onLine?.(line.trim());
    });
    if (child.pid !== undefined && priority !== 'normal') {
      try {
        setPriority(child.pid, 19);
      } catch {
        // Not allowed here: it still runs on one thread.
      }
    }
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EACCES') reject(new FfmpegError(`no se encontró ${command}`, true));
      else reject(error);
    });
    child.once('close', (code, killedBy) => {
      if (code !== null && COMMAND_NOT_FOUND.has(code)) reject(new FfmpegError(`no se encontró ${command}`, true));
      else if (code === 0 || (options.anyExit && code !== null)) resolve(stderr);
      else reject(new FfmpegError(stderr.trim() || `${command} terminó con ${code ?? killedBy}`, false, killedBy));
    });
  });
}

/** Seconds done, from one line of `-progress` (`out_time_us=…`; `out_time_ms` is microseconds too); null for other lines. */
export function progressSeconds(line: string): number | null {
  const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line);
  return match ? Number(match[1]) / 1_000_000 : null;
}

/** Whether `command` runs as ffmpeg (checked once at the server's start, for a clear line in its log). */
export async function ffmpegRuns(command: string): Promise<boolean> {
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(command, ['-hide_banner', '-version'], { stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('close', (code) => (code === 0 ? resolve(text) : reject(new Error(String(code)))));
    });
    return /ffmpeg version/i.test(out);
  } catch {
    return false;
  }
}
