import { Link } from 'wouter';
import { IconCertificate, IconCloudDownload } from '@tabler/icons-react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { NameForm, PasswordForm } from './components/account-forms.tsx';
import { CalendarSection } from './components/calendar-section.tsx';
import { NoticesSection } from './components/notices-section.tsx';
import { MyRecord } from './components/my-record.tsx';

/**
 * 'Mi cuenta': who is signed in, a trainee's own record in each course, their name and password,
 * the notices they want on this phone and by email ('Avisos'), and their calendar's address.
 */
export function MyAccountPage() {
  const session = useSession();
  const user = session.data;
  const staff = Boolean(user && (user.role === 'admin' || user.staff));

  return (
    <Stack gap="md" maw={640}>
      <PageTitle>Mi cuenta</PageTitle>
      {user && (
        <Stack gap={2}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {user.name}
          </Text>
          <Text c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        </Stack>
      )}
      {user?.role === 'student' && <MyRecord />}
      {user?.role === 'student' && (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="certificados-titulo">
          <Group justify="space-between" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={2} size="h4" id="certificados-titulo">
                Mis certificados
              </Title>
              <Text size="sm" c="gray.7">
                Tus licencias de árbitro: el PDF y la dirección para verificarlas.
              </Text>
            </Stack>
            <Button component={Link} href={paths.myCertificates()} variant="light" leftSection={<IconCertificate size={16} aria-hidden />}>
              Ver mis certificados
            </Button>
          </Group>
        </Paper>
      )}
      {user?.role === 'student' && (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="descargas-titulo">
          <Group justify="space-between" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={2} size="h4" id="descargas-titulo">
                Descargas
              </Title>
              <Text size="sm" c="gray.7">
                Los módulos guardados en este teléfono para estudiar sin señal.
              </Text>
            </Stack>
            <Button component={Link} href={paths.myDownloads()} variant="light" leftSection={<IconCloudDownload size={16} aria-hidden />}>
              Ver mis descargas
            </Button>
          </Group>
        </Paper>
      )}
      {user && (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="datos-titulo">
          <Title order={2} size="h4" id="datos-titulo" mb="sm">
            Tus datos
          </Title>
          <NameForm key={user.name} name={user.name} />
        </Paper>
      )}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="clave-titulo">
        <Title order={2} size="h4" id="clave-titulo" mb="sm">
          Cambiar contraseña
        </Title>
        <PasswordForm />
      </Paper>
      {user && (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="avisos-titulo">
          <Title order={2} size="h4" id="avisos-titulo" mb="sm">
            Avisos
          </Title>
          <NoticesSection trainee={user.role === 'student'} staff={staff} />
        </Paper>
      )}
      {user && (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="calendario-titulo">
          <Title order={2} size="h4" id="calendario-titulo" mb="sm">
            Calendario
          </Title>
          <CalendarSection trainee={user.role === 'student'} />
        </Paper>
      )}
    </Stack>
  );
}
