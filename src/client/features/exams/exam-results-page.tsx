import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { Anchor, Badge, Button, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck, IconCircleX, IconDownload, IconEye, IconUsers } from '@tabler/icons-react';
import { examMessages } from '../../../shared/messages.ts';
import type { ExamResults } from '../../../shared/schemas/exams.ts';
import { paths } from '../../lib/paths.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useClipNames } from './api/use-exam-form-data.ts';
import { examResultsCsvUrl, useExamResults } from './api/use-exam-results.ts';
import { AttemptDialog } from './components/attempt-dialog.tsx';
import { ClipStats, TagStats } from './components/clip-stats.tsx';
import { QuestionStats } from './components/question-stats.tsx';
import { momentText } from '../../../shared/calendar.ts';

type Row = ExamResults['rows'][number];

/** '12:34' (minutes and seconds), or '—'. */
function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function PassedBadge({ row }: { row: Row }) {
  if (row.passed === null) {
    return (
      <Badge color="gray" variant="light" style={{ textTransform: 'none' }}>
        {row.open ? 'En curso' : 'Sin entregar'}
      </Badge>
    );
  }
  return (
    <Badge
      color={row.passed ? 'green' : 'red'}
      variant="light"
      leftSection={row.passed ? <IconCircleCheck size={12} aria-hidden /> : <IconCircleX size={12} aria-hidden />}
      style={{ textTransform: 'none' }}
    >
      {row.passed ? 'Sí' : 'No'}
    </Badge>
  );
}

function ResultsTable({ results, onView }: { results: ExamResults; onView: (row: Row) => void }) {
  // The caption is said above the table, where it wraps on a phone (inside the table's scroll it was cut).
  return (
    <Stack gap={8}>
      <Text fw={600} aria-hidden>
        {examMessages.resultsCaption}
      </Text>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table withTableBorder verticalSpacing="xs" striped>
          <VisuallyHidden component="caption">{examMessages.resultsCaption}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Nombre</Table.Th>
              <Table.Th scope="col">Nota</Table.Th>
              <Table.Th scope="col">Aprobado</Table.Th>
              <Table.Th scope="col">Tiempo usado</Table.Th>
              <Table.Th scope="col">Intentos</Table.Th>
              <Table.Th scope="col">Fecha</Table.Th>
              <Table.Th scope="col">Respuestas</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.rows.map((row) => (
              <Table.Tr key={row.userId}>
                <Table.Th scope="row" fw={400}>
                  <Text size="sm" fw={600}>
                    {row.name}
                  </Text>
                  <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    {row.email}
                  </Text>
                </Table.Th>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.scorePercent === null ? '—' : `${row.scorePercent}\u00a0%`}</Table.Td>
                <Table.Td>
                  <PassedBadge row={row} />
                </Table.Td>
                <Table.Td>{duration(row.secondsUsed)}</Table.Td>
                <Table.Td>
                  {row.attempts} de {results.exam.attempts}
                </Table.Td>
                <Table.Td>{row.submittedAt ? momentText(row.submittedAt) : '—'}</Table.Td>
                <Table.Td>
                  {row.attemptIds.length > 0 && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconEye size={14} aria-hidden />}
                      onClick={() => onView(row)}
                      aria-label={`Ver respuestas de ${row.name}`}
                    >
                      Ver
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/**
 * An exam's results: a row per student, each attempt's answers, the share of right answers per
 * question (a video exam's per tag and per clip, with what the class chose), and the CSV.
 */
export function ExamResultsPage() {
  const { examId = '' } = useParams<{ examId: string }>();
  const query = useExamResults(examId);
  const [viewing, setViewing] = useState<Row | null>(null);
  const video = query.data?.exam.kind === 'video';
  const names = useClipNames(query.data?.exam.courseId ?? '', video && (query.data?.clips.length ?? 0) > 0);

  if (query.isPending) return <Skeleton h={320} />;
  if (query.isError) {
    return (
      <LoadError
        error={query.error}
        notFoundText={examMessages.examNotFound}
        backTo={paths.adminCourses()}
        backLabel="Volver a los cursos"
        onRetry={() => void query.refetch()}
      />
    );
  }
  const results = query.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} href={paths.adminExams(results.exam.courseId)} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Exámenes
        </Group>
      </Anchor>
      <PageTitle
        actions={
          <Button
            component="a"
            href={examResultsCsvUrl(examId)}
            download
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Descargar CSV
          </Button>
        }
      >
        Resultados · {results.exam.title}
      </PageTitle>
      <Text size="sm" c="gray.7" mt={-12}>
        {results.exam.moduleName} · aprueba con {results.exam.passPercent} % · {results.exam.questionCount}{' '}
        {video ? (results.exam.questionCount === 1 ? 'jugada' : 'jugadas') : 'preguntas'}
      </Text>
      {results.rows.length === 0 ? (
        <EmptyState
          icon={IconUsers}
          title="Todavía nadie rindió este examen"
          text="Cada alumno aparece acá en cuanto comienza un intento."
        />
      ) : (
        <ResultsTable results={results} onView={setViewing} />
      )}
      {video ? (
        <>
          <TagStats tags={results.tags} />
          <ClipStats clips={results.clips} names={names.data} />
        </>
      ) : (
        <QuestionStats questions={results.questions} />
      )}
      <AttemptDialog student={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
