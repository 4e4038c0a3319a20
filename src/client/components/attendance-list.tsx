import { Badge, Group, Stack, Text } from '@mantine/core';
import { dayText } from '../../shared/calendar.ts';
import { attendanceStatusLabels, type AttendanceStatus, type TraineeAttendance } from '../../shared/schemas/lessons.ts';

const statusColors: Record<AttendanceStatus, string> = { presente: 'green', tarde: 'yellow', justificado: 'blue', ausente: 'red' };

const count = new Intl.NumberFormat('es-AR');

/** '1 de 2 clases (1 justificada)': what the percentage counts. */
export function attendanceCountText({ held, attended, justified }: TraineeAttendance['summary']) {
  const counted = held - justified;
  const base = `${count.format(attended)} de ${count.format(counted)} ${counted === 1 ? 'clase' : 'clases'}`;
  return justified > 0 ? `${base} (${justified === 1 ? '1 justificada' : `${count.format(justified)} justificadas`})` : base;
}

/** A class's status: the mark, 'Sin marcar' for a class held without one, 'Próxima' for one to come. */
function StatusBadge({ status, held }: { status: AttendanceStatus | null; held: boolean }) {
  if (status)
    return (
      <Badge color={statusColors[status]} variant="light" style={{ textTransform: 'none', flexShrink: 0 }}>
        {attendanceStatusLabels[status]}
      </Badge>
    );
  return (
    <Badge color="gray" variant={held ? 'light' : 'outline'} style={{ textTransform: 'none', flexShrink: 0 }}>
      {held ? 'Sin marcar' : 'Próxima'}
    </Badge>
  );
}

/**
 * A trainee's attendance in a course: the percentage of the classes held and each class with
 * their status. The classes come in date order and the first `held` of them have started.
 */
export function AttendanceList({ attendance, headingId }: { attendance: TraineeAttendance; headingId: string }) {
  const { summary, lessons } = attendance;
  if (lessons.length === 0)
    return (
      <Text size="sm" c="gray.7">
        Todavía no hay clases presenciales en este curso.
      </Text>
    );
  return (
    <Stack gap="sm">
      <Group gap="xs" align="baseline">
        <Text fw={700} fz={28} lh={1}>
          {summary.percent === null ? '—' : `${summary.percent}\u00a0%`}
        </Text>
        <Text size="sm" c="gray.7">
          {summary.percent === null ? 'Todavía no hubo clases' : `Asistencia: ${attendanceCountText(summary)}`}
        </Text>
      </Group>
      <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
        {lessons.map((lesson, index) => (
          <Group
            component="li"
            key={lesson.id}
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            py={8}
            style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-3)', breakInside: 'avoid' }}
          >
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {dayText(lesson.date)} · {lesson.time}
              </Text>
              {(lesson.topic || lesson.place) && (
                <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  {[lesson.topic, lesson.place].filter(Boolean).join(' · ')}
                </Text>
              )}
            </Stack>
            <StatusBadge status={lesson.status} held={index < summary.held} />
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
