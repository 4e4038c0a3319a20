import { describe, expect, it } from 'vitest';
import {
  canEditItem,
  canSubmit,
  changeCorrection,
  correct,
  progressOf,
  saveAnswers,
  submit,
  TransitionError,
  type ActivityState,
  type ItemState,
} from './activity-state.ts';
import { messages } from './messages.ts';

const item = (overrides: Partial<ItemState> = {}): ItemState => ({
  answer: null,
  correction: null,
  feedback: null,
  editable: true,
  ...overrides,
});
const fresh = (count = 3): ActivityState => ({ submitted: false, items: Array.from({ length: count }, () => item()) });
const answered = (count = 3) => saveAnswers(fresh(count), new Map(Array.from({ length: count }, (_, i) => [i, `respuesta ${i + 1}`])));

function expectTransitionError(action: () => unknown, reason: TransitionError['reason']) {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(TransitionError);
    expect((error as TransitionError).reason).toBe(reason);
    return;
  }
  throw new Error('se esperaba un error de transición');
}

describe('a new activity (module just enabled)', () => {
  it('is sin responder, every item editable, and can be submitted once answered', () => {
    const activity = fresh();
    expect(progressOf(activity)).toBe('sin-responder');
    expect(activity.items.every((i) => canEditItem(activity, i))).toBe(true);
    expect(canSubmit(activity)).toBe(true);
  });

  it('saves drafts without submitting', () => {
    const activity = saveAnswers(fresh(), new Map([[1, 'borrador']]));
    expect(activity.items[1]!.answer).toBe('borrador');
    expect(activity.items[0]!.answer).toBeNull();
    expect(activity.submitted).toBe(false);
  });
});

describe('submit', () => {
  it('is refused with the spec message while an answer is empty or blank', () => {
    const partial = saveAnswers(
      fresh(),
      new Map([
        [0, 'a'],
        [1, '   '],
      ]),
    );
    expect(() => submit(partial)).toThrow(messages.unanswered);
    expectTransitionError(() => submit(partial), 'unanswered');
  });

  it('marks the activity submitted and every item read-only', () => {
    const sent = submit(answered());
    expect(sent.submitted).toBe(true);
    expect(progressOf(sent)).toBe('enviado');
    expect(sent.items.every((i) => !i.editable && !canEditItem(sent, i))).toBe(true);
    expect(canSubmit(sent)).toBe(false);
  });

  it('cannot happen twice, and drafts are refused while awaiting correction', () => {
    const sent = submit(answered());
    expectTransitionError(() => submit(sent), 'already-submitted');
    expectTransitionError(() => saveAnswers(sent, new Map([[0, 'cambio']])), 'already-submitted');
  });
});

describe('correct', () => {
  it('is refused when the activity was not submitted', () => {
    expectTransitionError(() => correct(answered(), [{ correct: true, feedback: null }]), 'not-submitted');
  });

  it('needs a decision for every item', () => {
    expectTransitionError(() => correct(submit(answered()), [{ correct: true, feedback: null }]), 'incomplete-correction');
  });

  it('makes correct items final and returns incorrect ones, with feedback, to the student', () => {
    const corrected = correct(submit(answered()), [
      { correct: true, feedback: null },
      { correct: false, feedback: '  Revisá la regla 8.  ' },
      { correct: true, feedback: '' },
    ]);
    expect(corrected.submitted).toBe(false);
    expect(progressOf(corrected)).toBe('con-correcciones');
    expect(corrected.items.map((i) => [i.correction, i.editable])).toEqual([
      [true, false],
      [false, true],
      [true, false],
    ]);
    expect(corrected.items[1]!.feedback).toBe('Revisá la regla 8.');
    expect(corrected.items[2]!.feedback).toBeNull();
    expect(canEditItem(corrected, corrected.items[0]!)).toBe(false);
    expect(canEditItem(corrected, corrected.items[1]!)).toBe(true);
  });

  it('all correct → aprobado, nothing left to edit or submit', () => {
    const approved = correct(submit(answered(2)), [
      { correct: true, feedback: null },
      { correct: true, feedback: null },
    ]);
    expect(progressOf(approved)).toBe('aprobado');
    expect(canSubmit(approved)).toBe(false);
    expectTransitionError(() => saveAnswers(approved, new Map([[0, 'cambio']])), 'not-editable');
  });
});

describe('resubmitting after a correction', () => {
  const corrected = () =>
    correct(submit(answered()), [
      { correct: true, feedback: null },
      { correct: false, feedback: 'No.' },
      { correct: true, feedback: null },
    ]);

  it('lets the student fix only the incorrect answer', () => {
    const fixed = saveAnswers(corrected(), new Map([[1, 'respuesta corregida']]));
    expect(fixed.items[1]!.answer).toBe('respuesta corregida');
    expectTransitionError(() => saveAnswers(corrected(), new Map([[0, 'cambio']])), 'not-editable');
  });

  it('submits again and, once all correct, ends aprobado', () => {
    const resent = submit(saveAnswers(corrected(), new Map([[1, 'respuesta corregida']])));
    expect(progressOf(resent)).toBe('enviado');
    const approved = correct(resent, [
      { correct: true, feedback: null },
      { correct: true, feedback: null },
      { correct: true, feedback: null },
    ]);
    expect(progressOf(approved)).toBe('aprobado');
  });
});

describe('changeCorrection', () => {
  const corrected = () =>
    correct(submit(answered()), [
      { correct: true, feedback: null },
      { correct: false, feedback: 'No.' },
      { correct: true, feedback: null },
    ]);

  it('is refused before a first correction, and after a new submission', () => {
    expectTransitionError(() => changeCorrection(answered(), [{ correct: true, feedback: null }]), 'not-corrected');
    expectTransitionError(() => changeCorrection(submit(answered()), [{ correct: true, feedback: null }]), 'not-corrected');
    const resent = submit(saveAnswers(corrected(), new Map([[1, 'otra']])));
    expectTransitionError(() => changeCorrection(resent, [{ correct: true, feedback: null }]), 'already-submitted');
  });

  it('follows the rules of a correction: a correct item becomes final, an incorrect one goes back to the student', () => {
    const changed = changeCorrection(corrected(), [
      { correct: false, feedback: 'Mirá de nuevo.' },
      { correct: true, feedback: null },
      { correct: true, feedback: null },
    ]);
    expect(changed.items.map((i) => [i.correction, i.editable, i.feedback])).toEqual([
      [false, true, 'Mirá de nuevo.'],
      [true, false, null],
      [true, false, null],
    ]);
    expect(progressOf(changed)).toBe('con-correcciones');
    expect(canSubmit(changed)).toBe(true);
    expectTransitionError(() => changeCorrection(corrected(), [{ correct: true, feedback: null }]), 'incomplete-correction');
  });
});
