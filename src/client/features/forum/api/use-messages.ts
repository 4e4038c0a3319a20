import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { ForumHistory } from '../../../../shared/schemas/forum.ts';
import { api } from '../../../lib/api.ts';
import { forumKeys } from '../../../lib/query-keys.ts';

/** One page of the module's history: the latest messages, or those before `before` (a page's `nextCursor`). */
export const getMessages = (moduleId: string, before: string | null, signal?: AbortSignal) =>
  api<ForumHistory>(`/api/modules/${encodeURIComponent(moduleId)}/messages${before ? `?before=${encodeURIComponent(before)}` : ''}`, {
    signal,
  });

/** The history as it is cached: `pages[0]` is the latest page (live messages join it), later pages are older. */
export type ForumPages = InfiniteData<ForumHistory, string | null>;

export const messagesQueryOptions = (moduleId: string) =>
  infiniteQueryOptions({
    queryKey: forumKeys.messages(moduleId),
    queryFn: ({ pageParam, signal }) => getMessages(moduleId, pageParam, signal),
    initialPageParam: null as string | null,
    // "Next" is older: 'Ver mensajes anteriores' asks for the page before the oldest one shown.
    getNextPageParam: (page) => page.nextCursor,
    staleTime: Infinity,
  });

/** The module's forum a page at a time; live events keep the latest page current (see use-live-forum.ts). */
export function useMessages(moduleId: string) {
  return useInfiniteQuery(messagesQueryOptions(moduleId));
}
