import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';

/** The one heading of a page, with room for actions beside it. It takes the focus after a route change (app shell). */
export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" mb="md" wrap="wrap">
      <Title order={1} size="h2" tabIndex={-1}>
        {children}
      </Title>
      {actions}
    </Group>
  );
}
