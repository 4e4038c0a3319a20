import { Link } from 'wouter';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { boardStateLabels } from '../../../../shared/schemas/progress.ts';
import type { RecordModule } from '../../../../shared/schemas/record.ts';
import { BoardStateBadge } from '../../../components/board-state-badge.tsx';
import { JugadaScoreBadge } from '../../../components/jugada-score.tsx';
import { WatchedBadge } from '../../../components/watched-badge.tsx';
import { moduleNumberLabel } from '../../../lib/module-number.ts';
import { paths } from '../../../lib/paths.ts';

interface ModulesProps {
  userId: string;
  courseId: string;
  modules: RecordModule[];
}

const rowStyle = (index: number) => ({
  borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-3)',
  breakInside: 'avoid' as const,
});

/**
 * Each module with the trainee's state in it (as on the class board) and what they watched: an
 * enabled module opens the review of their answers, one not enabled the page to enable it.
 */
export function RecordModules({ userId, courseId, modules }: ModulesProps) {
  if (modules.length === 0)
    return (
      <Text size="sm" c="gray.7">
        Este curso todavía no tiene módulos.
      </Text>
    );
  return (
    <Stack component="ol" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
      {modules.map((module, index) => {
        const enabled = module.state !== 'no-habilitado';
        const overline = moduleNumberLabel(module.name, index + 1);
        return (
          <Group component="li" key={module.id} justify="space-between" gap="xs" py={8} style={rowStyle(index)}>
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 180px' }}>
              {overline && (
                <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
                  {overline}
                </Text>
              )}
              <Anchor
                component={Link}
                href={enabled ? paths.adminUserActivity(userId, courseId, module.id) : paths.adminUserModules(userId, courseId)}
                fw={600}
                style={{ overflowWrap: 'anywhere' }}
                aria-label={`${module.name}: ${boardStateLabels[module.state]}. ${enabled ? 'Ver respuestas' : 'Habilitar módulos'}`}
              >
                {module.name}
              </Anchor>
            </Stack>
            <Group gap={6}>
              <BoardStateBadge state={module.state} />
              {module.watchedPercent !== null && <WatchedBadge percent={module.watchedPercent} />}
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}

/** The trainee's jugadas score in each module that has jugadas; each opens the review, where their answers are. */
export function RecordJugadas({ userId, courseId, modules }: ModulesProps) {
  const withJugadas = modules.filter((module) => module.jugadas);
  if (withJugadas.length === 0)
    return (
      <Text size="sm" c="gray.7">
        Los módulos de este curso no tienen jugadas.
      </Text>
    );
  return (
    <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
      {withJugadas.map((module, index) => (
        <Group component="li" key={module.id} justify="space-between" gap="xs" py={8} style={rowStyle(index)}>
          {module.state === 'no-habilitado' ? (
            <Text fw={600} style={{ overflowWrap: 'anywhere', flex: '1 1 180px' }}>
              {module.name}
            </Text>
          ) : (
            <Anchor
              component={Link}
              href={paths.adminUserActivity(userId, courseId, module.id)}
              fw={600}
              style={{ overflowWrap: 'anywhere', flex: '1 1 180px' }}
            >
              {module.name}
            </Anchor>
          )}
          {module.state === 'no-habilitado' && module.jugadas!.correct === 0 ? (
            <Text size="sm" c="gray.7">
              No habilitado
            </Text>
          ) : (
            <JugadaScoreBadge score={module.jugadas!} />
          )}
        </Group>
      ))}
    </Stack>
  );
}
