import { Link, useParams } from 'wouter';
import { Anchor, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconClock, IconMapPin, IconQrcode, IconUsers } from '@tabler/icons-react';
import { lessonMessages } from '../../../shared/messages.ts';
import { attendanceStatuses, attendanceStatusLabels, type LessonDetail } from '../../../shared/schemas/lessons.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useStaffReach } from '../../lib/course-roles.ts';
import { paths } from '../../lib/paths.ts';
import { useLesson } from './api/use-lesson.ts';
import { LessonActions } from './components/lesson-actions.tsx';
import { RosterRow } from './components/roster-row.tsx';
import { lessonDay, lessonHours, phaseLabels, presentOf, statusColors } from './lesson-text.ts';

/** 'Presentes 12 de 20' and each status's count. */
function Counts({ detail }: { detail: LessonDetail }) {
  const { lesson, roster } = detail;
  const unmarked = roster.filter((entry) => entry.status === null).length;
  return (
    <Group gap="xs" wrap="wrap" aria-live="polite">
      <Text fw={700} size="lg" mr="xs">
        {lessonMessages.presentOf(presentOf(lesson), lesson.enrolled)}
      </Text>
      {attendanceStatuses.map((status) => (
        <Badge key={status} variant="light" color={statusColors[status]} style={{ textTransform: 'none' }} size="lg">
          {attendanceStatusLabels[status]}: {lesson.counts[status]}
        </Badge>
      ))}
      <Badge variant="light" color="gray" style={{ textTransform: 'none' }} size="lg">
        Sin marcar: {unmarked}
      </Badge>
    </Group>
  );
}

/** A class's list: every trainee of the course with their status, set by hand; and 'Tomar asistencia'. */
export function LessonPage() {
  const { courseId = '', lessonId = '' } = useParams<{ courseId: string; lessonId: string }>();
  const detail = useLesson(lessonId);
  const reach = useStaffReach();

  if (detail.isError) {
    return (
      <LoadError
        error={detail.error}
        backTo={paths.adminLessons(courseId)}
        backLabel="Volver a las clases"
        notFoundText="Esta clase no existe: puede que la hayan borrado."
        onRetry={() => void detail.refetch()}
      />
    );
  }
  const data = detail.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} href={paths.adminLessons(courseId)} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Clases presenciales
        </Group>
      </Anchor>
      {!data ? (
        <>
          <Skeleton h={40} w="70%" />
          <ListSkeleton rowHeight={72} />
        </>
      ) : (
        <>
          <PageTitle
            actions={
              <Button
                component={Link}
                href={paths.adminLessonCode(courseId, lessonId)}
                size="md"
                leftSection={<IconQrcode size={20} aria-hidden />}
                variant={data.lesson.phase === 'terminada' ? 'light' : 'filled'}
              >
                Tomar asistencia
              </Button>
            }
          >
            Clase del {lessonDay(data.lesson)}
          </PageTitle>
          <Group gap="md" wrap="wrap" mt={-12}>
            {data.lesson.cancelled ? (
              <Badge variant="light" color="red" style={{ textTransform: 'none' }}>
                Cancelada
              </Badge>
            ) : (
              <Badge variant="light" color={data.lesson.phase === 'abierta' ? 'green' : 'gray'} style={{ textTransform: 'none' }}>
                {phaseLabels[data.lesson.phase]}
              </Badge>
            )}
            <Group gap={4} wrap="nowrap">
              <IconClock size={16} aria-hidden />
              <Text size="sm">{lessonHours(data.lesson)}</Text>
            </Group>
            {data.lesson.place && (
              <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
                <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {data.lesson.place}
                </Text>
              </Group>
            )}
            {data.lesson.topic && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Tema: {data.lesson.topic}
              </Text>
            )}
          </Group>
          <LessonActions lesson={data.lesson} canEdit={reach.in(courseId, 'contenido.editar')} />
          <Counts detail={data} />
          {data.roster.length === 0 ? (
            <EmptyState
              icon={IconUsers}
              title="Este curso no tiene alumnos habilitados"
              text="Cuando habilites el curso para tus alumnos, van a aparecer acá para marcar su asistencia."
            />
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Alumnos de la clase">
              {data.roster.map((entry) => (
                <RosterRow key={entry.userId} lessonId={lessonId} entry={entry} />
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
