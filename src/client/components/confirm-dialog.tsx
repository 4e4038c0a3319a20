import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What will happen, in plain words: the person confirms knowing it. */
  text: string;
  confirmLabel: string;
  danger?: boolean;
  pending?: boolean;
  /** The server's refusal, shown in the dialog (e.g. a course with student work cannot be deleted). */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** A confirmation that says what happens before an action that hides, ends or deletes something. */
export function ConfirmDialog({ opened, title, text, confirmLabel, danger, pending, error, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stack>
        <Text>{text}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
