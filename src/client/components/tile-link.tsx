import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface TileLinkProps {
  to: string;
  icon: Icon;
  label: string;
  description: string;
  /** What waits there ('3 por corregir'), under the description. */
  children?: ReactNode;
}

/** A task as a tile: its icon, name and what it is for; the whole tile is the link. */
export function TileLink({ to, icon: TileIcon, label, description, children }: TileLinkProps) {
  return (
    <Card component={Link} href={to} withBorder shadow="sm" padding="lg" radius="md" className="tile" h="100%">
      <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
        <TileIcon size={26} />
      </ThemeIcon>
      <Text fw={700} size="lg" mt="sm">
        {label}
      </Text>
      <Text size="sm" c="gray.7">
        {description}
      </Text>
      {children && <div style={{ marginTop: 8 }}>{children}</div>}
    </Card>
  );
}
