// Short video clips for the sample course's jugadas, drawn by ffmpeg (Debian's package) from
// its test sources: nothing is downloaded and the repository ships no binaries.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface SampleClip {
  /** Drawn at the top of the clip (no quotes, colons or commas: they are ffmpeg syntax). */
  title: string;
  /** Seconds into the clip when the infraction happens: the frame flashes and a tone sounds. */
  moment: number;
  /** Horizontal position of the attacker (red) and the defender (yellow), ffmpeg expressions of t. */
  attacker: string;
  defender: string;
}

const SECONDS = 6;
const WIDTH = 426;
const HEIGHT = 240;

/** Thrown when the ffmpeg command is not installed (or not on PATH). */
export class FfmpegMissing extends Error {}

function run(command: string, args: string[]) {
  return new Promise<void>((resolve, reject) => {
    execFile(command, args, { timeout: 30_000 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return reject(new FfmpegMissing(command));
      reject(new Error(`${command}: ${stderr.trim() || error.message}`));
    });
  });
}

/**
 * A 6-second 426×240 MP4 (H.264 and AAC, playable on phones) of a court with two players
 * moving as described, a running clock in tenths and, at the moment, a white flash and a tone.
 * About 30 KB and under a second of work.
 */
export async function makeSampleClip(clip: SampleClip, ffmpeg = 'ffmpeg'): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'aula-clip-'));
  const file = path.join(dir, 'clip.mp4');
  const flash = `between(t,${clip.moment},${clip.moment + 0.4})`;
  const graph = [
    `[0:v]drawbox=x=0:y=200:w=iw:h=3:color=white:t=fill,drawbox=x=iw-14:y=80:w=6:h=90:color=white:t=fill[court]`,
    `[court][1:v]overlay=x='${clip.attacker}':y=120[a]`,
    `[a][2:v]overlay=x='${clip.defender}':y=115[b]`,
    `[b]drawbox=x=0:y=0:w=iw:h=ih:color=white:t=10:enable='${flash}',` +
      `drawtext=text='${clip.title}':fontsize=18:fontcolor=white:x=12:y=10,` +
      `drawtext=text='%{eif\\:t\\:d}\\,%{eif\\:mod(t*10\\,10)\\:d} s':fontsize=16:fontcolor=white:x=w-tw-12:y=h-th-10[v]`,
    `[3:a]volume='if(between(t,${clip.moment},${clip.moment + 0.3}),0.5,0)':eval=frame[sound]`,
  ].join(';');
  const source = (spec: string) => ['-f', 'lavfi', '-i', `${spec}:r=25:d=${SECONDS}`];
  try {
    await run(ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      ...source(`color=c=0x1f5f99:s=${WIDTH}x${HEIGHT}`),
      ...source('color=c=0xd32f2f:s=26x50'),
      ...source('color=c=0xfbc02d:s=26x55'),
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=1000:duration=${SECONDS}`,
      '-filter_complex',
      graph,
      '-map',
      '[v]',
      '-map',
      '[sound]',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '30',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '48k',
      '-movflags',
      '+faststart',
      '-shortest',
      '-y',
      file,
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
