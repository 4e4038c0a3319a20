import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Select } from '@mantine/core';
import { useCourses } from '../lib/use-courses.ts';

interface CourseSelectProps {
  value: string | null;
  onChange: (courseId: string | null) => void;
  error?: ReactNode;
  label?: string;
  description?: string;
  /** Shown instead of the selector when there is no course yet. */
  empty: ReactNode;
  disabled?: boolean;
  /** A first choice that stands for every course (its value is null), e.g. 'Todos los cursos'. */
  allLabel?: string;
}

const ALL = 'todos';

/** Picks one course from the server's list (never a hard-coded id). */
export function CourseSelect({ value, onChange, error, label = 'Curso', description, empty, disabled, allLabel }: CourseSelectProps) {
  const courses = useCourses();

  if (courses.isError) {
    return (
      <Alert color="red" title="No pudimos cargar los cursos">
        <Group justify="space-between" gap="xs">
          {courses.error.message}
          <Button size="xs" variant="white" color="red" onClick={() => void courses.refetch()} loading={courses.isFetching}>
            Reintentar
          </Button>
        </Group>
      </Alert>
    );
  }
  if (courses.data?.length === 0) return empty;

  return (
    <Select
      label={label}
      description={description}
      placeholder={courses.isPending ? 'Cargando cursos…' : 'Elegí un curso'}
      data={[
        ...(allLabel ? [{ value: ALL, label: allLabel }] : []),
        ...(courses.data ?? []).map((course) => ({ value: course.id, label: course.name })),
      ]}
      value={value ?? (allLabel ? ALL : null)}
      onChange={(chosen) => onChange(chosen === ALL ? null : chosen)}
      error={error}
      disabled={disabled || courses.isPending}
      rightSection={courses.isPending ? <Loader size="xs" role="status" aria-label="Cargando cursos" /> : undefined}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No hay cursos con ese nombre"
      required={!allLabel}
      maw={520}
    />
  );
}
