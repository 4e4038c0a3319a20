// The rules of the rules exam and of practice, in one place: how a question and an attempt are
// graded, when a trainee can start an attempt, and how practice brings questions back. The server
// decides with these; the client uses the same functions only to show what the server will say.
import type { ModuleExam } from './schemas/content.ts';

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
  /** In the order the chapters (a video exam's tags) first appear. */
  chapters: Array<{ chapter: string; right: number; total: number }>;
}

/** An item of an attempt once marked: a question or a clip, the groups it counts in (a chapter, a clip's tags). */
export interface MarkedItem {
  groups: readonly string[];
  critical: boolean;
  right: boolean;
}

/** An attempt's grade: passed with the pass mark reached (exactly reaching it passes) and every critical item right. */
export function gradeItems(items: readonly MarkedItem[], passPercent: number): Grade {
  const chapters = new Map<string, { chapter: string; right: number; total: number }>();
  let right = 0;
  let criticalMissed = false;
  for (const item of items) {
    if (item.right) right += 1;
    else if (item.critical) criticalMissed = true;
    for (const group of item.groups) {
      const chapter = chapters.get(group) ?? { chapter: group, right: 0, total: 0 };
      chapter.total += 1;
      if (item.right) chapter.right += 1;
      chapters.set(group, chapter);
    }
  }
  const total = items.length;
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

/** A rules exam attempt's grade: each question all or nothing, counted in its chapter. */
export function gradeAttempt(questions: readonly GradedQuestion[], passPercent: number): Grade {
  return gradeItems(
    questions.map((question) => ({
      groups: [question.chapter],
      critical: question.critical,
      right: isRight(question.answer, question.correct),
    })),
    passPercent,
  );
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

// --- A module's exams on the trainee's module list ----------------------------------------------

/** What a module's card says of its exams: an attempt running, one that can be started now, or nothing. */
export type ModuleExamFlag = 'en-curso' | 'abierto' | null;

/** An exam's conditions and the trainee's attempts at it, as the module list's data carries them (ISO instants). */
export type ModuleExamFacts = Pick<
  ModuleExam,
  'opensAt' | 'closesAt' | 'attempts' | 'waitHours' | 'attemptsUsed' | 'lastSubmittedAt' | 'passed' | 'openAttemptEndsAt'
>;

const instant = (value: string | null) => (value === null ? null : new Date(value));

/** Their last attempt handed in: an open attempt whose time ran out counts as handed in at its deadline. */
function lastHandedIn(exam: ModuleExamFacts, now: Date): Date | null {
  const submitted = instant(exam.lastSubmittedAt);
  const openUntil = instant(exam.openAttemptEndsAt);
  if (!openUntil || now < openUntil) return submitted;
  return submitted && submitted > openUntil ? submitted : openUntil;
}

function examFlag(exam: ModuleExamFacts, now: Date): ModuleExamFlag {
  const openUntil = instant(exam.openAttemptEndsAt);
  if (openUntil && now < openUntil) return 'en-curso';
  // Passed: nothing left to do (another attempt may be allowed, but nobody needs reminding of it).
  if (exam.passed) return null;
  const check = canStart(
    { attempts: exam.attempts, waitHours: exam.waitHours, opensAt: instant(exam.opensAt), closesAt: instant(exam.closesAt) },
    { used: exam.attemptsUsed, open: false, lastSubmittedAt: lastHandedIn(exam, now) },
    now,
  );
  return check.status === 'disponible' ? 'abierto' : null;
}

/** A module's flag at `now`: 'en-curso' when an attempt at one of its exams is running, 'abierto' when one can be started. */
export function moduleExamFlag(exams: readonly ModuleExamFacts[], now: Date): ModuleExamFlag {
  const flags = exams.map((exam) => examFlag(exam, now));
  return flags.includes('en-curso') ? 'en-curso' : flags.includes('abierto') ? 'abierto' : null;
}

/** The next moment after `now` when the flags may change by the clock alone (an exam opens or closes, a wait or an attempt ends), or null. */
export function nextExamChange(exams: readonly ModuleExamFacts[], now: Date): Date | null {
  const moments = exams.flatMap((exam) => {
    const handedIn = lastHandedIn(exam, now);
    return [
      instant(exam.opensAt),
      instant(exam.closesAt),
      instant(exam.openAttemptEndsAt),
      handedIn && exam.waitHours > 0 ? new Date(handedIn.getTime() + exam.waitHours * 3_600_000) : null,
    ];
  });
  const later = moments.filter((moment): moment is Date => moment !== null && moment > now);
  return later.length === 0 ? null : new Date(Math.min(...later.map((moment) => moment.getTime())));
}

// --- Practice: Leitner boxes ---------------------------------------------------------------------

export const LEITNER_BOXES = 5;
/** Days until a question in each box comes back (box 1: the same day). */
export const LEITNER_DAYS = [0, 0, 1, 3, 7, 14] as const;
/** New questions a trainee is given per day, beside the ones coming back. */
export const NEW_PER_DAY = 15;
/** A question in this box or above counts as learned in a chapter's progress. */
export const LEARNED_BOX = 4;

/**
 * The attempt that counts for an exam, as the trainee's record and the results read it: the
 * trainee passed if some attempt passed, with their best score. So a passing attempt counts over
 * any that did not pass (a higher score with a critical question missed did not pass), then the
 * best score, then the earliest.
 */
export function countingAttempt<T extends { passed: boolean; scorePercent: number }>(results: readonly T[]): T | null {
  const better = (a: T, b: T) => (a.passed !== b.passed ? a.passed : a.scorePercent > b.scorePercent);
  return results.reduce<T | null>((best, result) => (!best || better(result, best) ? result : best), null);
}

/**
 * After an answer: right moves it up a box and brings it back later; wrong sends it to box 1, due
 * again today. A question never answered (box 0) is in box 1 as Leitner's boxes start: answered
 * right, it moves to box 2 and comes back tomorrow (it used to land in box 1, due again at once,
 * so a question answered right came back minutes later and the day's count never went down).
 */
export function nextBox(box: number, right: boolean, now: Date): { box: number; dueAt: Date } {
  if (!right) return { box: 1, dueAt: now };
  const next = Math.min(LEITNER_BOXES, Math.max(1, box) + 1);
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
  /** Per chapter (per tag, for clips), how many to draw. */
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
 * An attempt's items: the fixed ones, then each group's count (`inGroup` says whether an item is
 * in one), then the rest from any group, all shuffled together. Or why the pool cannot give them.
 */
export function drawItems<T extends { id: string }>(
  pool: readonly T[],
  spec: DrawSpec,
  inGroup: (item: T, group: string) => boolean,
  randomInt: RandomInt,
): { items: T[] } | { problem: DrawProblem } {
  const byId = new Map(pool.map((item) => [item.id, item]));
  const fixed = spec.fixedQuestionIds.map((id) => byId.get(id));
  if (fixed.some((item) => !item)) return { problem: { kind: 'fixed-unknown' } };
  const taken = new Set(spec.fixedQuestionIds);
  const chosen = [...(fixed as T[])];
  for (const { chapter, count } of spec.perChapter) {
    const candidates = shuffled(
      pool.filter((item) => inGroup(item, chapter) && !taken.has(item.id)),
      randomInt,
    );
    if (candidates.length < count) return { problem: { kind: 'chapter', chapter, available: candidates.length } };
    candidates.slice(0, count).forEach((item) => {
      taken.add(item.id);
      chosen.push(item);
    });
  }
  const rest = shuffled(
    pool.filter((item) => !taken.has(item.id)),
    randomInt,
  );
  const missing = spec.questionCount - chosen.length;
  if (rest.length < missing) return { problem: { kind: 'bank', available: chosen.length + rest.length } };
  chosen.push(...rest.slice(0, missing));
  return { items: shuffled(chosen, randomInt) };
}

/** An attempt's questions, drawn by chapter, each with its options in a shuffled order. Or why the bank cannot give them. */
export function drawQuestions<Q extends Drawable>(
  bank: readonly Q[],
  spec: DrawSpec,
  randomInt: RandomInt,
): { questions: Array<{ question: Q; optionOrder: number[] }> } | { problem: DrawProblem } {
  const drawn = drawItems(bank, spec, (question, chapter) => question.chapter === chapter, randomInt);
  if (!('items' in drawn)) return drawn;
  return {
    questions: drawn.items.map((question) => ({
      question,
      optionOrder: shuffled(
        question.options.map((_, index) => index),
        randomInt,
      ),
    })),
  };
}

// --- Video exams: each clip under the same conditions for everyone --------------------------------

/** An answer arriving this long after a clip's window closed is still taken (the tap in flight on a weak signal). */
export const ANSWER_GRACE_SECONDS = 3;
/**
 * A viewing lasts the clip's length and this much more: the clip's file is sent only from 'Ver',
 * and a phone on a weak signal takes a moment before its first frame (the benchmark's slow phone,
 * about 3 s). Everyone gets the same time from 'Ver' to the end of the answer window.
 */
export const VIEW_LOADING_SECONDS = 5;
/** Time added to a video attempt's deadline for loading its clips on a weak signal. */
export const VIDEO_LOADING_ALLOWANCE_MINUTES = 30;

/** Where a clip of an attempt stands, for the viewings and the answer window. */
export interface ClipTiming {
  startSeconds: number;
  endSeconds: number;
  views: number;
  /** When the last viewing started ('Ver'), by the server's clock. */
  lastViewAt: Date | null;
  answeredAt: Date | null;
}

export interface ClipConditions {
  viewsPerClip: number;
  answerSeconds: number;
}

/** The clip's length in seconds: it always plays at normal speed, its segment only. */
export const clipLength = (clip: Pick<ClipTiming, 'startSeconds' | 'endSeconds'>) => Math.max(0, clip.endSeconds - clip.startSeconds);

/** How long a viewing lasts: the clip and its loading time. */
export const viewingSeconds = (clip: Pick<ClipTiming, 'startSeconds' | 'endSeconds'>) => clipLength(clip) + VIEW_LOADING_SECONDS;

/** When the last viewing ends, and when the answer window (counted from that end) closes; null before the first viewing. */
export function clipTimes(clip: ClipTiming, exam: ClipConditions): { viewEndsAt: Date; windowEndsAt: Date } | null {
  if (!clip.lastViewAt) return null;
  const viewEndsAt = new Date(clip.lastViewAt.getTime() + viewingSeconds(clip) * 1000);
  return { viewEndsAt, windowEndsAt: new Date(viewEndsAt.getTime() + exam.answerSeconds * 1000) };
}

/**
 * 'sin-ver' before the first viewing, 'viendo' while one plays, 'respondiendo' in the answer window
 * (plus `graceSeconds`), 'respondida' once answered, 'vencida' when the window closed unanswered.
 */
export type ClipStage = 'sin-ver' | 'viendo' | 'respondiendo' | 'respondida' | 'vencida';

export function clipStage(clip: ClipTiming, exam: ClipConditions, now: Date, graceSeconds = 0): ClipStage {
  if (clip.answeredAt) return 'respondida';
  const times = clipTimes(clip, exam);
  if (!times) return 'sin-ver';
  if (now < times.viewEndsAt) return 'viendo';
  return now.getTime() <= times.windowEndsAt.getTime() + graceSeconds * 1000 ? 'respondiendo' : 'vencida';
}

const isDone = (stage: ClipStage) => stage === 'respondida' || stage === 'vencida';

/** The clip the trainee is on: the first not answered whose window is still open; null when every clip is done. */
export function currentClip<C extends ClipTiming & { position: number }>(
  clips: readonly C[],
  exam: ClipConditions,
  now: Date,
  graceSeconds = 0,
): C | null {
  return clips.find((clip) => !isDone(clipStage(clip, exam, now, graceSeconds))) ?? null;
}

/** 'Ver': the current clip, with viewings left, not while one plays. */
export function canView(clip: ClipTiming, exam: ClipConditions, now: Date): boolean {
  const stage = clipStage(clip, exam, now);
  return (stage === 'sin-ver' || stage === 'respondiendo') && clip.views < exam.viewsPerClip;
}

/** 'Responder': after the first viewing started, until the window (plus the grace) closes, once. */
export function canAnswer(clip: ClipTiming, exam: ClipConditions, now: Date): boolean {
  const stage = clipStage(clip, exam, now, ANSWER_GRACE_SECONDS);
  return stage === 'viendo' || stage === 'respondiendo';
}

/**
 * The clip's file may be sent only inside a viewing: after 'Ver', while that viewing plays by the
 * server's clock, for the viewing it was asked for (`viewing`: 1 for the first, 2 for the second…).
 * Never before 'Ver', between viewings, in the answer window or for another clip.
 */
export function canStream(clip: ClipTiming, exam: ClipConditions, now: Date, viewing: number): boolean {
  return clip.views === viewing && clipStage(clip, exam, now) === 'viendo';
}

/** A video attempt's deadline: every clip watched as often as allowed and answered in its window, plus time to load them. */
export function videoAttemptMinutes(clips: ReadonlyArray<Pick<ClipTiming, 'startSeconds' | 'endSeconds'>>, exam: ClipConditions): number {
  const seconds = clips.reduce((sum, clip) => sum + viewingSeconds(clip) * exam.viewsPerClip + exam.answerSeconds, 0);
  return Math.ceil(seconds / 60) + VIDEO_LOADING_ALLOWANCE_MINUTES;
}
