import { useState } from 'react';
import { Alert, Button, Fieldset, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { messages } from '../../../../shared/messages.ts';
import type { Course } from '../../../../shared/schemas/content.ts';
import { ImageField, usePickedImage } from '../../../components/image-field.tsx';
import { notify } from '../../../components/notify.ts';
import { showOnForm } from '../../../lib/api.ts';
import { useUpdateCourse } from '../api/update-course.ts';
import { courseFieldsSchema, type CourseFields } from '../course-form-schema.ts';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';

interface EditCourseModalProps {
  course: Course | null;
  opened: boolean;
  onClose: () => void;
  onExited: () => void;
}

/** Name, description and picture of an existing course. */
export function EditCourseModal({ course, opened, onClose, onExited }: EditCourseModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExited}
      title="Editar curso"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      fullScreen={phone}
    >
      {course && <EditCourseForm key={course.id} course={course} onDone={onClose} />}
    </Modal>
  );
}

function EditCourseForm({ course, onDone }: { course: Course; onDone: () => void }) {
  const updateCourse = useUpdateCourse();
  const image = usePickedImage();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CourseFields>({
    mode: 'uncontrolled',
    initialValues: { name: course.name, description: course.description },
    validate: zod4Resolver(courseFieldsSchema),
    validateInputOnBlur: true,
  });

  const errorFocus = useErrorFocus();

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    // A new picture still being optimized is waited for; otherwise saving would keep the old one.
    const file = await image.ready();
    updateCourse.mutate(
      { courseId: course.id, ...values, image: file, onImageProgress: setProgress },
      {
        onSuccess: ({ course: saved }) => {
          notify('Curso actualizado', `Se guardaron los cambios de «${saved.name}».`);
          onDone();
        },
        onError: showOnForm(form, setFailure),
        onSettled: () => setProgress(null),
      },
    );
  });

  return (
    <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate>
      <Fieldset variant="unstyled" m={0} disabled={updateCourse.isPending}>
        <Stack>
          <ImageField
            label="Imagen del curso"
            image={image}
            onCompressionError={() => setFailure(messages.incomplete)}
            currentUrl={course.imageUrl}
            progress={progress}
          />
          <TextInput label="Nombre del curso" required data-autofocus key={form.key('name')} {...form.getInputProps('name')} />
          <Textarea
            label="Descripción"
            autosize
            minRows={4}
            maxRows={12}
            required
            key={form.key('description')}
            {...form.getInputProps('description')}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancelar
            </Button>
            <Button type="submit" loading={updateCourse.isPending || image.waiting}>
              Guardar cambios
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
