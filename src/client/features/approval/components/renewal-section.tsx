import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Alert, Anchor, Button, Group, Modal, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { dayOf, dayText } from '../../../../shared/calendar.ts';
import { renewalMessages } from '../../../../shared/messages.ts';
import { NAME_MAX } from '../../../../shared/schemas/content.ts';
import { renewalFormSchema, type RenewalPreview } from '../../../../shared/schemas/renewal.ts';
import { notify } from '../../../components/notify.ts';
import { showOnForm } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { useCreateRenewal } from '../api/create-renewal.ts';
import { useRenewal } from '../api/use-renewal.ts';

const HEADING_ID = 'actualizacion-titulo';

/** 'Se inscribirían 3 titulares de licencia': who the new course would enrol, in words. */
function holdersText(holders: number) {
  if (holders === 0)
    return 'Por ahora no hay titulares de una licencia vigente o vencida hace menos de un año: el curso se crearía sin alumnos.';
  return holders === 1
    ? 'Se inscribiría 1 titular de una licencia vigente o vencida hace menos de un año.'
    : `Se inscribirían ${holders} titulares de una licencia vigente o vencida hace menos de un año.`;
}

/** The confirmation: what happens, and the new course's name (the usual one written in). */
function CreateForm({ courseId, preview, onDone }: { courseId: string; preview: RenewalPreview; onDone: () => void }) {
  const create = useCreateRenewal(courseId);
  const [, navigate] = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: { name: preview.defaultName }, validate: zod4Resolver(renewalFormSchema) });
  const submit = form.onSubmit((values) => {
    setFailure(null);
    create.mutate(
      { name: values.name.trim() },
      {
        onSuccess: ({ course, enrolled }) => {
          notify(renewalMessages.created(enrolled), `${course.name}: cada alumno inscripto ya ve el primer módulo.`);
          onDone();
          navigate(paths.adminCourse(course.id));
        },
        onError: showOnForm(form, setFailure),
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Se crea un curso nuevo con el contenido de este y se inscribe{' '}
          {preview.holders === 1 ? 'a 1 titular' : `a ${preview.holders} titulares`} de licencia, con el primer módulo habilitado. Las
          fechas de los exámenes quedan sin definir.
        </Text>
        <TextInput label="Nombre del curso nuevo" required maxLength={NAME_MAX} data-autofocus {...form.getInputProps('name')} />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Crear curso de actualización
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The renewal courses already made of this one, each a link to its page. */
function Renewals({ renewals }: { renewals: RenewalPreview['renewals'] }) {
  if (renewals.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} id="actualizaciones-creadas">
        Cursos de actualización creados
      </Text>
      <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="actualizaciones-creadas">
        {renewals.map((renewal) => (
          <Text component="li" size="sm" key={renewal.id} style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} href={paths.adminCourse(renewal.id)} underline="always">
              {renewal.name}
            </Anchor>{' '}
            <Text span size="sm" c="gray.7">
              · creado el {dayText(dayOf(new Date(renewal.createdAt)))}
            </Text>
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * 'Curso de actualización' on the approval page: a new course with this one's content (not its
 * trainees' work), with the holders of its licences enrolled; then the new course's page.
 */
export function RenewalSection({ courseId }: { courseId: string }) {
  const query = useRenewal(courseId);
  const phone = useMediaQuery('(max-width: 36em)');
  const [confirming, setConfirming] = useState(false);
  const preview = query.data;

  let body;
  if (preview) {
    body = (
      <Stack gap="md">
        <Text size="sm" aria-live="polite">
          {holdersText(preview.holders)}
        </Text>
        <Group>
          <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => setConfirming(true)}>
            Crear curso de actualización
          </Button>
        </Group>
        <Renewals renewals={preview.renewals} />
      </Stack>
    );
  } else if (query.error) {
    body = (
      <Alert color="red" role="alert" title="No pudimos cargar el curso de actualización">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{query.error.message}</Text>
          <Button variant="default" size="xs" onClick={() => void query.refetch()}>
            Reintentar
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <Stack gap="sm" aria-hidden>
        <Skeleton height={16} width="70%" />
        <Skeleton height={36} width={240} />
      </Stack>
    );
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={HEADING_ID}>
      <Title order={2} size="h4" id={HEADING_ID} mb={4}>
        Curso de actualización
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        Un curso nuevo con el contenido de este (módulos, jugadas, banco de preguntas, exámenes y documentos, sin el trabajo de los alumnos)
        para que quienes tienen su licencia la renueven: terminarlo les da una licencia nueva.
      </Text>
      {body}
      <Modal
        opened={confirming && preview !== undefined}
        onClose={() => setConfirming(false)}
        title="¿Crear curso de actualización?"
        fullScreen={phone}
        centered={!phone}
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        {preview && <CreateForm courseId={courseId} preview={preview} onDone={() => setConfirming(false)} />}
      </Modal>
    </Paper>
  );
}
