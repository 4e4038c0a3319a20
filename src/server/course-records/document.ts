// The course record ('Acta del curso') as a document: what its PDF and its CSV print, built from a
// closed record's stored row or from the course's live outcomes (the draft). Both files read only
// this, so a closed record prints the same whatever happens to the course afterwards.
import {
  outcomeLabels,
  requirementResults,
  type ApprovalRequirements,
  type RecordRow,
  type RequirementResult,
  type TraineeFacts,
} from '../../shared/approval-rules.ts';

export interface RecordDocument {
  /** The record's number; null for the draft ('BORRADOR'). */
  number: number | null;
  courseName: string;
  /** The first and last class (yyyy-mm-dd), null without classes. */
  firstDay: string | null;
  lastDay: string | null;
  requirements: ApprovalRequirements;
  /** The titles of the course's exams, for the required ones' columns (a closed record reads them off its rows). */
  exams: ReadonlyArray<{ id: string; title: string; kind: 'reglamento' | 'video' }>;
  /** One line per trainee, by name. */
  rows: RecordRow[];
  /** Who closed it (the draft: who downloads it). */
  instructorName: string;
  /** The day it was closed (the draft: today), yyyy-mm-dd in the course's zone. */
  day: string;
  /** The record this one corrects: the one in force before, replaced ('Rectifica el acta N° 1 del 27/11/2026'). */
  rectifies: { number: number; day: string } | null;
  /** When the file was made: a closed record's own closing instant, so its file never changes. */
  created: Date;
}

/** One requirement's column: what it asks, and the trainee's result under it. */
export interface RecordColumn {
  key: RequirementResult['key'];
  examId: string | undefined;
  /** The column's heading, as the rules word it ('Asistencia mínima 75 %', the exam's title). */
  label: string;
  /** The requirement in words, for the list on the record ('Examen aprobado: «Reglamento 2025»'). */
  words: string;
  /** The column's short heading when the labels do not fit ('Asistencia', 'Examen 2'), named in full in the legend. */
  short: string;
}

const shortHeadings: Record<RequirementResult['key'], string> = {
  attendance: 'Asistencia',
  exam: 'Examen',
  activities: 'Actividades',
  jugadas: 'Jugadas',
  fitness: 'Prueba física',
  observation: 'Observación',
  payments: 'Pagos',
};

const noFacts = (exams: RecordDocument['exams']): TraineeFacts => ({
  attendance: { attended: 0, counted: 0, upcoming: 0 },
  exams: exams.map((exam) => ({ ...exam, passed: false, attemptsLeft: 0, closed: false })),
  activities: { total: 0, approved: 0 },
  jugadas: { total: 0, answered: 0, correct: 0 },
  fitness: null,
  observationAverage: null,
  owed: 0,
});

/**
 * The requirement columns, in the rules' order and with their labels: the rules judge facts that
 * meet nothing, and each judgement's label is the column's heading (labels depend only on what is
 * asked, never on the facts).
 */
export function recordColumns(document: Pick<RecordDocument, 'requirements' | 'exams'>): RecordColumn[] {
  const results = requirementResults(document.requirements, noFacts(document.exams));
  const examCount = results.filter((result) => result.key === 'exam').length;
  let examNumber = 0;
  return results.map((result) => {
    const known = result.key !== 'exam' || document.exams.some((exam) => exam.id === result.examId);
    if (result.key === 'exam') examNumber++;
    return {
      key: result.key,
      examId: result.examId,
      label: result.label,
      words: result.key !== 'exam' ? result.label : known ? `Examen aprobado: «${result.label}»` : 'Examen eliminado (ya no se exige)',
      // Several exams are numbered in the order the list above the table names them.
      short: result.key === 'exam' && examCount > 1 ? `Examen ${examNumber}` : shortHeadings[result.key],
    };
  });
}

/** The exams a record's rows name (a closed record keeps no other list of them). */
export function examsOfRows(rows: RecordRow[]): RecordDocument['exams'] {
  const exams = new Map<string, { id: string; title: string; kind: 'reglamento' | 'video' }>();
  for (const row of rows) {
    for (const result of row.results) {
      // A deleted exam's column reads 'Examen eliminado' on every row: it stays unknown.
      if (result.key === 'exam' && result.examId && result.result !== '—' && !exams.has(result.examId)) {
        exams.set(result.examId, { id: result.examId, title: result.label, kind: 'reglamento' });
      }
    }
  }
  return [...exams.values()];
}

/** A trainee's result under a column, and whether it meets it. */
export function cellOf(row: RecordRow, column: RecordColumn): RequirementResult | undefined {
  return row.results.find((result) => result.key === column.key && result.examId === column.examId);
}

/**
 * Whether a result fails its requirement for good: one that can no longer be met, and on a closed
 * record anything not met (nothing more counts after closing, whatever the outcome was).
 */
export const failsFor = (result: RequirementResult, closed: boolean) =>
  result.state === 'imposible' || (closed && result.state === 'falta');

/** Under a result that does not meet its requirement: '(falta)' while it still can, '(no cumple)' once it cannot. */
export const cellNote = (result: RequirementResult, closed: boolean) =>
  result.state === 'cumplido' ? '' : failsFor(result, closed) ? '(no cumple)' : '(falta)';

export const outcomeText = (row: RecordRow) => outcomeLabels[row.outcome];

/** '12 aptos de 20', and in a draft how many are still 'En curso'. */
export function countsText(rows: RecordRow[]): string {
  const apto = rows.filter((row) => row.outcome === 'apto').length;
  const inProgress = rows.filter((row) => row.outcome === 'en-curso').length;
  const counts = `${apto} ${apto === 1 ? 'apto' : 'aptos'} de ${rows.length}`;
  return inProgress > 0 ? `${counts} · ${inProgress} en curso` : counts;
}

const numericDay = new Intl.DateTimeFormat('es-AR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
const wordsDay = new Intl.DateTimeFormat('es-AR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '07/03/2026'. */
export const dayNumeric = (day: string) => numericDay.format(new Date(`${day}T00:00:00Z`));
/** '27 de noviembre de 2026'. */
export const dayInWords = (day: string) => wordsDay.format(new Date(`${day}T00:00:00Z`));

/** 'Clases del 07/03/2026 al 28/11/2026' (or of its one day), or 'Sin clases registradas'. */
export function classesText(document: Pick<RecordDocument, 'firstDay' | 'lastDay'>): string {
  const { firstDay, lastDay } = document;
  if (!firstDay || !lastDay) return 'Sin clases registradas';
  if (firstDay === lastDay) return `Clase del ${dayNumeric(firstDay)}`;
  return `Clases del ${dayNumeric(firstDay)} al ${dayNumeric(lastDay)}`;
}

/** 'Rectifica el acta N° 1 del 27/11/2026'. */
export const rectifiesText = (rectifies: NonNullable<RecordDocument['rectifies']>) =>
  `Rectifica el acta N° ${rectifies.number} del ${dayNumeric(rectifies.day)}`;

/** 'Acta N° 2', or 'Borrador'. */
export const recordTitle = (document: Pick<RecordDocument, 'number'>) =>
  document.number === null ? 'Borrador' : `Acta N° ${document.number}`;
