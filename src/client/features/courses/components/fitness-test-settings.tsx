import { useState } from 'react';
import { Alert, Button, Fieldset, Group, Modal, NumberInput, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconRun } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { recordMessages } from '../../../../shared/messages.ts';
import { NAVETTE_LEVEL_MAX, NAVETTE_LEVEL_MIN, NAVETTE_LEVEL_STEP } from '../../../../shared/record-rules.ts';
import {
  FITNESS_TEST_NAME_MAX,
  fitnessTestInputSchema,
  type FitnessTest,
  type FitnessTestInput,
} from '../../../../shared/schemas/fitness.ts';
import { notify } from '../../../components/notify.ts';
import { showOnForm } from '../../../lib/api.ts';
import { useFitnessTest, useSaveFitnessTest } from '../api/fitness-test.ts';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';

const levelNumber = new Intl.NumberFormat('es-AR');

/** The course's 'Prueba física' (name and minimum level), on the course's page, with 'Cambiar'. */
export function FitnessTestSettings({ courseId }: { courseId: string }) {
  const query = useFitnessTest(courseId);
  const [editing, setEditing] = useState(false);
  const test = query.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="curso-prueba-fisica">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconRun size={24} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id="curso-prueba-fisica">
              Prueba física
            </Title>
            {test ? (
              <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                {test.name}: para aprobar, nivel {levelNumber.format(test.minLevel)} o más. Cada resultado se registra en el legajo del
                alumno.
              </Text>
            ) : query.isError ? (
              <Text size="sm" c="red.8" role="alert">
                No pudimos cargar la prueba física: {query.error.message}{' '}
                <Button variant="subtle" size="compact-sm" onClick={() => void query.refetch()}>
                  Reintentar
                </Button>
              </Text>
            ) : (
              <Skeleton height={16} width={260} aria-hidden />
            )}
          </Stack>
        </Group>
        <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} disabled={!test} onClick={() => setEditing(true)}>
          Cambiar
        </Button>
      </Group>
      {test && <FitnessTestModal courseId={courseId} test={test} opened={editing} onClose={() => setEditing(false)} />}
    </Paper>
  );
}

/** The form's values: the minimum as the number field gives it ('' while empty). */
type TestFields = Omit<FitnessTestInput, 'minLevel'> & { minLevel: number | string };

const inputOf = (values: TestFields): FitnessTestInput => ({
  name: values.name,
  minLevel: values.minLevel === '' ? Number.NaN : Number(values.minLevel),
});

function FitnessTestModal({
  courseId,
  test,
  opened,
  onClose,
}: {
  courseId: string;
  test: FitnessTest;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Prueba física del curso"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {opened && <FitnessTestForm courseId={courseId} test={test} onDone={onClose} />}
    </Modal>
  );
}

function FitnessTestForm({ courseId, test, onDone }: { courseId: string; test: FitnessTest; onDone: () => void }) {
  const save = useSaveFitnessTest(courseId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TestFields>({
    mode: 'controlled',
    initialValues: { name: test.name, minLevel: test.minLevel },
    validate: (values) => zod4Resolver(fitnessTestInputSchema)(inputOf(values)),
  });

  const errorFocus = useErrorFocus();

  const submit = form.onSubmit((values) => {
    setFailure(null);
    save.mutate(inputOf(values), {
      onSuccess: (saved) => {
        notify(recordMessages.fitnessTestSaved, `${saved.name}: nivel mínimo ${levelNumber.format(saved.minLevel)}`);
        onDone();
      },
      onError: showOnForm(form, setFailure),
    });
  });

  return (
    <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate>
      <Fieldset variant="unstyled" m={0} disabled={save.isPending}>
        <Stack gap="sm">
          <TextInput
            label="Nombre de la prueba"
            required
            maxLength={FITNESS_TEST_NAME_MAX}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <NumberInput
            label="Nivel mínimo para aprobar"
            description={`De ${NAVETTE_LEVEL_MIN} a ${NAVETTE_LEVEL_MAX}, en medios niveles. Cambiarlo vuelve a juzgar todos los resultados.`}
            required
            min={NAVETTE_LEVEL_MIN}
            max={NAVETTE_LEVEL_MAX}
            step={NAVETTE_LEVEL_STEP}
            decimalScale={1}
            decimalSeparator=","
            allowNegative={false}
            inputMode="decimal"
            {...form.getInputProps('minLevel')}
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
              Guardar
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
