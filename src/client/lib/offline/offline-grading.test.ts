import { describe, expect, it } from 'vitest';
import { resultFromKey } from './offline-grading.ts';

const key = {
  jugadaId: 'j1',
  correctDecision: { id: 'siete', label: 'Tiro de 7 metros' },
  correctSanction: { id: 'dos', label: 'Exclusión de 2 minutos' },
  correctMoment: 3.2,
  tolerance: 1,
  explanation: 'Regla 8:5.',
};

describe('a practice jugada graded on the phone', () => {
  it('grades as the server does and shows the call', () => {
    expect(resultFromKey(key, { decisionId: 'siete', sanctionId: 'dos', moment: 4.2 })).toEqual({
      decisionId: 'siete',
      sanctionId: 'dos',
      moment: 4.2,
      decisionCorrect: true,
      sanctionCorrect: true,
      momentCorrect: true,
      correct: true,
      correctDecision: key.correctDecision,
      correctSanction: key.correctSanction,
      correctMoment: 3.2,
      tolerance: 1,
      explanation: 'Regla 8:5.',
    });
    const wrong = resultFromKey(key, { decisionId: 'siete', sanctionId: 'ninguna', moment: 5 });
    expect(wrong).toMatchObject({ sanctionCorrect: false, momentCorrect: false, correct: false });
  });
});
