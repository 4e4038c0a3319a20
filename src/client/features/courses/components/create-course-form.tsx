import { useState } from 'react';
import { Button, Fieldset, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { messages } from '../../../../shared/messages.ts';
import { ImageField, usePickedImage } from '../../../components/image-field.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useLeaveGuard } from '../../../lib/leave-guard.ts';
import { useCreateCourse } from '../api/create-course.ts';
import { courseFieldsSchema, type CourseFields } from '../course-form-schema.ts';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';

type Popup = { message: string; color: 'green' | 'red' };

export function CreateCourseForm() {
  const createCourse = useCreateCourse();
  const image = usePickedImage();
  const [progress, setProgress] = useState<number | null>(null);
  const [popup, setPopup] = useState<Popup | null>(null);
  const form = useForm<CourseFields>({
    mode: 'uncontrolled',
    initialValues: { name: '', description: '' },
    validate: zod4Resolver(courseFieldsSchema),
    validateInputOnBlur: true,
  });

  useLeaveGuard(() => form.isDirty() || image.file !== null || image.optimizing);

  const incomplete = () => setPopup({ message: messages.incomplete, color: 'red' });

  const errorFocus = useErrorFocus();

  const submit = form.onSubmit(
    async (values) => {
      // A picture still being optimized is waited for (the button shows it), not called missing.
      const file = await image.ready();
      if (!file) return incomplete();
      createCourse.mutate(
        { ...values, image: file, onImageProgress: setProgress },
        {
          onSuccess: () => {
            form.reset();
            image.clear();
            setPopup({ message: messages.courseCreated, color: 'green' });
          },
          onError: (error) => {
            if (error instanceof ApiError && error.fields?.['imageId']) return incomplete();
            if (error instanceof ApiError && error.fields) {
              form.setErrors(error.fields);
              errorFocus.focus();
            } else setPopup({ message: error.message, color: 'red' });
          },
          onSettled: () => setProgress(null),
        },
      );
    },
    () => {
      if (!image.file && !image.optimizing) incomplete();
    },
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={720}>
      <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate aria-labelledby="nuevo-curso">
        <Title order={2} size="h3" mb="md" id="nuevo-curso">
          Nuevo curso
        </Title>
        <Fieldset variant="unstyled" m={0} disabled={createCourse.isPending}>
          <Stack>
            <ImageField label="Imagen del curso" image={image} onCompressionError={incomplete} progress={progress} required />
            <TextInput label="Nombre del curso" required key={form.key('name')} {...form.getInputProps('name')} />
            <Textarea
              label="Descripción"
              description="Es el texto de bienvenida que ven los alumnos al entrar al curso."
              autosize
              minRows={4}
              maxRows={14}
              required
              key={form.key('description')}
              {...form.getInputProps('description')}
            />
            <Button
              type="submit"
              loading={createCourse.isPending || image.waiting}
              loaderProps={{ 'aria-label': image.waiting ? 'Optimizando imagen' : 'Creando curso' }}
              style={{ alignSelf: 'flex-start' }}
            >
              Crear curso
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
