import { useSearchParams } from 'wouter';
import { Group, Select, Switch } from '@mantine/core';
import type { BankList } from '../../../../shared/schemas/exams.ts';
import type { BankFilters } from '../api/use-bank.ts';
import { SearchField } from '../../../components/search-field.tsx';

/** The search, chapter and 'Archivadas' live in the address, so reloading or going back keeps them. */
export function useBankFilters(): [BankFilters, (change: Partial<BankFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters: BankFilters = {
    search: (params.get('q') ?? '').trim(),
    chapter: params.get('capitulo') ?? '',
    archived: params.get('archivadas') === 'si',
  };
  const set = (change: Partial<BankFilters>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        const put = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
        if (change.search !== undefined) put('q', change.search.trim());
        if (change.chapter !== undefined) put('capitulo', change.chapter);
        if (change.archived !== undefined) put('archivadas', change.archived ? 'si' : '');
        return next;
      },
      { replace: true },
    );
  return [filters, set];
}

interface BankFiltersBarProps {
  filters: BankFilters;
  onChange: (change: Partial<BankFilters>) => void;
  chapters: BankList['chapters'];
}

const ALL_CHAPTERS = '*';

/** Search (sent a moment after typing stops), a chapter, and the archived questions instead of the active ones. */
export function BankFiltersBar({ filters, onChange, chapters }: BankFiltersBarProps) {
  // The chapter filtered on stays a choice even when no active question has it any more.
  const chapterData = chapters.map((c) => ({ value: c.chapter, label: `${c.chapter} (${c.count})` }));
  if (filters.chapter && !chapters.some((c) => c.chapter === filters.chapter))
    chapterData.push({ value: filters.chapter, label: filters.chapter });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SearchField
        search={filters.search}
        onSearch={(search) => onChange({ search })}
        label="Buscar"
        placeholder="Texto, opción, capítulo o regla"
        style={{ flex: '1 1 240px' }}
      />
      {/* 'Todos los capítulos' is an option, not a clear button: Mantine's is out of the keyboard's reach. */}
      <Select
        label="Capítulo"
        data={[{ value: ALL_CHAPTERS, label: 'Todos los capítulos' }, ...chapterData]}
        value={filters.chapter || ALL_CHAPTERS}
        onChange={(value) => onChange({ chapter: !value || value === ALL_CHAPTERS ? '' : value })}
        allowDeselect={false}
        w={{ base: '100%', xs: 220 }}
      />
      <Switch
        label="Archivadas"
        description="Ver sólo las archivadas"
        checked={filters.archived}
        onChange={(event) => onChange({ archived: event.currentTarget.checked })}
        mb={4}
      />
    </Group>
  );
}
