import { Link, useParams } from 'wouter';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconFiles } from '@tabler/icons-react';
import { paths } from '../../lib/paths.ts';
import { CoverImage } from '../../components/cover-image.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { useMyCourse } from './api/use-my-course.ts';
import { MarkAttendanceButton } from './components/mark-attendance-button.tsx';

function WelcomeSkeleton() {
  return (
    <Stack gap="md" aria-hidden>
      <Skeleton height={220} radius="md" />
      <Skeleton height={32} width="70%" />
      <Skeleton height={14} />
      <Skeleton height={14} />
      <Skeleton height={14} width="80%" />
    </Stack>
  );
}

export function CourseWelcomePage() {
  const { courseId = '' } = useParams<{ courseId: string }>();
  const course = useMyCourse(courseId);

  if (course.isError)
    return (
      <LoadError
        error={course.error}
        backTo={paths.studentHome()}
        backLabel="Volver a mis cursos"
        studentOf="course"
        onRetry={() => void course.refetch()}
      />
    );

  return (
    <Stack maw={820} mx="auto" gap="md">
      <MarkAttendanceButton courseId={courseId} />
      {course.isPending ? (
        <WelcomeSkeleton />
      ) : (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <CoverImage src={course.data.imageUrl} h={{ base: 180, sm: 280 }} loading="eager" />
          <Stack p={{ base: 'md', sm: 'xl' }} gap="md">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {course.data.name}
            </Title>
            {/* The welcome text is plain text written by the admin: its line breaks are kept, never read as HTML. */}
            <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{course.data.description}</Text>
            <Group gap="sm" mt="xs">
              <Button
                component={Link}
                href={paths.courseModules(courseId)}
                size="md"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                Comenzar
              </Button>
              <Button
                component={Link}
                href={paths.courseDocuments(courseId)}
                size="md"
                variant="default"
                leftSection={<IconFiles size={18} aria-hidden />}
              >
                Documentos
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
