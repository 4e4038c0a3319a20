// The rules of the rules exam and of practice, in one place: how a question and an attempt are
// graded, when a trainee can start an attempt, and how practice brings questions back. The server
// decides with these; the client uses the same functions only to show what the server will say.

/** All or nothing: every right option marked and no other. */
export function isRight(answer: readonly number[] | null, correct: readonly number[]): boolean {
  if (!answer || answer.length !== correct.length) return false;
  const marked = new Set(answer);
  return marked.size === correct.length && correct.every((index) => marked.has(index));
}

export interface GradedQuestion {
  chapter: string;
  critical: boolean;
  correct: readonly number[];
  answer: readonly number[] | null;
}

export interface Grade {
  right: number;
  total: number;
  /** Rounded down: 79.9 % is 79 %, so the shown score never passes where the rule does not. */
  scorePercent: number;
  passed: boolean;
  criticalMissed: boolean;
  /** In the order the chapters first appear. */
  chapters: Array<{ chapter: string; right: number; total: number }>;
}

/** An attempt's grade: passed with the pass mark reached (exactly reaching it passes) and every critical question right. */
export function gradeAttempt(questions: readonly GradedQuestion[], passPercent: number): Grade {
  const chapters = new Map<string, { chapter: string; right: number; total: number }>();
  let right = 0;
  let criticalMissed = false;
  for (const question of questions) {
    const ok = isRight(question.answer, question.correct);
    if (ok) right += 1;
    else if (question.critical) criticalMissed = true;
    const chapter = chapters.get(question.chapter) ?? { chapter: question.chapter, right: 0, total: 0 };
    chapter.total += 1;
    if (ok) chapter.right += 1;
    chapters.set(question.chapter, chapter);
  }
  const total = questions.length;
  const reached = total > 0 && right * 100 >= passPercent * total;
  return {
    right,
    total,
    scorePercent: total === 0 ? 0 : Math.floor((right * 100) / total),
    passed: reached && !criticalMissed,
    criticalMissed,
    chapters: [...chapters.values()],
  };
}

export interface AttemptWindow {
  startedAt: Date;
  timeMinutes: number;
  closesAt: Date | null;
}

/** The attempt's deadline: its time limit from the start, or the exam's close if that comes first. */
export function deadlineOf({ startedAt, timeMinutes, closesAt }: AttemptWindow): Date {
  const limit = new Date(startedAt.getTime() + timeMinutes * 60_000);
  return closesAt && closesAt < limit ? closesAt : limit;
}

export interface ExamConditions {
  attempts: number;
  waitHours: number;
  opensAt: Date | null;
  closesAt: Date | null;
}

export interface AttemptsSoFar {
  used: number;
  open: boolean;
  /** When the last graded attempt was handed in. */
  lastSubmittedAt: Date | null;
}

export type StartCheck =
  | { status: 'en-curso' }
  | { status: 'disponible' }
  | { status: 'no-abierto'; opensAt: Date }
  | { status: 'cerrado' }
  | { status: 'sin-intentos' }
  | { status: 'esperar'; nextAttemptAt: Date };

/** Whether a trainee can start (or resume) an attempt now. */
export function canStart(exam: ExamConditions, attempts: AttemptsSoFar, now: Date): StartCheck {
  if (attempts.open) return { status: 'en-curso' };
  if (attempts.used >= exam.attempts) return { status: 'sin-intentos' };
  if (exam.opensAt && now < exam.opensAt) return { status: 'no-abierto', opensAt: exam.opensAt };
  if (exam.closesAt && now >= exam.closesAt) return { status: 'cerrado' };
  if (attempts.lastSubmittedAt && exam.waitHours > 0) {
    const nextAttemptAt = new Date(attempts.lastSubmittedAt.getTime() + exam.waitHours * 3_600_000);
    if (now < nextAttemptAt) return { status: 'esperar', nextAttemptAt };
  }
  return { status: 'disponible' };
}

/** Each question's answer and explanation are shown once the attempt is graded and, for 'al-cerrar', the exam has closed. */
export function resultsReleased(exam: { resultsRelease: 'al-entregar' | 'al-cerrar'; closesAt: Date | null }, now: Date): boolean {
  return exam.resultsRelease === 'al-entregar' || (exam.closesAt !== null && now >= exam.closesAt);
}

// --- Practice: Leitner boxes ---------------------------------------------------------------------

export const LEITNER_BOXES = 5;
/** Days until a question in each box comes back (box 1: the same day). */
export const LEITNER_DAYS = [0, 0, 1, 3, 7, 14] as const;
/** New questions a trainee is given per day, beside the ones coming back. */
export const NEW_PER_DAY = 15;
/** A question in this box or above counts as learned in a chapter's progress. */
export const LEARNED_BOX = 4;

/** After an answer: right moves it up a box and brings it back later; wrong sends it to box 1, due again at once. */
export function nextBox(box: number, right: boolean, now: Date): { box: number; dueAt: Date } {
  if (!right) return { box: 1, dueAt: now };
  const next = Math.min(LEITNER_BOXES, Math.max(1, box + 1));
  return { box: next, dueAt: new Date(now.getTime() + LEITNER_DAYS[next]! * 86_400_000) };
}

// --- Drawing an attempt's questions ---------------------------------------------------------------

export interface Drawable {
  id: string;
  chapter: string;
  options: readonly string[];
}

export interface DrawSpec {
  questionCount: number;
  perChapter: ReadonlyArray<{ chapter: string; count: number }>;
  fixedQuestionIds: readonly string[];
}

/** A random integer in [0, below). */
export type RandomInt = (below: number) => number;

export function shuffled<T>(items: readonly T[], randomInt: RandomInt): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export type DrawProblem =
  { kind: 'fixed-unknown' } | { kind: 'chapter'; chapter: string; available: number } | { kind: 'bank'; available: number };

/**
 * An attempt's questions: the fixed ones, then each chapter's count, then the rest from any
 * chapter, all shuffled together, each with its options in a shuffled order. Or why the bank
 * cannot give them.
 */
export function drawQuestions<Q extends Drawable>(
  bank: readonly Q[],
  spec: DrawSpec,
  randomInt: RandomInt,
): { questions: Array<{ question: Q; optionOrder: number[] }> } | { problem: DrawProblem } {
  const byId = new Map(bank.map((question) => [question.id, question]));
  const fixed = spec.fixedQuestionIds.map((id) => byId.get(id));
  if (fixed.some((question) => !question)) return { problem: { kind: 'fixed-unknown' } };
  const taken = new Set(spec.fixedQuestionIds);
  const chosen = [...(fixed as Q[])];
  for (const { chapter, count } of spec.perChapter) {
    const pool = shuffled(
      bank.filter((question) => question.chapter === chapter && !taken.has(question.id)),
      randomInt,
    );
    if (pool.length < count) return { problem: { kind: 'chapter', chapter, available: pool.length } };
    pool.slice(0, count).forEach((question) => {
      taken.add(question.id);
      chosen.push(question);
    });
  }
  const rest = shuffled(
    bank.filter((question) => !taken.has(question.id)),
    randomInt,
  );
  const missing = spec.questionCount - chosen.length;
  if (rest.length < missing) return { problem: { kind: 'bank', available: chosen.length + rest.length } };
  chosen.push(...rest.slice(0, missing));
  return {
    questions: shuffled(chosen, randomInt).map((question) => ({
      question,
      optionOrder: shuffled(
        question.options.map((_, index) => index),
        randomInt,
      ),
    })),
  };
}
