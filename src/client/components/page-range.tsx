import { Group, Pagination } from '@mantine/core';

interface PageRangeProps {
  total: number;
  value: number;
  onChange: (page: number) => void;
  /** What the pages are of, for the navigation's name ('Páginas de la lista'). */
  label: string;
}

/** The spec's pagination: a range of (at most) 5 page numbers around the current one, with first, previous, next and last. */
export function PageRange({ total, value, onChange, label }: PageRangeProps) {
  const first = Math.max(1, Math.min(value - 2, total - 4));
  const pages = Array.from({ length: Math.min(5, total) }, (_, index) => first + index);
  return (
    <Group justify="center" component="nav" aria-label={label} mt="xs">
      <Pagination.Root
        total={total}
        value={value}
        onChange={onChange}
        size="md"
        getItemProps={(page) => ({ 'aria-label': `Página ${page}` })}
      >
        <Group gap={4} justify="center">
          <Pagination.First aria-label="Primera página" />
          <Pagination.Previous aria-label="Página anterior" />
          {pages.map((page) => (
            <Pagination.Control
              key={page}
              active={page === value}
              onClick={() => onChange(page)}
              aria-label={`Página ${page}`}
              aria-current={page === value ? 'page' : undefined}
            >
              {page}
            </Pagination.Control>
          ))}
          <Pagination.Next aria-label="Página siguiente" />
          <Pagination.Last aria-label="Última página" />
        </Group>
      </Pagination.Root>
    </Group>
  );
}
