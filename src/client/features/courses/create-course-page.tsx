import { useState } from 'react';
import { Stack } from '@mantine/core';
import type { Course } from '../../../shared/schemas/content.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { CourseList } from './components/course-list.tsx';
import { CreateCourseForm } from './components/create-course-form.tsx';
import { EditCourseModal } from './components/edit-course-modal.tsx';

export function CreateCoursePage() {
  const [editing, setEditing] = useState<Course | null>(null);
  const [editOpened, setEditOpened] = useState(false);

  return (
    <Stack gap="xl">
      <div>
        <PageTitle>Crear Curso</PageTitle>
        <CreateCourseForm />
      </div>
      <CourseList
        onEdit={(course) => {
          setEditing(course);
          setEditOpened(true);
        }}
      />
      <EditCourseModal course={editing} opened={editOpened} onClose={() => setEditOpened(false)} onExited={() => setEditing(null)} />
    </Stack>
  );
}
