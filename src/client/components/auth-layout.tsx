import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlayHandball } from '@tabler/icons-react';

/** The frame of the signed-out pages: brand on top, one card. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--mantine-color-blue-light)">
      <Stack w="100%" maw={420} gap="lg">
        <Stack align="center" gap={4}>
          <ThemeIcon size={56} radius="xl" aria-hidden>
            <IconPlayHandball size={34} />
          </ThemeIcon>
          <Text fw={800} size="xl" c="blue.9">
            Aula Virtual
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            Formación de árbitros de handball
          </Text>
        </Stack>
        <Paper withBorder shadow="md" radius="md" p={{ base: 'lg', sm: 'xl' }}>
          <Title order={1} size="h3" mb="md">
            {title}
          </Title>
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
