import { Badge } from '@mantine/core';
import { boardStateLabels, type BoardState } from '../../shared/schemas/progress.ts';

export const boardStateColors: Record<BoardState, string> = {
  'no-habilitado': 'dark',
  'invitacion-pendiente': 'grape',
  'sin-responder': 'gray',
  enviado: 'blue',
  'con-correcciones': 'orange',
  aprobado: 'green',
};

/** A module state with its colour and its words (colour is never the only sign). */
export function BoardStateBadge({ state }: { state: BoardState }) {
  return (
    <Badge
      color={boardStateColors[state]}
      variant={state === 'no-habilitado' ? 'outline' : 'light'}
      radius="sm"
      style={{ cursor: 'inherit' }}
    >
      {boardStateLabels[state]}
    </Badge>
  );
}
