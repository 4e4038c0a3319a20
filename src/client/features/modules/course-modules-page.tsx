import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { useInViewport } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Box, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArchive, IconCards, IconClipboardCheck, IconClockPlay, IconLayoutList, IconLock } from '@tabler/icons-react';
import { moduleExamFlag, nextExamChange, type ModuleExamFlag } from '../../../shared/exam-rules.ts';
import type { StudentModule } from '../../../shared/schemas/content.ts';
import { paths } from '../../lib/paths.ts';
import { moduleNumberLabel } from '../../lib/module-number.ts';
import { CoverImage } from '../../components/cover-image.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { ProgressBadge } from '../../components/progress-badge.tsx';
import { JugadaScoreBadge } from '../../components/jugada-score.tsx';
import { OfflineBadge } from '../../components/offline-badge.tsx';
import { WatchedBadge } from '../../components/watched-badge.tsx';
import { useDownloads } from '../../lib/offline/use-downloads.ts';
import { prefetchModule } from '../../lib/use-module.ts';
import { useMyModules } from './api/use-my-modules.ts';

const grid = { base: 1, xs: 2, md: 3 } as const;

interface ModuleCardProps {
  courseId: string;
  module: StudentModule;
  number: number;
  /** The moment its exams are judged at; null until the page is the browser's (see `useExamClock`). */
  now?: Date | null;
}

const imageHeight = 150;

/** The longest a browser timer waits (about 24 days); a later change is looked at again then. */
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * The moment the list judges its exams at. Null in the server's drawing and the browser's first
 * render, which must be the same page: the drawing is reused for the same data at any hour, so
 * nothing in it may depend on the time. Then now, and again each time an exam opens or closes, a
 * wait ends or an attempt's time runs out while the page stays open.
 */
function useExamClock(modules: StudentModule[] | undefined): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    if (modules) setNow(new Date());
  }, [modules]);
  useEffect(() => {
    if (!now || !modules) return;
    const next = nextExamChange(
      modules.flatMap((module) => module.exams),
      now,
    );
    if (!next) return;
    // A second late: the change has happened by then.
    const timer = setTimeout(() => setNow(new Date()), Math.min(next.getTime() - now.getTime() + 1000, LONGEST_TIMER_MS));
    return () => clearTimeout(timer);
  }, [now, modules]);
  return now;
}

/** 'Examen abierto' (one of its exams can be taken now) or 'Examen en curso' (they have an attempt running). */
function ExamFlagBadge({ flag }: { flag: Exclude<ModuleExamFlag, null> }) {
  return flag === 'en-curso' ? (
    <Badge color="orange" variant="filled" leftSection={<IconClockPlay size={14} aria-hidden />} style={{ textTransform: 'none' }}>
      Examen en curso
    </Badge>
  ) : (
    <Badge color="blue" variant="filled" leftSection={<IconClipboardCheck size={14} aria-hidden />} style={{ textTransform: 'none' }}>
      Examen abierto
    </Badge>
  );
}

function ModuleCardContent({ module, number, upcoming = false, now = null }: Omit<ModuleCardProps, 'courseId'> & { upcoming?: boolean }) {
  const overline = moduleNumberLabel(module.name, number);
  const download = useDownloads().downloads[module.id];
  const offline = download?.complete === true && module.enabled ? download : null;
  const examFlag = now && module.enabled ? moduleExamFlag(module.exams, now) : null;
  return (
    <>
      <Card.Section>
        <CoverImage src={module.imageUrl} h={imageHeight} />
      </Card.Section>
      {/* Upcoming cards are faded: black text keeps what remains legible above the contrast minimum. */}
      {overline && (
        <Text size="sm" c={upcoming ? 'black' : 'gray.7'} fw={600} mt="sm">
          {overline}
        </Text>
      )}
      <Text fw={700} size="lg" mt={overline ? 0 : 'sm'} style={{ overflowWrap: 'anywhere' }}>
        {module.name}
      </Text>
      {!upcoming && (examFlag || module.progress || module.jugadas || module.watchedPercent !== null || offline) && (
        <Group mt="xs" gap="xs">
          {examFlag && <ExamFlagBadge flag={examFlag} />}
          {offline && <OfflineBadge record={offline} />}
          {module.watchedPercent !== null && <WatchedBadge percent={module.watchedPercent} />}
          {module.progress && <ProgressBadge progress={module.progress} />}
          {module.jugadas && <JugadaScoreBadge score={module.jugadas} />}
        </Group>
      )}
    </>
  );
}

/** A module the student can open; while it is in view, its page's data loads ahead so a tap shows it at once. */
function OpenModuleCard({ courseId, module, number, now }: ModuleCardProps) {
  const queryClient = useQueryClient();
  const { ref, inViewport } = useInViewport<HTMLAnchorElement>();
  useEffect(() => {
    if (inViewport) void prefetchModule(queryClient, module.id);
  }, [inViewport, queryClient, module.id]);
  return (
    <Card
      ref={ref}
      component={Link}
      href={paths.module(courseId, module.id)}
      withBorder
      shadow="sm"
      radius="md"
      padding="md"
      className="tile"
      h="100%"
    >
      <ModuleCardContent module={module} number={number} now={now} />
    </Card>
  );
}

/** An archived module the student worked in: its answers and corrections stay readable. */
function ArchivedModuleCard({ courseId, module, number }: ModuleCardProps) {
  return (
    <Card
      component={Link}
      href={paths.moduleActivities(courseId, module.id)}
      withBorder
      radius="md"
      padding="md"
      className="tile"
      h="100%"
      bg="gray.0"
    >
      <ModuleCardContent module={module} number={number} />
      <Badge color="dark" variant="outline" mt="xs" leftSection={<IconArchive size={14} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
        Archivado
      </Badge>
      <Text size="sm" c="gray.8" mt={4}>
        Ya no se puede responder; tus respuestas y correcciones quedan para consultar.
      </Text>
    </Card>
  );
}

/** A module not enabled yet: shown blurred, not a link and not focusable; screen readers hear 'Próximamente'. */
function UpcomingModuleCard({ module, number }: Omit<ModuleCardProps, 'courseId'>) {
  return (
    <Card withBorder radius="md" padding="md" h="100%" pos="relative">
      <VisuallyHidden>{`${moduleNumberLabel(module.name, number) ?? module.name}: próximamente. Todavía no está habilitado.`}</VisuallyHidden>
      <Box aria-hidden style={{ filter: 'blur(3px)', opacity: 0.6, userSelect: 'none', pointerEvents: 'none' }}>
        <ModuleCardContent module={module} number={number} upcoming />
      </Box>
      <Badge
        aria-hidden
        variant="filled"
        color="dark"
        size="lg"
        leftSection={<IconLock size={14} />}
        pos="absolute"
        top={imageHeight / 2}
        left="50%"
        style={{ transform: 'translate(-50%, -50%)' }}
      >
        Próximamente
      </Badge>
    </Card>
  );
}

function ModulesSkeleton() {
  return (
    <SimpleGrid cols={grid} aria-hidden>
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} height={240} radius="md" />
      ))}
    </SimpleGrid>
  );
}

export function CourseModulesPage() {
  const { courseId = '' } = useParams<{ courseId: string }>();
  const modules = useMyModules(courseId);
  const now = useExamClock(modules.data);

  if (modules.isError)
    return (
      <LoadError
        error={modules.error}
        backTo={paths.studentHome()}
        backLabel="Volver a mis cursos"
        studentOf="course"
        onRetry={() => void modules.refetch()}
      />
    );

  return (
    <Stack gap={0}>
      <PageTitle
        actions={
          // Every enrolled student sees it; a course without a bank says so on the practice page.
          <Button component={Link} href={paths.practice(courseId)} variant="light" leftSection={<IconCards size={18} aria-hidden />}>
            Practicar reglamento
          </Button>
        }
      >
        Módulos
      </PageTitle>
      {modules.isPending ? (
        <ModulesSkeleton />
      ) : modules.data.length === 0 ? (
        <EmptyState
          icon={IconLayoutList}
          title="Este curso todavía no tiene módulos."
          text="Cuando tu instructor publique el primero, lo vas a ver acá."
        />
      ) : (
        <SimpleGrid component="ol" cols={grid} spacing="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {modules.data.map((module, index) => (
            <li key={module.id}>
              {module.enabled ? (
                <OpenModuleCard courseId={courseId} module={module} number={index + 1} now={now} />
              ) : module.archived ? (
                <ArchivedModuleCard courseId={courseId} module={module} number={index + 1} />
              ) : (
                <UpcomingModuleCard module={module} number={index + 1} />
              )}
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
