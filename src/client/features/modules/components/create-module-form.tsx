import { useState } from 'react';
import { Button, Fieldset, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '../../../../shared/messages.ts';
import { usePickedImage } from '../../../components/image-field.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useLeaveGuard } from '../../../lib/leave-guard.ts';
import { useCreateModule } from '../api/create-module.ts';
import {
  toFormErrors,
  validateModuleFields,
  videoFileMissing,
  moduleBody,
  moduleFormValues,
  captionsChange,
  type ModuleFields as ModuleFieldValues,
} from '../module-form-schema.ts';
import { ModuleFields } from './module-fields.tsx';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';

type Popup = { message: string; color: 'green' | 'red' };

interface CreateModuleFormProps {
  courseId: string | null;
  /** Points the admin at the course selector. */
  onMissingCourse: () => void;
}

export function CreateModuleForm({ courseId, onMissingCourse }: CreateModuleFormProps) {
  const createModule = useCreateModule();
  const image = usePickedImage();
  const [progress, setProgress] = useState<number | null>(null);
  const [popup, setPopup] = useState<Popup | null>(null);
  const [videoUploading, setVideoUploading] = useState(false);
  const form = useForm<ModuleFieldValues>({
    mode: 'controlled',
    initialValues: moduleFormValues(),
    validate: validateModuleFields,
    validateInputOnBlur: ['name', 'videoUrl'],
  });

  useLeaveGuard(() => form.isDirty() || image.file !== null || image.optimizing);

  const showError = (message: string) => setPopup({ message, color: 'red' });

  /** The checks the spec answers with a popup, in the order a person would fix them. */
  const missingPiece = (hasPicture: boolean) => {
    if (!courseId) {
      onMissingCourse();
      return messages.selectCourse;
    }
    if (!hasPicture) return messages.incomplete;
    return null;
  };

  const errorFocus = useErrorFocus();

  const submit = form.onSubmit(
    async (values) => {
      // A picture still being optimized is waited for (the button shows it), not called missing.
      const picture = await image.ready();
      const missing = missingPiece(picture !== null);
      if (missing) return showError(missing);
      if (values.draft.trim()) {
        form.setFieldError('draft', 'Agregá esta pregunta a la lista o borrala antes de crear el módulo.');
        return;
      }
      if (videoUploading) {
        form.setFieldError('videoFile', videoFileMissing);
        return;
      }
      createModule.mutate(
        {
          courseId: courseId!,
          body: moduleBody(values),
          captions: captionsChange(values),
          image: picture!,
          onImageProgress: setProgress,
        },
        {
          onSuccess: () => {
            form.reset();
            image.clear();
            setPopup({ message: messages.moduleCreated, color: 'green' });
          },
          onError: (error) => {
            if (error instanceof ApiError && error.fields?.['courseId']) return showError(messages.selectCourse);
            if (error instanceof ApiError && error.fields?.['imageId']) return showError(messages.incomplete);
            if (error instanceof ApiError && error.fields) {
              form.setErrors(toFormErrors(error.fields));
              errorFocus.focus();
            } else showError(error.message);
          },
          onSettled: () => setProgress(null),
        },
      );
    },
    () => {
      const missing = missingPiece(image.file !== null || image.optimizing);
      if (missing) showError(missing);
    },
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate aria-labelledby="nuevo-modulo">
        <Title order={2} size="h3" mb="md" id="nuevo-modulo">
          Nuevo módulo
        </Title>
        <Fieldset variant="unstyled" m={0} disabled={createModule.isPending}>
          <Stack>
            <ModuleFields
              form={form}
              image={image}
              onCompressionError={() => showError(messages.incomplete)}
              imageProgress={progress}
              onVideoUploading={setVideoUploading}
            />
            <Button type="submit" loading={createModule.isPending || image.waiting} style={{ alignSelf: 'flex-start' }}>
              Crear módulo
            </Button>
          </Stack>
        </Fieldset>
      </form>
      <MessageDialog
        opened={popup !== null}
        message={popup?.message ?? ''}
        buttonLabel="Ok"
        color={popup?.color}
        onClose={() => setPopup(null)}
      />
    </Paper>
  );
}
