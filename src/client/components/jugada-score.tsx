import { Badge } from '@mantine/core';
import { jugadaScoreText } from '../../shared/messages.ts';
import type { JugadaScore } from '../../shared/schemas/content.ts';

export { jugadaScoreText };

/** The student's jugadas answered right of those they can see: green when all of them. */
export function JugadaScoreBadge({ score }: { score: JugadaScore }) {
  return (
    <Badge color={score.total > 0 && score.correct === score.total ? 'green' : 'grape'} variant="light" style={{ textTransform: 'none' }}>
      {jugadaScoreText(score)}
    </Badge>
  );
}
