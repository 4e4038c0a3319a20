import { Badge } from '@mantine/core';
import { progressLabels, type ModuleProgress } from '../../shared/activity-state.ts';

const progressColors: Record<ModuleProgress, string> = {
  'sin-responder': 'gray',
  enviado: 'blue',
  'con-correcciones': 'orange',
  aprobado: 'green',
};

/** The student's state in a module's activity. */
export function ProgressBadge({ progress }: { progress: ModuleProgress }) {
  return (
    <Badge color={progressColors[progress]} variant="light">
      {progressLabels[progress]}
    </Badge>
  );
}
