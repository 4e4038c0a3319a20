import { Skeleton, Stack } from '@mantine/core';

/** A list page while its data comes: a bar for its filters, then four rows of `rowHeight` px. */
export function ListSkeleton({ rowHeight }: { rowHeight: number }) {
  return (
    <Stack gap="sm" aria-hidden>
      <Skeleton height={56} radius="md" />
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} height={rowHeight} radius="md" />
      ))}
    </Stack>
  );
}
