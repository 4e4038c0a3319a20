import type { ReactNode } from 'react';
import { Group, Paper, Title } from '@mantine/core';
import classes from '../trainee-record.module.css';

/** A section of the trainee's page: its heading (with an action beside it), kept whole on a printed page when it fits. */
export function RecordSection({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={id} className={classes.section}>
      <Group justify="space-between" align="center" gap="xs" mb="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {action && <div className={classes.noPrint}>{action}</div>}
      </Group>
      {children}
    </Paper>
  );
}
