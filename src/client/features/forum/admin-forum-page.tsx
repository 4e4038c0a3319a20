import { useEffect } from 'react';
import { Link, useParams } from 'wouter';
import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../lib/paths.ts';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { setBadge } from './api/cache.ts';
import { markRead } from './api/mark-read.ts';
import { useModule } from '../../lib/use-module.ts';
import { useLiveForum } from './api/use-live-forum.ts';
import { ForumChat } from './components/forum-chat.tsx';

/** The admin's view of a module's forum: opening it (and staying on it) clears NUEVOS MENSAJES. */
export function AdminForumPage() {
  const { moduleId = '' } = useParams<{ moduleId: string }>();
  const queryClient = useQueryClient();
  const module = useModule(moduleId);
  const courseId = module.data?.courseId;

  useEffect(() => {
    if (!courseId) return;
    setBadge(queryClient, courseId, moduleId, false);
    void markRead(moduleId).catch(() => undefined);
  }, [courseId, moduleId, queryClient]);

  useLiveForum(module.isSuccess ? '/api/forum/events' : null, {
    moduleId,
    courseId,
    // A student writes while the admin is looking: it is read already.
    onEvent: (event) => {
      if (event.type === 'forum.badge' && event.moduleId === moduleId && event.newMessages) void markRead(moduleId).catch(() => undefined);
    },
  });

  if (module.isPending) return <Skeleton h={300} />;
  if (module.isError) return <LoadError error={module.error} backTo={paths.adminForumModules()} backLabel="Volver a los módulos" />;

  return (
    <Stack maw={860}>
      <PageTitle>Preguntas del módulo</PageTitle>
      <Text mt={-12} c="gray.7">
        {module.data.name} · {/* Back to this module's course, not to whichever course the list shows first. */}
        <Anchor component={Link} underline="always" href={paths.adminForumModules(module.data.courseId)}>
          Todos los módulos
        </Anchor>
      </Text>
      <ForumChat moduleId={moduleId} canDelete />
    </Stack>
  );
}
