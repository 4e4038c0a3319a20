import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconBook2, IconConfetti } from '@tabler/icons-react';
import { LEITNER_DAYS, NEW_PER_DAY } from '../../../shared/exam-rules.ts';
import { examMessages } from '../../../shared/messages.ts';
import type { Practice, PracticeQuestion } from '../../../shared/schemas/exams.ts';
import { paths } from '../../lib/paths.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { usePractice } from './api/use-practice.ts';
import { ChapterProgress } from './components/chapter-progress.tsx';
import { PracticeCard } from './components/practice-card.tsx';

function PracticeSkeleton({ label }: { label: string }) {
  return (
    <Stack role="status" aria-busy="true" aria-label={label} gap="sm">
      <Skeleton height={24} width="40%" />
      <Skeleton height={160} radius="md" />
    </Stack>
  );
}

/** Nothing left for today: what comes next, and the way back. Takes the focus when reached by 'Siguiente'. */
function DoneForToday({ practice, courseId, autoFocus }: { practice: Practice; courseId: string; autoFocus: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (autoFocus) heading.current?.focus();
  }, [autoFocus]);
  const unseen = practice.chapters.reduce((sum, chapter) => sum + chapter.total - chapter.practised, 0);
  return (
    <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="practica-terminaste">
      <Stack align="center" ta="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" color="teal" aria-hidden>
          <IconConfetti size={28} />
        </ThemeIcon>
        <Title order={2} size="h3" id="practica-terminaste" ref={heading} tabIndex={-1}>
          {examMessages.practiceDone}
        </Title>
        <Text c="gray.7" maw={460}>
          {examMessages.practiceComesNext(unseen, NEW_PER_DAY)}
        </Text>
        <Button component={Link} href={paths.courseModules(courseId)} variant="default" mt="xs">
          Volver a los módulos
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The question on screen stays there, its result too, while the practice is read again after
 * an answer; 'Siguiente' takes the next one from the fresh read (the one whose answer was just
 * shown is never taken from a read older than that answer).
 */
function useCurrentQuestion(query: ReturnType<typeof usePractice>) {
  const [shown, setShown] = useState<PracticeQuestion | null>(null);
  // Each question shown gets its own card (the same question may come back: a fresh form).
  const [round, setRound] = useState(0);
  const ready = query.data && !query.isFetching && !query.isError;
  if (ready && shown === null && query.data.next) setShown(query.data.next);
  const next = () => {
    setShown(null);
    setRound((r) => r + 1);
  };
  return { shown, round, next, waiting: shown === null && !ready };
}

/** 'Practicar reglamento': the course's question bank at home, with the questions coming back by Leitner boxes. */
export function PracticePage() {
  const { courseId = '' } = useParams<{ courseId: string }>();
  const query = usePractice(courseId);
  const { shown, round, next, waiting } = useCurrentQuestion(query);
  const data = query.data;

  if (query.isError && (!data || shown === null))
    return (
      <LoadError
        error={query.error}
        backTo={paths.courseModules(courseId)}
        backLabel="Volver a los módulos"
        studentOf="course"
        onRetry={() => void query.refetch()}
      />
    );

  return (
    <Stack gap="md" maw={820} mx="auto">
      <Anchor component={Link} href={paths.courseModules(courseId)} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Volver a los módulos
        </Group>
      </Anchor>
      <div>
        <PageTitle>{examMessages.practiceTitle}</PageTitle>
        <Text c="gray.7" mt={-8}>
          {examMessages.practiceNotCounted}
        </Text>
      </div>
      {!data ? (
        <PracticeSkeleton label="Cargando la práctica" />
      ) : data.chapters.length === 0 ? (
        <EmptyState
          icon={IconBook2}
          title={examMessages.practiceEmpty}
          text="Cuando tu instructor cargue preguntas en el banco del curso, vas a poder practicarlas acá."
        />
      ) : (
        <>
          <div>
            <Text fw={700} size="lg">
              {examMessages.dueToday(data.dueToday)}
            </Text>
            <Text size="sm" c="gray.7">
              {examMessages.practiceBoxes(LEITNER_DAYS)}
            </Text>
          </div>
          {shown ? (
            <PracticeCard key={round} courseId={courseId} question={shown} autoFocus={round > 0} onNext={next} />
          ) : waiting ? (
            <PracticeSkeleton label="Cargando la siguiente pregunta" />
          ) : (
            <DoneForToday practice={data} courseId={courseId} autoFocus={round > 0} />
          )}
          <ChapterProgress chapters={data.chapters} />
        </>
      )}
    </Stack>
  );
}
