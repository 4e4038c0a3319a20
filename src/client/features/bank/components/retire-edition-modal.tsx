import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { BankList } from '../../../../shared/schemas/exams.ts';
import { notify } from '../../../components/notify.ts';
import { useRetireEdition } from '../api/question-actions.ts';

interface RetireEditionModalProps {
  courseId: string;
  opened: boolean;
  /** The editions of the course's active questions, with how many each has. */
  editions: BankList['editions'];
  onClose: () => void;
}

/** 'Retirar edición': pick an edition of the rules and archive all its active questions at once. */
export function RetireEditionModal({ courseId, opened, editions, onClose }: RetireEditionModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Retirar edición" centered closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {opened && <RetireEditionForm courseId={courseId} editions={editions} onDone={onClose} />}
    </Modal>
  );
}

function RetireEditionForm({ courseId, editions, onDone }: { courseId: string; editions: BankList['editions']; onDone: () => void }) {
  const retire = useRetireEdition(courseId);
  // The oldest edition first: the one usually retired when a new one comes out.
  const [edition, setEdition] = useState<string | null>(editions[0] ? String(editions[0].edition) : null);
  const chosen = editions.find((e) => String(e.edition) === edition);

  const confirm = () => {
    if (!chosen) return;
    retire.mutate(chosen.edition, {
      onSuccess: ({ message }) => {
        notify('Edición retirada', message);
        onDone();
      },
    });
  };

  return (
    <Stack>
      <Text size="sm">
        Cuando cambia el reglamento, retirá la edición anterior: sus preguntas se archivan y dejan de salir en los exámenes nuevos y en la
        práctica. Los intentos que ya las usaron las conservan.
      </Text>
      <Select
        label="Edición del reglamento"
        data={editions.map((e) => ({
          value: String(e.edition),
          label: `${e.edition} (${e.count} ${e.count === 1 ? 'pregunta' : 'preguntas'})`,
        }))}
        value={edition}
        onChange={(value) => {
          setEdition(value);
          retire.reset();
        }}
        allowDeselect={false}
        required
      />
      {chosen && (
        <Text size="sm" fw={500}>
          Se van a archivar {chosen.count} {chosen.count === 1 ? 'pregunta' : 'preguntas'} de la edición {chosen.edition}.
        </Text>
      )}
      {retire.error && (
        <Alert color="red" role="alert">
          {retire.error.message}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          Cancelar
        </Button>
        <Button color="red" onClick={confirm} loading={retire.isPending} disabled={!chosen}>
          Retirar edición
        </Button>
      </Group>
    </Stack>
  );
}
