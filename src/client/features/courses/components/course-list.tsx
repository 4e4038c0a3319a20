import { Link } from 'wouter';
import { Badge, Button, Card, Group, Image, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartDots, IconPencil } from '@tabler/icons-react';
import { paths } from '../../../lib/paths.ts';
import { CourseArchiveActions } from './course-archive-actions.tsx';
import type { Course } from '../../../../shared/schemas/content.ts';
import { useCourseOverview } from '../../../lib/use-course-overview.ts';
import { may, readerOf } from '../../../lib/course-roles.ts';

/** Every course, each with its Editar action. */
export function CourseList({ onEdit }: { onEdit: (course: Course) => void }) {
  const courses = useCourseOverview();

  return (
    <Stack component="section" aria-labelledby="cursos-existentes" gap="md">
      <Title order={2} size="h3" id="cursos-existentes">
        Cursos existentes
      </Title>
      {courses.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} role="status" aria-busy="true" aria-label="Cargando cursos">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={260} radius="md" />
          ))}
        </SimpleGrid>
      ) : courses.isError ? (
        <Text c="red.8">No pudimos cargar los cursos. {courses.error.message}</Text>
      ) : courses.data.length === 0 ? (
        <Text c="dimmed">Todavía no hay cursos. Creá el primero con el formulario de arriba.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {courses.data.map((course) => (
            <Card component="li" key={course.id} withBorder shadow="xs" radius="md" padding="md">
              <Card.Section>
                <Image src={course.imageUrl} alt="" h={150} fit="cover" />
              </Card.Section>
              <Stack gap={6} mt="sm" style={{ flex: 1 }}>
                <Text fw={700} lh={1.3}>
                  {course.name}
                </Text>
                {course.archivedAt && (
                  <Badge color="gray" variant="light" style={{ alignSelf: 'flex-start' }}>
                    Archivado: los alumnos no lo ven
                  </Badge>
                )}
                <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
                  {course.description}
                </Text>
              </Stack>
              <Group mt="md" gap="xs">
                {may(readerOf(course), 'contenido.editar') && (
                  <Button
                    variant="light"
                    leftSection={<IconPencil size={16} aria-hidden />}
                    onClick={() => onEdit(course)}
                    aria-label={`Editar curso ${course.name}`}
                  >
                    Editar
                  </Button>
                )}
                {may(readerOf(course), 'tablero.ver') && (
                  <Button
                    component={Link}
                    href={paths.adminCourseProgress(course.id)}
                    variant="light"
                    leftSection={<IconChartDots size={16} aria-hidden />}
                    aria-label={`Progreso del curso ${course.name}`}
                  >
                    Progreso
                  </Button>
                )}
                {may(readerOf(course), 'contenido.editar') && (
                  <CourseArchiveActions course={course} canDelete={readerOf(course) === 'admin'} />
                )}
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
