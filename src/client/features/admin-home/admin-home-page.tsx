import { SimpleGrid, Stack, Title } from '@mantine/core';
import { IconBook2, IconChecklist, IconFileUpload, IconLayoutList, IconMessages, IconSchool, IconUsers } from '@tabler/icons-react';
import { TileLink } from '../../components/tile-link.tsx';
import { WaitingBadges } from '../../components/waiting-badges.tsx';
import { paths } from '../../lib/paths.ts';
import { useCourseOverview } from '../../lib/use-course-overview.ts';

/** The admin's home: a tile per task, each saying what waits there. */
export function AdminHomePage() {
  const overview = useCourseOverview();
  const sum = (count: (c: { awaitingCorrection: number; modulesWithNewMessages: number }) => number) =>
    overview.data?.reduce((total, c) => total + count(c), 0) ?? 0;
  const awaitingCorrection = sum((c) => c.awaitingCorrection);
  const modulesWithNewMessages = sum((c) => c.modulesWithNewMessages);

  const tiles = [
    {
      label: 'Cursos',
      description: 'Cada curso con sus módulos, el progreso de la clase, los documentos y el foro.',
      to: paths.adminCourses(),
      icon: IconSchool,
      waiting: <WaitingBadges awaitingCorrection={awaitingCorrection} modulesWithNewMessages={modulesWithNewMessages} />,
    },
    {
      label: 'Lista de usuarios',
      description: 'Buscá alumnos, habilitá cursos y módulos, corregí respuestas.',
      to: paths.adminUsers(),
      icon: IconUsers,
    },
    {
      label: 'Por corregir',
      description: 'Actividades enviadas que esperan tu corrección.',
      to: paths.adminReview(),
      icon: IconChecklist,
      waiting: <WaitingBadges awaitingCorrection={awaitingCorrection} />,
    },
    {
      label: 'Responder Preguntas',
      description: 'El foro de cada módulo.',
      to: paths.adminForumModules(),
      icon: IconMessages,
      waiting: <WaitingBadges modulesWithNewMessages={modulesWithNewMessages} />,
    },
    { label: 'Crear Curso', description: 'Nombre, imagen y texto de bienvenida.', to: paths.adminCreateCourse(), icon: IconBook2 },
    {
      label: 'Subir Documento',
      description: 'Material descargable de cada curso.',
      to: paths.adminUploadDocuments(),
      icon: IconFileUpload,
    },
    { label: 'Crear Módulo', description: 'Video y preguntas de un módulo.', to: paths.adminCreateModule(), icon: IconLayoutList },
  ];

  return (
    <Stack>
      <Title order={1} size="h2">
        Inicio
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {tiles.map((tile) => (
          <TileLink key={tile.to} to={tile.to} icon={tile.icon} label={tile.label} description={tile.description}>
            {tile.waiting}
          </TileLink>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
