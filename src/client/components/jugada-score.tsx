import { Badge } from '@mantine/core';
import { jugadaScoreText } from '../../shared/messages.ts';
import { jugadaScoreColor } from '../../shared/module-badges.ts';
import type { JugadaScore } from '../../shared/schemas/content.ts';

export { jugadaScoreText };

export function JugadaScoreBadge({ score }: { score: JugadaScore }) {
  return (
    <Badge color={jugadaScoreColor(score)} variant="light" style={{ textTransform: 'none' }}>
      {jugadaScoreText(score)}
    </Badge>
  );
}
