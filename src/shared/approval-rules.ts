// Who is 'Apto': the course's requirements ('Requisitos de aprobación') judged against a trainee's
// stored results. Shared by the server (which decides, and alone issues certificates) and the
// client (which shows the same words). Pure: the facts come in, no clock, no database.
import { addDays, addMonths } from './calendar.ts';

/** What a course asks to pass. Every requirement is optional: null / false / [] asks nothing. */
export interface ApprovalRequirements {
  /** 'Asistencia mínima (%)', 1–100. */
  minAttendancePercent: number | null;
  /** 'Exámenes aprobados': the exams to pass (ids of the course's exams). */
  examIds: string[];
  /** 'Todas las actividades aprobadas'. */
  allActivities: boolean;
  /** 'Jugadas: mínimo de aciertos (%)', 1–100, over the course's practice jugadas. */
  minJugadasPercent: number | null;
  /** 'Prueba física aprobada'. */
  fitness: boolean;
  /** 'Observación: promedio mínimo', 1–5 in tenths. */
  minObservationAverage: number | null;
  /** 'Pagos al día': nothing due left unpaid. */
  paymentsUpToDate: boolean;
}

export const noRequirements: ApprovalRequirements = {
  minAttendancePercent: null,
  examIds: [],
  allActivities: false,
  minJugadasPercent: null,
  fitness: false,
  minObservationAverage: null,
  paymentsUpToDate: false,
};

/** A trainee's stored results, as the requirements read them. */
export interface TraineeFacts {
  /** Classes that started and count (a 'Justificado' one does not), those attended, and those still to come. */
  attendance: { attended: number; counted: number; upcoming: number };
  /** Each of the course's exams: passed, attempts left, and whether it closed (no attempt can start). */
  exams: ReadonlyArray<{ id: string; title: string; kind: 'reglamento' | 'video'; passed: boolean; attemptsLeft: number; closed: boolean }>;
  /** The course's modules with questions, and those whose activity is approved. */
  activities: { total: number; approved: number };
  /** The course's practice jugadas, those answered (an answer is final) and those answered right. */
  jugadas: { total: number; answered: number; correct: number };
  /** 'aprobada' once a result passed the course's minimum; null before any result. */
  fitness: 'aprobada' | 'no-aprobada' | null;
  /** The average of their match observations; null before any. */
  observationAverage: number | null;
  /** Pesos due and unpaid today. */
  owed: number;
}

export const requirementKeys = ['attendance', 'exam', 'activities', 'jugadas', 'fitness', 'observation', 'payments'] as const;
export type RequirementKey = (typeof requirementKeys)[number];

/** 'cumplido': met; 'falta': not yet; 'imposible': can no longer be met. */
export type RequirementState = 'cumplido' | 'falta' | 'imposible';

export interface RequirementResult {
  key: RequirementKey;
  /** For an exam: its id (several exams can be required). */
  examId?: string;
  /** What is asked, as the record's column says it ('Asistencia mínima 75 %'). */
  label: string;
  state: RequirementState;
  /** The trainee's result, in words ('80 %', 'Aprobado', 'Sin resultado'). */
  result: string;
  /** What is still missing, in the words of 'Falta: …' ('2 clases'); null when met. */
  missing: string | null;
}

export const outcomes = ['apto', 'no-apto', 'en-curso'] as const;
export type Outcome = (typeof outcomes)[number];
export const outcomeLabels: Record<Outcome, string> = { apto: 'Apto', 'no-apto': 'No apto', 'en-curso': 'En curso' };

export interface TraineeOutcome {
  outcome: Outcome;
  results: RequirementResult[];
  /** 'Falta: examen de video, 2 clases' (or why it can no longer be met); '' when 'Apto'. */
  summary: string;
}

/** One trainee's line on a course record ('Acta del curso'), as it was when the record was closed. */
export interface RecordRow extends TraineeOutcome {
  userId: string;
  name: string;
  email: string;
}

const percentText = (value: number) => `${Math.round(value)} %`;
const decimalText = (value: number) => value.toLocaleString('es-AR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The fewest further classes a trainee must attend to reach `min` %, attending every one of them,
 * or null when even all the classes still to come are not enough.
 */
export function classesNeeded(attendance: TraineeFacts['attendance'], min: number): number | null {
  for (let k = 0; k <= attendance.upcoming; k++) {
    const counted = attendance.counted + k;
    if (counted > 0 && ((attendance.attended + k) * 100) / counted >= min) return k;
  }
  return null;
}

function attendanceResult(facts: TraineeFacts, min: number): RequirementResult {
  const { attended, counted } = facts.attendance;
  const needed = classesNeeded(facts.attendance, min);
  const base = {
    key: 'attendance' as const,
    label: `Asistencia mínima ${min} %`,
    result: counted > 0 ? percentText((attended * 100) / counted) : 'Sin clases',
  };
  if (needed === 0) return { ...base, state: 'cumplido', missing: null };
  // No class held or scheduled yet: the instructor has not planned them, nobody has failed.
  if (counted === 0 && facts.attendance.upcoming === 0) return { ...base, state: 'falta', missing: 'clases (no hay clases programadas)' };
  if (needed === null) return { ...base, state: 'imposible', missing: `asistencia (no alcanza el ${min} %)` };
  return { ...base, state: 'falta', missing: plural(needed, 'clase', 'clases') };
}

function examResult(exam: TraineeFacts['exams'][number] | undefined, id: string, sameKind: number): RequirementResult {
  if (!exam) {
    // A required exam that was deleted asks nothing more of anyone.
    return { key: 'exam', examId: id, label: 'Examen eliminado', state: 'cumplido', result: '—', missing: null };
  }
  const name = sameKind > 1 ? `examen «${exam.title}»` : exam.kind === 'video' ? 'examen de video' : 'examen de reglamento';
  const base = { key: 'exam' as const, examId: id, label: exam.title };
  if (exam.passed) return { ...base, state: 'cumplido', result: 'Aprobado', missing: null };
  const over = exam.attemptsLeft <= 0 || exam.closed;
  return { ...base, state: over ? 'imposible' : 'falta', result: 'No aprobado', missing: over ? `${name} (sin intentos)` : name };
}

function activitiesResult(facts: TraineeFacts): RequirementResult {
  const { total, approved } = facts.activities;
  const left = total - approved;
  const base = { key: 'activities' as const, label: 'Todas las actividades aprobadas', result: `${approved} de ${total}` };
  return left <= 0
    ? { ...base, state: 'cumplido', missing: null }
    : { ...base, state: 'falta', missing: plural(left, 'actividad', 'actividades') };
}

function jugadasResult(facts: TraineeFacts, min: number): RequirementResult {
  const { total, answered, correct } = facts.jugadas;
  const base = { key: 'jugadas' as const, label: `Jugadas: mínimo ${min} % de aciertos` };
  if (total === 0) return { ...base, state: 'cumplido', result: 'Sin jugadas', missing: null };
  const percent = (correct * 100) / total;
  const result = percentText(percent);
  if (percent >= min) return { ...base, state: 'cumplido', result, missing: null };
  // An answer is final: the best still possible is every unanswered one right.
  const best = ((correct + total - answered) * 100) / total;
  return best >= min
    ? { ...base, state: 'falta', result, missing: 'jugadas' }
    : { ...base, state: 'imposible', result, missing: `jugadas (no alcanza el ${min} %)` };
}

function fitnessResult(facts: TraineeFacts): RequirementResult {
  const base = { key: 'fitness' as const, label: 'Prueba física aprobada' };
  if (facts.fitness === 'aprobada') return { ...base, state: 'cumplido', result: 'Aprobada', missing: null };
  return { ...base, state: 'falta', result: facts.fitness === null ? 'Sin resultado' : 'No aprobada', missing: 'prueba física' };
}

function observationResult(facts: TraineeFacts, min: number): RequirementResult {
  const average = facts.observationAverage;
  const base = { key: 'observation' as const, label: `Observación: promedio mínimo ${decimalText(min)}` };
  if (average === null) return { ...base, state: 'falta', result: 'Sin observaciones', missing: 'observación de partido' };
  const result = decimalText(average);
  return average >= min
    ? { ...base, state: 'cumplido', result, missing: null }
    : { ...base, state: 'falta', result, missing: 'observación de partido' };
}

function paymentsResult(facts: TraineeFacts): RequirementResult {
  const base = { key: 'payments' as const, label: 'Pagos al día' };
  if (facts.owed <= 0) return { ...base, state: 'cumplido', result: 'Al día', missing: null };
  const owed = `$ ${facts.owed.toLocaleString('es-AR')}`;
  return { ...base, state: 'falta', result: `Debe ${owed}`, missing: `pagos (${owed})` };
}

/** Each requirement the course asks, judged against the trainee's facts, in the record's column order. */
export function requirementResults(requirements: ApprovalRequirements, facts: TraineeFacts): RequirementResult[] {
  const results: RequirementResult[] = [];
  if (requirements.minAttendancePercent !== null) results.push(attendanceResult(facts, requirements.minAttendancePercent));
  for (const id of requirements.examIds) {
    const exam = facts.exams.find((e) => e.id === id);
    const sameKind = exam ? requirements.examIds.filter((other) => facts.exams.find((e) => e.id === other)?.kind === exam.kind).length : 0;
    results.push(examResult(exam, id, sameKind));
  }
  if (requirements.allActivities) results.push(activitiesResult(facts));
  if (requirements.minJugadasPercent !== null) results.push(jugadasResult(facts, requirements.minJugadasPercent));
  if (requirements.fitness) results.push(fitnessResult(facts));
  if (requirements.minObservationAverage !== null) results.push(observationResult(facts, requirements.minObservationAverage));
  if (requirements.paymentsUpToDate) results.push(paymentsResult(facts));
  return results;
}

/**
 * The outcome: 'No apto' once a requirement can no longer be met, 'Apto' when every one is met,
 * 'En curso' otherwise. A course with no requirements makes everyone 'Apto'; the instructor is told
 * so on the page before issuing anything.
 */
export function decideOutcome(requirements: ApprovalRequirements, facts: TraineeFacts): TraineeOutcome {
  const results = requirementResults(requirements, facts);
  const outcome = results.some((r) => r.state === 'imposible') ? 'no-apto' : results.some((r) => r.state === 'falta') ? 'en-curso' : 'apto';
  return { outcome, results, summary: summaryOf(outcome, results) };
}

/** 'No puede cumplir: …' or 'Falta: …', naming the requirements of `results` that decide `outcome`. */
function summaryOf(outcome: Outcome, results: RequirementResult[]): string {
  const named = (state: RequirementState) =>
    results
      .filter((r) => r.state === state)
      .map((r) => r.missing)
      .join(', ');
  if (outcome === 'no-apto' && named('imposible')) return `No puede cumplir: ${named('imposible')}`;
  if (outcome === 'en-curso' && named('falta')) return `Falta: ${named('falta')}`;
  return '';
}

/**
 * The outcome's summary for a reader who does not see some parts of the record (an assistant: no
 * payments nor observations): the same words without those requirements, so the summary never says
 * what the reader's role withholds ('' when nothing else is missing).
 */
export function summaryWithout(outcome: TraineeOutcome, hidden: readonly RequirementKey[]): string {
  if (hidden.length === 0) return outcome.summary;
  const shown = outcome.results.filter((r) => !hidden.includes(r.key));
  // A closed record's words (closingOutcome): every requirement not met.
  if (outcome.summary.startsWith(closedPrefix)) {
    const unmet = shown.filter((r) => r.state !== 'cumplido').map((r) => r.missing);
    return unmet.length > 0 ? `${closedPrefix}${unmet.join(', ')}` : '';
  }
  return summaryOf(outcome.outcome, shown);
}

/**
 * The outcome written on a record when it is closed: whatever is not met then can no longer be, so
 * 'En curso' becomes 'No apto', and every requirement not met reads as not met, with all of them named.
 */
export function closingOutcome(outcome: TraineeOutcome): TraineeOutcome {
  if (outcome.outcome === 'apto') return outcome;
  const unmet = outcome.results.filter((r) => r.state !== 'cumplido');
  return {
    outcome: 'no-apto',
    results: outcome.results.map((r) => (r.state === 'falta' ? { ...r, state: 'imposible' } : r)),
    summary: `${closedPrefix}${unmet.map((r) => r.missing).join(', ')}`,
  };
}

const closedPrefix = 'No cumplió: ';

/** Whether a course asks anything at all (with no requirement, everyone would be 'Apto'). */
export const asksSomething = (r: ApprovalRequirements) =>
  r.minAttendancePercent !== null ||
  r.examIds.length > 0 ||
  r.allActivities ||
  r.minJugadasPercent !== null ||
  r.fitness ||
  r.minObservationAverage !== null ||
  r.paymentsUpToDate;

/** A licence's state on a given day: revoked first, then expired after its last day. */
export type CertificateState = 'vigente' | 'vencido' | 'revocado';
export const certificateStateLabels: Record<CertificateState, string> = { vigente: 'Vigente', vencido: 'Vencido', revocado: 'Revocado' };

export function certificateState(certificate: { expiresOn: string; revokedAt: Date | string | null }, today: string): CertificateState {
  if (certificate.revokedAt !== null) return 'revocado';
  return today > certificate.expiresOn ? 'vencido' : 'vigente';
}

/** The last day a licence is in force: `months` after the day it was issued. */
export const expiryOf = (issuedOn: string, months: number) => addMonths(issuedOn, months);

/** The days before expiry that a holder is reminded to renew. */
export const RENEWAL_REMINDER_DAYS = [60, 30, 7] as const;

/**
 * The renewal reminder due on `today` for a licence, as days before expiry (one of
 * `RENEWAL_REMINDER_DAYS`), or null. Only the latest one whose day has come: a day missed (the
 * server was down) is made up on the next run while the licence is still in force, never with the
 * earlier ones too. A reminder whose day came before the licence was issued is never due. Each
 * one goes once: the caller records it.
 */
export function renewalReminderDue(licence: { issuedOn: string; expiresOn: string }, today: string): number | null {
  if (today > licence.expiresOn) return null;
  const due = RENEWAL_REMINDER_DAYS.filter((days) => addDays(licence.expiresOn, -days) <= today).at(-1);
  if (due === undefined || addDays(licence.expiresOn, -due) <= licence.issuedOn) return null;
  return due;
}

/** How long after its expiry a licence still lets its holder into the course that renews it. */
export const RENEWAL_GRACE_MONTHS = 12;

/** The earliest expiry of a licence whose holder a renewal course enrols on `today` (in force, or expired less than a year ago). */
export const renewableSince = (today: string) => addMonths(today, -RENEWAL_GRACE_MONTHS);
