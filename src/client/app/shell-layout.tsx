import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { AppShell, Burger, CloseButton, Group, Loader, Center, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

interface ShellLayoutProps {
  title: string;
  userName: string;
  menu: (close: () => void) => ReactNode;
  children: ReactNode;
}

/** Top bar plus a side menu that is hidden until opened, on phones and desktops alike. */
export function ShellLayout({ title, userName, menu, children }: ShellLayoutProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [location] = useLocation();
  useEffect(close, [location, close]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} size="sm" aria-label={opened ? 'Ocultar menú' : 'Abrir menú'} aria-expanded={opened} aria-controls="menu-lateral" />
            <Text fw={700} c="blue.8" truncate>
              {title}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" truncate visibleFrom="xs">
            {userName}
          </Text>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" id="menu-lateral" aria-label="Menú principal" inert={!opened}>
        <Group justify="space-between" mb="sm">
          <Text fw={600}>Menú</Text>
          <CloseButton onClick={close} aria-label="Cerrar menú" />
        </Group>
        <AppShell.Section grow component={ScrollArea}>
          <nav>{menu(close)}</nav>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="Cargando" />
            </Center>
          }
        >
          {children}
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
