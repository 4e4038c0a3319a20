import { useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconArchive, IconCircleCheck, IconHistory, IconMessageCircle, IconRefresh } from '@tabler/icons-react';
import { canEditItem, canSubmit, isAnswered } from '../../../shared/activity-state.ts';
import { messages } from '../../../shared/messages.ts';
import { ANSWER_MAX, type Activity, type ActivityItem } from '../../../shared/schemas/activities.ts';
import { paths } from '../../lib/paths.ts';
import { LoadError } from '../../components/load-error.tsx';
import { MessageDialog } from '../../components/message-dialog.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { ApiError } from '../../lib/api.ts';
import { useMyActivity } from './api/use-my-activity.ts';
import { useSubmitActivity } from './api/use-submit-activity.ts';
import { ProgressBadge } from '../../components/progress-badge.tsx';
import { SaveStatusText } from './components/save-status.tsx';
import { useAutosave, type SaveStatus } from './use-autosave.ts';

type DialogState = { message: string; color: 'red' | 'green' | 'blue' };
/** A question with the answer the page shows: the draft being typed, else the saved one. */
type ShownItem = ActivityItem & { answer: string };

/** The 'Enviar' flow: every question needs an answer, one tap sends them once, and a dialog tells how it went. */
function useSubmitAnswers(moduleId: string, courseId: string, autosave: ReturnType<typeof useAutosave>) {
  const submit = useSubmitActivity(moduleId, courseId);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  // From the click until the answer: a second click (a double tap) does nothing.
  const submitting = useRef(false);
  /** The questions left empty when 'Enviar' was tapped: marked until answered. */
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());

  const onSubmit = async (activity: Activity, items: ShownItem[]) => {
    const empty = items.filter((item) => !isAnswered(item));
    setMissing(new Set(empty.map((item) => item.id)));
    if (empty.length > 0) {
      setDialog({ message: messages.unanswered, color: 'red' });
      return;
    }
    if (submitting.current) return;
    submitting.current = true;
    try {
      await autosave.flush();
    } catch {
      // The submit below carries every answer anyway.
    }
    submit.mutate(
      items.filter((item) => canEditItem(activity, item)).map((item) => ({ itemId: item.id, answer: item.answer })),
      {
        // Null: no signal, the phone keeps the submission and sends it when the signal is back.
        onSuccess: (activity) =>
          setDialog(activity ? { message: messages.answersSaved, color: 'green' } : { message: messages.savedOnPhone, color: 'blue' }),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            // Sent or corrected in another tab: no dead end, the current activity is loaded.
            void autosave.reloadAfterConflict();
            setDialog({ message: messages.activityChangedElsewhere, color: 'blue' });
          } else setDialog({ message: error instanceof ApiError ? error.message : messages.internal, color: 'red' });
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  };

  const closeDialog = (items: ShownItem[]) => {
    const unanswered = dialog?.message === messages.unanswered;
    setDialog(null);
    // To the first empty answer, once the popup has given the focus back (two frames later).
    const first = items.find((item) => missing.has(item.id) && !isAnswered(item));
    if (unanswered && first)
      requestAnimationFrame(() => requestAnimationFrame(() => document.getElementById(`respuesta-${first.id}`)?.focus()));
  };

  return { dialog, missing, onSubmit, closeDialog, isPending: submit.isPending };
}

interface ActivityAlertsProps {
  activity: Activity;
  changedElsewhere: boolean;
  onDismissChange: () => void;
}

/** The notices above the questions: what state the activity is in and what the student can do next. */
function ActivityAlerts({ activity, changedElsewhere, onDismissChange }: ActivityAlertsProps) {
  return (
    <>
      {changedElsewhere && (
        <Alert
          color="blue"
          title="La actividad cambió"
          icon={<IconRefresh />}
          withCloseButton
          closeButtonLabel="Cerrar aviso"
          onClose={onDismissChange}
        >
          {messages.activityChangedElsewhere}
        </Alert>
      )}
      {activity.moduleArchived && (
        <Alert color="gray" title="Módulo archivado" icon={<IconArchive />}>
          Tu instructor archivó este módulo: ya no se puede responder, pero tus respuestas y sus correcciones quedan acá para que las
          consultes.
        </Alert>
      )}
      {activity.submitted && !activity.moduleArchived && (
        <Alert color="blue" title="Respuestas enviadas">
          Tu instructor las va a corregir. Te avisamos por email cuando estén corregidas.
        </Alert>
      )}
      {activity.progress === 'con-correcciones' && !activity.moduleArchived && (
        <Alert color="orange" title="Tenés respuestas para revisar">
          Leé la devolución de cada respuesta marcada como incorrecta, corregila y volvé a enviar.
        </Alert>
      )}
      {activity.progress === 'aprobado' && (
        <Alert color="green" title="¡Aprobado!" icon={<IconCircleCheck />}>
          Todas tus respuestas de este módulo están correctas.
        </Alert>
      )}
    </>
  );
}

interface ActivityItemCardProps {
  activity: Activity;
  item: ShownItem;
  index: number;
  /** Left empty at the last 'Enviar': flagged until answered. */
  missing: boolean;
  onChange: (answer: string) => void;
}

/** One question: its verdict, the student's answer box and the admin's feedback. */
function ActivityItemCard({ activity, item, index, missing, onChange }: ActivityItemCardProps) {
  const editable = canEditItem(activity, item);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
      <Stack gap="xs">
        {/* The verdict above the question (not beside it): on a phone the question keeps the whole width. */}
        {item.correction === true && (
          <Badge color="green" variant="light" leftSection={<IconCircleCheck size={14} aria-hidden />}>
            Correcta
          </Badge>
        )}
        {item.correction === false && !activity.submitted && (
          <Badge color="orange" variant="light">
            Para corregir
          </Badge>
        )}
        <Text fw={600} id={`pregunta-${item.id}`}>
          {index + 1}. {item.question}
        </Text>
        <Textarea
          id={`respuesta-${item.id}`}
          aria-labelledby={`pregunta-${item.id}`}
          placeholder={editable ? 'Escribí tu respuesta' : undefined}
          value={item.answer}
          onChange={(event) => onChange(event.currentTarget.value)}
          readOnly={!editable}
          variant={editable ? 'default' : 'filled'}
          error={missing && !isAnswered(item) ? messages.answerMissing : undefined}
          autosize
          minRows={3}
          maxRows={14}
          maxLength={ANSWER_MAX}
        />
        {/* The admin's feedback comes after the answer it is about. */}
        {item.correction === false && item.feedback && !activity.submitted && (
          <Alert color="orange" variant="light" icon={<IconMessageCircle />} title="Devolución del instructor">
            <Text style={{ whiteSpace: 'pre-wrap' }}>{item.feedback}</Text>
          </Alert>
        )}
        {/* Sent again: the earlier feedback was about the answer before this one. */}
        {item.correction === false && item.feedback && activity.submitted && (
          <Group gap={6} wrap="nowrap" align="flex-start" data-testid="devolucion-anterior">
            <IconHistory size={16} color="var(--mantine-color-gray-7)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" c="gray.7" style={{ whiteSpace: 'pre-wrap' }}>
              <Text span size="sm" fw={600} c="gray.7">
                Devolución anterior, sobre tu respuesta previa:{' '}
              </Text>
              {item.feedback}
            </Text>
          </Group>
        )}
        {item.correction === true && item.feedback && (
          <Text size="sm" c="var(--mantine-color-green-light-color)" style={{ whiteSpace: 'pre-wrap' }}>
            {item.feedback}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

interface ActivityActionsProps {
  activity: Activity;
  courseId: string;
  moduleId: string;
  sending: boolean;
  saveStatus: SaveStatus;
  onSubmit: () => void;
}

/** The buttons under the questions (back, 'Enviar') and, under them, whether the drafts are saved. */
function ActivityActions({ activity, courseId, moduleId, sending, saveStatus, onSubmit }: ActivityActionsProps) {
  return (
    // The buttons first and the save state under them: 'Guardado' coming and going never moves a button under the thumb.
    <Stack gap={6}>
      <Group justify="flex-end" gap="sm">
        {activity.moduleArchived ? (
          <Button component={Link} href={paths.courseModules(courseId)} variant="default">
            Volver a los módulos
          </Button>
        ) : (
          <>
            <Button component={Link} href={paths.module(courseId, moduleId)} variant="default">
              Volver al módulo
            </Button>
            <Button onClick={onSubmit} loading={sending} disabled={!canSubmit(activity)}>
              Enviar
            </Button>
          </>
        )}
      </Group>
      {canSubmit(activity) && !activity.moduleArchived && (
        <Group justify="flex-end" mih={24}>
          <SaveStatusText status={saveStatus} />
        </Group>
      )}
    </Stack>
  );
}

export function ActivitiesPage() {
  const { courseId = '', moduleId = '' } = useParams<{ courseId: string; moduleId: string }>();
  const query = useMyActivity(moduleId);
  const activity = query.data;
  const autosave = useAutosave(moduleId, activity);
  const { dialog, missing, onSubmit, closeDialog, isPending } = useSubmitAnswers(moduleId, courseId, autosave);

  if (query.isPending) {
    return (
      <Stack>
        <Skeleton h={32} w="50%" />
        <Skeleton h={140} />
        <Skeleton h={140} />
      </Stack>
    );
  }
  if (query.isError || !activity) {
    return (
      <LoadError
        error={query.error}
        backTo={paths.courseModules(courseId)}
        backLabel="Ver los módulos"
        studentOf="module"
        forbiddenText="Las actividades se responden con una cuenta de alumno. Las de cada alumno se revisan desde Lista de Usuarios."
        onRetry={() => void query.refetch()}
      />
    );
  }

  const items = activity.items.map((item) => ({ ...item, answer: autosave.answers[item.id] ?? item.answer ?? '' }));

  return (
    <Stack maw={820}>
      <PageTitle actions={<ProgressBadge progress={activity.progress} />}>Actividades</PageTitle>
      <Text c="gray.7" mt={-12}>
        {activity.moduleName}
      </Text>
      <ActivityAlerts activity={activity} changedElsewhere={autosave.changedElsewhere} onDismissChange={autosave.dismissChange} />
      {items.length === 0 && <Text c="gray.7">Este módulo no tiene preguntas.</Text>}

      {items.map((item, index) => (
        <ActivityItemCard
          key={item.id}
          activity={activity}
          item={item}
          index={index}
          missing={missing.has(item.id)}
          onChange={(answer) => autosave.change(item.id, answer)}
        />
      ))}

      {items.length > 0 && (
        <ActivityActions
          activity={activity}
          courseId={courseId}
          moduleId={moduleId}
          sending={isPending}
          saveStatus={autosave.status}
          onSubmit={() => void onSubmit(activity, items)}
        />
      )}
      {!activity.moduleArchived && (
        <Anchor component={Link} href={paths.moduleQuestions(courseId, moduleId)} size="sm">
          ¿Tenés dudas? Hacé una pregunta en el foro del módulo
        </Anchor>
      )}
      <MessageDialog
        opened={dialog !== null}
        message={dialog?.message ?? ''}
        buttonLabel={dialog?.color === 'red' ? messages.retry : 'Ok'}
        color={dialog?.color ?? 'blue'}
        onClose={() => closeDialog(items)}
      />
    </Stack>
  );
}
