import { ActionIcon, Badge, Button, Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconLock, IconLockOpen, IconPencil, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'wouter';
import { paths } from '../../../lib/paths.ts';
import { youtubeId, type ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import { VideoProcessingStatus } from '../../../components/video-processing.tsx';
import { useCourseModules } from '../api/get-course-modules.ts';
import { useReorderModules } from '../api/reorder-modules.ts';
import { ModuleArchiveActions } from './module-archive-actions.tsx';
import { formatDuration } from '../video-duration.ts';

interface ModuleListProps {
  courseId: string | null;
  onEdit: (module: ModuleWithQuestions) => void;
  onSetAccess: (module: ModuleWithQuestions, enabled: boolean) => void;
}

const questionCount = (count: number) => (count === 1 ? '1 pregunta' : `${count} preguntas`);

/** The selected course's modules in the order students see them, with the admin's actions. */
export function ModuleList({ courseId, onEdit, onSetAccess }: ModuleListProps) {
  const modules = useCourseModules(courseId);
  const reorder = useReorderModules();

  const move = (from: number, to: number) => {
    const list = modules.data;
    const moved = list?.[from];
    // One move at a time: each request carries the whole order, so they must not overtake each other.
    if (!courseId || !list || !moved || to < 0 || to >= list.length || reorder.isPending) return;
    const ids = list.map((module) => module.id);
    ids.splice(from, 1);
    ids.splice(to, 0, moved.id);
    reorder.mutate({ courseId, moduleIds: ids });
    // The row moves in the DOM: keep the focus on its arrow (the other one at either end).
    const direction = to < from ? 'up' : 'down';
    const atEnd = to === 0 || to === list.length - 1;
    const target = `modulo-${moved.id}-${atEnd ? (direction === 'up' ? 'down' : 'up') : direction}`;
    requestAnimationFrame(() => document.getElementById(target)?.focus());
  };

  let body;
  if (!courseId) body = <Text c="dimmed">Elegí un curso para ver sus módulos.</Text>;
  else if (modules.isPending)
    body = (
      <Stack role="status" aria-busy="true" aria-label="Cargando módulos">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={96} radius="md" />
        ))}
      </Stack>
    );
  else if (modules.isError) body = <Text c="red.8">No pudimos cargar los módulos. {modules.error.message}</Text>;
  else if (modules.data.length === 0) body = <Text c="dimmed">Este curso todavía no tiene módulos.</Text>;
  else
    body = (
      <Stack component="ol" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {modules.data.map((module, index) => (
          <ModuleRow
            key={module.id}
            module={module}
            number={index + 1}
            isFirst={index === 0}
            isLast={index === modules.data.length - 1}
            onMove={(to) => move(index, to)}
            onEdit={() => onEdit(module)}
            onSetAccess={(enabled) => onSetAccess(module, enabled)}
          />
        ))}
      </Stack>
    );

  return (
    <Stack component="section" aria-labelledby="modulos-del-curso" gap="md">
      <Title order={2} size="h3" id="modulos-del-curso">
        Módulos del curso
      </Title>
      {body}
    </Stack>
  );
}

interface ModuleRowProps {
  module: ModuleWithQuestions;
  number: number;
  isFirst: boolean;
  isLast: boolean;
  onMove: (to: number) => void;
  onEdit: () => void;
  onSetAccess: (enabled: boolean) => void;
}

function ModuleRow({ module, number, isFirst, isLast, onMove, onEdit, onSetAccess }: ModuleRowProps) {
  const index = number - 1;
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={4}>
          <ActionIcon
            id={`modulo-${module.id}-up`}
            variant="light"
            aria-label={`Subir módulo ${module.name}`}
            disabled={isFirst}
            onClick={() => onMove(index - 1)}
          >
            <IconArrowUp size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            id={`modulo-${module.id}-down`}
            variant="light"
            aria-label={`Bajar módulo ${module.name}`}
            disabled={isLast}
            onClick={() => onMove(index + 1)}
          >
            <IconArrowDown size={18} aria-hidden />
          </ActionIcon>
        </Stack>
        <Image src={module.imageUrl} alt="" w={96} h={54} radius="sm" fit="cover" visibleFrom="xs" />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
            {number}. {module.name}
          </Text>
          {module.archivedAt && (
            <Badge color="gray" variant="light" style={{ alignSelf: 'flex-start' }}>
              Archivado: los alumnos no lo ven
            </Badge>
          )}
          <Text size="sm" c="dimmed">
            {questionCount(module.questions.length)} · {youtubeId(module.videoUrl) ? 'Video de YouTube' : 'Archivo de video'}
            {module.videoDuration !== null && ` · ${formatDuration(module.videoDuration)}`}
          </Text>
          {module.videoDuration === null && !module.videoFile && (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconAlertTriangle size={16} color="var(--mantine-color-orange-8)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text size="sm">
                Falta la duración del video: sin ella no se sabe cuánto vio cada alumno. Abrí “Editar” para completarla.
              </Text>
            </Group>
          )}
          <VideoProcessingStatus
            processing={module.videoProcessing}
            retry={module.videoFile ? { videoId: module.videoFile.id, of: `del módulo ${module.name}` } : undefined}
          />
          <Group gap="xs" mt={6}>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={onEdit}
              aria-label={`Editar módulo ${module.name}`}
            >
              Editar
            </Button>
            <Button
              size="xs"
              variant="light"
              color="grape"
              component={Link}
              href={paths.adminModuleJugadas(module.id)}
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
              aria-label={`Jugadas del módulo ${module.name}`}
            >
              Jugadas
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconLockOpen size={14} color="var(--mantine-color-teal-8)" aria-hidden />}
              onClick={() => onSetAccess(true)}
            >
              Habilitar para todos
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconLock size={14} color="var(--mantine-color-red-8)" aria-hidden />}
              onClick={() => onSetAccess(false)}
            >
              Bloquear para todos
            </Button>
            <ModuleArchiveActions module={module} />
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
