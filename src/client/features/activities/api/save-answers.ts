import type { Activity, SaveAnswersInput } from '../../../../shared/schemas/activities.ts';
import { sendWrite, type WriteLabel } from '../../../lib/offline-queue/index.ts';
import { activityKeys } from '../../../lib/query-keys.ts';

export type DraftAnswers = SaveAnswersInput['answers'];

/** Drafts of one activity waiting in a row become one. */
export const draftLineKey = (moduleId: string) => `activity-draft:${moduleId}`;

const answersUrl = (moduleId: string) => `/api/modules/${encodeURIComponent(moduleId)}/activity/answers`;

/** The trainee's answers as words to keep if the server refuses them: '«question»: answer' per line. */
export function answersLabel(what: string, activity: Activity | undefined, answers: DraftAnswers): WriteLabel {
  const questions = new Map(activity?.items.map((item) => [item.id, item.question]));
  const single = answers.length === 1 ? questions.get(answers[0]!.itemId) : undefined;
  return {
    what,
    ...(single ? { question: single } : {}),
    ...(activity ? { module: activity.moduleName } : {}),
    text: single ? answers[0]!.answer : answers.map(({ itemId, answer }) => `«${questions.get(itemId) ?? '…'}»: ${answer}`).join('\n'),
  };
}

/** Two drafts of one activity as one: each answer as last typed. */
const mergeDrafts = (previous: unknown, next: unknown) => {
  const byItem = new Map<string, string>();
  for (const body of [previous, next] as Array<{ answers: DraftAnswers }>)
    for (const { itemId, answer } of body.answers) byItem.set(itemId, answer);
  return { answers: [...byItem].map(([itemId, answer]) => ({ itemId, answer })) };
};

/**
 * Saves a draft, in line with the writes the phone keeps: the saved activity, or null when it
 * was kept on the phone (no signal) to be sent when the signal is back.
 */
export async function saveDraftInLine(moduleId: string, activity: Activity | undefined, answers: DraftAnswers): Promise<Activity | null> {
  const outcome = await sendWrite<{ activity: Activity }>({
    method: 'PUT',
    url: answersUrl(moduleId),
    body: { answers },
    label: answersLabel(answers.length === 1 ? 'tu respuesta' : 'tus respuestas', activity, answers),
    context: { kind: 'activity-draft', moduleId, invalidate: [[...activityKeys.mine(moduleId)]] },
    coalesceKey: draftLineKey(moduleId),
    merge: mergeDrafts,
  });
  return outcome.saved ? outcome.data.activity : null;
}
