import { lazy, Suspense } from 'react';
import { Badge, Box, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { JugadaResults } from '../../../../shared/schemas/jugadas.ts';
import { formatMoment } from '../../../lib/seconds.ts';

// The charting library is loaded only when the admin's results show a chart.
const ResultsChart = lazy(async () => ({ default: (await import('../../../components/results-chart.tsx')).ResultsChart }));

/** Per jugada: the share of right first attempts, a chart of what the class chose, and each student's answer. */
export function JugadaResultsView({ results }: { results: JugadaResults }) {
  return (
    <Stack gap="md">
      {results.jugadas.map((r, index) => {
        const chosen = (list: JugadaResults['jugadas'][number]['decisions']) =>
          list.filter((o) => o.count > 0).map((o) => ({ label: o.label, count: o.count }));
        return (
          <Paper
            key={r.jugadaId}
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-labelledby={`resultado-${r.jugadaId}`}
            data-testid="resultados-jugada"
          >
            <Stack gap="sm">
              <Group justify="space-between" gap="xs">
                <Group gap="xs">
                  <Title order={3} size="h4" id={`resultado-${r.jugadaId}`}>
                    Jugada {index + 1}
                  </Title>
                  {r.archived && (
                    <Badge color="gray" variant="light">
                      Archivada
                    </Badge>
                  )}
                </Group>
                <Badge
                  size="lg"
                  variant="light"
                  color={r.percentCorrect === null ? 'gray' : r.percentCorrect >= 50 ? 'green' : 'red'}
                  style={{ textTransform: 'none' }}
                >
                  {r.percentCorrect === null ? 'Sin respuestas' : `${r.percentCorrect} % de aciertos`}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {r.answered === 1 ? '1 alumno respondió' : `${r.answered} alumnos respondieron`}; cuenta el primer intento.
              </Text>
              {r.answered > 0 && (
                <>
                  <SimpleGrid cols={{ base: 1, md: 2 }}>
                    <Suspense fallback={<Skeleton h={120} />}>
                      <ResultsChart title="Decisiones elegidas" data={chosen(r.decisions)} />
                      <ResultsChart title="Sanciones elegidas" data={chosen(r.sanctions)} />
                    </Suspense>
                  </SimpleGrid>
                  <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={`Respuestas de la jugada ${index + 1}`}>
                    <Table striped miw={520}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Alumno</Table.Th>
                          <Table.Th>Decisión</Table.Th>
                          <Table.Th>Sanción</Table.Th>
                          <Table.Th>Momento</Table.Th>
                          <Table.Th>Resultado</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {r.answers.map((a) => (
                          <Table.Tr key={a.userId}>
                            <Table.Td>{a.name}</Table.Td>
                            <Table.Td>{a.decision}</Table.Td>
                            <Table.Td>{a.sanction}</Table.Td>
                            <Table.Td>{a.moment === null ? '—' : formatMoment(a.moment)}</Table.Td>
                            <Table.Td>
                              <Text span c={a.correct ? '#1b5e20' : '#b71c1c'} fw={600}>
                                {a.correct ? 'Correcto' : 'Incorrecto'}
                              </Text>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Box>
                </>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
