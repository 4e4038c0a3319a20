import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { Alert, Button, Group, NumberInput, Paper, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { bytesText, matchMessages as m } from '../../../shared/messages.ts';
import { STORAGE_LIMIT_MAX_GB, type MatchStorage, type MatchSummary } from '../../../shared/schemas/matches.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { notify } from '../../components/notify.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../lib/paths.ts';
import { useCourseMatches, useSetStorageLimit } from './api/use-matches.ts';
import { MatchCard } from './components/match-card.tsx';
import { preloadStreamPlayer } from './stream-player.ts';
import { DeleteMatchDialog } from './components/delete-match-dialog.tsx';

const GB = 1024 ** 3;

/** 'Partidos: 12,4 GB de 20 GB', as a bar; an administrator sets the limit here. */
function StorageBox({ courseId, storage, canSetLimit }: { courseId: string; storage: MatchStorage; canSetLimit: boolean }) {
  const setLimit = useSetStorageLimit(courseId);
  const [limitGb, setLimitGb] = useState<number | string>(Math.round((storage.limitBytes / GB) * 10) / 10);
  const [failure, setFailure] = useState<string | null>(null);
  const percent = storage.limitBytes > 0 ? Math.min(100, (storage.usedBytes / storage.limitBytes) * 100) : 100;
  const label = m.storageText(storage.usedBytes, storage.limitBytes);
  return (
    <Paper withBorder radius="md" p="md" mb="lg">
      <Stack gap="xs">
        <Text fw={600}>{label}</Text>
        <Progress value={percent} color={percent >= 90 ? 'red' : 'blue'} size="lg" aria-label={label} />
        <Text size="sm" c="gray.7">
          Quedan {bytesText(Math.max(0, storage.limitBytes - storage.usedBytes))}. Un partido que no entra se rechaza antes de empezar a
          subirse.
        </Text>
        {canSetLimit && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setFailure(null);
              setLimit.mutate(Number(limitGb), {
                onSuccess: ({ message }) => notify('Partidos', message),
                onError: (error) => setFailure(error.message),
              });
            }}
          >
            <Group align="flex-end" gap="sm">
              <NumberInput
                label="Límite del curso (GB)"
                min={1}
                max={STORAGE_LIMIT_MAX_GB}
                decimalScale={1}
                decimalSeparator=","
                value={limitGb}
                onChange={setLimitGb}
                w={180}
                error={failure}
              />
              <Button type="submit" loading={setLimit.isPending} variant="default">
                Guardar límite
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

/** A course's 'Partidos' for its instructors and observers: every trainee's match and the course's storage. */
export function CourseMatchesPage() {
  // The player's code comes while the person chooses a match: it starts sooner once chosen.
  useEffect(() => preloadStreamPlayer(), []);
  const { courseId = '' } = useParams<{ courseId: string }>();
  const matches = useCourseMatches(courseId);
  const [deleting, setDeleting] = useState<MatchSummary | null>(null);

  if (matches.isError)
    return (
      <LoadError
        error={matches.error}
        backTo={paths.adminCourse(courseId)}
        backLabel="Volver al curso"
        onRetry={() => void matches.refetch()}
      />
    );

  return (
    <Stack gap={0}>
      <PageTitle>Partidos</PageTitle>
      {!matches.data ? (
        <Stack aria-hidden>
          <Skeleton height={90} radius="md" />
          <Skeleton height={110} radius="md" />
        </Stack>
      ) : (
        <>
          <StorageBox courseId={courseId} storage={matches.data.storage} canSetLimit={matches.data.canSetLimit} />
          {matches.data.matches.length === 0 ? (
            <EmptyState icon={IconVideo} title={m.courseEmpty} />
          ) : (
            <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Partidos del curso">
              {matches.data.matches.map((match) => (
                <li key={match.id}>
                  <MatchCard
                    match={match}
                    upload={undefined}
                    showUploader
                    pageOf={paths.adminMatch}
                    onDelete={match.canDelete ? () => setDeleting(match) : undefined}
                  />
                </li>
              ))}
            </Stack>
          )}
        </>
      )}
      <DeleteMatchDialog match={deleting} heading={'Partidos'} onClose={() => setDeleting(null)} />
      {matches.data && !matches.data.canSetLimit && (
        <Alert color="gray" mt="lg" variant="light">
          El límite de espacio del curso lo cambia un administrador.
        </Alert>
      )}
    </Stack>
  );
}
