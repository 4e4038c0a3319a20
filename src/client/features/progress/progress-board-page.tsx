import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import {
  Anchor,
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload, IconSearch, IconUserSearch } from '@tabler/icons-react';
import {
  attendanceCellText,
  boardStateLabels,
  boardStates,
  examCellText,
  fitnessCellText,
  observationsCellText,
  overdueText,
  paymentsCellText,
  type BoardState,
  type ProgressBoard,
} from '../../../shared/schemas/progress.ts';
import { outcomeLabels, outcomes, type Outcome } from '../../../shared/approval-rules.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { OutcomeBadge } from '../../components/outcome-badge.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../lib/paths.ts';
import { progressCsvUrl, useProgressBoard } from './api/use-progress-board.ts';
import { BoardStateBadge } from '../../components/board-state-badge.tsx';
import { watchedText } from '../../components/watched-badge.tsx';
import classes from './progress-board.module.css';

const count = new Intl.NumberFormat('es-AR');

const isOutcome = (value: string | null): value is Outcome => outcomes.some((outcome) => outcome === value);

/** Filters and page live in the address, so reloading or going back keeps them. */
function useBoardParams() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const outcomeParam = params.get('habilitacion');
  const outcome = isOutcome(outcomeParam) ? outcomeParam : null;
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  /** A filter changed: back to the first page. */
  const setFilter = (name: string, value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value.trim()) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const setSearch = (value: string) => setFilter('q', value);
  const setOutcome = (value: Outcome | null) => setFilter('habilitacion', value ?? '');
  const setPage = (value: number) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value > 1) next.set('page', String(value));
      else next.delete('page');
      return next;
    });
  return { search, outcome, page, setSearch, setOutcome, setPage };
}

/** 'Habilitación: Todos / Apto / No apto / En curso'. */
function OutcomeFilter({ outcome, onChange }: { outcome: Outcome | null; onChange: (value: Outcome | null) => void }) {
  return (
    <NativeSelect
      label="Habilitación"
      value={outcome ?? ''}
      onChange={(event) => {
        const value = event.currentTarget.value;
        onChange(isOutcome(value) ? value : null);
      }}
      data={[{ value: '', label: 'Todos' }, ...outcomes.map((value) => ({ value, label: outcomeLabels[value] }))]}
      style={{ flex: '0 1 180px' }}
    />
  );
}

function FilterField({ search, onSearch }: { search: string; onSearch: (value: string) => void }) {
  const [text, setText] = useState(search);
  const debounced = useDebouncedCallback(onSearch, 350);
  const change = (value: string) => {
    setText(value);
    debounced(value);
  };
  return (
    <TextInput
      type="search"
      label="Filtrar por nombre"
      placeholder="Nombre o email"
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={text ? <CloseButton size="sm" aria-label="Borrar filtro" onClick={() => change('')} /> : null}
      maxLength={200}
      autoComplete="off"
      enterKeyHint="search"
      style={{ flex: '1 1 240px', maxWidth: 420 }}
    />
  );
}

/** A module's totals: how many students in each state, the empty states left out. */
function Totals({ totals }: { totals: Record<BoardState, number> }) {
  return (
    <Stack gap={0}>
      {boardStates
        .filter((state) => totals[state] > 0)
        .map((state) => (
          <Text key={state} size="xs" c="gray.8" style={{ whiteSpace: 'nowrap' }}>
            {boardStateLabels[state]}: <strong>{count.format(totals[state])}</strong>
          </Text>
        ))}
    </Stack>
  );
}

/** The student's name (opening their trainee's page), email, and whether their invitation is pending. */
function StudentCell({ student, courseId }: { student: ProgressBoard['students'][number]; courseId: string }) {
  return (
    <Table.Th scope="row" className={classes.sticky}>
      <Anchor component={Link} href={paths.adminTraineeRecord(student.id, courseId)} size="sm" fw={600} className={classes.name}>
        {student.name}
      </Anchor>
      <Text size="xs" c="gray.7" className={classes.name}>
        {student.email}
      </Text>
      {student.invitationPending && (
        <Badge color="grape" variant="light" size="xs" mt={2} style={{ textTransform: 'none' }}>
          Invitación pendiente
        </Badge>
      )}
      {/* On a phone the 'Habilitación' column is far to the right: its badge and words show under
          the name too (hidden from screen readers, which read them in their own column). */}
      <Stack gap={2} mt={4} align="flex-start" hiddenFrom="xs" aria-hidden>
        <OutcomeBadge outcome={student.approval.outcome} size="sm" />
        {student.approval.summary && (
          <Text size="xs" c="gray.8" className={classes.name}>
            {student.approval.summary}
          </Text>
        )}
      </Stack>
    </Table.Th>
  );
}

/** The columns: the student, each module, each exam, the record's columns and 'Habilitación'. */
function BoardHead({ board }: { board: ProgressBoard }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col" className={classes.sticky}>
          Alumno
        </Table.Th>
        {board.modules.map((module) => (
          <Table.Th scope="col" key={module.id}>
            {module.name}
          </Table.Th>
        ))}
        {board.exams.map((exam) => (
          <Table.Th scope="col" key={exam.id}>
            {exam.title}
          </Table.Th>
        ))}
        {recordColumnsOf(board.shows).map((column) => (
          <Table.Th scope="col" key={column} className={classes.recordColumn}>
            {column}
          </Table.Th>
        ))}
        <Table.Th scope="col" className={classes.approvalColumn}>
          Habilitación
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

function BoardTable({ board, courseId, dimmed }: { board: ProgressBoard; courseId: string; dimmed: boolean }) {
  return (
    <Table.ScrollContainer
      minWidth={170 + board.modules.length * 170 + board.exams.length * 170 + recordColumnsOf(board.shows).length * 130 + 220}
      type="native"
    >
      <Table
        className={classes.board}
        withTableBorder
        withColumnBorders
        verticalSpacing="xs"
        style={{ opacity: dimmed ? 0.6 : 1 }}
        aria-busy={dimmed}
      >
        <caption className={classes.caption}>Estado de cada alumno en cada módulo de {board.course.name}</caption>
        <BoardHead board={board} />
        <Table.Tbody>
          {board.students.map((student) => (
            <Table.Tr key={student.id}>
              <StudentCell student={student} courseId={courseId} />
              {board.modules.map((module, index) => {
                const state = student.states[index]!;
                const watched = student.watched[index] ?? null;
                // A module not enabled has nothing to review: the cell opens the student's modules, where it can be enabled.
                const href =
                  state === 'no-habilitado'
                    ? paths.adminUserModules(student.id, courseId)
                    : paths.adminUserActivity(student.id, courseId, module.id);
                return (
                  <Table.Td key={module.id} p={0}>
                    <Anchor
                      component={Link}
                      href={href}
                      className={classes.cell}
                      aria-label={`${student.name}, ${module.name}: ${boardStateLabels[state]}${watched === null ? '' : `, ${watchedText(watched)}`}`}
                    >
                      <BoardStateBadge state={state} />
                      {watched !== null && ' '}
                      {watched !== null && (
                        <Text component="span" size="xs" c="gray.7" display="block" mt={2} aria-hidden>
                          {watchedText(watched)}
                        </Text>
                      )}
                    </Anchor>
                  </Table.Td>
                );
              })}
              {board.exams.map((exam, index) => (
                <ExamCell key={exam.id} result={student.exams[index] ?? null} />
              ))}
              <RecordCells student={student} shows={board.shows} />
              <ApprovalCell approval={student.approval} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" className={classes.sticky}>
              Totales ({count.format(board.total)})
            </Table.Th>
            {board.modules.map((module) => (
              <Table.Td key={module.id}>
                <Totals totals={module.totals} />
              </Table.Td>
            ))}
            {board.exams.map((exam) => (
              <Table.Td key={exam.id} />
            ))}
            {recordColumnsOf(board.shows).map((column) => (
              <Table.Td key={column} />
            ))}
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The columns of the trainee's record, after the modules and the exams. */
/** The record's columns the reader sees (an 'Ayudante' sees no payment or observation). */
const recordColumnsOf = (shows: ProgressBoard['shows']) => [
  'Asistencia',
  ...(shows.payments ? ['Pagos'] : []),
  'Prueba física',
  ...(shows.observations ? ['Observaciones'] : []),
];

/**
 * Nothing yet: a dash on screen, words for a screen reader. (Positioned, so the hidden words —
 * absolutely placed — stay inside the table's sideways scroll instead of widening the page.)
 */
function Nothing({ label }: { label: string }) {
  return (
    <Text size="sm" c="gray.7" pos="relative">
      <span aria-hidden>—</span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Text>
  );
}

/** A student's attendance, payments ('Al día' / 'Debe $ 3.000' / 'Sin plan', and instalments past due), physical test and observations average. */
function RecordCells({ student, shows }: { student: ProgressBoard['students'][number]; shows: ProgressBoard['shows'] }) {
  const { payments } = student;
  return (
    <>
      <Table.Td>
        {student.attendance === null ? <Nothing label="Sin clases" /> : <Text size="sm">{attendanceCellText(student.attendance)}</Text>}
      </Table.Td>
      {payments && (
        <Table.Td>
          <Badge
            color={!payments.planned ? 'gray' : payments.owed > 0 ? 'red' : 'green'}
            variant={payments.planned ? 'light' : 'outline'}
            style={{ textTransform: 'none' }}
          >
            {paymentsCellText(payments)}
          </Badge>
          {payments.overdue > 0 && (
            <Text size="xs" c="red.9" mt={2}>
              {overdueText(payments.overdue)}
            </Text>
          )}
        </Table.Td>
      )}
      <Table.Td>
        {student.fitness ? (
          <Badge color={student.fitness === 'aprobada' ? 'green' : 'orange'} variant="light" style={{ textTransform: 'none' }}>
            {fitnessCellText(student.fitness)}
          </Badge>
        ) : (
          <Nothing label="Sin rendir" />
        )}
      </Table.Td>
      {shows.observations && (
        <Table.Td>
          {student.observations === null ? (
            <Nothing label="Sin observaciones" />
          ) : (
            <Text size="sm">{observationsCellText(student.observations)}</Text>
          )}
        </Table.Td>
      )}
    </>
  );
}

/** 'Habilitación': 'Apto', 'No apto' or 'En curso', and what is missing in words (read aloud with the badge, and shown on a phone too). */
function ApprovalCell({ approval }: { approval: ProgressBoard['students'][number]['approval'] }) {
  return (
    <Table.Td>
      <OutcomeBadge outcome={approval.outcome} />
      {approval.summary && (
        <Text size="xs" c="gray.8" mt={4} className={classes.approvalSummary}>
          {approval.summary}
        </Text>
      )}
    </Table.Td>
  );
}

/** A student's best result at an exam: 'Aprobado · 85 %', or a dash before they hand one in. */
function ExamCell({ result }: { result: { scorePercent: number; passed: boolean } | null }) {
  return (
    <Table.Td>
      {result ? (
        <Badge color={result.passed ? 'green' : 'orange'} variant="light" style={{ textTransform: 'none' }}>
          {examCellText(result)}
        </Badge>
      ) : (
        <Text size="sm" c="gray.7">
          Sin entregar
        </Text>
      )}
    </Table.Td>
  );
}

/** The class progress board: every student of a course × every module, filtered and paged on the server. */
export function ProgressBoardPage() {
  const { courseId = '' } = useParams<{ courseId: string }>();
  const { search, outcome, page, setSearch, setOutcome, setPage } = useBoardParams();
  const term = search.trim();
  const filters = { search: term, outcome };
  const query = useProgressBoard(courseId, filters, page);
  const board = query.data;

  if (query.isPending) return <Skeleton h={320} />;
  if (query.isError && !board) {
    return (
      <LoadError
        error={query.error}
        backTo={paths.adminCreateCourse()}
        backLabel="Volver a los cursos"
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!board) return null;
  const totalPages = Math.max(1, Math.ceil(board.total / board.pageSize));
  const first = (board.page - 1) * board.pageSize + 1;

  return (
    <Stack gap="md">
      <PageTitle>Progreso · {board.course.name}</PageTitle>
      <Group align="flex-end" justify="space-between" gap="sm" mt={-8}>
        <Group align="flex-end" gap="sm" style={{ flex: '1 1 320px' }}>
          <FilterField search={search} onSearch={setSearch} />
          <OutcomeFilter outcome={outcome} onChange={setOutcome} />
        </Group>
        <Button
          component="a"
          href={progressCsvUrl(courseId, filters)}
          download
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Descargar CSV
        </Button>
      </Group>
      <Group gap="xs" justify="space-between">
        <Text size="sm" c="gray.7" aria-live="polite">
          {term
            ? `${count.format(board.total)} ${board.total === 1 ? 'alumno coincide' : 'alumnos coinciden'} con “${term}”`
            : `${count.format(board.total)} ${board.total === 1 ? 'alumno' : 'alumnos'}`}
          {outcome && ` · ${outcomeLabels[outcome]}`}
          {board.total > board.pageSize && ` · mostrando ${count.format(first)}–${count.format(first + board.students.length - 1)}`}
        </Text>
        {query.isFetching && <Loader size="xs" role="status" aria-label="Actualizando" />}
      </Group>
      {board.modules.length === 0 ? (
        <EmptyState title="Este curso no tiene módulos" text="Creá uno desde Crear Módulo." />
      ) : board.total === 0 ? (
        <EmptyState
          icon={IconUserSearch}
          title={term || outcome ? 'No hay alumnos que coincidan' : 'Este curso todavía no tiene alumnos'}
          text={
            term
              ? `Ningún alumno del curso se llama “${term}”${outcome ? ` con habilitación «${outcomeLabels[outcome]}»` : ''}.`
              : outcome
                ? `Ningún alumno del curso está «${outcomeLabels[outcome]}».`
                : 'Habilitá el curso a los alumnos desde la Lista de Usuarios.'
          }
        />
      ) : (
        <BoardTable board={board} courseId={courseId} dimmed={query.isPlaceholderData} />
      )}
      {totalPages > 1 && (
        <Group justify="center" component="nav" aria-label="Páginas del tablero">
          <Pagination
            total={totalPages}
            value={Math.min(page, totalPages)}
            onChange={(value) => {
              setPage(value);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
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
