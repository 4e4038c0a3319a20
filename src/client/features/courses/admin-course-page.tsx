import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { Anchor, Badge, Button, Group, Image, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconVideo,
  IconArrowLeft,
  IconCalendarEvent,
  IconCash,
  IconCertificate,
  IconChartDots,
  IconChecklist,
  IconClipboardCheck,
  IconDatabase,
  IconFiles,
  IconLayoutList,
  IconMessages,
  IconMovie,
  IconPencil,
  IconUserPlus,
  IconUsersGroup,
  IconHistory,
  type Icon,
} from '@tabler/icons-react';
import { staffRoleLabels, type CourseAction } from '../../../shared/course-roles.ts';
import { awaitingCorrectionText, listInWords, newMessagesText, renewalMessages } from '../../../shared/messages.ts';
import { may, readerOf } from '../../lib/course-roles.ts';
import type { CourseOverview } from '../../../shared/schemas/content.ts';
import { ApiError } from '../../lib/api.ts';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { TileLink } from '../../components/tile-link.tsx';
import { paths } from '../../lib/paths.ts';
import { useCourseOverview } from '../../lib/use-course-overview.ts';
import { CourseArchiveActions } from './components/course-archive-actions.tsx';
import { EditCourseModal } from './components/edit-course-modal.tsx';
import { FitnessTestSettings } from './components/fitness-test-settings.tsx';

interface Tool {
  label: string;
  description: string;
  to: string;
  icon: Icon;
  /** Who sees the tile: whoever may do this in the course. */
  for: CourseAction;
  /** What waits there, if anything ('3 por corregir'). */
  waiting?: string | null;
}

/** The tools of the trainees' standing: classes, payments, approval, the team and the record of changes. */
function recordTools(course: CourseOverview): Tool[] {
  return [
    {
      label: 'Clases presenciales',
      description: 'Las clases en el salón: crear, tomar asistencia con el código QR que cambia, y el porcentaje de cada alumno.',
      to: paths.adminLessons(course.id),
      icon: IconCalendarEvent,
      for: 'asistencia.tomar',
    },
    {
      label: 'Pagos',
      description: 'El plan de pagos, lo que pagó cada alumno, las cuotas vencidas y los recordatorios.',
      to: paths.adminPayments(course.id),
      icon: IconCash,
      for: 'pagos.ver',
    },
    {
      label: 'Aprobación y certificados',
      description: 'Los requisitos para quedar apto, quién lo está y por qué, el acta del curso y los certificados.',
      to: paths.adminApproval(course.id),
      icon: IconCertificate,
      for: 'aprobacion.gestionar',
    },
    {
      label: 'Equipo del curso',
      description: 'Quién trabaja en el curso: instructores, ayudantes, observadores y tesorería, cada uno con sus roles.',
      to: paths.adminTeam(course.id),
      icon: IconUsersGroup,
      for: 'equipo.gestionar',
    },
    {
      label: 'Partidos',
      description: 'Los partidos que los alumnos subieron en video, para verlos y comentarlos, y el espacio del curso.',
      to: paths.adminCourseMatches(course.id),
      icon: IconVideo,
      for: 'partidos.ver',
    },
    {
      label: 'Registro de cambios',
      description: 'Cada corrección, pago, habilitación, aprobación y cambio del equipo, con quién y cuándo.',
      to: paths.adminCourseLog(course.id),
      icon: IconHistory,
      for: 'registro.ver',
    },
  ];
}

/** The course's tools the reader may use, each with what waits there. */
function courseTools(course: CourseOverview): Tool[] {
  const reader = readerOf(course);
  const tools: Tool[] = [
    {
      label: 'Módulos',
      description: `${course.modules === 1 ? '1 módulo' : `${course.modules} módulos`}: crear, editar, jugadas, habilitar para todos, archivar.`,
      to: paths.adminCreateModule(course.id),
      icon: IconLayoutList,
      for: 'contenido.editar',
    },
    {
      label: 'Agregar alumnos',
      description: 'Dar de alta alumnos del curso, de a uno o desde un CSV: cada uno recibe su invitación.',
      to: paths.adminCreateUser(course.id),
      icon: IconUserPlus,
      for: 'alumnos.gestionar',
    },
    {
      label: 'Progreso de la clase',
      description: 'El estado de cada alumno en cada módulo, y su CSV.',
      to: paths.adminCourseProgress(course.id),
      icon: IconChartDots,
      for: 'tablero.ver',
    },
    {
      label: 'Por corregir',
      description: 'Las actividades enviadas que esperan tu corrección.',
      to: paths.adminReview(course.id),
      icon: IconChecklist,
      for: 'actividades.corregir',
      waiting: course.awaitingCorrection > 0 ? awaitingCorrectionText(course.awaitingCorrection) : null,
    },
    {
      label: 'Foro',
      description: 'Las preguntas de los alumnos en cada módulo.',
      to: paths.adminForumModules(course.id),
      icon: IconMessages,
      for: 'foro.responder',
      waiting: course.modulesWithNewMessages > 0 ? newMessagesText(course.modulesWithNewMessages) : null,
    },
    {
      label: 'Documentos',
      description: 'El material descargable del curso.',
      to: paths.adminUploadDocuments(course.id),
      icon: IconFiles,
      for: 'contenido.editar',
    },
    {
      label: 'Banco de preguntas',
      description: 'Las preguntas de opción múltiple de los exámenes y la práctica: escribir, importar, archivar.',
      to: paths.adminBank(course.id),
      icon: IconDatabase,
      for: 'contenido.editar',
    },
    {
      label: 'Jugadas del curso',
      description: 'Los clips de todos los módulos: etiquetas, uso (práctica o examen) y cómo les fue en el primer intento.',
      to: paths.adminCourseJugadas(course.id),
      icon: IconMovie,
      for: 'contenido.editar',
    },
    {
      label: 'Exámenes',
      description: 'Los exámenes de reglamento con tiempo: crear, editar, resultados y su CSV.',
      to: paths.adminExams(course.id),
      icon: IconClipboardCheck,
      for: 'contenido.editar',
    },
    ...recordTools(course),
  ];
  return tools.filter((tool) => may(reader, tool.for));
}

/** One course's page: its tools (modules, the class's progress, documents, forum, corrections) and what waits in each. */
export function AdminCoursePage() {
  const { courseId = '' } = useParams<{ courseId: string }>();
  const overview = useCourseOverview();
  const [editing, setEditing] = useState(false);
  const [, navigate] = useLocation();
  const course = overview.data?.find((c) => c.id === courseId);

  if (overview.isPending) return <Skeleton h={320} />;
  if (overview.isError || !course) {
    return (
      <LoadError
        error={overview.error ?? new ApiError(404, 'NOT_FOUND', '')}
        notFoundText="Este curso no existe: puede que lo hayan eliminado."
        backTo={paths.adminCourses()}
        backLabel="Volver a los cursos"
        onRetry={() => void overview.refetch()}
      />
    );
  }

  const tools = courseTools(course);

  return (
    <Stack gap="lg">
      <Anchor component={Link} href={paths.adminCourses()} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Cursos
        </Group>
      </Anchor>
      <Group align="flex-start" gap="md" wrap="wrap">
        <Image src={course.imageUrl} alt="" w={{ base: '100%', xs: 200 }} h={112} radius="md" fit="cover" />
        <Stack gap={6} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <PageTitle>{course.name}</PageTitle>
          <Group gap="xs" mt={-12}>
            {course.archivedAt && (
              <Badge color="gray" variant="light">
                Archivado: los alumnos no lo ven
              </Badge>
            )}
            <Text size="sm" c="gray.7">
              {course.students === 1 ? '1 alumno' : `${course.students} alumnos`} con el curso habilitado
            </Text>
          </Group>
          {course.renewsCourse && (
            <Text size="sm">
              <Anchor component={Link} href={paths.adminCourse(course.renewsCourse.id)}>
                {renewalMessages.renews(course.renewsCourse.name)}
              </Anchor>
            </Text>
          )}
          {may(readerOf(course), 'contenido.editar') && (
            <Group gap="xs">
              <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
                Editar
              </Button>
              <CourseArchiveActions
                course={course}
                canDelete={readerOf(course) === 'admin'}
                onDeleted={() => navigate(paths.adminCourses(), { replace: true })}
              />
            </Group>
          )}
          {course.roles && (
            <Text size="sm" c="gray.7">
              Tu rol en este curso: {listInWords(course.roles.map((role) => staffRoleLabels[role]))}
            </Text>
          )}
        </Stack>
      </Group>
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 3 }}
        spacing="md"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label="Herramientas del curso"
      >
        {tools.map((tool) => (
          <li key={tool.label}>
            <TileLink to={tool.to} icon={tool.icon} label={tool.label} description={tool.description}>
              {tool.waiting && (
                <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
                  {tool.waiting}
                </Badge>
              )}
            </TileLink>
          </li>
        ))}
      </SimpleGrid>
      {may(readerOf(course), 'contenido.editar') && <FitnessTestSettings courseId={course.id} />}
      <EditCourseModal course={editing ? course : null} opened={editing} onClose={() => setEditing(false)} onExited={() => undefined} />
    </Stack>
  );
}
