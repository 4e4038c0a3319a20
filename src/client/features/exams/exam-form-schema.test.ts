import { describe, expect, it } from 'vitest';
import { examMessages } from '../../../shared/messages.ts';
import type { BankList } from '../../../shared/schemas/exams.ts';
import { examBody, examFormValues, isoToLocal, localToIso, toFormErrors, validateExamForm } from './exam-form-schema.ts';

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
  it("sends 'Abre' and 'Cierra' as ISO dates with the phone's offset, and shows them back as typed", () => {
    const iso = localToIso('2030-03-03T18:05')!;
    expect(iso).toMatch(/^2030-03-03T18:05:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(iso)).toBe(new Date(2030, 2, 3, 18, 5).getTime());
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
