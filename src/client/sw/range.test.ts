import { describe, expect, it } from 'vitest';
import { parseRange, partialResponse } from './range.ts';

describe('ranges of a downloaded file', () => {
  it('reads the forms a player sends', () => {
    expect(parseRange('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBeNull();
    expect(parseRange('bytes=5-2', 100)).toBeNull();
    expect(parseRange('bytes=-', 100)).toBeNull();
    expect(parseRange('bytes=0-1,4-5', 100)).toBeNull();
  });

  it('answers 206 with the bytes asked, the whole file without a range, 416 outside it', async () => {
    const stored = () =>
      new Response(new Uint8Array(Array.from({ length: 100 }, (_, i) => i)), { headers: { 'content-type': 'video/mp4' } });
    const ask = (range?: string) => new Request('https://aula.example/api/modules/m/video', range ? { headers: { range } } : {});

    const part = await partialResponse(ask('bytes=10-19'), stored());
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 10-19/100');
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);

    expect((await partialResponse(ask(), stored())).status).toBe(200);
    const outside = await partialResponse(ask('bytes=200-'), stored());
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe('bytes */100');
  });
});
