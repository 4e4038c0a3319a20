import { Alert, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { examMessages } from '../../../../shared/messages.ts';
import type { AttemptResult } from '../../../../shared/schemas/exams.ts';

/** 'Aprobado' or 'No aprobado' (an icon and the word, not a colour alone), 'Nota: 85 %' and how many were right. */
export function ResultSummary({ result, attempts, headingId }: { result: AttemptResult; attempts: number; headingId?: string }) {
  const Icon = result.passed ? IconCircleCheck : IconCircleX;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" data-testid="resultado-examen">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light" color={result.passed ? 'green' : 'red'} aria-hidden>
          <Icon size={30} />
        </ThemeIcon>
        <Stack gap={4}>
          <Title order={2} size="h3" id={headingId} tabIndex={-1}>
            {result.passed ? examMessages.passed : examMessages.failed}
          </Title>
          <Text size="xl" fw={700}>
            {examMessages.score(result.scorePercent)}
          </Text>
          <Text c="gray.7">
            {examMessages.rightOf(result.right, result.total)} · intento {result.number} de {attempts}
            {result.closedBy === 'tiempo' ? ' · entregado al terminar el tiempo' : ''}
          </Text>
          {result.criticalMissed && (
            <Alert color="orange" variant="light" p="xs" mt={4}>
              {examMessages.criticalMissed}
            </Alert>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/** The score per chapter: the words and numbers, with a bar that only repeats them. */
/** The score per chapter (a video exam's: per tag, `title` 'Por etiqueta'). */
export function ChapterScores({ chapters, title = 'Por capítulo' }: { chapters: AttemptResult['chapters']; title?: string }) {
  if (chapters.length === 0) return null;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {chapters.map((chapter) => (
          <li key={chapter.chapter}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text style={{ overflowWrap: 'anywhere' }}>{chapter.chapter}</Text>
              <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                {examMessages.rightOf(chapter.right, chapter.total)}
              </Text>
            </Group>
            <Progress value={chapter.total === 0 ? 0 : (chapter.right * 100) / chapter.total} size="sm" mt={4} aria-hidden />
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
