import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ForumMessage } from '../../../../shared/schemas/forum.ts';
import { api } from '../../../lib/api.ts';
import { forumKeys } from '../../../lib/query-keys.ts';

export const getMessages = (moduleId: string, signal?: AbortSignal) =>
  api<{ messages: ForumMessage[] }>(`/api/modules/${encodeURIComponent(moduleId)}/messages`, { signal }).then((r) => r.messages);

export const messagesQueryOptions = (moduleId: string) =>
  queryOptions({ queryKey: forumKeys.messages(moduleId), queryFn: ({ signal }) => getMessages(moduleId, signal), staleTime: Infinity });

/** The module's forum, oldest first; live events keep it current (see use-live-forum.ts). */
export function useMessages(moduleId: string) {
  return useQuery(messagesQueryOptions(moduleId));
}
