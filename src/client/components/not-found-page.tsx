import { Link } from 'wouter';
import { Button, Stack, Text, Title } from '@mantine/core';

export function NotFoundPage({ homeTo }: { homeTo: string }) {
  return (
    <Stack align="center" py="xl" ta="center">
      <Title order={1} size="h2">
        Página no encontrada
      </Title>
      <Text c="dimmed">La dirección no existe o ya no está disponible.</Text>
      <Button component={Link} href={homeTo}>
        Volver al inicio
      </Button>
    </Stack>
  );
}
