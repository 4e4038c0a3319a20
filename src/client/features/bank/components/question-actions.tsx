import { useState } from 'react';
import { examMessages } from '../../../../shared/messages.ts';
import type { BankQuestion } from '../../../../shared/schemas/exams.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/notify.ts';
import { ApiError } from '../../../lib/api.ts';
import { useArchiveQuestion, useDeleteQuestion } from '../api/question-actions.ts';

type Action = 'delete' | 'archive' | 'restore';

/** What each confirmation says happens. */
const texts: Record<Action, { title: string; verb: string; text: string }> = {
  delete: {
    title: '¿Borrar la pregunta?',
    verb: 'Borrar',
    text: 'La pregunta se borra del banco para siempre. Si ya la usó un examen, no se puede borrar: en ese caso, archivala.',
  },
  archive: {
    title: '¿Archivar la pregunta?',
    verb: 'Archivar',
    text: 'Deja de salir en los exámenes nuevos y en la práctica. Los intentos que ya la usaron la conservan, y podés restaurarla cuando quieras.',
  },
  restore: {
    title: '¿Restaurar la pregunta?',
    verb: 'Restaurar',
    text: 'Vuelve a estar disponible para los exámenes nuevos y la práctica.',
  },
};

interface Target {
  question: BankQuestion;
  number: number;
  action: Action;
  /** The server refused to delete it (an exam used it): the dialog offers to archive it instead. */
  refused: string | null;
}

/** The question a delete, archive or restore is asked for, its confirmation, and sending it. */
export function useQuestionActions(courseId: string) {
  const remove = useDeleteQuestion(courseId);
  const archive = useArchiveQuestion(courseId);
  // The question acted on stays while the dialog closes, so its words do not vanish mid-animation.
  const [target, setTarget] = useState<Target | null>(null);
  const [opened, setOpened] = useState(false);

  const ask = (question: BankQuestion, number: number, action: Action) => {
    remove.reset();
    archive.reset();
    setTarget({ question, number, action, refused: null });
    setOpened(true);
  };

  const confirm = () => {
    if (!target) return;
    const { question, number, action } = target;
    if (action === 'delete') {
      remove.mutate(question.id, {
        onSuccess: ({ message }) => {
          setOpened(false);
          notify(message, `Pregunta ${number}`);
        },
        onError: (error) => {
          // Used by an exam: archiving is what can be done (an archived one just shows the refusal).
          if (error instanceof ApiError && error.status === 409 && !question.archivedAt)
            setTarget({ ...target, action: 'archive', refused: error.message });
        },
      });
      return;
    }
    archive.mutate(
      { id: question.id, archived: action === 'archive' },
      {
        onSuccess: () => {
          setOpened(false);
          notify(action === 'archive' ? examMessages.bankQuestionArchived : examMessages.bankQuestionRestored, `Pregunta ${number}`);
        },
      },
    );
  };

  const action = target?.action ?? 'delete';
  const mutation = action === 'delete' ? remove : archive;
  const dialog = (
    <ConfirmDialog
      opened={opened}
      title={texts[action].title}
      text={texts[action].text}
      confirmLabel={texts[action].verb}
      danger={action === 'delete'}
      pending={mutation.isPending}
      error={mutation.error?.message ?? target?.refused ?? null}
      onConfirm={confirm}
      onClose={() => setOpened(false)}
    />
  );
  return { ask, dialog };
}
