import { Link } from 'wouter';
import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { ExamResult } from '../../../components/exam-result.tsx';
import { paths } from '../../../lib/paths.ts';
import { useUserExams } from '../api/use-user-exams.ts';

/** The trainee's best result at each of the course's exams, each linking to the exam's results. Nothing when the course has none. */
export function UserExams({ userId, courseId }: { userId: string; courseId: string }) {
  const exams = useUserExams(userId, courseId);
  if (!exams.data || exams.data.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="examenes-del-alumno">
      <Title order={2} size="h4" id="examenes-del-alumno">
        Exámenes
      </Title>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {exams.data.map((exam) => (
          <Paper component="li" key={exam.id} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Anchor component={Link} href={paths.adminExamResults(exam.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {exam.title}
              </Anchor>
              <ExamResult exam={exam} />
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
