import { Group, Progress, Stack, Text } from '@mantine/core';

const percent = new Intl.NumberFormat('es-AR', { style: 'percent', maximumFractionDigits: 0 });

/** How much of a file has been sent, as a bar and a number screen readers can read. */
export function UploadProgress({ label, value }: { label: string; value: number }) {
  const text = percent.format(value / 100);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {value >= 100 ? `${label}: procesando…` : `${label}…`}
        </Text>
        <Text size="sm" c="dimmed" aria-hidden>
          {text}
        </Text>
      </Group>
      <Progress value={value} size="lg" striped animated={value < 100} aria-label={label} />
    </Stack>
  );
}
