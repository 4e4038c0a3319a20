import { Link } from 'wouter';
import { Badge, Card, Group, Image, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ForumModule } from '../../../shared/schemas/forum.ts';
import { CourseSelect } from '../../components/course-select.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../lib/paths.ts';
import { useCourseParam } from '../../lib/use-course-param.ts';
import { useForumModules } from './api/use-forum-modules.ts';
import { useLiveForum } from './api/use-live-forum.ts';

/** Modules with new messages first, each group in its own order (a badge cleared live moves its card back). */
const unreadFirst = (modules: ForumModule[]) => modules.toSorted((a, b) => Number(b.newMessages) - Number(a.newMessages));

/**
 * 'Responder Preguntas': the module forums of every course (or of one), those where a student
 * wrote since an admin last opened them first, flagged NUEVOS MENSAJES.
 */
export function ForumModulesPage() {
  const [courseId, setCourseId] = useCourseParam();
  const modules = useForumModules(courseId);
  useLiveForum('/api/forum/events', courseId ? { courseId } : { allCourses: true });
  const listed = modules.data ? unreadFirst(modules.data) : [];

  return (
    <Stack>
      <PageTitle>Responder Preguntas</PageTitle>
      <CourseSelect
        for="foro.responder"
        value={courseId}
        onChange={setCourseId}
        allLabel="Todos los cursos"
        empty={<Text c="gray.7">Todavía no hay cursos.</Text>}
      />
      {modules.isPending && <Skeleton h={160} />}
      {modules.isError && <LoadError error={modules.error} onRetry={() => void modules.refetch()} />}
      {modules.data?.length === 0 && (
        <EmptyState
          title={courseId ? 'Este curso todavía no tiene módulos' : 'Todavía no hay módulos'}
          text="Cuando haya módulos, acá vas a ver las preguntas de los alumnos."
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {listed.map((module) => (
          <Card
            key={module.id}
            component={Link}
            href={paths.adminForum(module.id)}
            withBorder
            padding="sm"
            className="tile"
            data-testid="modulo-foro"
          >
            <Card.Section>
              <Image src={module.imageUrl} alt="" h={110} />
            </Card.Section>
            <Group justify="space-between" mt="sm" gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {module.name}
                </Text>
                {!courseId && (
                  <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    {module.courseName}
                  </Text>
                )}
              </div>
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
