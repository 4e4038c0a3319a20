import { useEffect, useState } from 'react';
import { Button, Checkbox, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus, IconVideo } from '@tabler/icons-react';
import { matchMessages as m } from '../../../shared/messages.ts';
import type { MatchSummary } from '../../../shared/schemas/matches.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { notify } from '../../components/notify.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../lib/paths.ts';
import { useMyMatches, useSetConsent } from './api/use-matches.ts';
import { MatchCard } from './components/match-card.tsx';
import { UploadMatchForm } from './components/upload-match-form.tsx';
import { forgetMatchUpload, startMatchUpload, stopMatchUpload, useMatchUploads } from './match-upload.ts';
import { useQueryClient } from '@tanstack/react-query';
import { matchKeys } from '../../lib/query-keys.ts';
import { preloadStreamPlayer } from './stream-player.ts';
import { DeleteMatchDialog } from './components/delete-match-dialog.tsx';

/** 'Permito que el curso use momentos de mis partidos para enseñar': given once, withdrawn here. */
function ConsentBox({ consent }: { consent: boolean }) {
  const setConsent = useSetConsent();
  return (
    <Paper withBorder radius="md" p="md" mb="lg">
      <Checkbox
        checked={consent}
        disabled={setConsent.isPending}
        label={m.consentLabel}
        description={m.consentHint}
        onChange={(event) =>
          setConsent.mutate(event.currentTarget.checked, {
            onSuccess: ({ message }) => notify(m.myMatches, message),
            onError: (error) => notify(m.myMatches, error.message, 'gray'),
          })
        }
      />
    </Paper>
  );
}

/** 'Mis partidos': the matches the trainee refereed, uploaded by them or by their pair. */
export function MyMatchesPage() {
  // The player's code comes while the person chooses a match: it starts sooner once chosen.
  useEffect(() => preloadStreamPlayer(), []);
  const matches = useMyMatches();
  const uploads = useMatchUploads();
  const queryClient = useQueryClient();
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<MatchSummary | null>(null);

  // An upload that ended: the server's state ('Procesando…', or why it was refused) is read again.
  const ended = [...uploads.values()].filter((upload) => upload.phase === 'done');
  useEffect(() => {
    if (ended.length === 0) return;
    void queryClient
      .invalidateQueries({ queryKey: matchKeys.mine() })
      .then(() => ended.forEach((upload) => forgetMatchUpload(upload.matchId)));
  }, [ended.length]); // eslint-disable-line react-hooks/exhaustive-deps

  if (matches.isError)
    return (
      <LoadError error={matches.error} backTo={paths.studentHome()} backLabel="Volver al inicio" onRetry={() => void matches.refetch()} />
    );

  const data = matches.data;
  const canUpload = (data?.courses.length ?? 0) > 0;
  const resume = (match: MatchSummary) => (file: File) =>
    void startMatchUpload({
      matchId: match.id,
      file,
      uploadUrl: match.uploadUrl,
      onDone: () => notify(m.uploadMatch, m.uploadDone),
    });

  return (
    <Stack gap={0}>
      <PageTitle
        actions={
          canUpload && !formOpen ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setFormOpen(true)}>
              {m.uploadMatch}
            </Button>
          ) : undefined
        }
      >
        {m.myMatches}
      </PageTitle>
      {formOpen && data && (
        <UploadMatchForm courses={data.courses} onStarted={() => setFormOpen(false)} onCancel={() => setFormOpen(false)} />
      )}
      {data && <ConsentBox consent={data.consent} />}
      {!data ? (
        <Stack aria-hidden>
          {Array.from({ length: 2 }, (_, index) => (
            <Skeleton key={index} height={110} radius="md" />
          ))}
        </Stack>
      ) : data.matches.length === 0 ? (
        <EmptyState icon={IconVideo} title={m.empty} text={canUpload ? m.emptyHint : undefined}>
          {canUpload && !formOpen && <Button onClick={() => setFormOpen(true)}>{m.uploadMatch}</Button>}
        </EmptyState>
      ) : (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label={m.myMatches}>
          {data.matches.map((match) => (
            <li key={match.id}>
              <MatchCard match={match} upload={uploads.get(match.id)} onResume={resume(match)} onDelete={() => setDeleting(match)} />
            </li>
          ))}
        </Stack>
      )}
      {!canUpload && data && (
        <Text size="sm" c="gray.7" mt="md">
          Para subir un partido tenés que estar inscripto en un curso.
        </Text>
      )}
      <DeleteMatchDialog
        match={deleting}
        heading={m.myMatches}
        onClose={() => setDeleting(null)}
        beforeDelete={(match) => void stopMatchUpload(match.id)}
      />
    </Stack>
  );
}
