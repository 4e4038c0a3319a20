import { Link } from 'wouter';
import { Anchor, Card, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconBook2,
  IconChecklist,
  IconFileUpload,
  IconLayoutList,
  IconMessages,
  IconSchool,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { dayLongText, dayOf, timeOf } from '../../../shared/calendar.ts';
import { staffRoleLabels, type CourseAction } from '../../../shared/course-roles.ts';
import { listInWords } from '../../../shared/messages.ts';
import type { CourseOverview } from '../../../shared/schemas/content.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { TileLink } from '../../components/tile-link.tsx';
import { WaitingBadges } from '../../components/waiting-badges.tsx';
import { may, readerOf, useStaffReach } from '../../lib/course-roles.ts';
import { paths } from '../../lib/paths.ts';
import { useCourseOverview, useCourseWaiting } from '../../lib/use-course-overview.ts';

/** 'Próxima clase: sábado, 5 de diciembre de 2026, 9:00'. */
const lessonText = (iso: string) => {
  const instant = new Date(iso);
  return `${dayLongText(dayOf(instant))}, ${timeOf(instant)}`;
};

/** What waits for the reader in one course, by their roles, each a link to where it is done. */
function waitingIn(course: CourseOverview): Array<{ text: string; to: string }> {
  const reader = readerOf(course);
  const items: Array<{ text: string; to: string }> = [];
  if (may(reader, 'actividades.corregir') && course.awaitingCorrection > 0)
    items.push({ text: `Por corregir: ${course.awaitingCorrection}`, to: paths.adminReview(course.id) });
  if (may(reader, 'foro.responder') && course.modulesWithNewMessages > 0)
    items.push({ text: `Módulos con preguntas sin responder: ${course.modulesWithNewMessages}`, to: paths.adminForumModules(course.id) });
  if (may(reader, 'asistencia.tomar') && course.nextLessonAt)
    items.push({ text: `Próxima clase: ${lessonText(course.nextLessonAt)}`, to: paths.adminLessons(course.id) });
  if (may(reader, 'contenido.editar') && course.openExams > 0)
    items.push({ text: `Exámenes abiertos: ${course.openExams}`, to: paths.adminExams(course.id) });
  if (course.overdueTrainees) items.push({ text: `Cuotas vencidas: ${course.overdueTrainees}`, to: paths.adminPayments(course.id) });
  if (course.aptosWithoutCertificate)
    items.push({ text: `Aptos sin certificado: ${course.aptosWithoutCertificate}`, to: paths.adminApproval(course.id) });
  return items;
}

/** 'Mis cursos': each course of the reader's with what waits for them there. */
function MyCourses({ courses }: { courses: CourseOverview[] }) {
  if (courses.length === 0)
    return (
      <EmptyState
        title="Todavía no estás en el equipo de ningún curso"
        text="Cuando te agreguen al equipo de un curso, va a aparecer acá."
      />
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {courses.map((course) => {
        const waiting = waitingIn(course);
        return (
          <li key={course.id}>
            <Card withBorder radius="md" padding="md" h="100%">
              <Anchor component={Link} href={paths.adminCourse(course.id)} fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
                {course.name}
              </Anchor>
              {course.roles && (
                <Text size="sm" c="gray.7">
                  {listInWords(course.roles.map((role) => staffRoleLabels[role]))}
                </Text>
              )}
              {waiting.length === 0 ? (
                <Text size="sm" mt="xs" c="gray.7">
                  Nada pendiente.
                </Text>
              ) : (
                <List size="sm" mt="xs" spacing={4}>
                  {waiting.map((item) => (
                    <List.Item key={item.text}>
                      <Anchor component={Link} href={item.to}>
                        {item.text}
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
              )}
            </Card>
          </li>
        );
      })}
    </SimpleGrid>
  );
}

interface Tile {
  label: string;
  description: string;
  to: string;
  icon: Icon;
  /** Who sees it: whoever may do this in some course, or the site's administrators. */
  for: CourseAction | 'admin';
  waiting?: React.ReactNode;
}

/** The home's tiles, each with what waits there. */
function homeTiles(awaitingCorrection: number, modulesWithNewMessages: number): Tile[] {
  return [
    {
      label: 'Cursos',
      description: 'Cada curso, con lo que podés hacer en él y lo que espera.',
      to: paths.adminCourses(),
      icon: IconSchool,
      for: 'curso.ver',
      waiting: <WaitingBadges awaitingCorrection={awaitingCorrection} modulesWithNewMessages={modulesWithNewMessages} />,
    },
    {
      label: 'Lista de Usuarios',
      description: 'Buscá alumnos, habilitá cursos y módulos, corregí respuestas.',
      to: paths.adminUsers(),
      icon: IconUsers,
      for: 'admin',
    },
    {
      label: 'Por corregir',
      description: 'Actividades enviadas que esperan tu corrección.',
      to: paths.adminReview(),
      icon: IconChecklist,
      for: 'actividades.corregir',
      waiting: <WaitingBadges awaitingCorrection={awaitingCorrection} />,
    },
    {
      label: 'Responder Preguntas',
      description: 'El foro de cada módulo.',
      to: paths.adminForumModules(),
      icon: IconMessages,
      for: 'foro.responder',
      waiting: <WaitingBadges modulesWithNewMessages={modulesWithNewMessages} />,
    },
    {
      label: 'Crear Curso',
      description: 'Nombre, imagen y texto de bienvenida.',
      to: paths.adminCreateCourse(),
      icon: IconBook2,
      for: 'admin',
    },
    {
      label: 'Subir Documentos',
      description: 'Material descargable de cada curso.',
      to: paths.adminUploadDocuments(),
      icon: IconFileUpload,
      for: 'contenido.editar',
    },
    {
      label: 'Crear Módulo',
      description: 'Video y preguntas de un módulo.',
      to: paths.adminCreateModule(),
      icon: IconLayoutList,
      for: 'contenido.editar',
    },
  ];
}

/** The home of the instructors' side: a tile per task the reader may do, and their courses with what waits in each. */
export function AdminHomePage() {
  const overview = useCourseOverview();
  // 'Mis cursos' with payments and approval too, once those are read (the courses show at once).
  const waiting = useCourseWaiting();
  const reach = useStaffReach();
  const courses = overview.data ?? [];
  const sum = (action: CourseAction, count: (c: CourseOverview) => number) =>
    courses.reduce((total, c) => total + (may(readerOf(c), action) ? count(c) : 0), 0);
  const awaitingCorrection = sum('actividades.corregir', (c) => c.awaitingCorrection);
  const modulesWithNewMessages = sum('foro.responder', (c) => c.modulesWithNewMessages);

  const tiles = homeTiles(awaitingCorrection, modulesWithNewMessages);
  const shown = tiles.filter((tile) => (tile.for === 'admin' ? reach.admin : reach.somewhere(tile.for)));
  const myCourses = (
    <>
      <Title order={2} size="h3" mt={reach.admin ? 'md' : 0}>
        Mis cursos
      </Title>
      <MyCourses courses={(waiting.data ?? courses).filter((course) => !course.archivedAt)} />
    </>
  );

  return (
    <Stack>
      <Title order={1} size="h2">
        Inicio
      </Title>
      {overview.isPending ? (
        <Skeleton h={240} role="status" aria-busy="true" aria-label="Cargando" />
      ) : overview.isError ? (
        <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          {/* A course's team member comes for what waits in their courses: first. An administrator, for the site's tools. */}
          {!reach.admin && myCourses}
          {!reach.admin && (
            <Title order={2} size="h3" mt="md">
              Herramientas
            </Title>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {shown.map((tile) => (
              <TileLink key={tile.to} to={tile.to} icon={tile.icon} label={tile.label} description={tile.description}>
                {tile.waiting}
              </TileLink>
            ))}
          </SimpleGrid>
          {reach.admin && myCourses}
        </>
      )}
    </Stack>
  );
}
