import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconTrash } from '@tabler/icons-react';
import type { Course } from '../../../../shared/schemas/content.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/notify.ts';
import { useArchiveCourse, useDeleteCourse } from '../api/archive-course.ts';

type Action = 'archive' | 'restore' | 'delete';

const dialogs: Record<Action, { title: (name: string) => string; text: string; confirm: string }> = {
  archive: {
    title: (name) => `¿Archivar el curso ${name}?`,
    text: 'Los alumnos dejan de verlo: el curso, sus módulos, documentos y foros. Todas sus respuestas, correcciones y mensajes se conservan, y vuelven a verlos si lo restaurás.',
    confirm: 'Archivar',
  },
  restore: {
    title: (name) => `¿Restaurar el curso ${name}?`,
    text: 'Los alumnos que lo tenían habilitado vuelven a verlo, con todo lo que habían hecho.',
    confirm: 'Restaurar',
  },
  delete: {
    title: (name) => `¿Eliminar el curso ${name}?`,
    text: 'Se borran para siempre el curso, sus módulos con sus preguntas y sus documentos. Sólo se puede mientras ningún alumno haya trabajado en él; si ya lo hicieron, archivalo.',
    confirm: 'Eliminar',
  },
};

/** 'Archivar' / 'Restaurar' and 'Eliminar' for one course, each with a confirmation that says what happens. */
export function CourseArchiveActions({ course }: { course: Course }) {
  const archive = useArchiveCourse();
  const remove = useDeleteCourse();
  const [action, setAction] = useState<Action | null>(null);
  const archived = Boolean(course.archivedAt);
  const mutation = action === 'delete' ? remove : archive;

  const close = () => {
    setAction(null);
    archive.reset();
    remove.reset();
  };
  const confirm = () => {
    if (action === 'delete') {
      remove.mutate(course.id, {
        onSuccess: () => {
          close();
          notify('Curso eliminado', course.name);
        },
      });
    } else if (action) {
      archive.mutate(
        { courseId: course.id, archived: action === 'archive' },
        {
          onSuccess: () => {
            close();
            notify(action === 'archive' ? 'Curso archivado' : 'Curso restaurado', course.name);
          },
        },
      );
    }
  };

  const dialog = action ? dialogs[action] : null;
  return (
    <>
      <Button
        variant="default"
        leftSection={archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />}
        onClick={() => setAction(archived ? 'restore' : 'archive')}
        aria-label={`${archived ? 'Restaurar' : 'Archivar'} curso ${course.name}`}
      >
        {archived ? 'Restaurar' : 'Archivar'}
      </Button>
      <Button
        variant="default"
        leftSection={<IconTrash size={16} color="var(--mantine-color-red-8)" aria-hidden />}
        onClick={() => setAction('delete')}
        aria-label={`Eliminar curso ${course.name}`}
      >
        Eliminar
      </Button>
      <ConfirmDialog
        opened={dialog !== null}
        title={dialog?.title(course.name) ?? ''}
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
