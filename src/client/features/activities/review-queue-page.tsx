import { Link } from 'wouter';
import { Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { paths } from '../../lib/paths.ts';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useReviewQueue } from './api/use-review-queue.ts';
import { momentText } from '../../../shared/calendar.ts';

/** Every submitted activity awaiting correction, oldest first. */
export function ReviewQueuePage() {
  const queue = useReviewQueue();

  return (
    <Stack maw={860}>
      <PageTitle actions={queue.data && <Badge size="lg">{queue.data.length}</Badge>}>Por corregir</PageTitle>
      {queue.isPending && <Skeleton h={200} />}
      {queue.isError && <LoadError error={queue.error} onRetry={() => void queue.refetch()} />}
      {queue.data?.length === 0 && <Text c="gray.7">No hay actividades esperando corrección. ¡Todo al día!</Text>}
      {queue.data?.map((entry) => (
        <Card
          key={entry.activityId}
          component={Link}
          href={paths.adminUserActivity(entry.userId, entry.courseId, entry.moduleId)}
          withBorder
          padding="md"
          className="tile"
        >
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2}>
              <Text fw={700}>{entry.userName}</Text>
              <Text size="sm">
                {entry.courseName} · {entry.moduleName}
              </Text>
              <Text size="xs" c="gray.7">
                Enviada el {momentText(entry.submittedAt)}
              </Text>
            </Stack>
            <IconChevronRight aria-hidden />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
