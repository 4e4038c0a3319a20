import { describe, expect, it } from 'vitest';
import {
  ANSWER_GRACE_SECONDS,
  VIDEO_LOADING_ALLOWANCE_MINUTES,
  VIEW_LOADING_SECONDS,
  canAnswer,
  canStream,
  canStart,
  canView,
  clipStage,
  clipTimes,
  countingAttempt,
  currentClip,
  deadlineOf,
  drawItems,
  drawQuestions,
  gradeAttempt,
  gradeItems,
  isRight,
  moduleExamFlag,
  nextBox,
  nextExamChange,
  resultsReleased,
  videoAttemptMinutes,
  type ClipTiming,
  type GradedQuestion,
  type ModuleExamFacts,
} from './exam-rules.ts';

describe('isRight: all or nothing', () => {
  it.each([
    ['single answer, the right option', [1], [1], true],
    ['single answer, another option', [2], [1], false],
    ['single answer, the right one and another', [1, 2], [1], false],
    ['multi-answer, every right option', [0, 2], [0, 2], true],
    ['multi-answer, in another order', [2, 0], [0, 2], true],
    ['multi-answer, partially marked', [0], [0, 2], false],
    ['multi-answer, the right ones and one more', [0, 2, 3], [0, 2], false],
    ['multi-answer, the same option twice', [0, 0], [0, 2], false],
    ['nothing marked', [], [0], false],
    ['never answered', null, [0], false],
  ] as const)('%s', (_case, answer, correct, expected) => {
    expect(isRight(answer as readonly number[] | null, correct)).toBe(expected);
  });
});

const question = (right: boolean, overrides: Partial<GradedQuestion> = {}): GradedQuestion => ({
  chapter: 'Regla 8',
  critical: false,
  correct: [0],
  answer: right ? [0] : [1],
  ...overrides,
});

describe('gradeAttempt', () => {
  it.each([
    ['3 of 4 with 75 % to pass: exactly the mark passes', [true, true, true, false], 75, 75, true],
    ['3 of 4 with 76 % to pass', [true, true, true, false], 76, 75, false],
    ['2 of 3 with 67 %: 66.6 % is below', [true, true, false], 67, 66, false],
    ['2 of 3 with 66 %', [true, true, false], 66, 66, true],
    ['all wrong', [false, false], 50, 0, false],
    ['all right', [true, true], 100, 100, true],
  ] as const)('%s', (_case, answers, pass, score, passed) => {
    const grade = gradeAttempt(
      answers.map((right) => question(right)),
      pass,
    );
    expect(grade.scorePercent).toBe(score);
    expect(grade.passed).toBe(passed);
    expect(grade.right).toBe(answers.filter(Boolean).length);
  });

  it('a wrong critical question fails the attempt whatever the score', () => {
    const grade = gradeAttempt([question(true), question(true), question(true), question(false, { critical: true })], 50);
    expect(grade).toMatchObject({ scorePercent: 75, passed: false, criticalMissed: true });
    expect(gradeAttempt([question(true, { critical: true }), question(false)], 50)).toMatchObject({ passed: true, criticalMissed: false });
  });

  it('scores each chapter in the order they first appear; a partially marked multi-answer question is wrong', () => {
    const grade = gradeAttempt(
      [
        question(true, { chapter: 'Regla 8' }),
        { chapter: 'Regla 13', critical: false, correct: [0, 2], answer: [0] },
        question(true, { chapter: 'Regla 13', correct: [1, 3], answer: [3, 1] }),
        question(false, { chapter: 'Regla 8' }),
      ],
      50,
    );
    expect(grade.chapters).toEqual([
      { chapter: 'Regla 8', right: 1, total: 2 },
      { chapter: 'Regla 13', right: 1, total: 2 },
    ]);
    expect(grade.scorePercent).toBe(50);
  });

  it('an attempt with no questions scores 0 and does not pass', () => {
    expect(gradeAttempt([], 50)).toMatchObject({ scorePercent: 0, passed: false });
  });
});

describe('deadlineOf and canStart', () => {
  const start = new Date('2026-11-28T12:00:00Z');
  it('the time limit, or the close when it comes first', () => {
    expect(deadlineOf({ startedAt: start, timeMinutes: 20, closesAt: null }).toISOString()).toBe('2026-11-28T12:20:00.000Z');
    expect(deadlineOf({ startedAt: start, timeMinutes: 20, closesAt: new Date('2026-11-28T12:10:00Z') }).toISOString()).toBe(
      '2026-11-28T12:10:00.000Z',
    );
  });

  const exam = { attempts: 2, waitHours: 24, opensAt: new Date('2026-11-28T11:00:00Z'), closesAt: new Date('2026-11-29T11:00:00Z') };
  const none = { used: 0, open: false, lastSubmittedAt: null };
  it.each([
    ['before it opens', none, new Date('2026-11-28T10:00:00Z'), 'no-abierto'],
    ['open, first attempt', none, start, 'disponible'],
    ['an attempt in progress', { used: 1, open: true, lastSubmittedAt: null }, start, 'en-curso'],
    ['after the close', none, new Date('2026-11-29T11:00:00Z'), 'cerrado'],
    ['within the wait', { used: 1, open: false, lastSubmittedAt: start }, new Date('2026-11-28T13:00:00Z'), 'esperar'],
    ['after the wait', { used: 1, open: false, lastSubmittedAt: new Date('2026-11-27T10:00:00Z') }, start, 'disponible'],
    ['every attempt used', { used: 2, open: false, lastSubmittedAt: start }, start, 'sin-intentos'],
  ] as const)('%s', (_case, attempts, now, status) => {
    expect(canStart(exam, attempts, now).status).toBe(status);
  });

  it('results: at once, or when the exam has closed', () => {
    const closesAt = new Date('2026-11-29T11:00:00Z');
    expect(resultsReleased({ resultsRelease: 'al-entregar', closesAt: null }, start)).toBe(true);
    expect(resultsReleased({ resultsRelease: 'al-cerrar', closesAt }, start)).toBe(false);
    expect(resultsReleased({ resultsRelease: 'al-cerrar', closesAt }, closesAt)).toBe(true);
  });
});

describe('countingAttempt', () => {
  const attempt = (number: number, scorePercent: number, passed: boolean) => ({ number, scorePercent, passed });
  it.each([
    ['none yet', [], null],
    ['the best score when none passed', [attempt(1, 40, false), attempt(2, 60, false)], 2],
    ['a pass over a later fail (timed out at 0 %)', [attempt(1, 75, true), attempt(2, 0, false)], 1],
    ['a pass over a higher score that missed a critical question', [attempt(1, 90, false), attempt(2, 75, true)], 2],
    ['the best of two passes', [attempt(1, 75, true), attempt(2, 95, true)], 2],
    ['the earliest of equals', [attempt(1, 80, true), attempt(2, 80, true)], 1],
  ] as const)('%s', (_name, results, number) => {
    expect(countingAttempt(results)?.number ?? null).toBe(number);
  });
});

describe('nextBox: Leitner', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  it.each([
    [0, true, 2, 1],
    [0, false, 1, 0],
    [1, true, 2, 1],
    [2, true, 3, 3],
    [4, true, 5, 14],
    [5, true, 5, 14],
    [4, false, 1, 0],
  ] as const)('box %i answered %s → box %i, back in %i days', (box, right, expectedBox, days) => {
    const next = nextBox(box, right, now);
    expect(next.box).toBe(expectedBox);
    expect(next.dueAt.getTime() - now.getTime()).toBe(days * 86_400_000);
  });
});

describe('drawQuestions', () => {
  const bank = Array.from({ length: 12 }, (_, i) => ({ id: `q${i}`, chapter: `Regla ${i % 3}`, options: ['a', 'b', 'c'] }));
  let seed = 7;
  const randomInt = (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % below;
  };

  it('fixed questions always, each chapter its count, the rest from anywhere; options shuffled per question', () => {
    const drawn = drawQuestions(
      bank,
      { questionCount: 6, fixedQuestionIds: ['q4'], perChapter: [{ chapter: 'Regla 2', count: 2 }] },
      randomInt,
    );
    if (!('questions' in drawn)) throw new Error('expected questions');
    const ids = drawn.questions.map(({ question }) => question.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(ids).toContain('q4');
    expect(drawn.questions.filter(({ question }) => question.chapter === 'Regla 2').length).toBeGreaterThanOrEqual(2);
    drawn.questions.forEach(({ optionOrder }) => expect([...optionOrder].sort()).toEqual([0, 1, 2]));
  });

  it('says what is missing when the bank cannot give the questions', () => {
    expect(drawQuestions(bank, { questionCount: 13, fixedQuestionIds: [], perChapter: [] }, randomInt)).toEqual({
      problem: { kind: 'bank', available: 12 },
    });
    expect(
      drawQuestions(bank, { questionCount: 6, fixedQuestionIds: [], perChapter: [{ chapter: 'Regla 1', count: 5 }] }, randomInt),
    ).toEqual({
      problem: { kind: 'chapter', chapter: 'Regla 1', available: 4 },
    });
    expect(drawQuestions(bank, { questionCount: 2, fixedQuestionIds: ['otra'], perChapter: [] }, randomInt)).toEqual({
      problem: { kind: 'fixed-unknown' },
    });
  });
});

describe('video exam clips', () => {
  const exam = { viewsPerClip: 1, answerSeconds: 10 };
  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, 0) + seconds * 1000);
  const clip = (over: Partial<ClipTiming & { position: number }> = {}): ClipTiming & { position: number } => ({
    position: 0,
    startSeconds: 12,
    endSeconds: 20,
    views: 0,
    lastViewAt: null,
    answeredAt: null,
    ...over,
  });

  // A viewing of the 8-second clip lasts V seconds (with its loading time); the window 10 more.
  const V = 8 + VIEW_LOADING_SECONDS;

  it('counts the answer window from the end of the last viewing, which leaves time for the file to arrive', () => {
    const viewed = clip({ views: 1, lastViewAt: at(0) });
    expect(clipTimes(viewed, exam)).toEqual({ viewEndsAt: at(V), windowEndsAt: at(V + 10) });
    expect(clipStage(viewed, exam, at(V - 0.1))).toBe('viendo');
    expect(clipStage(viewed, exam, at(V))).toBe('respondiendo');
    expect(clipStage(viewed, exam, at(V + 10))).toBe('respondiendo');
    expect(clipStage(viewed, exam, at(V + 10.001))).toBe('vencida');
    expect(clipStage(viewed, exam, at(V + 10 + ANSWER_GRACE_SECONDS), ANSWER_GRACE_SECONDS)).toBe('respondiendo');
    expect(clipStage(clip(), exam, at(100))).toBe('sin-ver');
    expect(clipStage(clip({ views: 1, lastViewAt: at(0), answeredAt: at(9) }), exam, at(100))).toBe('respondida');
  });

  it('allows only the viewings the exam gives, never while one plays', () => {
    expect(canView(clip(), exam, at(0))).toBe(true);
    expect(canView(clip({ views: 1, lastViewAt: at(0) }), exam, at(V + 1))).toBe(false);
    const twice = { ...exam, viewsPerClip: 2 };
    expect(canView(clip({ views: 1, lastViewAt: at(0) }), twice, at(V - 1))).toBe(false);
    expect(canView(clip({ views: 1, lastViewAt: at(0) }), twice, at(V + 1))).toBe(true);
    expect(canView(clip({ views: 1, lastViewAt: at(0) }), twice, at(V + 11))).toBe(false);
  });

  it('takes an answer from the first viewing until the window and its grace close, once', () => {
    expect(canAnswer(clip(), exam, at(0))).toBe(false);
    expect(canAnswer(clip({ views: 1, lastViewAt: at(0) }), exam, at(3))).toBe(true);
    expect(canAnswer(clip({ views: 1, lastViewAt: at(0) }), exam, at(V + 10 + ANSWER_GRACE_SECONDS))).toBe(true);
    expect(canAnswer(clip({ views: 1, lastViewAt: at(0) }), exam, at(V + 10.1 + ANSWER_GRACE_SECONDS))).toBe(false);
    expect(canAnswer(clip({ views: 1, lastViewAt: at(0), answeredAt: at(9) }), exam, at(10))).toBe(false);
  });

  it('sends the file only inside the viewing it is asked for, while it lasts', () => {
    const twice = { ...exam, viewsPerClip: 2 };
    // Before 'Ver', even with viewings left.
    expect(canStream(clip(), twice, at(0), 1)).toBe(false);
    // During the first viewing, for that viewing only.
    expect(canStream(clip({ views: 1, lastViewAt: at(0) }), twice, at(0), 1)).toBe(true);
    expect(canStream(clip({ views: 1, lastViewAt: at(0) }), twice, at(V - 0.1), 1)).toBe(true);
    expect(canStream(clip({ views: 1, lastViewAt: at(0) }), twice, at(5), 2)).toBe(false);
    // Its end, the answer window between viewings, an answered clip.
    expect(canStream(clip({ views: 1, lastViewAt: at(0) }), twice, at(V), 1)).toBe(false);
    expect(canStream(clip({ views: 1, lastViewAt: at(0) }), twice, at(V + 4), 1)).toBe(false);
    expect(canStream(clip({ views: 1, lastViewAt: at(0), answeredAt: at(3) }), twice, at(4), 1)).toBe(false);
    // The second viewing: its own number, not the first's.
    expect(canStream(clip({ views: 2, lastViewAt: at(V + 4) }), twice, at(V + 5), 2)).toBe(true);
    expect(canStream(clip({ views: 2, lastViewAt: at(V + 4) }), twice, at(V + 5), 1)).toBe(false);
  });

  it('moves on past answered clips and windows that closed', () => {
    const clips = [
      clip({ position: 0, views: 1, lastViewAt: at(0), answeredAt: at(9) }),
      clip({ position: 1, views: 1, lastViewAt: at(10) }),
      clip({ position: 2 }),
    ];
    expect(currentClip(clips, exam, at(10 + V + 10))?.position).toBe(1);
    expect(currentClip(clips, exam, at(10 + V + 11))?.position).toBe(2);
    expect(currentClip(clips.slice(0, 2), exam, at(10 + V + 11))).toBeNull();
  });

  it('gives a video attempt time for every viewing (with its loading) and window, and for loading', () => {
    expect(videoAttemptMinutes([clip(), clip({ startSeconds: 0, endSeconds: 50 })], { viewsPerClip: 2, answerSeconds: 10 })).toBe(
      Math.ceil(((8 + VIEW_LOADING_SECONDS) * 2 + 10 + (50 + VIEW_LOADING_SECONDS) * 2 + 10) / 60) + VIDEO_LOADING_ALLOWANCE_MINUTES,
    );
  });

  it('grades clips by their tags, a clip counting in each of its tags', () => {
    const grade = gradeItems(
      [
        { groups: ['Sanción progresiva', '7 metros'], critical: false, right: true },
        { groups: ['Sanción progresiva'], critical: false, right: false },
        { groups: [], critical: true, right: true },
      ],
      60,
    );
    expect(grade).toMatchObject({ right: 2, total: 3, scorePercent: 66, passed: true });
    expect(grade.chapters).toEqual([
      { chapter: 'Sanción progresiva', right: 1, total: 2 },
      { chapter: '7 metros', right: 1, total: 1 },
    ]);
  });

  it('draws clips by tag without drawing one twice', () => {
    const pool = [
      { id: 'a', tags: ['pasivo'] },
      { id: 'b', tags: ['pasivo', '7m'] },
      { id: 'c', tags: ['7m'] },
    ];
    const drawn = drawItems(
      pool,
      { questionCount: 3, perChapter: [{ chapter: '7m', count: 2 }], fixedQuestionIds: [] },
      (c, tag) => c.tags.includes(tag),
      () => 0,
    );
    expect('items' in drawn && drawn.items.map((c) => c.id).sort()).toEqual(['a', 'b', 'c']);
    expect(
      drawItems(
        pool,
        { questionCount: 1, perChapter: [{ chapter: 'arco', count: 1 }], fixedQuestionIds: [] },
        (c, tag) => c.tags.includes(tag),
        () => 0,
      ),
    ).toEqual({
      problem: { kind: 'chapter', chapter: 'arco', available: 0 },
    });
  });
});

describe("moduleExamFlag: the module list's 'Examen abierto' and 'Examen en curso'", () => {
  const now = new Date('2026-11-28T15:00:00Z');
  const exam = (facts: Partial<ModuleExamFacts> = {}): ModuleExamFacts => ({
    opensAt: null,
    closesAt: null,
    attempts: 2,
    waitHours: 0,
    attemptsUsed: 0,
    lastSubmittedAt: null,
    passed: false,
    openAttemptEndsAt: null,
    ...facts,
  });

  it.each([
    ['never taken, no dates', exam(), 'abierto'],
    ['inside its window', exam({ opensAt: '2026-11-28T12:00:00Z', closesAt: '2026-11-28T18:00:00Z' }), 'abierto'],
    ['not open yet', exam({ opensAt: '2026-11-28T16:00:00Z' }), null],
    ['closed', exam({ closesAt: '2026-11-28T15:00:00Z' }), null],
    ['an attempt running', exam({ attemptsUsed: 1, openAttemptEndsAt: '2026-11-28T15:10:00Z' }), 'en-curso'],
    ['failed once, one attempt left', exam({ attemptsUsed: 1, lastSubmittedAt: '2026-11-27T10:00:00Z' }), 'abierto'],
    ['failed once, still waiting', exam({ attemptsUsed: 1, waitHours: 24, lastSubmittedAt: '2026-11-28T10:00:00Z' }), null],
    ['no attempts left', exam({ attemptsUsed: 2, lastSubmittedAt: '2026-11-27T10:00:00Z' }), null],
    ['passed', exam({ attemptsUsed: 1, lastSubmittedAt: '2026-11-27T10:00:00Z', passed: true }), null],
    // Its time ran out (nobody graded it yet): it counts as handed in at its deadline.
    ['the last attempt ran out of time', exam({ attemptsUsed: 2, openAttemptEndsAt: '2026-11-28T14:00:00Z' }), null],
    ['an attempt ran out of time, one left', exam({ attemptsUsed: 1, openAttemptEndsAt: '2026-11-28T14:00:00Z' }), 'abierto'],
    ['an attempt ran out of time, a wait', exam({ attemptsUsed: 1, waitHours: 2, openAttemptEndsAt: '2026-11-28T14:00:00Z' }), null],
  ] as const)('%s', (_name, facts, flag) => {
    expect(moduleExamFlag([facts], now)).toBe(flag);
  });

  it('a running attempt at one exam comes before another exam that is open; no exams, no flag', () => {
    const running = exam({ attemptsUsed: 1, openAttemptEndsAt: '2026-11-28T15:10:00Z' });
    expect(moduleExamFlag([exam(), running], now)).toBe('en-curso');
    expect(moduleExamFlag([exam({ passed: true, attemptsUsed: 1 }), exam()], now)).toBe('abierto');
    expect(moduleExamFlag([], now)).toBeNull();
  });

  it('nextExamChange: the first moment ahead when a flag may change by the clock alone', () => {
    expect(nextExamChange([exam()], now)).toBeNull();
    expect(nextExamChange([exam({ opensAt: '2026-11-28T16:00:00Z', closesAt: '2026-11-29T16:00:00Z' })], now)).toEqual(
      new Date('2026-11-28T16:00:00Z'),
    );
    expect(nextExamChange([exam({ opensAt: '2026-11-28T12:00:00Z', closesAt: '2026-11-29T16:00:00Z' })], now)).toEqual(
      new Date('2026-11-29T16:00:00Z'),
    );
    const waiting = exam({ attemptsUsed: 1, waitHours: 24, lastSubmittedAt: '2026-11-28T10:00:00Z' });
    const running = exam({ attemptsUsed: 1, openAttemptEndsAt: '2026-11-28T15:10:00Z' });
    expect(nextExamChange([waiting, running], now)).toEqual(new Date('2026-11-28T15:10:00Z'));
    expect(nextExamChange([waiting], now)).toEqual(new Date('2026-11-29T10:00:00Z'));
  });
});
