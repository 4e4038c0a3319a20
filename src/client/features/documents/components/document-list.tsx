import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import {
  IconExternalLink,
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconMovie,
  IconPhoto,
  IconPresentation,
  IconTrash,
} from '@tabler/icons-react';
import type { CourseDocument } from '../../../../shared/schemas/content.ts';
import { useCourseDocuments } from '../api/get-course-documents.ts';
import { documentTypeLabel, formatDate, formatFileSize } from '../document-format.ts';

const iconFor = (extension: string) => {
  switch (extension.toLowerCase()) {
    case 'pdf':
      return IconFileTypePdf;
    case 'doc':
    case 'docx':
    case 'odt':
      return IconFileText;
    case 'xls':
    case 'xlsx':
    case 'ods':
      return IconFileSpreadsheet;
    case 'ppt':
    case 'pptx':
    case 'odp':
      return IconPresentation;
    case 'jpg':
    case 'png':
    case 'webp':
      return IconPhoto;
    case 'mp4':
      return IconMovie;
    default:
      return IconFile;
  }
};

/** The course's documents, newest as the server orders them, each opening in a new tab. */
export function DocumentList({ courseId, onDelete }: { courseId: string; onDelete: (document: CourseDocument) => void }) {
  const documents = useCourseDocuments(courseId);

  let body;
  if (documents.isPending)
    body = (
      <Stack role="status" aria-busy="true" aria-label="Cargando documentos">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={64} radius="md" />
        ))}
      </Stack>
    );
  else if (documents.isError) body = <Text c="red.8">No pudimos cargar los documentos. {documents.error.message}</Text>;
  else if (documents.data.length === 0) body = <Text c="dimmed">Todavía no hay documentos en este curso.</Text>;
  else
    body = (
      <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {documents.data.map((document) => (
          <DocumentRow key={document.id} document={document} onDelete={() => onDelete(document)} />
        ))}
      </Stack>
    );

  return (
    <Stack component="section" aria-labelledby="documentos-del-curso" gap="md">
      <Title order={2} size="h3" id="documentos-del-curso">
        Documentos del curso
        {documents.data && documents.data.length > 0 && (
          <Text component="span" c="dimmed" fw={400} size="md">
            {' '}
            ({documents.data.length})
          </Text>
        )}
      </Title>
      {body}
    </Stack>
  );
}

function DocumentRow({ document, onDelete }: { document: CourseDocument; onDelete: () => void }) {
  const Icon = iconFor(document.extension);
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group wrap="nowrap" gap="sm" align="center">
        <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
          <Icon size={22} />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Anchor href={document.url} target="_blank" rel="noopener noreferrer" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {document.name}
            <IconExternalLink size={14} aria-hidden style={{ marginInlineStart: 4, verticalAlign: '-2px' }} />
            <VisuallyHidden> (se abre en una pestaña nueva)</VisuallyHidden>
          </Anchor>
          <Text size="xs" c="dimmed">
            {documentTypeLabel(document.extension)} · {formatFileSize(document.size)} · {formatDate(document.createdAt)}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          c="red.9"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={onDelete}
          aria-label={`Eliminar ${document.name}`}
        >
          Eliminar
        </Button>
      </Group>
    </Paper>
  );
}
