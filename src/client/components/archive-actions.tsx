import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconTrash } from '@tabler/icons-react';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { notify } from './notify.ts';

type Action = 'archive' | 'restore' | 'delete';

/** The part of a TanStack mutation these buttons use. */
interface Mutation<Variables> {
  mutate: (variables: Variables, options: { onSuccess: () => void }) => void;
  isPending: boolean;
  error: { message: string } | null;
  reset: () => void;
}

interface ArchiveActionsProps<ArchiveVariables, DeleteVariables> {
  /** 'curso' or 'módulo': titles, notices and accessible names say it. */
  noun: 'curso' | 'módulo';
  name: string;
  archived: boolean;
  /** What each confirmation says happens. */
  texts: Record<Action, string>;
  archive: Mutation<ArchiveVariables>;
  archiveVariables: (archived: boolean) => ArchiveVariables;
  remove: Mutation<DeleteVariables>;
  deleteVariables: DeleteVariables;
  /** Students worked in it: only archiving is offered (deleting would be refused, and lose their work). */
  hasWork: boolean;
  /** Whether the reader may delete it at all (a course: the site's administrators only). */
  canDelete?: boolean;
  /** After a delete (e.g. leave the page of what no longer exists). */
  onDeleted?: () => void;
  size?: 'xs' | 'sm';
}

const verbs: Record<Action, string> = { archive: 'Archivar', restore: 'Restaurar', delete: 'Eliminar' };
const noticeVerbs: Record<Action, string> = { archive: 'archivado', restore: 'restaurado', delete: 'eliminado' };

/** 'Archivar' / 'Restaurar' and 'Eliminar' for one course or module, each with a confirmation that says what happens. */
export function ArchiveActions<ArchiveVariables, DeleteVariables>(props: ArchiveActionsProps<ArchiveVariables, DeleteVariables>) {
  const { noun, name, archived, texts, archive, remove, hasWork, size = 'sm' } = props;
  // The dialog keeps its last action while it closes, so its words do not vanish mid-animation.
  const [opened, setOpened] = useState(false);
  const [action, setAction] = useState<Action>('archive');
  const mutation = action === 'delete' ? remove : archive;
  const open = (next: Action) => {
    setAction(next);
    setOpened(true);
  };
  const iconSize = size === 'xs' ? 14 : 16;
  const capitalNoun = noun === 'curso' ? 'Curso' : 'Módulo';

  const close = () => {
    setOpened(false);
    archive.reset();
    remove.reset();
  };
  const confirm = () => {
    const onSuccess = () => {
      close();
      notify(`${capitalNoun} ${noticeVerbs[action]}`, name);
      if (action === 'delete') props.onDeleted?.();
    };
    if (action === 'delete') remove.mutate(props.deleteVariables, { onSuccess });
    else archive.mutate(props.archiveVariables(action === 'archive'), { onSuccess });
  };

  return (
    <>
      <Button
        variant="default"
        size={size}
        leftSection={archived ? <IconArchiveOff size={iconSize} aria-hidden /> : <IconArchive size={iconSize} aria-hidden />}
        onClick={() => open(archived ? 'restore' : 'archive')}
        aria-label={`${archived ? 'Restaurar' : 'Archivar'} ${noun} ${name}`}
      >
        {archived ? 'Restaurar' : 'Archivar'}
      </Button>
      {!hasWork && props.canDelete !== false && (
        <Button
          variant="default"
          size={size}
          leftSection={<IconTrash size={iconSize} color="var(--mantine-color-red-8)" aria-hidden />}
          onClick={() => open('delete')}
          aria-label={`Eliminar ${noun} ${name}`}
        >
          Eliminar
        </Button>
      )}
      <ConfirmDialog
        opened={opened}
        title={`¿${verbs[action]} el ${noun} ${name}?`}
        text={texts[action]}
        confirmLabel={verbs[action]}
        danger={action === 'delete' || action === 'archive'}
        pending={mutation.isPending}
        error={mutation.error?.message ?? null}
        onConfirm={confirm}
        onClose={close}
      />
    </>
  );
}
