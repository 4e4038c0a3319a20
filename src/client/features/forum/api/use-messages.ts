import { useQuery } from '@tanstack/react-query';
import type { ForumMessage } from '../../../../shared/schemas/forum.ts';
import { api } from '../../../lib/api.ts';

export const messagesKey = (moduleId: string) => ['modules', moduleId, 'messages'] as const;

/** The module's forum, oldest first; live events keep it current (see use-live-forum.ts). */
export function useMessages(moduleId: string) {
  return useQuery({
    queryKey: messagesKey(moduleId),
    queryFn: ({ signal }) =>
      api<{ messages: ForumMessage[] }>(`/api/modules/${encodeURIComponent(moduleId)}/messages`, { signal }).then((r) => r.messages),
    staleTime: Infinity,
  });
}
