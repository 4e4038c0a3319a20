// A practice jugada answered without signal is graded at once, with the rule the server uses
// (shared/jugada-grading.ts), from the calls downloaded with the module: only practice-only
// jugadas have theirs there (exam jugadas are graded by the server when the answer arrives).
import { gradeJugada } from '../../../shared/jugada-grading.ts';
import type { JugadaAnswerInput, JugadaResult } from '../../../shared/schemas/jugadas.ts';
import type { OfflineJugadaKey, OfflineJugadaKeys } from '../../../shared/schemas/offline.ts';
import { currentRequestUser } from '../api.ts';
import { downloadsCacheOf } from './cache-name.ts';

export const offlineKeysUrl = (moduleId: string) => `/api/modules/${encodeURIComponent(moduleId)}/offline/jugadas`;

/** The graded result of `answer` against the downloaded call `key`, shaped as the server's. */
export function resultFromKey(key: OfflineJugadaKey, answer: JugadaAnswerInput): JugadaResult {
  const grade = gradeJugada(
    {
      correctDecisionId: key.correctDecision.id,
      correctSanctionId: key.correctSanction.id,
      momentSeconds: key.correctMoment,
      toleranceSeconds: key.tolerance,
    },
    answer,
  );
  return {
    decisionId: answer.decisionId,
    sanctionId: answer.sanctionId,
    moment: answer.moment,
    ...grade,
    correctDecision: key.correctDecision,
    correctSanction: key.correctSanction,
    correctMoment: key.correctMoment,
    tolerance: key.tolerance,
    explanation: key.explanation,
  };
}

/** The result of an answer kept on the phone, when the module's download holds the jugada's call; null otherwise. */
export async function gradeFromDownload(moduleId: string, jugadaId: string, answer: JugadaAnswerInput): Promise<JugadaResult | null> {
  const userId = currentRequestUser();
  if (typeof caches === 'undefined' || !userId) return null;
  try {
    const stored = await (await caches.open(downloadsCacheOf(userId))).match(offlineKeysUrl(moduleId));
    if (!stored) return null;
    const { keys } = (await stored.json()) as OfflineJugadaKeys;
    const key = keys.find((candidate) => candidate.jugadaId === jugadaId);
    return key ? resultFromKey(key, answer) : null;
  } catch {
    return null;
  }
}
