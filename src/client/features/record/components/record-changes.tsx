import { Stack, Text } from '@mantine/core';
import { momentText } from '../../../../shared/calendar.ts';
import type { RecordChange } from '../../../../shared/schemas/record.ts';

/** 'Historial de cambios': who changed what of the trainee's record, and when, newest first. */
export function RecordChanges({ changes }: { changes: RecordChange[] }) {
  if (changes.length === 0)
    return (
      <Text size="sm" c="gray.7">
        Todavía no hay cambios en el legajo.
      </Text>
    );
  return (
    <Stack component="ol" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
      {changes.map((change, index) => (
        <Stack
          component="li"
          key={change.id}
          gap={0}
          py={6}
          style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-3)', breakInside: 'avoid' }}
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {change.summary}
          </Text>
          <Text size="xs" c="gray.7">
            <time dateTime={change.at}>{momentText(change.at)}</time> · {change.actorName}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
