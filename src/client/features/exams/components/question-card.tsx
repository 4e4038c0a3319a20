import type { Ref } from 'react';
import { Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { examMessages } from '../../../../shared/messages.ts';
import type { AttemptQuestion } from '../../../../shared/schemas/exams.ts';

interface QuestionCardProps {
  question: AttemptQuestion;
  /** Its place in the attempt, from 0. */
  index: number;
  total: number;
  answer: readonly number[];
  /** Time is up: the answer shows but cannot change. */
  locked: boolean;
  onChange: (answer: number[]) => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/** 'Pregunta 3 de 30', the question and its options as checkboxes ('Marcá todas las correctas'). */
export function QuestionCard({ question, index, total, answer, locked, onChange, headingRef }: QuestionCardProps) {
  const headingId = `pregunta-${question.position}`;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Stack gap="sm">
        {/* Anterior and Siguiente move the focus here, so a screen reader reads the new question. */}
        <Title order={2} size="h4" id={headingId} ref={headingRef} tabIndex={-1}>
          {examMessages.questionOf(index + 1, total)}
        </Title>
        <Checkbox.Group
          value={answer.map(String)}
          onChange={(values) => onChange(values.map(Number))}
          label={question.text}
          description={examMessages.markAll}
          styles={{ label: { fontSize: 'var(--mantine-font-size-md)', fontWeight: 600, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } }}
        >
          <Stack gap="xs" mt="sm">
            {question.options.map((option, optionIndex) => (
              // The whole card is the checkbox: a thumb anywhere on the option marks it.
              <Checkbox.Card key={optionIndex} value={String(optionIndex)} disabled={locked} radius="md" p="sm">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Checkbox.Indicator size="md" disabled={locked} />
                  <Text style={{ overflowWrap: 'anywhere' }}>{option}</Text>
                </Group>
              </Checkbox.Card>
            ))}
          </Stack>
        </Checkbox.Group>
        <Text size="xs" c="gray.7">
          {question.chapter}
        </Text>
      </Stack>
    </Paper>
  );
}
