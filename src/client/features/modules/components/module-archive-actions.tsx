import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconTrash } from '@tabler/icons-react';
import type { ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/notify.ts';
import { useArchiveModule, useDeleteModule } from '../api/archive-module.ts';

type Action = 'archive' | 'restore' | 'delete';

const dialogs: Record<Action, { title: (name: string) => string; text: string; confirm: string }> = {
  archive: {
    title: (name) => `¿Archivar el módulo ${name}?`,
    text: 'Los alumnos dejan de verlo, con su video, sus preguntas y su foro. Todas sus respuestas, correcciones y mensajes se conservan, y vuelven a verlos si lo restaurás.',
    confirm: 'Archivar',
  },
  restore: {
    title: (name) => `¿Restaurar el módulo ${name}?`,
    text: 'Los alumnos que lo tenían habilitado vuelven a verlo, con todo lo que habían hecho.',
    confirm: 'Restaurar',
  },
  delete: {
    title: (name) => `¿Eliminar el módulo ${name}?`,
    text: 'Se borran para siempre el módulo y sus preguntas. Sólo se puede mientras ningún alumno haya trabajado en él; si ya lo hicieron, archivalo.',
    confirm: 'Eliminar',
  },
};

/** 'Archivar' / 'Restaurar' and 'Eliminar' for one module, each with a confirmation that says what happens. */
export function ModuleArchiveActions({ module }: { module: ModuleWithQuestions }) {
  const archive = useArchiveModule(module.courseId);
  const remove = useDeleteModule(module.courseId);
  const [action, setAction] = useState<Action | null>(null);
  const archived = Boolean(module.archivedAt);
  const mutation = action === 'delete' ? remove : archive;

  const close = () => {
    setAction(null);
    archive.reset();
    remove.reset();
  };
  const confirm = () => {
    if (action === 'delete') {
      remove.mutate(module.id, {
        onSuccess: () => {
          close();
          notify('Módulo eliminado', module.name);
        },
      });
    } else if (action) {
      archive.mutate(
        { moduleId: module.id, archived: action === 'archive' },
        {
          onSuccess: () => {
            close();
            notify(action === 'archive' ? 'Módulo archivado' : 'Módulo restaurado', module.name);
          },
        },
      );
    }
  };

  const dialog = action ? dialogs[action] : null;
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={archived ? <IconArchiveOff size={14} aria-hidden /> : <IconArchive size={14} aria-hidden />}
        onClick={() => setAction(archived ? 'restore' : 'archive')}
        aria-label={`${archived ? 'Restaurar' : 'Archivar'} módulo ${module.name}`}
      >
        {archived ? 'Restaurar' : 'Archivar'}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconTrash size={14} color="var(--mantine-color-red-8)" aria-hidden />}
        onClick={() => setAction('delete')}
        aria-label={`Eliminar módulo ${module.name}`}
      >
        Eliminar
      </Button>
      <ConfirmDialog
        opened={dialog !== null}
        title={dialog?.title(module.name) ?? ''}
        text={dialog?.text ?? ''}
        confirmLabel={dialog?.confirm ?? ''}
        danger={action === 'delete' || action === 'archive'}
        pending={mutation.isPending}
        error={mutation.error?.message ?? null}
        onConfirm={confirm}
        onClose={close}
      />
    </>
  );
}
