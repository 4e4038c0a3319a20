// A match's adaptive streaming: one ffmpeg pass (one decode, one encoder per rung) makes an HLS
// ladder of 240p/360p/720p (never taller than the source) and a poster. Each rung is ONE fragmented
// MP4 file and its playlist names byte ranges of it (`single_file`): a 2-hour match is a handful of
// stored objects, not thousands of segments, and every one of them is served with Range like any
// other file. A player asks only the ranges it plays: starting or jumping costs a few seconds' bytes.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  heightsFor,
  parseProbe,
  posterArgs,
  probeArgs,
  progressSeconds,
  runFfmpeg,
  type FfmpegPriority,
  type Rung,
} from '../videos/ffmpeg.ts';

/**
 * Seconds per segment: a keyframe is forced at each boundary, so a jump lands within one. Two: the
 * first piece a phone needs before the video moves (and after a jump) is half as many bytes as
 * with four (75 kB of the 240p rung, 0.4 s at 1.6 Mbit/s), for a few percent more of file.
 */
export const SEGMENT_SECONDS = 2;
/** ffmpeg's address space: enough to decode a phone's 4K and encode three rungs, not to take the machine. */
export const FFMPEG_MEMORY_BYTES = 2 * 1024 ** 3;
/** ffmpeg is stopped after this plus a few times the match's length (a stuck file must not hold a worker). */
const BASE_TIMEOUT_MS = 20 * 60_000;

/** What ffmpeg reads of a match file. */
export interface MatchProbe {
  height: number;
  durationSeconds: number | null;
  /** Whether it has sound (a phone's has; a camera's may not). */
  audio: boolean;
  /** Frames per second of the picture, for frame-by-frame review; null when ffmpeg does not say. */
  fps: number | null;
}

/** ffmpeg's description of a file (its stderr after `probeArgs`); null when it holds no picture ffmpeg can read. */
export function parseMatchProbe(stderr: string): MatchProbe | null {
  const picture = parseProbe(stderr);
  if (!picture) return null;
  const audio = /Stream #\d+:\d+[^\n]*: Audio: /.test(stderr);
  const rate = /Stream #\d+:\d+[^\n]*: Video: [^\n]*?, (\d+(?:\.\d+)?) fps/.exec(stderr);
  const fps = rate ? Number(rate[1]) : null;
  return { ...picture, audio, fps: fps && fps > 0 && fps <= 240 ? fps : null };
}

/** A file of the ladder: its name in the playlists (and the files route), its type. */
export interface HlsFile {
  name: string;
  path: string;
  contentType: string;
  size: number;
}

export const HLS_MASTER = 'master.m3u8';
export const POSTER = 'poster.jpg';
/** The poster's height at most (the source's if smaller). */
export const POSTER_HEIGHT = 360;
export const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

/**
 * ffmpeg's arguments for the ladder of `input` into `dir`: per rung `<height>.m3u8` and
 * `<height>.mp4`, and `master.m3u8` naming them. Keyframes every SEGMENT_SECONDS whatever the
 * frame rate, each rung's bitrate capped as the module videos' ladder, sound per rung (mono on the
 * small ones) when the source has it. Progress goes to stdout.
 */
export function hlsArgs(input: string, rungs: Rung[], dir: string, audio: boolean): string[] {
  const split = rungs.length > 1 ? `[0:v:0]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')};` : '';
  const scales = rungs.map((rung, i) => `[${rungs.length > 1 ? `s${i}` : '0:v:0'}]scale=-2:${rung.height}[v${i}]`).join(';');
  const rate = (bits: number) => `${Math.round(bits / 1000)}k`;
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1', '-filter_threads', '1'];
  args.push('-threads', '2', '-i', input, '-filter_complex', split + scales);
  rungs.forEach((rung, i) => {
    args.push('-map', `[v${i}]`, ...(audio ? ['-map', '0:a:0'] : []));
    args.push(`-maxrate:v:${i}`, rate(rung.videoRate), `-bufsize:v:${i}`, rate(rung.videoRate * 2));
    if (audio) args.push(`-b:a:${i}`, rate(rung.audioRate), `-ac:a:${i}`, String(rung.channels));
  });
  args.push('-sn', '-dn', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-pix_fmt', 'yuv420p', '-threads', '2');
  args.push('-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0');
  if (audio) args.push('-c:a', 'aac');
  const streams = rungs.map((rung, i) => `v:${i}${audio ? `,a:${i}` : ''},name:${rung.height}`).join(' ');
  args.push(...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4']);
  args.push(...['-hls_flags', 'single_file+independent_segments', '-var_stream_map', streams, '-master_pl_name', HLS_MASTER]);
  args.push('-hls_segment_filename', path.join(dir, '%v.mp4'), '-y', path.join(dir, '%v.m3u8'));
  return args;
}

export interface HlsOptions {
  ffmpegPath: string;
  /** FFMPEG_PRIORITY; `idle` when not given. */
  priority?: FfmpegPriority;
  /** The original, on local disk. */
  input: string;
  /** An empty folder for what ffmpeg writes. */
  dir: string;
  signal: AbortSignal;
  /** Whole percents as ffmpeg goes (0–99), at most one call per percent. */
  onProgress?: (percent: number) => void;
}

export interface HlsResult {
  probe: MatchProbe;
  rungs: number[];
  /** The master playlist, each rung's playlist and media file, and the poster. */
  files: HlsFile[];
}

/** The file is not a video ffmpeg can read (a crafted or broken file): nothing to convert. */
export class NotAVideoError extends Error {}

/** Makes the ladder and the poster of `input`; throws `NotAVideoError` or ffmpeg's `FfmpegError`. */
export async function makeHls(options: HlsOptions): Promise<HlsResult> {
  const { ffmpegPath, input, dir, signal } = options;
  const limits = { signal, memoryLimitBytes: FFMPEG_MEMORY_BYTES, priority: options.priority };
  const probe = parseMatchProbe(await runFfmpeg(ffmpegPath, probeArgs(input), { ...limits, timeoutMs: 60_000, anyExit: true }));
  if (!probe) throw new NotAVideoError('ffmpeg no encontró una imagen que pueda leer');
  const rungs = heightsFor(probe.height);
  const duration = probe.durationSeconds;
  let last = -1;
  await runFfmpeg(ffmpegPath, hlsArgs(input, rungs, dir, probe.audio), {
    ...limits,
    timeoutMs: Math.round(BASE_TIMEOUT_MS + 4 * 1000 * (duration ?? 0)),
    onLine: (line) => {
      const done = progressSeconds(line);
      if (done === null || !duration) return;
      const percent = Math.min(99, Math.max(0, Math.floor((done / duration) * 100)));
      if (percent > last) {
        last = percent;
        options.onProgress?.(percent);
      }
    },
  });
  const poster = path.join(dir, POSTER);
  // A frame a few seconds in: past a fade, and a match's first second is often the phone being aimed.
  // 360p and lighter than a module's: it shows for the second before the video and in the list,
  // and on a phone it is fetched beside the first seconds of video (720p took 135 kB of them).
  const at = (duration ?? 0) > 10 ? 5 : 0;
  await runFfmpeg(ffmpegPath, posterArgs(input, poster, at, POSTER_HEIGHT, 6), { ...limits, timeoutMs: 60_000 });
  const named: Array<[string, string]> = [[HLS_MASTER, PLAYLIST_TYPE]];
  for (const rung of rungs) named.push([`${rung.height}.m3u8`, PLAYLIST_TYPE], [`${rung.height}.mp4`, 'video/mp4']);
  named.push([POSTER, 'image/jpeg']);
  const files = await Promise.all(
    named.map(async ([name, contentType]) => {
      const file = path.join(dir, name);
      return { name, path: file, contentType, size: (await stat(file)).size };
    }),
  );
  return { probe, rungs: rungs.map((rung) => rung.height), files };
}
