import { describe, expect, it } from 'vitest';
import { usedEdition } from './used-edition.ts';

describe('the edition a new question is of', () => {
  it("is the one most of the course's questions are of, the newest on a tie, this year's for an empty bank", () => {
    expect(
      usedEdition([
        { edition: 2025, count: 40 },
        { edition: 2026, count: 3 },
      ]),
    ).toBe(2025);
    expect(
      usedEdition([
        { edition: 2024, count: 5 },
        { edition: 2025, count: 5 },
      ]),
    ).toBe(2025);
    expect(usedEdition([])).toBe(new Date().getFullYear());
  });
});
