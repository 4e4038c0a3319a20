import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { CorrectionRecord } from '../../../../shared/schemas/activities.ts';
import { momentText } from '../../../../shared/calendar.ts';

/** Every correction saved for the activity, newest first: who, when and what (admins only). */
export function CorrectionHistory({ history }: { history: CorrectionRecord[] }) {
  if (history.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="historial-correcciones">
      <Title order={2} size="h4" id="historial-correcciones">
        Historial de correcciones
      </Title>
      {history.map((record) => (
        <Paper key={record.id} withBorder p="sm" radius="md">
          <Group gap="xs" mb={4}>
            <Badge variant="light" color={record.kind === 'modificacion' ? 'yellow' : 'blue'}>
              {record.kind === 'modificacion' ? 'Modificación' : 'Corrección'}
            </Badge>
            <Text size="sm">
              {momentText(record.createdAt)} · {record.adminName}
            </Text>
          </Group>
          <List size="sm" spacing={2}>
            {record.items.map((item, index) => (
              <List.Item key={index}>
                <Text span size="sm" fw={500}>
                  {index + 1}. {item.correct ? 'Correcta' : 'Incorrecta'}
                </Text>
                <Text span size="sm" c="gray.7">
                  {' '}
                  · {item.question}
                </Text>
                {item.feedback && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    “{item.feedback}”
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        </Paper>
      ))}
    </Stack>
  );
}
