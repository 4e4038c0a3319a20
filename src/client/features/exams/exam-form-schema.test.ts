import { describe, expect, it } from 'vitest';
import { examMessages } from '../../../shared/messages.ts';
import type { BankList, Exam } from '../../../shared/schemas/exams.ts';
import type { CourseJugadas } from '../../../shared/schemas/jugadas.ts';
import {
  clipPoolOf,
  examBody,
  examFormValues,
  isoToLocal,
  localToIso,
  perChapterRows,
  toFormErrors,
  validateExamForm,
} from './exam-form-schema.ts';

const bank: BankList = {
  questions: [
    { id: 'q1', text: 'Uno', options: ['a', 'b'], correct: [0], chapter: 'Regla 4', rule: '', explanation: '', edition: 2024, used: false },
    { id: 'q2', text: 'Dos', options: ['a', 'b'], correct: [1], chapter: 'Regla 8', rule: '', explanation: '', edition: 2024, used: false },
  ],
  chapters: [
    { chapter: 'Regla 4', count: 1 },
    { chapter: 'Regla 8', count: 1 },
  ],
  editions: [{ edition: 2024, count: 2 }],
};

const filled = () => ({ ...examFormValues(bank), title: 'Parcial', moduleId: 'm1', questionCount: 2 as const });

describe('the exam form', () => {
  it("sends 'Abre' and 'Cierra' in the course's time (Argentina's, whatever the phone's), and shows them back as typed", () => {
    const iso = localToIso('2030-03-03T18:05')!;
    expect(iso).toBe('2030-03-03T21:05:00.000Z');
    expect(isoToLocal(iso)).toBe('2030-03-03T18:05');
    expect(localToIso('')).toBeNull();
    expect(isoToLocal(null)).toBe('');
  });

  it('leaves out the chapters without a count, and maps the errors of the body back to their rows', () => {
    const values = filled();
    values.perChapter[1]!.count = 1;
    const { body, chapterRow } = examBody(values);
    expect(body.perChapter).toEqual([{ chapter: 'Regla 8', count: 1 }]);
    expect(chapterRow).toEqual([1]);
    expect(toFormErrors({ 'perChapter.0.count': 'mal', perChapter: 'suman más', 'fixedQuestionIds.0': 'no' }, chapterRow)).toEqual({
      'perChapter.1.count': 'mal',
      perChapter: 'suman más',
      fixedQuestionIds: 'no',
    });
  });

  it("is checked with the server's own rules", () => {
    expect(validateExamForm(filled(), false)).toEqual({});
    const empty = { ...filled(), title: ' ', moduleId: null, timeMinutes: '' as const };
    const errors = validateExamForm(empty, false);
    expect(errors['title']).toBe(examMessages.requiredField);
    expect(errors['moduleId']).toBe(examMessages.moduleMissing);
    expect(errors['timeMinutes']).toBe(examMessages.wholeNumber('El tiempo'));
    const tooMany = { ...filled(), questionCount: 1 as const, fixedQuestionIds: ['q1', 'q2'] };
    expect(validateExamForm(tooMany, false)['fixedQuestionIds']).toBe(examMessages.tooManyFixed);
    const atClose = { ...filled(), resultsRelease: 'al-cerrar' as const };
    expect(validateExamForm(atClose, true)).toEqual({ closesAt: examMessages.releaseNeedsClose });
  });

  it('sends only the critical questions that are among the fixed ones', () => {
    const values = { ...filled(), fixedQuestionIds: ['q1'], criticalQuestionIds: ['q1', 'q2'] };
    expect(examBody(values).body.criticalQuestionIds).toEqual(['q1']);
  });
});

type CourseClip = CourseJugadas['jugadas'][number];

const clip = (id: string, overrides: Partial<CourseClip> = {}): CourseClip => ({
  id,
  moduleId: 'm1',
  moduleName: 'Reglas del juego',
  moduleNumber: 1,
  moduleArchived: false,
  number: 1,
  prompt: '¿Qué cobrás?',
  tags: [],
  use: 'examen',
  archived: false,
  answered: 0,
  correct: 0,
  percentCorrect: null,
  ...overrides,
});

const courseJugadas: CourseJugadas = {
  jugadas: [
    clip('j1', { tags: ['Sanción progresiva'] }),
    clip('j2', { number: 2, use: 'ambos', tags: ['sancion progresiva', '7 metros'] }),
    clip('j3', { number: 3, use: 'practica', tags: ['Pasivo'] }),
    clip('j4', { number: 4, archived: true, tags: ['Pasivo'] }),
    clip('j5', { moduleId: 'm2', moduleNumber: 2, moduleName: 'Archivado', moduleArchived: true }),
    clip('j6', { number: 5, tags: ['Juego pasivo'] }),
  ],
  tags: [],
};

const videoExam = (overrides: Partial<Exam> = {}): Exam => ({
  id: 'e1',
  courseId: 'c1',
  moduleId: 'm1',
  moduleName: 'Reglas del juego',
  kind: 'video',
  title: 'Examen de video',
  questionCount: 3,
  perChapter: [
    { chapter: 'SANCIÓN PROGRESIVA', count: 1 },
    { chapter: 'Ventaja', count: 1 },
  ],
  fixedQuestionIds: ['j1'],
  criticalQuestionIds: ['j1'],
  timeMinutes: 0,
  viewsPerClip: 2,
  answerSeconds: 15,
  passPercent: 60,
  attempts: 1,
  waitHours: 0,
  resultsRelease: 'al-entregar',
  opensAt: null,
  closesAt: null,
  attemptsStarted: 0,
  attemptsOpen: 0,
  ...overrides,
});

describe('the video exam form', () => {
  const pool = clipPoolOf(courseJugadas);

  it("draws from the course's clips for 'Examen' or 'Ambos' not archived, and counts their tags as the server compares them", () => {
    expect(pool.clips.map((c) => c.id)).toEqual(['j1', 'j2', 'j6']);
    expect(pool.tags).toEqual([
      { tag: '7 metros', count: 1 },
      { tag: 'Juego pasivo', count: 1 },
      { tag: 'Sanción progresiva', count: 2 },
    ]);
  });

  it("has one row per tag of the pool (an exam's saved tags that are gone too), and sends no overall time", () => {
    const values = { ...examFormValues(bank, undefined, pool), kind: 'video' as const, title: 'Video', moduleId: 'm1', questionCount: 3 };
    values.perChapter = perChapterRows('video', bank, pool);
    expect(values.perChapter).toEqual([
      { chapter: '7 metros', available: 1, count: '' },
      { chapter: 'Juego pasivo', available: 1, count: '' },
      { chapter: 'Sanción progresiva', available: 2, count: '' },
    ]);
    values.perChapter[2]!.count = 2;
    values.viewsPerClip = 3;
    values.answerSeconds = 20;
    const { body, chapterRow } = examBody(values);
    expect(body).toMatchObject({ kind: 'video', questionCount: 3, viewsPerClip: 3, answerSeconds: 20 });
    expect(body.timeMinutes).toBeUndefined();
    expect(body.perChapter).toEqual([{ chapter: 'Sanción progresiva', count: 2 }]);
    expect(chapterRow).toEqual([2]);
    // The rules exam's 'Tiempo (minutos)' is not asked for.
    expect(validateExamForm({ ...values, timeMinutes: '' }, false)).toEqual({});
  });

  it('opens a saved video exam with its own spelling of each tag, its conditions and its critical clips', () => {
    const values = examFormValues(bank, videoExam(), pool);
    expect(values).toMatchObject({
      kind: 'video',
      viewsPerClip: 2,
      answerSeconds: 15,
      fixedQuestionIds: ['j1'],
      criticalQuestionIds: ['j1'],
    });
    expect(values.perChapter).toEqual([
      { chapter: '7 metros', available: 1, count: '' },
      { chapter: 'Juego pasivo', available: 1, count: '' },
      { chapter: 'SANCIÓN PROGRESIVA', available: 2, count: 1 },
      { chapter: 'Ventaja', available: null, count: 1 },
    ]);
    expect(examBody(values).body.perChapter).toEqual([
      { chapter: 'SANCIÓN PROGRESIVA', count: 1 },
      { chapter: 'Ventaja', count: 1 },
    ]);
  });

  it("checks the views and the answer window with the server's bounds", () => {
    const values = { ...examFormValues(bank, videoExam(), pool), viewsPerClip: 6, answerSeconds: 2 };
    const errors = validateExamForm(values, false);
    expect(errors['viewsPerClip']).toBe(examMessages.between('Las vistas por jugada', 1, 5));
    expect(errors['answerSeconds']).toBe(examMessages.between('El tiempo para responder', 3, 120));
    expect(validateExamForm({ ...values, viewsPerClip: '', answerSeconds: 10 }, false)['viewsPerClip']).toBe(
      examMessages.wholeNumber('Las vistas por jugada'),
    );
  });

  it("maps the server's errors about the pool to their fields", () => {
    const values = examFormValues(bank, videoExam(), pool);
    const { chapterRow } = examBody(values);
    const errors = toFormErrors(
      { questionCount: examMessages.poolTooSmall(3), perChapter: examMessages.tagTooSmall('Ventaja', 0), 'fixedQuestionIds.0': 'x' },
      chapterRow,
    );
    expect(errors).toEqual({
      questionCount: examMessages.poolTooSmall(3),
      perChapter: examMessages.tagTooSmall('Ventaja', 0),
      fixedQuestionIds: 'x',
    });
  });
});
