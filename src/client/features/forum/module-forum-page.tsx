import { Link, useParams } from 'wouter';
import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { paths } from '../../lib/paths.ts';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useModule } from '../../lib/use-module.ts';
import { useLiveForum } from './api/use-live-forum.ts';
import { ForumChat } from './components/forum-chat.tsx';

/** The student's view of a module's forum. */
export function ModuleForumPage() {
  const { courseId = '', moduleId = '' } = useParams<{ courseId: string; moduleId: string }>();
  const module = useModule(moduleId);
  useLiveForum(module.isSuccess ? `/api/modules/${encodeURIComponent(moduleId)}/events` : null, { moduleId });

  if (module.isPending) return <Skeleton h={300} />;
  if (module.isError) {
    return (
      <LoadError
        error={module.error}
        backTo={paths.courseModules(courseId)}
        backLabel="Ver los módulos"
        studentOf="module"
        onRetry={() => void module.refetch()}
      />
    );
  }

  return (
    <Stack maw={820}>
      <PageTitle>Preguntas</PageTitle>
      <Text mt={-12} c="gray.7">
        {module.data.name} ·{' '}
        <Anchor component={Link} underline="always" href={paths.module(courseId, moduleId)}>
          Volver al módulo
        </Anchor>
      </Text>
      <ForumChat moduleId={moduleId} canDelete={false} />
    </Stack>
  );
}
