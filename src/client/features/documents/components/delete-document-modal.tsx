import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { CourseDocument } from '../../../../shared/schemas/content.ts';
import { notify } from '../../../components/notify.ts';
import { useDeleteDocument } from '../api/delete-document.ts';

interface DeleteDocumentModalProps {
  document: CourseDocument | null;
  opened: boolean;
  onClose: () => void;
  onExited: () => void;
}

/** Asks before a document is deleted for good. */
export function DeleteDocumentModal({ document, opened, onClose, onExited }: DeleteDocumentModalProps) {
  const deleteDocument = useDeleteDocument();

  const confirm = () => {
    if (!document) return;
    deleteDocument.mutate(
      { documentId: document.id, courseId: document.courseId },
      {
        onSuccess: () => {
          notify('Documento eliminado', `«${document.name}» ya no está en el curso.`);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={() => {
        deleteDocument.reset();
        onExited();
      }}
      title="Eliminar documento"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      centered
    >
      <Stack>
        <Text>
          ¿Eliminar <strong>«{document?.name}»</strong>? Los alumnos del curso dejarán de verlo. No se puede deshacer.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={deleteDocument.isPending} data-autofocus>
            Cancelar
          </Button>
          <Button color="red" onClick={confirm} loading={deleteDocument.isPending}>
            Eliminar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
