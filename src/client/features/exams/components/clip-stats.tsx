import { lazy, Suspense } from 'react';
import { Badge, Box, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { ExamResults } from '../../../../shared/schemas/exams.ts';

// The charting library is loaded only when a clip has answers to draw.
const ResultsChart = lazy(async () => ({ default: (await import('../../../components/results-chart.tsx')).ResultsChart }));

type ClipStat = ExamResults['clips'][number];
/** Where a clip is in the course, by its jugada's id; a clip not found is named by its prompt. */
export type ClipNames = ReadonlyMap<string, { moduleName: string; number: number }>;

const barColor = (percent: number) => (percent < 50 ? 'red.8' : percent < 75 ? 'orange.7' : 'green.8');

/** A share drawn as a bar; hidden from screen readers, which read the numbers beside it. */
function ShareBar({ percent }: { percent: number }) {
  return (
    <Box aria-hidden h={10} bg="gray.2" style={{ borderRadius: 5, overflow: 'hidden' }}>
      <Box h="100%" w={`${Math.max(0, Math.min(100, percent))}%`} bg={barColor(percent)} />
    </Box>
  );
}

/** Only the options someone chose: the chart's bars. */
const chosen = (list: ClipStat['decisions']) => list.filter((option) => option.count > 0).map(({ label, count }) => ({ label, count }));

/** One clip: its share right, its prompt and tags, how many let the window close, and what the class chose. */
function ClipStatCard({ clip, name }: { clip: ClipStat; name: { moduleName: string; number: number } | undefined }) {
  const drawn = clip.answered + clip.unanswered;
  return (
    <Paper component="li" withBorder p={{ base: 'sm', sm: 'md' }} radius="md" data-testid="estadistica-jugada">
      <Stack gap="xs">
        <Group justify="space-between" gap={4} align="flex-start">
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {name ? `${name.moduleName}, jugada ${name.number}` : clip.prompt}
          </Title>
          <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
            {clip.percentRight} % correctas{' '}
            <Text span size="xs" fw={400} c="gray.7">
              ({clip.right} de {drawn})
            </Text>
          </Text>
        </Group>
        <ShareBar percent={clip.percentRight} />
        {name && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {clip.prompt}
          </Text>
        )}
        {clip.tags.length > 0 && (
          <Group gap={4} component="ul" aria-label="Etiquetas" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {clip.tags.map((tag) => (
              <Badge key={tag} component="li" color="gray" variant="outline" style={{ textTransform: 'none' }} maw="100%">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
        {clip.unanswered > 0 && (
          <Text size="sm" c="red.9">
            {clip.unanswered} sin responder a tiempo
          </Text>
        )}
        {clip.answered > 0 && (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Suspense fallback={<Skeleton h={120} />}>
              <ResultsChart title="Decisiones elegidas" data={chosen(clip.decisions)} countsAsText />
              <ResultsChart title="Sanciones elegidas" data={chosen(clip.sanctions)} countsAsText />
            </Suspense>
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

/** A video exam's clips, the hardest first: the share of the class right on each and what it chose. */
export function ClipStats({ clips, names }: { clips: ExamResults['clips']; names: ClipNames | undefined }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="aciertos-por-jugada">
      <div>
        <Title order={2} size="h4" id="aciertos-por-jugada">
          % de aciertos por jugada
        </Title>
        <Text size="sm" c="gray.7">
          Las más difíciles primero. Una jugada sin responder a tiempo cuenta como incorrecta.
        </Text>
      </div>
      {clips.length === 0 ? (
        <Text c="gray.7">Todavía nadie entregó este examen.</Text>
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {clips.map((clip, index) => (
            <ClipStatCard
              key={clip.jugadaId ?? `${clip.prompt}-${index}`}
              clip={clip}
              name={clip.jugadaId ? names?.get(clip.jugadaId) : undefined}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** A video exam's tags: the share of their clips answered right ('Sanción progresiva: 50 %, 2 de 4'). */
export function TagStats({ tags }: { tags: ExamResults['tags'] }) {
  if (tags.length === 0) return null;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby="aciertos-por-etiqueta">
      <Title order={2} size="h4" mb={4} id="aciertos-por-etiqueta">
        % de aciertos por etiqueta
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        Una jugada cuenta en cada una de sus etiquetas.
      </Text>
      <Table verticalSpacing={4} striped maw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Etiqueta</Table.Th>
            <Table.Th scope="col" ta="right">
              Aciertos
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Correctas
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tags.map((tag) => (
            <Table.Tr key={tag.tag}>
              <Table.Th scope="row" fw={400} style={{ overflowWrap: 'anywhere' }}>
                {tag.tag}
              </Table.Th>
              <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {tag.percentRight} %
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {tag.right} de {tag.total}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
