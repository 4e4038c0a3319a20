import { Badge } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { watchedText } from '../../shared/messages.ts';

export { watchedText };

/** How much of the module's video the student watched: green once all of it; 'Visto —' while the video's length is not known. */
export function WatchedBadge({ percent }: { percent: number | null }) {
  return (
    <Badge
      color={percent === null ? 'gray' : percent >= 100 ? 'green' : 'blue'}
      title={percent === null ? 'Todavía no se sabe cuánto dura el video' : undefined}
      variant="light"
      leftSection={<IconEye size={14} aria-hidden />}
      style={{ textTransform: 'none' }}
    >
      {watchedText(percent)}
    </Badge>
  );
}
