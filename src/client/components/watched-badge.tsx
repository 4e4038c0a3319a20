import { Badge } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { watchedText } from '../../shared/messages.ts';
import { watchedColor } from '../../shared/module-badges.ts';

export { watchedText };

export function WatchedBadge({ percent }: { percent: number }) {
  return (
    <Badge color={watchedColor(percent)} variant="light" leftSection={<IconEye size={14} aria-hidden />} style={{ textTransform: 'none' }}>
      {watchedText(percent)}
    </Badge>
  );
}
