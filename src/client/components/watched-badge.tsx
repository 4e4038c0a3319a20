import { Badge } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { watchedText } from '../../shared/messages.ts';

export { watchedText };

/** How much of the module's video the student watched: green once all of it. */
export function WatchedBadge({ percent }: { percent: number }) {
  return (
    <Badge
      color={percent >= 100 ? 'green' : 'blue'}
      variant="light"
      leftSection={<IconEye size={14} aria-hidden />}
      style={{ textTransform: 'none' }}
    >
      {watchedText(percent)}
    </Badge>
  );
}
