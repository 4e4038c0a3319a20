import { describe, expect, it } from 'vitest';
import {
  criterionKeys,
  fitnessStatus,
  isNavetteLevel,
  observationAverage,
  observationCriteria,
  overallAverage,
  passesFitness,
  type CriteriaScores,
} from './record-rules.ts';
import { fitnessResultInputSchema, fitnessTestInputSchema } from './schemas/fitness.ts';
import { observationInputSchema } from './schemas/observations.ts';

describe('the shuttle run scale', () => {
  const cases: Array<[number, boolean]> = [
    [1, true],
    [1.5, true],
    [8.5, true],
    [9, true],
    [21, true],
    [0, false],
    [0.5, false],
    [21.5, false],
    [8.3, false],
    [8.25, false],
    [-1, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ];
  it.each(cases)('level %s is on the scale: %s', (level, valid) => {
    expect(isNavetteLevel(level)).toBe(valid);
  });
});

describe('passing the physical test', () => {
  const cases: Array<[number | null, number, boolean]> = [
    [9, 8.5, true],
    [8.5, 8.5, true],
    [8, 8.5, false],
    [null, 8.5, false],
    [null, 1, false],
    [9, 9.5, false],
    [21, 21, true],
  ];
  it.each(cases)('level %s against a minimum of %s passes: %s', (level, minLevel, passes) => {
    expect(passesFitness(level, minLevel)).toBe(passes);
  });

  it('says Aprobada when any result passed, No aprobada with results and none passed, nothing before any', () => {
    expect(fitnessStatus([], 8.5)).toBeNull();
    expect(fitnessStatus([null], 8.5)).toBe('no-aprobada');
    expect(fitnessStatus([7, 8], 8.5)).toBe('no-aprobada');
    expect(fitnessStatus([7, null, 9], 8.5)).toBe('aprobada');
    expect(fitnessStatus([9, 7], 8.5)).toBe('aprobada');
  });

  it('judges again when the minimum changes', () => {
    expect(fitnessStatus([9], 8.5)).toBe('aprobada');
    expect(fitnessStatus([9], 9.5)).toBe('no-aprobada');
    expect(fitnessStatus([9], 9)).toBe('aprobada');
  });
});

const scores = (...values: number[]): CriteriaScores =>
  Object.fromEntries(criterionKeys.map((key, i) => [key, { score: values[i]! }])) as CriteriaScores;

describe('match observation averages', () => {
  it('has the five criteria in the form order', () => {
    expect(observationCriteria.map((c) => c.label)).toEqual([
      'Ubicación',
      'Señalización',
      'Sanción progresiva',
      'Comunicación',
      'Condición física',
    ]);
  });

  const cases: Array<[number[], number]> = [
    [[5, 5, 5, 5, 5], 5],
    [[1, 1, 1, 1, 1], 1],
    [[4, 4, 3, 4, 4], 3.8],
    [[3, 4, 3, 4, 3], 3.4],
    [[1, 2, 3, 4, 5], 3],
  ];
  it.each(cases)('the average of %j is %s', (values, average) => {
    expect(observationAverage(scores(...values))).toBe(average);
  });

  it("averages a trainee's observations over every score, one decimal", () => {
    expect(overallAverage([])).toBeNull();
    expect(overallAverage([scores(4, 4, 3, 4, 4)])).toBe(3.8);
    // 19 + 20 = 39 over 10 scores: 3.9.
    expect(overallAverage([scores(4, 4, 3, 4, 4), scores(4, 4, 4, 4, 4)])).toBe(3.9);
    // 69 over 20 scores is 3.45, rounded up to 3.5 (not 3.4 from binary fractions).
    expect(overallAverage([scores(3, 3, 4, 4, 4), scores(3, 3, 4, 4, 4), scores(3, 3, 4, 4, 4), scores(3, 3, 3, 3, 3)])).toBe(3.5);
  });
});

describe('the shared forms', () => {
  it('takes a level on the scale or null for No se presentó, on a real day', () => {
    expect(fitnessResultInputSchema.safeParse({ testedOn: '2026-11-28', level: 9 }).success).toBe(true);
    expect(fitnessResultInputSchema.safeParse({ testedOn: '2026-11-28', level: null }).success).toBe(true);
    for (const level of [0, 21.5, 8.3, '9'])
      expect(fitnessResultInputSchema.safeParse({ testedOn: '2026-11-28', level }).success, String(level)).toBe(false);
    for (const testedOn of ['2026-02-30', '2026-13-01', '28/11/2026', '', '2026-11-28T10:00'])
      expect(fitnessResultInputSchema.safeParse({ testedOn, level: 9 }).success, testedOn).toBe(false);
    expect(fitnessTestInputSchema.safeParse({ name: '  ', minLevel: 8.5 }).success).toBe(false);
    expect(fitnessTestInputSchema.parse({ name: ' Course navette ', minLevel: 8.5 }).name).toBe('Course navette');
  });

  const form = (score: unknown) => ({
    observedOn: '2026-11-28',
    match: 'Club A – Club B',
    observer: 'Ana',
    criteria: Object.fromEntries(criterionKeys.map((key) => [key, { score }])),
  });
  it('takes whole scores from 1 to 5 for every criterion', () => {
    const parsed = observationInputSchema.parse(form(4));
    expect(parsed.comment).toBe('');
    expect(parsed.criteria.ubicacion).toEqual({ score: 4, comment: '' });
    for (const score of [0, 6, 2.5, null]) expect(observationInputSchema.safeParse(form(score)).success, String(score)).toBe(false);
    const { criteria: _criteria, ...withoutCriteria } = form(4);
    expect(observationInputSchema.safeParse(withoutCriteria).success).toBe(false);
  });
});
