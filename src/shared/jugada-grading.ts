// Grading a jugada call: the same rule on the server (practice answers, video exams) and on the
// phone (a practice jugada answered without signal, from its downloaded answer).
/** What a jugada asks for, as grading needs it. */
export interface JugadaKey {
  correctDecisionId: string;
  correctSanctionId: string;
  /** Seconds into the video; null when the jugada has no moment to mark. */
  momentSeconds: number | null;
  toleranceSeconds: number;
}

export interface JugadaAnswerGiven {
  decisionId: string;
  sanctionId: string;
  moment: number | null;
}

export interface Grade {
  decisionCorrect: boolean;
  sanctionCorrect: boolean;
  /** null when the jugada has no moment; false when it has one and none was marked. */
  momentCorrect: boolean | null;
  correct: boolean;
}

// Marks are shown to a tenth of a second; comparing in milliseconds keeps 2.0 ± 1.0 from failing on float noise.
const ms = (seconds: number) => Math.round(seconds * 1000);

/** The call is right when the decision, the sanction and (if the jugada has one) the moment within the tolerance are right. */
export function gradeJugada(key: JugadaKey, answer: JugadaAnswerGiven): Grade {
  const decisionCorrect = answer.decisionId === key.correctDecisionId;
  const sanctionCorrect = answer.sanctionId === key.correctSanctionId;
  const momentCorrect =
    key.momentSeconds === null
      ? null
      : answer.moment !== null && Math.abs(ms(answer.moment) - ms(key.momentSeconds)) <= ms(key.toleranceSeconds);
  return { decisionCorrect, sanctionCorrect, momentCorrect, correct: decisionCorrect && sanctionCorrect && momentCorrect !== false };
}
