import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { countingAttempt } from '../../../shared/exam-rules.ts';
import { examMessages, messages } from '../../../shared/messages.ts';
import type { Attempt, AttemptResult, StudentExam } from '../../../shared/schemas/exams.ts';
import { ApiError } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { invalidateAfterAttempt, useAttempt, useStartAttempt } from './api/attempts.ts';
import { useMyExam } from './api/use-my-exam.ts';
import { AttemptReviewList } from './components/attempt-review.tsx';
import { ChapterScores, ResultSummary } from './components/attempt-result.tsx';
import { AttemptRunner } from './components/attempt-runner.tsx';
import { ClipReviewList } from './components/clip-review.tsx';
import { ExamIntro } from './components/exam-intro.tsx';
import { ExamStatusNotice } from './components/exam-status.tsx';
import { VideoAttemptRunner } from './components/video-attempt-runner.tsx';

const notAvailable = 'Este examen no existe o no está habilitado para vos.';

function PageSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      <Skeleton h={32} w="60%" />
      <Skeleton h={160} />
      <Skeleton h={44} w={180} />
    </Stack>
  );
}

/** Under an attempt that is not the one that counts (a timed-out retry after a pass): which one does. */
function CountingAttempt({ exam, shown }: { exam: StudentExam | undefined; shown: AttemptResult }) {
  const counting = exam && countingAttempt(exam.results);
  if (!counting || counting.id === shown.id) return null;
  return (
    <Alert color={counting.passed ? 'green' : 'blue'} variant="light" data-testid="intento-que-cuenta">
      {examMessages.otherAttemptCounts(counting.number, counting.scorePercent, counting.passed)}
    </Alert>
  );
}

/** A graded attempt: the result, the score per chapter, what comes next, and each question when results are released. */
function GradedAttempt({ attempt, exam, introHref }: { attempt: Attempt; exam: StudentExam | undefined; introHref: string }) {
  const queryClient = useQueryClient();
  // The result is news: it takes the focus as it replaces the questions. The exam's status moved with it.
  useEffect(() => {
    document.getElementById('resultado-titulo')?.focus();
    void invalidateAfterAttempt(queryClient, attempt.examId);
  }, [queryClient, attempt.examId]);
  const result = attempt.result;
  if (!result) {
    return (
      <Alert color="blue" role="status">
        Estamos corrigiendo tu examen…
      </Alert>
    );
  }
  const canStart = exam && (exam.status === 'disponible' || exam.status === 'en-curso');
  return (
    <Stack gap="md">
      <PageTitle>{attempt.title}</PageTitle>
      <ResultSummary result={result} attempts={attempt.attempts} headingId="resultado-titulo" />
      <CountingAttempt exam={exam} shown={result} />
      <ChapterScores chapters={result.chapters} title={attempt.kind === 'video' ? 'Por etiqueta' : undefined} />
      {exam && <ExamStatusNotice exam={exam} />}
      {canStart && (
        <Button
          component={Link}
          href={introHref}
          variant="light"
          leftSection={<IconRefresh size={18} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          Volver a intentarlo
        </Button>
      )}
      {attempt.clipReview && attempt.jugadaOptions ? (
        <Stack gap="sm">
          <Title order={2} size="h4">
            Tus respuestas
          </Title>
          <ClipReviewList review={attempt.clipReview} options={attempt.jugadaOptions} reader="student" />
        </Stack>
      ) : attempt.review && attempt.kind !== 'video' ? (
        <Stack gap="sm">
          <Title order={2} size="h4">
            Tus respuestas
          </Title>
          <AttemptReviewList review={attempt.review} reader="student" />
        </Stack>
      ) : (
        <Text c="gray.7">{examMessages.resultsLater}</Text>
      )}
    </Stack>
  );
}

/** An attempt by its id: running (the questions) or graded (the result). At 0:00 it is read again until graded. */
function AttemptScreen({
  examId,
  attemptId,
  exam,
  introHref,
}: {
  examId: string;
  attemptId: string;
  exam: StudentExam | undefined;
  introHref: string;
}) {
  const [expired, setExpired] = useState(false);
  const query = useAttempt(attemptId, { pollMs: expired ? 3_000 : false });
  const timed = query.data;
  const stillOpen = timed?.attempt.open ?? false;

  if (query.isPending) return <PageSkeleton />;
  if (query.isError || !timed || timed.attempt.examId !== examId) {
    return (
      <LoadError
        error={query.error ?? new ApiError(404, 'NOT_FOUND', '')}
        notFoundText={notAvailable}
        backTo={introHref}
        backLabel="Volver al examen"
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (stillOpen && timed.attempt.kind === 'video') {
    return <VideoAttemptRunner examId={examId} timed={timed} onFinished={() => void query.refetch()} />;
  }
  if (stillOpen) {
    return (
      <AttemptRunner
        examId={examId}
        timed={timed}
        onTimeUp={() => {
          setExpired(true);
          void query.refetch();
        }}
      />
    );
  }
  return <GradedAttempt attempt={timed.attempt} exam={exam} introHref={introHref} />;
}

/** The exam's page: its intro and earlier results, an attempt in progress (`?intento=`), or a graded attempt. */
export function ExamPage() {
  const { courseId = '', moduleId = '', examId = '' } = useParams<{ courseId: string; moduleId: string; examId: string }>();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const attemptId = params.get('intento');
  const exam = useMyExam(examId);
  const start = useStartAttempt(examId);
  const [startError, setStartError] = useState<string | null>(null);
  const introHref = paths.exam(courseId, moduleId, examId);
  const attemptHref = (id: string) => `${introHref}?intento=${encodeURIComponent(id)}`;

  const onStart = () => {
    setStartError(null);
    start.mutate(undefined, {
      onSuccess: ({ attempt }) => navigate(attemptHref(attempt.id)),
      onError: (error) => {
        setStartError(error instanceof ApiError ? error.message : messages.internal);
        void exam.refetch();
      },
    });
  };

  // An exam of another module under this module's address is treated as not found.
  const data = exam.data;
  const error =
    exam.error ?? (data && (data.courseId !== courseId || data.moduleId !== moduleId) ? new ApiError(404, 'NOT_FOUND', '') : null);
  return (
    <Stack gap="md" maw={760} mx="auto">
      <Group>
        <Anchor component={Link} href={paths.module(courseId, moduleId)} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            Volver al módulo
          </Group>
        </Anchor>
      </Group>
      {error && !attemptId ? (
        <LoadError
          error={error}
          notFoundText={notAvailable}
          backTo={paths.module(courseId, moduleId)}
          backLabel="Volver al módulo"
          onRetry={() => void exam.refetch()}
        />
      ) : attemptId ? (
        <AttemptScreen key={attemptId} examId={examId} attemptId={attemptId} exam={data} introHref={introHref} />
      ) : !data ? (
        <PageSkeleton />
      ) : (
        <ExamIntro exam={data} attemptHref={attemptHref} starting={start.isPending} startError={startError} onStart={onStart} />
      )}
    </Stack>
  );
}
