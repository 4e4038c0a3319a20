import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { Anchor, Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconChecklist, IconMessageQuestion, IconPlayerPlay } from '@tabler/icons-react';
import { ApiError } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { ProgressBadge } from '../../components/progress-badge.tsx';
import { JugadaScoreBadge } from '../../components/jugada-score.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { VideoPlayer } from '../../components/video-player.tsx';
import { WatchedBadge } from '../../components/watched-badge.tsx';
import { useModule } from '../../lib/use-module.ts';
import type { PlaybackAdapter } from '../../lib/video/playback.ts';
import { DownloadModuleEntry } from './components/download-module-entry.tsx';
import { ModuleExamButtons } from './components/module-exam-buttons.tsx';
import { useWatchProgress } from './use-watch-progress.ts';

function ModuleSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      <Skeleton height={32} width="60%" />
      <Skeleton radius="md" style={{ aspectRatio: '16 / 9', height: 'auto' }} />
      <Group>
        <Skeleton height={42} width={150} />
        <Skeleton height={42} width={190} />
      </Group>
    </Stack>
  );
}

export function ModulePage() {
  const { courseId = '', moduleId = '' } = useParams<{ courseId: string; moduleId: string }>();
  const module = useModule(moduleId);
  const [player, setPlayer] = useState<PlaybackAdapter | null>(null);
  // Only students have watched progress (an admin's module comes with its questions instead).
  const student = module.data !== undefined && 'watched' in module.data;
  useWatchProgress(moduleId, courseId, player, student);

  // A module of another course under this course's address is treated as not found.
  const error = module.error ?? (module.data && module.data.courseId !== courseId ? new ApiError(404, 'NOT_FOUND', '') : null);
  if (error)
    return (
      <LoadError
        error={error}
        backTo={paths.courseModules(courseId)}
        backLabel="Volver a los módulos"
        studentOf="module"
        onRetry={() => void module.refetch()}
      />
    );

  const data = module.data;
  return (
    <Stack gap="md" maw={960} mx="auto">
      <Anchor component={Link} href={paths.courseModules(courseId)} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Módulos
        </Group>
      </Anchor>
      {!data ? (
        <ModuleSkeleton />
      ) : (
        <>
          <Group justify="space-between" align="center" gap="xs">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {data.name}
            </Title>
            <Group gap="xs">
              {data.watched && <WatchedBadge percent={data.watched.percent} />}
              {data.progress && <ProgressBadge progress={data.progress} />}
              {data.jugadas && <JugadaScoreBadge score={data.jugadas} />}
            </Group>
          </Group>
          <VideoPlayer
            key={data.videoUrl}
            videoUrl={data.videoUrl}
            renditions={data.videoRenditions}
            posterUrl={data.posterUrl}
            captionsUrl={data.captionsUrl}
            title={data.name}
            startAt={data.watched?.position ?? null}
            onAdapter={setPlayer}
          />
          <Group gap="sm" grow preventGrowOverflow={false}>
            <Button
              component={Link}
              href={paths.moduleActivities(courseId, moduleId)}
              size="md"
              leftSection={<IconChecklist size={20} aria-hidden />}
            >
              Actividades
            </Button>
            <Button
              component={Link}
              href={paths.moduleQuestions(courseId, moduleId)}
              size="md"
              variant="outline"
              leftSection={<IconMessageQuestion size={20} aria-hidden />}
            >
              Hacer una pregunta
            </Button>
            {data.jugadas && (
              <Button
                component={Link}
                href={paths.moduleJugadas(courseId, moduleId)}
                size="md"
                variant="light"
                color="grape"
                leftSection={<IconPlayerPlay size={20} aria-hidden />}
              >
                Jugadas
              </Button>
            )}
            <ModuleExamButtons courseId={courseId} moduleId={moduleId} enabled={student} />
          </Group>
          {student && <DownloadModuleEntry moduleId={moduleId} />}
        </>
      )}
    </Stack>
  );
}
