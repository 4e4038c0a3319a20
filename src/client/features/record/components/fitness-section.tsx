import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Checkbox, Fieldset, Group, Modal, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { dayOf, dayText } from '../../../../shared/calendar.ts';
import { recordMessages } from '../../../../shared/messages.ts';
import { NAVETTE_LEVEL_MAX, NAVETTE_LEVEL_MIN, NAVETTE_LEVEL_STEP, passesFitness } from '../../../../shared/record-rules.ts';
import {
  fitnessResultInputSchema,
  fitnessStatusLabels,
  type FitnessResult,
  type FitnessResultInput,
  type TraineeFitness,
} from '../../../../shared/schemas/fitness.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/notify.ts';
import { showOnForm } from '../../../lib/api.ts';
import { useDeleteFitness, useRecordFitness } from '../api/fitness-actions.ts';
import { useFitness } from '../api/use-fitness.ts';
import classes from '../trainee-record.module.css';
import { RecordSection } from './record-section.tsx';
import { SectionError } from './section-error.tsx';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';
import { DayField } from '../../../components/date-fields.tsx';

const HEADING_ID = 'legajo-prueba-fisica';
const levelNumber = new Intl.NumberFormat('es-AR');

/** 'Nivel 9' or 'No se presentó'. */
const resultText = (level: number | null) => (level === null ? recordMessages.noShow : recordMessages.levelText(level));

/** A result's verdict: 'Aprobada', 'No aprobada', or 'No se presentó'. */
function ResultBadge({ result }: { result: FitnessResult }) {
  const [label, color] =
    result.level === null
      ? [recordMessages.noShow, 'orange']
      : result.passed
        ? [recordMessages.passed, 'green']
        : [recordMessages.failed, 'red'];
  return (
    <Badge color={color} variant="light" style={{ textTransform: 'none', flexShrink: 0 }}>
      {label}
    </Badge>
  );
}

/** 'Prueba física' on the trainee's page: the course's test, the trainee's status and results, and recording one. */
export function FitnessSection({ courseId, userId }: { courseId: string; userId: string }) {
  const query = useFitness(courseId, userId);
  const [recording, setRecording] = useState(false);
  const fitness = query.data;

  return (
    <RecordSection
      id={HEADING_ID}
      title="Prueba física"
      action={
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setRecording(true)}
          disabled={!fitness}
        >
          Registrar prueba física
        </Button>
      }
    >
      {fitness ? (
        <FitnessBody courseId={courseId} userId={userId} fitness={fitness} />
      ) : query.isError ? (
        <SectionError what="la prueba física" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="xs" aria-hidden>
          <Skeleton height={16} width="60%" />
          <Skeleton height={40} />
        </Stack>
      )}
      {fitness && (
        <RecordFitnessModal courseId={courseId} userId={userId} fitness={fitness} opened={recording} onClose={() => setRecording(false)} />
      )}
    </RecordSection>
  );
}

function FitnessBody({ courseId, userId, fitness }: { courseId: string; userId: string; fitness: TraineeFitness }) {
  const remove = useDeleteFitness(courseId, userId);
  const [target, setTarget] = useState<FitnessResult | null>(null);
  const [confirming, setConfirming] = useState(false);

  const confirm = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: ({ message }) => {
        setConfirming(false);
        notify(message, `${dayText(target.testedOn)}: ${resultText(target.level)}`);
      },
    });
  };

  return (
    <Stack gap="sm">
      <Group gap="xs" align="center" wrap="wrap">
        <Badge
          size="lg"
          // Light or outlined, never filled: on paper backgrounds are not printed, and white text would vanish.
          variant={fitness.status ? 'light' : 'outline'}
          color={fitness.status === 'aprobada' ? 'green' : fitness.status === 'no-aprobada' ? 'red' : 'gray'}
          style={{ textTransform: 'none' }}
        >
          {fitness.status ? fitnessStatusLabels[fitness.status] : 'Sin rendir'}
        </Badge>
        <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {fitness.testName} · para aprobar, nivel {levelNumber.format(fitness.minLevel)} o más
        </Text>
      </Group>
      {fitness.results.length === 0 ? (
        <Text size="sm" c="gray.7">
          Todavía no hay pruebas registradas.
        </Text>
      ) : (
        <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={HEADING_ID}>
          {fitness.results.map((result, index) => (
            <Group
              component="li"
              key={result.id}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py={6}
              style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-3)', breakInside: 'avoid' }}
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {dayText(result.testedOn)}
                </Text>
                {result.level !== null && (
                  <Text size="sm" c="gray.7">
                    {recordMessages.levelText(result.level)}
                  </Text>
                )}
              </Stack>
              <Group gap={4} wrap="nowrap">
                <ResultBadge result={result} />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  className={classes.noPrint}
                  aria-label={`Borrar la prueba del ${dayText(result.testedOn)}`}
                  onClick={() => {
                    remove.reset();
                    setTarget(result);
                    setConfirming(true);
                  }}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title="¿Borrar la prueba física?"
        text={
          target
            ? `Se borra el resultado del ${dayText(target.testedOn)} (${resultText(target.level)}). Queda anotado en el historial de cambios.`
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

/** The form's values: the level as the number field gives it ('' while empty), and 'No se presentó'. */
interface FitnessFields {
  testedOn: string;
  level: number | string;
  noShow: boolean;
}

const inputOf = (values: FitnessFields): FitnessResultInput => ({
  testedOn: values.testedOn,
  level: values.noShow ? null : values.level === '' ? Number.NaN : Number(values.level),
});

interface RecordFitnessModalProps {
  courseId: string;
  userId: string;
  fitness: TraineeFitness;
  opened: boolean;
  onClose: () => void;
}

/** 'Registrar prueba física', in a dialog (the whole screen on a phone). */
function RecordFitnessModal({ opened, onClose, ...props }: RecordFitnessModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Registrar prueba física"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {opened && <RecordFitnessForm {...props} onDone={onClose} />}
    </Modal>
  );
}

function RecordFitnessForm({
  courseId,
  userId,
  fitness,
  onDone,
}: Omit<RecordFitnessModalProps, 'opened' | 'onClose'> & { onDone: () => void }) {
  const save = useRecordFitness(courseId, userId);
  const [failure, setFailure] = useState<string | null>(null);
  const today = dayOf(new Date());
  const form = useForm<FitnessFields>({
    mode: 'controlled',
    initialValues: { testedOn: today, level: '', noShow: false },
    validate: (values) => zod4Resolver(fitnessResultInputSchema)(inputOf(values)),
  });
  const { noShow, level } = form.getValues();
  const typed = typeof level === 'number' ? level : null;

  const errorFocus = useErrorFocus();

  const submit = form.onSubmit((values) => {
    setFailure(null);
    const input = inputOf(values);
    save.mutate(input, {
      onSuccess: ({ message, result }) => {
        notify(message, `${resultText(result.level)}: ${result.passed ? recordMessages.passed : recordMessages.failed}`);
        onDone();
      },
      onError: (error) => {
        showOnForm(form, setFailure)(error);
        errorFocus.focus();
      },
    });
  });

  return (
    <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate>
      <Fieldset variant="unstyled" m={0} disabled={save.isPending}>
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {fitness.testName}: para aprobar hace falta nivel {levelNumber.format(fitness.minLevel)} o más.
          </Text>
          <DayField label="Fecha" required data-autofocus {...form.getInputProps('testedOn')} />
          <NumberInput
            label="Nivel"
            description={`De ${NAVETTE_LEVEL_MIN} a ${NAVETTE_LEVEL_MAX}, en medios niveles`}
            required={!noShow}
            disabled={noShow}
            min={NAVETTE_LEVEL_MIN}
            max={NAVETTE_LEVEL_MAX}
            step={NAVETTE_LEVEL_STEP}
            decimalScale={1}
            decimalSeparator=","
            allowNegative={false}
            inputMode="decimal"
            {...form.getInputProps('level')}
          />
          <Checkbox
            label={recordMessages.noShow}
            {...form.getInputProps('noShow', { type: 'checkbox' })}
            onChange={(event) => {
              form.setFieldValue('noShow', event.currentTarget.checked);
              form.clearFieldError('level');
            }}
          />
          {!noShow && typed !== null && (
            <Text size="sm" aria-live="polite">
              Con nivel {levelNumber.format(typed)}:{' '}
              <strong>{passesFitness(typed, fitness.minLevel) ? recordMessages.passed : recordMessages.failed}</strong>
            </Text>
          )}
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
              Registrar
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
