import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ExamResults } from '../../../../shared/schemas/exams.ts';

/**
 * '% de aciertos' per question, the hardest first: each as its words and numbers, with a bar
 * that only draws them (hidden from screen readers, which read the numbers).
 */
export function QuestionStats({ questions }: { questions: ExamResults['questions'] }) {
  const sorted = [...questions].sort((a, b) => a.percentRight - b.percentRight);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
      <Title order={2} size="h4" mb={4}>
        % de aciertos por pregunta
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        Las más difíciles primero.
      </Text>
      {sorted.length === 0 ? (
        <Text c="gray.7">Todavía nadie entregó este examen.</Text>
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {sorted.map((question) => (
            <li key={question.questionId}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {question.text}
                  <Text span size="xs" c="gray.7">
                    {' '}
                    · {question.chapter}
                  </Text>
                </Text>
                <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {question.percentRight} %{' '}
                  <Text span size="xs" fw={400} c="gray.7">
                    ({question.right} de {question.answered})
                  </Text>
                </Text>
              </Group>
              <Box aria-hidden mt={4} h={10} bg="gray.2" style={{ borderRadius: 5, overflow: 'hidden' }}>
                <Box
                  h="100%"
                  w={`${Math.max(0, Math.min(100, question.percentRight))}%`}
                  bg={question.percentRight < 50 ? 'red.8' : question.percentRight < 75 ? 'orange.7' : 'green.8'}
                />
              </Box>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
