import { Link } from 'wouter';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { TraineeRecord } from '../../../../shared/schemas/record.ts';
import { OutcomeBadge } from '../../../components/outcome-badge.tsx';
import { paths } from '../../../lib/paths.ts';
import classes from '../trainee-record.module.css';

/** 'Habilitación': the trainee's outcome judged by the course's requirements, and what is still missing. */
export function RecordApproval({ courseId, approval }: { courseId: string; approval: TraineeRecord['approval'] }) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="legajo-habilitacion">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Group gap="sm" align="center">
            <Text size="xs" c="gray.7" tt="uppercase" fw={600} id="legajo-habilitacion">
              Habilitación
            </Text>
            {approval.defined ? (
              <OutcomeBadge outcome={approval.outcome} size="lg" />
            ) : (
              <Text size="sm" fw={600}>
                Sin requisitos definidos
              </Text>
            )}
          </Group>
          {approval.defined && approval.summary && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {approval.summary}
            </Text>
          )}
        </Stack>
        <Anchor component={Link} href={paths.adminApproval(courseId)} size="sm" className={classes.noPrint}>
          Requisitos de aprobación
        </Anchor>
      </Group>
    </Paper>
  );
}
