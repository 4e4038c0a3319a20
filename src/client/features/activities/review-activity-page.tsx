import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { Alert, Anchor, Badge, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { messages } from '../../../shared/messages.ts';
import { FEEDBACK_MAX, type Activity, type ActivityItem, type CorrectionInput } from '../../../shared/schemas/activities.ts';
import { useLeaveGuard } from '../../lib/leave-guard.ts';
import { paths } from '../../lib/paths.ts';
import { LoadError } from '../../components/load-error.tsx';
import { MessageDialog } from '../../components/message-dialog.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useReviewQueue } from './api/use-review-queue.ts';
import { useSaveCorrection } from './api/use-save-correction.ts';
import { useChangeCorrection } from './api/use-change-correction.ts';
import { isCorrected } from '../../../shared/activity-state.ts';
import { CorrectionHistory } from './components/correction-history.tsx';
import { useUserActivity } from './api/use-user-activity.ts';
import { ProgressBadge } from '../../components/progress-badge.tsx';
import { UserJugadasSection } from './components/user-jugadas.tsx';
import { momentText } from '../../../shared/calendar.ts';

type Decision = { correct: boolean | null; feedback: string };

/**
 * What the page starts from: the stored decisions and feedback. An answer sent again after it
 * was marked incorrect is a new answer: it starts undecided, the old feedback shown as history.
 */
function storedDecisions(activity: Activity): Record<string, Decision> {
  return Object.fromEntries(
    activity.items.map((item) => [
      item.id,
      activity.submitted && item.correction === false
        ? { correct: null, feedback: '' }
        : { correct: item.correction, feedback: item.feedback ?? '' },
    ]),
  );
}

const formatDate = (iso: string | null) => (iso ? momentText(iso) : '');

const undecided: Decision = { correct: null, feedback: '' };

/** The marks and feedback the admin is writing: they start from the stored ones, again each time the activity loads. */
function useDecisions(activity: Activity | undefined) {
  const [decisions, setDecisions] = useState<Record<string, Decision>>({});
  const resetDecisions = () => {
    if (activity) setDecisions(storedDecisions(activity));
  };
  useEffect(resetDecisions, [activity]);
  const decide = (itemId: string, patch: Partial<Decision>) => {
    const decision = decisions[itemId] ?? undecided;
    setDecisions((all) => ({ ...all, [itemId]: { ...decision, ...patch } }));
  };
  return { decisions, decide, resetDecisions };
}

/** Whether the admin marked or wrote something not saved yet, so leaving the page should ask first. */
function hasUnsavedDecisions(activity: Activity, decisions: Record<string, Decision>): boolean {
  const stored = storedDecisions(activity);
  return activity.items.some(
    (item) =>
      (decisions[item.id]?.correct ?? null) !== stored[item.id]!.correct ||
      (decisions[item.id]?.feedback ?? '') !== stored[item.id]!.feedback,
  );
}

/** The correction to send, from decisions already known to cover every answer. */
function correctionInput(activity: Activity, decisions: Record<string, Decision>): CorrectionInput {
  return {
    version: activity.version,
    items: activity.items.map((item) => ({
      itemId: item.id,
      correct: decisions[item.id]!.correct!,
      feedback: decisions[item.id]!.feedback.trim() || null,
    })),
  };
}

interface ReviewNoticeProps {
  activity: Activity;
  changing: boolean;
  editing: boolean;
}

/** The notice above the answers: a correction being changed, or why there is nothing to correct now. */
function ReviewNotice({ activity, changing, editing }: ReviewNoticeProps) {
  return (
    <>
      {changing && (
        <Alert color="yellow" title="Modificando la corrección">
          Cambiá las marcas y las devoluciones y guardá. Al alumno le llega un email; las preguntas que marques como incorrectas vuelven a
          quedar abiertas para que las responda de nuevo.
        </Alert>
      )}
      {!editing && (
        <Alert color="blue">
          {activity.progress === 'aprobado'
            ? 'Esta actividad ya está aprobada.'
            : isCorrected(activity)
              ? 'Esta actividad ya fue corregida: el alumno puede responder de nuevo las preguntas marcadas como incorrectas.'
              : 'Esta actividad no está esperando corrección: el alumno todavía no envió sus respuestas.'}
        </Alert>
      )}
    </>
  );
}

interface ReviewItemCardProps {
  item: ActivityItem;
  index: number;
  /** The activity awaits correction: an answer marked incorrect before is a new one. */
  submitted: boolean;
  editing: boolean;
  decision: Decision;
  onDecide: (patch: Partial<Decision>) => void;
}

/** One question with the student's answer and, while correcting, the admin's mark and feedback for it. */
function ReviewItemCard({ item, index, submitted, editing, decision, onDecide }: ReviewItemCardProps) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
      <Stack gap="xs">
        <Text fw={600} id={`q-${item.id}`}>
          {index + 1}. {item.question}
        </Text>
        <Paper bg="gray.0" p="sm" radius="sm">
          <Text size="xs" c="gray.7" mb={4}>
            Respuesta del alumno
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{item.answer?.trim() ? item.answer : <em>Sin respuesta</em>}</Text>
        </Paper>
        {submitted && item.correction === false && (
          <Text size="sm" c="gray.7" style={{ whiteSpace: 'pre-wrap' }} data-testid="devolucion-anterior">
            <Text span size="sm" fw={600} c="gray.7">
              Corrección anterior: incorrecta.
            </Text>
            {item.feedback && ` Devolución: ${item.feedback}`}
          </Text>
        )}
        {editing ? (
          <>
            <SegmentedControl
              aria-label={`Corrección de la pregunta ${index + 1}`}
              value={decision.correct == null ? '' : decision.correct ? 'correcta' : 'incorrecta'}
              onChange={(value) => onDecide({ correct: value === 'correcta' })}
              data={[
                { value: 'correcta', label: 'Correcta' },
                { value: 'incorrecta', label: 'Incorrecta' },
              ]}
              color={decision.correct == null ? undefined : decision.correct ? 'green' : 'orange'}
              w={{ base: '100%', xs: 'auto' }}
            />
            <Textarea
              label={`Devolución para la pregunta ${index + 1}`}
              placeholder="Comentario para el alumno (opcional)"
              value={decision.feedback}
              onChange={(event) => onDecide({ feedback: event.currentTarget.value })}
              autosize
              minRows={2}
              maxLength={FEEDBACK_MAX}
            />
          </>
        ) : (
          <Group gap="xs">
            {item.correction === true && <Badge color="green">Correcta</Badge>}
            {item.correction === false && <Badge color="orange">Incorrecta</Badge>}
            {item.feedback && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {item.feedback}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

interface ReviewActionsProps {
  /** 'Siguiente' shows once this correction is saved and another activity awaits one. */
  showNext: boolean;
  changing: boolean;
  editing: boolean;
  corrected: boolean;
  saving: boolean;
  onNext: () => void;
  onCancel: () => void;
  onChange: () => void;
  onSave: () => void;
}

/** The buttons under the answers: to the queue, to the next activity, and to change, cancel or save the correction. */
function ReviewActions({ showNext, changing, editing, corrected, saving, onNext, onCancel, onChange, onSave }: ReviewActionsProps) {
  return (
    <Group justify="space-between">
      <Anchor component={Link} href={paths.adminReview()}>
        Ver la lista Por corregir
      </Anchor>
      <Group>
        {showNext && (
          <Button variant="default" onClick={onNext}>
            Siguiente
          </Button>
        )}
        {changing && (
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
        )}
        {!editing && corrected && (
          <Button variant="default" onClick={onChange}>
            Modificar corrección
          </Button>
        )}
        {editing && (
          <Button onClick={onSave} loading={saving}>
            Guardar corrección
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** The admin's review of one student's answers in one module: correct / incorrect and feedback. */
export function ReviewActivityPage() {
  const { userId = '', courseId = '', moduleId = '' } = useParams<{ userId: string; courseId: string; moduleId: string }>();
  const [, navigate] = useLocation();
  const query = useUserActivity(userId, moduleId);
  const save = useSaveCorrection(userId, moduleId);
  const change = useChangeCorrection(userId, moduleId);
  // 'Modificar corrección' reopens a saved correction on this page until it is saved or cancelled.
  const [changing, setChanging] = useState(false);
  const queue = useReviewQueue();
  const [dialog, setDialog] = useState<{ message: string; ok: boolean } | null>(null);
  const [saved, setSaved] = useState(false);
  const activity = query.data?.activity;
  const { decisions, decide, resetDecisions } = useDecisions(activity);
  // A correction marked or written but not saved: leaving asks first.
  useLeaveGuard(() => !!activity && (activity.submitted || changing) && hasUnsavedDecisions(activity, decisions));

  if (query.isPending) return <Skeleton h={300} />;
  if (query.isError || !activity) {
    return (
      <LoadError
        error={query.error}
        backTo={paths.adminUserModules(userId, courseId)}
        backLabel="Volver a los módulos"
        notFoundText="Este alumno no tiene esta actividad (el módulo nunca se le habilitó)."
      />
    );
  }

  const student = query.data.user;
  const next = queue.data?.find((entry) => entry.activityId !== activity.id);
  const complete = activity.items.every((item) => decisions[item.id]?.correct != null);
  const editing = activity.submitted || changing;
  const mutation = changing ? change : save;

  const onSave = () => {
    if (!complete) {
      setDialog({ message: messages.markEveryAnswer, ok: false });
      return;
    }
    mutation.mutate(
      { activityId: activity.id, input: correctionInput(activity, decisions) },
      {
        onSuccess: () => {
          setSaved(true);
          setDialog({ message: changing ? messages.correctionChanged : messages.correctionSaved, ok: true });
          setChanging(false);
        },
        onError: (error) => setDialog({ message: error.message, ok: false }),
      },
    );
  };

  return (
    <Stack maw={860}>
      <PageTitle actions={<ProgressBadge progress={activity.progress} />}>Corregir actividad</PageTitle>
      <Text mt={-12} c="gray.7">
        {student.name} ({student.email}) · {activity.moduleName}
        {activity.submittedAt && ` · enviada el ${formatDate(activity.submittedAt)}`}
      </Text>
      <ReviewNotice activity={activity} changing={changing} editing={editing} />
      {activity.items.map((item, index) => (
        <ReviewItemCard
          key={item.id}
          item={item}
          index={index}
          submitted={activity.submitted}
          editing={editing}
          decision={decisions[item.id] ?? undecided}
          onDecide={(patch) => decide(item.id, patch)}
        />
      ))}
      <ReviewActions
        showNext={saved && !!next}
        changing={changing}
        editing={editing}
        corrected={isCorrected(activity)}
        saving={mutation.isPending}
        onNext={() => next && navigate(paths.adminUserActivity(next.userId, next.courseId, next.moduleId))}
        onCancel={() => {
          setChanging(false);
          resetDecisions();
        }}
        onChange={() => setChanging(true)}
        onSave={onSave}
      />
      <UserJugadasSection userId={userId} moduleId={moduleId} />
      <CorrectionHistory history={query.data.history} />
      <MessageDialog
        opened={dialog !== null}
        message={dialog?.message ?? ''}
        buttonLabel={dialog?.ok ? 'Ok' : messages.retry}
        color={dialog?.ok ? 'green' : 'red'}
        onClose={() => {
          setDialog(null);
          if (mutation.error) void query.refetch();
        }}
      />
    </Stack>
  );
}
