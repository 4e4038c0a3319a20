import { Badge, Group, Text } from '@mantine/core';
import type { UserExam } from '../../shared/schemas/exams.ts';
import { examCellText } from '../../shared/schemas/progress.ts';

/** A trainee's best result at an exam ('Aprobado · 85 %' or 'Sin entregar') and how many attempts they started. */
export function ExamResult({ exam }: { exam: Pick<UserExam, 'result' | 'attempts'> }) {
  return (
    <Group gap="xs">
      {exam.result ? (
        <Badge color={exam.result.passed ? 'green' : 'orange'} variant="light" style={{ textTransform: 'none' }}>
          {examCellText(exam.result)}
        </Badge>
      ) : (
        <Text size="sm" c="gray.7">
          Sin entregar
        </Text>
      )}
      {exam.attempts > 0 && (
        <Text size="sm" c="gray.7">
          {exam.attempts === 1 ? '1 intento' : `${exam.attempts} intentos`}
        </Text>
      )}
    </Group>
  );
}
