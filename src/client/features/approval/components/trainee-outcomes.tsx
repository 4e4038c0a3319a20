import { useState } from 'react';
import { Link } from 'wouter';
import { Anchor, Chip, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { outcomeLabels, outcomes, type Outcome } from '../../../../shared/approval-rules.ts';
import type { CourseApproval } from '../../../../shared/schemas/approval.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { OutcomeBadge } from '../../../components/outcome-badge.tsx';
import { paths } from '../../../lib/paths.ts';

type Trainee = CourseApproval['trainees'][number];
type Filter = Outcome | 'todos';

const count = new Intl.NumberFormat('es-AR');

function NameCell({ courseId, trainee }: { courseId: string; trainee: Trainee }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Anchor component={Link} href={paths.adminTraineeRecord(trainee.id, courseId)} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {trainee.name}
      </Anchor>
      <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        {trainee.email}
      </Text>
    </Stack>
  );
}

/** What is missing ('Falta: examen de video, 2 clases'), or that every requirement is met. */
function Summary({ trainee }: { trainee: Trainee }) {
  return (
    <Text size="sm" c={trainee.summary ? undefined : 'gray.7'} style={{ overflowWrap: 'anywhere' }}>
      {trainee.summary || (trainee.results.length ? 'Cumple todos los requisitos.' : 'El curso no pide requisitos.')}
    </Text>
  );
}

/** 'Todos (12)', 'Apto (5)'…: one chip per outcome with how many trainees have it. */
function OutcomeChips({ trainees, value, onChange }: { trainees: Trainee[]; value: Filter; onChange: (value: Filter) => void }) {
  const howMany = (filter: Filter) => (filter === 'todos' ? trainees.length : trainees.filter((t) => t.outcome === filter).length);
  const filters: Filter[] = ['todos', ...outcomes];
  return (
    <Chip.Group multiple={false} value={value} onChange={(next) => onChange(next as Filter)}>
      <Group gap="xs" role="group" aria-label="Filtrar por habilitación">
        {filters.map((filter) => (
          <Chip key={filter} value={filter} variant="outline" radius="sm">
            {filter === 'todos' ? 'Todos' : outcomeLabels[filter]} ({count.format(howMany(filter))})
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

/** 'Alumnos': each trainee with the outcome and what is missing, filtered by outcome. A table from 576 px, cards below. */
export function TraineeOutcomes({ courseId, trainees }: { courseId: string; trainees: Trainee[] }) {
  const [filter, setFilter] = useState<Filter>('todos');
  if (trainees.length === 0) {
    return (
      <EmptyState
        icon={IconUsers}
        title="Todavía no hay alumnos con el curso habilitado"
        text="Cuando habilites el curso para un alumno, aparece acá con su habilitación."
      />
    );
  }
  const shown = filter === 'todos' ? trainees : trainees.filter((t) => t.outcome === filter);
  return (
    <Stack gap="sm">
      <OutcomeChips trainees={trainees} value={filter} onChange={setFilter} />
      {shown.length === 0 ? (
        <Text size="sm" c="gray.7">
          Ningún alumno está «{outcomeLabels[filter as Outcome]}».
        </Text>
      ) : (
        <>
          <Table visibleFrom="xs" verticalSpacing="sm" aria-label="Alumnos y su habilitación">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Alumno</Table.Th>
                <Table.Th scope="col">Habilitación</Table.Th>
                <Table.Th scope="col">Detalle</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((trainee) => (
                <Table.Tr key={trainee.id}>
                  <Table.Td>
                    <NameCell courseId={courseId} trainee={trainee} />
                  </Table.Td>
                  <Table.Td>
                    <OutcomeBadge outcome={trainee.outcome} size="lg" />
                  </Table.Td>
                  <Table.Td>
                    <Summary trainee={trainee} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack component="ul" gap="sm" p={0} m={0} hiddenFrom="xs" style={{ listStyle: 'none' }} aria-label="Alumnos y su habilitación">
            {shown.map((trainee) => (
              <Paper key={trainee.id} component="li" withBorder radius="md" p="sm">
                <Stack gap="xs">
                  <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                    <NameCell courseId={courseId} trainee={trainee} />
                    <OutcomeBadge outcome={trainee.outcome} size="lg" />
                  </Group>
                  <Summary trainee={trainee} />
                </Stack>
              </Paper>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
