import { useState } from 'react';
import { Alert, Button, FileInput, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUpload, IconVideo } from '@tabler/icons-react';
import { bytesText, matchMessages as m, messages } from '../../../../shared/messages.ts';
import {
  MATCH_CATEGORY_MAX,
  MATCH_MAX_BYTES,
  MATCH_MAX_SECONDS,
  MATCH_TITLE_MAX,
  type MatchCourse,
} from '../../../../shared/schemas/matches.ts';
import { DayField } from '../../../components/date-fields.tsx';
import { notify } from '../../../components/notify.ts';
import { ApiError, showOnForm } from '../../../lib/api.ts';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { useCreateMatch } from '../api/use-matches.ts';
import { looksLikeVideo, readDuration, startMatchUpload } from '../match-upload.ts';

interface Values {
  courseId: string;
  file: File | null;
  playedOn: string;
  title: string;
  category: string;
  partnerId: string;
}

const NO_PARTNER = 'ninguna';
/** What phones and cameras record (the server checks the content itself). */
const ACCEPTED = 'video/*,.mp4,.mov,.m4v,.webm,.mkv,.3gp';

/** The file and the match's fields. */
function MatchFields({ form, course }: { form: ReturnType<typeof useForm<Values>>; course: MatchCourse | undefined }) {
  return (
    <>
      <FileInput
        label={m.fileLabel}
        description={m.fileHint}
        placeholder="Elegí el video"
        accept={ACCEPTED}
        leftSection={<IconVideo size={18} aria-hidden />}
        clearable
        required
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
        clearButtonProps={{ 'aria-label': 'Quitar el archivo' }}
        {...form.getInputProps('file')}
      />
      {form.values.file && (
        <Text size="sm" c="gray.7">
          {bytesText(form.values.file.size)}
        </Text>
      )}
      <DayField label={m.dayLabel} required {...form.getInputProps('playedOn')} />
      <TextInput
        label={m.titleLabel}
        placeholder={m.titlePlaceholder}
        required
        maxLength={MATCH_TITLE_MAX}
        {...form.getInputProps('title')}
      />
      <TextInput label={m.categoryLabel} maxLength={MATCH_CATEGORY_MAX} {...form.getInputProps('category')} />
      <Select
        label={m.partnerLabel}
        description={m.partnerHint}
        data={[
          { value: NO_PARTNER, label: m.noPartner },
          ...(course?.classmates ?? []).map((person) => ({ value: person.id, label: person.name })),
        ]}
        allowDeselect={false}
        searchable
        nothingFoundMessage="Nadie con ese nombre en el curso"
        {...form.getInputProps('partnerId')}
      />
    </>
  );
}

/**
 * 'Subir partido': the match's fields and its file. The match is created first (the course's
 * room is checked then, before a byte is sent), then its file goes up in the background: the list
 * shows the bar, the MB sent and the time left.
 */
export function UploadMatchForm({ courses, onStarted, onCancel }: { courses: MatchCourse[]; onStarted: () => void; onCancel: () => void }) {
  const create = useCreateMatch();
  const keys = useIdempotencyKeys();
  const errorFocus = useErrorFocus();
  const [failure, setFailure] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { courseId: courses[0]?.id ?? '', file: null, playedOn: '', title: '', category: '', partnerId: NO_PARTNER },
    validate: {
      courseId: (value) => (value ? null : messages.requiredField),
      file: (file) => (!file ? m.fileSizeInvalid : file.size > MATCH_MAX_BYTES ? m.tooLarge(MATCH_MAX_BYTES) : null),
      playedOn: (value) => (value ? null : messages.requiredField),
      title: (value) => (value.trim() ? null : messages.requiredField),
    },
  });
  const course = courses.find((item) => item.id === form.values.courseId);

  const submit = form.onSubmit(async (values) => {
    const file = values.file!;
    setFailure(null);
    setChecking(true);
    // What the server would refuse after the whole upload is said before it starts.
    const [video, duration] = await Promise.all([looksLikeVideo(file), readDuration(file)]);
    setChecking(false);
    if (!video) return form.setFieldError('file', m.notAVideo);
    if (duration !== null && duration > MATCH_MAX_SECONDS) return form.setFieldError('file', m.tooLongVideo(MATCH_MAX_SECONDS / 3600));
    const input = {
      courseId: values.courseId,
      playedOn: values.playedOn,
      title: values.title,
      category: values.category,
      partnerId: values.partnerId === NO_PARTNER ? null : values.partnerId,
      fileSize: file.size,
      durationSeconds: duration,
    };
    create.mutate(
      { input, idempotencyKey: keys.keyFor(input) },
      {
        onSuccess: ({ match }) => {
          keys.done();
          notify(m.uploadMatch, m.matchCreated);
          void startMatchUpload({ matchId: match.id, file, onDone: () => notify(m.uploadMatch, m.uploadDone) });
          form.reset();
          onStarted();
        },
        // The course's room is about the file: said under it.
        onError: (error) =>
          error instanceof ApiError && error.fields?.['fileSize']
            ? form.setFieldError('file', error.fields['fileSize'])
            : showOnForm(form, setFailure)(error),
      },
    );
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} mb="lg">
      <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate aria-labelledby="subir-partido">
        <Title order={2} size="h3" mb="md" id="subir-partido">
          {m.uploadMatch}
        </Title>
        <Stack>
          {courses.length > 1 && (
            <Select
              label={m.courseLabel}
              required
              data={courses.map((item) => ({ value: item.id, label: item.name }))}
              allowDeselect={false}
              {...form.getInputProps('courseId')}
              onChange={(value) => {
                form.setFieldValue('courseId', value ?? '');
                form.setFieldValue('partnerId', NO_PARTNER);
              }}
            />
          )}
          <MatchFields form={form} course={course} />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" loading={checking || create.isPending} leftSection={<IconUpload size={16} aria-hidden />}>
              {m.uploadMatch}
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancelar
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
