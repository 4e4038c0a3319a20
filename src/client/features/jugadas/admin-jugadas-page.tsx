import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import { ActionIcon, Anchor, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconArrowDown,
  IconArrowLeft,
  IconArrowUp,
  IconList,
  IconMovie,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import type { Jugada, JugadaOptions } from '../../../shared/schemas/jugadas.ts';
import { paths } from '../../lib/paths.ts';
import { useModule } from '../../lib/use-module.ts';
import { VideoProcessingStatus } from '../../components/video-processing.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { notify } from '../../components/notify.ts';
import { LoadError } from '../../components/load-error.tsx';
import { useArchiveJugada, useDeleteJugada, useReorderJugadas } from './api/save-jugada.ts';
import { useCourseJugadas } from './api/use-course-jugadas.ts';
import { useJugadaOptions } from './api/use-jugada-options.ts';
import { useJugadaResults } from './api/use-jugada-results.ts';
import { useModuleJugadas } from './api/use-module-jugadas.ts';
import { JugadaForm } from './components/jugada-form.tsx';
import { TagBadges, UseBadge } from './components/jugada-labels.tsx';
import { JugadaResultsView } from './components/jugada-results.tsx';
import { OptionsEditor } from './components/options-editor.tsx';
import { formatSeconds } from '../../lib/seconds.ts';

/**
 * The jugada the address asks to edit (`?editar=<id>`, from 'Jugadas del curso'): its editor
 * opens once the list has loaded, and the address forgets it so closing the editor stays closed.
 */
function useEditFromAddress(jugadas: Jugada[] | undefined, edit: (jugada: Jugada) => void) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('editar');
  useEffect(() => {
    if (!wanted || !jugadas) return;
    const found = jugadas.find((j) => j.id === wanted);
    if (found) edit(found);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('editar');
        return next;
      },
      { replace: true },
    );
  }, [wanted, jugadas, edit, setParams]);
}

/**
 * The admin's jugadas of a module: add, edit and reorder them, delete those no student answered
 * and archive (or restore) the others, edit the option lists, see the results.
 */
export function AdminJugadasPage() {
  const { moduleId = '' } = useParams<{ moduleId: string }>();
  const module = useModule(moduleId);
  const courseId = module.data?.courseId;
  const jugadas = useModuleJugadas(moduleId);
  const options = useJugadaOptions(courseId);
  const results = useJugadaResults(moduleId);
  // The course's tags, suggested in the form.
  const courseJugadas = useCourseJugadas(courseId);
  const [editing, setEditing] = useState<Jugada | 'new' | null>(null);
  const [editingOptions, setEditingOptions] = useState(false);
  useEditFromAddress(jugadas.data, setEditing);

  const error = module.error ?? jugadas.error;
  if (error)
    return (
      <LoadError
        error={error}
        backTo={paths.adminCreateModule()}
        backLabel="Volver a Crear Módulo"
        onRetry={() => void jugadas.refetch()}
      />
    );

  return (
    <Stack gap="md" maw={1000}>
      <Anchor component={Link} href={paths.adminCreateModule()} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Crear Módulo
        </Group>
      </Anchor>
      <div>
        <Title order={1} size="h2">
          Jugadas
        </Title>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {module.data?.name ?? '…'}
        </Text>
      </div>
      <PageActions
        courseId={courseId}
        ready={Boolean(options.data)}
        onAdd={() => setEditing('new')}
        onEditOptions={() => setEditingOptions(true)}
      />

      {!jugadas.data || !options.data ? (
        <Skeleton h={120} radius="md" />
      ) : jugadas.data.length === 0 ? (
        <EmptyState title="Este módulo todavía no tiene jugadas" text="Agregá una jugada con un video y la decisión correcta." />
      ) : (
        <JugadaList moduleId={moduleId} jugadas={jugadas.data} options={options.data} onEdit={setEditing} />
      )}

      <Title order={2} size="h3" mt="md">
        Resultados
      </Title>
      {results.data ? (
        results.data.jugadas.length ? (
          <JugadaResultsView results={results.data} />
        ) : (
          <Text c="dimmed">Cuando haya jugadas y los alumnos respondan, vas a ver acá los resultados.</Text>
        )
      ) : (
        <Skeleton h={80} />
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Agregar jugada' : 'Editar jugada'}
        size="lg"
      >
        {editing !== null && options.data && (
          <JugadaForm
            moduleId={moduleId}
            options={options.data}
            jugada={editing === 'new' ? null : editing}
            tagSuggestions={courseJugadas.data?.tags.map((t) => t.tag) ?? []}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal opened={editingOptions} onClose={() => setEditingOptions(false)} title="Opciones de decisión y sanción" size="lg">
        {editingOptions && options.data && courseId && (
          <OptionsEditor courseId={courseId} options={options.data} onDone={() => setEditingOptions(false)} />
        )}
      </Modal>
    </Stack>
  );
}

interface PageActionsProps {
  courseId: string | undefined;
  /** The course's option lists have loaded: the form and their editor need them. */
  ready: boolean;
  onAdd: () => void;
  onEditOptions: () => void;
}

/** 'Agregar jugada', the option lists, and the course's jugadas (where tags and uses are compared). */
function PageActions({ courseId, ready, onAdd, onEditOptions }: PageActionsProps) {
  return (
    <Group gap="sm">
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onAdd} disabled={!ready}>
        Agregar jugada
      </Button>
      <Button variant="default" leftSection={<IconList size={18} aria-hidden />} onClick={onEditOptions} disabled={!ready}>
        Opciones de decisión y sanción
      </Button>
      {courseId && (
        <Button
          component={Link}
          href={paths.adminCourseJugadas(courseId)}
          variant="subtle"
          leftSection={<IconMovie size={18} aria-hidden />}
        >
          Jugadas del curso
        </Button>
      )}
    </Group>
  );
}

type Action = 'delete' | 'archive' | 'restore';

/** What each confirmation says happens. */
const actionTexts: Record<Action, { verb: string; done: string; text: string }> = {
  delete: {
    verb: 'Eliminar',
    done: 'Jugada eliminada',
    text: 'La jugada se borra para siempre. Ningún alumno la respondió todavía.',
  },
  archive: {
    verb: 'Archivar',
    done: 'Jugada archivada',
    text: 'Los alumnos dejan de verla y deja de contar en su puntaje. Sus respuestas se conservan y vuelven a contar si la restaurás.',
  },
  restore: {
    verb: 'Restaurar',
    done: 'Jugada restaurada',
    text: 'Los alumnos vuelven a verla, y las respuestas que ya habían dado vuelven a contar en su puntaje.',
  },
};

const answersText = (count: number) => (count === 1 ? '1 alumno la respondió' : `${count} alumnos la respondieron`);

/** The clip's segment as shown in a row ('desde 0:05 hasta 0:20'), or '' when the whole clip plays. */
function segmentText(jugada: Jugada) {
  return [
    jugada.start !== null ? `desde ${formatSeconds(jugada.start)}` : null,
    jugada.end !== null ? `hasta ${formatSeconds(jugada.end)}` : null,
  ]
    .filter(Boolean)
    .join(' ');
}

/** The jugada a delete, archive or restore is asked for, and sending it once the admin confirms. */
function useJugadaAction(moduleId: string) {
  const remove = useDeleteJugada(moduleId);
  const archive = useArchiveJugada(moduleId);
  // The jugada acted on stays while the dialog closes, so its words do not vanish mid-animation.
  const [target, setTarget] = useState<{ jugada: Jugada; number: number; action: Action } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const mutation = target?.action === 'delete' ? remove : archive;
  const open = (jugada: Jugada, number: number, action: Action) => {
    remove.reset();
    archive.reset();
    setTarget({ jugada, number, action });
    setConfirming(true);
  };
  const confirm = () => {
    if (!target) return;
    const onSuccess = () => {
      setConfirming(false);
      notify(actionTexts[target.action].done, `Jugada ${target.number}`);
    };
    if (target.action === 'delete') remove.mutate(target.jugada.id, { onSuccess });
    else archive.mutate({ id: target.jugada.id, archived: target.action === 'archive' }, { onSuccess });
  };
  const close = () => setConfirming(false);
  return { target, confirming, mutation, open, confirm, close };
}

interface JugadaListProps {
  moduleId: string;
  jugadas: Jugada[];
  options: JugadaOptions;
  onEdit: (j: Jugada) => void;
}

/** The module's jugadas in order, with the confirmation asked before deleting, archiving or restoring one. */
function JugadaList({ moduleId, jugadas, options, onEdit }: JugadaListProps) {
  const action = useJugadaAction(moduleId);
  const reorder = useReorderJugadas(moduleId);
  const label = (id: string) => [...options.decisions, ...options.sanctions].find((o) => o.id === id)?.label ?? '—';

  const move = (from: number, to: number) => {
    const moved = jugadas[from];
    if (!moved || to < 0 || to >= jugadas.length || reorder.isPending) return;
    const ids = jugadas.map((j) => j.id);
    ids.splice(from, 1);
    ids.splice(to, 0, moved.id);
    reorder.mutate(ids);
  };

  const { target, mutation } = action;
  return (
    <>
      <ConfirmDialog
        opened={action.confirming}
        title={`¿${actionTexts[target?.action ?? 'delete'].verb} la jugada ${target?.number ?? ''}?`}
        text={actionTexts[target?.action ?? 'delete'].text}
        confirmLabel={actionTexts[target?.action ?? 'delete'].verb}
        danger={target?.action !== 'restore'}
        pending={mutation.isPending}
        error={mutation.error?.message}
        onConfirm={action.confirm}
        onClose={action.close}
      />
      <Stack component="ol" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Jugadas del módulo">
        {jugadas.map((j, index) => (
          <JugadaRow
            key={j.id}
            jugada={j}
            number={index + 1}
            isFirst={index === 0}
            isLast={index === jugadas.length - 1}
            optionLabel={label}
            onMoveUp={() => move(index, index - 1)}
            onMoveDown={() => move(index, index + 1)}
            onEdit={() => onEdit(j)}
            onAction={(chosen) => action.open(j, index + 1, chosen)}
          />
        ))}
      </Stack>
    </>
  );
}

interface JugadaRowProps {
  jugada: Jugada;
  number: number;
  isFirst: boolean;
  isLast: boolean;
  optionLabel: (id: string) => string;
  onMoveUp: () => void;
  onMoveDown: () => void;
  onEdit: () => void;
  onAction: (action: Action) => void;
}

/** One jugada of the list: its order buttons, what the student is asked and the correct call, and its actions. */
function JugadaRow({ jugada, number, isFirst, isLast, optionLabel, onMoveUp, onMoveDown, onEdit, onAction }: JugadaRowProps) {
  const segment = segmentText(jugada);
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={4}>
          <ActionIcon variant="light" aria-label={`Subir jugada ${number}`} disabled={isFirst} onClick={onMoveUp}>
            <IconArrowUp size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="light" aria-label={`Bajar jugada ${number}`} disabled={isLast} onClick={onMoveDown}>
            <IconArrowDown size={18} aria-hidden />
          </ActionIcon>
        </Stack>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            Jugada {number}: {jugada.prompt}
          </Text>
          {jugada.archivedAt && (
            // The label wraps instead of being cut on a 360 px phone.
            <Badge
              color="gray"
              variant="light"
              h="auto"
              py={2}
              style={{ alignSelf: 'flex-start' }}
              styles={{ label: { whiteSpace: 'normal' } }}
            >
              Archivada: los alumnos no la ven
            </Badge>
          )}
          <UseBadge use={jugada.use} />
          <Text size="sm">
            {optionLabel(jugada.correctDecisionId)} · {optionLabel(jugada.correctSanctionId)}
            {jugada.moment !== null && ` · momento ${formatSeconds(jugada.moment)} (± ${formatSeconds(jugada.tolerance)})`}
          </Text>
          <Text size="sm" c="dimmed">
            {jugada.video.kind === 'file' ? 'Archivo de video' : 'Video de YouTube'}
            {segment && ` · ${segment}`}
            {jugada.answerCount > 0 && ` · ${answersText(jugada.answerCount)}`}
          </Text>
          {jugada.video.kind === 'file' && (
            <VideoProcessingStatus
              processing={jugada.video.processing}
              retry={{ videoId: jugada.video.videoId, of: `de la jugada ${number}` }}
            />
          )}
          <TagBadges tags={jugada.tags} />
          <JugadaRowButtons
            number={number}
            archived={!!jugada.archivedAt}
            answered={jugada.answerCount > 0}
            onEdit={onEdit}
            onAction={onAction}
          />
        </Stack>
      </Group>
    </Paper>
  );
}

interface JugadaRowButtonsProps {
  number: number;
  archived: boolean;
  answered: boolean;
  onEdit: () => void;
  onAction: (action: Action) => void;
}

/** A row's 'Editar' button and the one action that fits the jugada: restore, archive or delete. */
function JugadaRowButtons({ number, archived, answered, onEdit, onAction }: JugadaRowButtonsProps) {
  return (
    <Group gap="xs" mt={6}>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={onEdit}
        aria-label={`Editar jugada ${number}`}
      >
        Editar
      </Button>
      {archived ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArchiveOff size={14} aria-hidden />}
          onClick={() => onAction('restore')}
          aria-label={`Restaurar jugada ${number}`}
        >
          Restaurar
        </Button>
      ) : answered ? (
        // Students answered it: deleting would take their answers, so it can only be archived.
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArchive size={14} aria-hidden />}
          onClick={() => onAction('archive')}
          aria-label={`Archivar jugada ${number}`}
        >
          Archivar
        </Button>
      ) : (
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={() => onAction('delete')}
          aria-label={`Eliminar jugada ${number}`}
        >
          Eliminar
        </Button>
      )}
    </Group>
  );
}
