import { Badge, Group, VisuallyHidden } from '@mantine/core';
import type { JugadaUse } from '../../../../shared/schemas/jugadas.ts';

/** 'Uso' as the admin reads it. */
export const jugadaUseLabels: Record<JugadaUse, string> = { practica: 'Práctica', examen: 'Examen', ambos: 'Ambos' };

/** What a use other than practice means, on a badge ('Práctica' is the usual one and shows nothing). */
const useBadgeTexts: Record<Exclude<JugadaUse, 'practica'>, string> = {
  examen: 'Sólo examen: los alumnos no la ven en la práctica',
  ambos: 'Práctica y examen',
};

/** A jugada's use when it is not 'Práctica'; nothing otherwise. */
export function UseBadge({ use }: { use: JugadaUse }) {
  if (use === 'practica') return null;
  return (
    // The text wraps instead of being cut on a 360 px phone.
    <Badge
      color={use === 'examen' ? 'grape' : 'indigo'}
      variant="light"
      h="auto"
      py={2}
      style={{ alignSelf: 'flex-start', textTransform: 'none' }}
      styles={{ label: { whiteSpace: 'normal' } }}
    >
      {useBadgeTexts[use]}
    </Badge>
  );
}

/**
 * A jugada's 'Etiquetas', each on its own badge; nothing without any. Not a list of its own: the
 * jugadas around it are one, and the word before them says what they are to a screen reader.
 */
export function TagBadges({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={4}>
      <VisuallyHidden>Etiquetas:</VisuallyHidden>
      {tags.map((tag) => (
        <Badge key={tag} color="gray" variant="outline" style={{ textTransform: 'none' }} maw="100%">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}
