import { Link } from 'wouter';
import { Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { paths } from '../../lib/paths.ts';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useReviewQueue } from './api/use-review-queue.ts';
import { CourseSelect } from '../../components/course-select.tsx';
import { useCourseParam } from '../../lib/use-course-param.ts';
import { momentText } from '../../../shared/calendar.ts';

/** Every submitted activity awaiting correction, oldest first: of every course the person corrects, or of one (`?curso=`). */
export function ReviewQueuePage() {
  const queue = useReviewQueue();
  const [courseId, setCourseId] = useCourseParam();
  const shown = queue.data?.filter((entry) => !courseId || entry.courseId === courseId);

  return (
    <Stack maw={860}>
      <PageTitle actions={shown && <Badge size="lg">{shown.length}</Badge>}>Por corregir</PageTitle>
      <CourseSelect for="actividades.corregir" value={courseId} onChange={setCourseId} allLabel="Todos los cursos" empty={null} />
      {queue.isPending && <Skeleton h={200} />}
      {queue.isError && <LoadError error={queue.error} onRetry={() => void queue.refetch()} />}
      {shown?.length === 0 && (
        <Text c="gray.7">
          {courseId ? 'No hay actividades de este curso esperando corrección.' : 'No hay actividades esperando corrección.'} ¡Todo al día!
        </Text>
      )}
      {shown?.map((entry) => (
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
