// The rules of the physical test and of match observations, shared by the server (which decides)
// and the client (which shows the same verdict before asking). Pure: no clock, no database.

// --- Prueba física (course navette) ---------------------------------------------------------

/** The shuttle run's scale: levels 1 to 21, in half levels (the minimum to pass is on the same scale). */
export const NAVETTE_LEVEL_MIN = 1;
export const NAVETTE_LEVEL_MAX = 21;
export const NAVETTE_LEVEL_STEP = 0.5;

/** Whether a number is a level of the scale: 1, 1.5, 2 … 21. */
export function isNavetteLevel(level: number): boolean {
  return Number.isFinite(level) && level >= NAVETTE_LEVEL_MIN && level <= NAVETTE_LEVEL_MAX && Number.isInteger(level / NAVETTE_LEVEL_STEP);
}

/**
 * Whether a result passes the course's current minimum: a level at or above it. A trainee who did
 * not show up (`null`) does not pass. Judged on reading, so changing the minimum re-judges every result.
 */
export function passesFitness(level: number | null, minLevel: number): boolean {
  return level !== null && level >= minLevel;
}

export const fitnessStatusValues = ['aprobada', 'no-aprobada'] as const;
export type FitnessStatus = (typeof fitnessStatusValues)[number];

/** A trainee's test: 'aprobada' once any result passed, 'no-aprobada' with results and none passed, null before any. */
export function fitnessStatus(levels: ReadonlyArray<number | null>, minLevel: number): FitnessStatus | null {
  if (levels.length === 0) return null;
  return levels.some((level) => passesFitness(level, minLevel)) ? 'aprobada' : 'no-aprobada';
}

// --- Observaciones de partido -----------------------------------------------------------------

/** The criteria of a match observation, in the order the form and the list show them. */
export const observationCriteria = [
  { key: 'ubicacion', label: 'Ubicación' },
  { key: 'senalizacion', label: 'Señalización' },
  { key: 'sancion-progresiva', label: 'Sanción progresiva' },
  { key: 'comunicacion', label: 'Comunicación' },
  { key: 'condicion-fisica', label: 'Condición física' },
] as const;
export type CriterionKey = (typeof observationCriteria)[number]['key'];
export const criterionKeys = observationCriteria.map((criterion) => criterion.key) as [CriterionKey, ...CriterionKey[]];

/** Each criterion is scored with a whole number from 1 to 5. */
export const SCORE_MIN = 1;
export const SCORE_MAX = 5;

export type CriteriaScores = Record<CriterionKey, { score: number }>;

/** Rounds to one decimal from a sum and a count, so 69 / 20 is 3.5 (never 3.4999…). */
const oneDecimal = (sum: number, count: number) => Math.round((sum * 10) / count) / 10;

/** An observation's average: the mean of its five scores, one decimal. */
export function observationAverage(criteria: CriteriaScores): number {
  return oneDecimal(
    criterionKeys.reduce((sum, key) => sum + criteria[key].score, 0),
    criterionKeys.length,
  );
}

/**
 * A trainee's average over all their observations, one decimal: the mean of every score (each
 * observation weighs the same, since each has the five); null before any observation.
 */
export function overallAverage(observations: ReadonlyArray<CriteriaScores>): number | null {
  if (observations.length === 0) return null;
  const sum = observations.reduce((total, criteria) => total + criterionKeys.reduce((s, key) => s + criteria[key].score, 0), 0);
  return oneDecimal(sum, observations.length * criterionKeys.length);
}
