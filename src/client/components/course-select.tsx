import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Select } from '@mantine/core';
import type { CourseAction } from '../../shared/course-roles.ts';
import { may, readerOf } from '../lib/course-roles.ts';
import { useCourseOverview } from '../lib/use-course-overview.ts';

interface CourseSelectProps {
  value: string | null;
  onChange: (courseId: string | null) => void;
  error?: ReactNode;
  label?: string;
  description?: string;
  /** Shown instead of the selector when there is no course yet. */
  empty: ReactNode;
  disabled?: boolean;
  /** A first choice that stands for every course, or none (its value is null), e.g. 'Todos los cursos'. */
  allLabel?: string;
  /** What the page does in the course: only the courses where the person may (every course for an administrator). */
  for: CourseAction;
}

const ALL = 'todos';

/**
 * Picks one course from the server's list (never a hard-coded id): the courses the person works
 * on (the courses' overview: an administrator's, all), where their roles allow `for`.
 */
export function CourseSelect({
  value,
  onChange,
  error,
  label = 'Curso',
  description,
  empty,
  disabled,
  allLabel,
  for: action,
}: CourseSelectProps) {
  const courses = useCourseOverview();
  const choices = (courses.data ?? []).filter((course) => may(readerOf(course), action));

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
  if (courses.data && choices.length === 0) return empty;

  return (
    <Select
      label={label}
      description={description}
      placeholder={courses.isPending ? 'Cargando cursos…' : 'Elegí un curso'}
      data={[
        ...(allLabel ? [{ value: ALL, label: allLabel }] : []),
        ...choices.map((course) => ({ value: course.id, label: course.name })),
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
