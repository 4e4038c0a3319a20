import { Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { examMessages } from '../../../../shared/messages.ts';
import type { Practice } from '../../../../shared/schemas/exams.ts';

/** Each chapter: how many of its questions are learned, as a bar and as words (the bar is never the only way to tell). */
export function ChapterProgress({ chapters }: { chapters: Practice['chapters'] }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="practica-capitulos">
      <Title order={2} size="h4" id="practica-capitulos" mb="xs">
        Tu avance por capítulo
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {chapters.map(({ chapter, total, practised, learned }) => {
          const learnedText = examMessages.learnedOf(learned, total);
          return (
            <Stack component="li" key={chapter} gap={4}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {chapter}
              </Text>
              <Progress
                value={total === 0 ? 0 : Math.round((learned / total) * 100)}
                size="lg"
                radius="xl"
                color="teal.7"
                aria-label={`${chapter}: ${learnedText}`}
              />
              <Text size="sm" c="gray.7">
                {learnedText} · {practised} {practised === 1 ? 'practicada' : 'practicadas'}
              </Text>
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
