import { Link } from 'wouter';
import { Button, Container, Stack, Text, Title } from '@mantine/core';

interface NotFoundPageProps {
  /** Where 'Volver al inicio' leads: the person's home, or the login page for the signed-out. */
  homeTo: string;
  homeLabel?: string;
  /** Outside any area's shell (signed out): the page's own main landmark. */
  standalone?: boolean;
}

/** 'Esta página no existe': an address the app does not have (the server answered it 404). */
export function NotFoundPage({ homeTo, homeLabel = 'Volver al inicio', standalone = false }: NotFoundPageProps) {
  const page = (
    <Stack align="center" py="xl" ta="center">
      <Title order={1} size="h2">
        Esta página no existe
      </Title>
      <Text c="gray.7">La dirección no es de una página de Aula Virtual, o ya no está disponible.</Text>
      <Button component={Link} href={homeTo}>
        {homeLabel}
      </Button>
    </Stack>
  );
  return standalone ? (
    <Container component="main" size="sm" py="xl">
      {page}
    </Container>
  ) : (
    page
  );
}
