import { useParams } from 'wouter';
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import {
  IconExternalLink,
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconFiles,
  IconPhoto,
  IconPresentation,
  IconVideo,
  type Icon,
} from '@tabler/icons-react';
import type { CourseDocument } from '../../../shared/schemas/content.ts';
import { paths } from '../../lib/paths.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useCourseDocuments } from './api/get-course-documents.ts';
import { documentTypeLabel, formatDate, formatFileSize } from './document-format.ts';

const grid = { base: 1, sm: 3 } as const;

/** An icon and a colour per kind of file, so a PDF is told from a spreadsheet at a glance. */
function fileLook(document: CourseDocument): { icon: Icon; color: string } {
  const extension = document.extension.toLowerCase();
  if (extension === 'pdf') return { icon: IconFileTypePdf, color: 'red' };
  if (['doc', 'docx', 'odt'].includes(extension)) return { icon: IconFileText, color: 'blue' };
  if (['xls', 'xlsx', 'ods'].includes(extension)) return { icon: IconFileSpreadsheet, color: 'green' };
  if (['ppt', 'pptx', 'odp'].includes(extension)) return { icon: IconPresentation, color: 'orange' };
  if (document.mimeType.startsWith('image/')) return { icon: IconPhoto, color: 'grape' };
  if (document.mimeType.startsWith('video/')) return { icon: IconVideo, color: 'indigo' };
  return { icon: IconFile, color: 'gray' };
}

function DocumentCard({ document }: { document: CourseDocument }) {
  const look = fileLook(document);
  return (
    <Card
      component="a"
      href={document.url}
      target="_blank"
      rel="noopener"
      withBorder
      shadow="sm"
      radius="md"
      padding="md"
      className="tile"
      h="100%"
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon size={44} radius="md" variant="light" color={look.color} aria-hidden style={{ flexShrink: 0 }}>
          <look.icon size={26} />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
            {document.name}
          </Text>
          <Text size="sm" c="gray.7">
            {documentTypeLabel(document.extension)} · {formatFileSize(document.size)}
          </Text>
          <Text size="xs" c="gray.7">
            Subido el {formatDate(document.createdAt)}
          </Text>
        </Stack>
        <IconExternalLink size={18} aria-hidden style={{ flexShrink: 0 }} />
      </Group>
      <VisuallyHidden>(se abre en una pestaña nueva)</VisuallyHidden>
    </Card>
  );
}

export function CourseDocumentsPage() {
  const { courseId = '' } = useParams<{ courseId: string }>();
  const documents = useCourseDocuments(courseId);

  if (documents.isError)
    return (
      <LoadError
        error={documents.error}
        backTo={paths.studentHome()}
        backLabel="Volver a mis cursos"
        studentOf="course"
        onRetry={() => void documents.refetch()}
      />
    );

  return (
    <Stack gap={0}>
      <PageTitle>Documentos</PageTitle>
      {documents.isPending ? (
        <SimpleGrid cols={grid} aria-hidden>
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={96} radius="md" />
          ))}
        </SimpleGrid>
      ) : documents.data.length === 0 ? (
        <EmptyState
          icon={IconFiles}
          title="Todavía no hay documentos en este curso."
          text="Cuando tu instructor suba material, lo vas a encontrar acá."
        />
      ) : (
        <SimpleGrid component="ul" cols={grid} spacing="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {documents.data.map((document) => (
            <li key={document.id}>
              <DocumentCard document={document} />
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
