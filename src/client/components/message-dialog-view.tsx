import { Button, Group, Modal, Text } from '@mantine/core';

export interface MessageDialogProps {
  opened: boolean;
  message: string;
  buttonLabel: string;
  onClose: () => void;
  color?: 'red' | 'green' | 'blue';
}

/** The spec's popups: one message and one button. */
export function MessageDialogView({ opened, message, buttonLabel, onClose, color = 'blue' }: MessageDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} withCloseButton={false} centered size="sm" aria-label={message}>
      <Text fw={600} ta="center" size="lg" role="alert">
        {message}
      </Text>
      <Group justify="center" mt="lg">
        <Button color={color} onClick={onClose} data-autofocus>
          {buttonLabel}
        </Button>
      </Group>
    </Modal>
  );
}
