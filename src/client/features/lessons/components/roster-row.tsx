import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { timeOf } from '../../../../shared/calendar.ts';
import { attendanceStatuses, attendanceStatusLabels, type AttendanceStatus, type RosterEntry } from '../../../../shared/schemas/lessons.ts';
import { useMarkAttendance } from '../api/mark-attendance.ts';
import { statusColors } from '../lesson-text.ts';

const options = attendanceStatuses.map((status) => ({ value: status, label: attendanceStatusLabels[status] }));

/**
 * One trainee on the class's list, with their status set by hand: a radio group ('Presente',
 * 'Tarde', 'Justificado', 'Ausente') and 'Quitar' to clear it. A card that wraps on a phone.
 */
export function RosterRow({ lessonId, entry }: { lessonId: string; entry: RosterEntry }) {
  const mark = useMarkAttendance(lessonId);
  const [error, setError] = useState<string | null>(null);
  // What was chosen shows at once; the list's next answer confirms it.
  const shown = mark.isPending ? (mark.variables?.status ?? null) : entry.status;
  const set = (status: AttendanceStatus | null) => {
    setError(null);
    mark.mutate({ userId: entry.userId, status }, { onError: (failure) => setError(failure.message) });
  };
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {entry.name}
            </Text>
            {!entry.enrolled && (
              <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
                Curso bloqueado
              </Badge>
            )}
          </Group>
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {entry.email}
          </Text>
          {entry.status && entry.markedAt && (
            <Text size="xs" c="gray.8">
              {attendanceStatusLabels[entry.status]} · {entry.source === 'codigo' ? 'con el código' : 'a mano'} a las{' '}
              {timeOf(new Date(entry.markedAt))}
            </Text>
          )}
        </Stack>
        <Group gap={6} wrap="nowrap" style={{ flex: '1 1 300px', maxWidth: 440 }}>
          <SegmentedControl
            role="radiogroup"
            aria-label={`Asistencia de ${entry.name}`}
            data={options}
            value={shown ?? ''}
            onChange={(value) => set(value as AttendanceStatus)}
            color={shown ? statusColors[shown] : 'gray'}
            size="xs"
            fullWidth
            style={{ flex: 1 }}
            readOnly={mark.isPending}
          />
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            px={6}
            onClick={() => set(null)}
            disabled={!shown || mark.isPending}
            aria-label={`Quitar la asistencia de ${entry.name}`}
            title="Quitar"
          >
            <IconX size={16} aria-hidden />
          </Button>
        </Group>
      </Group>
      {error && (
        <Alert color="red" role="alert" mt="xs" p="xs">
          {error}
        </Alert>
      )}
    </Paper>
  );
}
