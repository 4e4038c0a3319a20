import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconCalendarEvent,
  IconClock,
  IconDownload,
  IconListCheck,
  IconMapPin,
  IconPencil,
  IconPlus,
  IconQrcode,
  IconTrash,
} from '@tabler/icons-react';
import { lessonMessages, messages } from '../../../shared/messages.ts';
import type { Lesson } from '../../../shared/schemas/lessons.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { notify } from '../../components/notify.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { ApiError } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { useDeleteLesson } from './api/delete-lesson.ts';
import { attendanceCsvUrl, useCourseLessons } from './api/use-course-lessons.ts';
import { LessonFormModal } from './components/lesson-form.tsx';
import { capitalized, lessonDay, lessonHours, phaseLabels, presentOf } from './lesson-text.ts';

const phaseColors: Record<Lesson['phase'], string> = { proxima: 'blue', abierta: 'green', terminada: 'gray' };

interface LessonCardProps {
  lesson: Lesson;
  onEdit: () => void;
  onDelete: () => void;
}

function LessonCard({ lesson, onEdit, onDelete }: LessonCardProps) {
  const day = lessonDay(lesson);
  const { justificado, ausente } = lesson.counts;
  return (
    <Paper component="li" withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} href={paths.adminLesson(lesson.courseId, lesson.id)} inherit>
              {capitalized(day)}
            </Anchor>
          </Title>
          <Badge variant="light" color={lesson.cancelled ? 'red' : phaseColors[lesson.phase]} style={{ textTransform: 'none' }}>
            {lesson.cancelled ? 'Cancelada' : phaseLabels[lesson.phase]}
          </Badge>
        </Group>
        <Group gap="md" wrap="wrap">
          <Group gap={4} wrap="nowrap">
            <IconClock size={16} aria-hidden />
            <Text size="sm">{lessonHours(lesson)}</Text>
          </Group>
          {lesson.place && (
            <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
              <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {lesson.place}
              </Text>
            </Group>
          )}
        </Group>
        {lesson.topic && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Tema: {lesson.topic}
          </Text>
        )}
        <Text size="sm" fw={600}>
          {lessonMessages.presentOf(presentOf(lesson), lesson.enrolled)}
          {(justificado > 0 || ausente > 0) && (
            <Text span size="sm" fw={400} c="gray.7">
              {' · '}
              {[
                justificado > 0 && `${justificado} ${justificado === 1 ? 'justificado' : 'justificados'}`,
                ausente > 0 && `${ausente} ${ausente === 1 ? 'ausente' : 'ausentes'}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          )}
        </Text>
        <Group gap="xs" mt={4}>
          <Button
            size="sm"
            variant="light"
            component={Link}
            href={paths.adminLesson(lesson.courseId, lesson.id)}
            leftSection={<IconListCheck size={16} aria-hidden />}
            aria-label={`Asistencia de la clase del ${day}`}
          >
            Asistencia
          </Button>
          {lesson.phase !== 'terminada' && (
            <Button
              size="sm"
              component={Link}
              href={paths.adminLessonCode(lesson.courseId, lesson.id)}
              leftSection={<IconQrcode size={16} aria-hidden />}
              aria-label={`Tomar asistencia de la clase del ${day}`}
            >
              Tomar asistencia
            </Button>
          )}
          <Button
            size="sm"
            variant="subtle"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={onEdit}
            aria-label={`Editar la clase del ${day}`}
          >
            Editar
          </Button>
          <Button
            size="sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onDelete}
            aria-label={`Borrar la clase del ${day}`}
          >
            Borrar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** 'Borrar' with its confirmation. */
function useDeleteFlow() {
  const remove = useDeleteLesson();
  const [deleting, setDeleting] = useState<Lesson | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    if (!deleting) return;
    const lesson = deleting;
    remove.mutate(lesson.id, {
      onSuccess: () => {
        setDeleting(null);
        notify(lessonMessages.lessonDeleted, `${lessonDay(lesson)}, ${lessonHours(lesson)}`);
      },
      onError: (failure) => setError(failure instanceof ApiError ? failure.message : messages.internal),
    });
  };
  return {
    deleting,
    error,
    pending: remove.isPending,
    ask: (lesson: Lesson) => (setError(null), setDeleting(lesson)),
    close: () => setDeleting(null),
    confirm,
  };
}

const marksOf = (lesson: Lesson) => Object.values(lesson.counts).reduce((sum, n) => sum + n, 0);

/** 'Clases presenciales': a course's classes with their attendance, 'Nueva clase', editing, deleting, the CSV. */
export function LessonsPage() {
  const { courseId = '' } = useParams<{ courseId: string }>();
  const lessons = useCourseLessons(courseId);
  const [editing, setEditing] = useState<{ lessonId: string | null } | null>(null);
  const removal = useDeleteFlow();
  const edited = editing?.lessonId ? (lessons.data?.lessons.find((l) => l.id === editing.lessonId) ?? null) : null;

  if (lessons.isError) {
    return (
      <LoadError
        error={lessons.error}
        backTo={paths.adminCourse(courseId)}
        backLabel="Volver al curso"
        notFoundText="Este curso no existe: puede que lo hayan eliminado."
        onRetry={() => void lessons.refetch()}
      />
    );
  }
  const deletingMarks = removal.deleting ? marksOf(removal.deleting) : 0;
  return (
    <Stack gap="md">
      <Anchor component={Link} href={paths.adminCourse(courseId)} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {lessons.data?.course.name ?? 'Curso'}
        </Group>
      </Anchor>
      <PageTitle
        actions={
          <Group gap="xs">
            {lessons.data && lessons.data.lessons.length > 0 && (
              <Button
                component="a"
                href={attendanceCsvUrl(courseId)}
                download
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                Descargar CSV
              </Button>
            )}
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ lessonId: null })}>
              Nueva clase
            </Button>
          </Group>
        }
      >
        Clases presenciales
      </PageTitle>
      {!lessons.data ? (
        <ListSkeleton rowHeight={150} />
      ) : lessons.data.lessons.length === 0 ? (
        <EmptyState
          icon={IconCalendarEvent}
          title="Este curso todavía no tiene clases presenciales"
          text="Creá cada clase con su fecha y hora (se puede en el momento, en el salón). Durante la clase, «Tomar asistencia» muestra un código QR que los alumnos escanean o escriben desde su teléfono."
        >
          <Button mt="xs" leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ lessonId: null })}>
            Nueva clase
          </Button>
        </EmptyState>
      ) : (
        <>
          <Text size="sm" c="gray.7" mt={-8}>
            {lessons.data.enrolled === 1 ? '1 alumno' : `${lessons.data.enrolled} alumnos`} con el curso habilitado ·{' '}
            {lessons.data.lessons.length === 1 ? '1 clase' : `${lessons.data.lessons.length} clases`}
          </Text>
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {lessons.data.lessons.map((lesson) => (
              <LessonCard
                key={lesson.id}
                lesson={lesson}
                onEdit={() => setEditing({ lessonId: lesson.id })}
                onDelete={() => removal.ask(lesson)}
              />
            ))}
          </Stack>
        </>
      )}
      <LessonFormModal courseId={courseId} opened={editing !== null} lesson={edited} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={removal.deleting !== null}
        title="Borrar clase"
        text={`Se borra la clase del ${removal.deleting ? `${lessonDay(removal.deleting)}, ${lessonHours(removal.deleting)}` : ''}${
          deletingMarks > 0 ? ` con la asistencia registrada de ${deletingMarks === 1 ? '1 alumno' : `${deletingMarks} alumnos`}` : ''
        }. No se puede deshacer.`}
        confirmLabel="Borrar"
        danger
        pending={removal.pending}
        error={removal.error}
        onConfirm={removal.confirm}
        onClose={removal.close}
      />
    </Stack>
  );
}
