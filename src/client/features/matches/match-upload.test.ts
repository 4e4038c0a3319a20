import { describe, expect, it } from 'vitest';
import { looksLikeVideo } from './match-upload.ts';

const file = (bytes: number[], name: string) => new File([new Uint8Array([...bytes, ...new Array<number>(64).fill(0)])], name);

describe("what the phone checks before a match's upload starts", () => {
  it('takes what phones and cameras record, by content (MP4, MOV, 3GP: an ftyp box; WebM, MKV: EBML)', async () => {
    expect(await looksLikeVideo(file([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d], 'partido.mp4'))).toBe(true);
    expect(await looksLikeVideo(file([0, 0, 0, 0x14, 0x66, 0x74, 0x79, 0x70, 0x71, 0x74, 0x20, 0x20], 'IMG_0001.MOV'))).toBe(true);
    expect(await looksLikeVideo(file([0x1a, 0x45, 0xdf, 0xa3, 0x9f], 'grabacion.webm'))).toBe(true);
  });

  it('refuses anything else, whatever its name says', async () => {
    expect(await looksLikeVideo(file([0x25, 0x50, 0x44, 0x46], 'partido.mp4'))).toBe(false);
    expect(await looksLikeVideo(file([0xff, 0xd8, 0xff], 'foto.mov'))).toBe(false);
    expect(await looksLikeVideo(new File([], 'vacio.mp4'))).toBe(false);
  });
});
