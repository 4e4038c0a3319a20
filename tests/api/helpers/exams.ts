// Question banks and exams for the tests, written straight to the database.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../../src/server/context.ts';
import { bankQuestion } from '../../../src/server/db/schema.ts';
import { createExam } from '../../../src/server/exams/service.ts';
import type { ExamInput, ExamInputFields } from '../../../src/shared/schemas/exams.ts';

let counter = 0;

export interface BankQuestionSeed {
  text?: string;
  options?: string[];
  correct?: number[];
  chapter?: string;
}

/** Bank questions of a course: by default, three options with the first right, in 'Regla 8'. */
export async function buildBank(ctx: AppContext, courseId: string, questions: BankQuestionSeed[]) {
  const rows = questions.map((seed) => {
    counter += 1;
    return {
      id: randomUUID(),
      courseId,
      text: seed.text ?? `Pregunta de prueba ${counter}`,
      options: seed.options ?? ['Opción uno', 'Opción dos', 'Opción tres'],
      correct: seed.correct ?? [0],
      chapter: seed.chapter ?? 'Regla 8',
      rule: '8:5',
      explanation: `Explicación ${counter}`,
      edition: 2025,
    };
  });
  await ctx.db.insert(bankQuestion).values(rows);
  return rows;
}

/** An exam with sensible conditions, any of them overridden. */
export function buildExam(ctx: AppContext, courseId: string, moduleId: string, overrides: Partial<ExamInputFields> = {}) {
  return createExam(ctx.db, courseId, {
    kind: 'reglamento',
    viewsPerClip: 1,
    answerSeconds: 10,
    title: 'Examen de reglamento',
    moduleId,
    questionCount: 4,
    perChapter: [],
    fixedQuestionIds: [],
    criticalQuestionIds: [],
    timeMinutes: 20,
    passPercent: 75,
    attempts: 2,
    waitHours: 0,
    resultsRelease: 'al-entregar',
    opensAt: null,
    closesAt: null,
    ...overrides,
  } as ExamInput);
}
