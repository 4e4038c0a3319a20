import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '../../../../shared/schemas/forum.ts';
import { forumKeys } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session.ts';
import { addMessage, removeMessage, setBadge } from './cache.ts';

const eventTypes: LiveEvent['type'][] = ['message.created', 'message.deleted', 'forum.badge'];

/**
 * Listens to the server's event stream and merges each event into the query cache (no
 * polling). The browser reconnects by itself; after a reconnection the affected queries are
 * refetched, which brings back whatever was missed while disconnected.
 */
export function useLiveForum(
  url: string | null,
  options: { moduleId?: string; courseId?: string; allCourses?: boolean; onEvent?: (event: LiveEvent) => void } = {},
) {
  const queryClient = useQueryClient();
  const session = useSession();
  const userId = session.data?.id;
  const onEvent = useRef(options.onEvent);
  onEvent.current = options.onEvent;
  const { moduleId, courseId, allCourses } = options;

  useEffect(() => {
    if (!url) return;
    const source = new EventSource(url);
    let dropped = false;
    const handle = (raw: MessageEvent<string>) => {
      const event = JSON.parse(raw.data) as LiveEvent;
      if (event.type === 'message.created') {
        // Presented for this reader by the server, like the HTTP answer (`mine` included).
        addMessage(queryClient, event.message);
      } else if (event.type === 'message.deleted') {
        removeMessage(queryClient, event.moduleId, event.messageId);
      } else {
        setBadge(queryClient, event.courseId, event.moduleId, event.newMessages);
      }
      onEvent.current?.(event);
    };
    for (const type of eventTypes) source.addEventListener(type, handle as EventListener);
    source.onerror = () => {
      dropped = true;
    };
    source.onopen = () => {
      if (!dropped) return;
      dropped = false;
      if (moduleId) void queryClient.invalidateQueries({ queryKey: forumKeys.messages(moduleId) });
      if (courseId) void queryClient.invalidateQueries({ queryKey: forumKeys.modulesOfCourse(courseId) });
      if (allCourses) void queryClient.invalidateQueries({ queryKey: forumKeys.allModules() });
    };
    return () => source.close();
  }, [url, queryClient, userId, moduleId, courseId, allCourses]);
}
