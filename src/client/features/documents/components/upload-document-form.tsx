import { useRef, useState } from 'react';
import { Alert, Button, Fieldset, FileInput, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFileUpload, IconUpload } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import * as z from 'zod/mini';
import { messages } from '../../../../shared/messages.ts';
import { DOCUMENT_MAX_BYTES, documentNameSchema, documentTooHeavy } from '../../../../shared/schemas/content.ts';
import { UploadProgress } from '../../../components/upload-progress.tsx';
import { notify } from '../../../components/notify.ts';
import { showOnForm } from '../../../lib/api.ts';
import { useUploadDocument } from '../api/upload-document.ts';
import { ACCEPTED_DOCUMENTS } from '../document-format.ts';
import { useErrorFocus } from '../../../lib/focus-first-error.ts';

const uploadDocumentSchema = z.object({
  name: documentNameSchema,
  file: z
    .custom<File | null>((value) => value instanceof File, { error: 'Elegí el archivo que querés subir' })
    .check(
      z.refine((file) => file !== null && file.size > 0, messages.uploadEmpty),
      z.refine((file) => file !== null && file.size <= DOCUMENT_MAX_BYTES, documentTooHeavy),
    ),
});

interface UploadDocumentValues {
  name: string;
  file: File | null;
}

/** 'informe-final.pdf' → 'informe-final': a starting point for the document's name. */
const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '').trim();

/** Name and file of a new document, sent with a progress bar that can be cancelled. */
export function UploadDocumentForm({ courseId }: { courseId: string }) {
  const uploadDocument = useUploadDocument();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const form = useForm<UploadDocumentValues>({
    mode: 'controlled',
    initialValues: { name: '', file: null },
    validate: zod4Resolver(uploadDocumentSchema),
  });

  const pickFile = (file: File | null) => {
    form.setFieldValue('file', file);
    if (file && !form.values.name.trim()) form.setFieldValue('name', baseName(file.name).slice(0, 200));
    if (file) form.validateField('file');
  };

  const errorFocus = useErrorFocus();

  const submit = form.onSubmit((values) => {
    if (!values.file) return;
    setFailure(null);
    abort.current = new AbortController();
    uploadDocument.mutate(
      { courseId, name: values.name, file: values.file, onProgress: setProgress, signal: abort.current.signal },
      {
        onSuccess: ({ document }) => {
          notify('Documento subido', `«${document.name}» ya está disponible para los alumnos del curso.`);
          form.reset();
        },
        onError: (error) => {
          if (error instanceof DOMException && error.name === 'AbortError') {
            notify('Subida cancelada', 'El documento no se subió.', 'gray');
            return;
          }
          // A field's own message is enough; anything else goes above the button.
          showOnForm(form, setFailure)(error);
        },
        onSettled: () => {
          setProgress(null);
          abort.current = null;
        },
      },
    );
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form ref={errorFocus.ref} onSubmit={errorFocus.onSubmit(submit)} noValidate aria-labelledby="subir-documento">
        <Title order={2} size="h3" mb="md" id="subir-documento">
          Subir documento
        </Title>
        <Stack>
          <Fieldset variant="unstyled" m={0} disabled={uploadDocument.isPending}>
            <Stack>
              <FileInput
                label="Archivo"
                description="PDF, Word, Excel, PowerPoint, OpenDocument, imágenes (JPG, PNG, WebP) o video MP4. Hasta 100 MB."
                placeholder="Elegí un archivo"
                accept={ACCEPTED_DOCUMENTS}
                leftSection={<IconFileUpload size={18} aria-hidden />}
                clearable
                // Mantine's placeholder grey is too faint for WCAG AA here (a file input shows it as real text).
                styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
                clearButtonProps={{ 'aria-label': 'Quitar el archivo' }}
                required
                value={form.values.file}
                onChange={pickFile}
                error={form.errors['file']}
              />
              <TextInput
                label="Nombre del documento"
                description="Así lo ven los alumnos en la lista de documentos."
                required
                maxLength={200}
                {...form.getInputProps('name')}
              />
            </Stack>
          </Fieldset>
          {progress !== null && <UploadProgress label="Subiendo documento" value={progress} />}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" loading={uploadDocument.isPending} leftSection={<IconUpload size={16} aria-hidden />}>
              Subir documento
            </Button>
            {uploadDocument.isPending && (
              <Button variant="default" onClick={() => abort.current?.abort()}>
                Cancelar
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
