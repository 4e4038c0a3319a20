import { useState } from 'react';
import { Alert, Button, Fieldset, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { messages } from '../../../../shared/messages.ts';
import type { ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import { notify } from '../../../components/notify.ts';
import { usePickedImage } from '../../../components/image-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useCourseModules } from '../api/get-course-modules.ts';
import { useUpdateModule } from '../api/update-module.ts';
import {
  captionsChange,
  moduleChanges,
  moduleFormValues,
  toFormErrors,
  validateModuleFields,
  videoFileMissing,
  type ModuleFields as ModuleFieldValues,
} from '../module-form-schema.ts';
import { ModuleFields } from './module-fields.tsx';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';

interface EditModuleModalProps {
  module: ModuleWithQuestions | null;
  opened: boolean;
  onClose: () => void;
  onExited: () => void;
}

/** Name, picture, video and questions of an existing module. */
export function EditModuleModal({ module, opened, onClose, onExited }: EditModuleModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExited}
      title="Editar módulo"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      fullScreen={phone}
    >
      {module && <EditModuleForm key={module.id} module={module} onDone={onClose} />}
    </Modal>
  );
}

function EditModuleForm({ module, onDone }: { module: ModuleWithQuestions; onDone: () => void }) {
  const updateModule = useUpdateModule();
  // The course's list, read again while its video is processed: the progress shown here moves with it.
  const live = useCourseModules(module.courseId).data?.find((found) => found.id === module.id) ?? module;
  const image = usePickedImage();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [videoUploading, setVideoUploading] = useState(false);
  const form = useForm<ModuleFieldValues>({
    mode: 'controlled',
    initialValues: moduleFormValues(module),
    validate: validateModuleFields,
    validateInputOnBlur: ['name', 'videoUrl'],
  });

  const errorFocus = useErrorFocus();

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    if (values.draft.trim()) {
      form.setFieldError('draft', 'Agregá esta pregunta a la lista o borrala antes de guardar.');
      return;
    }
    if (videoUploading) {
      form.setFieldError('videoFile', videoFileMissing);
      return;
    }
    // A new picture still being optimized is waited for; otherwise saving would keep the old one.
    const picture = await image.ready();
    updateModule.mutate(
      {
        moduleId: module.id,
        courseId: module.courseId,
        body: moduleChanges(values, module),
        captions: captionsChange(values),
        image: picture,
        onImageProgress: setProgress,
      },
      {
        onSuccess: ({ module: saved }) => {
          notify('Módulo actualizado', `Se guardaron los cambios de «${saved.name}».`);
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) {
            form.setErrors(toFormErrors(error.fields));
            errorFocus.focus();
          } else setFailure(error.message);
        },
        onSettled: () => setProgress(null),
      },
    );
  });

  return (
    <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate>
      <Fieldset variant="unstyled" m={0} disabled={updateModule.isPending}>
        <Stack>
          <ModuleFields
            form={form}
            image={image}
            onCompressionError={() => setFailure(messages.incomplete)}
            imageProgress={progress}
            currentImageUrl={module.imageUrl}
            onVideoUploading={setVideoUploading}
            savedVideo={live}
          />
          <Text size="xs" c="dimmed">
            Los cambios en las preguntas valen para los alumnos a los que se les habilite el módulo desde ahora: quienes ya lo tienen
            habilitado conservan sus preguntas y respuestas.
          </Text>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancelar
            </Button>
            <Button type="submit" loading={updateModule.isPending || image.waiting}>
              Guardar cambios
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
