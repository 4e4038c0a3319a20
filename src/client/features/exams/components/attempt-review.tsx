import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCircleCheck, IconCircleX, IconSquare, IconSquareCheck } from '@tabler/icons-react';
import type { AttemptReview } from '../../../../shared/schemas/exams.ts';

interface AttemptReviewListProps {
  review: readonly AttemptReview[];
  /** Whose answers: the student's own ('Tu respuesta') or a student's, as the admin reads them. */
  reader: 'student' | 'admin';
  /** The heading level of each question (under the page's or the dialog's own heading). */
  headingOrder?: 3 | 4;
}

function OptionLine({ text, marked, correct, markedLabel }: { text: string; marked: boolean; correct: boolean; markedLabel: string }) {
  const Box = marked ? IconSquareCheck : IconSquare;
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <Box size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text style={{ overflowWrap: 'anywhere' }} fw={correct ? 600 : undefined}>
          {text}
        </Text>
        {(correct || marked) && (
          <Group gap={6}>
            {correct && (
              <Badge color="green" variant="light" leftSection={<IconCheck size={12} aria-hidden />} style={{ textTransform: 'none' }}>
                Correcta
              </Badge>
            )}
            {marked && (
              <Badge
                color={correct ? 'blue' : 'red'}
                variant="light"
                leftSection={correct ? undefined : <IconCircleX size={12} aria-hidden />}
                style={{ textTransform: 'none' }}
              >
                {markedLabel}
              </Badge>
            )}
          </Group>
        )}
      </Stack>
    </Group>
  );
}

/** Each question of a graded attempt: the answer given, the right options (said in words and icons, not colour alone) and the explanation. */
/** 'Crítica': a question or a clip that, answered wrong, fails the attempt whatever the score. */
export function CriticalBadge() {
  return (
    <Badge color="orange" variant="light" leftSection={<IconAlertTriangle size={12} aria-hidden />} style={{ textTransform: 'none' }}>
      Crítica
    </Badge>
  );
}

export function AttemptReviewList({ review, reader, headingOrder = 3 }: AttemptReviewListProps) {
  const markedLabel = reader === 'student' ? 'Tu respuesta' : 'Marcada';
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {review.map((question, index) => (
        <Paper key={question.position} component="li" withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
          <Stack gap="xs">
            <Group justify="space-between" gap="xs">
              <Title order={headingOrder} size="h5">
                Pregunta {index + 1}
              </Title>
              <Group gap={6}>
                {question.critical && <CriticalBadge />}
                <Badge
                  color={question.right ? 'green' : 'red'}
                  variant="light"
                  leftSection={question.right ? <IconCircleCheck size={12} aria-hidden /> : <IconCircleX size={12} aria-hidden />}
                  style={{ textTransform: 'none' }}
                >
                  {question.right ? 'Bien' : question.answer.length === 0 ? 'Sin responder' : 'Mal'}
                </Badge>
              </Group>
            </Group>
            <Text fw={600} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {question.text}
            </Text>
            <List listStyleType="none" spacing={6} styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}>
              {question.options.map((option, optionIndex) => (
                <List.Item key={optionIndex}>
                  <OptionLine
                    text={option}
                    marked={question.answer.includes(optionIndex)}
                    correct={question.correct.includes(optionIndex)}
                    markedLabel={markedLabel}
                  />
                </List.Item>
              ))}
            </List>
            {(question.rule || question.explanation) && (
              <Text size="sm" c="gray.8" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {question.rule && <strong>Regla {question.rule}. </strong>}
                {question.explanation}
              </Text>
            )}
            <Text size="xs" c="gray.7">
              {question.chapter}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
