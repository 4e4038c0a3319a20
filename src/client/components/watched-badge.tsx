import { Badge } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';

/** 'Visto 80 %': how much of the module video the student watched. */
export const watchedText = (percent: number) => `Visto ${percent} %`;

export function WatchedBadge({ percent }: { percent: number }) {
  return (
    <Badge color={percent >= 100 ? 'green' : 'blue'} variant="light" leftSection={<IconEye size={14} aria-hidden />} style={{ textTransform: 'none' }}>
      {watchedText(percent)}
    </Badge>
  );
}
