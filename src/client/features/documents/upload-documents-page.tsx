import { useState } from 'react';
import { Link } from 'wouter';
import { Alert, Anchor, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import type { CourseDocument } from '../../../shared/schemas/content.ts';
import { paths } from '../../lib/paths.ts';
import { CourseSelect } from '../../components/course-select.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useCourseParam } from '../../lib/use-course-param.ts';
import { uploadDocumentMutationKey } from './api/upload-document.ts';
import { DeleteDocumentModal } from './components/delete-document-modal.tsx';
import { DocumentList } from './components/document-list.tsx';
import { UploadDocumentForm } from './components/upload-document-form.tsx';

export function UploadDocumentsPage() {
  const [courseId, setCourseId] = useCourseParam();
  const [deleting, setDeleting] = useState<CourseDocument | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const uploading = useIsMutating({ mutationKey: uploadDocumentMutationKey }) > 0;

  return (
    <>
      <PageTitle>Subir Documentos</PageTitle>
      <Stack gap="xl">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <CourseSelect
            for="contenido.editar"
            value={courseId}
            onChange={setCourseId}
            disabled={uploading}
            description={uploading ? 'Esperá a que termine la subida para cambiar de curso.' : 'Los documentos se suben a este curso.'}
            empty={
              <Alert color="blue" title="Todavía no hay cursos">
                Para subir documentos primero{' '}
                <Anchor component={Link} href={paths.adminCreateCourse()}>
                  creá un curso
                </Anchor>
                .
              </Alert>
            }
          />
        </Paper>
        {/* SimpleGrid (CSS gap), not Grid: Grid's negative margins made the page 4 px wider than a 360 px phone. */}
        {courseId ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="xl">
            <UploadDocumentForm courseId={courseId} />
            <DocumentList
              courseId={courseId}
              onDelete={(document) => {
                setDeleting(document);
                setDeleteOpened(true);
              }}
            />
          </SimpleGrid>
        ) : (
          <Text c="dimmed">Elegí un curso para ver sus documentos y subir nuevos.</Text>
        )}
      </Stack>
      <DeleteDocumentModal
        document={deleting}
        opened={deleteOpened}
        onClose={() => setDeleteOpened(false)}
        onExited={() => setDeleting(null)}
      />
    </>
  );
}
