import { describe, expect, it } from 'vitest';
import { bytesText, matchMessages } from './messages.ts';

describe('sizes and times as the upload says them', () => {
  it('reads sizes in KB, MB and GB with a decimal comma', () => {
    expect(bytesText(500)).toBe('0 KB');
    expect(bytesText(300 * 1024)).toBe('300 KB');
    expect(bytesText(1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(bytesText(850 * 1024 * 1024)).toBe('850 MB');
    expect(bytesText(12.4 * 1024 ** 3)).toBe('12,4 GB');
    expect(bytesText(4 * 1024 ** 3)).toBe('4 GB');
  });

  it("says the course's storage and the time left", () => {
    expect(matchMessages.storageText(12.4 * 1024 ** 3, 20 * 1024 ** 3)).toBe('Partidos: 12,4 GB de 20 GB');
    expect(matchMessages.timeLeft(30)).toBe('queda menos de un minuto');
    expect(matchMessages.timeLeft(5 * 60)).toBe('quedan 5 min');
    expect(matchMessages.timeLeft(3600 + 20 * 60)).toBe('quedan 1 h 20 min');
    expect(matchMessages.stateProcessing(45)).toBe('Procesando… 45 %');
  });
});
