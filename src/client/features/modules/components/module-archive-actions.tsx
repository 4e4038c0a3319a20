import type { ModuleWithQuestions } from '../../../../shared/schemas/content.ts';
import { ArchiveActions } from '../../../components/archive-actions.tsx';
import { useArchiveModule, useDeleteModule } from '../api/archive-module.ts';

const texts = {
  archive:
    'Los alumnos dejan de verlo, con su video, sus preguntas y su foro. Todas sus respuestas, correcciones y mensajes se conservan, y vuelven a verlos si lo restaurás.',
  restore: 'Los alumnos que lo tenían habilitado vuelven a verlo, con todo lo que habían hecho.',
  delete:
    'Se borran para siempre el módulo y sus preguntas. Sólo se puede mientras ningún alumno haya trabajado en él; si ya lo hicieron, archivalo.',
};

/** 'Archivar' / 'Restaurar' and 'Eliminar' for one module, each with a confirmation that says what happens. */
export function ModuleArchiveActions({ module }: { module: ModuleWithQuestions }) {
  return (
    <ArchiveActions
      noun="módulo"
      name={module.name}
      archived={Boolean(module.archivedAt)}
      texts={texts}
      archive={useArchiveModule(module.courseId)}
      archiveVariables={(archived) => ({ moduleId: module.id, archived })}
      remove={useDeleteModule(module.courseId)}
      deleteVariables={module.id}
      hasWork={module.hasStudentWork}
      size="xs"
    />
  );
}
