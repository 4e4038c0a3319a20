// Evaluaciones: the course's question bank ('Banco de preguntas'), its timed rules exams and
// their attempts, and practice. Request bodies are checked with these on both sides; the answers'
// schemas are also what the server sends (a field not named here never leaves it: the right
// options of an attempt's question are in `attemptReviewSchema` alone).
import * as z from 'zod/mini';
import { examMessages as m, tooLong, tooMany } from '../messages.ts';
import { instantInputSchema } from './dates.ts';
import { jugadaOptionSchema, jugadaOptionsSchema } from './jugadas.ts';

export const BANK_TEXT_MAX = 2_000;
export const BANK_OPTION_MAX = 500;
export const BANK_CHAPTER_MAX = 80;
export const BANK_RULE_MAX = 40;
export const BANK_EXPLANATION_MAX = 5_000;
export const BANK_QUESTIONS_MAX = 5_000;
/** The rows an import file of the bank may have ('Importar preguntas'). */
export const BANK_IMPORT_MAX_ROWS = 1_000;
export const OPTIONS_MIN = 2;
export const OPTIONS_MAX = 5;
export const OPTION_LETTERS = ['a', 'b', 'c', 'd', 'e'] as const;
export const EDITION_MIN = 1990;
export const EDITION_MAX = 2100;
export const EXAM_TITLE_MAX = 120;
export const EXAM_QUESTIONS_MAX = 200;
export const EXAM_MINUTES_MAX = 600;
export const EXAM_ATTEMPTS_MAX = 20;
/** An answer's `seq` is stored in a 32-bit integer column: no phone counts that far. */
export const ANSWER_SEQ_MAX = 2_147_483_647;
export const EXAM_WAIT_HOURS_MAX = 24 * 90;
/** An answer arriving this long after the deadline is still taken (the phone's last tap in flight). */
export const DEADLINE_GRACE_SECONDS = 10;
export const VIEWS_PER_CLIP_MAX = 5;
export const ANSWER_SECONDS_MIN = 3;
export const ANSWER_SECONDS_MAX = 120;

const text = (max: number, what: string, required = true) =>
  z
    .string({ error: m.requiredField })
    .check(z.trim(), ...(required ? [z.minLength(1, { error: m.requiredField, abort: true })] : []), z.maxLength(max, tooLong(what, max)));

const idSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, m.invalidId));
const whole = (what: string, min: number, max: number) =>
  z
    .number({ error: m.wholeNumber(what) })
    .check(z.int(m.wholeNumber(what)), z.gte(min, m.between(what, min, max)), z.lte(max, m.between(what, min, max)));

// --- Banco de preguntas --------------------------------------------------------------------

export const editionSchema = whole('La edición del reglamento', EDITION_MIN, EDITION_MAX);

/** A question as the admin writes it: the right options by their index in `options`. */
export const bankQuestionInputSchema = z
  .object({
    text: text(BANK_TEXT_MAX, 'La pregunta'),
    options: z
      .array(text(BANK_OPTION_MAX, 'Una opción'))
      .check(z.minLength(OPTIONS_MIN, m.optionsMin), z.maxLength(OPTIONS_MAX, tooMany('Una pregunta', OPTIONS_MAX, 'opciones'))),
    correct: z.array(z.number().check(z.int(), z.gte(0))).check(z.minLength(1, m.correctMissing)),
    chapter: text(BANK_CHAPTER_MAX, 'El capítulo'),
    rule: text(BANK_RULE_MAX, 'La regla', false),
    explanation: text(BANK_EXPLANATION_MAX, 'La explicación', false),
    edition: editionSchema,
  })
  .check(
    z.refine((question) => question.correct.every((index) => index < question.options.length), {
      error: m.correctUnknown,
      path: ['correct'],
    }),
    z.refine((question) => new Set(question.correct).size === question.correct.length, { error: m.correctRepeated, path: ['correct'] }),
  );
export type BankQuestionInput = z.infer<typeof bankQuestionInputSchema>;

export const bankQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  options: z.array(z.string()),
  correct: z.array(z.number()),
  chapter: z.string(),
  rule: z.string(),
  explanation: z.string(),
  edition: z.number(),
  /** When it was archived; absent while active. */
  archivedAt: z.optional(z.string()),
  /** An exam attempt used it: it can be archived, not deleted. */
  used: z.boolean(),
});
export type BankQuestion = z.infer<typeof bankQuestionSchema>;

export const bankListQuerySchema = z.object({
  search: z.optional(z.string().check(z.maxLength(200))),
  chapter: z.optional(z.string().check(z.maxLength(BANK_CHAPTER_MAX))),
  /** 'si': the archived questions; otherwise the active ones. */
  archived: z.optional(z.enum(['si', 'no'])),
});

export const bankListSchema = z.object({
  questions: z.array(bankQuestionSchema),
  /** Every chapter of the course's active questions, with how many it has. */
  chapters: z.array(z.object({ chapter: z.string(), count: z.number() })),
  editions: z.array(z.object({ edition: z.number(), count: z.number() })),
});
export type BankList = z.infer<typeof bankListSchema>;

export const archiveBodySchema = z.object({ archived: z.boolean() });
export const retireEditionSchema = z.object({ edition: editionSchema });

/** A row of an import file, read and checked: what 'Importar' would write, or its problem. */
export const bankImportRowSchema = z.object({
  line: z.number(),
  text: z.string(),
  options: z.array(z.string()),
  /** The letters of the right options, as the file gives them ('a,c'). */
  correct: z.string(),
  chapter: z.string(),
  rule: z.string(),
  explanation: z.string(),
  problem: z.nullable(z.string()),
});
export type BankImportRow = z.infer<typeof bankImportRowSchema>;

/** How the file was read: a spreadsheet's rows, or Moodle's questions (GIFT or XML), each by its line. */
export const bankFileFormatSchema = z.enum(['csv', 'json', 'gift', 'xml']);
export type BankFileFormat = z.infer<typeof bankFileFormatSchema>;

export const bankImportPreviewSchema = z.object({
  rows: z.array(bankImportRowSchema),
  valid: z.number(),
  invalid: z.number(),
  format: bankFileFormatSchema,
});
export type BankImportPreview = z.infer<typeof bankImportPreviewSchema>;

export const bankImportResultSchema = z.object({ imported: z.number(), invalid: z.number(), message: z.string() });
export type BankImportResult = z.infer<typeof bankImportResultSchema>;

/** 'Exportar': the course's active questions as CSV (the import's columns), GIFT or Moodle XML. */
export const bankExportFormatSchema = z.enum(['csv', 'gift', 'xml']);
export type BankExportFormat = z.infer<typeof bankExportFormatSchema>;
export const bankExportQuerySchema = z.object({ format: bankExportFormatSchema });

// --- Exámenes --------------------------------------------------------------------------------

export const resultsReleaseSchema = z.enum(['al-entregar', 'al-cerrar']);
export type ResultsRelease = z.infer<typeof resultsReleaseSchema>;

/** 'Tipo': 'reglamento' draws the bank's questions; 'video' draws the course's jugadas for 'Examen' (clips for questions, tags for chapters). */
export const examKindSchema = z.enum(['reglamento', 'video']);
export type ExamKind = z.infer<typeof examKindSchema>;

const dateTime = z.nullable(instantInputSchema(m.invalidDate));

/**
 * An exam as the admin writes it. A video exam's `questionCount` is its clips, `perChapter` counts
 * per tag, the fixed and critical ids are jugadas', and it has no overall time: each clip has its window.
 */
export const examInputSchema = z
  .object({
    kind: z._default(examKindSchema, 'reglamento'),
    title: text(EXAM_TITLE_MAX, 'El título'),
    moduleId: z.string({ error: m.moduleMissing }).check(z.minLength(1, m.moduleMissing)),
    questionCount: whole('La cantidad', 1, EXAM_QUESTIONS_MAX),
    perChapter: z.array(
      z.object({ chapter: z.string().check(z.minLength(1)), count: whole('La cantidad por capítulo', 1, EXAM_QUESTIONS_MAX) }),
    ),
    fixedQuestionIds: z.array(idSchema).check(z.maxLength(EXAM_QUESTIONS_MAX)),
    criticalQuestionIds: z.array(idSchema).check(z.maxLength(EXAM_QUESTIONS_MAX)),
    timeMinutes: z.optional(whole('El tiempo', 1, EXAM_MINUTES_MAX)),
    viewsPerClip: z._default(whole('Las vistas por jugada', 1, VIEWS_PER_CLIP_MAX), 1),
    answerSeconds: z._default(whole('El tiempo para responder', ANSWER_SECONDS_MIN, ANSWER_SECONDS_MAX), 10),
    passPercent: whole('La nota para aprobar', 1, 100),
    attempts: whole('Los intentos', 1, EXAM_ATTEMPTS_MAX),
    waitHours: whole('La espera entre intentos', 0, EXAM_WAIT_HOURS_MAX),
    resultsRelease: resultsReleaseSchema,
    opensAt: dateTime,
    closesAt: dateTime,
  })
  .check(
    z.refine((exam) => exam.kind === 'video' || exam.timeMinutes !== undefined, { error: m.timeMissing, path: ['timeMinutes'] }),
    z.refine((exam) => exam.criticalQuestionIds.every((id) => exam.fixedQuestionIds.includes(id)), {
      error: m.criticalNotFixed,
      path: ['criticalQuestionIds'],
    }),
    z.refine((exam) => exam.fixedQuestionIds.length <= exam.questionCount, { error: m.tooManyFixed, path: ['fixedQuestionIds'] }),
    z.refine((exam) => exam.fixedQuestionIds.length + exam.perChapter.reduce((sum, c) => sum + c.count, 0) <= exam.questionCount, {
      error: m.perChapterOver,
      path: ['perChapter'],
    }),
    z.refine((exam) => !exam.opensAt || !exam.closesAt || Date.parse(exam.opensAt) < Date.parse(exam.closesAt), {
      error: m.closesBeforeOpens,
      path: ['closesAt'],
    }),
    z.refine((exam) => exam.resultsRelease === 'al-entregar' || exam.closesAt !== null, {
      error: m.releaseNeedsClose,
      path: ['closesAt'],
    }),
  );
export type ExamInput = z.infer<typeof examInputSchema>;
export type ExamInputFields = z.input<typeof examInputSchema>;

/** After the first attempt started, only when it opens and closes and when results are shown can change. */
export const examScheduleSchema = z.object({ resultsRelease: resultsReleaseSchema, opensAt: dateTime, closesAt: dateTime }).check(
  z.refine((exam) => !exam.opensAt || !exam.closesAt || Date.parse(exam.opensAt) < Date.parse(exam.closesAt), {
    error: m.closesBeforeOpens,
    path: ['closesAt'],
  }),
  z.refine((exam) => exam.resultsRelease === 'al-entregar' || exam.closesAt !== null, {
    error: m.releaseNeedsClose,
    path: ['closesAt'],
  }),
);
export type ExamSchedule = z.infer<typeof examScheduleSchema>;

/** An exam as the admin sees it. */
export const examSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  moduleId: z.string(),
  moduleName: z.string(),
  kind: examKindSchema,
  title: z.string(),
  questionCount: z.number(),
  perChapter: z.array(z.object({ chapter: z.string(), count: z.number() })),
  fixedQuestionIds: z.array(z.string()),
  criticalQuestionIds: z.array(z.string()),
  /** 0 for a video exam (each clip has its window). */
  timeMinutes: z.number(),
  viewsPerClip: z.number(),
  answerSeconds: z.number(),
  passPercent: z.number(),
  attempts: z.number(),
  waitHours: z.number(),
  resultsRelease: resultsReleaseSchema,
  opensAt: z.nullable(z.string()),
  closesAt: z.nullable(z.string()),
  /** Attempts started: once there is one, only the dates and the results release can change. */
  attemptsStarted: z.number(),
  /** Attempts still open: the exam cannot be deleted. */
  attemptsOpen: z.number(),
});
export type Exam = z.infer<typeof examSchema>;

/** Where a trainee stands with an exam. */
export const examStatusSchema = z.enum(['no-abierto', 'disponible', 'en-curso', 'esperar', 'sin-intentos', 'cerrado']);
export type ExamStatus = z.infer<typeof examStatusSchema>;

/** A graded attempt as its trainee sees it. */
export const attemptResultSchema = z.object({
  id: z.string(),
  number: z.number(),
  startedAt: z.string(),
  submittedAt: z.string(),
  closedBy: z.enum(['alumno', 'tiempo']),
  right: z.number(),
  total: z.number(),
  scorePercent: z.number(),
  passed: z.boolean(),
  /** A critical question was answered wrong: not passed whatever the score. */
  criticalMissed: z.boolean(),
  chapters: z.array(z.object({ chapter: z.string(), right: z.number(), total: z.number() })),
  /** Each question's right options and explanation can be seen. */
  released: z.boolean(),
});
export type AttemptResult = z.infer<typeof attemptResultSchema>;

/** An exam as its trainee sees it before and between attempts. */
export const studentExamSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  moduleId: z.string(),
  kind: examKindSchema,
  title: z.string(),
  questionCount: z.number(),
  timeMinutes: z.number(),
  viewsPerClip: z.number(),
  answerSeconds: z.number(),
  passPercent: z.number(),
  attempts: z.number(),
  attemptsUsed: z.number(),
  opensAt: z.nullable(z.string()),
  closesAt: z.nullable(z.string()),
  status: examStatusSchema,
  /** The open attempt to resume, when there is one. */
  openAttemptId: z.nullable(z.string()),
  /** When a new attempt can start ('esperar'). */
  nextAttemptAt: z.nullable(z.string()),
  results: z.array(attemptResultSchema),
});
export type StudentExam = z.infer<typeof studentExamSchema>;

/** A question of an open attempt: the options in this trainee's order, never which are right. */
export const attemptQuestionSchema = z.object({
  position: z.number(),
  text: z.string(),
  chapter: z.string(),
  options: z.array(z.string()),
  /** The options marked, by their place in `options`; empty before an answer. */
  answer: z.array(z.number()),
  answerSeq: z.number(),
});
export type AttemptQuestion = z.infer<typeof attemptQuestionSchema>;

/** A question of a graded attempt once results are released: its right options and explanation. */
export const attemptReviewSchema = z.extend(attemptQuestionSchema, {
  correct: z.array(z.number()),
  right: z.boolean(),
  rule: z.string(),
  explanation: z.string(),
  critical: z.boolean(),
});
export type AttemptReview = z.infer<typeof attemptReviewSchema>;

/** Where a clip of a video attempt stands (see `clipStage` in exam-rules.ts). */
export const clipStageSchema = z.enum(['sin-ver', 'viendo', 'respondiendo', 'respondida', 'vencida']);

const clipAnswerSchema = z.object({ decisionId: z.string(), sanctionId: z.string(), moment: z.nullable(z.number()) });

/** A clip of a video attempt as its trainee sees it: never the correct call before grading and release. */
export const attemptClipSchema = z.object({
  position: z.number(),
  prompt: z.string(),
  hasMoment: z.boolean(),
  /** The segment of the file to play. */
  startSeconds: z.number(),
  endSeconds: z.number(),
  views: z.number(),
  stage: clipStageSchema,
  /** Milliseconds by the server's clock until the viewing ends and until the answer window closes; null before a viewing. */
  viewEndsInMs: z.nullable(z.number()),
  windowEndsInMs: z.nullable(z.number()),
  answer: z.nullable(clipAnswerSchema),
});
export type AttemptClip = z.infer<typeof attemptClipSchema>;

/** A clip of a graded attempt once results are released: the correct call, the explanation, each part marked. */
export const clipReviewSchema = z.extend(attemptClipSchema, {
  tags: z.array(z.string()),
  critical: z.boolean(),
  correctDecision: jugadaOptionSchema,
  correctSanction: jugadaOptionSchema,
  correctMoment: z.nullable(z.number()),
  tolerance: z.number(),
  explanation: z.string(),
  decisionCorrect: z.boolean(),
  sanctionCorrect: z.boolean(),
  momentCorrect: z.nullable(z.boolean()),
  right: z.boolean(),
});
export type ClipReview = z.infer<typeof clipReviewSchema>;

export const attemptSchema = z.object({
  id: z.string(),
  examId: z.string(),
  kind: examKindSchema,
  title: z.string(),
  number: z.number(),
  attempts: z.number(),
  passPercent: z.number(),
  /** The deadline, and the seconds left by the server's clock when this answer left it. */
  deadline: z.string(),
  remainingSeconds: z.number(),
  open: z.boolean(),
  questions: z.array(attemptQuestionSchema),
  /** Once graded. */
  result: z.nullable(attemptResultSchema),
  /** Once graded and released: each question with its right options and explanation. */
  review: z.nullable(z.array(attemptReviewSchema)),
  /** A video exam's: its clips in this trainee's order, the course's decisions and sanctions, its conditions. */
  clips: z.array(attemptClipSchema),
  jugadaOptions: z.nullable(jugadaOptionsSchema),
  viewsPerClip: z.number(),
  answerSeconds: z.number(),
  /** The clip the trainee is on; null when every clip is done (or in a rules exam). */
  currentPosition: z.nullable(z.number()),
  clipReview: z.nullable(z.array(clipReviewSchema)),
});
export type Attempt = z.infer<typeof attemptSchema>;

/** A clip's file is asked for within a viewing: `?viewing=2` during the second one. */
export const clipFileQuerySchema = z.object({
  viewing: z.coerce
    .number({ error: m.clipViewingInvalid })
    .check(z.int(m.clipViewingInvalid), z.minimum(1, m.clipViewingInvalid), z.maximum(1_000, m.clipViewingInvalid)),
});

/** 'Ver' answers with the clip as it stands after the viewing started. */
export const clipResponseSchema = z.object({ clip: attemptClipSchema, currentPosition: z.nullable(z.number()) });
export type ClipResponse = z.infer<typeof clipResponseSchema>;

export const answerBodySchema = z.object({
  /** The options marked, by their place in the question's `options`. */
  answer: z.array(z.number().check(z.int(), z.gte(0), z.lt(OPTIONS_MAX))).check(z.maxLength(OPTIONS_MAX)),
  /** The phone's count of this question's answers: a late, older answer never overwrites a newer one. */
  seq: z.number().check(z.int(), z.gte(1), z.lte(ANSWER_SEQ_MAX)),
});
export type AnswerBody = z.infer<typeof answerBodySchema>;

/** The admin's view of an exam's results. */
export const examResultsSchema = z.object({
  exam: examSchema,
  rows: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      /** The best graded attempt's. */
      scorePercent: z.nullable(z.number()),
      passed: z.nullable(z.boolean()),
      secondsUsed: z.nullable(z.number()),
      attempts: z.number(),
      submittedAt: z.nullable(z.string()),
      attemptIds: z.array(z.string()),
      open: z.boolean(),
    }),
  ),
  /** A video exam's clips some attempt drew, in the order of the course, with what the class chose. */
  clips: z.array(
    z.object({
      jugadaId: z.nullable(z.string()),
      prompt: z.string(),
      tags: z.array(z.string()),
      answered: z.number(),
      right: z.number(),
      percentRight: z.number(),
      decisions: z.array(z.object({ id: z.string(), label: z.string(), count: z.number() })),
      sanctions: z.array(z.object({ id: z.string(), label: z.string(), count: z.number() })),
      /** Drawn clips whose window closed unanswered. */
      unanswered: z.number(),
    }),
  ),
  /** A video exam's tags: the share of their clips answered right. */
  tags: z.array(z.object({ tag: z.string(), right: z.number(), total: z.number(), percentRight: z.number() })),
  /** Every question some attempt drew, the hardest first. */
  questions: z.array(
    z.object({
      questionId: z.string(),
      text: z.string(),
      chapter: z.string(),
      answered: z.number(),
      right: z.number(),
      percentRight: z.number(),
    }),
  ),
});
export type ExamResults = z.infer<typeof examResultsSchema>;

/** An exam as a module's page links to it (a button with its title). */
export const examLinkSchema = z.object({ id: z.string(), title: z.string() });
export type ExamLink = z.infer<typeof examLinkSchema>;

/** A trainee's standing at each exam of a course, on the admin's page of that trainee. */
export const userExamSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Their best graded attempt; null before they hand one in. */
  result: z.nullable(z.object({ scorePercent: z.number(), passed: z.boolean() })),
  /** Attempts handed in. */
  attempts: z.number(),
});
export type UserExam = z.infer<typeof userExamSchema>;

// --- Practicar reglamento ----------------------------------------------------------------------

export const practiceQuestionSchema = z.object({
  questionId: z.string(),
  text: z.string(),
  chapter: z.string(),
  options: z.array(z.string()),
  /** Its Leitner box (1–5); 0 for a question never practised. */
  box: z.number(),
});
export type PracticeQuestion = z.infer<typeof practiceQuestionSchema>;

export const practiceSchema = z.object({
  /** Questions due today: those whose box brings them back, and new ones up to the day's share. */
  dueToday: z.number(),
  chapters: z.array(z.object({ chapter: z.string(), total: z.number(), practised: z.number(), learned: z.number() })),
  next: z.nullable(practiceQuestionSchema),
});
export type Practice = z.infer<typeof practiceSchema>;

export const practiceAnswerBodySchema = z.object({
  questionId: idSchema,
  answer: z.array(z.number().check(z.int(), z.gte(0), z.lt(OPTIONS_MAX))).check(z.minLength(1, m.markOne), z.maxLength(OPTIONS_MAX)),
});

export const practiceAnswerSchema = z.object({
  right: z.boolean(),
  correct: z.array(z.number()),
  explanation: z.string(),
  rule: z.string(),
  chapter: z.string(),
  box: z.number(),
});
export type PracticeAnswer = z.infer<typeof practiceAnswerSchema>;
