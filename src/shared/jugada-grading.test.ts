import { describe, expect, it } from 'vitest';
import { gradeJugada, type JugadaKey } from './jugada-grading.ts';

const withMoment: JugadaKey = { correctDecisionId: 'tiro-7m', correctSanctionId: 'exclusion', momentSeconds: 3.2, toleranceSeconds: 1 };
const noMoment: JugadaKey = { ...withMoment, momentSeconds: null };

describe('gradeJugada', () => {
  it.each([
    [
      'all right, moment inside the tolerance',
      withMoment,
      { decisionId: 'tiro-7m', sanctionId: 'exclusion', moment: 3.9 },
      [true, true, true, true],
    ],
    [
      'moment exactly at the tolerance edge (below)',
      withMoment,
      { decisionId: 'tiro-7m', sanctionId: 'exclusion', moment: 2.2 },
      [true, true, true, true],
    ],
    [
      'moment exactly at the tolerance edge (above)',
      withMoment,
      { decisionId: 'tiro-7m', sanctionId: 'exclusion', moment: 4.2 },
      [true, true, true, true],
    ],
    [
      'moment just outside the tolerance',
      withMoment,
      { decisionId: 'tiro-7m', sanctionId: 'exclusion', moment: 4.3 },
      [true, true, false, false],
    ],
    ['moment far before', withMoment, { decisionId: 'tiro-7m', sanctionId: 'exclusion', moment: 0 }, [true, true, false, false]],
    [
      'moment missing when the jugada has one',
      withMoment,
      { decisionId: 'tiro-7m', sanctionId: 'exclusion', moment: null },
      [true, true, false, false],
    ],
    ['wrong decision', withMoment, { decisionId: 'tiro-libre', sanctionId: 'exclusion', moment: 3.2 }, [false, true, true, false]],
    ['wrong sanction', withMoment, { decisionId: 'tiro-7m', sanctionId: 'ninguna', moment: 3.2 }, [true, false, true, false]],
    ['everything wrong', withMoment, { decisionId: 'gol', sanctionId: 'ninguna', moment: 9 }, [false, false, false, false]],
    [
      'no moment asked: a missing mark is fine',
      noMoment,
      { decisionId: 'tiro-7m', sanctionId: 'exclusion', moment: null },
      [true, true, null, true],
    ],
    [
      'no moment asked: any mark is ignored',
      noMoment,
      { decisionId: 'tiro-7m', sanctionId: 'exclusion', moment: 99 },
      [true, true, null, true],
    ],
    ['no moment asked, wrong decision', noMoment, { decisionId: 'gol', sanctionId: 'exclusion', moment: null }, [false, true, null, false]],
  ] as const)('%s', (_name, key, answer, [decisionCorrect, sanctionCorrect, momentCorrect, correct]) => {
    expect(gradeJugada(key, answer)).toEqual({ decisionCorrect, sanctionCorrect, momentCorrect, correct });
  });

  it('uses the jugada’s own tolerance', () => {
    const strict = { ...withMoment, toleranceSeconds: 0.3 };
    expect(gradeJugada(strict, { decisionId: 'tiro-7m', sanctionId: 'exclusion', moment: 3.5 }).momentCorrect).toBe(true);
    expect(gradeJugada(strict, { decisionId: 'tiro-7m', sanctionId: 'exclusion', moment: 3.6 }).momentCorrect).toBe(false);
  });
});
