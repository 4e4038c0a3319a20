import { Badge, type BadgeProps } from '@mantine/core';
import { outcomeLabels, type Outcome } from '../../shared/approval-rules.ts';

export const outcomeColors: Record<Outcome, string> = { apto: 'green', 'no-apto': 'red', 'en-curso': 'gray' };

/** 'Apto' (green), 'No apto' (red) or 'En curso' (grey): colour is never the only sign, the word is there. */
export function OutcomeBadge({ outcome, size }: { outcome: Outcome; size?: BadgeProps['size'] }) {
  return (
    <Badge color={outcomeColors[outcome]} variant="light" size={size} style={{ textTransform: 'none', flexShrink: 0 }}>
      {outcomeLabels[outcome]}
    </Badge>
  );
}
