import { Badge } from '@mantine/core';
import { progressLabels, type ModuleProgress } from '../../shared/activity-state.ts';

const colors: Record<ModuleProgress, string> = {
  'sin-responder': 'gray',
  enviado: 'blue',
  'con-correcciones': 'orange',
  aprobado: 'green',
};

export function ProgressBadge({ progress }: { progress: ModuleProgress }) {
  return (
    <Badge color={colors[progress]} variant="light">
      {progressLabels[progress]}
    </Badge>
  );
}
