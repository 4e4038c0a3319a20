import { Alert, Button, Text } from '@mantine/core';

/** A section of the trainee's page that could not load: what failed, in Spanish, and 'Reintentar' (the rest of the page stays). */
export function SectionError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert" title={`No pudimos cargar ${what}`}>
      <Text size="sm">{error instanceof Error ? error.message : 'Ocurrió un error inesperado.'}</Text>
      <Button variant="default" size="xs" mt="xs" onClick={onRetry}>
        Reintentar
      </Button>
    </Alert>
  );
}
