import { Link } from 'wouter';
import { Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import type { Course } from '../../../shared/schemas/content.ts';
import { paths } from '../../lib/paths.ts';
import { CoverImage } from '../../components/cover-image.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useCourses } from '../../lib/use-courses.ts';

const grid = { base: 1, xs: 2, md: 3 } as const;

function CourseCard({ course }: { course: Course }) {
  return (
    <Card component={Link} href={paths.course(course.id)} withBorder shadow="sm" radius="md" padding="md" className="tile" h="100%">
      <Card.Section>
        <CoverImage src={course.imageUrl} h={160} />
      </Card.Section>
      <Text fw={700} size="lg" mt="sm" style={{ overflowWrap: 'anywhere' }}>
        {course.name}
      </Text>
    </Card>
  );
}

function CoursesSkeleton() {
  return (
    <SimpleGrid cols={grid} aria-hidden>
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} height={220} radius="md" />
      ))}
    </SimpleGrid>
  );
}

export function StudentHomePage() {
  const courses = useCourses();

  let body;
  if (courses.isPending) body = <CoursesSkeleton />;
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
      <SimpleGrid component="ul" cols={grid} spacing="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {courses.data.map((course) => (
          <li key={course.id}>
            <CourseCard course={course} />
          </li>
        ))}
      </SimpleGrid>
    );

  return (
    <Stack gap={0}>
      <PageTitle>Mis cursos</PageTitle>
      {body}
    </Stack>
  );
}
