import type { QueryClient } from '@tanstack/react-query';
import type { ForumMessage, ForumModule } from '../../../../shared/schemas/forum.ts';
import { forumKeys } from '../../../lib/query-keys.ts';

// How live events and our own posts are merged into the cached queries.

export function addMessage(queryClient: QueryClient, message: ForumMessage) {
  queryClient.setQueryData<ForumMessage[]>(forumKeys.messages(message.moduleId), (messages) => {
    if (!messages || messages.some((m) => m.id === message.id)) return messages;
    return [...messages, message].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  });
}

export function removeMessage(queryClient: QueryClient, moduleId: string, messageId: string) {
  queryClient.setQueryData<ForumMessage[]>(forumKeys.messages(moduleId), (messages) => messages?.filter((m) => m.id !== messageId));
}

export function setBadge(queryClient: QueryClient, courseId: string, moduleId: string, newMessages: boolean) {
  queryClient.setQueryData<ForumModule[]>(forumKeys.modulesOfCourse(courseId), (modules) =>
    modules?.map((m) => (m.id === moduleId ? { ...m, newMessages } : m)),
  );
}
