import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { Anchor, Badge, Button, Card, Group, Pagination, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { dayOf, dayText, timeOf } from '../../../shared/calendar.ts';
import { changeKindLabels, changeKinds, type ChangeKind } from '../../../shared/course-roles.ts';
import type { CourseLogEntry } from '../../../shared/schemas/course-log.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../lib/paths.ts';
import { courseLogCsvUrl, useCourseLog, type LogFilters } from './api/use-course-log.ts';
import { DayField } from '../../components/date-fields.tsx';

function Entry({ entry }: { entry: CourseLogEntry }) {
  const at = new Date(entry.at);
  return (
    <Card withBorder radius="md" padding="sm" component="li">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Text size="sm" c="gray.7">
          {dayText(dayOf(at))}, {timeOf(at)} · {entry.actorName}
        </Text>
        <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
          {changeKindLabels[entry.kind]}
        </Badge>
      </Group>
      <Text mt={4} style={{ overflowWrap: 'anywhere' }}>
        {entry.traineeName && <strong>{entry.traineeName}: </strong>}
        {entry.summary}
      </Text>
    </Card>
  );
}

interface Fields {
  persona: string;
  tipo: ChangeKind | null;
  desde: string;
  hasta: string;
}

/** The filters: a person, a kind, days. */
function FilterFields({ fields, onChange }: { fields: Fields; onChange: (patch: Partial<Fields>) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <TextInput
        label="Persona"
        description="Quién lo hizo o a quién se refiere"
        value={fields.persona}
        onChange={(event) => onChange({ persona: event.currentTarget.value })}
      />
      <Select
        label="Tipo"
        description="Qué se cambió"
        placeholder="Todos"
        clearable
        data={changeKinds.map((kind) => ({ value: kind, label: changeKindLabels[kind] }))}
        value={fields.tipo}
        onChange={(value) => onChange({ tipo: value as ChangeKind | null })}
      />
      <DayField label="Desde" description="Día" value={fields.desde} onChange={(desde) => onChange({ desde })} />
      <DayField label="Hasta" description="Día" value={fields.hasta} onChange={(hasta) => onChange({ hasta })} />
    </SimpleGrid>
  );
}

/** 'Registro de cambios': every change to a trainee's standing or to money in the course, with who and when. Nothing here edits it. */
export function CourseLogPage() {
  const { courseId = '' } = useParams<{ courseId: string }>();
  const [fields, setFields] = useState<Fields>({ persona: '', tipo: null, desde: '', hasta: '' });
  const [debounced] = useDebouncedValue(fields.persona, 300);
  const [page, setPage] = useState(1);
  const filters: LogFilters = { ...fields, persona: debounced };
  const log = useCourseLog(courseId, filters, page);
  const totalPages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.pageSize)) : 1;
  const filtered = Boolean(debounced.trim() || fields.tipo || fields.desde || fields.hasta);

  return (
    <Stack gap="md">
      <Anchor component={Link} href={paths.adminCourse(courseId)} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {log.data?.courseName ?? 'El curso'}
        </Group>
      </Anchor>
      <PageTitle
        actions={
          <Button
            component="a"
            href={courseLogCsvUrl(courseId, filters)}
            download
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Descargar CSV
          </Button>
        }
      >
        Registro de cambios
      </PageTitle>
      <Text size="sm" c="gray.7" mt={-12}>
        Cada cambio que importa a la situación de un alumno o al dinero, con quién lo hizo y cuándo. Nadie puede editarlo ni borrarlo.
      </Text>
      <FilterFields
        fields={fields}
        onChange={(patch) => {
          setFields((current) => ({ ...current, ...patch }));
          setPage(1);
        }}
      />
      {log.isPending ? (
        <Skeleton h={240} role="status" aria-busy="true" aria-label="Cargando el registro" />
      ) : log.isError ? (
        <LoadError
          error={log.error}
          notFoundText="Este curso no existe: puede que lo hayan eliminado."
          backTo={paths.adminCourses()}
          backLabel="Volver a los cursos"
          onRetry={() => void log.refetch()}
        />
      ) : log.data.entries.length === 0 ? (
        <EmptyState
          title={filtered ? 'Ningún cambio coincide' : 'Todavía no hay cambios'}
          text={
            filtered
              ? 'Probá con otra persona, otro tipo u otras fechas.'
              : 'Cada corrección, pago, habilitación o cambio del equipo va a aparecer acá.'
          }
        />
      ) : (
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0, opacity: log.isPlaceholderData ? 0.6 : 1 }}
          aria-label="Cambios"
        >
          {log.data.entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
      {totalPages > 1 && (
        <Group justify="center" component="nav" aria-label="Páginas del registro">
          <Pagination
            total={totalPages}
            value={Math.min(page, totalPages)}
            onChange={setPage}
            siblings={1}
            boundaries={1}
            gap={4}
            getItemProps={(item) => ({ 'aria-label': `Página ${item}` })}
          />
        </Group>
      )}
    </Stack>
  );
}
