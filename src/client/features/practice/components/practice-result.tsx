import { forwardRef } from 'react';
import { Badge, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCircleX, IconX } from '@tabler/icons-react';
import { LEITNER_BOXES, LEITNER_DAYS } from '../../../../shared/exam-rules.ts';
import { examMessages } from '../../../../shared/messages.ts';
import { OPTION_LETTERS, type PracticeAnswer, type PracticeQuestion } from '../../../../shared/schemas/exams.ts';

interface PracticeResultProps {
  question: PracticeQuestion;
  /** The bank's positions of the options, in the order they were shown. */
  order: number[];
  marked: number[];
  result: PracticeAnswer;
}

/** One option after the answer: right or not, and whether the trainee marked it, said in words and icons as well as colour. */
function OptionOutcome({ text, letter, right, marked }: { text: string; letter: string; right: boolean; marked: boolean }) {
  const missed = right && !marked;
  const wrong = marked && !right;
  return (
    <List.Item
      icon={
        <ThemeIcon
          size={24}
          radius="xl"
          color={right ? 'teal.8' : wrong ? 'red.8' : 'gray.5'}
          variant={right ? 'filled' : 'light'}
          aria-hidden
        >
          {right ? <IconCheck size={16} /> : <IconX size={16} />}
        </ThemeIcon>
      }
    >
      <Stack gap={2}>
        <Text style={{ overflowWrap: 'anywhere' }} fw={right ? 600 : 400}>
          {letter}) {text}
        </Text>
        <Group gap={6}>
          {right && (
            <Badge color="teal.9" variant="filled" style={{ textTransform: 'none' }}>
              {examMessages.rightOption}
            </Badge>
          )}
          {marked && (
            <Badge color={wrong ? 'red.8' : 'dark'} variant="outline" style={{ textTransform: 'none' }}>
              {examMessages.markedOption}
            </Badge>
          )}
          {missed && (
            <Text size="sm" c="gray.8">
              No la marcaste
            </Text>
          )}
        </Group>
      </Stack>
    </List.Item>
  );
}

/** The answer graded at once: right or wrong, every option with its outcome, the rule and the explanation. Takes the focus. */
export const PracticeResult = forwardRef<HTMLHeadingElement, PracticeResultProps>(function PracticeResult(
  { question, order, marked, result },
  ref,
) {
  const Icon = result.right ? IconCircleCheck : IconCircleX;
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="nowrap">
        <Icon size={32} color={result.right ? 'var(--mantine-color-teal-8)' : 'var(--mantine-color-red-8)'} aria-hidden />
        <Title order={3} size="h3" ref={ref} tabIndex={-1} c={result.right ? 'teal.9' : 'red.9'}>
          {result.right ? examMessages.practiceRight : examMessages.practiceWrong}
        </Title>
      </Group>
      <List spacing="sm" center={false} aria-label="Las opciones y cuáles son correctas">
        {order.map((index, shown) => (
          <OptionOutcome
            key={index}
            text={question.options[index] ?? ''}
            letter={OPTION_LETTERS[shown] ?? String(shown + 1)}
            right={result.correct.includes(index)}
            marked={marked.includes(index)}
          />
        ))}
      </List>
      {(result.rule || result.explanation) && (
        <Stack gap={4}>
          {result.rule && <Text fw={600}>{`Regla ${result.rule}`}</Text>}
          {result.explanation && <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{result.explanation}</Text>}
        </Stack>
      )}
      <Text size="sm" c="gray.7">
        {examMessages.boxOf(result.box, LEITNER_BOXES)}
        {result.right ? `: ${examMessages.comesBack(LEITNER_DAYS[result.box] ?? 0)}.` : ': la vas a repasar hoy de nuevo.'}
      </Text>
    </Stack>
  );
});
