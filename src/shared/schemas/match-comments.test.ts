import { describe, expect, it } from 'vitest';
import { clockText, summarize } from './match-comments.ts';

describe('a match comment in words', () => {
  it('says a second of the match as the list and the timeline do', () => {
    expect(clockText(0)).toBe('0:00');
    expect(clockText(62.9)).toBe('1:02');
    expect(clockText(1421.4)).toBe('23:41');
    expect(clockText(3725)).toBe('1:02:05');
    expect(clockText(-3)).toBe('0:00');
  });

  it("sums 'Bien' and 'A mejorar' per criterion, in the criteria's order, only those that have any", () => {
    expect(
      summarize([
        { criterion: 'comunicacion', verdict: 'bien' },
        { criterion: 'ubicacion', verdict: 'a-mejorar' },
        { criterion: 'ubicacion', verdict: 'bien' },
        { criterion: 'ubicacion', verdict: 'a-mejorar' },
      ]),
    ).toEqual([
      { criterion: 'ubicacion', bien: 1, aMejorar: 2 },
      { criterion: 'comunicacion', bien: 1, aMejorar: 0 },
    ]);
    expect(summarize([])).toEqual([]);
  });
});
