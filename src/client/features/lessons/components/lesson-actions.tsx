import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconCalendarDown, IconCalendarOff, IconCalendarCheck } from '@tabler/icons-react';
import { lessonMessages } from '../../../../shared/messages.ts';
import type { Lesson } from '../../../../shared/schemas/lessons.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/notify.ts';
import { useCancelLesson } from '../api/cancel-lesson.ts';

/** Under a class: its .ics for one's own calendar, and 'Cancelar clase' for whoever edits the course. */
export function LessonActions({ lesson, canEdit }: { lesson: Lesson; canEdit: boolean }) {
  const cancel = useCancelLesson(lesson.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <Group gap="sm">
      <Button
        component="a"
        href={`/api/lessons/${encodeURIComponent(lesson.id)}/event.ics`}
        download="clase.ics"
        variant="default"
        size="sm"
        leftSection={<IconCalendarDown size={16} aria-hidden />}
      >
        Agregar a mi calendario
      </Button>
      {canEdit &&
        (lesson.cancelled ? (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconCalendarCheck size={16} aria-hidden />}
            loading={cancel.isPending}
            onClick={() => cancel.mutate(false, { onSuccess: () => notify('Listo', lessonMessages.lessonRestored) })}
          >
            Volver a dar la clase
          </Button>
        ) : (
          <Button
            variant="default"
            color="red"
            size="sm"
            leftSection={<IconCalendarOff size={16} aria-hidden />}
            onClick={() => setConfirming(true)}
          >
            Cancelar clase
          </Button>
        ))}
      <ConfirmDialog
        opened={confirming}
        title="¿Cancelar la clase?"
        text="La clase queda en la lista como cancelada, con su asistencia. Si es de las próximas dos semanas, tus alumnos reciben el aviso en el teléfono; en su calendario aparece cancelada. Podés volver a darla después."
        confirmLabel="Cancelar clase"
        danger
        pending={cancel.isPending}
        error={cancel.error ? 'No se pudo cancelar la clase. Probá de nuevo.' : null}
        onConfirm={() =>
          cancel.mutate(true, {
            onSuccess: () => {
              setConfirming(false);
              notify('Listo', lessonMessages.lessonCancelled);
            },
          })
        }
        onClose={() => setConfirming(false)}
      />
    </Group>
  );
}
