import { Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { videoMessages } from '../../shared/messages.ts';
import type { VideoProcessing } from '../../shared/schemas/content.ts';

/** Whether an uploaded video is still being processed: the admin's queries poll while it is. */
export const isProcessing = (processing: VideoProcessing | null | undefined) =>
  processing?.state === 'pendiente' || processing?.state === 'en-curso';

/** How often the admin's module and jugada lists are read again while a video is processed. */
export const PROCESSING_POLL_MS = 3_000;

/**
 * For the instructor, where an uploaded video's renditions are made: 'Procesando video… 45 %'
 * while ffmpeg works, the Spanish reason when the file could not be read, nothing once ready.
 */
export function VideoProcessingStatus({ processing }: { processing: VideoProcessing | null | undefined }) {
  if (!processing || processing.state === 'lista') return null;
  if (processing.state === 'fallida')
    return (
      <Group gap={6} wrap="nowrap" align="flex-start" role="alert">
        <IconAlertTriangle size={18} color="var(--mantine-color-red-8)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" c="red.8">
          {processing.error ?? videoMessages.unreadable}
        </Text>
      </Group>
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
