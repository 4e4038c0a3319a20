// The activity state machine (spec §4), in one place: the API enforces it and the client
// uses it to decide what to show. Pure functions over plain data.
import { messages } from './messages.ts';

export interface ItemState {
  answer: string | null;
  /** null: not corrected yet; true: correct; false: incorrect. */
  correction: boolean | null;
  feedback: string | null;
  editable: boolean;
}

export interface ActivityState<I extends ItemState = ItemState> {
  /** Submitted and awaiting correction. */
  submitted: boolean;
  items: I[];
}

export type ModuleProgress = 'sin-responder' | 'enviado' | 'con-correcciones' | 'aprobado';

export const progressLabels: Record<ModuleProgress, string> = {
  'sin-responder': 'Sin responder',
  enviado: 'Enviado',
  'con-correcciones': 'Con correcciones',
  aprobado: 'Aprobado',
};

export class TransitionError extends Error {
  readonly reason: 'not-editable' | 'unanswered' | 'already-submitted' | 'not-submitted' | 'not-corrected' | 'incomplete-correction';
  constructor(reason: TransitionError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

/** An answer can be written while its item is editable and not marked correct, and the activity is not awaiting correction. */
export function canEditItem(activity: ActivityState, item: ItemState): boolean {
  return !activity.submitted && item.editable && item.correction !== true;
}

export function canSubmit(activity: ActivityState): boolean {
  return !activity.submitted && activity.items.some((item) => canEditItem(activity, item));
}

export function isAnswered(item: ItemState): boolean {
  return (item.answer ?? '').trim().length > 0;
}

export interface ProgressSummary {
  submitted: boolean;
  items: number;
  correct: number;
  incorrect: number;
}

/** The module's state as the student and the admin see it, from counts (lists read these in SQL). */
export function progressFromSummary({ submitted, items, correct, incorrect }: ProgressSummary): ModuleProgress {
  if (submitted) return 'enviado';
  if (items > 0 && correct === items) return 'aprobado';
  if (incorrect > 0) return 'con-correcciones';
  return 'sin-responder';
}

/**
 * Whether the student did something in their activity: wrote an answer, sent it, was corrected.
 * An archived module stays readable for them when they did.
 */
export function hasWork(activity: { submittedAt: unknown; correctedAt: unknown; answered: number }): boolean {
  return activity.submittedAt != null || activity.correctedAt != null || activity.answered > 0;
}

export function progressOf(activity: ActivityState): ModuleProgress {
  return progressFromSummary({
    submitted: activity.submitted,
    items: activity.items.length,
    correct: activity.items.filter((item) => item.correction === true).length,
    incorrect: activity.items.filter((item) => item.correction === false).length,
  });
}

/** Draft answers typed by the student; answers to items that are not editable are refused. */
export function saveAnswers<I extends ItemState>(activity: ActivityState<I>, answers: Map<number, string>): ActivityState<I> {
  if (activity.submitted) throw new TransitionError('already-submitted', messages.alreadySubmitted);
  const items = activity.items.map((item, index) => {
    const answer = answers.get(index);
    if (answer === undefined) return item;
    if (!canEditItem(activity, item)) throw new TransitionError('not-editable', messages.answerLocked);
    return { ...item, answer };
  });
  return { ...activity, items };
}

/**
 * The same 'Enviar' again (a double tap, a retry after a lost answer): already submitted, with
 * exactly the answers stored. It is answered as a success and changes nothing.
 */
export function isSameSubmission(activity: ActivityState, answers: Map<number, string>): boolean {
  return activity.submitted && [...answers].every(([index, answer]) => activity.items[index]?.answer === answer);
}

/** 'Enviar': every answer must be written; then everything is read-only until corrected. */
export function submit<I extends ItemState>(activity: ActivityState<I>): ActivityState<I> {
  if (activity.submitted) throw new TransitionError('already-submitted', messages.alreadySubmitted);
  if (!activity.items.every(isAnswered)) throw new TransitionError('unanswered', messages.unanswered);
  if (!canSubmit(activity)) throw new TransitionError('not-editable', messages.nothingToSubmit);
  return { submitted: true, items: activity.items.map((item) => ({ ...item, editable: false })) };
}

export interface ItemCorrection {
  correct: boolean;
  feedback: string | null;
}

/**
 * 'Guardar corrección': a decision for every item; correct items become final, incorrect ones
 * go back to the student with the feedback; the activity no longer awaits correction.
 */
export function correct<I extends ItemState>(activity: ActivityState<I>, corrections: ItemCorrection[]): ActivityState<I> {
  if (!activity.submitted) throw new TransitionError('not-submitted', messages.notAwaitingCorrection);
  return { submitted: false, items: applyCorrections(activity.items, corrections) };
}

/** An activity whose every item carries a decision: it was corrected and not submitted again since. */
export function isCorrected(activity: ActivityState): boolean {
  return !activity.submitted && activity.items.length > 0 && activity.items.every((item) => item.correction !== null);
}

/**
 * 'Modificar corrección': the admin changes the decisions of an activity already corrected (and
 * not submitted again). The items follow the same rules as a first correction: correct ones
 * become final, incorrect ones go back to the student, who may answer again and resubmit.
 */
export function changeCorrection<I extends ItemState>(activity: ActivityState<I>, corrections: ItemCorrection[]): ActivityState<I> {
  if (activity.submitted && activity.items.some((item) => item.correction !== null)) {
    throw new TransitionError('already-submitted', messages.resubmittedSinceCorrection);
  }
  if (!isCorrected(activity)) throw new TransitionError('not-corrected', messages.notCorrectedYet);
  return { submitted: false, items: applyCorrections(activity.items, corrections) };
}

function applyCorrections<I extends ItemState>(items: I[], corrections: ItemCorrection[]): I[] {
  if (corrections.length !== items.length) {
    throw new TransitionError('incomplete-correction', messages.markEveryAnswer);
  }
  return items.map((item, index) => {
    const { correct: isCorrect, feedback } = corrections[index]!;
    return { ...item, correction: isCorrect, editable: !isCorrect, feedback: feedback?.trim() ? feedback.trim() : null };
  });
}
