import { Link, useSearchParams } from 'wouter';
import { Badge, Card, Group, Image, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { CourseSelect } from '../../components/course-select.tsx';
import { useCourses } from '../../lib/use-courses.ts';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../lib/paths.ts';
import { useForumModules } from './api/use-forum-modules.ts';
import { useLiveForum } from './api/use-live-forum.ts';

/** 'Responder Preguntas': a course's modules, each flagged NUEVOS MENSAJES while a student's message awaits. */
export function QuestionModulesPage() {
  const [params, setParams] = useSearchParams();
  const courses = useCourses();
  const courseId = params.get('curso') ?? courses.data?.[0]?.id ?? null;
  const modules = useForumModules(courseId);
  useLiveForum('/api/forum/events', { courseId: courseId ?? undefined });

  return (
    <Stack>
      <PageTitle>Responder Preguntas</PageTitle>
      <CourseSelect
        value={courseId}
        onChange={(id) => setParams(id ? { curso: id } : {}, { replace: true })}
        empty={<Text c="gray.7">Todavía no hay cursos.</Text>}
      />
      {modules.isPending && courseId && <Skeleton h={160} />}
      {modules.isError && <LoadError error={modules.error} onRetry={() => void modules.refetch()} />}
      {modules.data?.length === 0 && <Text c="gray.7">Este curso todavía no tiene módulos.</Text>}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {modules.data?.map((module) => (
          <Card
            key={module.id}
            component={Link}
            href={paths.adminQuestionModule(module.id)}
            withBorder
            padding="sm"
            className="tile"
            data-testid="modulo-foro"
          >
            <Card.Section>
              <Image src={module.imageUrl} alt="" h={110} />
            </Card.Section>
            <Group justify="space-between" mt="sm" gap="xs" wrap="nowrap" align="flex-start">
              <Text fw={600}>{module.name}</Text>
              {module.newMessages && (
                <Badge color="red" variant="filled" style={{ flexShrink: 0 }}>
                  NUEVOS MENSAJES
                </Badge>
              )}
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
