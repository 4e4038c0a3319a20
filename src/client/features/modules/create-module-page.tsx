import { useState } from 'react';
import { Link } from 'wouter';
import { Alert, Anchor, Paper, SimpleGrid, Stack } from '@mantine/core';
import { messages } from '../../../shared/messages.ts';
import type { ModuleWithQuestions } from '../../../shared/schemas/content.ts';
import { paths } from '../../lib/paths.ts';
import { CourseSelect } from '../../components/course-select.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useCourseParam } from '../../lib/use-course-param.ts';
import { CreateModuleForm } from './components/create-module-form.tsx';
import { EditModuleModal } from './components/edit-module-modal.tsx';
import { ModuleAccessModal, type AccessTarget } from './components/module-access-modal.tsx';
import { ModuleList } from './components/module-list.tsx';

export function CreateModulePage() {
  const [courseId, setCourseId] = useCourseParam();
  const [courseError, setCourseError] = useState<string | null>(null);
  const [editing, setEditing] = useState<ModuleWithQuestions | null>(null);
  const [editOpened, setEditOpened] = useState(false);
  const [access, setAccess] = useState<AccessTarget | null>(null);
  const [accessOpened, setAccessOpened] = useState(false);

  return (
    <>
      <PageTitle>Crear Módulo</PageTitle>
      <Stack gap="xl">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <CourseSelect
            for="contenido.editar"
            value={courseId}
            onChange={(id) => {
              setCourseId(id);
              setCourseError(null);
            }}
            error={courseError}
            description="El módulo nuevo se agrega al final de este curso. Abajo ves sus módulos."
            empty={
              <Alert color="blue" title="Todavía no hay cursos">
                Para agregar módulos primero{' '}
                <Anchor component={Link} href={paths.adminCreateCourse()}>
                  creá un curso
                </Anchor>
                .
              </Alert>
            }
          />
        </Paper>
        {/* SimpleGrid (CSS gap), not Grid: Grid's negative margins made the page 4 px wider than a 360 px phone. */}
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl" verticalSpacing="xl">
          <CreateModuleForm courseId={courseId} onMissingCourse={() => setCourseError(messages.selectCourse)} />
          <ModuleList
            courseId={courseId}
            onEdit={(module) => {
              setEditing(module);
              setEditOpened(true);
            }}
            onSetAccess={(module, enabled) => {
              setAccess({ module, enabled });
              setAccessOpened(true);
            }}
          />
        </SimpleGrid>
      </Stack>
      <EditModuleModal module={editing} opened={editOpened} onClose={() => setEditOpened(false)} onExited={() => setEditing(null)} />
      <ModuleAccessModal target={access} opened={accessOpened} onClose={() => setAccessOpened(false)} onExited={() => setAccess(null)} />
    </>
  );
}
