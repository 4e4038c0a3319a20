import { useState } from 'react';
import { Link } from 'wouter';
import { Alert, Badge, Button, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPlay, IconTrash, IconUpload } from '@tabler/icons-react';
import { bytesText, matchMessages as m } from '../../../../shared/messages.ts';
import type { MatchState, MatchSummary } from '../../../../shared/schemas/matches.ts';
import { dayText } from '../../../../shared/calendar.ts';
import { paths } from '../../../lib/paths.ts';
import type { UploadState } from '../match-upload.ts';

const stateColor: Record<MatchState, string> = { subiendo: 'blue', procesando: 'yellow', lista: 'green', fallida: 'red' };

function stateLabel(match: MatchSummary, upload: UploadState | undefined): string {
  // The uploader's own, not being sent from this tab (closed, or waiting for the network): paused.
  if (match.state === 'subiendo') return match.mine && (!upload || upload.phase === 'waiting') ? m.uploadPaused : m.stateUploading;
  if (match.state === 'procesando') return m.stateProcessing(match.processingPercent);
  return match.state === 'lista' ? m.stateReady : m.stateFailed;
}

/** The bar, the MB sent and the time left of an upload in this tab. */
function UploadBar({ upload, title }: { upload: UploadState; title: string }) {
  const percent = upload.total > 0 ? Math.floor((upload.sent / upload.total) * 100) : 0;
  return (
    <Stack gap={4}>
      <Progress value={percent} size="lg" striped animated={upload.phase === 'sending'} aria-label={`Subida de ${title}: ${percent} %`} />
      <Group justify="space-between" gap="xs">
        <Text size="sm">{m.progressText(upload.sent, upload.total)}</Text>
        <Text size="sm" c="gray.7">
          {upload.phase === 'waiting'
            ? m.uploadReconnecting
            : upload.secondsLeft !== null
              ? m.timeLeft(upload.secondsLeft)
              : `${percent} %`}
        </Text>
      </Group>
    </Stack>
  );
}

export interface MatchCardProps {
  match: MatchSummary;
  /** The upload of its file in this tab, if any. */
  upload: UploadState | undefined;
  /** The staff's list: who uploaded it. */
  showUploader?: boolean;
  onResume?: (file: File) => void;
  onDelete?: () => void;
  /** Where its page is (the staff's, inside their side of the app). */
  pageOf?: (matchId: string) => string;
}

/** One match in a list: its name, day and pair, where it stands, and what can be done with it. */
export function MatchCard({ match, upload, showUploader, onResume, onDelete, pageOf = paths.match }: MatchCardProps) {
  const [wrongFile, setWrongFile] = useState(false);
  const uploading = match.state === 'subiendo';
  const paused = uploading && !upload;
  const pick = (file: File | null) => {
    if (!file) return;
    // The same file as the one started: its size is what the match announced.
    setWrongFile(file.size !== match.fileSize);
    if (file.size === match.fileSize) onResume?.(file);
  };
  const people = [
    showUploader || !match.mine ? `Subido por ${match.uploadedBy.name}` : null,
    match.partner ? `${m.partnerLabel}: ${match.partner.name}` : null,
  ].filter(Boolean);

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={`partido-${match.id}`}>
      <Stack gap="xs">
        {/* The state beside the title only: the lines under it keep the card's whole width on a phone. */}
        <Stack gap={2}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Text fw={600} id={`partido-${match.id}`} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {match.title}
            </Text>
            <Badge color={stateColor[match.state]} variant="light" style={{ flexShrink: 0 }}>
              {stateLabel(match, upload)}
            </Badge>
          </Group>
          <Text size="sm" c="gray.7">
            {[dayText(match.playedOn), match.category].filter(Boolean).join(' · ')}
          </Text>
          {people.length > 0 && (
            <Text size="sm" c="gray.7">
              {people.join(' · ')}
            </Text>
          )}
        </Stack>

        {uploading && upload && upload.phase !== 'failed' && <UploadBar upload={upload} title={match.title} />}
        {uploading && upload?.phase === 'failed' && (
          <Alert color="red" role="alert">
            {upload.error}
          </Alert>
        )}
        {paused && match.mine && (
          <Text size="sm">
            {m.uploadResumeHint} ({bytesText(match.fileSize)})
          </Text>
        )}
        {wrongFile && (
          <Alert color="red" role="alert">
            {m.uploadWrongFile}
          </Alert>
        )}
        {match.state === 'fallida' && match.processingError && (
          <Alert color="red" title={m.stateFailed}>
            {match.processingError}
          </Alert>
        )}

        <Group gap="sm">
          {match.state === 'lista' && (
            <Button component={Link} href={pageOf(match.id)} leftSection={<IconPlayerPlay size={16} aria-hidden />}>
              Ver partido
            </Button>
          )}
          {match.state === 'procesando' && (
            <Button component={Link} href={pageOf(match.id)} variant="default">
              Abrir
            </Button>
          )}
          {paused && match.mine && onResume && (
            <FileButton onChange={pick} accept="video/*,.mp4,.mov,.m4v,.webm,.mkv,.3gp">
              {(props) => (
                <Button {...props} leftSection={<IconUpload size={16} aria-hidden />}>
                  Seguir subiendo
                </Button>
              )}
            </FileButton>
          )}
          {match.canDelete && onDelete && (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
              Borrar
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
