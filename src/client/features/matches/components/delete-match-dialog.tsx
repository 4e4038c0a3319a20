import { matchMessages as m } from '../../../../shared/messages.ts';
import type { MatchSummary } from '../../../../shared/schemas/matches.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/notify.ts';
import { useDeleteMatch } from '../api/use-matches.ts';

interface DeleteMatchDialogProps {
  /** The match asked to be deleted, or null while nothing is. */
  match: MatchSummary | null;
  /** The notice's heading once it is deleted (the page's name). */
  heading: string;
  onClose: () => void;
  /** What to do just before it is deleted (the uploader's page stops its upload). */
  beforeDelete?: (match: MatchSummary) => void;
}

/** 'Borrar partido' after a confirmation: its files and comments go with it, jugadas already cut stay. */
export function DeleteMatchDialog({ match, heading, onClose, beforeDelete }: DeleteMatchDialogProps) {
  const remove = useDeleteMatch();
  return (
    <ConfirmDialog
      opened={match !== null}
      title={match ? `¿Borrar «${match.title}»?` : ''}
      text={m.deleteConfirm}
      confirmLabel="Borrar partido"
      danger
      pending={remove.isPending}
      error={remove.error?.message ?? null}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() => {
        const chosen = match!;
        beforeDelete?.(chosen);
        remove.mutate(chosen.id, {
          onSuccess: ({ message }) => {
            notify(heading, message);
            onClose();
          },
        });
      }}
    />
  );
}
