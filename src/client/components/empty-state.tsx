import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMoodEmpty, type Icon } from '@tabler/icons-react';

interface EmptyStateProps {
  title: string;
  text?: string;
  icon?: Icon;
  /** An optional way forward, e.g. a button. */
  children?: ReactNode;
}

/** What a list shows when it has nothing in it yet. */
export function EmptyState({ title, text, icon: Icon = IconMoodEmpty, children }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p="xl" style={{ borderStyle: 'dashed' }}>
      <Stack align="center" ta="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <Icon size={28} />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        {text && (
          <Text size="sm" c="gray.7" maw={420}>
            {text}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
