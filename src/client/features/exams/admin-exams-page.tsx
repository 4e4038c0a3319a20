import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBook, IconChartBar, IconClipboardList, IconMovie, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { examMessages, messages } from '../../../shared/messages.ts';
import type { Exam } from '../../../shared/schemas/exams.ts';
import { ApiError } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { useCourseOverview } from '../../lib/use-course-overview.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { notify } from '../../components/notify.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { useDeleteExam } from './api/delete-exam.ts';
import { useCourseExams } from './api/use-course-exams.ts';
import { ExamFormModal, examKindLabels } from './components/exam-form.tsx';
import { momentText } from '../../../shared/calendar.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * '30 preguntas · 20 minutos · aprueba con 80 % · 2 intentos permitidos por alumno, 24 h entre uno y otro'; a video
 * exam's '20 jugadas · 10 s para responder · 1 vista por jugada · …' (it has no overall time).
 */
function examRules(exam: Exam): string {
  const attempts =
    `${exam.attempts === 1 ? '1 intento permitido' : `${exam.attempts} intentos permitidos`} por alumno` +
    (exam.waitHours > 0 ? `, ${exam.waitHours} h entre uno y otro` : '');
  const drawn =
    exam.kind === 'video'
      ? [
          plural(exam.questionCount, 'jugada', 'jugadas'),
          `${exam.answerSeconds} s para responder`,
          `${plural(exam.viewsPerClip, 'vista', 'vistas')} por jugada`,
        ]
      : [plural(exam.questionCount, 'pregunta', 'preguntas'), plural(exam.timeMinutes, 'minuto', 'minutos')];
  return [...drawn, `aprueba con ${exam.passPercent}\u00a0%`, attempts].join(' · ');
}

function examDates(exam: Exam): string {
  const opens = exam.opensAt ? `Abre: ${momentText(exam.opensAt)}` : 'Abierto desde ya';
  const closes = exam.closesAt ? `Cierra: ${momentText(exam.closesAt)}` : 'sin cierre';
  const release = exam.resultsRelease === 'al-entregar' ? 'resultados al entregar' : 'resultados cuando cierre';
  return `${opens} · ${closes} · ${release}`;
}

interface ExamCardProps {
  exam: Exam;
  onEdit: () => void;
  onDelete: () => void;
}

function ExamCard({ exam, onEdit, onDelete }: ExamCardProps) {
  return (
    <Paper component="li" withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {exam.title}
          </Title>
          <Group gap={6}>
            <Badge
              variant="light"
              color={exam.kind === 'video' ? 'grape' : 'blue'}
              leftSection={exam.kind === 'video' ? <IconMovie size={12} aria-hidden /> : <IconBook size={12} aria-hidden />}
              style={{ textTransform: 'none' }}
            >
              {examKindLabels[exam.kind]}
            </Badge>
            <Badge variant="light" color={exam.attemptsStarted > 0 ? 'blue' : 'gray'} style={{ textTransform: 'none' }}>
              {exam.attemptsStarted === 0 ? 'Nadie lo rindió' : `Rendido: ${plural(exam.attemptsStarted, 'intento', 'intentos')}`}
              {exam.attemptsOpen > 0 ? ` (${exam.attemptsOpen} en curso)` : ''}
            </Badge>
          </Group>
        </Group>
        <Text size="sm">Módulo: {exam.moduleName}</Text>
        <Text size="sm">{examRules(exam)}</Text>
        <Text size="sm" c="gray.7">
          {examDates(exam)}
        </Text>
        <Group gap="xs" mt={4}>
          <Button
            size="sm"
            variant="light"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={onEdit}
            aria-label={`Editar ${exam.title}`}
          >
            Editar
          </Button>
          <Button
            size="sm"
            variant="light"
            component={Link}
            href={paths.adminExamResults(exam.id)}
            leftSection={<IconChartBar size={16} aria-hidden />}
            aria-label={`Resultados de ${exam.title}`}
          >
            Resultados
          </Button>
          <Button
            size="sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onDelete}
            aria-label={`Borrar ${exam.title}`}
          >
            Borrar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** 'Borrar' with its confirmation; refused while an attempt is open (the dialog says so). */
function useDeleteFlow() {
  const remove = useDeleteExam();
  const [deleting, setDeleting] = useState<Exam | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    if (!deleting) return;
    const exam = deleting;
    remove.mutate(exam.id, {
      onSuccess: () => {
        setDeleting(null);
        notify(examMessages.examDeleted, exam.title);
      },
      onError: (failure) => setError(failure instanceof ApiError ? failure.message : messages.internal),
    });
  };
  return {
    deleting,
    error,
    pending: remove.isPending,
    ask: (exam: Exam) => (setError(null), setDeleting(exam)),
    close: () => setDeleting(null),
    confirm,
  };
}

/** A course's exams (rules and video): the list, 'Nuevo examen', editing, results and deleting. */
export function AdminExamsPage() {
  const { courseId = '' } = useParams<{ courseId: string }>();
  const exams = useCourseExams(courseId);
  const course = useCourseOverview().data?.find((c) => c.id === courseId);
  const [editing, setEditing] = useState<{ examId: string | null } | null>(null);
  const removal = useDeleteFlow();
  // The exam is read from the list, so a refreshed list (attempts started meanwhile) reaches the open form.
  const editedExam = editing?.examId ? (exams.data?.find((exam) => exam.id === editing.examId) ?? null) : null;

  if (exams.isError) {
    return (
      <LoadError
        error={exams.error}
        backTo={paths.adminCourse(courseId)}
        backLabel="Volver al curso"
        onRetry={() => void exams.refetch()}
      />
    );
  }
  return (
    <Stack gap="md">
      <Anchor component={Link} href={paths.adminCourse(courseId)} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {course?.name ?? 'Curso'}
        </Group>
      </Anchor>
      <PageTitle
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ examId: null })}>
            Nuevo examen
          </Button>
        }
      >
        Exámenes
      </PageTitle>
      {!exams.data ? (
        <Skeleton h={200} />
      ) : exams.data.length === 0 ? (
        <EmptyState
          icon={IconClipboardList}
          title="Este curso todavía no tiene exámenes"
          text="Un examen saca sus preguntas del banco del curso (o, uno de video, sus jugadas de las del curso para examen) y aparece como un botón en la página de su módulo."
        />
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {exams.data.map((exam) => (
            <ExamCard key={exam.id} exam={exam} onEdit={() => setEditing({ examId: exam.id })} onDelete={() => removal.ask(exam)} />
          ))}
        </Stack>
      )}
      <ExamFormModal courseId={courseId} opened={editing !== null} exam={editedExam} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={removal.deleting !== null}
        title="Borrar examen"
        text={`Se borra «${removal.deleting?.title ?? ''}» con sus intentos y resultados. No se puede deshacer: el registro de cambios del curso guarda el mejor resultado de cada alumno que lo entregó.`}
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
