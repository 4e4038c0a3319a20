import { Link } from 'wouter';
import { Anchor, Group, Text } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { matchReviewMessages as m } from '../../shared/messages.ts';
import type { Observation } from '../../shared/schemas/observations.ts';

/**
 * The match on video an observation was made from, in the trainee's record: a link to its page and
 * the summary of its comments ('Ubicación: 1 Bien · 2 A mejorar').
 */
export function LinkedMatch({ linked, href }: { linked: NonNullable<Observation['linkedMatch']>; href: string }) {
  const summary = linked.summary
    .map((row) => `${m.criteria[row.criterion]}: ${row.bien} ${m.verdicts.bien} · ${row.aMejorar} ${m.verdicts['a-mejorar']}`)
    .join('; ');
  return (
    <Group gap={6} mt="xs" wrap="nowrap" align="flex-start">
      <IconVideo size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <div style={{ minWidth: 0 }}>
        <Anchor component={Link} href={href} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {m.linkedMatch(linked.title)}
        </Anchor>
        <Text size="sm" c="gray.7">
          {summary || m.commentsEmpty}
        </Text>
      </div>
    </Group>
  );
}
