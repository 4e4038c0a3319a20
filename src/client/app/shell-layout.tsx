import { startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useFocusHeadingAfterNavigation } from '../lib/route-focus.ts';
import { useLocation } from 'wouter';
import { IconDeviceMobileDown, IconLogout } from '@tabler/icons-react';
import { useLogout } from '../features/auth/api/use-logout.ts';
import { OfflineBanner, offlineBannerHeight } from '../components/offline-banner.tsx';
import { install, useCanInstall } from '../lib/install-prompt.ts';
import { useOnline } from '../lib/use-online.ts';
import { useSession } from '../lib/session.ts';
import { paths } from '../lib/paths.ts';
import { PageBoundary } from './page-boundary.tsx';
import { AppShell, Burger, Group, Loader, Center, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

interface ShellLayoutProps {
  title: string;
  menu: (close: () => void) => ReactNode;
  children: ReactNode;
}

/** Top bar plus a side menu (ending with 'Cerrar sesión') that is hidden until opened; a banner while there is no connection. */
export function ShellLayout({ title, menu, children }: ShellLayoutProps) {
  const session = useSession();
  const online = useOnline();
  const [opened, { toggle, close }] = useDisclosure(false);
  // The menu's entries are not in the page the server draws: the menu is hidden (and inert) until
  // its button opens it, which needs the app anyway, and they were a third of the document, ahead
  // of the page itself. The app draws them once it has the page, at low priority.
  const [menuDrawn, setMenuDrawn] = useState(false);
  useEffect(() => startTransition(() => setMenuDrawn(true)), []);
  const [location] = useLocation();
  useEffect(close, [location, close]);
  const main = useRef<HTMLElement>(null);
  useFocusHeadingAfterNavigation(main, location);
  // Escape closes the side menu, and the focus goes back to the button that opens it.
  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      close();
      document.getElementById('boton-menu')?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [opened, close]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: !opened } }}
      footer={{ height: offlineBannerHeight, collapsed: online }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              id="boton-menu"
              opened={opened}
              onClick={toggle}
              size="sm"
              aria-label={opened ? 'Cerrar menú' : 'Abrir menú'}
              aria-expanded={opened}
              aria-controls="menu-lateral"
            />
            <Text fw={700} c="blue.8" truncate>
              {title}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" truncate visibleFrom="xs">
            {session.data?.name}
          </Text>
        </Group>
      </AppShell.Header>
      {/* Closed by the same button that opened it (now 'Cerrar menú'), by Escape, or by choosing an entry. */}
      <AppShell.Navbar p="sm" id="menu-lateral" aria-label="Menú principal" inert={!opened}>
        {/* The browser's own scrolling when the menu is taller than the screen (Mantine's ScrollArea would be 14 KB more of every page). */}
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          <nav>{(menuDrawn || opened) && <MenuEntries menu={menu} close={close} />}</nav>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main ref={main}>
        {/* One boundary per page (keyed by its path): while the next page's code loads, the page
            left is unmounted, not kept hidden with its timers (a pending search) still running.
            A page whose code does not arrive (no signal) says so: its error boundary sits inside
            (around a Suspense boundary, a page the server drew was drawn again as the app took it over). */}
        <Suspense
          key={location}
          fallback={
            <Center py="xl">
              <Loader role="status" aria-label="Cargando" />
            </Center>
          }
        >
          <PageBoundary>{children}</PageBoundary>
        </Suspense>
      </AppShell.Main>
      <OfflineBanner offline={!online} />
    </AppShell>
  );
}

/** The side menu's entries: the area's own, then 'Instalar Aula Virtual' where offered, and 'Cerrar sesión'. */
function MenuEntries({ menu, close }: Pick<ShellLayoutProps, 'menu'> & { close: () => void }) {
  const logout = useLogout();
  const canInstall = useCanInstall();
  const [, navigate] = useLocation();
  return (
    <>
      {menu(close)}
      {/* Only where the browser offers to install the app (lib/install-prompt.ts). */}
      {canInstall && (
        <NavLink
          component="button"
          label="Instalar Aula Virtual"
          description="Abrila como una app desde la pantalla de inicio"
          leftSection={<IconDeviceMobileDown size={18} aria-hidden />}
          onClick={() =>
            void install()
              .catch(() => undefined)
              .then(close)
          }
        />
      )}
      <NavLink
        component="button"
        label="Cerrar sesión"
        leftSection={<IconLogout size={18} aria-hidden />}
        disabled={logout.isPending}
        onClick={() => logout.mutate(undefined, { onSettled: () => navigate(paths.login(), { replace: true }) })}
      />
    </>
  );
}
