import type { ReactNode } from 'react';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { Link, useParams, useSearchParams } from 'wouter';
import { Anchor, Badge, Button, Group, Loader, Paper, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconMovie, IconPencil, IconTag } from '@tabler/icons-react';
import type { CourseJugadas } from '../../../shared/schemas/jugadas.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../lib/paths.ts';
import { useCourseOverview } from '../../lib/use-course-overview.ts';
import { useCourseJugadas } from './api/use-course-jugadas.ts';
import { TagBadges, jugadaUseLabels } from './components/jugada-labels.tsx';

type CourseJugada = CourseJugadas['jugadas'][number];

const ALL_TAGS = '*';
const jugadasText = (n: number) => (n === 1 ? '1 jugada' : `${n} jugadas`);

/** How the class did on a clip: 'Primer intento: 7 de 10 (70 %)', or 'Sin respuestas'. */
const firstAttemptText = (j: CourseJugada) =>
  j.percentCorrect === null ? 'Sin respuestas' : `Primer intento: ${j.correct} de ${j.answered} (${j.percentCorrect} %)`;

/** The tag filtered on lives in the address, so reloading or going back keeps it. */
function useTagFilter(): [string, (tag: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = (tag: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (tag) next.set('etiqueta', tag);
        else next.delete('etiqueta');
        return next;
      },
      { replace: true },
    );
  return [params.get('etiqueta') ?? '', set];
}

/**
 * 'Jugadas del curso': every clip of every module in one list, with its tags, its use and how
 * the class did on first attempts, filtered by a tag; each links to its editor in its module.
 */
export function CourseJugadasPage() {
  const { courseId = '' } = useParams<{ courseId: string }>();
  const course = useCourseOverview().data?.find((c) => c.id === courseId);
  const [tag, setTag] = useTagFilter();
  const list = useCourseJugadas(courseId, tag);
  const data = list.data;

  if (list.isError && !data) {
    return (
      <LoadError
        error={list.error}
        notFoundText="Este curso no existe: puede que lo hayan eliminado."
        backTo={paths.adminCourses()}
        backLabel="Volver a los cursos"
        onRetry={() => void list.refetch()}
      />
    );
  }

  let content: ReactNode;
  if (!data) content = <ListSkeleton rowHeight={96} />;
  else if (data.jugadas.length === 0 && !tag)
    content = (
      <EmptyState
        icon={IconMovie}
        title="Este curso todavía no tiene jugadas"
        text="Las jugadas se agregan en cada módulo, desde Crear Módulo. Acá vas a verlas todas juntas, con sus etiquetas y resultados."
      >
        <Button component={Link} href={paths.adminCreateModule(courseId)} variant="light">
          Ir a los módulos
        </Button>
      </EmptyState>
    );
  else
    content = (
      <Stack gap="sm">
        <TagFilter tag={tag} tags={data.tags} onChange={setTag} />
        <Group gap="xs" justify="space-between">
          <Text size="sm" c="gray.7" aria-live="polite">
            {tag ? `${jugadasText(data.jugadas.length)} con la etiqueta “${tag}”` : jugadasText(data.jugadas.length)}
          </Text>
          {list.isFetching && <Loader size="xs" role="status" aria-label="Actualizando" />}
        </Group>
        {data.jugadas.length === 0 ? (
          <EmptyState icon={IconTag} title="No hay jugadas con esa etiqueta" text="Puede que ya no la tenga ninguna jugada.">
            <Button variant="light" onClick={() => setTag('')}>
              Ver todas
            </Button>
          </EmptyState>
        ) : (
          <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isPlaceholderData}>
            <JugadasTable jugadas={data.jugadas} />
            <JugadaCards jugadas={data.jugadas} />
          </div>
        )}
      </Stack>
    );

  return (
    <Stack gap="md" maw={1100}>
      <Anchor component={Link} href={paths.adminCourse(courseId)} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {course?.name ?? 'Curso'}
        </Group>
      </Anchor>
      <PageTitle>Jugadas del curso</PageTitle>
      {content}
    </Stack>
  );
}

/** 'Todas las etiquetas' or one of the course's, with how many clips have it. */
function TagFilter({ tag, tags, onChange }: { tag: string; tags: CourseJugadas['tags']; onChange: (tag: string) => void }) {
  const data = tags.map((t) => ({ value: t.tag, label: `${t.tag} (${t.count})` }));
  // A tag typed in the address, or one no clip has any more, stays a choice.
  if (tag && !tags.some((t) => t.tag === tag)) data.push({ value: tag, label: tag });
  return (
    <Select
      label="Etiqueta"
      data={[{ value: ALL_TAGS, label: 'Todas las etiquetas' }, ...data]}
      value={tag || ALL_TAGS}
      onChange={(value) => onChange(!value || value === ALL_TAGS ? '' : value)}
      allowDeselect={false}
      w={{ base: '100%', xs: 280 }}
    />
  );
}

/** 'Módulo 2: Sanciones' and whether the module is archived. */
function ModuleCell({ jugada }: { jugada: CourseJugada }) {
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        Módulo {jugada.moduleNumber}: {jugada.moduleName}
      </Text>
      {jugada.moduleArchived && (
        <Badge color="gray" variant="light" style={{ textTransform: 'none' }}>
          Módulo archivado
        </Badge>
      )}
    </Stack>
  );
}

/** 'Jugada 3: ¿Qué cobrás?' and whether it is archived. */
function PromptCell({ jugada }: { jugada: CourseJugada }) {
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        Jugada {jugada.number}: {jugada.prompt}
      </Text>
      {jugada.archived && (
        <Badge color="gray" variant="light" style={{ textTransform: 'none' }}>
          Archivada
        </Badge>
      )}
    </Stack>
  );
}

/** The link to the clip's editor, on its module's jugadas page. */
function EditLink({ jugada }: { jugada: CourseJugada }) {
  return (
    <Button
      component={Link}
      href={paths.adminModuleJugadas(jugada.moduleId, jugada.id)}
      size="xs"
      variant="light"
      leftSection={<IconPencil size={14} aria-hidden />}
      aria-label={`Editar jugada ${jugada.number} del módulo ${jugada.moduleNumber}`}
    >
      Editar
    </Button>
  );
}

/** From 576 px: one row per clip. */
function JugadasTable({ jugadas }: { jugadas: CourseJugada[] }) {
  return (
    <Table visibleFrom="xs" verticalSpacing="sm" striped aria-label="Jugadas del curso">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Módulo</Table.Th>
          <Table.Th scope="col">Jugada</Table.Th>
          <Table.Th scope="col">Etiquetas</Table.Th>
          <Table.Th scope="col">Uso</Table.Th>
          <Table.Th scope="col">Primer intento</Table.Th>
          <Table.Th scope="col">
            <VisuallyHidden>Acciones</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {jugadas.map((j) => (
          <Table.Tr key={j.id}>
            <Table.Td>
              <ModuleCell jugada={j} />
            </Table.Td>
            <Table.Td>
              <PromptCell jugada={j} />
            </Table.Td>
            <Table.Td>{j.tags.length ? <TagBadges tags={j.tags} /> : <Text size="sm">—</Text>}</Table.Td>
            <Table.Td>
              <Text size="sm">{jugadaUseLabels[j.use]}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {j.percentCorrect === null ? 'Sin respuestas' : `${j.correct} de ${j.answered} (${j.percentCorrect} %)`}
              </Text>
            </Table.Td>
            <Table.Td>
              <EditLink jugada={j} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** On a phone: one card per clip. */
function JugadaCards({ jugadas }: { jugadas: CourseJugada[] }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} hiddenFrom="xs" style={{ listStyle: 'none' }} aria-label="Jugadas del curso">
      {jugadas.map((j) => (
        <Paper key={j.id} component="li" withBorder radius="md" p="sm">
          <Stack gap={6}>
            <ModuleCell jugada={j} />
            <PromptCell jugada={j} />
            <TagBadges tags={j.tags} />
            <Text size="sm">Uso: {jugadaUseLabels[j.use]}</Text>
            <Text size="sm">{firstAttemptText(j)}</Text>
            <Group>
              <EditLink jugada={j} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
