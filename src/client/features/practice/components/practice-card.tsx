import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import { LEITNER_BOXES } from '../../../../shared/exam-rules.ts';
import { examMessages, messages } from '../../../../shared/messages.ts';
import { OPTION_LETTERS, type PracticeAnswer, type PracticeQuestion } from '../../../../shared/schemas/exams.ts';
import { ApiError } from '../../../lib/api.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useAnswerPractice } from '../api/use-answer-practice.ts';
import { showingOrder } from '../showing-order.ts';
import { PracticeResult } from './practice-result.tsx';

interface PracticeCardProps {
  courseId: string;
  question: PracticeQuestion;
  /** Take the focus when shown (after 'Siguiente'; not on the page's first load, where the title has it). */
  autoFocus: boolean;
  onNext: () => void;
}

/** One question: its options to mark and 'Responder', then the graded result and 'Siguiente'. */
export function PracticeCard({ courseId, question, autoFocus, onNext }: PracticeCardProps) {
  const answer = useAnswerPractice(courseId);
  const [marked, setMarked] = useState<number[]>([]);
  const [result, setResult] = useState<PracticeAnswer | null>(null);
  const [error, setError] = useState<AnswerNotice | null>(null);
  // One key for this question shown: a retry of a lost request is answered with the first answer.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [order] = useState(() => showingOrder(question.options.length));
  const questionRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const headingId = `practica-pregunta-${question.questionId}`;

  useEffect(() => {
    if (autoFocus) questionRef.current?.focus();
  }, [autoFocus]);
  // The result replaces the form (and its focused button): the focus goes to the verdict.
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (marked.length === 0 || result) return;
    setError(null);
    answer.mutate(
      {
        questionId: question.questionId,
        answer: marked.toSorted((a, b) => a - b),
        idempotencyKey,
        label: {
          question: question.text,
          text: order
            .flatMap((index, shown) =>
              marked.includes(index) ? [`${OPTION_LETTERS[shown] ?? shown + 1}) ${question.options[index]}`] : [],
            )
            .join(' · '),
        },
      },
      {
        // Without signal the answer waits on the phone: 'Siguiente' moves on.
        onSuccess: (answered) => (answered ? setResult(answered) : setError({ message: messages.savedOnPhone, gone: true, kept: true })),
        // A question archived meanwhile (404) cannot be answered: 'Siguiente' moves on.
        onError: (failure) => setError({ message: failure.message, gone: failure instanceof ApiError && failure.status === 404 }),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group gap="xs">
          <Badge variant="light" color="blue" style={{ textTransform: 'none', maxWidth: '100%' }}>
            {question.chapter}
          </Badge>
          <Text size="sm" c="gray.7">
            {question.box === 0 ? 'Pregunta nueva' : examMessages.boxOf(question.box, LEITNER_BOXES)}
          </Text>
        </Group>
        <Title
          order={2}
          size="h3"
          id={headingId}
          ref={questionRef}
          tabIndex={-1}
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        >
          {question.text}
        </Title>
        {result ? (
          <>
            <PracticeResult ref={resultRef} question={question} order={order} marked={marked} result={result} />
            <Button onClick={onNext} size="md" rightSection={<IconArrowRight size={18} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
              Siguiente
            </Button>
          </>
        ) : (
          <AnswerForm
            question={question}
            order={order}
            marked={marked}
            onMark={setMarked}
            pending={answer.isPending}
            error={error}
            onSubmit={submit}
            onNext={onNext}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** Why the answer shows no result: refused (gone: the question was archived), or kept on the phone without signal. */
type AnswerNotice = { message: string; gone: boolean; kept?: boolean };

interface AnswerFormProps {
  question: PracticeQuestion;
  /** The bank's positions of the options, in the order they are shown. */
  order: number[];
  marked: number[];
  onMark: (marked: number[]) => void;
  pending: boolean;
  error: AnswerNotice | null;
  onSubmit: (event: FormEvent) => void;
  onNext: () => void;
}

/** The options as checkboxes and 'Responder', enabled once one is marked. */
function AnswerForm({ question, order, marked, onMark, pending, error, onSubmit, onNext }: AnswerFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Checkbox.Group
          value={marked.map(String)}
          onChange={(values) => onMark(values.map(Number))}
          label={examMessages.markAll}
          styles={{ label: { fontWeight: 400, color: 'var(--mantine-color-gray-8)' } }}
        >
          <Stack gap="sm" mt="xs">
            {order.map((index, shown) => (
              <Checkbox
                key={index}
                value={String(index)}
                label={`${OPTION_LETTERS[shown] ?? shown + 1}) ${question.options[index]}`}
                size="md"
                disabled={pending}
                styles={{ label: { overflowWrap: 'anywhere', cursor: 'pointer' } }}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        {error && (
          <Alert
            color={error.kept ? 'blue' : 'red'}
            variant="light"
            role={error.kept ? 'status' : 'alert'}
            title={error.kept ? 'Sin señal' : 'No se pudo enviar tu respuesta'}
          >
            {error.message}
          </Alert>
        )}
        <Group gap="sm">
          <Button
            type="submit"
            size="md"
            disabled={marked.length === 0 || Boolean(error?.kept)}
            loading={pending}
            leftSection={<IconCheck size={18} aria-hidden />}
          >
            Responder
          </Button>
          {error?.gone && (
            <Button variant="default" size="md" onClick={onNext} rightSection={<IconArrowRight size={18} aria-hidden />}>
              Siguiente
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
