import { describe, expect, it } from 'vitest';
import { readRungPlaylist } from '../match-review/clip.ts';
import { RENDITION_LADDER } from '../videos/ffmpeg.ts';
import { hlsArgs, parseMatchProbe } from './hls.ts';

const phoneProbe = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'partido.mp4':
  Duration: 01:31:02.48, start: 0.000000, bitrate: 6012 kb/s
  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709, progressive), 1920x1080, 5800 kb/s, 29.97 fps, 29.97 tbr, 90k tbn (default)
  Stream #0:1[0x2](und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo, fltp, 192 kb/s (default)`;

describe('reading a match with ffmpeg', () => {
  it('reads its height, length, frame rate and whether it has sound', () => {
    expect(parseMatchProbe(phoneProbe)).toEqual({ height: 1080, durationSeconds: 5462.48, audio: true, fps: 29.97 });
    const silent = phoneProbe.split('\n').slice(0, 3).join('\n');
    expect(parseMatchProbe(silent)).toMatchObject({ audio: false });
    expect(parseMatchProbe('moov atom not found\npartido.mp4: Invalid data found when processing input')).toBeNull();
  });
});

describe("the ladder's ffmpeg arguments", () => {
  it('map sound into every rung only when there is sound, one named stream per rung', () => {
    const rungs = [...RENDITION_LADDER];
    const withSound = hlsArgs('in.mp4', rungs, '/tmp/out', true);
    expect(withSound[withSound.indexOf('-var_stream_map') + 1]).toBe('v:0,a:0,name:240 v:1,a:1,name:360 v:2,a:2,name:720');
    expect(withSound.filter((arg) => arg === '0:a:0')).toHaveLength(3);
    const silent = hlsArgs('in.mp4', rungs.slice(0, 1), '/tmp/out', false);
    expect(silent[silent.indexOf('-var_stream_map') + 1]).toBe('v:0,name:240');
    expect(silent).not.toContain('0:a:0');
    expect(silent).not.toContain('-c:a');
  });
});

describe("a rung's playlist", () => {
  it('gives each segment its seconds from the start and its bytes', () => {
    const playlist = [
      '#EXTM3U',
      '#EXT-X-MAP:URI="360.mp4",BYTERANGE="826@0"',
      '#EXTINF:4.000000,',
      '#EXT-X-BYTERANGE:30862@826',
      '360.mp4',
      '#EXTINF:3.500000,',
      '#EXT-X-BYTERANGE:30396@31688',
      '360.mp4',
      '#EXT-X-ENDLIST',
    ].join('\n');
    expect(readRungPlaylist(playlist)).toEqual({
      init: { offset: 0, length: 826 },
      segments: [
        { start: 0, end: 4, offset: 826, length: 30862 },
        { start: 4, end: 7.5, offset: 31688, length: 30396 },
      ],
      duration: 7.5,
    });
    expect(readRungPlaylist('#EXTM3U\n')).toBeNull();
  });
});
