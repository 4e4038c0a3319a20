import { Link } from 'wouter';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarDown, IconPlayerPlay } from '@tabler/icons-react';
import { countingAttempt } from '../../../../shared/exam-rules.ts';
import { examMessages, messages } from '../../../../shared/messages.ts';
import type { StudentExam } from '../../../../shared/schemas/exams.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { useOnline } from '../../../lib/use-online.ts';
import { attemptNumber, ExamStatusNotice } from './exam-status.tsx';

interface ExamIntroProps {
  exam: StudentExam;
  /** Where each earlier attempt's result is read. */
  attemptHref: (attemptId: string) => string;
  starting: boolean;
  /** Why the server refused to start, when it did. */
  startError: string | null;
  onStart: () => void;
}

/** The previous attempts' results, each a link to read it again. */
function PreviousResults({ exam, attemptHref }: Pick<ExamIntroProps, 'exam' | 'attemptHref'>) {
  if (exam.results.length === 0) return null;
  const counting = exam.results.length > 1 ? countingAttempt(exam.results) : null;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Title order={2} size="h4" mb="sm">
        Tus intentos
      </Title>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {exam.results.map((result) => (
          <Group component="li" key={result.id} gap="xs" justify="space-between">
            <Anchor component={Link} href={attemptHref(result.id)}>
              Intento {result.number}: {examMessages.score(result.scorePercent)}
            </Anchor>
            <Group gap="xs">
              {result === counting && (
                <Badge color="blue" variant="outline" style={{ textTransform: 'none' }}>
                  {examMessages.countingBadge}
                </Badge>
              )}
              <Badge color={result.passed ? 'green' : 'red'} variant="light" style={{ textTransform: 'none' }}>
                {result.passed ? examMessages.passed : examMessages.failed}
              </Badge>
              <Text size="sm" c="gray.7">
                {examMessages.when(result.submittedAt)}
              </Text>
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** Before an attempt: what the exam is, the earlier results, and 'Comenzar examen' (or why not). */
export function ExamIntro({ exam, attemptHref, starting, startError, onStart }: ExamIntroProps) {
  const open = exam.status === 'en-curso';
  const canStart = open || exam.status === 'disponible';
  // The clock runs on the server: without signal an attempt is neither started nor resumed here.
  const online = useOnline();
  const counting = countingAttempt(exam.results);
  return (
    <Stack gap="md">
      <PageTitle>{exam.title}</PageTitle>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" mt={-8}>
        <Stack gap="sm">
          <Text fw={600} data-testid="resumen-examen">
            {exam.kind === 'video'
              ? examMessages.videoSummary(
                  exam.questionCount,
                  exam.viewsPerClip,
                  exam.answerSeconds,
                  exam.passPercent,
                  attemptNumber(exam),
                  exam.attempts,
                )
              : examMessages.summary(exam.questionCount, exam.timeMinutes, exam.passPercent, attemptNumber(exam), exam.attempts)}
          </Text>
          {(exam.opensAt || exam.closesAt) && (
            <Group gap="xs" justify="space-between">
              <Text size="sm" c="gray.7">
                {[exam.opensAt && examMessages.opensOn(exam.opensAt), exam.closesAt && examMessages.closesOn(exam.closesAt)]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              {exam.opensAt && (
                <Anchor href={`/api/exams/${encodeURIComponent(exam.id)}/event.ics`} download="examen.ics" size="sm">
                  <Group gap={4} component="span" wrap="nowrap">
                    <IconCalendarDown size={16} aria-hidden />
                    Agregar a mi calendario
                  </Group>
                </Anchor>
              )}
            </Group>
          )}
          {canStart && (
            <Text size="sm">
              {exam.kind === 'video'
                ? open
                  ? 'Tenés un intento en curso: seguís en la jugada donde lo dejaste.'
                  : 'Cada jugada se ve a velocidad normal, sin pausa ni adelantar, las veces que indica el examen. Después de la última vista tenés el tiempo para responder; si no respondés a tiempo, la jugada cuenta como incorrecta y el examen sigue.'
                : open
                  ? 'Tenés un intento en curso: seguís donde lo dejaste, con el tiempo que te queda.'
                  : 'El tiempo corre desde que comenzás. Cada respuesta se guarda en cuanto la marcás.'}
            </Text>
          )}
          {canStart && counting && (
            <Alert color={counting.passed ? 'green' : 'blue'} variant="light" data-testid="intento-que-cuenta">
              {counting.passed
                ? examMessages.passKept(counting.number, counting.scorePercent)
                : examMessages.bestSoFar(counting.number, counting.scorePercent)}
            </Alert>
          )}
          <ExamStatusNotice exam={exam} />
          {startError && (
            <Alert color="red" role="alert">
              {startError}
            </Alert>
          )}
          {canStart && !online && (
            <Alert color="orange" role="status" data-testid="examen-sin-conexion">
              {messages.examNotOffline}
            </Alert>
          )}
          {canStart && (
            <Button
              size="md"
              onClick={onStart}
              disabled={!online}
              loading={starting}
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
            >
              {open ? 'Continuar examen' : 'Comenzar examen'}
            </Button>
          )}
        </Stack>
      </Paper>
      <PreviousResults exam={exam} attemptHref={attemptHref} />
    </Stack>
  );
}
