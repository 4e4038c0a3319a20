import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from './video-duration.ts';

describe("a module video's 'Duración (mm:ss)'", () => {
  it('reads minutes and seconds, and hours when given', () => {
    expect(parseDuration('3:25')).toBe(205);
    expect(parseDuration(' 03:25 ')).toBe(205);
    expect(parseDuration('0:10')).toBe(10);
    expect(parseDuration('1:02:05')).toBe(3725);
    expect(parseDuration('90:00')).toBe(5400);
    expect(parseDuration('24:00:00')).toBe(86_400);
  });

  it('refuses what is not a length a module video can have', () => {
    for (const text of ['', '3', '3:5', '3:60', '1:60:00', '0:09', '0:00', '24:00:01', 'tres minutos', '-1:00', '3,25'])
      expect(parseDuration(text), text).toBeUndefined();
  });

  it('writes whole seconds back as the instructor types them', () => {
    expect(formatDuration(205)).toBe('3:25');
    expect(formatDuration(9.6)).toBe('0:10');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(parseDuration(formatDuration(212.4))).toBe(212);
  });
});
