import { describe, expect, it } from 'vitest';
import { firstPaintRendition, pickRendition, savesData, type Environment } from './quality.ts';

const renditions = [240, 360, 720].map((height) => ({ height, url: `/api/modules/m/video/${height}`, size: height * 1000 }));
const phone: Environment = { connection: { effectiveType: '4g', downlink: 10 }, screenPixels: 800 * 3 };
const env = (overrides: Partial<Environment>): Environment => ({ ...phone, ...overrides });

describe('the rendition a player picks', () => {
  it('takes the smallest for “Ahorro de datos” and the largest for “Alta”, whatever the connection', () => {
    expect(pickRendition(renditions, 'saver', phone)?.height).toBe(240);
    expect(pickRendition(renditions, 'high', env({ connection: { saveData: true } }))?.height).toBe(720);
  });

  it('saves data automatically when asked to or on a slow connection', () => {
    for (const connection of [{ saveData: true }, { effectiveType: '2g' }, { effectiveType: '3g' }, { downlink: 1.2 }]) {
      expect(savesData(connection)).toBe(true);
      expect(pickRendition(renditions, 'auto', env({ connection }))?.height).toBe(240);
    }
    expect(savesData(undefined)).toBe(false);
    expect(savesData({ effectiveType: '4g', downlink: 1.5 })).toBe(false);
  });

  it('otherwise takes the largest no taller than the screen’s pixels, at most 720p', () => {
    expect(pickRendition(renditions, 'auto', phone)?.height).toBe(720);
    expect(pickRendition(renditions, 'auto', env({ screenPixels: 500 }))?.height).toBe(360);
    expect(pickRendition(renditions, 'auto', env({ screenPixels: 200 }))?.height).toBe(240);
    // No Network Information API (Safari, Firefox): the screen decides.
    expect(pickRendition(renditions, 'auto', env({ connection: undefined, screenPixels: 1080 }))?.height).toBe(720);
  });

  it('plays the original while there are no renditions; the server’s first paint takes the one nearest 360p', () => {
    expect(pickRendition([], 'auto', phone)).toBeNull();
    expect(firstPaintRendition(renditions)?.height).toBe(360);
    expect(firstPaintRendition(renditions.slice(0, 1))?.height).toBe(240);
    expect(firstPaintRendition([])).toBeNull();
  });
});
