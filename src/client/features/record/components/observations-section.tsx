import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Fieldset,
  Group,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { dayOf, dayText } from '../../../../shared/calendar.ts';
import { matchReviewMessages, recordMessages } from '../../../../shared/messages.ts';
import { SCORE_MAX, SCORE_MIN, observationCriteria, type CriterionKey } from '../../../../shared/record-rules.ts';
import {
  CRITERION_COMMENT_MAX,
  OBSERVATION_CATEGORY_MAX,
  OBSERVATION_COMMENT_MAX,
  OBSERVATION_MATCH_MAX,
  OBSERVATION_OBSERVER_MAX,
  observationInputSchema,
  type Observation,
  type TraineeObservations,
} from '../../../../shared/schemas/observations.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/notify.ts';
import { showOnForm } from '../../../lib/api.ts';
import { useDeleteObservation, useSaveObservation } from '../api/observation-actions.ts';
import { useObservations } from '../api/use-observations.ts';
import classes from '../trainee-record.module.css';
import { RecordSection } from './record-section.tsx';
import { ScoreChoice } from './score-choice.tsx';
import { SectionError } from './section-error.tsx';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';
import { DayField } from '../../../components/date-fields.tsx';
import { LinkedMatch } from '../../../components/linked-match.tsx';
import { paths } from '../../../lib/paths.ts';
import { useTraineeMatches } from '../api/use-trainee-matches.ts';

const HEADING_ID = 'legajo-observaciones';
const count = new Intl.NumberFormat('es-AR');
const average = (value: number) => recordMessages.averageText(value);

/** The form asked for: a new observation (null), or one to edit. */
interface Editing {
  observation: Observation | null;
}

/** 'Observaciones de partido' on the trainee's page: each observation with its average, the overall one, and the form. */
export function ObservationsSection({ courseId, userId }: { courseId: string; userId: string }) {
  const query = useObservations(courseId, userId);
  // What the form edits stays while the dialog closes, so its title does not change mid-animation.
  const [editing, setEditing] = useState<Editing>({ observation: null });
  const [opened, setOpened] = useState(false);
  const open = (observation: Observation | null) => {
    setEditing({ observation });
    setOpened(true);
  };
  const data = query.data;

  return (
    <RecordSection
      id={HEADING_ID}
      title="Observaciones de partido"
      action={
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => open(null)} disabled={!data}>
          Nueva observación
        </Button>
      }
    >
      {data ? (
        <ObservationList courseId={courseId} userId={userId} data={data} onEdit={open} />
      ) : query.isError ? (
        <SectionError what="las observaciones" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="xs" aria-hidden>
          <Skeleton height={16} width="50%" />
          <Skeleton height={120} radius="md" />
        </Stack>
      )}
      <ObservationFormModal courseId={courseId} userId={userId} editing={editing} opened={opened} onClose={() => setOpened(false)} />
    </RecordSection>
  );
}

interface ObservationListProps {
  courseId: string;
  userId: string;
  data: TraineeObservations;
  onEdit: (observation: Observation) => void;
}

function ObservationList({ courseId, userId, data, onEdit }: ObservationListProps) {
  const remove = useDeleteObservation(courseId, userId);
  const [target, setTarget] = useState<Observation | null>(null);
  const [confirming, setConfirming] = useState(false);

  if (data.count === 0)
    return (
      <Text size="sm" c="gray.7">
        Todavía no hay observaciones de partido.
      </Text>
    );

  const confirm = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: ({ message }) => {
        setConfirming(false);
        notify(message, `${dayText(target.observedOn)}: ${target.match}`);
      },
    });
  };

  return (
    <Stack gap="sm">
      <Group gap="xs" align="baseline">
        <Text fw={700} fz={28} lh={1}>
          {data.average === null ? '—' : average(data.average)}
        </Text>
        <Text size="sm" c="gray.7">
          Promedio general de {data.count === 1 ? '1 observación' : `${count.format(data.count)} observaciones`} (de {SCORE_MIN} a{' '}
          {SCORE_MAX})
        </Text>
      </Group>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={HEADING_ID}>
        {data.observations.map((observation) => (
          <li key={observation.id} style={{ breakInside: 'avoid' }}>
            <ObservationCard
              observation={observation}
              onEdit={() => onEdit(observation)}
              onDelete={() => {
                remove.reset();
                setTarget(observation);
                setConfirming(true);
              }}
            />
          </li>
        ))}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="¿Borrar la observación?"
        text={
          target
            ? `Se borra la observación del ${dayText(target.observedOn)} (${target.match}). Queda anotado en el historial de cambios.`
            : ''
        }
        confirmLabel="Borrar"
        danger
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

function ObservationCard({ observation, onEdit, onDelete }: { observation: Observation; onEdit: () => void; onDelete: () => void }) {
  const titleId = `observacion-${observation.id}`;
  const when = dayText(observation.observedOn);
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {observation.match}
          </Title>
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {[when, observation.category, `Observador: ${observation.observer}`].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <Badge size="lg" variant="light" style={{ textTransform: 'none', flexShrink: 0 }}>
          Promedio {average(observation.average)}
        </Badge>
      </Group>
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 2 }}
        spacing="lg"
        verticalSpacing={4}
        mt="xs"
        mb={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={`Criterios de la observación del ${when}`}
      >
        {observationCriteria.map(({ key, label }) => {
          const criterion = observation.criteria[key];
          return (
            <li key={key} style={{ breakInside: 'avoid' }}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm">{label}</Text>
                <Text size="sm" fw={700}>
                  {criterion.score}
                  <Text span c="gray.7" fw={400} size="sm">
                    {' '}
                    de {SCORE_MAX}
                  </Text>
                </Text>
              </Group>
              {criterion.comment && (
                <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  {criterion.comment}
                </Text>
              )}
            </li>
          );
        })}
      </SimpleGrid>
      {observation.linkedMatch && <LinkedMatch linked={observation.linkedMatch} href={paths.adminMatch(observation.linkedMatch.id)} />}
      {observation.comment && (
        <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            Comentario general:
          </Text>{' '}
          {observation.comment}
        </Text>
      )}
      <Group gap="xs" mt="xs" className={classes.noPrint}>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={onEdit}
          aria-label={`Editar la observación del ${when}`}
        >
          Editar
        </Button>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={onDelete}
          aria-label={`Borrar la observación del ${when}`}
        >
          Borrar
        </Button>
      </Group>
    </Paper>
  );
}

/** The form's values: a score is null until one is chosen. */
interface ObservationFields {
  observedOn: string;
  match: string;
  category: string;
  observer: string;
  criteria: Record<CriterionKey, { score: number | null; comment: string }>;
  comment: string;
  matchId: string | null;
}

const emptyCriteria = () =>
  Object.fromEntries(observationCriteria.map(({ key }) => [key, { score: null, comment: '' }])) as ObservationFields['criteria'];

const valuesOf = (observation: Observation | null): ObservationFields =>
  observation
    ? {
        observedOn: observation.observedOn,
        match: observation.match,
        category: observation.category,
        observer: observation.observer,
        criteria: structuredClone(observation.criteria),
        comment: observation.comment,
        matchId: observation.linkedMatch?.id ?? null,
      }
    : { observedOn: dayOf(new Date()), match: '', category: '', observer: '', criteria: emptyCriteria(), comment: '', matchId: null };

interface ObservationFormModalProps {
  courseId: string;
  userId: string;
  editing: Editing;
  opened: boolean;
  onClose: () => void;
}

/** 'Nueva observación' and 'Editar observación', in a dialog (the whole screen on a phone). */
function ObservationFormModal({ courseId, userId, editing, opened, onClose }: ObservationFormModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const { observation } = editing;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={observation ? 'Editar observación' : 'Nueva observación'}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {opened && (
        <ObservationForm key={observation?.id ?? 'nueva'} courseId={courseId} userId={userId} observation={observation} onDone={onClose} />
      )}
    </Modal>
  );
}

interface CriterionFieldsProps {
  form: ReturnType<typeof useForm<ObservationFields>>;
  criterion: CriterionKey;
  label: string;
  disabled: boolean;
}

/** A criterion's score (required, marked as the other required fields are) and its comment. */
function CriterionFields({ form, criterion, label, disabled }: CriterionFieldsProps) {
  const scoreField = `criteria.${criterion}.score`;
  return (
    <Fieldset
      legend={
        <>
          {label}{' '}
          <span aria-hidden style={{ color: 'var(--mantine-color-error)' }}>
            *
          </span>
        </>
      }
      p="sm"
    >
      <Stack gap="xs">
        <ScoreChoice
          label={label}
          value={form.getValues().criteria[criterion].score}
          onChange={(score) => {
            form.setFieldValue(scoreField, score);
            form.clearFieldError(scoreField);
          }}
          error={(form.errors[scoreField] as string | undefined) ?? undefined}
          disabled={disabled}
        />
        <TextInput
          label="Comentario"
          description="Opcional"
          maxLength={CRITERION_COMMENT_MAX}
          {...form.getInputProps(`criteria.${criterion}.comment`)}
        />
      </Stack>
    </Fieldset>
  );
}

interface ObservationFormProps {
  courseId: string;
  userId: string;
  observation: Observation | null;
  onDone: () => void;
}

function ObservationForm({ courseId, userId, observation, onDone }: ObservationFormProps) {
  const save = useSaveObservation(courseId, userId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ObservationFields>({
    mode: 'controlled',
    initialValues: valuesOf(observation),
    validate: zod4Resolver(observationInputSchema),
  });

  const errorFocus = useErrorFocus();

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const input = observationInputSchema.parse(values);
    save.mutate(
      { id: observation?.id ?? null, input },
      {
        onSuccess: ({ message, observation: saved }) => {
          notify(message, `${saved.match}: promedio ${average(saved.average)}`);
          onDone();
        },
        onError: (error) => {
          showOnForm(form, setFailure)(error);
          errorFocus.focus();
        },
      },
    );
  });

  return (
    <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate>
      <Fieldset variant="unstyled" m={0} disabled={save.isPending}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DayField label="Fecha" required data-autofocus {...form.getInputProps('observedOn')} />
            <TextInput
              label="Partido"
              required
              maxLength={OBSERVATION_MATCH_MAX}
              placeholder="Por ejemplo, Club Ferro – Club Atlético"
              {...form.getInputProps('match')}
            />
            <TextInput
              label="Categoría"
              description="Opcional"
              maxLength={OBSERVATION_CATEGORY_MAX}
              placeholder="Por ejemplo, Juveniles"
              {...form.getInputProps('category')}
            />
            <TextInput label="Observador" required maxLength={OBSERVATION_OBSERVER_MAX} {...form.getInputProps('observer')} />
          </SimpleGrid>
          <LinkedMatchField
            courseId={courseId}
            userId={userId}
            value={form.getValues().matchId}
            onChange={(id) => form.setFieldValue('matchId', id)}
          />
          <Text size="sm" c="gray.7">
            Cada criterio de {SCORE_MIN} (insuficiente) a {SCORE_MAX} (excelente).
          </Text>
          {observationCriteria.map(({ key, label }) => (
            <CriterionFields key={key} form={form} criterion={key} label={label} disabled={save.isPending} />
          ))}
          <Textarea
            label="Comentario general"
            description="Opcional"
            autosize
            minRows={2}
            maxRows={8}
            maxLength={OBSERVATION_COMMENT_MAX}
            {...form.getInputProps('comment')}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              {observation ? 'Guardar' : 'Registrar observación'}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}

/** 'Partido en video': one of the trainee's matches in the course, when the reader may see them and there are any. */
function LinkedMatchField(props: { courseId: string; userId: string; value: string | null; onChange: (id: string | null) => void }) {
  const matches = useTraineeMatches(props.courseId, props.userId);
  const options = matches.data ?? [];
  if (options.length === 0 && !props.value) return null;
  return (
    <NativeSelect
      label={matchReviewMessages.linkedMatchLabel}
      description={matchReviewMessages.linkedMatchHint}
      data={[
        { value: '', label: matchReviewMessages.noLinkedMatch },
        ...options.map((match) => ({ value: match.id, label: `${dayText(match.playedOn)} · ${match.title}` })),
      ]}
      value={props.value ?? ''}
      onChange={(event) => props.onChange(event.currentTarget.value || null)}
    />
  );
}
