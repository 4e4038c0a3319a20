import { Link } from 'wouter';
import { NavLink, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronRight, IconSchool } from '@tabler/icons-react';
import { paths } from '../../lib/paths.ts';
import { CoverImage } from '../../components/cover-image.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useCourses } from '../../lib/use-courses.ts';

export function CoursesPage() {
  const courses = useCourses();

  let body;
  if (courses.isPending)
    body = (
      <Stack gap="xs" aria-hidden>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={60} radius="md" />
        ))}
      </Stack>
    );
  else if (courses.isError) body = <LoadError error={courses.error} onRetry={() => void courses.refetch()} />;
  else if (courses.data.length === 0)
    body = (
      <EmptyState
        icon={IconSchool}
        title="Todavía no tenés cursos habilitados."
        text="Cuando tu instructor te habilite uno, lo vas a ver acá."
      />
    );
  else
    body = (
      <Paper withBorder radius="md" component="ul" p={0} m={0} style={{ listStyle: 'none', overflow: 'hidden' }}>
        {courses.data.map((course, index) => (
          <li key={course.id} style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}>
            <NavLink
              component={Link}
              href={paths.course(course.id)}
              p="sm"
              label={
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {course.name}
                </Text>
              }
              leftSection={<CoverImage src={course.imageUrl} w={56} h={40} radius="sm" />}
              rightSection={<IconChevronRight size={20} aria-hidden />}
            />
          </li>
        ))}
      </Paper>
    );

  return (
    <Stack gap={0} maw={640}>
      <PageTitle>Cursos</PageTitle>
      {body}
    </Stack>
  );
}
