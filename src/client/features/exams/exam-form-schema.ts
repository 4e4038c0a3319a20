import { zod4Resolver } from 'mantine-form-zod-resolver';
import { dayOf, instantOf, timeOf } from '../../../shared/calendar.ts';
import type { useForm } from '@mantine/form';
import {
  examInputSchema,
  examScheduleSchema,
  type BankList,
  type Exam,
  type ExamInput,
  type ExamKind,
  type ExamSchedule,
  type ResultsRelease,
} from '../../../shared/schemas/exams.ts';
import { forExams, tagKey, type CourseJugadas } from '../../../shared/schemas/jugadas.ts';

// The exam form's values and the bodies they send. Numbers are '' while a field is empty; the
// per-chapter counts are one row per chapter of the bank (an empty count leaves the chapter out) —
// for a video exam one row per tag of the course's clips for exams; 'Abre' and 'Cierra' are the
// browser's datetime-local text, sent as ISO with the phone's offset.

type NumberField = number | '';

export interface ExamFormValues {
  kind: ExamKind;
  title: string;
  moduleId: string | null;
  questionCount: NumberField;
  perChapter: Array<{ chapter: string; available: number | null; count: NumberField }>;
  fixedQuestionIds: string[];
  criticalQuestionIds: string[];
  timeMinutes: NumberField;
  viewsPerClip: NumberField;
  answerSeconds: NumberField;
  passPercent: NumberField;
  attempts: NumberField;
  waitHours: NumberField;
  resultsRelease: ResultsRelease;
  opensAt: string;
  closesAt: string;
}

export type ExamForm = ReturnType<typeof useForm<ExamFormValues>>;

/** '2026-03-03T18:00' (the phone's local time) → '2026-03-03T18:00:00-03:00'; '' → null. */
export function localToIso(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  if (!match) return value.trim() ? value : null;
  // The course's time, as every date the app shows (it was the phone's: an instructor away from
  // Argentina's time opened and closed exams hours off).
  return instantOf(match[1]!, match[2]!).toISOString();
}

/** An ISO date as the datetime-local input shows it, in the phone's time; null → ''. */
export function isoToLocal(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${dayOf(date)}T${timeOf(date)}`;
}

const numberOf = (value: NumberField) => (value === '' ? Number.NaN : value);

/** A clip a video exam can draw: what the picker of 'Jugadas fijas' shows of it. */
export type PoolClip = Pick<CourseJugadas['jugadas'][number], 'id' | 'number' | 'prompt' | 'moduleNumber' | 'moduleName' | 'tags'>;

/** The course's clips for exams and their tags (each with how many clips have it). */
export interface ClipPool {
  clips: PoolClip[];
  tags: Array<{ tag: string; count: number }>;
}

export const emptyPool: ClipPool = { clips: [], tags: [] };

/**
 * The clips a video exam draws from, out of 'Jugadas del curso': for 'Examen' or 'Ambos', neither
 * they nor their module archived (an exam's use already needs an uploaded file with a known end).
 */
export function clipPoolOf(list: CourseJugadas): ClipPool {
  const drawable = list.jugadas.filter((clip) => forExams(clip.use) && !clip.archived && !clip.moduleArchived);
  const tags = new Map<string, { tag: string; count: number }>();
  for (const clip of drawable) {
    for (const tag of clip.tags) {
      const found = tags.get(tagKey(tag)) ?? { tag, count: 0 };
      found.count += 1;
      tags.set(tagKey(tag), found);
    }
  }
  const byName = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });
  return {
    clips: drawable.map(({ id, number, prompt, moduleNumber, moduleName, tags }) => ({
      id,
      number,
      prompt,
      moduleNumber,
      moduleName,
      tags,
    })),
    tags: [...tags.values()].sort((a, b) => byName.compare(a.tag, b.tag)),
  };
}

/**
 * One row per chapter of the bank (per tag of the pool, for a video exam, compared as the server
 * compares tags), and the exam's own chapters or tags that are no longer there.
 */
export function perChapterRows(kind: ExamKind, bank: BankList, pool: ClipPool, exam?: Exam): ExamFormValues['perChapter'] {
  const same = kind === 'video' ? tagKey : (name: string) => name;
  const available = kind === 'video' ? pool.tags.map(({ tag, count }) => ({ chapter: tag, count })) : bank.chapters;
  const saved = exam?.kind === kind ? exam.perChapter : [];
  const counts = new Map(saved.map((row) => [same(row.chapter), row]));
  const rows: ExamFormValues['perChapter'] = available.map(({ chapter, count }) => ({
    chapter: counts.get(same(chapter))?.chapter ?? chapter,
    available: count,
    count: counts.get(same(chapter))?.count ?? '',
  }));
  for (const row of saved)
    if (!available.some((other) => same(other.chapter) === same(row.chapter)))
      rows.push({ chapter: row.chapter, available: null, count: row.count });
  return rows;
}

/** How many items a new exam draws by default: a rules exam's questions, a video exam's clips. */
export const defaultCount: Record<ExamKind, number> = { reglamento: 30, video: 10 };

/** The form's values: a new exam's defaults, or the saved exam's. */
export function examFormValues(bank: BankList, exam?: Exam, pool: ClipPool = emptyPool): ExamFormValues {
  const kind = exam?.kind ?? 'reglamento';
  return {
    kind,
    title: exam?.title ?? '',
    moduleId: exam?.moduleId ?? null,
    questionCount: exam?.questionCount ?? defaultCount[kind],
    perChapter: perChapterRows(kind, bank, pool, exam),
    fixedQuestionIds: exam?.fixedQuestionIds ?? [],
    criticalQuestionIds: exam?.criticalQuestionIds ?? [],
    timeMinutes: exam?.timeMinutes || 20,
    viewsPerClip: exam?.viewsPerClip ?? 1,
    answerSeconds: exam?.answerSeconds ?? 10,
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
      kind: values.kind,
      title: values.title,
      moduleId: values.moduleId ?? '',
      questionCount: numberOf(values.questionCount),
      perChapter,
      fixedQuestionIds: values.fixedQuestionIds,
      criticalQuestionIds: values.criticalQuestionIds.filter((id) => values.fixedQuestionIds.includes(id)),
      timeMinutes: values.kind === 'video' ? undefined : numberOf(values.timeMinutes),
      viewsPerClip: numberOf(values.viewsPerClip),
      answerSeconds: numberOf(values.answerSeconds),
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
