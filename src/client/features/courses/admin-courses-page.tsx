import { Link } from 'wouter';
import { Badge, Button, Card, Group, Image, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { WaitingBadges } from '../../components/waiting-badges.tsx';
import { paths } from '../../lib/paths.ts';
import { useCourseOverview } from '../../lib/use-course-overview.ts';
import { may, readerOf } from '../../lib/course-roles.ts';
import { useSession } from '../../lib/session.ts';
import { staffRoleLabels } from '../../../shared/course-roles.ts';
import { listInWords } from '../../../shared/messages.ts';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'Cursos': every course, what it holds and what waits in it; each opens its own page with its tools. */
export function AdminCoursesPage() {
  const overview = useCourseOverview();
  // Creating courses is the site administrators'; a team sees its own courses.
  const admin = useSession().data?.role === 'admin';

  return (
    <Stack>
      <PageTitle
        actions={
          admin && (
            <Button component={Link} href={paths.adminCreateCourse()} leftSection={<IconPlus size={16} aria-hidden />}>
              Nuevo curso
            </Button>
          )
        }
      >
        Cursos
      </PageTitle>
      {overview.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} role="status" aria-busy="true" aria-label="Cargando cursos">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={240} radius="md" />
          ))}
        </SimpleGrid>
      ) : overview.isError ? (
        <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : overview.data.length === 0 ? (
        admin ? (
          <EmptyState title="Todavía no hay cursos" text="Creá el primero: nombre, imagen y el texto de bienvenida que ven los alumnos.">
            <Button component={Link} href={paths.adminCreateCourse()}>
              Crear curso
            </Button>
          </EmptyState>
        ) : (
          <EmptyState
            title="Todavía no estás en el equipo de ningún curso"
            text="Cuando te agreguen al equipo de un curso, va a aparecer acá."
          />
        )
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {overview.data.map((course) => (
            <li key={course.id}>
              <Card
                component={Link}
                href={paths.adminCourse(course.id)}
                withBorder
                shadow="xs"
                radius="md"
                padding="md"
                className="tile"
                h="100%"
                data-testid="curso"
              >
                <Card.Section>
                  <Image src={course.imageUrl} alt="" h={130} fit="cover" />
                </Card.Section>
                <Stack gap={6} mt="sm">
                  <Text fw={700} size="lg" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
                    {course.name}
                  </Text>
                  {course.archivedAt && (
                    <Badge color="gray" variant="light" style={{ alignSelf: 'flex-start' }}>
                      Archivado
                    </Badge>
                  )}
                  <Group gap="xs">
                    <Text size="sm" c="gray.7">
                      {count(course.modules, 'módulo', 'módulos')} · {count(course.students, 'alumno', 'alumnos')}
                    </Text>
                  </Group>
                  {course.roles && (
                    <Text size="sm" c="gray.7">
                      {listInWords(course.roles.map((role) => staffRoleLabels[role]))}
                    </Text>
                  )}
                  <WaitingBadges
                    awaitingCorrection={may(readerOf(course), 'actividades.corregir') ? course.awaitingCorrection : 0}
                    modulesWithNewMessages={may(readerOf(course), 'foro.responder') ? course.modulesWithNewMessages : 0}
                  />
                </Stack>
              </Card>
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
