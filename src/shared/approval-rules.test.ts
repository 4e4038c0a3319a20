import { describe, expect, it } from 'vitest';
import {
  asksSomething,
  certificateState,
  classesNeeded,
  closingOutcome,
  decideOutcome,
  expiryOf,
  noRequirements,
  renewableSince,
  renewalReminderDue,
  summaryWithout,
  type ApprovalRequirements,
  type RequirementState,
  type TraineeFacts,
} from './approval-rules.ts';

/** A trainee who has done nothing yet, in a course with classes, exams and jugadas ahead. */
const beginner: TraineeFacts = {
  attendance: { attended: 0, counted: 0, upcoming: 10 },
  exams: [
    { id: 'reglas', title: 'Examen de reglamento', kind: 'reglamento', passed: false, attemptsLeft: 2, closed: false },
    { id: 'video', title: 'Examen de video', kind: 'video', passed: false, attemptsLeft: 1, closed: false },
  ],
  activities: { total: 4, approved: 0 },
  jugadas: { total: 10, answered: 0, correct: 0 },
  fitness: null,
  observationAverage: null,
  owed: 0,
};

const only = (requirement: Partial<ApprovalRequirements>): ApprovalRequirements => ({ ...noRequirements, ...requirement });

describe('each requirement: met, missing, impossible', () => {
  const cases: Array<[string, Partial<ApprovalRequirements>, Partial<TraineeFacts>, RequirementState, string | null]> = [
    // Attendance: counted classes attended, and how many more it takes.
    ['attendance met', { minAttendancePercent: 75 }, { attendance: { attended: 3, counted: 4, upcoming: 0 } }, 'cumplido', null],
    [
      'attendance two classes short',
      { minAttendancePercent: 75 },
      { attendance: { attended: 1, counted: 2, upcoming: 4 } },
      'falta',
      '2 clases',
    ],
    [
      'attendance one class short',
      { minAttendancePercent: 50 },
      { attendance: { attended: 0, counted: 0, upcoming: 3 } },
      'falta',
      '1 clase',
    ],
    [
      'attendance out of reach',
      { minAttendancePercent: 80 },
      { attendance: { attended: 1, counted: 5, upcoming: 2 } },
      'imposible',
      'asistencia (no alcanza el 80 %)',
    ],
    [
      'attendance before any class is planned',
      { minAttendancePercent: 80 },
      { attendance: { attended: 0, counted: 0, upcoming: 0 } },
      'falta',
      'clases (no hay clases programadas)',
    ],
    // Exams: passed, with attempts left, without attempts, closed.
    ['exam passed', { examIds: ['video'] }, { exams: [{ ...beginner.exams[1]!, passed: true, attemptsLeft: 0 }] }, 'cumplido', null],
    ['exam to take', { examIds: ['video'] }, {}, 'falta', 'examen de video'],
    [
      'exam without attempts',
      { examIds: ['reglas'] },
      { exams: [{ ...beginner.exams[0]!, attemptsLeft: 0 }] },
      'imposible',
      'examen de reglamento (sin intentos)',
    ],
    [
      'exam closed',
      { examIds: ['reglas'] },
      { exams: [{ ...beginner.exams[0]!, closed: true }] },
      'imposible',
      'examen de reglamento (sin intentos)',
    ],
    ['exam deleted', { examIds: ['gone'] }, {}, 'cumplido', null],
    // Activities.
    ['activities all approved', { allActivities: true }, { activities: { total: 4, approved: 4 } }, 'cumplido', null],
    ['activities one left', { allActivities: true }, { activities: { total: 4, approved: 3 } }, 'falta', '1 actividad'],
    ['activities three left', { allActivities: true }, { activities: { total: 4, approved: 1 } }, 'falta', '3 actividades'],
    // Jugadas: an answer is final.
    ['jugadas met', { minJugadasPercent: 70 }, { jugadas: { total: 10, answered: 8, correct: 7 } }, 'cumplido', null],
    ['jugadas still reachable', { minJugadasPercent: 70 }, { jugadas: { total: 10, answered: 5, correct: 3 } }, 'falta', 'jugadas'],
    [
      'jugadas out of reach',
      { minJugadasPercent: 70 },
      { jugadas: { total: 10, answered: 9, correct: 5 } },
      'imposible',
      'jugadas (no alcanza el 70 %)',
    ],
    ['no jugadas in the course', { minJugadasPercent: 70 }, { jugadas: { total: 0, answered: 0, correct: 0 } }, 'cumplido', null],
    // Physical test: it can always be taken again.
    ['fitness passed', { fitness: true }, { fitness: 'aprobada' }, 'cumplido', null],
    ['fitness failed', { fitness: true }, { fitness: 'no-aprobada' }, 'falta', 'prueba física'],
    ['fitness not taken', { fitness: true }, {}, 'falta', 'prueba física'],
    // Observations.
    ['observation met', { minObservationAverage: 3.5 }, { observationAverage: 3.5 }, 'cumplido', null],
    ['observation below', { minObservationAverage: 3.5 }, { observationAverage: 3.4 }, 'falta', 'observación de partido'],
    ['observation none', { minObservationAverage: 3.5 }, {}, 'falta', 'observación de partido'],
    // Payments.
    ['payments up to date', { paymentsUpToDate: true }, { owed: 0 }, 'cumplido', null],
    ['payments owed', { paymentsUpToDate: true }, { owed: 3000 }, 'falta', 'pagos ($ 3.000)'],
  ];
  it.each(cases)('%s', (_name, requirement, facts, state, missing) => {
    const [result] = decideOutcome(only(requirement), { ...beginner, ...facts }).results;
    expect(result).toMatchObject({ state, missing });
  });
});

describe('the outcome', () => {
  it('is Apto when every requirement is met', () => {
    const outcome = decideOutcome(only({ fitness: true, paymentsUpToDate: true }), { ...beginner, fitness: 'aprobada' });
    expect(outcome).toMatchObject({ outcome: 'apto', summary: '' });
  });

  it('is En curso with what is missing in words', () => {
    const outcome = decideOutcome(only({ minAttendancePercent: 75, examIds: ['video'] }), {
      ...beginner,
      attendance: { attended: 1, counted: 2, upcoming: 4 },
    });
    expect(outcome).toMatchObject({ outcome: 'en-curso', summary: 'Falta: 2 clases, examen de video' });
  });

  it('is No apto as soon as one requirement can no longer be met, whatever else is met', () => {
    const outcome = decideOutcome(only({ fitness: true, examIds: ['reglas'] }), {
      ...beginner,
      fitness: 'aprobada',
      exams: [{ ...beginner.exams[0]!, attemptsLeft: 0 }],
    });
    expect(outcome).toMatchObject({ outcome: 'no-apto', summary: 'No puede cumplir: examen de reglamento (sin intentos)' });
  });

  it('names exams by title when two of the same kind are required', () => {
    const exams = [
      { id: 'a', title: 'Parcial 1', kind: 'reglamento' as const, passed: false, attemptsLeft: 1, closed: false },
      { id: 'b', title: 'Parcial 2', kind: 'reglamento' as const, passed: false, attemptsLeft: 1, closed: false },
    ];
    expect(decideOutcome(only({ examIds: ['a', 'b'] }), { ...beginner, exams }).summary).toBe(
      'Falta: examen «Parcial 1», examen «Parcial 2»',
    );
  });

  it('makes everyone Apto when nothing is asked, and says nothing is asked', () => {
    expect(decideOutcome(noRequirements, beginner).outcome).toBe('apto');
    expect(asksSomething(noRequirements)).toBe(false);
    expect(asksSomething(only({ fitness: true }))).toBe(true);
  });

  it('turns what is still missing into No apto when the record is closed', () => {
    const open = decideOutcome(only({ fitness: true, paymentsUpToDate: true }), { ...beginner, owed: 500 });
    const closed = closingOutcome(open);
    expect(closed.outcome).toBe('no-apto');
    expect(closed.results.map((r) => r.state)).toEqual(['imposible', 'imposible']);
    expect(closed.summary).toBe('No cumplió: prueba física, pagos ($ 500)');
    const apto = decideOutcome(noRequirements, beginner);
    expect(closingOutcome(apto)).toBe(apto);
  });

  it('names every requirement not met on a closed record, also for who was already No apto', () => {
    const noApto = decideOutcome(only({ fitness: true, examIds: ['reglas'] }), {
      ...beginner,
      exams: [{ ...beginner.exams[0]!, attemptsLeft: 0 }],
    });
    const closed = closingOutcome(noApto);
    expect(closed.results.map((r) => r.state)).toEqual(['imposible', 'imposible']);
    expect(closed.summary).toBe('No cumplió: examen de reglamento (sin intentos), prueba física');
  });

  it('says nothing of payments or observations to a reader who does not see them', () => {
    const requirements = only({ fitness: true, paymentsUpToDate: true, minObservationAverage: 3 });
    const owing = decideOutcome(requirements, { ...beginner, owed: 500, observationAverage: 2 });
    expect(owing.summary).toMatch(/pagos \(\$ 500\)/);
    const hidden = ['payments', 'observation'] as const;
    expect(summaryWithout(owing, hidden)).toBe('Falta: prueba física');
    expect(summaryWithout(owing, [])).toBe(owing.summary);
    // Only payments missing: the outcome stays, its words say nothing.
    const onlyPayments = decideOutcome(only({ paymentsUpToDate: true }), { ...beginner, owed: 500 });
    expect(onlyPayments.outcome).toBe('en-curso');
    expect(summaryWithout(onlyPayments, hidden)).toBe('');
    // A closed record too.
    expect(summaryWithout(closingOutcome(owing), hidden)).toBe('No cumplió: prueba física');
  });
});

describe('classes needed to reach a minimum', () => {
  const cases: Array<[number, number, number, number, number | null]> = [
    [3, 4, 0, 75, 0],
    [1, 2, 4, 75, 2],
    [0, 0, 1, 100, 1],
    [0, 0, 0, 1, null],
    [1, 5, 2, 80, null],
  ];
  it.each(cases)('%s of %s with %s to come, for %s %%: %s', (attended, counted, upcoming, min, needed) => {
    expect(classesNeeded({ attended, counted, upcoming }, min)).toBe(needed);
  });
});

describe('a licence', () => {
  it('expires the given months later, on the last day of a shorter month', () => {
    expect(expiryOf('2026-11-27', 12)).toBe('2027-11-27');
    expect(expiryOf('2027-01-31', 1)).toBe('2027-02-28');
    expect(expiryOf('2028-01-31', 1)).toBe('2028-02-29');
  });

  it('is in force up to its last day, then expired; revoked whatever the day', () => {
    const licence = { expiresOn: '2027-11-27', revokedAt: null };
    expect(certificateState(licence, '2027-11-27')).toBe('vigente');
    expect(certificateState(licence, '2027-11-28')).toBe('vencido');
    expect(certificateState({ ...licence, revokedAt: new Date() }, '2026-12-01')).toBe('revocado');
  });
});

describe('renewal reminders', () => {
  // A licence issued on 2026-01-10 that expires on 2027-01-10.
  const licence = { issuedOn: '2026-01-10', expiresOn: '2027-01-10' };
  const cases: Array<[string, string, number | null]> = [
    ['61 days before', '2026-11-10', null],
    ['60 days before', '2026-11-11', 60],
    ['between 60 and 30', '2026-11-30', 60],
    ['30 days before', '2026-12-11', 30],
    ['30 missed, made up later (not 60 too)', '2026-12-20', 30],
    ['7 days before', '2027-01-03', 7],
    ['its last day', '2027-01-10', 7],
    ['expired', '2027-01-11', null],
  ];
  it.each(cases)('%s (%s): %s', (_what, today, due) => {
    expect(renewalReminderDue(licence, today)).toBe(due);
  });

  it('never reminds of a day that came before the licence was issued', () => {
    const short = { issuedOn: '2026-12-01', expiresOn: '2027-01-10' };
    expect(renewalReminderDue(short, '2026-12-01')).toBeNull();
    expect(renewalReminderDue(short, '2026-12-10')).toBeNull();
    expect(renewalReminderDue(short, '2026-12-11')).toBe(30);
  });

  it('lets in holders whose licence expired less than a year ago', () => {
    expect(renewableSince('2027-03-15')).toBe('2026-03-15');
    expect(renewableSince('2028-02-29')).toBe('2027-02-28');
  });
});
