import { Link } from 'wouter';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { UserExam } from '../../../../shared/schemas/exams.ts';
import { ExamResult } from '../../../components/exam-result.tsx';
import { paths } from '../../../lib/paths.ts';

/** The trainee's best result at each of the course's exams, each opening the exam's results. */
export function RecordExams({ exams }: { exams: UserExam[] }) {
  if (exams.length === 0)
    return (
      <Text size="sm" c="gray.7">
        Este curso no tiene exámenes.
      </Text>
    );
  return (
    <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
      {exams.map((exam, index) => (
        <Group
          component="li"
          key={exam.id}
          justify="space-between"
          gap="xs"
          py={8}
          style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-3)', breakInside: 'avoid' }}
        >
          <Anchor component={Link} href={paths.adminExamResults(exam.id)} fw={600} style={{ overflowWrap: 'anywhere', flex: '1 1 180px' }}>
            {exam.title}
          </Anchor>
          <ExamResult exam={exam} />
        </Group>
      ))}
    </Stack>
  );
}
