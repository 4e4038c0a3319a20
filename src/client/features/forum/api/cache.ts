import type { QueryClient } from '@tanstack/react-query';
import type { ForumMessage, ForumModule } from '../../../../shared/schemas/forum.ts';
import { forumKeys } from '../../../lib/query-keys.ts';
import type { ForumPages } from './use-messages.ts';

// How live events and our own posts are merged into the cached queries.

/** A new message joins the latest page (pages[0]), unless some page already has it. */
export function addMessage(queryClient: QueryClient, message: ForumMessage) {
  queryClient.setQueryData<ForumPages>(forumKeys.messages(message.moduleId), (data) => {
    if (!data || data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
    const [latest, ...older] = data.pages;
    if (!latest) return data;
    const messages = [...latest.messages, message].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return { ...data, pages: [{ ...latest, messages }, ...older] };
  });
}

export function removeMessage(queryClient: QueryClient, moduleId: string, messageId: string) {
  queryClient.setQueryData<ForumPages>(
    forumKeys.messages(moduleId),
    (data) =>
      data && { ...data, pages: data.pages.map((page) => ({ ...page, messages: page.messages.filter((m) => m.id !== messageId) })) },
  );
}

/** The NUEVOS MENSAJES badge of a module, in its course's list and in the list of every course. */
export function setBadge(queryClient: QueryClient, courseId: string, moduleId: string, newMessages: boolean) {
  for (const key of [forumKeys.modulesOfCourse(courseId), forumKeys.allModules()]) {
    queryClient.setQueryData<ForumModule[]>(key, (modules) => modules?.map((m) => (m.id === moduleId ? { ...m, newMessages } : m)));
  }
}
