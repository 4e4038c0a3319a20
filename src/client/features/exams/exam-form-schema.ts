import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { useForm } from '@mantine/form';
import {
  examInputSchema,
  examScheduleSchema,
  type BankList,
  type Exam,
  type ExamInput,
  type ExamSchedule,
  type ResultsRelease,
} from '../../../shared/schemas/exams.ts';

// The exam form's values and the bodies they send. Numbers are '' while a field is empty; the
// per-chapter counts are one row per chapter of the bank (an empty count leaves the chapter out);
// 'Abre' and 'Cierra' are the browser's datetime-local text, sent as ISO with the phone's offset.

type NumberField = number | '';

export interface ExamFormValues {
  title: string;
  moduleId: string | null;
  questionCount: NumberField;
  perChapter: Array<{ chapter: string; available: number | null; count: NumberField }>;
  fixedQuestionIds: string[];
  criticalQuestionIds: string[];
  timeMinutes: NumberField;
  passPercent: NumberField;
  attempts: NumberField;
  waitHours: NumberField;
  resultsRelease: ResultsRelease;
  opensAt: string;
  closesAt: string;
}

export type ExamForm = ReturnType<typeof useForm<ExamFormValues>>;

const pad = (value: number) => String(value).padStart(2, '0');

/** '2026-03-03T18:00' (the phone's local time) → '2026-03-03T18:00:00-03:00'; '' → null. */
export function localToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return value.trim() ? value : null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:00${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** An ISO date as the datetime-local input shows it, in the phone's time; null → ''. */
export function isoToLocal(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const numberOf = (value: NumberField) => (value === '' ? Number.NaN : value);

/** One row per chapter of the bank, and the exam's own chapters that the bank no longer has. */
function chapterRows(bank: BankList, exam?: Exam): ExamFormValues['perChapter'] {
  const counts = new Map((exam?.perChapter ?? []).map((row) => [row.chapter, row.count]));
  const rows: ExamFormValues['perChapter'] = bank.chapters.map(({ chapter, count }) => ({
    chapter,
    available: count,
    count: counts.get(chapter) ?? '',
  }));
  for (const [chapter, count] of counts)
    if (!bank.chapters.some((row) => row.chapter === chapter)) rows.push({ chapter, available: null, count });
  return rows;
}

/** The form's values: a new exam's defaults, or the saved exam's. */
export function examFormValues(bank: BankList, exam?: Exam): ExamFormValues {
  return {
    title: exam?.title ?? '',
    moduleId: exam?.moduleId ?? null,
    questionCount: exam?.questionCount ?? 30,
    perChapter: chapterRows(bank, exam),
    fixedQuestionIds: exam?.fixedQuestionIds ?? [],
    criticalQuestionIds: exam?.criticalQuestionIds ?? [],
    timeMinutes: exam?.timeMinutes ?? 20,
    passPercent: exam?.passPercent ?? 80,
    attempts: exam?.attempts ?? 2,
    waitHours: exam?.waitHours ?? 0,
    resultsRelease: exam?.resultsRelease ?? 'al-entregar',
    opensAt: isoToLocal(exam?.opensAt ?? null),
    closesAt: isoToLocal(exam?.closesAt ?? null),
  };
}

/** The body of POST and PUT, and which form row each body row of the per-chapter counts came from. */
export function examBody(values: ExamFormValues): { body: ExamInput; chapterRow: number[] } {
  const chapterRow: number[] = [];
  const perChapter: ExamInput['perChapter'] = [];
  values.perChapter.forEach((row, index) => {
    if (row.count === '' || row.count === 0) return;
    chapterRow.push(index);
    perChapter.push({ chapter: row.chapter, count: row.count });
  });
  return {
    body: {
      title: values.title,
      moduleId: values.moduleId ?? '',
      questionCount: numberOf(values.questionCount),
      perChapter,
      fixedQuestionIds: values.fixedQuestionIds,
      criticalQuestionIds: values.criticalQuestionIds.filter((id) => values.fixedQuestionIds.includes(id)),
      timeMinutes: numberOf(values.timeMinutes),
      passPercent: numberOf(values.passPercent),
      attempts: numberOf(values.attempts),
      waitHours: numberOf(values.waitHours),
      resultsRelease: values.resultsRelease,
      opensAt: localToIso(values.opensAt),
      closesAt: localToIso(values.closesAt),
    },
    chapterRow,
  };
}

export const scheduleBody = (values: ExamFormValues): ExamSchedule => ({
  resultsRelease: values.resultsRelease,
  opensAt: localToIso(values.opensAt),
  closesAt: localToIso(values.closesAt),
});

/** An error path of the body ('perChapter.0.count') as the form's field ('perChapter.3.count'). */
export function toFormErrors(errors: Record<string, string>, chapterRow: number[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const parts = path.split('.');
    if (parts[0] === 'perChapter' && parts.length > 1) {
      const row = chapterRow[Number(parts[1])];
      out[row === undefined ? 'perChapter' : `perChapter.${row}.count`] ??= message;
    } else {
      out[parts[0] === 'fixedQuestionIds' || parts[0] === 'criticalQuestionIds' ? parts[0] : path] ??= message;
    }
  }
  return out;
}

/** The whole exam checked with the server's own schema; once attempts started, only the dates and the results release. */
export function validateExamForm(values: ExamFormValues, scheduleOnly: boolean): Record<string, string> {
  if (scheduleOnly) return zod4Resolver(examScheduleSchema)(scheduleBody(values)) as Record<string, string>;
  const { body, chapterRow } = examBody(values);
  return toFormErrors(zod4Resolver(examInputSchema)(body) as Record<string, string>, chapterRow);
}
