import { Link } from 'wouter';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconHandStop } from '@tabler/icons-react';
import { timeOf } from '../../../../shared/calendar.ts';
import { attendanceStatusLabels } from '../../../../shared/schemas/lessons.ts';
import { paths } from '../../../lib/paths.ts';
import { useCurrentLesson } from '../api/use-current-lesson.ts';

/** While a class of the course takes attendance: 'Marcar asistencia', or the status the trainee already has. */
export function MarkAttendanceButton({ courseId }: { courseId: string }) {
  const current = useCurrentLesson(courseId);
  const lesson = current.data?.lesson;
  if (!lesson) return null;
  const status = current.data?.status ?? null;
  return (
    <Paper withBorder radius="md" p="md" bg="blue.0" style={{ borderColor: 'var(--mantine-color-blue-4)' }}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 200px' }}>
          <Text fw={700}>Clase presencial en curso</Text>
          <Text size="sm">
            {lesson.time} a {timeOf(new Date(lesson.closesAt))}
            {lesson.place ? ` · ${lesson.place}` : ''}
          </Text>
        </Stack>
        {status ? (
          <Badge
            size="lg"
            color="green"
            variant="light"
            leftSection={<IconCircleCheck size={16} aria-hidden />}
            style={{ textTransform: 'none' }}
          >
            Asistencia: {attendanceStatusLabels[status]}
          </Badge>
        ) : (
          <Button component={Link} href={paths.markAttendance(courseId)} size="md" leftSection={<IconHandStop size={18} aria-hidden />}>
            Marcar asistencia
          </Button>
        )}
      </Group>
    </Paper>
  );
}
