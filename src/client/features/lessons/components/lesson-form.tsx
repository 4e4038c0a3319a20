import { useState } from 'react';
import { Alert, Button, Fieldset, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  LESSON_MINUTES_DEFAULT,
  LESSON_MINUTES_MAX,
  LESSON_MINUTES_MIN,
  LESSON_PLACE_MAX,
  LESSON_TOPIC_MAX,
} from '../../../../shared/attendance-rules.ts';
import { dayOf, timeOf } from '../../../../shared/calendar.ts';
import { lessonMessages } from '../../../../shared/messages.ts';
import { lessonInputSchema, type Lesson, type LessonInput } from '../../../../shared/schemas/lessons.ts';
import { notify } from '../../../components/notify.ts';
import { showOnForm } from '../../../lib/api.ts';
import { useSaveLesson } from '../api/save-lesson.ts';
import { lessonDay, lessonHours } from '../lesson-text.ts';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';
import { DayField, TimeField } from '../../../components/date-fields.tsx';

/** The form's values: the API's fields, the duration as the number field gives it ('' while empty). */
type LessonFields = Omit<LessonInput, 'durationMinutes' | 'place' | 'topic'> & {
  durationMinutes: number | string;
  place: string;
  topic: string;
};

/** 'Nueva clase' opens on a class starting now, of 4 hours: it can be created on the spot, at the hall. */
const startingNow = (): LessonFields => {
  const now = new Date();
  return { date: dayOf(now), time: timeOf(now), durationMinutes: LESSON_MINUTES_DEFAULT, place: '', topic: '' };
};

const valuesOf = (lesson: Lesson): LessonFields => ({
  date: lesson.date,
  time: lesson.time,
  durationMinutes: lesson.durationMinutes,
  place: lesson.place,
  topic: lesson.topic,
});

const inputOf = (values: LessonFields): LessonInput => ({
  ...values,
  durationMinutes: values.durationMinutes === '' ? Number.NaN : Number(values.durationMinutes),
});

interface LessonFormModalProps {
  courseId: string;
  opened: boolean;
  /** The class edited; null for 'Nueva clase'. */
  lesson: Lesson | null;
  onClose: () => void;
}

/** 'Nueva clase' and 'Editar', in a dialog (the whole screen on a phone). */
export function LessonFormModal({ courseId, opened, lesson, onClose }: LessonFormModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={lesson ? 'Editar clase' : 'Nueva clase'}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {opened && <LessonFormBody key={lesson?.id ?? 'nueva'} courseId={courseId} lesson={lesson} onDone={onClose} />}
    </Modal>
  );
}

function LessonFormBody({ courseId, lesson, onDone }: { courseId: string; lesson: Lesson | null; onDone: () => void }) {
  const save = useSaveLesson(courseId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LessonFields>({
    mode: 'controlled',
    initialValues: lesson ? valuesOf(lesson) : startingNow(),
    validate: (values) => zod4Resolver(lessonInputSchema)(inputOf(values)),
  });

  const errorFocus = useErrorFocus();

  const submit = form.onSubmit((values) => {
    setFailure(null);
    save.mutate(
      { lessonId: lesson?.id ?? null, input: inputOf(values) },
      {
        onSuccess: ({ lesson: saved }) => {
          notify(lesson ? lessonMessages.lessonSaved : lessonMessages.lessonCreated, `${lessonDay(saved)}, ${lessonHours(saved)}`);
          onDone();
        },
        onError: showOnForm(form, setFailure),
      },
    );
  });

  return (
    <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate>
      <Fieldset variant="unstyled" m={0} disabled={save.isPending}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DayField label="Fecha" required data-autofocus {...form.getInputProps('date')} />
            <TimeField label="Hora de inicio" required {...form.getInputProps('time')} />
          </SimpleGrid>
          <NumberInput
            label="Duración (minutos)"
            description="La asistencia con código se toma desde 30 minutos antes hasta que termina."
            required
            min={LESSON_MINUTES_MIN}
            max={LESSON_MINUTES_MAX}
            step={30}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('durationMinutes')}
          />
          <TextInput
            label="Lugar"
            description="Opcional"
            maxLength={LESSON_PLACE_MAX}
            placeholder="Por ejemplo, Club Atlético, cancha 2"
            {...form.getInputProps('place')}
          />
          <TextInput
            label="Tema"
            description="Opcional"
            maxLength={LESSON_TOPIC_MAX}
            placeholder="Por ejemplo, Reglas 8 y 16"
            {...form.getInputProps('topic')}
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
            <Button type="submit" loading={save.isPending}>
              {lesson ? 'Guardar' : 'Crear clase'}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
