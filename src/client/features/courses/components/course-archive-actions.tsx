import type { CourseOverview } from '../../../../shared/schemas/content.ts';
import { ArchiveActions } from '../../../components/archive-actions.tsx';
import { useArchiveCourse, useDeleteCourse } from '../api/archive-course.ts';

const texts = {
  archive:
    'Los alumnos dejan de verlo: el curso, sus módulos, documentos y foros. Todas sus respuestas, correcciones y mensajes se conservan, y vuelven a verlos si lo restaurás.',
  restore: 'Los alumnos que lo tenían habilitado vuelven a verlo, con todo lo que habían hecho.',
  delete:
    'Se borran para siempre el curso, sus módulos con sus preguntas y sus documentos. Sólo se puede mientras ningún alumno haya trabajado en él; si ya lo hicieron, archivalo.',
};

/** 'Archivar' / 'Restaurar' and 'Eliminar' for one course, each with a confirmation that says what happens. */
export function CourseArchiveActions({
  course,
  canDelete,
  onDeleted,
}: {
  course: CourseOverview;
  canDelete: boolean;
  onDeleted?: () => void;
}) {
  return (
    <ArchiveActions
      noun="curso"
      name={course.name}
      archived={Boolean(course.archivedAt)}
      texts={texts}
      archive={useArchiveCourse()}
      archiveVariables={(archived) => ({ courseId: course.id, archived })}
      remove={useDeleteCourse()}
      deleteVariables={course.id}
      hasWork={course.hasStudentWork}
      canDelete={canDelete}
      onDeleted={onDeleted}
    />
  );
}
