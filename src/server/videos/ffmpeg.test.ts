// How ffmpeg shares the processor (FFMPEG_PRIORITY), read from the process itself: a stand-in for
// ffmpeg that reports its scheduling class and nice value from /proc (Linux) once it has started.
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegShell, runFfmpeg, type FfmpegPriority } from './ffmpeg.ts';

let work: string;
let reporter: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'aula-ffmpeg-'));
  reporter = path.join(work, 'ffmpeg');
  // Field 19 of /proc/PID/stat is the nice value, 41 the scheduling policy (5: SCHED_IDLE). The
  // wait lets the app set the nice value it sets right after starting the process.
  await writeFile(reporter, '#!/bin/sh\nsleep 0.3\nset -- $(cat /proc/$$/stat)\necho "nice=${19} policy=${41}" >&2\n');
  await chmod(reporter, 0o755);
});
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

const onLinux = existsSync('/proc/self/stat');
const withChrt = onLinux && ['/usr/bin/chrt', '/bin/chrt'].some((file) => existsSync(file));

async function scheduling(priority: FfmpegPriority | undefined) {
  const stderr = await runFfmpeg(reporter, [], { signal: new AbortController().signal, timeoutMs: 10_000, priority });
  const found = /nice=(-?\d+) policy=(\d+)/.exec(stderr);
  return { nice: Number(found?.[1]), idleClass: found?.[2] === '5' };
}

describe.runIf(onLinux)('FFMPEG_PRIORITY', () => {
  it.runIf(withChrt)('idle, the default: the idle scheduling class, at the lowest nice', async () => {
    expect(await scheduling(undefined)).toEqual({ nice: 19, idleClass: true });
    expect(await scheduling('idle')).toEqual({ nice: 19, idleClass: true });
  });

  it('low: the lowest nice, in the normal class', async () => {
    expect(await scheduling('low')).toEqual({ nice: 19, idleClass: false });
  });

  it('normal: as the app itself', async () => {
    const own = Number((await import('node:os')).getPriority());
    expect(await scheduling('normal')).toEqual({ nice: own, idleClass: false });
  });
});

describe('the shell that becomes ffmpeg', () => {
  it('sets the address-space limit first, and asks for the idle class only for idle', () => {
    expect(ffmpegShell(1024, 'idle')).toBe(
      'ulimit -v 1024 || exit 1; if chrt --idle 0 true 2>/dev/null; then exec chrt --idle 0 "$0" "$@"; fi; exec "$0" "$@"',
    );
    expect(ffmpegShell(null, 'low')).toBe('exec "$0" "$@"');
    expect(ffmpegShell(null, 'normal')).toBe('exec "$0" "$@"');
  });
});
