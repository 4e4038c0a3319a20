import { Badge } from '@mantine/core';
import { progressLabels, type ModuleProgress } from '../../shared/activity-state.ts';
import { progressColors } from '../../shared/module-badges.ts';

export function ProgressBadge({ progress }: { progress: ModuleProgress }) {
  return (
    <Badge color={progressColors[progress]} variant="light">
      {progressLabels[progress]}
    </Badge>
  );
}
