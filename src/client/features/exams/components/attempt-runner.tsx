import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconSend, IconWifiOff } from '@tabler/icons-react';
import { examMessages, messages } from '../../../../shared/messages.ts';
import { ApiError } from '../../../lib/api.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSubmitAttempt, type TimedAttempt } from '../api/attempts.ts';
import { useAnswerSync, type SettleResult } from '../answer-sync.ts';
import { Countdown, useCountdown } from './countdown.tsx';
import { QuestionCard } from './question-card.tsx';
import { QuestionMap } from './question-map.tsx';

/**
 * The attempt's deadline on the monotonic clock, from the latest word of the server: each read of
 * the attempt and each saved answer says how many seconds were left. The request's departure is
 * the anchor, so the phone never counts more time than the server gives. A jitter of a second is
 * smoothed (the later deadline kept); a real change (the exam's close moved) is taken.
 */
function useDeadline(timed: TimedAttempt) {
  const [deadlineAt, setDeadlineAt] = useState(() => timed.sentAt + timed.attempt.remainingSeconds * 1000);
  const move = useCallback(
    (next: number) => setDeadlineAt((current) => (Math.abs(next - current) < 2_000 ? Math.max(current, next) : next)),
    [],
  );
  useEffect(() => move(timed.sentAt + timed.attempt.remainingSeconds * 1000), [timed, move]);
  return { deadlineAt, move };
}

/** 'Entregar examen': what is pending goes out first; without signal nothing is handed in, and the dialog says why. */
function useHandIn(examId: string, attemptId: string, settle: () => Promise<SettleResult>, onClosed: () => void) {
  const submit = useSubmitAttempt(examId);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [flushing, setFlushing] = useState(false);

  const confirm = async () => {
    if (flushing || submit.isPending) return;
    setError(null);
    setFlushing(true);
    const sent = await settle();
    setFlushing(false);
    if (sent === 'offline') return setError(examMessages.offlineAnswers);
    if (sent === 'closed') return onClosed();
    submit.mutate(attemptId, {
      onError: (failure) => {
        // Already handed in (another tab) or closed by the time: read it as it is now.
        if (failure instanceof ApiError && failure.status === 409) onClosed();
        else setError(failure instanceof ApiError ? failure.message : messages.internal);
      },
    });
  };

  return {
    confirming,
    open: () => (setError(null), setConfirming(true)),
    close: () => setConfirming(false),
    confirm: () => void confirm(),
    pending: flushing || submit.isPending,
    error,
  };
}

/** Sticky under the header: the countdown, the attempt's number and, without signal, that the answers wait on the phone. */
function StatusBar({ left, number, attempts, offline }: { left: number; number: number; attempts: number; offline: boolean }) {
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      mt={-8}
      style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 56px) + 4px)', zIndex: 3 }}
    >
      <Group justify="space-between" gap="xs">
        <Countdown left={left} />
        <Text size="sm" c="gray.7">
          Intento {number} de {attempts}
        </Text>
      </Group>
      {/* Always in the page, so the message is announced when it appears. */}
      <div role="status">
        {offline && (
          <Group gap={6} wrap="nowrap" mt={4} data-testid="sin-conexion">
            <IconWifiOff size={18} color="var(--mantine-color-orange-9)" aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" c="var(--mantine-color-orange-light-color)">
              {examMessages.offlineAnswers}
            </Text>
          </Group>
        )}
      </div>
    </Paper>
  );
}

interface AttemptRunnerProps {
  examId: string;
  timed: TimedAttempt;
  /** Time is up (here or on the server): read the attempt until it comes back graded. */
  onTimeUp: () => void;
}

/** An open attempt: the countdown, one question at a time, the map of questions and 'Entregar examen'. */
export function AttemptRunner({ examId, timed, onTimeUp }: AttemptRunnerProps) {
  const { attempt } = timed;
  const questions = attempt.questions;
  const { deadlineAt, move } = useDeadline(timed);
  const left = useCountdown(deadlineAt);
  const timeUp = left <= 0;
  const [current, setCurrent] = useState(0);
  const [rejected, setRejected] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const sync = useAnswerSync(attempt.id, questions, {
    onSaved: (saved, sentAt) => move(sentAt + saved.remainingSeconds * 1000),
    onClosed: onTimeUp,
    onRejected: (message) => setRejected(examMessages.answerNotSaved(message)),
  });
  const handIn = useHandIn(examId, attempt.id, sync.settle, onTimeUp);
  const answerOf = (position: number) => sync.snapshot.answers.get(position) ?? [];
  const answered = questions.map((question) => answerOf(question.position).length > 0);
  const unanswered = answered.filter((is) => !is).length;
  const { settle } = sync;

  // At 0:00 the answers stop; what is still on the phone goes out, then the graded attempt is read.
  useEffect(() => {
    if (!timeUp) return;
    handIn.close();
    void settle().then(onTimeUp);
    // Once, when time runs out.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [timeUp]);

  // The first question's heading takes the focus when the attempt opens.
  useEffect(() => heading.current?.focus(), []);

  const go = (index: number) => {
    setCurrent(index);
    requestAnimationFrame(() => heading.current?.focus());
  };
  const question = questions[current]!;

  return (
    <Stack gap="md">
      <PageTitle>{attempt.title}</PageTitle>
      <StatusBar left={left} number={attempt.number} attempts={attempt.attempts} offline={sync.snapshot.offline} />
      {timeUp && (
        <Alert color="blue" icon={<Loader size={16} aria-hidden />} role="status">
          {examMessages.timeUp} Estamos corrigiendo tu examen…
        </Alert>
      )}
      {rejected && (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel="Cerrar aviso" onClose={() => setRejected(null)}>
          {rejected}
        </Alert>
      )}
      <QuestionCard
        key={question.position}
        question={question}
        index={current}
        total={questions.length}
        answer={answerOf(question.position)}
        locked={timeUp || sync.snapshot.closed}
        onChange={(answer) => sync.choose(question.position, answer)}
        headingRef={heading}
      />
      <Group justify="space-between" gap="sm">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          disabled={current === 0}
          onClick={() => go(current - 1)}
        >
          Anterior
        </Button>
        <Button
          variant="default"
          rightSection={<IconArrowRight size={18} aria-hidden />}
          disabled={current === questions.length - 1}
          onClick={() => go(current + 1)}
        >
          Siguiente
        </Button>
      </Group>
      <QuestionMap answered={answered} current={current} onGo={go} />
      <Button
        size="md"
        leftSection={<IconSend size={18} aria-hidden />}
        onClick={handIn.open}
        disabled={timeUp}
        style={{ alignSelf: 'flex-start' }}
      >
        Entregar examen
      </Button>
      <ConfirmDialog
        opened={handIn.confirming}
        title="Entregar examen"
        text={examMessages.submitUnanswered(unanswered)}
        confirmLabel="Entregar"
        pending={handIn.pending}
        error={handIn.error}
        onConfirm={handIn.confirm}
        onClose={handIn.close}
      />
    </Stack>
  );
}
