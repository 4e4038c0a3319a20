import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { videoMessages } from '../../shared/messages.ts';
import type { VideoProcessing } from '../../shared/schemas/content.ts';
import { api } from '../lib/api.ts';
import { useSingleFlightMutation } from '../lib/use-single-flight-mutation.ts';

/** Whether an uploaded video is still being processed: the admin's queries poll while it is. */
export const isProcessing = (processing: VideoProcessing | null | undefined) =>
  processing?.state === 'pendiente' || processing?.state === 'en-curso';

/** How often the admin's module and jugada lists are read again while a video is processed. */
export const PROCESSING_POLL_MS = 3_000;

/** 'Reintentar': the server tries the video's processing anew; the lists showing it read it again (and poll while it runs). */
function RetryButton({ videoId, of }: { videoId: string; of: string }) {
  const queryClient = useQueryClient();
  const retry = useSingleFlightMutation({
    mutationFn: () => api<{ processing: VideoProcessing }>(`/api/videos/${encodeURIComponent(videoId)}/retry`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconRefresh size={16} aria-hidden />}
      loading={retry.isPending}
      onClick={() => retry.mutate()}
      aria-label={videoMessages.retryLabel(of)}
      style={{ alignSelf: 'flex-start' }}
    >
      {videoMessages.retry}
    </Button>
  );
}

/**
 * For the instructor, where an uploaded video's renditions are made: 'Procesando video… 45 %'
 * while ffmpeg works, the Spanish reason when it could not be processed (with 'Reintentar' when
 * the video is given), nothing once ready.
 */
export function VideoProcessingStatus({
  processing,
  retry,
}: {
  processing: VideoProcessing | null | undefined;
  /** The video to try again, and whose it is for a screen reader ('del módulo Reglas'). */
  retry?: { videoId: string; of: string };
}) {
  if (!processing || processing.state === 'lista') return null;
  if (processing.state === 'fallida')
    return (
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap" align="flex-start" role="alert">
          <IconAlertTriangle size={18} color="var(--mantine-color-red-8)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" c="red.8">
            {processing.error ?? videoMessages.unreadable}
          </Text>
        </Group>
        {retry && <RetryButton videoId={retry.videoId} of={retry.of} />}
      </Stack>
    );
  // Waiting for a worker shows as 0 %: to the instructor it is the same wait.
  const label = videoMessages.processing(processing.percent ?? 0);
  return (
    <Stack gap={4} role="status">
      <Text size="sm" c="gray.8">
        {label}
      </Text>
      <Progress value={processing.percent ?? 0} size="sm" aria-label={label} />
    </Stack>
  );
}
