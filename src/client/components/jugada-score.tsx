import { Badge } from '@mantine/core';
import type { JugadaScore } from '../../shared/schemas/content.ts';

/** 'Jugadas: 3 de 5 correctas': the jugadas a trainee got right on the first attempt. */
export function jugadaScoreText(score: JugadaScore) {
  return `Jugadas: ${score.correct} de ${score.total} ${score.total === 1 ? 'correcta' : 'correctas'}`;
}

export function JugadaScoreBadge({ score }: { score: JugadaScore }) {
  return (
    <Badge color={score.total > 0 && score.correct === score.total ? 'green' : 'grape'} variant="light" style={{ textTransform: 'none' }}>
      {jugadaScoreText(score)}
    </Badge>
  );
}
