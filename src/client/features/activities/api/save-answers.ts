import type { Activity, SaveAnswersInput } from '../../../../shared/schemas/activities.ts';
import { api } from '../../../lib/api.ts';

export const saveAnswers = (moduleId: string, answers: SaveAnswersInput['answers']) =>
  api<{ activity: Activity }>(`/api/modules/${encodeURIComponent(moduleId)}/activity/answers`, { method: 'PUT', body: { answers } }).then(
    (r) => r.activity,
  );
