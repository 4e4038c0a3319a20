// A match's adaptive streaming, made by Debian's ffmpeg from a 10-minute video made in the test:
// the ladder stops at the source's height, each rung is one fragmented MP4 whose playlist names
// 2-second byte ranges covering the whole match, the master playlist names each rung, and a file
// that is not a video is refused before anything is made.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HLS_MASTER, makeHls, NotAVideoError, POSTER, POSTER_HEIGHT, SEGMENT_SECONDS } from '../../src/server/matches/hls.ts';

const run = promisify(execFile);
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'aula-match-hls-'));
});
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/**
 * A test picture with a tone, `seconds` long and `height` high (16:9), as small and quick to make
 * as ffmpeg allows: `rate` frames a second (the ladder's work is per frame; its segments per second).
 */
async function testVideo(name: string, seconds: number, height: number, rate: number): Promise<string> {
  const file = path.join(work, name);
  const width = Math.round((height * 16) / 9 / 2) * 2;
  await run('ffmpeg', [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=${width}x${height}:rate=${rate}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-shortest', '-y', file],
  ]);
  return file;
}

interface Segment {
  seconds: number;
  length: number;
  offset: number;
}

/** A rung's playlist read back: its init range and each segment's length in seconds and its bytes. */
function readPlaylist(text: string) {
  const lines = text.split('\n').map((line) => line.trim());
  const map = /#EXT-X-MAP:URI="([^"]+)",BYTERANGE="(\d+)@(\d+)"/.exec(text);
  const segments: Segment[] = [];
  const uris = new Set<string>();
  for (const [i, line] of lines.entries()) {
    const inf = /^#EXTINF:([\d.]+),/.exec(line);
    if (!inf) continue;
    const range = /^#EXT-X-BYTERANGE:(\d+)@(\d+)$/.exec(lines[i + 1]!);
    expect(range, 'each segment names its byte range').not.toBeNull();
    uris.add(lines[i + 2]!);
    segments.push({ seconds: Number(inf[1]), length: Number(range![1]), offset: Number(range![2]) });
  }
  return {
    map: map ? { uri: map[1]!, length: Number(map[2]), offset: Number(map[3]) } : null,
    segments,
    uris,
    vod: text.includes('#EXT-X-ENDLIST'),
  };
}

async function ffprobe(file: string) {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,height:format=duration',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(stdout) as { streams: Array<{ codec_type: string; height?: number }>; format: { duration: string } };
}

describe('the HLS ladder of a match', () => {
  it('makes 240p and 360p of a 10-minute 360p match, never 720p, each rung one file in 2-second ranges', async () => {
    // Four frames a second: ten minutes of segments, playlists and ranges at a fraction of a phone's 30.
    const input = await testVideo('ten-minutes.mp4', 600, 360, 4);
    const dir = path.join(work, 'ten');
    await mkdir(dir);
    const percents: number[] = [];
    const result = await makeHls({
      ffmpegPath: 'ffmpeg',
      priority: 'normal',
      input,
      dir,
      signal: new AbortController().signal,
      onProgress: (p) => percents.push(p),
    });

    expect(result.rungs).toEqual([240, 360]);
    expect(result.probe).toMatchObject({ height: 360, audio: true, fps: 4 });
    expect(result.probe.durationSeconds).toBeCloseTo(600, 0);
    expect(result.files.map((f) => f.name).sort()).toEqual(['240.m3u8', '240.mp4', '360.m3u8', '360.mp4', HLS_MASTER, POSTER].sort());
    // Progress went up as ffmpeg went, one call per percent, never 100 before the end.
    expect(percents.length).toBeGreaterThan(10);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(Math.max(...percents)).toBeLessThanOrEqual(99);

    const master = await readFile(path.join(dir, HLS_MASTER), 'utf8');
    const variants = [...master.matchAll(/#EXT-X-STREAM-INF:([^\n]+)\n([^\n]+)/g)].map((m) => ({ attrs: m[1]!, uri: m[2]!.trim() }));
    expect(variants.map((v) => v.uri)).toEqual(['240.m3u8', '360.m3u8']);
    expect(variants.map((v) => /RESOLUTION=\d+x(\d+)/.exec(v.attrs)?.[1])).toEqual(['240', '360']);
    expect(master).not.toContain('720');

    for (const height of [240, 360]) {
      const playlist = readPlaylist(await readFile(path.join(dir, `${height}.m3u8`), 'utf8'));
      const media = result.files.find((f) => f.name === `${height}.mp4`)!;
      expect(playlist.vod).toBe(true);
      expect(playlist.map).toMatchObject({ uri: `${height}.mp4`, offset: 0 });
      expect([...playlist.uris]).toEqual([`${height}.mp4`]);
      // The segments follow each other in the one file, from the end of its init to its last byte.
      let next = playlist.map!.length;
      for (const segment of playlist.segments) {
        expect(segment.offset).toBe(next);
        next += segment.length;
        expect(segment.seconds).toBeLessThanOrEqual(SEGMENT_SECONDS + 0.01);
      }
      expect(next).toBe(media.size);
      const total = playlist.segments.reduce((sum, s) => sum + s.seconds, 0);
      expect(total).toBeCloseTo(600, 0);
      expect(playlist.segments.length).toBeGreaterThanOrEqual(150);
      const info = await ffprobe(media.path);
      expect(info.streams.find((s) => s.codec_type === 'video')?.height).toBe(height);
      expect(info.streams.some((s) => s.codec_type === 'audio')).toBe(true);
    }
    // The small rung is the lighter one: what 'Ahorro de datos' keeps to.
    const size = (name: string) => result.files.find((f) => f.name === name)!.size;
    expect(size('240.mp4')).toBeLessThan(size('360.mp4'));
    expect(size(POSTER)).toBeGreaterThan(1000);
  }, 300_000);

  it('makes all three rungs of a 720p source, and one of its own height for a source under 240p; without sound, none', async () => {
    const hd = await testVideo('hd.mp4', 12, 720, 25);
    const hdDir = path.join(work, 'hd');
    await mkdir(hdDir);
    const result = await makeHls({ ffmpegPath: 'ffmpeg', priority: 'normal', input: hd, dir: hdDir, signal: new AbortController().signal });
    expect(result.rungs).toEqual([240, 360, 720]);
    expect((await ffprobe(path.join(hdDir, '720.mp4'))).streams.find((s) => s.codec_type === 'video')?.height).toBe(720);
    // The poster of a 720p match is 360p: it shows for a moment and must not slow the video's start on a phone.
    expect((await ffprobe(path.join(hdDir, POSTER))).streams[0]?.height).toBe(POSTER_HEIGHT);

    const tiny = path.join(work, 'tiny.mp4');
    await run('ffmpeg', [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=duration=6:size=320x180:rate=25',
      '-c:v',
      'libx264',
      '-y',
      tiny,
    ]);
    const tinyDir = path.join(work, 'tiny');
    await mkdir(tinyDir);
    const small = await makeHls({
      ffmpegPath: 'ffmpeg',
      priority: 'normal',
      input: tiny,
      dir: tinyDir,
      signal: new AbortController().signal,
    });
    expect(small.rungs).toEqual([180]);
    expect(small.probe.audio).toBe(false);
    const info = await ffprobe(path.join(tinyDir, '180.mp4'));
    expect(info.streams.map((s) => s.codec_type)).toEqual(['video']);
  }, 120_000);

  it('refuses a file that is not a video without making anything', async () => {
    const fake = path.join(work, 'not-a-video.mp4');
    await writeFile(fake, Buffer.from('%PDF-1.4 esto no es un partido\n'.repeat(200)));
    const dir = path.join(work, 'fake');
    await mkdir(dir);
    await expect(
      makeHls({ ffmpegPath: 'ffmpeg', priority: 'normal', input: fake, dir, signal: new AbortController().signal }),
    ).rejects.toBeInstanceOf(NotAVideoError);
  });
});
